"""The arena: two computer levels play each other headless, with statistics.

The protocol
------------
:func:`run_arena` plays ``deals`` deals; deal ``i`` (counting from 0) has the code
``successor^i(seed)``, so a run is fixed by its seed code.  Every deal is played
twice on the same cards with the two levels changing places (duplicate play):

* game 1: A sits alone in the *solo seat*, B in the two other seats;
* game 2: B sits alone in the solo seat, A in the two other seats.

The solo seat is the deal's first bidder (the holder of the marked card).  Every
controller gets the random stream of its deal code and seat, as in a normal game,
so a level played against itself gives the same game twice.

* ``no_auction=True``, the usual protocol for judging card play: the first bidder
  is made landlord at bid 1 (bid 1, pass, pass are applied before the controllers
  are built).  Game 1 is A as landlord against two B peasants, game 2 B as landlord
  against two A peasants.
* ``no_auction=False`` (the default): the controllers bid, so the landlord cannot
  be forced.  "A as landlord" counts the games whose landlord seat A played (A alone,
  or one of A's two seats), "A as peasants" the others, where A may have a B
  partner.  A deal that everyone passes is thrown in: it is counted, and left out of
  every other figure (no replacement deal is played).

The figures
-----------
A's points in a game are the sum of the settlement scores of the seats A played (a
landlord wins or loses 2 x value, a peasant the value), so when A plays a whole side
(always, without the auction) they are plus or minus 2 x value.  The games are zero
sum: B's points are minus A's.

* WP: the share of scored games that A won; ADP: A's average points per scored game;
  both with 95% confidence intervals that take the deal as the unit, since the two
  games of a deal share their cards.  A level against itself gives WP 50% and ADP 0
  exactly, with a zero-width interval.
* Bombs, rockets, springs and reverse springs of each level.
* Decision times: every ``decide()`` call of each level, timed with
  :func:`time.perf_counter` (the observation is built outside the timing); the
  50th, 90th and 99th percentiles in milliseconds.

The figures are computed in :mod:`doudizhu_tui.arena_stats` and re-exported here.

With ``jobs`` above 1 the deals are played in chunks by a
:class:`~concurrent.futures.ProcessPoolExecutor`; the workers resolve the levels by
name, and the results are the same as with one job (timings apart).
"""

from __future__ import annotations

import multiprocessing
import random
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from time import perf_counter

from .arena_stats import (
    SIDES,
    RowStats,
    ScoredGame,
    Side,
    SideStats,
    TimingStats,
    percentile,
    wilson_interval,
)
from .bots import UnknownControllerError, resolve
from .core import (
    CLASSIC,
    Action,
    BidAction,
    ControllerFactory,
    DealCode,
    Game,
    Kind,
    Observation,
    Phase,
    Played,
    RuleProfile,
    Seat,
    SeatController,
    code_from_number,
)
from .table import ControllerError, Table

__all__ = [
    "DEFAULT_SEED",
    "SIDES",
    "ArenaError",
    "ArenaPlayError",
    "ArenaResult",
    "GameRecord",
    "RowStats",
    "ScoredGame",
    "Side",
    "SideStats",
    "TimingStats",
    "check_arguments",
    "deal_codes",
    "load_level",
    "percentile",
    "play_game",
    "run_arena",
    "wilson_interval",
]

#: The seed code of a run when none is given, so that runs are reproducible.
DEFAULT_SEED = code_from_number(2026)

#: The most deals a worker plays between two progress reports.
_MAX_CHUNK = 10

ProgressCallback = Callable[[int, int], None]


class ArenaError(ValueError):
    """A bad argument to the arena (a number of deals or jobs below 1)."""


class ArenaPlayError(RuntimeError):
    """A controller failed during a game (an illegal action); the message says where."""


# ----- levels --------------------------------------------------------------------------


