"""A session against the computer, as the app drives it (no widgets, no I/O).

A :class:`Match` holds the :class:`~doudizhu_tui.core.Session`, the table of
the deal in play and every action taken so far, so that it can be written to
a plain dictionary after each action and rebuilt exactly from one
(:meth:`Match.to_record` / :meth:`Match.from_record`) by replaying the
actions through the core.  You sit in seat ``YOU``; Right and Left are
computer seats of the chosen level.

The flow of a session lives here too, so that the screens only show it:
:meth:`Match.after_deal` closes an ended deal (a thrown-in deal of the session
is dealt again at once), :meth:`Match.next_deal` deals the next one after the
result card, :attr:`Match.summary_due` says when the session's summary comes
instead, and :meth:`Match.replay_current` plays the last deal again, unscored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from .bots import resolve
from .core import (
    CLASSIC,
    ROB_MOVES,
    Action,
    BidAction,
    Card,
    DealCode,
    DealRecord,
    Event,
    Game,
    IllegalAction,
    Kind,
    PassAction,
    Phase,
    PlayAction,
    Rank,
    RobAction,
    RuleProfile,
    Seat,
    Session,
    TableCode,
    classify,
    parse_code,
    table_code,
)
from .table import ControllerError, Table

__all__ = [
    "HUMAN",
    "RECORD_VERSION",
    "AfterDeal",
    "Match",
    "MatchConfig",
    "RecordError",
    "ScoredDeal",
    "action_from_dict",
    "action_to_dict",
]

#: The seat of the person at the keyboard.
HUMAN = Seat.YOU
#: The version of the dictionary written by :meth:`Match.to_record`.
RECORD_VERSION = 1


#: What follows an ended deal (:meth:`Match.after_deal`): the result card, or (a
#: thrown-in deal of a session) a fresh deal already on the table.
AfterDeal = Literal["thrown-in", "result"]


class RecordError(ValueError):
    """A saved match that cannot be read back."""


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready form of an action (the exact cards of a play by pack number)."""
    if isinstance(action, BidAction):
        return {"bid": action.amount}
    if isinstance(action, PassAction):
        return {"pass": True}
    if isinstance(action, RobAction):
        return {"rob": action.move}
    cards = action.cards
    out: dict[str, Any] = {
        "kind": action.play.kind.name,
        "rank": int(action.play.rank),
        "ranks": [int(r) for r in action.play.ranks],
    }
    if action.play.wilds:
        out["wilds"] = [int(r) for r in action.play.wilds]
        out["wild_cards"] = [int(r) for r in action.play.wild_cards]
    if cards is not None:
        out["cards"] = [c.id for c in cards]
    return out


