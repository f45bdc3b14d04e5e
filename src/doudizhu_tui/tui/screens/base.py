"""What every screen of the app shares: the "terminal too small" guard."""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.screen import ModalScreen, Screen

from ..widgets.panels import TooSmallNotice

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "GuardedModal", "GuardedScreen", "too_small"]

MIN_WIDTH = 80
MIN_HEIGHT = 24
#: Actions that still work while the terminal is too small.
ALWAYS_ALLOWED = frozenset({"quit"})

ResultT = TypeVar("ResultT")


def too_small(width: int, height: int) -> bool:
    """True below the 80x24 the table needs."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def _guard(screen: Screen[object]) -> None:
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


class _SizeGuard:
    """The too-small guard's handlers, shared by full and modal screens."""

    def on_mount(self) -> None:
        _guard(self)  # type: ignore[arg-type]

    def on_resize(self, event: events.Resize) -> None:
        _guard(self)  # type: ignore[arg-type]

    def on_screen_resume(self) -> None:
        _guard(self)  # type: ignore[arg-type]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ALWAYS_ALLOWED or not too_small(*self.app.size)  # type: ignore[attr-defined]


class GuardedScreen(_SizeGuard, Screen[ResultT]):
    """A full screen that covers itself with a notice below 80x24 and then ignores keys."""


class GuardedModal(_SizeGuard, ModalScreen[ResultT]):
    """A modal screen with the same guard as :class:`GuardedScreen`."""