def load_level(name: str) -> ControllerFactory:
    """The factory of a level name or ``package.module:factory`` path, checked to build.

    Raises :class:`~doudizhu_tui.bots.UnknownControllerError` with a one-line reason
    when the name is unknown, the module does not load, or the factory does not
    give an object with a ``decide`` method.
    """
    try:
        factory = resolve(name)
    except UnknownControllerError:
        raise
    except Exception as exc:  # a module that fails to load for any other reason
        raise UnknownControllerError(f"cannot load '{name}': {type(exc).__name__}: {exc}") from None
    try:
        controller = factory(Seat.YOU, random.Random(0))
    except Exception as exc:
        raise UnknownControllerError(
            f"'{name}' did not build a controller: {type(exc).__name__}: {exc}"
        ) from None
    if not callable(getattr(controller, "decide", None)):
        raise UnknownControllerError(f"'{name}' built an object without a decide() method")
    return factory


def check_arguments(a: str, b: str, deals: int, jobs: int = 1) -> None:
    """Raise :class:`ArenaError` or ``UnknownControllerError`` for bad arguments."""
    if deals <= 0:
        raise ArenaError(f"the number of deals must be at least 1, not {deals}")
    if jobs <= 0:
        raise ArenaError(f"the number of jobs must be at least 1, not {jobs}")
    load_level(a)
    if b != a:
        load_level(b)


def deal_codes(seed: DealCode, deals: int) -> Iterator[DealCode]:
    """The codes of the run: ``seed``, its successor, and so on (``deals`` of them)."""
    code = seed
    for _ in range(deals):
        yield code
        code = code.successor()


# ----- one game ------------------------------------------------------------------------


class _TimedController:
    """A controller whose decisions are timed into a shared list (seconds)."""

    __slots__ = ("_inner", "_times")

    def __init__(self, inner: SeatController, times: array[float]) -> None:
        self._inner = inner
        self._times = times

    def decide(self, observation: Observation) -> Action:
        start = perf_counter()
        action = self._inner.decide(observation)
        self._times.append(perf_counter() - start)
        return action


def _timed(factory: ControllerFactory, times: array[float]) -> ControllerFactory:
    def build(seat: Seat, rng: random.Random) -> SeatController:
        return _TimedController(factory(seat, rng), times)

    return build


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The outcome of one game of the arena, from A's side."""

    #: The deal's index in the run (0 for the seed code).
    deal: int
    code: str
    #: 1: A alone in the solo seat; 2: B alone in it.
    game: int
    #: The level that played the landlord's seat; None when the deal was thrown in.
    landlord: Side | None
    bid: int = 0
    multiplier: int = 0
    #: The sum of the scores of A's seats (0 when thrown in).
    a_points: int = 0
    #: Bombs and rockets played by the seats of A and of B.
    bombs: tuple[int, int] = (0, 0)
    rockets: tuple[int, int] = (0, 0)
    spring: bool = False
    reverse_spring: bool = False

    @property
    def thrown_in(self) -> bool:
        """True when everyone passed in the auction."""
        return self.landlord is None

    @property
    def a_won(self) -> bool:
        """True when A gained points."""
        return self.a_points > 0

    def to_dict(self) -> dict[str, object]:
        """The record as plain JSON-ready values."""
        return asdict(self)


