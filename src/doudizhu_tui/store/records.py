"""The history's value objects and their conversion to and from database rows.

:class:`DealRow` is one recorded deal, :class:`StatsRow` the figures for a level
and role, :class:`HistoryUnavailable` why the history cannot be used.  The row
functions here are the only code that knows the column order of ``deals``
(:data:`COLUMNS`).

Reading a row checks every value it uses (type, range, JSON shape), because the
file may have been damaged or edited by hand: a row that does not pass raises
:class:`DamagedRow`, whose message names the deal and the column, and never any
other exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from ..core import (
    Action,
    Bid,
    DealCode,
    Game,
    Phase,
    RuleProfile,
    Seat,
    TableCode,
    deal_cards,
    parse_code,
    replay,
)
from ..match import action_from_dict, action_to_dict
from .codec import describe_event, profile_from_dict, profile_to_dict

__all__ = [
    "COLUMNS",
    "STATS_COLUMNS",
    "DamagedRow",
    "DealRow",
    "HistoryUnavailable",
    "StatsRow",
    "deal_row",
    "row_values",
    "stats_row",
    "stats_values",
]

#: The columns of ``deals`` in the order the row functions use.
COLUMNS = (
    "id, played_at, session_id, game_index, code, rules, profile, level, seat, role, "
    "landlord, first_bidder, bid, multiplier, value, your_points, won, bombs, rockets, "
    "spring, reverse_spring, scores, items, bids, plays, hands, actions"
)
#: The columns :func:`stats_values` reads.
STATS_COLUMNS = "id, level, role, won, your_points, code, bombs, rockets, spring, reverse_spring"


class DamagedRow(ValueError):
    """A row of ``deals`` that cannot be read: a value of the wrong type, out of range,
    or JSON that is not valid or not of the right shape.

    The message is one line: ``deal #12: won is NULL, not 0 or 1``.
    """

    def __init__(self, deal_id: int | None, reason: str) -> None:
        self.deal_id = deal_id
        self.reason = reason
        where = f"deal #{deal_id}" if deal_id is not None else "a deal with no number"
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True, slots=True)
class HistoryUnavailable:
    """Why the history cannot be used right now."""

    reason: str

    @property
    def message(self) -> str:
        """The line to show: ``history is not being saved: <reason>``."""
        return f"history is not being saved: {self.reason}"


@dataclass(frozen=True, slots=True)
class DealRow:
    """One recorded deal."""

    id: int
    played_at: datetime
    session_id: str | None
    game_index: int | None
    code: str
    rules: str
    profile: dict[str, Any]
    level: str
    seat: Seat
    role: str
    landlord: Seat
    first_bidder: Seat
    bid: int
    multiplier: int
    value: int
    your_points: int
    won: bool
    bombs: int
    rockets: int
    spring: bool
    reverse_spring: bool
    #: Points for each seat, indexed by seat (four at a four-player table).
    scores: tuple[int, ...]
    items: tuple[tuple[str, int], ...]
    bids: tuple[tuple[Seat, int], ...]
    plays: tuple[str, ...]
    hands: dict[str, Any]
    actions_data: tuple[dict[str, Any], ...]

    @property
    def deal_code(self) -> DealCode:
        """The parsed deal code."""
        return parse_code(self.code)

    @property
    def table_code(self) -> TableCode:
        """The code that replays this deal on its own (rules, level and opener included)."""
        try:
            profile = self.rule_profile()
            method, players = profile.first_bidder, profile.players
        except ValueError:  # a damaged profile: name the opener whenever it may matter
            method, players = "marked-card", 3
        dealt = deal_cards(self.deal_code, players)
        return TableCode.for_deal(
            self.deal_code, self.rules, self.level, self.first_bidder, method, dealt
        )

    @property
    def result(self) -> str:
        """``won`` or ``lost``, with ``spring`` / ``reverse spring`` when there was one."""
        text = "won" if self.won else "lost"
        if self.spring:
            text += ", spring"
        elif self.reverse_spring:
            text += ", reverse spring"
        return text

    def rule_profile(self) -> RuleProfile:
        """The rule profile the deal was played under."""
        return profile_from_dict(self.profile)

    def actions(self) -> list[Action]:
        """The deal's actions, in order (raises RecordError if the row is damaged)."""
        rules = self.rule_profile()
        return [action_from_dict(a, rules) for a in self.actions_data]

    def rebuild(self) -> Game:
        """The finished game, rebuilt by replaying the actions through the core."""
        return replay(self.deal_code, self.actions(), self.rule_profile(), self.first_bidder)

    def to_dict(self, full: bool = False) -> dict[str, Any]:
        """JSON-ready data; ``full`` adds the plays, hands, items and actions."""
        out: dict[str, Any] = {
            "id": self.id,
            "played_at": self.played_at.isoformat(),
            "code": str(self.table_code),
            "deal_code": self.code,
            "rules": self.rules,
            "level": self.level,
            "seat": self.seat.label,
            "role": self.role,
            "landlord": self.landlord.label,
            "bid": self.bid,
            "multiplier": self.multiplier,
            "value": self.value,
            "points": self.your_points,
            "won": self.won,
            "bombs": self.bombs,
            "rockets": self.rockets,
            "spring": self.spring,
            "reverse_spring": self.reverse_spring,
        }
        if full:
            out["session_id"] = self.session_id
            out["scores"] = list(self.scores)
            out["items"] = [{"label": label, "factor": f} for label, f in self.items]
            out["bids"] = [[s.label, a] for s, a in self.bids]
            out["plays"] = list(self.plays)
            out["hands"] = self.hands
            out["actions"] = list(self.actions_data)
        return out


