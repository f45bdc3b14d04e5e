"""The arena: two computer levels play each other headless, with statistics.

The protocol
------------
:func:`run_arena` plays ``deals`` deals; deal ``i`` (counting from 0) has the code
``successor^i(seed)``, so a run is fixed by its seed code.  Every deal is played
twice on the same cards with the two levels changing places (duplicate play):

* game 1: A sits alone in the *solo seat*, B in every other seat;
* game 2: B sits alone in the solo seat, A in every other seat.

At three players the other seats are two, at four (``--rules four``) three: one
level plays the lone seat, the other all three partners' seats, then they change.

The solo seat is the deal's first bidder (the holder of the marked card).  Every
controller gets the random stream of its deal code and seat, as in a normal game,
so a level played against itself gives the same game twice.

* ``no_auction=True``, the usual protocol for judging card play: the first bidder
  is made landlord at bid 1 (bid 1 and a pass from every other seat are applied
  before the controllers are built).  Game 1 is A as landlord against two (or
  three) B peasants, game 2 B as landlord against the A peasants.
* ``no_auction=False`` (the default): the controllers bid, so the landlord cannot
  be forced.  "A as landlord" counts the games whose landlord seat A played (A alone,
  or one of A's other seats), "A as peasants" the others, where A may have a B
  partner.  A deal that everyone passes is thrown in: it is counted, and left out of
  every other figure (no replacement deal is played).

The figures
-----------
A's points in a game are the sum of the settlement scores of the seats A played (a
landlord wins or loses 2 x value, or 3 x value at four, a peasant the value), so
when A plays a whole side (always, without the auction) they are plus or minus 2 x
value (3 x value at four).  The games are zero
sum: B's points are minus A's.

* WP: the share of scored games that A won; ADP: A's average points per scored game;
  both with 95% confidence intervals that take the deal as the unit, since the two
  games of a deal share their cards.  A level against itself gives WP 50% and ADP 0
  exactly, with a zero-width interval.
* Bombs, rockets, springs and reverse springs of each level.
* Decision times: every ``decide()`` call of each level, timed with
  :func:`time.perf_counter` (the observation is built outside the timing); the
  50th, 90th and 99th percentiles in milliseconds.

Illegal choices
---------------
The table's gate refuses a controller's illegal choice.  The arena counts it
against the level that made it, makes the seat pass instead (no bid in the
auction, a pass when following) or, when it must lead, play the first of its
legal actions, and plays on (:mod:`doudizhu_tui.arena.games`).  The counts are
part of the result (:meth:`ArenaResult.illegal`); the ``doudizhu arena`` command
reports them and exits with status 1 when any is non-zero.

The modules
-----------
:mod:`~doudizhu_tui.arena.games` plays one game, :mod:`~doudizhu_tui.arena.run`
a whole run, :mod:`~doudizhu_tui.arena.stats` computes the figures and
:mod:`~doudizhu_tui.arena.paired` compares two runs on the same deals game for game;
their public names are re-exported here.  Nothing here draws or prints: the command's
tables are :mod:`doudizhu_tui.cli.arena`.

With ``jobs`` above 1 the deals are played in chunks by a
:class:`~concurrent.futures.ProcessPoolExecutor`; the workers resolve the levels by
name, and the results are the same as with one job (timings apart).
"""

from __future__ import annotations

from .games import ArenaPlayError, GameRecord, play_game, substitute
from .paired import PairedDifference, PairedGame, game_score, paired_difference
from .run import (
    DEFAULT_SEED,
    ArenaError,
    ArenaResult,
    ProgressCallback,
    check_arguments,
    deal_codes,
    load_level,
    run_arena,
)
from .stats import (
    SIDES,
    RowStats,
    ScoredGame,
    Side,
    SideStats,
    TimingStats,
    percentile,
    wilson_interval,
)

__all__ = [
    "DEFAULT_SEED",
    "SIDES",
    "ArenaError",
    "ArenaPlayError",
    "ArenaResult",
    "GameRecord",
    "PairedDifference",
    "PairedGame",
    "ProgressCallback",
    "RowStats",
    "ScoredGame",
    "Side",
    "SideStats",
    "TimingStats",
    "check_arguments",
    "deal_codes",
    "game_score",
    "load_level",
    "paired_difference",
    "percentile",
    "play_game",
    "run_arena",
    "substitute",
    "wilson_interval",
]
