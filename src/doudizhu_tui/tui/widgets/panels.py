"""The table's smaller widgets: top bar, seat panels, status line, log, tracker, buttons.

Each widget only draws the values the screen gives it (attributes down); the
buttons report presses to the screen (messages up).  None of them holds or
changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Static

from ...core import ALL_RANKS, Rank, RobMove, Role, seats_of
from ..glyphs import UNICODE, Glyphs
from ..view import PanelInfo, count_of

__all__ = [
    "STATUS_ROWS",
    "AcrossPanel",
    "ActionBar",
    "OpponentPanel",
    "PlayLog",
    "SeatBar",
    "StatusLine",
    "TooSmallNotice",
    "TopBar",
    "Tracker",
    "status_rows",
    "wrap_words",
]


#: The panel height (inside the border) from which it also lists the seat's plays.
RECENT_MIN_HEIGHT = 14


def _role_text(role: Role | None, auction: str = "bidding") -> str:
    if role is Role.LANDLORD:
        return "LANDLORD"
    if role is Role.PEASANT:
        return "peasant"
    return auction


def _role_badge(role: Role | None, style: Style, auction: str = "bidding") -> Text:
    """The role in its style; the landlord's in reverse, so it stands out without colour."""
    badge = Text(_role_text(role, auction), style)
    if role is Role.LANDLORD:
        badge.stylize("bold reverse")
    return badge


