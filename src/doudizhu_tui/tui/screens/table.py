"""The table: where a deal is bid and played.

The screen drives the :class:`~doudizhu_tui.match.Match`: the person's actions
go to ``match.submit`` on the UI thread; a computer seat's decision is worked
out by ``match.decide`` in a thread worker, which reports back with a
:class:`BotDecided` message, and only then is it applied on the UI thread.  The
screen owns the person's selection, cursor and hint position (interface state);
the game itself lives in the match, and the widgets only draw what they are
given.

What the screen shows is the person's observation
(``observe(game, Seat.YOU)``), never the game itself: the core decides what seat
``YOU`` may see.  Only the result card and the session summary, which reveal
everything at the end, read the finished games.  The session's flow (a
thrown-in deal, the next deal, the summary) is the match's; the screen asks it
and shows the answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Footer
from textual.worker import Worker, WorkerCancelled, get_current_worker

from ...core import (
    Action,
    BidAction,
    Card,
    Game,
    IllegalAction,
    Observation,
    PassAction,
    Phase,
    Play,
    PlayAction,
    RobAction,
    RobMove,
    Seat,
    claimed,
    observe,
)
from ...match import HUMAN, Match
from ..glyphs import Glyphs
from ..selection import (
    RANK_KEYS,
    Hint,
    drag_selection,
    hint_message,
    judge,
    next_hint,
    next_reading,
    nothing_beats,
    rank_key_pick,
    reading_for,
    status_lines,
    trick_to_beat,
)
from ..view import (
    PanelInfo,
    auction_word,
    kitty_caption,
    last_actions,
    log_lines,
    recent_plays,
    rob_auction,
    round_cell,
    rules_title,
    tracker_counts,
    trick_display,
    trick_wilds,
    wild_table,
    wild_text,
)
from ..widgets.cards import HandView, KittyView, TrickView
from ..widgets.panels import (
    AcrossPanel,
    ActionBar,
    OpponentPanel,
    PlayLog,
    SeatBar,
    StatusLine,
    TooSmallNotice,
    TopBar,
    Tracker,
)
from .base import GuardedScreen, too_small
from .result import ResultInfo, ResultScreen
from .summary import SummaryScreen

__all__ = ["RANK_KEYS", "BotDecided", "TableScreen"]


#: The panel of each computer seat (Across only at four players).
PANELS = {Seat.LEFT: "#panel-left", Seat.RIGHT: "#panel-right", Seat.ACROSS: "#panel-across"}


class BotDecided(Message):
    """A computer seat has decided (posted from the worker thread)."""

    def __init__(self, token: int, action: Action) -> None:
        super().__init__()
        self.token = token
        self.action = action


def _rank_bindings() -> list[Binding]:
    out = [Binding(key, f"key('{key}')", show=False) for key in RANK_KEYS]
    out.append(Binding("1", "key('1')", show=False))
    return out


class TableScreen(GuardedScreen[None]):
    """The card table of one session (or one replay)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("space", "toggle_card", "Toggle card", show=False),
        Binding("up", "raise_card", "Select card", show=False),
        Binding("down", "lower_card", "Unselect card", show=False),
        Binding("enter", "play", "Play", show=False),
        Binding("p", "pass_turn", "Pass", show=False),
        Binding("h", "hint", "Hint", show=False),
        Binding("escape", "clear", "Clear", show=False),
        Binding("tab", "reading", "Reading", show=False, priority=True),
        Binding("c", "tracker", "Tracker"),
        Binding("l", "log", "Log", show=False),
        Binding("pageup", "scroll_log(1)", "Log back", show=False),
        Binding("pagedown", "scroll_log(-1)", "Log forward", show=False),
        *_rank_bindings(),
    ]

    def __init__(self, match: Match, *, pace: float, glyphs: Glyphs) -> None:
        super().__init__()
        self.match = match
        self.pace = pace
        self.glyphs = glyphs
        self.selection: frozenset[Card] = frozenset()
        self.cursor: int | None = 0
        self.reading: Play | None = None
        self.thinking: Seat | None = None
        self.notice: str | None = None
        #: True once the person has tried to play the selection and was refused (until
        #: the selection changes): the status line then says why, once.
        self.refused = False
        #: A computer's decision held back while the terminal is too small to show it.
        self._held: BotDecided | None = None
        self._hand: tuple[Card, ...] = ()
        self._token = 0
        self._hint: Hint | None = None
        self._drag_base: frozenset[Card] | None = None
        self._result_pending: object | None = None
        self._frame = 0
        self._worker: Worker[None] | None = None
        self._obs: tuple[Game, int, Observation] | None = None

    # ----- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TopBar(id="topbar")
        with Horizontal(id="middle"):
            yield OpponentPanel(id="panel-left", classes="opponent")
            with Vertical(id="centre"):
                yield AcrossPanel(id="panel-across", classes="opponent")
                yield KittyView(id="kitty")
                yield TrickView(id="trick")
                yield PlayLog(id="log")
            yield OpponentPanel(id="panel-right", classes="opponent")
        yield SeatBar(id="you")
        yield Tracker(id="tracker")
        yield HandView(id="hand")
        yield StatusLine(id="status")
        yield ActionBar(id="actions")
        yield Footer()
        yield TooSmallNotice()

    def on_mount(self) -> None:
        g = self.glyphs
        for widget in (
            self.query_one("#hand", HandView),
            self.query_one("#kitty", KittyView),
            self.query_one("#trick", TrickView),
            self.query_one("#you", SeatBar),
            *self.query(OpponentPanel),
        ):
            widget.glyphs = g
        tracker = self.query_one("#tracker", Tracker)
        tracker.display = False
        tracker.mark = g.wild
        self.set_interval(0.1, self._spin)
        match = self.match
        if match.table is None:
            match.start_deal()
        self.advance()

    @property
    def game(self) -> Game:
        """The game on the table (the screen itself shows only :attr:`obs`)."""
        return self.match.game

    @property
    def obs(self) -> Observation:
        """The person's observation of the deal as it stands: built afresh by
        :meth:`refresh_view` (after every change) and kept for the keys in between."""
        game = self.match.game
        cached = self._obs
        if cached is not None and cached[0] is game and cached[1] == len(game.log):
            return cached[2]
        return self._observe()

    def _observe(self) -> Observation:
        game = self.match.game
        obs = observe(game, HUMAN)
        self._obs = (game, len(game.log), obs)
        return obs

    @property
    def busy(self) -> bool:
        """True while a computer seat is deciding or the result card is about to show."""
        return self.thinking is not None or self._result_pending is not None

    # ----- the flow of the deal ---------------------------------------------------------

    def advance(self) -> None:
        """Show the table and move the deal on: a computer's turn, the person's, or the end."""
        obs = self.obs
        if obs.over:
            self.thinking = None
            self.refresh_view()
            self._deal_over()
        elif self.match.bot_to_act:
            self._token += 1
            self.thinking = obs.turn
            self.refresh_view()
            self._worker = self._think(self._token)
        else:
            self.thinking = None
            self.refresh_view()

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, token: int) -> None:
        """Let the computer seat decide, off the UI thread, paced for the person to follow."""
        worker = get_current_worker()
        started = time.monotonic()
        action = self.match.decide()
        remaining = self.pace - (time.monotonic() - started)
        while remaining > 0 and not worker.is_cancelled:
            time.sleep(min(remaining, 0.05))
            remaining = self.pace - (time.monotonic() - started)
        if not worker.is_cancelled:
            self.post_message(BotDecided(token, action))

    @on(BotDecided)
    async def _bot_decided(self, message: BotDecided) -> None:
        if message.token != self._token or not self.match.bot_to_act:
            return
        if too_small(*self.app.size):
            # The table is covered by the too-small notice: the person could not
            # follow the play, so it waits until the terminal is big enough again.
            self._held = message
            return
        worker = self._worker
        if worker is not None and worker.is_running:
            # Let the thread finish (it has nothing left to do) so that the next
            # exclusive worker does not find it running and cancel it.
            with suppress(WorkerCancelled):
                await worker.wait()
        self.thinking = None
        self.match.apply_decision(message.action)
        self.notice = None
        self.advance()

    @property
    def paused(self) -> bool:
        """True while a computer's decision waits for the terminal to be big enough."""
        return self._held is not None

    def size_checked(self, small: bool) -> None:
        """After a resize (or on coming back to this screen): play a held decision on
        once the terminal is big enough again."""
        held = self._held
        if held is not None and not small:
            self._held = None
            self.post_message(BotDecided(held.token, held.action))

    def _deal_over(self) -> None:
        game = self.game
        if self._result_pending is game:
            return
        self._result_pending = game
        if self.pace > 0:
            self.set_timer(self.pace * 1.5, self._show_result)
        else:
            self._show_result()

    def _show_result(self) -> None:
        match = self.match
        self._result_pending = None
        rob = rob_auction(self.obs)
        if match.after_deal() == "thrown-in":
            who = "Nobody called" if rob else "Everyone passed"
            self.app.notify(f"{who}: the deal is thrown in. Dealing again.", title="Thrown in")
            self._new_deal(None)
            return
        self.refresh_view()
        info = ResultInfo.build(match, self.glyphs)
        self.app.push_screen(ResultScreen(info), callback=self._after_result)

    def _after_result(self, choice: str | None) -> None:
        match = self.match
        if choice == "replay":
            self._new_deal(match.replay_current)
        elif choice in ("next", "summary"):
            if match.summary_due or match.session is None:
                self.show_summary()
            else:
                self._new_deal(match.next_deal)
        else:
            self.app.exit()

    def show_summary(self) -> None:
        """Show the session's standings and a line per deal."""
        if self.match.session is None:
            self.app.exit()
            return
        self.app.push_screen(SummaryScreen(self.match))

    def _new_deal(self, deal: Callable[[], Game] | None) -> None:
        """Deal (``match.next_deal`` or ``match.replay_current``; None when the match has
        dealt already) and start afresh."""
        if deal is not None:
            deal()
        self.selection = frozenset()
        self.cursor = 0
        self.reading = None
        self.notice = None
        self.refused = False
        self._hint = None
        self._hand = ()
        self.advance()

    # ----- drawing ----------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Hand the current state of the deal down to every widget."""
        match = self.match
        obs = self._observe()
        g = self.glyphs
        hand = obs.hand
        if hand != self._hand:
            self._hand = hand
            self.selection = self.selection & frozenset(hand)
            self.reading = None
            if self.cursor is not None:
                self.cursor = min(self.cursor, len(hand) - 1) if hand else None
        top = self.query_one("#topbar", TopBar)
        session = match.session
        number = match.deal_number
        if number is None or session is None:
            top.deal, top.deal_short = "Replay (not scored)", "Replay"
        else:
            top.deal = f"Deal {number} of {session.length}"
            top.deal_short = f"{number}/{session.length}"
        top.totals = None if session is None else tuple(session.totals)
        top.round_cell = round_cell(obs, g)
        top.code = str(match.code)
        top.wild = wild_text(obs)
        wild_ranks = obs.wild_ranks
        last = last_actions(obs)
        four = obs.rules.players == 4
        self.set_class(four, "-four")
        self.query_one("#panel-across", AcrossPanel).display = four
        for seat in obs.seats:
            if seat == HUMAN:
                continue
            panel = self.query_one(PANELS[seat], OpponentPanel)
            panel.info = PanelInfo(
                seat=seat,
                level=match.config.level,
                role=obs.role(seat),
                cards_left=obs.cards_left[seat],
                last=last.get(seat),
                turn=obs.turn == seat,
                thinking=self.thinking == seat,
                recent=recent_plays(obs, seat),
                auction=auction_word(obs),
            )
        self.query_one("#you", SeatBar).info = PanelInfo(
            seat=HUMAN,
            level="",
            role=obs.role(HUMAN),
            cards_left=len(hand),
            last=last.get(HUMAN),
            turn=obs.turn == HUMAN,
            thinking=False,
            auction=auction_word(obs),
        )
        kitty = self.query_one("#kitty", KittyView)
        kitty.count = obs.kitty_size
        kitty.cards = obs.kitty or ()
        kitty.face_up = obs.kitty is not None
        kitty.caption = kitty_caption(obs)
        kitty.compact = obs.landlord is not None
        kitty.wild_ranks = wild_ranks
        trick = self.query_one("#trick", TrickView)
        trick.caption, trick.cards, trick.text = trick_display(obs)
        trick.captions, trick.wild_cards = trick_wilds(obs)
        trick.display = obs.landlord is not None
        log = self.query_one("#log", PlayLog)
        log.border_title = rules_title(obs)
        log.show(log_lines(obs, g))
        tracker = self.query_one("#tracker", Tracker)
        tracker.wild_ranks = wild_ranks
        tracker.packs = obs.rules.packs
        if tracker.display:
            tracker.counts = tuple(tracker_counts(obs))
        actions = self.query_one("#actions", ActionBar)
        if obs.turn == HUMAN and obs.legal_rob_moves:
            actions.robs = obs.legal_rob_moves
            actions.rob_back = claimed(obs.rob_moves, HUMAN)
            actions.mode = "rob"
        elif obs.turn == HUMAN and obs.phase is Phase.AUCTION:
            actions.bids = obs.legal_bids
            actions.mode = "auction"
        elif obs.phase is Phase.PLAY:
            actions.mode = "play"
        else:
            actions.mode = "wait"
        # Passing is refused on a lead: no Pass button then.
        actions.can_pass = not (obs.turn == HUMAN and obs.trick is None)
        self.refresh_selection()

    def refresh_selection(self) -> None:
        """Redraw the hand and the status line (cheap: done on every key)."""
        hand = self.query_one("#hand", HandView)
        hand.cards = self._hand
        hand.wild_ranks = self.obs.wild_ranks
        hand.selected = self.selection
        hand.cursor = self.cursor
        status = self.query_one("#status", StatusLine)
        message, verdict, ok = self._status()
        status.message = message
        status.verdict = verdict
        status.verdict_ok = ok

    def _status(self) -> tuple[str, str, bool | None]:
        return status_lines(
            self.obs,
            self.selection,
            reading=self.reading,
            notice=self.notice,
            thinking=self.thinking,
            glyphs=self.glyphs,
            refused=self.refused,
        )

    def _spin(self) -> None:
        if self.thinking is None:
            return
        self._frame += 1
        for panel in self.query(OpponentPanel):
            if panel.info is not None and panel.info.thinking:
                panel.frame = self._frame

    # ----- selection --------------------------------------------------------------------

    def set_selection(self, selection: frozenset[Card], *, keep_reading: bool = False) -> None:
        """Change the selection (a UI matter; the game is not touched)."""
        self.selection = selection
        if not keep_reading:
            self.reading = None
        self.notice = None
        self.refused = False
        self.refresh_selection()

    def _card_play_phase(self) -> bool:
        return self.obs.phase is Phase.PLAY

    def action_move(self, delta: int) -> None:
        if not self._hand:
            return
        start = self.cursor if self.cursor is not None else 0
        self.cursor = max(0, min(len(self._hand) - 1, start + delta))
        self.refresh_selection()

    def action_toggle_card(self) -> None:
        if self.cursor is None or not self._hand or not self._card_play_phase():
            return
        card = self._hand[self.cursor]
        self.set_selection(self.selection ^ {card})

    def action_raise_card(self) -> None:
        if self.cursor is None or not self._hand or not self._card_play_phase():
            return
        self.set_selection(self.selection | {self._hand[self.cursor]})

    def action_lower_card(self) -> None:
        if self.cursor is None or not self._hand:
            return
        self.set_selection(self.selection - {self._hand[self.cursor]})

    def action_clear(self) -> None:
        self.set_selection(frozenset())

    def action_key(self, key: str) -> None:
        """A digit or letter: a bid in the auction (at a rob table ``1`` calls or robs
        and ``r`` robs), a rank in the card play."""
        obs = self.obs
        if obs.phase is Phase.AUCTION and rob_auction(obs):
            if key == "1":
                self.claim()
            elif key == "r":
                self.rob("rob")
            return
        if obs.phase is Phase.AUCTION:
            if key in "0123":
                self.bid(int(key))
            return
        rank = RANK_KEYS.get(key)
        if rank is None or obs.phase is not Phase.PLAY:
            return
        picked = rank_key_pick(self._hand, self.selection, rank)
        if picked is None:
            self.notice = f"You hold no {rank.symbol}."
            self.refresh_selection()
            return
        self.cursor, selection = picked
        self.set_selection(selection)

    def action_reading(self) -> None:
        if not self.selection or not self._card_play_phase():
            return
        obs = self.obs
        reading = next_reading(
            sorted(self.selection), trick_to_beat(obs), obs.rules, self.reading, obs.wild_ranks
        )
        if reading is None:
            return
        self.reading = reading
        self.refresh_selection()

    def action_tracker(self) -> None:
        tracker = self.query_one("#tracker", Tracker)
        tracker.display = not tracker.display
        self.set_class(tracker.display, "-tracker")
        if tracker.display:
            tracker.wild_ranks = self.obs.wild_ranks
            tracker.counts = tuple(tracker_counts(self.obs))

    def action_log(self) -> None:
        log = self.query_one("#log", PlayLog)
        log.display = not log.display

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one("#log", PlayLog)
        log.scroll_lines(direction * max(1, log.size.height - 1))

    @on(HandView.Clicked)
    def _clicked(self, message: HandView.Clicked) -> None:
        if not self._card_play_phase() or not 0 <= message.index < len(self._hand):
            return
        self.cursor = message.index
        self.set_selection(self.selection ^ {self._hand[message.index]})

    @on(HandView.Dragged)
    def _dragged(self, message: HandView.Dragged) -> None:
        if not self._card_play_phase():
            return
        if self._drag_base is None:
            self._drag_base = self.selection
        self.cursor = message.current
        self.set_selection(
            drag_selection(self._hand, self._drag_base, message.anchor, message.current)
        )
        if message.final:
            self._drag_base = None

    # ----- the person's actions -----------------------------------------------------------

    def _refuse(self, reason: str | None) -> None:
        """Refuse what the person tried: ``reason`` on the status line, or (None) the
        selection's own verdict, said once as ``Refused: ...``."""
        if reason is None:
            self.refused = True
        else:
            self.notice = f"Refused: {reason}"
        self.app.bell()
        self.refresh_selection()

    def _submit(self, action: Action) -> bool:
        try:
            self.match.submit(action)
        except IllegalAction as exc:
            self._refuse(str(exc))
            return False
        self.selection = frozenset()
        self.reading = None
        self.notice = None
        self.refused = False
        self._hint = None
        self.advance()
        return True

    def bid(self, amount: int) -> None:
        """Bid (0 passes) in the auction."""
        obs = self.obs
        if obs.phase is not Phase.AUCTION or obs.turn != HUMAN:
            self._refuse("it is not your turn to bid")
            return
        self._submit(BidAction(amount))

    def rob(self, move: RobMove) -> None:
        """Call, rob or pass at a rob table (the core refuses what is not legal now)."""
        obs = self.obs
        if obs.phase is not Phase.AUCTION or obs.turn != HUMAN:
            self._refuse("it is not your turn to call or rob")
            return
        self._submit(RobAction(move))

    def claim(self) -> None:
        """Enter (or ``1``) at a rob table: call while nobody has, else rob."""
        called = any(move != "pass" for _, move in self.obs.rob_moves)
        self.rob("rob" if called else "call")

    def action_pass_turn(self) -> None:
        obs = self.obs
        if obs.phase is Phase.AUCTION and rob_auction(obs):
            self.rob("pass")
            return
        if obs.phase is Phase.AUCTION:
            self.bid(0)
            return
        if obs.turn != HUMAN:
            self._refuse("it is not your turn")
            return
        self._submit(PassAction())

    def action_play(self) -> None:
        obs = self.obs
        if obs.phase is Phase.AUCTION and rob_auction(obs):
            self.claim()
            return
        if obs.phase is not Phase.PLAY or obs.turn != HUMAN:
            if obs.phase is Phase.PLAY:
                self._refuse("it is not your turn; your selection stays ready")
            return
        cards = sorted(self.selection)
        last = trick_to_beat(obs)
        reason, _ = judge(cards, last, obs.rules, obs.wild_ranks)
        if reason is not None:
            # A selection's own verdict is already shown under the message: say it once.
            self._refuse(reason if not cards else None)
            return
        play = reading_for(cards, last, obs.rules, self.reading, obs.wild_ranks)
        self._submit(PlayAction(play, tuple(cards)))

    def action_hint(self) -> None:
        obs = self.obs
        if obs.phase is not Phase.PLAY or obs.turn != HUMAN:
            self.notice = "Hints come on your turn in the card play."
            self.refresh_selection()
            return
        hint = self._hint = next_hint(self._hint, obs, self.selection)
        if not hint.plays:
            self.set_selection(frozenset())
            assert obs.trick is not None
            self.notice = nothing_beats(obs.trick[1], wild_table(obs))
            self.refresh_selection()
            return
        play = hint.current
        if hint.selection:
            self.cursor = min(self._hand.index(card) for card in hint.selection)
        self.reading = play
        self.set_selection(hint.selection, keep_reading=True)
        self.notice = hint_message(hint, wild_table(obs))
        self.refresh_selection()

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        event.stop()
        if button.startswith("bid-"):
            self.bid(int(button.removeprefix("bid-")))
        elif button in ("rob-call", "rob-rob", "rob-pass"):
            move = button.removeprefix("rob-")
            self.rob("call" if move == "call" else "rob" if move == "rob" else "pass")
        elif button == "play":
            self.action_play()
        elif button == "pass":
            self.action_pass_turn()
        elif button == "hint":
            self.action_hint()
        elif button == "clear":
            self.action_clear()
