"""What every screen of the app shares: the "terminal too small" guard, and scroll
bars drawn in ASCII in ASCII mode."""

from __future__ import annotations

from typing import TypeVar

from rich.color import Color
from rich.segment import Segment, Segments
from textual import events
from textual.screen import ModalScreen, Screen
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget

from ..widgets.panels import TooSmallNotice

__all__ = [
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "AsciiScrollBarRender",
    "GuardedModal",
    "GuardedScreen",
    "ascii_scrollbars",
    "too_small",
]

MIN_WIDTH = 80
MIN_HEIGHT = 24
#: Actions that still work while the terminal is too small.
ALWAYS_ALLOWED = frozenset({"quit"})

ResultT = TypeVar("ResultT")


def too_small(width: int, height: int) -> bool:
    """True below the 80x24 the table needs."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


_BACK = Color.parse("#555555")
_BAR = Color.parse("bright_magenta")


class AsciiScrollBarRender(ScrollBarRender):
    """Scroll bars in plain ASCII: the thumb drawn with ``#`` (in reverse, so that it
    shows without colour too), no eighth-block characters at its ends."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8

    @classmethod
    def render_bar(
        cls,
        size: int = 25,
        virtual_size: float = 50,
        window_size: float = 20,
        position: float = 0,
        thickness: int = 1,
        vertical: bool = True,
        back_color: Color = _BACK,
        bar_color: Color = _BAR,
    ) -> Segments:
        bar = super().render_bar(
            size, virtual_size, window_size, position, thickness, vertical, back_color, bar_color
        )
        out = []
        for segment in bar.segments:
            style = segment.style
            if style is not None and style.meta.get("@mouse.down") == "grab":
                segment = Segment("#" * len(segment.text), style, segment.control)
            out.append(segment)
        return Segments(out, new_lines=bar.new_lines)


def ascii_scrollbars(screen: Screen[object]) -> None:
    """Draw every scroll bar of ``screen`` (the screen's own included) in ASCII."""
    widgets: list[Widget] = [screen, *screen.query(Widget)]
    for widget in widgets:
        styles = widget.styles
        if styles.overflow_y in ("auto", "scroll"):
            widget.vertical_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]
        if styles.overflow_x in ("auto", "scroll"):
            widget.horizontal_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]


def _guard(screen: Screen[object]) -> bool:
    """Show or hide the screen's too-small notice; True when the terminal is too small."""
    width, height = screen.app.size
    small = too_small(width, height)
    screen.set_class(width >= 120 and height >= 36, "-wide")
    for notice in screen.query(TooSmallNotice):
        if small:
            notice.update(
                f"terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT} "
                f"(this one is {width}x{height})\n\nEnlarge the window, or press Ctrl+Q to quit."
            )
        notice.display = small
    # The keys allowed change with the size (check_action): let the footer show them.
    screen.refresh_bindings()
    return small


class _SizeGuard:
    """The too-small guard's handlers, shared by full and modal screens."""

    def on_mount(self) -> None:
        self._check_size()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        small = _guard(self)  # type: ignore[arg-type]
        if self.app.has_class("-ascii"):  # type: ignore[attr-defined]
            ascii_scrollbars(self)  # type: ignore[arg-type]
        self.size_checked(small)

    def size_checked(self, small: bool) -> None:
        """Called after every size check (mount, resize, coming back to the screen)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ALWAYS_ALLOWED or not too_small(*self.app.size)  # type: ignore[attr-defined]


class GuardedScreen(_SizeGuard, Screen[ResultT]):
    """A full screen that covers itself with a notice below 80x24 and then ignores keys."""


class GuardedModal(_SizeGuard, ModalScreen[ResultT]):
    """A modal screen with the same guard as :class:`GuardedScreen`."""