class TopBar(Widget):
    """Deal n of N, each seat's total, the round cell and the table code.

    The code is always shown whole (it replays the deal): when the bar is narrow
    the other parts give way first, in turn: labels, then short totals
    (``Y+0 R+0 L+0``), a short deal number (``1/3``), a round cell without spaces,
    single spaces between the parts, and at last the round cell and the totals.
    At a table with wild ranks (R44) the ranks shown so far (``wild 7 K``) stand
    before the code and are kept whole with it.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"topbar--round", "topbar--dim", "topbar--wild"}

    deal: reactive[str] = reactive("")
    #: The deal in a few characters (``1/3``, ``Replay``) for a narrow bar.
    deal_short: reactive[str] = reactive("")
    #: Each seat's running total, indexed by seat (three or four of them; None: not a
    #: session).  They are shown in the order of play from You.
    totals: reactive[tuple[int, ...] | None] = reactive(None)
    round_cell: reactive[str] = reactive("")
    code: reactive[str] = reactive("")
    #: The wild ranks shown so far (``wild 7 K``); empty at the other tables.
    wild: reactive[str] = reactive("")

    def forms(self) -> list[Text]:
        """Every form of the bar, from the widest to the narrowest (all with the code)."""
        round_style = self.get_component_rich_style("topbar--round")
        dim = self.get_component_rich_style("topbar--dim")
        deal_long = Text(self.deal, style="bold")
        deal_short = Text(self.deal_short or self.deal, style="bold")
        totals_long: Text | None = None
        totals_short: Text | None = None
        totals = self.totals
        if totals is not None:
            seats = seats_of(len(totals))
            totals_long = Text("  ".join(f"{s.label} {totals[s]:+d}" for s in seats))
            totals_short = Text(" ".join(f"{s.label[0]}{totals[s]:+d}" for s in seats))
        cell = self.round_cell
        tight = cell.replace(" ", "")
        code_long = Text(f"Code {self.code}", dim)
        code = Text(self.code, dim)
        if self.wild:
            wild = Text(self.wild, self.get_component_rich_style("topbar--wild"))
            code_long = Text.assemble(wild, "  ", code_long)
            code = Text.assemble(wild, "  ", code)
        wide = "  |  " if self.size.width >= 100 else "  "
        steps: list[tuple[str, Text, Text | None, Text | None, Text]] = [
            (wide, deal_long, totals_long, Text.assemble("Round ", (cell, round_style)), code_long),
            ("  ", deal_long, totals_long, Text(cell, round_style), code),
            ("  ", deal_long, totals_short, Text(cell, round_style), code),
            ("  ", deal_short, totals_short, Text(cell, round_style), code),
            ("  ", deal_short, totals_short, Text(tight, round_style), code),
            (" ", deal_short, totals_short, Text(tight, round_style), code),
            (" ", deal_short, totals_short, None, code),
            (" ", deal_short, None, None, code),
        ]
        return [_spaced(sep, [part for part in parts if part is not None]) for sep, *parts in steps]

    def render(self) -> Text:
        forms = self.forms()
        return next((line for line in forms if line.cell_len <= self.size.width), forms[-1])


def _spaced(sep: str, parts: list[Text]) -> Text:
    """The parts one after another, each but the last followed by ``sep`` in its own
    style: a part never starts with the spaces that part it from the one before (some
    renderers of the SVG snapshots drop a run's leading spaces, and ran "Deal 1 of 3"
    into the totals)."""
    out = Text()
    for i, part in enumerate(parts):
        if i < len(parts) - 1:
            part = part.copy()
            part.append(sep)
        out.append_text(part)
    return out


class OpponentPanel(Widget):
    """A computer seat: level, role, cards left, last play or pass, turn and thinking."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "panel--role",
        "panel--alarm",
        "panel--turn",
        "panel--dim",
        "panel--backs",
    }

    info: reactive[PanelInfo | None] = reactive(None)
    frame: reactive[int] = reactive(0)
    glyphs: reactive[Glyphs] = reactive(UNICODE)

    def watch_info(self, info: PanelInfo | None) -> None:
        if info is None:
            return
        self.border_title = info.seat.label
        self.set_class(info.turn, "-turn")
        self.set_class(info.role is Role.LANDLORD, "-landlord")

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        g = self.glyphs
        role = _role_badge(info.role, self.get_component_rich_style("panel--role"), info.auction)
        cards = Text(count_of(info.cards_left, "card"))
        if 0 < info.cards_left <= 2:
            cards.append(" left!", self.get_component_rich_style("panel--alarm"))
            cards.stylize("bold")
        width = max(self.size.width, 1)
        backs = Text(
            g.back * min(info.cards_left, width), self.get_component_rich_style("panel--backs")
        )
        lines = [
            Text.assemble(
                role, (f" {g.dot} {info.level}", self.get_component_rich_style("panel--dim"))
            ),
            cards,
            backs,
            Text("Last: ", self.get_component_rich_style("panel--dim")) + Text(info.last or "-"),
        ]
        if info.thinking:
            spin = g.spinner[self.frame % len(g.spinner)]
            lines.append(
                Text(f"{g.turn} thinking {spin}", self.get_component_rich_style("panel--turn"))
            )
        elif info.turn:
            lines.append(Text(f"{g.turn} to play", self.get_component_rich_style("panel--turn")))
        lines.extend(self._recent(info, lines))
        return Text("\n").join(lines)

    def _recent(self, info: PanelInfo, above: list[Text]) -> list[Text]:
        """The seat's plays this deal, the latest first, when the panel is tall enough."""
        if self.size.height < RECENT_MIN_HEIGHT or not info.recent:
            return []
        width = max(self.size.width, 1)
        used = sum(len(line.wrap(self.app.console, width)) for line in above)
        # Keep a row for the "to play" line, which comes and goes; then a blank and a heading.
        top = max(used, 5 + (used - len(above)))
        room = self.size.height - top - 2
        if room < 2:
            return []
        dim = self.get_component_rich_style("panel--dim")
        lines = [Text("")] * (top + 1 - used) + [Text("Plays this deal, latest first:", dim)]
        recent = info.recent
        shown = recent if len(recent) <= room else recent[: room - 1]
        lines += [
            Text(f"{self.glyphs.dot} {play}", no_wrap=True, overflow="ellipsis") for play in shown
        ]
        if len(shown) < len(recent):
            lines.append(Text(f"  ({len(recent) - len(shown)} earlier)", dim))
        return lines


