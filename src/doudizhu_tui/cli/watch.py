"""Watching a recorded deal play by play, with every hand face up (text, no Textual).

:func:`frames` rebuilds the deal through the core one action at a time and keeps
a :class:`Frame` of the table after each: every hand (three, or four at a
four-player table, shown in the order of play), the kitty, the stake
and what each seat did in the current round.  :func:`render_frame` draws one
frame with rich; :func:`step_through` is the interactive viewer (a key at a time:
forward, back, start, end, quit) and :func:`print_frames` prints them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core import (
    CLASSIC,
    Action,
    Bid,
    BidAction,
    Card,
    DealCode,
    Game,
    KittyShown,
    Passed,
    Played,
    Rank,
    RobBid,
    RuleProfile,
    Seat,
    Settled,
    seats_of,
)
from ..store.codec import describe_event
from ..tui.view import mark_cards

__all__ = ["KEY_HELP", "Frame", "frames", "print_frames", "render_frame", "step_through"]

#: The keys of the viewer, as shown under each frame.
KEY_HELP = "n/space/→ next · b/← back · s/Home start · e/End end · q quit"

_FORWARD = {"n", " ", "\r", "\n", "l", "j", "\x1b[C", "\x1bOC", "\xe0M", "\x00M"}
_BACK = {"b", "p", "h", "k", "\x1b[D", "\x1bOD", "\xe0K", "\x00K"}
_START = {"s", "g", "0", "\x1b[H", "\x1bOH", "\x1b[1~", "\xe0G", "\x00G"}
_END = {"e", "G", "$", "\x1b[F", "\x1bOF", "\x1b[4~", "\xe0O", "\x00O"}
_QUIT = {"q", "Q", "\x1b", "\x03", "\x04", ""}


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after ``step`` actions of a deal (step 0: just dealt)."""

    code: str
    step: int
    steps: int
    #: What the last action caused, as text ("dealt ..." for step 0).
    caption: str
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    #: The seat that took the kitty, once the auction is over.
    kitty_to: Seat | None
    landlord: Seat | None
    bid: int
    base: int
    multiplier: int
    turn: Seat | None
    #: What each seat did in the current round (or its bid during the auction),
    #: indexed by seat like ``hands``.
    last: tuple[str, ...]
    settled: Settled | None
    #: The wild ranks shown so far (R44); their cards are marked ``*`` in the hands.
    wild_ranks: tuple[Rank, ...] = ()

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The table's seats in the order of play from You."""
        return seats_of(len(self.hands))


def frames(
    code: DealCode,
    actions: Iterable[Action],
    rules: RuleProfile = CLASSIC,
    first_bidder: Seat | None = None,
) -> list[Frame]:
    """Every position of the deal, from the deal itself to its end.

    Raises :class:`~doudizhu_tui.core.IllegalAction` if an action does not fit.
    """
    todo = list(actions)
    game = Game(code, rules, first_bidder)
    blank = [""] * rules.players
    last = list(blank)
    out = [_frame(game, 0, len(todo), describe_event(game.log[0]), last)]
    for n, action in enumerate(todo, start=1):
        events = game.apply(action)
        for event in events:
            if isinstance(event, Bid):
                last[event.seat] = str(BidAction(event.amount))
            elif isinstance(event, RobBid):
                last[event.seat] = event.move
            elif isinstance(event, KittyShown):
                last = list(blank)
            elif isinstance(event, Played):
                if event.lead:
                    last = list(blank)
                last[event.seat] = event.play.describe()
            elif isinstance(event, Passed):
                last[event.seat] = "pass"
        caption = "; ".join(describe_event(e) for e in events)
        out.append(_frame(game, n, len(todo), caption, last))
    return out


def _frame(game: Game, step: int, steps: int, caption: str, last: Sequence[str]) -> Frame:
    return Frame(
        code=str(game.code),
        step=step,
        steps=steps,
        caption=caption,
        hands=tuple(tuple(h) for h in game.hands),
        kitty=game.kitty,
        kitty_to=game.landlord,
        landlord=game.landlord,
        bid=game.bid,
        base=game.rules.base,
        multiplier=game.multiplier,
        turn=game.turn,
        last=tuple(last),
        settled=game.settlement,
        wild_ranks=game.wild_ranks,
    )


