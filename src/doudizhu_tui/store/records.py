"""The history's value objects and their conversion to and from database rows.

:class:`DealRow` is one recorded deal, :class:`StatsRow` the figures for a level
and role, :class:`HistoryUnavailable` why the history cannot be used.  The row
functions here are the only code that knows the column order of ``deals``
(:data:`COLUMNS`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..core import (
    Action,
    Bid,
    DealCode,
    Game,
    Phase,
    RuleProfile,
    Seat,
    TableCode,
    parse_code,
    replay,
)
from ..match import action_from_dict, action_to_dict
from .codec import describe_event, profile_from_dict, profile_to_dict

__all__ = [
    "COLUMNS",
    "DealRow",
    "HistoryUnavailable",
    "StatsRow",
    "deal_row",
    "row_values",
    "stats_row",
]

#: The columns of ``deals`` in the order the row functions use.
COLUMNS = (
    "id, played_at, session_id, game_index, code, rules, profile, level, seat, role, "
    "landlord, first_bidder, bid, multiplier, value, your_points, won, bombs, rockets, "
    "spring, reverse_spring, scores, items, bids, plays, hands, actions"
)


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
    scores: tuple[int, int, int]
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
        return TableCode.for_deal(self.deal_code, self.rules, self.level, self.first_bidder)

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


def deal_row(r: Sequence[Any]) -> DealRow:
    played_at = datetime.fromisoformat(r[1])
    if played_at.tzinfo is None:
        played_at = played_at.replace(tzinfo=UTC)
    scores = json.loads(r[21])
    return DealRow(
        id=int(r[0]),
        played_at=played_at,
        session_id=r[2],
        game_index=None if r[3] is None else int(r[3]),
        code=str(r[4]),
        rules=str(r[5]),
        profile=dict(json.loads(r[6])),
        level=str(r[7]),
        seat=Seat(int(r[8])),
        role=str(r[9]),
        landlord=Seat(int(r[10])),
        first_bidder=Seat(int(r[11])),
        bid=int(r[12]),
        multiplier=int(r[13]),
        value=int(r[14]),
        your_points=int(r[15]),
        won=bool(r[16]),
        bombs=int(r[17]),
        rockets=int(r[18]),
        spring=bool(r[19]),
        reverse_spring=bool(r[20]),
        scores=(int(scores[0]), int(scores[1]), int(scores[2])),
        items=tuple((str(label), int(f)) for label, f in json.loads(r[22])),
        bids=tuple((Seat(int(s)), int(a)) for s, a in json.loads(r[23])),
        plays=tuple(str(p) for p in json.loads(r[24])),
        hands=dict(json.loads(r[25])),
        actions_data=tuple(dict(a) for a in json.loads(r[26])),
    )


def stats_row(level: str, role: str, rows: list[tuple[Any, ...]]) -> StatsRow:
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
