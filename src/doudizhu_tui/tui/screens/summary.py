"""The session summary after the last deal: standings and a line per deal, each with
the code that replays it; then a new session, or quit."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Static

from ...core import CLASSIC
from ...match import HUMAN, Match
from ..view import count_of
from ..widgets.panels import TooSmallNotice
from .base import GuardedScreen

__all__ = ["SummaryScreen"]


class SummaryScreen(GuardedScreen[None]):
    """Final standings of a session; a new session (same length, level and rules, a
    fresh code) or quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_session", "New session", show=False),
        Binding("q", "app.quit", "Quit", show=False),
        Binding("enter", "app.quit", "Quit", show=False),
        Binding("escape", "app.quit", "Quit", show=False),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        if match.session is None:
            raise ValueError("a single replay has no session summary")
        self.match = match
        self.session = match.session

    def compose(self) -> ComposeResult:
        session = self.session
        config = self.match.config
        standings = session.standings()
        top = standings[0]
        if top.seat == HUMAN and not top.tied:
            verdict = "You win the session!"
        elif top.tied and any(s.seat == HUMAN and s.place == 1 for s in standings):
            verdict = "You share first place."
        else:
            verdict = f"{top.seat.label} wins the session."
        with Vertical(id="summary-box") as box:
            rules = "" if config.rules.name == CLASSIC.name else f", {config.rules.name} rules"
            box.border_title = (
                f"Session over: {count_of(len(session.records), 'deal')} "
                f"against {config.level}{rules}"
            )
            yield Static(verdict, id="summary-verdict")
            yield Static(self._standings(), id="summary-standings")
            yield Static(self._deals(), id="summary-deals")
            with Horizontal(id="summary-actions"):
                yield _button("New session [n]", "new", "default")
                yield _button("Quit [q]", "quit", "primary")
        yield Footer()
        yield TooSmallNotice()

    def _standings(self) -> Table:
        table = Table(box=None, padding=(0, 2), show_edge=False, title="Standings")
        table.add_column("Place", justify="right")
        table.add_column("Seat")
        table.add_column("Total", justify="right")
        for s in self.session.standings():
            place = f"={s.place}" if s.tied else str(s.place)
            style = "bold" if s.seat == HUMAN else ""
            table.add_row(place, s.seat.label, f"{s.total:+d}", style=style)
        return table

    def _deals(self) -> Table:
        """A line per deal: the landlord and whether they won, the stake (bid and
        multiplier), each seat's points, and the deal's full code (folded rather than
        cut when it is too long for one line)."""
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("Landlord", no_wrap=True)
        table.add_column("Stake", justify="right", no_wrap=True)
        seats = self.match.config.rules.seats
        for seat in seats:
            table.add_column(seat.label, justify="right", no_wrap=True)
        table.add_column("Code", overflow="fold", ratio=1)
        for deal in self.match.scored_deals():
            s = deal.record.settlement
            result = "won" if s.landlord_won else "lost"
            table.add_row(
                str(deal.record.number),
                f"{s.landlord.label} {result}",
                f"{s.bid} x{s.multiplier}",
                *(f"{s.scores[seat]:+d}" for seat in seats),
                str(deal.code),
            )
        return table

    def action_new_session(self) -> None:
        """Start a new session like this one, with a fresh code."""
        from ..app import DouDizhuApp

        app = self.app
        if isinstance(app, DouDizhuApp):
            # Run by the app, not in this screen's handler: the screen is taken down.
            app.call_later(app.new_session)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "new":
            self.action_new_session()
        else:
            self.app.exit()


def _button(label: str, id: str, variant: str) -> Button:
    button = Button(Text(label), id=id, variant=variant, compact=True)  # type: ignore[arg-type]
    button.can_focus = False
    return button