@dataclass(frozen=True, slots=True)
class StatsRow:
    """The figures for one level and role (``role`` is ``all`` for both together)."""

    level: str
    role: str
    deals: int
    wins: int
    total_points: int
    best: int
    best_code: str
    worst: int
    worst_code: str
    bombs: int
    rockets: int
    springs: int
    reverse_springs: int

    @property
    def win_rate(self) -> float:
        """Wins per deal, 0..1."""
        return self.wins / self.deals if self.deals else 0.0

    @property
    def average_points(self) -> float:
        """Your points per deal."""
        return self.total_points / self.deals if self.deals else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, with the win rate and average."""
        return {
            "level": self.level,
            "role": self.role,
            "deals": self.deals,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "average_points": round(self.average_points, 2),
            "total_points": self.total_points,
            "best": self.best,
            "best_code": self.best_code,
            "worst": self.worst,
            "worst_code": self.worst_code,
            "bombs": self.bombs,
            "rockets": self.rockets,
            "springs": self.springs,
            "reverse_springs": self.reverse_springs,
        }


def row_values(
    game: Game,
    level: str,
    seat: Seat,
    session_id: str | None,
    game_index: int | None,
    played_at: datetime | None,
) -> tuple[Any, ...]:
    """The values of a settled deal for :data:`COLUMNS` (all but ``id``), in order.

    Raises ValueError for a game that has not been settled.
    """
    settled = game.settlement
    if game.phase is not Phase.FINISHED or settled is None or game.landlord is None:
        raise ValueError("only a settled deal can be recorded")
    s = settled.settlement
    when = (played_at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
    role = game.role(seat)
    assert role is not None
    hands = {
        "dealt": [[c.id for c in h] for h in game.deal.hands],
        "kitty": [c.id for c in game.kitty],
        "left": [[c.id for c in h] for h in settled.hands_left],
    }
    bids = [[int(e.seat), e.amount] for e in game.log if isinstance(e, Bid)]
    return (
        when,
        session_id,
        game_index,
        str(game.code),
        game.rules.name,
        json.dumps(profile_to_dict(game.rules)),
        level,
        int(seat),
        role.value,
        int(game.landlord),
        int(game.first_bidder),
        s.bid,
        s.multiplier,
        s.value,
        s.scores[seat],
        int(s.scores[seat] > 0),
        s.bombs,
        s.rockets,
        int(s.spring),
        int(s.reverse_spring),
        json.dumps(list(s.scores)),
        json.dumps([[i.label, i.factor] for i in s.items]),
        json.dumps(bids),
        json.dumps([describe_event(e) for e in game.log]),
        json.dumps(hands),
        json.dumps([action_to_dict(a) for a in game.actions]),
    )


T = TypeVar("T")
#: Every exception a bad value can raise while it is converted (caught, then reported).
_BAD_VALUE = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    RecursionError,
    OverflowError,
)


def _shown(value: object) -> str:
    """A stored value for a message: NULL, a short repr, or a blob's size."""
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return f"a blob of {len(value)} bytes"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a number far too large"
    text = "".join(c if c.isprintable() else "?" for c in repr(value))
    return text if len(text) <= 30 else text[:27] + "..."