class AcrossPanel(OpponentPanel):
    """The seat across the table (four players, R48), over the play: its role, level
    and cards on one line, its last play on the next, the backs when there is room;
    its turn, or its thinking, in the panel's bottom edge."""

    def watch_info(self, info: PanelInfo | None) -> None:
        super().watch_info(info)
        self._turn_edge()

    def watch_frame(self) -> None:
        self._turn_edge()

    def _turn_edge(self) -> None:
        info = self.info
        g = self.glyphs
        if info is None:
            edge = ""
        elif info.thinking:
            edge = f"{g.turn} thinking {g.spinner[self.frame % len(g.spinner)]}"
        elif info.turn:
            edge = f"{g.turn} to play"
        else:
            edge = ""
        self.border_subtitle = edge

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        g = self.glyphs
        dim = self.get_component_rich_style("panel--dim")
        role = _role_badge(info.role, self.get_component_rich_style("panel--role"), info.auction)
        head = Text.assemble(role, (f" {g.dot} {info.level} {g.dot} ", dim))
        head.append(count_of(info.cards_left, "card"))
        if 0 < info.cards_left <= 2:
            head.append(" left!", self.get_component_rich_style("panel--alarm") + Style(bold=True))
        width = max(self.size.width, 1)
        last = Text("Last: ", dim) + Text(info.last or "-")
        lines = [head, last]
        if self.size.height >= 3:
            backs = g.back * min(info.cards_left, width)
            lines.append(Text(backs, self.get_component_rich_style("panel--backs")))
        for line in lines:
            line.no_wrap = True
            line.overflow = "ellipsis"
        return Text("\n").join(lines)


class SeatBar(Widget):
    """The person's own line: role, cards left, last play, and a marker when it is their turn."""

    COMPONENT_CLASSES = OpponentPanel.COMPONENT_CLASSES

    info: reactive[PanelInfo | None] = reactive(None)
    glyphs: reactive[Glyphs] = reactive(UNICODE)

    def watch_info(self, info: PanelInfo | None) -> None:
        self.set_class(info is not None and info.turn, "-turn")

    def render(self) -> Text:
        info = self.info
        if info is None:
            return Text("")
        g = self.glyphs
        role = _role_badge(info.role, self.get_component_rich_style("panel--role"), info.auction)
        marker = (
            Text(f"{g.turn} your turn ", self.get_component_rich_style("panel--turn"))
            if info.turn
            else Text("  ")
        )
        return Text.assemble(
            marker,
            ("You ", "bold"),
            role,
            f" {g.dot} {count_of(info.cards_left, 'card')} {g.dot} ",
            ("last: ", self.get_component_rich_style("panel--dim")),
            info.last or "-",
        )


#: Rows of the status line: what is going on, then the verdict on the selection (a
#: long verdict, or a long refusal, takes two rows at 80 columns).
STATUS_ROWS = 3


