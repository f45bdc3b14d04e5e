"""Playing a run of the arena: the deals, the processes, and the result with its figures.

See :mod:`doudizhu_tui.arena` for the protocol and the figures.
"""

from __future__ import annotations

import multiprocessing
import random
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from time import perf_counter

from ..bots import UnknownControllerError, resolve
from ..core import CLASSIC, ControllerFactory, DealCode, RuleProfile, Seat, code_from_number
from .games import GameRecord, play_game, timed
from .stats import SIDES, RowStats, Side, SideStats, TimingStats

__all__ = [
    "DEFAULT_SEED",
    "ArenaError",
    "ArenaResult",
    "ProgressCallback",
    "check_arguments",
    "deal_codes",
    "load_level",
    "run_arena",
]

#: The seed code of a run when none is given, so that runs are reproducible.
DEFAULT_SEED = code_from_number(2026)

#: The most deals a worker plays between two progress reports.
_MAX_CHUNK = 10

#: ``progress_callback(done, total)``: called as deals finish.
ProgressCallback = Callable[[int, int], None]


class ArenaError(ValueError):
    """A bad argument to the arena (a number of deals or jobs below 1)."""


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
    timers = {side: timed(factories[side], out.times[side]) for side in SIDES}
    levels: dict[Side, str] = {"A": chunk.a, "B": chunk.b}
    for offset, code in enumerate(chunk.codes):
        for game_no in (1, 2):
            out.records.append(
                play_game(
                    code,
                    game_no,
                    timers,
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
    raise :class:`ArenaError` or :class:`~doudizhu_tui.bots.UnknownControllerError`.
    A controller's illegal choice does not stop the run: it is counted (see
    :meth:`ArenaResult.illegal`) and replaced as :func:`~doudizhu_tui.arena.games.substitute`
    says.
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

    def illegal(self, side: Side) -> int:
        """How many illegal choices the seats of one level made, over every game."""
        i = SIDES.index(side)
        return sum(g.illegal[i] for g in self.games)

    @property
    def first_illegal(self) -> str | None:
        """The first illegal choice of the run (in deal order), described in one line."""
        return next((g.first_illegal for g in self.games if g.first_illegal), None)

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
            "illegal": {side: self.illegal(side) for side in SIDES},
            "first_illegal": self.first_illegal,
            "timing": timing,
        }
        if include_games:
            data["records"] = [g.to_dict() for g in self.games]
        return data