def play_game(
    code: DealCode,
    game_no: int,
    factories: Mapping[Side, ControllerFactory],
    *,
    no_auction: bool,
    rules: RuleProfile = CLASSIC,
    deal: int = 0,
    levels: Mapping[Side, str] | None = None,
) -> GameRecord:
    """Play game ``game_no`` (1: A solo, 2: B solo) of the deal ``code``."""
    game = Game(code, rules)
    solo: Side = "A" if game_no == 1 else "B"
    other: Side = "B" if game_no == 1 else "A"
    sides = {seat: solo if seat == game.first_bidder else other for seat in Seat}
    if no_auction:
        for amount in (1, 0, 0):
            game.apply(BidAction(amount))
    table = Table(game, {seat: factories[side] for seat, side in sides.items()})
    try:
        table.run()
    except ControllerError as exc:
        side = sides[exc.seat]
        level = f" ({levels[side]})" if levels else ""
        raise ArenaPlayError(
            f"deal {deal + 1} ({code}), game {game_no}: {side}{level} in the "
            f"{exc.seat.label} seat chose an illegal action ({exc.action}): {exc.reason}"
        ) from None
    if game.phase is Phase.THROWN_IN:
        return GameRecord(deal, str(code), game_no, None)
    settled = game.settlement
    if settled is None:  # pragma: no cover - every seat has a controller
        raise ArenaPlayError(f"deal {deal + 1} ({code}), game {game_no} did not end")
    result = settled.settlement
    bombs = [0, 0]
    rockets = [0, 0]
    for event in game.log:
        if isinstance(event, Played):
            i = SIDES.index(sides[event.seat])
            if event.play.kind is Kind.BOMB:
                bombs[i] += 1
            elif event.play.kind is Kind.ROCKET:
                rockets[i] += 1
    return GameRecord(
        deal=deal,
        code=str(code),
        game=game_no,
        landlord=sides[result.landlord],
        bid=result.bid,
        multiplier=result.multiplier,
        a_points=sum(result.scores[s] for s in Seat if sides[s] == "A"),
        bombs=(bombs[0], bombs[1]),
        rockets=(rockets[0], rockets[1]),
        spring=result.spring,
        reverse_spring=result.reverse_spring,
    )


# ----- playing many deals --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Chunk:
    a: str
    b: str
    start: int
    codes: tuple[DealCode, ...]
    no_auction: bool
    rules: RuleProfile


@dataclass(slots=True)
class _Played:
    records: list[GameRecord] = field(default_factory=list)
    times: dict[Side, array[float]] = field(
        default_factory=lambda: {"A": array("d"), "B": array("d")}
    )


def _play_deals(
    chunk: _Chunk,
    out: _Played,
    factories: Mapping[Side, ControllerFactory],
    progress: Callable[[], None] | None = None,
) -> None:
    timed = {side: _timed(factories[side], out.times[side]) for side in SIDES}
    levels: dict[Side, str] = {"A": chunk.a, "B": chunk.b}
    for offset, code in enumerate(chunk.codes):
        for game_no in (1, 2):
            out.records.append(
                play_game(
                    code,
                    game_no,
                    timed,
                    no_auction=chunk.no_auction,
                    rules=chunk.rules,
                    deal=chunk.start + offset,
                    levels=levels,
                )
            )
        if progress is not None:
            progress()


def _play_chunk(chunk: _Chunk) -> _Played:
    """Worker entry point: resolve the levels by name and play the chunk's deals."""
    out = _Played()
    _play_deals(chunk, out, {"A": resolve(chunk.a), "B": resolve(chunk.b)})
    return out


