"""The Textual app and the factory that both the command line and the tests call."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..core import new_code
from ..match import Match, MatchConfig
from .glyphs import ASCII, UNICODE, encoding_is_utf8
from .screens.base import too_small
from .screens.table import TableScreen

__all__ = ["DEFAULT_PACE", "DouDizhuApp", "create_app"]

#: Seconds a computer seat takes per move, so that a person can follow the play.
DEFAULT_PACE = 0.7
#: Seconds a notice stays on screen.
NOTICE_SECONDS = 12


class DouDizhuApp(App[None]):
    """Dou Dizhu at the terminal: you against two computer seats."""

    TITLE = "Dou Dizhu"
    CSS_PATH = "doudizhu.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        match: Match,
        *,
        pace: float = DEFAULT_PACE,
        ascii: bool = False,
        on_change: Callable[[Match], None] | None = None,
        on_new_match: Callable[[Match], None] | None = None,
        notices: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.match = match
        self.pace = pace
        self.glyphs = ASCII if ascii else UNICODE
        #: Lines to show once the app is up (e.g. what was said before it started).
        self.notices = tuple(notices)
        self._on_change = on_change
        self._on_new_match = on_new_match
        match.listeners.append(self.on_match_changed)

    def on_match_changed(self, match: Match) -> None:
        """Called after every change to the match (a deal dealt, an action, a deal scored).

        This is the one place where the session changes; saving it (to resume an
        interrupted session) plugs in here through ``create_app(on_change=...)``.
        """
        if self._on_change is not None:
            self._on_change(match)

    def on_mount(self) -> None:
        self.set_class(self.glyphs.ascii, "-ascii")
        self.push_screen(TableScreen(self.match, pace=self.pace, glyphs=self.glyphs))
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=NOTICE_SECONDS)

    async def new_session(self) -> None:
        """Start a new session with the same length, level and rules and a fresh code
        (offered on the session summary); the table starts afresh on it."""
        config = replace(self.match.config, first_code=new_code(random.Random()), opener=None)
        match = Match(config)
        if self._on_new_match is not None:
            self._on_new_match(match)
        match.listeners.append(self.on_match_changed)
        self.match = match
        table = TableScreen(match, pace=self.pace, glyphs=self.glyphs)
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TableScreen):
            await self.pop_screen()
        if isinstance(self.screen, TableScreen):
            await self.switch_screen(table)
        else:
            await self.push_screen(table)

    @property
    def table(self) -> TableScreen:
        """The table screen (under any result, summary or help screen)."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("the table is not shown")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action == "quit" or not too_small(*self.size)

    def action_help(self) -> None:
        """Show the rules and the keys."""
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        rules = self.match.game.rules if self.match.table is not None else self.match.config.rules
        if self.is_screen_installed("help"):
            installed = self.get_screen("help")
            if isinstance(installed, HelpScreen) and installed.rules != rules:
                self.uninstall_screen("help")
        if not self.is_screen_installed("help"):
            self.install_screen(HelpScreen(rules), "help")
        self.push_screen("help")


def create_app(
    config: MatchConfig | None = None,
    *,
    match: Match | None = None,
    pace: float = DEFAULT_PACE,
    ascii: bool | None = None,
    on_change: Callable[[Match], None] | None = None,
    on_new_match: Callable[[Match], None] | None = None,
    notices: Sequence[str] = (),
) -> DouDizhuApp:
    """The app for a new match from ``config`` (or for an existing ``match``, e.g. a resumed one).

    ``pace`` is the pause per computer move in seconds (0 in tests); ``ascii``
    draws cards without suit symbols (None: only when the terminal is not UTF-8).
    ``on_change`` is called after every change to the match in play;
    ``on_new_match`` with each new session started from the summary, before its
    first deal (to save it and record its deals too).  ``notices`` are shown once
    the app is up, one notification each.
    """
    if match is None:
        if config is None:
            config = MatchConfig(first_code=new_code(random.Random()))
        match = Match(config)
    if ascii is None:
        ascii = not encoding_is_utf8()
    return DouDizhuApp(
        match,
        pace=pace,
        ascii=ascii,
        on_change=on_change,
        on_new_match=on_new_match,
        notices=notices,
    )