class _Reader:
    """Checks the values of one row, naming the deal and the column in each refusal."""

    def __init__(self, deal_id: object, players: int = 3) -> None:
        self.id = deal_id if isinstance(deal_id, int) and not isinstance(deal_id, bool) else None
        #: The seats of the deal's table: a seat number must be below it.
        self.players = players

    def fail(self, column: str, problem: str) -> DamagedRow:
        return DamagedRow(self.id, f"{column} {problem}")

    def integer(self, column: str, value: object, low: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(column, f"is {_shown(value)}, not a whole number")
        if low is not None and value < low:
            raise self.fail(column, f"is {value}, below {low}")
        return value

    def flag(self, column: str, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
            raise self.fail(column, f"is {_shown(value)}, not 0 or 1")
        return bool(value)

    def text(self, column: str, value: object) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(column, f"is {_shown(value)}, not a text")
        return value

    def seat(self, column: str, value: object) -> Seat:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.players:
            numbers = ", ".join(str(n) for n in range(self.players - 1))
            raise self.fail(
                column, f"is {_shown(value)}, not a seat ({numbers} or {self.players - 1})"
            )
        return Seat(value)

    def role(self, value: object) -> str:
        if value not in ("landlord", "peasant"):
            raise self.fail("role", f"is {_shown(value)}, not landlord or peasant")
        return str(value)

    def code(self, value: object) -> DealCode:
        text = self.text("code", value)
        try:
            return parse_code(text)
        except ValueError:
            raise self.fail("code", f"is {_shown(value)}, not a deal code") from None

    def json(self, column: str, value: object, shape: Callable[[Any], T]) -> T:
        """The JSON text in ``value`` converted by ``shape``, which raises one of
        ``_BAD_VALUE`` for the wrong shape."""
        if not isinstance(value, str):
            raise self.fail(column, f"is {_shown(value)}, not JSON text")
        try:
            data = json.loads(value)
        except (ValueError, RecursionError):
            raise self.fail(column, "is not valid JSON") from None
        try:
            return shape(data)
        except _BAD_VALUE:
            raise self.fail(column, "does not hold what it should") from None

    def when(self, value: object) -> datetime:
        text = self.text("played_at", value)
        try:
            played_at = datetime.fromisoformat(text)
            if played_at.tzinfo is None:
                played_at = played_at.replace(tzinfo=UTC)
            if not 1 < played_at.year < 9999:
                raise ValueError(text)
            played_at.astimezone()  # a time the local clock cannot show is damaged too
        except _BAD_VALUE:
            raise self.fail("played_at", f"is {_shown(value)}, not a date and time") from None
        return played_at


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return value


def _scores(players: int) -> Callable[[Any], tuple[int, ...]]:
    """The shape of the scores of a table of ``players``: one whole number a seat."""

    def shape(data: Any) -> tuple[int, ...]:
        if not isinstance(data, list) or len(data) != players:
            raise ValueError(data)
        return tuple(_whole(score) for score in data)

    return shape


def _items(data: Any) -> tuple[tuple[str, int], ...]:
    out = []
    for label, factor in _listed(data):
        if not isinstance(label, str):
            raise TypeError(label)
        out.append((label, _whole(factor)))
    return tuple(out)


def _bids(players: int) -> Callable[[Any], tuple[tuple[Seat, int], ...]]:
    """The shape of the bids of a table of ``players``: [seat, amount] pairs."""

    def shape(data: Any) -> tuple[tuple[Seat, int], ...]:
        out = []
        for seat, amount in _listed(data):
            if not 0 <= _whole(seat) < players:
                raise ValueError(seat)
            out.append((Seat(seat), _whole(amount)))
        return tuple(out)

    return shape


def _plays(data: Any) -> tuple[str, ...]:
    if not all(isinstance(p, str) for p in _listed(data)):
        raise TypeError(data)
    return tuple(data)


def _listed(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise TypeError(data)
    return data


def _object(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise TypeError(data)
    return data


def _actions(data: Any) -> tuple[dict[str, Any], ...]:
    return tuple(_object(a) for a in _listed(data))


def deal_row(r: Sequence[Any]) -> DealRow:
    """A :class:`DealRow` from the values of :data:`COLUMNS`, every one checked.

    Raises :class:`DamagedRow` (and nothing else) for a row that cannot be read.
    """
    read = _Reader(r[0])
    deal_id = read.integer("id", r[0])
    deal = read.code(r[4])
    session_id = r[2]
    if session_id is not None and not isinstance(session_id, str):
        raise read.fail("session_id", f"is {_shown(session_id)}, not a text")
    profile = read.json("profile", r[6], _object)
    try:
        players = profile_from_dict(profile).players
    except _BAD_VALUE:
        raise read.fail("profile", "is not a valid rule profile") from None
    read.players = players
    row = DealRow(
        id=deal_id,
        played_at=read.when(r[1]),
        session_id=session_id,
        game_index=None if r[3] is None else read.integer("game_index", r[3], 0),
        code=str(deal),
        rules=read.text("rules", r[5]),
        profile=profile,
        level=read.text("level", r[7]),
        seat=read.seat("seat", r[8]),
        role=read.role(r[9]),
        landlord=read.seat("landlord", r[10]),
        first_bidder=read.seat("first_bidder", r[11]),
        bid=read.integer("bid", r[12], 1),
        multiplier=read.integer("multiplier", r[13], 1),
        value=read.integer("value", r[14], 1),
        your_points=read.integer("your_points", r[15]),
        won=read.flag("won", r[16]),
        bombs=read.integer("bombs", r[17], 0),
        rockets=read.integer("rockets", r[18], 0),
        spring=read.flag("spring", r[19]),
        reverse_spring=read.flag("reverse_spring", r[20]),
        scores=read.json("scores", r[21], _scores(players)),
        items=read.json("items", r[22], _items),
        bids=read.json("bids", r[23], _bids(players)),
        plays=read.json("plays", r[24], _plays),
        hands=read.json("hands", r[25], _object),
        actions_data=read.json("actions", r[26], _actions),
    )
    try:
        _ = row.table_code  # the rules and the level must make a table code
    except ValueError:
        shown = f"({_shown(row.rules)}, {_shown(row.level)})"
        raise read.fail("rules", f"and level {shown} cannot be written in a code") from None
    return row


def stats_values(r: Sequence[Any]) -> tuple[str, str, bool, int, str, int, int, bool, bool]:
    """The values of :data:`STATS_COLUMNS` that :func:`stats_row` adds up, checked.

    Returns (level, role, won, your_points, code, bombs, rockets, spring,
    reverse_spring).  Raises :class:`DamagedRow` (and nothing else) for a row that
    cannot be counted.
    """
    read = _Reader(r[0])
    read.integer("id", r[0])
    return (
        read.text("level", r[1]),
        read.role(r[2]),
        read.flag("won", r[3]),
        read.integer("your_points", r[4]),
        str(read.code(r[5])),
        read.integer("bombs", r[6], 0),
        read.integer("rockets", r[7], 0),
        read.flag("spring", r[8]),
        read.flag("reverse_spring", r[9]),
    )


def stats_row(level: str, role: str, rows: Sequence[Sequence[Any]]) -> StatsRow:
    """The figures of ``rows``, each as :func:`stats_values` returns it."""
    best = max(rows, key=lambda r: int(r[3]))
    worst = min(rows, key=lambda r: int(r[3]))
    return StatsRow(
        level=level,
        role=role,
        deals=len(rows),
        wins=sum(int(r[2]) for r in rows),
        total_points=sum(int(r[3]) for r in rows),
        best=int(best[3]),
        best_code=str(best[4]),
        worst=int(worst[3]),
        worst_code=str(worst[4]),
        bombs=sum(int(r[5]) for r in rows),
        rockets=sum(int(r[6]) for r in rows),
        springs=sum(int(r[7]) for r in rows),
        reverse_springs=sum(int(r[8]) for r in rows),
    )