def _pool_context() -> multiprocessing.context.BaseContext:
    # Not "fork": the caller may have threads running (a progress display).
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_arena(
    a: str,
    b: str,
    deals: int = 100,
    seed: DealCode | None = None,
    no_auction: bool = False,
    jobs: int = 1,
    progress_callback: ProgressCallback | None = None,
    rules: RuleProfile = CLASSIC,
) -> ArenaResult:
    """Play ``deals`` deals twice each, level ``a`` against level ``b`` (see the module).

    ``progress_callback(done, total)`` is called as deals finish.  Bad arguments
    raise :class:`ArenaError` or :class:`~doudizhu_tui.bots.UnknownControllerError`;
    a controller's illegal action raises :class:`ArenaPlayError`.
    """
    check_arguments(a, b, deals, jobs)
    seed = DEFAULT_SEED if seed is None else seed
    codes = tuple(deal_codes(seed, deals))
    started = perf_counter()
    out = _Played()
    if jobs == 1 or deals == 1:
        done = 0

        def tick() -> None:
            nonlocal done
            done += 1
            if progress_callback is not None:
                progress_callback(done, deals)

        chunk = _Chunk(a, b, 0, codes, no_auction, rules)
        _play_deals(chunk, out, {"A": resolve(a), "B": resolve(b)}, tick)
    else:
        size = max(1, min(_MAX_CHUNK, -(-deals // (jobs * 4))))
        chunks = [
            _Chunk(a, b, start, codes[start : start + size], no_auction, rules)
            for start in range(0, deals, size)
        ]
        parts: list[_Played | None] = [None] * len(chunks)
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=_pool_context())
        try:
            futures: dict[Future[_Played], int] = {
                pool.submit(_play_chunk, chunk): i for i, chunk in enumerate(chunks)
            }
            done = 0
            for future in as_completed(futures):
                i = futures[future]
                parts[i] = future.result()
                done += len(chunks[i].codes)
                if progress_callback is not None:
                    progress_callback(done, deals)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        for part in parts:
            assert part is not None
            out.records.extend(part.records)
            for side in SIDES:
                out.times[side].extend(part.times[side])
    return ArenaResult(
        a=a,
        b=b,
        deals=deals,
        seed=seed,
        no_auction=no_auction,
        jobs=jobs,
        rules=rules,
        games=tuple(out.records),
        times=out.times,
        elapsed=perf_counter() - started,
    )


# ----- the result ----------------------------------------------------------------------


@dataclass(frozen=True)
class ArenaResult:
    """Every game of an arena run and the figures drawn from them."""

    a: str
    b: str
    deals: int
    seed: DealCode
    no_auction: bool
    jobs: int
    rules: RuleProfile
    #: Two records per deal, in deal order (game 1 then game 2).
    games: tuple[GameRecord, ...]
    #: Every decision time of each level, in seconds.
    times: Mapping[Side, Sequence[float]]
    #: Wall-clock seconds of the whole run.
    elapsed: float

    def level(self, side: Side) -> str:
        """The level name of ``side``."""
        return self.a if side == "A" else self.b

    @property
    def scored(self) -> tuple[GameRecord, ...]:
        """The games that were played out (not thrown in)."""
        return tuple(g for g in self.games if not g.thrown_in)

    @property
    def thrown_in(self) -> int:
        """How many games were thrown in (everyone passed)."""
        return sum(1 for g in self.games if g.thrown_in)

    def overall(self) -> RowStats:
        """A's figures over all scored games."""
        return RowStats.of(self.scored)

    def as_landlord(self) -> RowStats:
        """A's figures over the games where A played the landlord's seat."""
        return RowStats.of([g for g in self.scored if g.landlord == "A"])

    def as_peasants(self) -> RowStats:
        """A's figures over the games where B played the landlord's seat."""
        return RowStats.of([g for g in self.scored if g.landlord == "B"])

    def side(self, side: Side) -> SideStats:
        """Landlord games, wins, bombs and springs of one level."""
        return SideStats.of(self.level(side), side, self.scored)

    def timing(self, side: Side) -> TimingStats:
        """Decision-time percentiles of one level."""
        return TimingStats.of(self.level(side), self.times[side])

    def to_dict(self, include_games: bool = False) -> dict[str, object]:
        """The settings and figures as one JSON-ready object.

        Everything but ``jobs`` and ``timing`` is fixed by the arguments.
        """
        timing: dict[str, object] = {"elapsed_s": self.elapsed}
        timing.update({side: self.timing(side).to_dict() for side in SIDES})
        data: dict[str, object] = {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "seed": str(self.seed),
            "no_auction": self.no_auction,
            "rules": self.rules.name,
            "jobs": self.jobs,
            "games": len(self.games),
            "scored": len(self.scored),
            "thrown_in": self.thrown_in,
            "overall": self.overall().to_dict(),
            "landlord": self.as_landlord().to_dict(),
            "peasants": self.as_peasants().to_dict(),
            "sides": {side: self.side(side).to_dict() for side in SIDES},
            "timing": timing,
        }
        if include_games:
            data["records"] = [g.to_dict() for g in self.games]
        return data