def render_frame(frame: Frame) -> RenderableType:
    """One frame: a table of every hand in the order of play, the kitty, the stake and
    the caption."""
    table = Table(
        title=f"Deal {frame.code} · step {frame.step} of {frame.steps}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        expand=False,
    )
    table.add_column("Seat")
    table.add_column("Role")
    table.add_column("Cards", justify="right")
    table.add_column("Hand (and this round)", overflow="fold")
    for seat in frame.seats:
        role = ""
        if frame.landlord is not None:
            role = "landlord" if seat == frame.landlord else "peasant"
        hand = frame.hands[seat]
        cell = Text(mark_cards(hand, frame.wild_ranks) or "-")
        if frame.last[seat]:
            cell.append(f"\n  {frame.last[seat]}", style="italic")
        table.add_row(
            f"{'>' if frame.turn == seat else ' '} {seat.label}",
            role,
            str(len(hand)),
            cell,
        )
    lines: list[RenderableType] = [table]
    kitty = mark_cards(frame.kitty, frame.wild_ranks)
    if frame.kitty_to is None:
        lines.append(Text(f"Kitty: {kitty} (face down)"))
    else:
        lines.append(Text(f"Kitty: {kitty} (to {frame.kitty_to.label})"))
    if frame.wild_ranks:
        wild = " ".join(r.symbol for r in frame.wild_ranks)
        lines.append(Text(f"Wild: {wild} (marked *; a wild in a play shows in brackets)"))
    if frame.bid:
        value = frame.base * frame.bid * frame.multiplier
        lines.append(Text(f"Stake: {frame.base} x bid {frame.bid} x {frame.multiplier} = {value}"))
    lines.append(Text(frame.caption, style="bold"))
    if frame.settled is not None:
        s = frame.settled.settlement
        items = ", ".join(item.label for item in s.items)
        lines.append(Text(f"Multiplier: {items} -> x{s.multiplier}; round value {s.value}"))
        scores = ", ".join(f"{seat.label} {s.scores[seat]:+d}" for seat in frame.seats)
        lines.append(Text(f"Settlement: {scores}"))
    return Group(*lines)


def print_frames(shown: Sequence[Frame], console: Console) -> None:
    """Print every frame, one after the other."""
    for frame in shown:
        console.print(render_frame(frame))
        console.print()


def step_through(
    shown: Sequence[Frame],
    console: Console,
    getchar: Callable[[], str],
    start: int = 0,
) -> int:
    """Show one frame at a time and move on key presses until quit; return the last step.

    ``getchar`` returns one key (an escape sequence for arrow keys, as
    ``click.getchar`` does); an empty string (end of input) quits.
    """
    if not shown:
        return 0
    at = max(0, min(start, len(shown) - 1))
    while True:
        if console.is_terminal:
            console.clear()
        console.print(render_frame(shown[at]))
        console.print(Text(KEY_HELP, style="dim"))
        try:
            keys = split_keys(getchar())
        except (KeyboardInterrupt, EOFError):
            return at
        for key in keys:
            if key in _QUIT:
                return at
            if key in _FORWARD:
                at = min(at + 1, len(shown) - 1)
            elif key in _BACK:
                at = max(at - 1, 0)
            elif key in _START:
                at = 0
            elif key in _END:
                at = len(shown) - 1


_SEQUENCE = re.compile(r"\x1b\[[0-9;]*[~A-Za-z]|\x1bO[A-Za-z]|[\xe0\x00].|.", re.DOTALL)


def split_keys(raw: str) -> list[str]:
    r"""The keys in what one read of the terminal returned (keys typed fast arrive together).

    >>> split_keys("n\x1b[Cq")
    ['n', '\x1b[C', 'q']
    >>> split_keys("")
    ['']
    """
    if not raw:
        return [""]
    return _SEQUENCE.findall(raw)
