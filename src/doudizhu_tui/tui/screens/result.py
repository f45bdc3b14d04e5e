"""The result card shown at the end of every deal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...core import Card, Game, Phase, Role, Seat
from ...match import HUMAN, Match
from ..glyphs import Glyphs
from ..view import mark_cards
from ..widgets.panels import TooSmallNotice
from .base import GuardedModal

__all__ = ["ResultInfo", "ResultScreen", "auction_line", "code_line"]

#: The width of the text inside the result card (its box is 78 columns wide).
CARD_TEXT_WIDTH = 74


def code_line(code: str, width: int = CARD_TEXT_WIDTH) -> str:
    """The line that gives the deal's code and the command that replays it, in the
    card's width when it can be (the code itself is never shortened)."""
    for line in (
        f"Deal code {code}  (doudizhu replay {code})",
        f"Play it again: doudizhu replay {code}",
    ):
        if len(line) <= width:
            return line
    return f"doudizhu replay {code}"


def auction_line(game: Game) -> str:
    """A rob auction told in one sentence for the result card (empty after a classic
    auction): ``Auction: You called; Right robbed, You robbed back.``, or that nobody
    called."""
    moves = game.rob_moves
    if game.rules.auction != "rob" or not moves:
        return ""
    said: list[str] = []
    spoke: set[Seat] = set()
    for seat, move in moves:
        if move == "pass":
            continue
        verb = "called" if move == "call" else "robbed back" if seat in spoke else "robbed"
        said.append(f"{seat.label} {verb}")
        spoke.add(seat)
    if not said:
        return "Auction: nobody called."
    robs = f"; {', '.join(said[1:])}" if len(said) > 1 else ", nobody robbed"
    return f"Auction: {said[0]}{robs}."


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's line on the result card."""

    seat: str
    role: str
    score: str
    total: str
    cards: str


@dataclass(frozen=True, slots=True)
class ResultInfo:
    """Everything the result card shows, worked out from the finished deal."""

    heading: str
    title: str
    won: bool | None
    stake: str
    notes: str
    seats: tuple[SeatLine, ...]
    kitty: str
    code: str
    scored: bool
    next_label: str | None
    next_choice: str

    @classmethod
    def build(cls, match: Match, glyphs: Glyphs) -> ResultInfo:
        """The result of the deal that has just ended on ``match``'s table."""
        game = match.game
        session = match.session
        number = match.deal_number
        scored = session is not None and number is not None
        if session is not None and number is not None:
            heading = f"Deal {number} of {session.length}"
        else:
            heading = "Replay - not scored"
        next_label: str | None = None
        next_choice = "next"
        if session is not None:
            if match.summary_due:
                next_label, next_choice = "Session summary [n]", "summary"
            else:
                next_label = "Next deal [n]"
        code = str(match.code_of(game))
        wild_ranks = game.wild_ranks

        def cards_text(cards: Iterable[Card]) -> str:
            # Every hand and the kitty, each wild card marked (R44).
            return mark_cards(cards, wild_ranks, glyphs.wild)

        kitty = cards_text(game.kitty)
        seats = game.rules.seats
        settled = game.settlement
        auction = auction_line(game)
        if game.phase is Phase.THROWN_IN or settled is None:
            who = "Nobody called" if game.rules.auction == "rob" else "Everyone passed"
            return cls(
                heading=heading,
                title=f"{who}: the deal is thrown in",
                won=None,
                stake="No landlord, no score.",
                notes="",
                seats=tuple(
                    SeatLine(s.label, "-", "-", _total(match, s), cards_text(game.hands[s]))
                    for s in seats
                ),
                kitty=kitty,
                code=code,
                scored=scored,
                next_label=next_label,
                next_choice=next_choice,
            )
        s = settled.settlement
        x = glyphs.times
        landlord = s.landlord
        you_won = s.scores[HUMAN] > 0
        if settled.winning_role is Role.LANDLORD:
            title = (
                "You win as landlord!"
                if landlord == HUMAN
                else f"{landlord.label} (landlord) wins - you lose"
            )
        else:
            partners = [seat for seat in seats if seat != landlord]
            if HUMAN in partners:
                others = [seat.label for seat in partners if seat != HUMAN]
                title = f"{_and(['You', *others])} win as peasants!"
            else:
                title = f"{_and([seat.label for seat in partners])} (peasants) win - you lose"
        factors = " ".join(f"{x} {item.label}" for item in s.items)
        stake = f"Stake: base {s.base} {factors} = {s.value}   (multiplier {x}{s.multiplier})"
        notes = [auction] if auction else []
        if s.spring:
            notes.append("Spring: the peasants never played a card.")
        if s.reverse_spring:
            notes.append("Reverse spring: the landlord played only the opening lead.")
        lines = []
        for seat in seats:
            role = "landlord" if seat == landlord else "peasant"
            score = f"{s.scores[seat]:+d}"
            if not scored:
                score += " (not scored)"
            cards = cards_text(settled.hands_left[seat]) or "(out)"
            lines.append(SeatLine(seat.label, role, score, _total(match, seat), cards))
        return cls(
            heading=heading,
            title=title,
            won=you_won,
            stake=stake,
            notes=" ".join(notes),
            seats=tuple(lines),
            kitty=kitty,
            code=code,
            scored=scored,
            next_label=next_label,
            next_choice=next_choice,
        )


def _and(names: list[str]) -> str:
    """``You and Right``; ``You, Across and Left``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _total(match: Match, seat: Seat) -> str:
    if match.session is None:
        return "-"
    return f"{match.session.totals[seat]:+d}"


class ResultScreen(GuardedModal[str]):
    """Who won, the stake itemised, every seat's score, all hands and the kitty."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next deal"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("enter", "default", "OK", show=False),
    ]

    def __init__(self, info: ResultInfo) -> None:
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        info = self.info
        with Vertical(id="result-box") as box:
            box.border_title = f"{info.heading}  {info.code}"
            title_class = "won" if info.won else "lost" if info.won is False else ""
            yield Static(info.title, id="result-title", classes=title_class)
            yield Static(info.stake, id="result-stake")
            if info.notes:
                yield Static(info.notes, id="result-notes")
            yield Static(self._table(), id="result-table")
            yield Static(f"Kitty: {info.kitty}", id="result-kitty")
            yield Static(code_line(info.code), id="result-code")
            with Horizontal(id="result-actions"):
                if info.next_label is not None:
                    yield _button(info.next_label, "next", "primary")
                yield _button("Replay this deal [r]", "replay", "default")
                yield _button("Quit [q]", "quit", "default")
        yield TooSmallNotice()

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column("Seat", no_wrap=True)
        table.add_column("Role", no_wrap=True)
        table.add_column("Deal", justify="right", no_wrap=True)
        table.add_column("Total", justify="right", no_wrap=True)
        table.add_column("Cards left", ratio=1)
        for line in self.info.seats:
            style = "bold" if line.seat == HUMAN.label else ""
            table.add_row(
                Text(line.seat, style),
                line.role,
                line.score,
                line.total,
                line.cards,
            )
        return table

    def action_choose(self, choice: str) -> None:
        if choice == "next":
            if self.info.next_label is None:
                return
            choice = self.info.next_choice
        self.dismiss(choice)

    def action_default(self) -> None:
        self.action_choose("next" if self.info.next_label is not None else "replay")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(event.button.id or "quit")


def _button(label: str, id: str, variant: str) -> Button:
    button = Button(Text(label), id=id, variant=variant, compact=True)  # type: ignore[arg-type]
    button.can_focus = False
    return button