def action_from_dict(data: dict[str, Any], rules: RuleProfile = CLASSIC) -> Action:
    """The action written by :func:`action_to_dict`, read under the deal's ``rules``
    (a play is one of the readings those rules give its cards); raises RecordError
    if it is malformed."""
    try:
        if "bid" in data:
            return BidAction(int(data["bid"]))
        if data.get("pass"):
            return PassAction()
        if "rob" in data:
            move = str(data["rob"])
            for known in ROB_MOVES:
                if move == known:
                    return RobAction(known)
            raise RecordError(f"a saved action is not a call, rob or pass: {data!r}")
        kind = Kind[data["kind"]]
        rank = int(data["rank"])
        cards = tuple(Card.from_id(int(i)) for i in data["cards"]) if "cards" in data else None
        ranks = [int(r) for r in data["ranks"]]
        wilds = tuple(Rank(int(r)) for r in data.get("wilds", ()))
        wild_cards = tuple(Rank(int(r)) for r in data.get("wild_cards", ()))
        for play in classify([Rank(r) for r in ranks], rules):
            if play.kind is kind and play.rank == rank:
                if wilds or wild_cards:  # the game checks them against its wild ranks
                    play = play._replace(wilds=wilds, wild_cards=wild_cards)
                return PlayAction(play, cards)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"a saved action cannot be read: {data!r} ({exc})") from None
    raise RecordError(f"a saved action is not a play: {data!r}")


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What a match was started with."""

    first_code: DealCode
    deals: int = 6
    #: The computers' level: a level name or a ``package.module:factory`` path.
    level: str = "normal"
    rules: RuleProfile = CLASSIC
    #: False for ``doudizhu replay CODE``: one deal, not scored.
    scored: bool = True
    #: Who opens the first deal when the code says so (a replay under a rotating
    #: first bid); None: the deal's marked card decides.
    opener: Seat | None = None


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """One scored deal of the session with the code that replays it on its own."""

    record: DealRecord
    code: TableCode


class Match:
    """A session (or a single unscored replay) against a computer in every other seat
    (two, or three at a four-player table)."""

    def __init__(self, config: MatchConfig) -> None:
        self.config = config
        self.factory = resolve(config.level)
        self.session: Session | None = (
            Session(config.first_code, config.deals, config.rules, config.opener)
            if config.scored
            else None
        )
        self.table: Table | None = None
        #: Every action of every game of the session, one list per game started.
        self.history: list[list[Action]] = []
        #: True while the table holds an unscored replay of an earlier deal.
        self.replaying = False
        self.listeners: list[Callable[[Match], None]] = []
        #: Every game of the session dealt so far, thrown-in ones included, in order.
        self._dealt: list[Game] = []

    # ----- reading ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the table."""
        if self.table is None:
            raise RuntimeError("no deal has been dealt yet")
        return self.table.game

    @property
    def code(self) -> TableCode:
        """The code that replays the deal on the table on its own: its cards, the rule
        profile, the computers' level and (under a rotating first bid) its opener."""
        return table_code(self.game, self.config.level)

    def code_of(self, game: Game) -> TableCode:
        """The self-contained code of any game of this match (see :attr:`code`)."""
        return table_code(game, self.config.level)

    @property
    def human_to_act(self) -> bool:
        """True when the game waits for the person."""
        return self.table is not None and self.table.game.turn == HUMAN

    @property
    def bot_to_act(self) -> bool:
        """True when a computer seat must decide next."""
        return self.table is not None and self.table.waiting_for_controller

    @property
    def finished(self) -> bool:
        """True when the session (or the single replay) has nothing left to deal."""
        if self.session is None:
            return self.table is not None and self.table.game.over
        return self.session.finished

    @property
    def summary_due(self) -> bool:
        """True when every scored deal of the session has been played: after the result
        card comes the session's summary, not another deal."""
        return self.session is not None and self.session.finished

    @property
    def deal_number(self) -> int | None:
        """The number (1-based) of the scored deal on the table, or about to be dealt;
        None while the table holds an unscored replay (or the match is one)."""
        session = self.session
        if session is None or self.replaying:
            return None
        recorded = self.table is not None and session.current is not self.table.game
        number = len(session.records) + (0 if recorded else 1)
        return max(1, min(number, session.length))

    def scored_deals(self) -> list[ScoredDeal]:
        """The session's scored deals so far, each with its self-contained code."""
        if self.session is None:
            return []
        finished = [g for g in self._dealt if g.phase is Phase.FINISHED]
        out = []
        for record, game in zip(self.session.records, finished, strict=False):
            assert record.code == game.code
            out.append(ScoredDeal(record, self.code_of(game)))
        return out

    # ----- acting ----------------------------------------------------------------------

    def start_deal(self) -> Game:
        """Deal the next game (recording the previous one)."""
        self.replaying = False
        if self.session is None:
            if self.table is not None:
                raise RuntimeError("a replay has one deal only")
            game = Game(self.config.first_code, self.config.rules, self.config.opener)
        else:
            game = self.session.new_game()
            self._dealt.append(game)
        self._seat(game)
        self.history.append([])
        self._changed()
        return game

    def replay_current(self) -> Game:
        """Deal the last game again from its code, unscored; the session is untouched."""
        previous = self.game
        if self.session is not None and self.session.current is previous and previous.over:
            self.session.record(previous)
        game = Game(previous.code, previous.rules, previous.first_bidder)
        self._seat(game)
        self.replaying = True
        return game

    def after_deal(self) -> AfterDeal:
        """Close the deal that has just ended on the table.

        A scored deal is taken into the session's totals.  A thrown-in deal of the
        session is recorded and the next deal dealt at once: "thrown-in", with the
        new deal on the table.  Otherwise "result": the result card is due (also for
        a replayed or single deal that was thrown in).
        """
        if not self.game.over:
            raise RuntimeError("the deal on the table has not ended")
        self.finish_deal()
        scored = self.session is not None and not self.replaying
        if scored and self.game.phase is Phase.THROWN_IN:
            self.start_deal()
            return "thrown-in"
        return "result"

    def next_deal(self) -> Game:
        """Deal the session's next game (after the result card of the last one).

        Raises RuntimeError when the summary is due, in a single replay, or while the
        deal on the table is still being played.
        """
        if self.session is None:
            raise RuntimeError("a replay has one deal only")
        if self.table is not None and not self.game.over:
            raise RuntimeError("the deal on the table has not ended")
        self.finish_deal()
        if self.summary_due:
            raise RuntimeError("the session is over: its summary comes next")
        return self.start_deal()

    def submit(self, action: Action) -> tuple[Event, ...]:
        """The person's action (raises IllegalAction with the reason if refused)."""
        if self.table is None:
            raise RuntimeError("no deal has been dealt yet")
        events = self.table.submit(HUMAN, action)
        self._record(action)
        return events

    def decide(self) -> Action:
        """The computer seat's decision (pure: safe to run in a worker thread)."""
        if self.table is None:
            raise RuntimeError("no deal has been dealt yet")
        return self.table.decide()

    def apply_decision(self, action: Action) -> tuple[Event, ...]:
        """Apply a computer seat's decision through the table's gate.

        Raises :class:`~doudizhu_tui.table.ControllerError`, naming the seat and the
        reason, if the core refuses it (the game is left untouched).
        """
        if self.table is None:
            raise RuntimeError("no deal has been dealt yet")
        seat = self.table.game.turn
        assert seat is not None
        try:
            events = self.table.submit(seat, action)
        except IllegalAction as exc:
            raise ControllerError(seat, action, str(exc)) from None
        self._record(action)
        return events

    def finish_deal(self) -> None:
        """Take the ended deal into the session's totals (idempotent)."""
        if self.session is None or self.replaying or self.table is None:
            return
        game = self.table.game
        if game.over and self.session.current is game:
            self.session.record(game)
            self._changed()

    def _seat(self, game: Game) -> None:
        others = [seat for seat in game.rules.seats if seat is not HUMAN]
        self.table = Table(game, dict.fromkeys(others, self.factory))

    def _record(self, action: Action) -> None:
        if not self.replaying:
            self.history[-1].append(action)
            self._changed()

    def _changed(self) -> None:
        for listener in self.listeners:
            listener(self)

    # ----- saving ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Everything needed to rebuild this match exactly, as JSON-ready data."""
        return {
            "version": RECORD_VERSION,
            "first_code": str(self.config.first_code),
            "deals": self.config.deals,
            "level": self.config.level,
            "rules": self.config.rules.name,
            "scored": self.config.scored,
            "opener": None if self.config.opener is None else int(self.config.opener),
            "games": [[action_to_dict(a) for a in game] for game in self.history],
        }

    @classmethod
    def from_record(
        cls, data: dict[str, Any], rules: Callable[[str], RuleProfile] | None = None
    ) -> Match:
        """Rebuild a match by replaying its saved actions through the core.

        ``rules`` turns a profile name into a profile (the classic one if None).
        """
        try:
            if data.get("version") != RECORD_VERSION:
                raise RecordError(f"unknown save version {data.get('version')!r}")
            name = str(data["rules"])
            profile = rules(name) if rules is not None else CLASSIC
            opener = None if data.get("opener") is None else Seat(int(data["opener"]))
            if opener is not None and opener not in profile.seats:
                raise RecordError(
                    f"the saved session's opener {opener.label} has no seat at the "
                    f"'{profile.name}' table"
                )
            config = MatchConfig(
                first_code=parse_code(str(data["first_code"])),
                deals=int(data["deals"]),
                level=str(data["level"]),
                rules=profile,
                scored=bool(data.get("scored", True)),
                opener=opener,
            )
            match = cls(config)
            for game_actions in data["games"]:
                match.finish_deal()
                match.start_deal()
                for item in game_actions:
                    action = action_from_dict(item, profile)
                    match.game.apply(action)
                    match.history[-1].append(action)
            match.finish_deal()
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"the saved session cannot be read: {exc}") from None
        return match
