"""The session summary after the last deal: standings and a line per deal."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Static

from ...core import Seat, Session
from ...match import HUMAN
from ..widgets.panels import TooSmallNotice
from .base import GuardedScreen

__all__ = ["SummaryScreen"]


class SummaryScreen(GuardedScreen[None]):
    """Final standings of a session."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit", show=False),
        Binding("enter", "app.quit", "Quit", show=False),
        Binding("escape", "app.quit", "Quit", show=False),
    ]

    def __init__(self, session: Session, level: str) -> None:
        super().__init__()
        self.session = session
        self.level = level

    def compose(self) -> ComposeResult:
        session = self.session
        standings = session.standings()
        top = standings[0]
        if top.seat == HUMAN and not top.tied:
            verdict = "You win the session!"
        elif top.tied and any(s.seat == HUMAN and s.place == 1 for s in standings):
            verdict = "You share first place."
        else:
            verdict = f"{top.seat.label} wins the session."
        with Vertical(id="summary-box") as box:
            box.border_title = f"Session over: {len(session.records)} deals against {self.level}"
            yield Static(verdict, id="summary-verdict")
            yield Static(self._standings(), id="summary-standings")
            yield Static(self._deals(), id="summary-deals")
            with Horizontal(id="summary-actions"):
                button = Button(Text("Quit [q]"), id="quit", variant="primary", compact=True)
                button.can_focus = False
                yield button
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
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=True)
        table.add_column("#", justify="right")
        table.add_column("Code", no_wrap=True)
        table.add_column("Landlord")
        table.add_column("Bid", justify="right")
        table.add_column("Mult", justify="right")
        table.add_column("Winner")
        for seat in Seat:
            table.add_column(seat.label, justify="right")
        for record in self.session.records:
            s = record.settlement
            winner = "landlord" if s.landlord_won else "peasants"
            table.add_row(
                str(record.number),
                str(record.code),
                s.landlord.label,
                str(s.bid),
                f"x{s.multiplier}",
                winner,
                *(f"{s.scores[seat]:+d}" for seat in Seat),
            )
        return table

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.app.exit()