def _split_label(word: str, room: int) -> tuple[str, str] | None:
    """``word`` cut after its last ``-`` or ``+`` that leaves a head of at most
    ``room`` cells (a card label such as ``8-8-8-9-9-9`` breaks between its cards),
    or None when there is no such place."""
    cut = max(word.rfind("-", 0, room), word.rfind("+", 0, room))
    if cut <= 0:
        return None
    return word[: cut + 1], word[cut + 1 :]


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` broken into rows of at most ``width`` cells: between words, or between
    the cards of a long card label (after a ``-`` or ``+``); a word wider than a row
    with no such place is cut.  No rows for an empty text."""
    rows: list[str] = []
    line = ""
    for word in text.split():
        while True:
            gap = 1 if line else 0
            room = width - cell_len(line) - gap
            if cell_len(word) <= room:
                line += " " * gap + word
                break
            split = _split_label(word, room) if room >= 4 else None
            if split is not None:
                head, word = split
                rows.append(line + " " * gap + head)
                line = ""
            elif line:
                rows.append(line)
                line = ""
            else:
                rows.append(word[:width])
                word = word[width:]
                if not word:
                    break
    if line:
        rows.append(line)
    return rows


def status_rows(
    message: str, verdict: str, width: int, rows: int = STATUS_ROWS
) -> tuple[list[str], list[str]]:
    """The status line's rows at ``width`` cells: the message's, then the verdict's.

    When both do not fit in ``rows`` the verdict is shown alone (it is about the
    selection in hand: the longest are the core's reasons why it cannot beat the
    play on the table, which name that play); everything shown is whole when the
    verdict fits in ``rows``."""
    top, bottom = wrap_words(message, width), wrap_words(verdict, width)
    if len(top) + len(bottom) > rows and bottom:
        return [], bottom
    return top, bottom


class StatusLine(Widget):
    """What is going on (first row) and the verdict on the selection (the rows under
    it), each broken between words, never cut."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"status--ok", "status--bad", "status--info"}

    message: reactive[str] = reactive("")
    verdict: reactive[str] = reactive("")
    verdict_ok: reactive[bool | None] = reactive(None)

    def rows(self) -> tuple[list[str], list[str]]:
        """The message's rows and the verdict's at the widget's width."""
        return status_rows(self.message, self.verdict, max(self.size.width, 1))

    def render(self) -> Text:
        if self.verdict_ok is None:
            style = self.get_component_rich_style("status--info")
        elif self.verdict_ok:
            style = self.get_component_rich_style("status--ok")
        else:
            style = self.get_component_rich_style("status--bad")
        message, verdict = self.rows()
        # A refusal stands alone (no verdict under it): in the verdict's style.
        message_style = (
            style + Style(bold=True) if self.verdict_ok is False and not verdict else "bold"
        )
        lines = [Text(row, message_style) for row in message]
        lines += [Text(row, style) for row in verdict]
        return Text("\n", no_wrap=True).join(lines)


class PlayLog(Widget):
    """The plays of the deal so far: the latest at the bottom; the mouse wheel (or
    Page Up / Page Down on the log) scrolls back.

    It draws only the lines that fit, so a new line costs a repaint, not a layout.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"log--more"}

    lines: reactive[tuple[str, ...]] = reactive(())
    #: How many wrapped lines the view is scrolled up from the bottom.
    back: reactive[int] = reactive(0)

    def show(self, lines: Sequence[str]) -> None:
        """Show ``lines``; a new line scrolls the view back to the bottom."""
        lines = tuple(lines)
        if lines != self.lines:
            self.back = 0
            self.lines = lines

    def _wrapped(self) -> list[str]:
        width = max(self.size.width, 10)
        out: list[str] = []
        for line in self.lines:
            while len(line) > width:
                cut = line.rfind(" ", 0, width + 1)
                cut = cut if cut > width // 2 else width
                out.append(line[:cut].rstrip())
                line = "  " + line[cut:].lstrip()
            out.append(line)
        return out

    def render(self) -> Text:
        height = max(self.size.height, 1)
        wrapped = self._wrapped()
        back = min(self.back, max(0, len(wrapped) - height))
        end = len(wrapped) - back
        start = max(0, end - height)
        window = wrapped[start:end]
        text = Text("\n".join(window), no_wrap=True, overflow="ellipsis")
        if start > 0 and window:
            more = f"({start} more above)"
            text = Text("\n").join(
                [Text(more, self.get_component_rich_style("log--more")), *text.split("\n")[1:]]
            )
        return text

    def scroll_lines(self, lines: int) -> None:
        """Scroll back (positive) or forward (negative) by ``lines`` wrapped lines."""
        top = max(0, len(self._wrapped()) - self.size.height)
        self.back = max(0, min(top, self.back + lines))

    def on_mouse_scroll_up(self) -> None:
        self.scroll_lines(2)

    def on_mouse_scroll_down(self) -> None:
        self.scroll_lines(-2)


class Tracker(Widget):
    """How many cards of each rank are still unseen by the person; a wild rank is
    marked ``*`` (``W`` in ASCII; its cards count under their own rank, however they
    were played)."""

    counts: reactive[tuple[int, ...]] = reactive(())
    wild_ranks: reactive[tuple[Rank, ...]] = reactive(())
    #: The mark of a wild rank (the glyphs' wild mark).
    mark: reactive[str] = reactive("*")
    #: The packs dealt: with two (four players) the counts are out of 8 (2 a joker).
    packs: reactive[int] = reactive(1)

    def render(self) -> Text:
        if not self.counts:
            return Text("")
        head = Text("Unseen ", style="bold")
        values = Text("       ")
        column = 3 if self.packs == 1 else 2
        for rank in ALL_RANKS:
            n = self.counts[rank]
            symbol = self.mark + rank.symbol if rank in self.wild_ranks else rank.symbol
            head.append(symbol.rjust(column) + " ")
            values.append(str(n).rjust(column) + " ", "dim" if n == 0 else "bold")
        if self.packs > 1:
            head.append(f"  of {4 * self.packs} a rank", "dim")
            values.append(f"  of {self.packs} a joker", "dim")
        return Text.assemble(head, "\n", values)


class ActionBar(Horizontal):
    """Buttons for the mouse: the legal bids in the auction (at a rob table the legal
    moves of call, rob and pass); play, pass, hint, clear after."""

    mode: reactive[str] = reactive("wait")
    bids: reactive[tuple[int, ...]] = reactive(())
    #: The legal moves of the rob auction (mode ``rob``).
    robs: reactive[tuple[RobMove, ...]] = reactive(())
    #: True when the person's rob would be a rob back (the Rob button says so).
    rob_back: reactive[bool] = reactive(False)
    #: False when passing would be refused (the person leads): the Pass button is off.
    can_pass: reactive[bool] = reactive(True)

    def compose(self) -> ComposeResult:
        for amount, label in (
            (0, "Pass [p]"),
            (1, "Bid 1 [1]"),
            (2, "Bid 2 [2]"),
            (3, "Bid 3 [3]"),
        ):
            yield _button(label, f"bid-{amount}", "bid")
        for move, label in (("call", "Call [Enter]"), ("rob", "Rob [r]"), ("pass", "Pass [p]")):
            yield _button(label, f"rob-{move}", "rob")
        yield _button("Play [Enter]", "play", "card", variant="primary")
        yield _button("Pass [p]", "pass", "card")
        yield _button("Hint [h]", "hint", "card")
        yield _button("Clear [Esc]", "clear", "card")

    def _sync(self) -> None:
        for button in self.query(Button):
            if button.has_class("bid"):
                amount = int((button.id or "bid-0").removeprefix("bid-"))
                button.display = self.mode == "auction" and amount in self.bids
            elif button.has_class("rob"):
                move = (button.id or "rob-pass").removeprefix("rob-")
                button.display = self.mode == "rob" and move in self.robs
                if move == "rob":
                    button.label = Text("Rob back [r]" if self.rob_back else "Rob [r]")
            else:
                button.display = self.mode == "play"
                if button.id == "pass":
                    button.disabled = not self.can_pass

    def watch_mode(self) -> None:
        self._sync()

    def watch_can_pass(self) -> None:
        self._sync()

    def watch_bids(self) -> None:
        self._sync()

    def watch_robs(self) -> None:
        self._sync()

    def watch_rob_back(self) -> None:
        self._sync()

    def on_mount(self) -> None:
        self._sync()


def _button(label: str, id: str, cls: str, variant: str = "default") -> Button:
    button = Button(Text(label), id=id, classes=cls, variant=variant, compact=True)  # type: ignore[arg-type]
    button.can_focus = False
    return button


class TooSmallNotice(Static):
    """Covers a screen when the terminal is smaller than 80x24."""

    def __init__(self) -> None:
        super().__init__("", id="too-small")
        self.display = False
