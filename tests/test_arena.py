"""The arena: bots against bots headless (issue #3)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from click.testing import CliRunner

from doudizhu_tui.arena import (
    DEFAULT_SEED,
    ArenaError,
    GameRecord,
    RowStats,
    paired_difference,
    percentile,
    play_game,
    run_arena,
    substitute,
    wilson_interval,
)
from doudizhu_tui.arena.stats import Side, SideStats, TimingStats
from doudizhu_tui.bots import UnknownControllerError, resolve
from doudizhu_tui.cli import main
from doudizhu_tui.core import (
    BidAction,
    Game,
    PassAction,
    code_from_number,
    parse_code,
    parse_profile,
)
from doudizhu_tui.rulebook import profile_names, profile_text

OUTSIDE = "tests.outside_bot:FirstLegal"
#: Illegal at every turn of the card play (tests/broken_bot.py).
BROKEN = "tests.broken_bot:Repeater"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, ["arena", *args])


def run_json(*args: str) -> dict[str, Any]:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("timing", "jobs")}


def one_error_line(result: Any) -> str:
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    line: str = lines[0]
    assert line.startswith("doudizhu: error: ")
    return line


# ----- the command -----------------------------------------------------------------------


def test_small_run_prints_one_json_object_with_the_counts() -> None:
    data = run_json("--a", "random", "--b", "random", "--deals", "4", "--no-auction")
    assert data["a"] == data["b"] == "random"
    assert data["deals"] == 4
    assert data["seed"] == str(DEFAULT_SEED)
    assert data["no_auction"] is True
    assert (data["games"], data["scored"], data["thrown_in"]) == (8, 8, 0)
    assert data["overall"]["games"] == 8
    assert data["landlord"]["games"] == data["peasants"]["games"] == 4
    for row in ("overall", "landlord", "peasants"):
        assert set(data[row]) == {"games", "wins", "wp", "wp_ci", "adp", "adp_ci"}
    for side in ("A", "B"):
        assert data["sides"][side]["landlord_games"] == 4
        assert {"bombs", "rockets", "springs", "reverse_springs"} <= set(data["sides"][side])
        timing = data["timing"][side]
        assert timing["decisions"] > 0
        assert 0 <= timing["p50_ms"] <= timing["p90_ms"] <= timing["p99_ms"] <= timing["max_ms"]


def test_a_level_against_itself_splits_exactly_even() -> None:
    # Same level, same seat streams: the two games of a deal are the same game,
    # won once by each side.
    for mode in ([], ["--no-auction"]):
        data = run_json("--a", "random", "--b", "random", "--deals", "6", *mode)
        assert data["overall"]["wp"] == 0.5
        assert data["overall"]["adp"] == 0
        assert data["overall"]["wp_ci"] == [0.5, 0.5]


def test_same_seed_gives_the_same_results() -> None:
    args = ("--a", OUTSIDE, "--b", "random", "--deals", "5", "--seed", "3226b q524c")
    first, second = run_json(*args), run_json(*args)
    assert without_timing(first) == without_timing(second)
    assert first["seed"] == "3226B-Q524C"
    other = run_json("--a", OUTSIDE, "--b", "random", "--deals", "5")
    assert without_timing(other) != without_timing(first)


def test_two_jobs_give_the_same_results_as_one() -> None:
    args = ("--a", OUTSIDE, "--b", "random", "--deals", "6")
    one = run_json(*args, "--jobs", "1")
    two = run_json(*args, "--jobs", "2")
    assert one["jobs"] == 1 and two["jobs"] == 2
    assert without_timing(one) == without_timing(two)
    assert two["timing"]["A"]["decisions"] == one["timing"]["A"]["decisions"]


def test_an_outside_controller_loads_by_import_path() -> None:
    data = run_json("--a", OUTSIDE, "--b", "random", "--deals", "3", "--no-auction")
    assert data["a"] == OUTSIDE
    assert data["sides"]["A"]["level"] == OUTSIDE
    assert data["scored"] == 6


def test_tables_are_printed_without_json() -> None:
    result = invoke("--a", "random", "--b", OUTSIDE, "--deals", "2")
    assert result.exit_code == 0, result.output
    for text in ("A = random", f"B = {OUTSIDE}", "WP", "ADP", "95% CI", "p99", "Thrown in"):
        assert text in result.stdout
    assert "{" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--a", "hrad"], "doudizhu: error: --a: unknown level 'hrad' (known: "),
        (
            ["--b", "no_such_module_xyz:factory"],
            "doudizhu: error: --b: cannot import 'no_such_module_xyz'",
        ),
        (["--b", "tests.outside_bot:missing"], "no callable 'missing'"),
        (["--b", "tests.outside_bot:NOT_CALLABLE"], "no callable 'NOT_CALLABLE'"),
        (["--b", "tests.outside_bot:not_a_controller"], "without a decide() method"),
        (["--a", ":x"], "doudizhu: error: --a: ':x' names no module"),
        (
            ["--a", ".outside_bot:FirstLegal"],
            "doudizhu: error: --a: '.outside_bot:FirstLegal' is a relative import",
        ),
        (["--b", "tests.outside_bot:"], "names no factory"),
        (["--b", ""], "doudizhu: error: --b is empty"),
        (
            ["--deals", "0"],
            "doudizhu: error: --deals must be a whole number from 1 to 100000, not 0",
        ),
        (["--deals", "-3"], "--deals must be a whole number from 1 to 100000, not -3"),
        (["--deals", "100001"], "--deals must be a whole number from 1 to 100000, not 100001"),
        (
            ["--deals", "1" + "0" * 30],
            "--deals must be a whole number from 1 to 100000, not a number of 31 digits",
        ),
        (["--deals", "1" + "0" * 5000], "not a number of 5001 digits"),
        (["--deals", "2.5"], "--deals must be a whole number from 1 to 100000, not '2.5'"),
        (["--deals", ""], "--deals must be a whole number from 1 to 100000, not ''"),
        (["--jobs", "0"], "doudizhu: error: --jobs must be a whole number from 1 to 64, not 0"),
        (["--jobs", "100000"], "--jobs must be a whole number from 1 to 64, not 100000"),
        (["--seed", "ABC"], "doudizhu: error: bad --seed: a deal code has 10 characters"),
        (
            ["--seed", "3226B-Q524D"],
            "doudizhu: error: bad --seed: deal code 3226B-Q524D is mistyped",
        ),
        (["--rules", "nope"], "doudizhu: error: unknown rule profile 'nope'"),
        (["--rules", ""], "doudizhu: error: --rules is empty"),
        (["--seed", " "], "doudizhu: error: --seed is empty"),
        (["--seed", "3226B-Q524C\n" + "x" * 5000], "bad --seed: a deal code has 10 characters"),
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str], message: str) -> None:
    base = {"--a": "random", "--b": "random", "--deals": "2"}
    for i in range(0, len(args), 2):
        base[args[i]] = args[i + 1]
    result = invoke(*[x for pair in base.items() for x in pair])
    assert result.exit_code == 2
    line = one_error_line(result)
    assert message in line and len(line) < 200


def test_an_illegal_action_is_reported_with_the_deal_after_the_results() -> None:
    result = invoke(
        "--a", "tests.outside_bot:AlwaysPass", "--b", "random", "--no-auction", "--json"
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)  # the results are printed all the same
    assert data["illegal"]["A"] > 0 and data["illegal"]["B"] == 0
    assert data["scored"] == data["games"] == 200
    (line,) = result.stderr.splitlines()
    assert line.startswith("doudizhu: error: ")
    assert f"deal 1 ({DEFAULT_SEED}), game 1: A (tests.outside_bot:AlwaysPass)" in line
    assert "illegal action (pass)" in line


def test_illegal_choices_are_counted_in_json_and_exit_1() -> None:
    result = invoke("--a", "random", "--b", BROKEN, "--deals", "3", "--no-auction", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    decisions = data["timing"]["B"]["decisions"]
    assert data["illegal"] == {"A": 0, "B": decisions} and decisions > 0
    assert data["first_illegal"].startswith(f"deal 1 ({DEFAULT_SEED}), game 1: B ({BROKEN}) in ")
    (line,) = result.stderr.splitlines()
    assert line == (
        f"doudizhu: error: {decisions} illegal choices (A (random) 0, B ({BROKEN}) "
        f"{decisions}); the first: {data['first_illegal']}"
    )


def test_illegal_choices_are_in_the_tables_and_exit_1() -> None:
    result = invoke("--a", BROKEN, "--b", "random", "--deals", "2", "--no-auction")
    assert result.exit_code == 1
    assert "illegal" in result.stdout
    assert "Illegal choices: " in result.stdout
    assert "each replaced by a pass" in result.stdout
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("doudizhu: error: ") and "illegal choices (A (tests.broken" in last


def test_a_clean_run_reports_no_illegal_choices() -> None:
    data = run_json("--a", "random", "--b", OUTSIDE, "--deals", "2")
    assert data["illegal"] == {"A": 0, "B": 0}
    assert data["first_illegal"] is None


# ----- the library -----------------------------------------------------------------------


def test_no_auction_games_pair_a_and_b_as_landlord_at_bid_1() -> None:
    result = run_arena(OUTSIDE, "random", deals=5, no_auction=True)
    assert [(g.deal, g.game) for g in result.games] == [(d, n) for d in range(5) for n in (1, 2)]
    assert [g.landlord for g in result.games] == ["A", "B"] * 5
    for g in result.games:
        assert g.bid == 1
        assert abs(g.a_points) == 2 * 10 * g.multiplier  # one side alone: 2 x value
    codes = [g.code for g in result.games[::2]]
    assert codes[0] == str(DEFAULT_SEED)
    assert codes[1] == str(DEFAULT_SEED.successor())
    assert len(set(codes)) == 5


def test_auction_counts_throw_ins_apart() -> None:
    # FirstLegal always passes in the auction, so on its own it throws every deal in;
    # thrown-in games are counted and left out of the figures.
    result = run_arena(OUTSIDE, OUTSIDE, deals=3)
    assert result.thrown_in == 6
    assert result.scored == ()
    assert result.overall().games == 0 and result.overall().wp is None
    mixed = run_arena("random", OUTSIDE, deals=20, seed=code_from_number(7))
    assert len(mixed.scored) + mixed.thrown_in == 40
    assert mixed.thrown_in > 0
    assert mixed.as_landlord().games + mixed.as_peasants().games == len(mixed.scored)


def test_progress_callback_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run_arena("random", "random", deals=3, progress_callback=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_bad_arguments_raise() -> None:
    with pytest.raises(ArenaError):
        run_arena("random", "random", deals=0)
    with pytest.raises(ArenaError):
        run_arena("random", "random", deals=1, jobs=0)
    with pytest.raises(UnknownControllerError):
        run_arena("random", "hrad", deals=1)


def test_statistics_helpers() -> None:
    assert percentile([5.0], 99) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 90) == pytest.approx(4.6)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35
    # Independent games (one per deal): the plain Wilson interval.
    games = [GameRecord(i, "", 1, "A", 1, 1, 20 if i % 4 else -20) for i in range(40)]
    row = RowStats.of(games)
    assert row.wp == 0.75 and row.wp_ci == wilson_interval(30, 40)
    assert row.adp == 10
    assert row.adp_ci is not None
    half = 1.959963984540054 * math.sqrt(sum((g.a_points - 10) ** 2 for g in games) / 39 / 40)
    assert row.adp_ci == pytest.approx((10 - half, 10 + half))
    # Two games per deal that always agree: the interval widens (fewer effective samples).
    paired = [
        GameRecord(i // 2, "", 1 + i % 2, "A", 1, 1, g.a_points)
        for i, g in enumerate(games[i // 2] for i in range(80))
    ]
    wide = RowStats.of(paired)
    assert wide.wp == 0.75 and wide.wp_ci is not None and row.wp_ci is not None
    assert wide.wp_ci[1] - wide.wp_ci[0] > wilson_interval(60, 80)[1] - wilson_interval(60, 80)[0]


def test_wilson_interval_of_known_values() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-5)
    assert hi == pytest.approx(0.59617, abs=1e-5)
    assert lo + hi == pytest.approx(1.0)  # symmetric about 1/2
    # A fractional number of games (the effective n of clustered games) is allowed;
    # fewer games give a wider interval around the same proportion.
    few_lo, few_hi = wilson_interval(7.5, 15)
    assert few_lo + few_hi == pytest.approx(1.0)
    assert few_hi - few_lo > hi - lo
    lo, hi = wilson_interval(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.72246, abs=1e-5)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_percentiles_of_a_known_list() -> None:
    values = [4.0, 1.0, 3.0, 2.0]  # unsorted on purpose
    assert percentile(values, 0) == 1.0
    assert percentile(values, 25) == pytest.approx(1.75)
    assert percentile(values, 50) == pytest.approx(2.5)
    assert percentile(values, 100) == 4.0
    assert percentile(list(range(101)), 99) == pytest.approx(99.0)
    with pytest.raises(ValueError):
        percentile([], 50)


def test_a_level_against_itself_has_zero_width_intervals() -> None:
    # Each deal won once by each side, for the same stake: WP 1/2 and ADP 0 exactly.
    games = [
        GameRecord(d, "", n, "A" if n == 1 else "B", 1, 2 ** (d % 3), s * 20 * 2 ** (d % 3))
        for d in range(10)
        for n, s in ((1, 1 if d % 2 else -1), (2, -1 if d % 2 else 1))
    ]
    row = RowStats.of(games)
    assert (row.games, row.wins, row.wp, row.adp) == (20, 10, 0.5, 0.0)
    assert row.wp_ci == (0.5, 0.5)
    assert row.adp_ci == (0.0, 0.0)


def test_side_and_timing_figures() -> None:
    games = [
        GameRecord(0, "", 1, "A", 1, 2, 40, bombs=(1, 0), rockets=(0, 1), spring=True),
        GameRecord(0, "", 2, "B", 1, 1, 20, bombs=(0, 2), reverse_spring=True),
        GameRecord(1, "", 1, "A", 1, 1, -20, rockets=(1, 0)),
    ]
    assert SideStats.of("hard", "A", games) == SideStats("hard", 2, 2, 1, 1, 1, 1)
    assert SideStats.of("easy", "B", games) == SideStats("easy", 1, 1, 2, 1, 0, 0)
    timing = TimingStats.of("hard", [0.004, 0.001, 0.002, 0.003])
    assert timing.decisions == 4
    assert timing.mean_ms == pytest.approx(2.5)
    assert timing.p50_ms == pytest.approx(2.5)
    assert timing.max_ms == pytest.approx(4.0)
    assert TimingStats.of("hard", []) == TimingStats("hard", 0, None, None, None, None, None)


def test_statistics_are_importable_from_the_arena() -> None:
    import doudizhu_tui.arena as arena
    import doudizhu_tui.arena.stats as stats

    for name in ("SIDES", "RowStats", "SideStats", "TimingStats", "percentile", "wilson_interval"):
        assert getattr(arena, name) is getattr(stats, name)


# ----- illegal choices -------------------------------------------------------------------


def test_every_illegal_choice_is_counted_against_its_level() -> None:
    result = run_arena(BROKEN, "random", deals=3, no_auction=True)
    # The broken level is illegal at every decision (the auction is skipped).
    assert result.illegal("A") == result.timing("A").decisions > 0
    assert result.illegal("B") == 0
    assert len(result.scored) == 6  # every game went on to its end
    assert sum(g.illegal[0] for g in result.games) == result.illegal("A")
    first = result.first_illegal
    assert first is not None
    assert first.startswith(f"deal 1 ({DEFAULT_SEED}), game 1: A ({BROKEN}) in the ")
    assert "chose an illegal action (pass)" in first  # A is landlord and must lead
    assert result.to_dict()["illegal"] == {"A": result.illegal("A"), "B": 0}
    both = run_arena(BROKEN, BROKEN, deals=2, no_auction=True)
    assert both.illegal("A") == both.timing("A").decisions > 0
    assert both.illegal("B") == both.timing("B").decisions > 0


def test_an_illegal_choice_is_replaced_by_a_pass_or_the_first_legal_lead() -> None:
    # FirstLegal plays exactly what the arena substitutes (pass when following, the
    # first legal play when leading), so the broken level's games are FirstLegal's.
    broken = run_arena(BROKEN, "random", deals=4, no_auction=True)
    first_legal = run_arena(OUTSIDE, "random", deals=4, no_auction=True)
    clean = [g.to_dict() | {"illegal": (0, 0), "first_illegal": None} for g in broken.games]
    assert clean == [g.to_dict() for g in first_legal.games]
    assert first_legal.illegal("A") == 0


def test_substitute_passes_when_it_may_else_leads_the_first_legal_play() -> None:
    game = Game(DEFAULT_SEED)
    assert substitute(game) == BidAction(0)  # the auction: no bid
    for amount in (1, 0, 0):
        game.apply(BidAction(amount))
    lead = substitute(game)  # the landlord must lead
    assert lead == game.legal_actions()[0] and lead != PassAction()
    game.apply(lead)
    assert substitute(game) == PassAction()  # following: pass


def test_play_game_counts_each_sides_illegal_choices() -> None:
    factories = {"A": resolve("random"), "B": resolve(BROKEN)}
    record = play_game(DEFAULT_SEED, 2, factories, no_auction=True, levels={"A": "x", "B": "y"})
    assert record.illegal[0] == 0 and record.illegal[1] > 0
    assert record.first_illegal is not None
    assert record.first_illegal.startswith(f"deal 1 ({DEFAULT_SEED}), game 2: B (y) in the ")
    assert not record.thrown_in


def test_two_jobs_count_the_same_illegal_choices_as_one() -> None:
    one = run_arena("random", BROKEN, deals=4, no_auction=True)
    two = run_arena("random", BROKEN, deals=4, no_auction=True, jobs=2)
    assert [g.illegal for g in one.games] == [g.illegal for g in two.games]
    assert one.first_illegal == two.first_illegal


@pytest.mark.parametrize("name", profile_names())
@pytest.mark.parametrize("no_auction", [True, False])
def test_the_arena_plays_every_profile_with_and_without_the_auction(
    name: str, no_auction: bool
) -> None:
    rules = parse_profile(profile_text(name))
    result = run_arena("normal", "easy", deals=3, no_auction=no_auction, rules=rules)
    assert result.illegal("A") == result.illegal("B") == 0
    assert len(result.games) == 6
    if no_auction:
        assert all(g.landlord is not None and g.a_points != 0 for g in result.games)


# ----- four players (issue #11) ----------------------------------------------------------


def _four() -> Any:
    return parse_profile(profile_text("four"))


@pytest.mark.parametrize("no_auction", [True, False])
def test_four_a_level_against_itself_splits_exactly_even(no_auction: bool) -> None:
    mode = ["--no-auction"] if no_auction else []
    data = run_json("--a", "random", "--b", "random", "--deals", "6", "--rules", "four", *mode)
    assert data["rules"] == "four"
    assert data["overall"]["wp"] == 0.5
    assert data["overall"]["adp"] == 0
    assert data["overall"]["wp_ci"] == [0.5, 0.5]


def test_four_json_counts_each_side_once_in_the_lone_seat() -> None:
    data = run_json(
        "--a", "normal", "--b", "random", "--deals", "4", "--no-auction", "--rules", "four"
    )
    assert (data["games"], data["scored"], data["thrown_in"]) == (8, 8, 0)
    assert data["landlord"]["games"] == data["peasants"]["games"] == 4
    for side in ("A", "B"):
        assert data["sides"][side]["landlord_games"] == 4
        assert data["illegal"][side] == 0
        assert data["timing"][side]["decisions"] > 0


def test_four_no_auction_puts_one_level_alone_against_three_of_the_other() -> None:
    four = _four()
    result = run_arena(OUTSIDE, "random", deals=4, no_auction=True, rules=four)
    assert [g.landlord for g in result.games] == ["A", "B"] * 4
    for g in result.games:
        assert g.bid == 1
        # One side alone wins or loses three shares, the other side's three seats one each.
        assert abs(g.a_points) == 3 * 10 * g.multiplier
    first = result.games[0]
    game = Game(parse_code(first.code), four)
    seats = {seat: "A" if seat == game.first_bidder else "B" for seat in four.seats}
    assert sorted(seats.values()) == ["A", "B", "B", "B"]


def test_four_with_the_auction_every_landlord_is_counted_once() -> None:
    result = run_arena("normal", "easy", deals=4, rules=_four())
    assert len(result.games) == 8
    assert result.as_landlord().games + result.as_peasants().games == len(result.scored)
    assert len(result.scored) + result.thrown_in == 8
    assert result.illegal("A") == result.illegal("B") == 0


def test_four_two_jobs_give_the_same_results_as_one() -> None:
    args = ("--a", "normal", "--b", "random", "--deals", "4", "--rules", "four")
    one = run_json(*args, "--jobs", "1")
    two = run_json(*args, "--jobs", "2")
    assert without_timing(one) == without_timing(two)
    assert two["timing"]["A"]["decisions"] == one["timing"]["A"]["decisions"]


def test_four_play_game_scores_are_zero_sum_between_the_sides() -> None:
    four = _four()
    factories = {"A": resolve("normal"), "B": resolve("random")}
    code = code_from_number(11)
    one = play_game(code, 1, factories, no_auction=True, rules=four)
    swapped = play_game(
        code, 2, {"A": factories["B"], "B": factories["A"]}, no_auction=True, rules=four
    )
    # Game 2 with the levels exchanged is game 1 seen from the other side.
    assert one.a_points == -swapped.a_points
    assert one.landlord == "A" and swapped.landlord == "B"


# ----- paired comparisons (arena/paired.py) -------------------------------------------


def _record(deal: int, game: int, points: int, landlord: Side | None = "A") -> GameRecord:
    return GameRecord(deal=deal, code="-", game=game, landlord=landlord, a_points=points)


def test_a_run_compared_with_itself_differs_by_nothing() -> None:
    games = [_record(d, g, 20 if (d + g) % 3 else -20) for d in range(5) for g in (1, 2)]
    diff = paired_difference(games, games)
    assert (diff.deals, diff.games, diff.better, diff.worse) == (5, 10, 0, 0)
    assert diff.points == 0.0 and diff.standard_error == 0.0


def test_paired_difference_counts_games_turned_and_thrown_in_deals_as_halves() -> None:
    base = [
        _record(0, 1, -20),
        _record(0, 2, 20),
        _record(1, 1, -20),
        _record(1, 2, -20),
        _record(2, 1, 0, landlord=None),  # thrown in: half a game
        _record(2, 2, 0, landlord=None),
    ]
    new = [
        _record(0, 1, 40),  # turned into a win: +1
        _record(0, 2, 20),
        _record(1, 1, -20),
        _record(1, 2, -40),
        _record(2, 1, 20),  # a win where the base threw in: +1/2
        _record(2, 2, -20),  # a loss where the base threw in: -1/2
        _record(3, 1, 20),  # no such game in the base run: left out
    ]
    diff = paired_difference(base, new)
    assert (diff.deals, diff.games, diff.better, diff.worse) == (3, 6, 2, 1)
    # Per deal: +1, 0, 0; the mean per game is 1/6, in games per 100.
    assert diff.points == pytest.approx(100 / 6)
    # The per-deal sd is sqrt(1/3), its error sqrt(1/9) = 1/3 a deal, 1/6 a game.
    assert diff.standard_error == pytest.approx(100 / 6)
    assert diff.describe() == "+16.7 ±16.7 (games +2 / -1, 6 games in 3 deals)"


def test_paired_difference_of_two_arena_runs_sees_the_changed_level() -> None:
    same = run_arena("normal", "normal", deals=4, no_auction=True)
    other = run_arena("easy", "normal", deals=4, no_auction=True)
    assert paired_difference(same.games, same.games).points == 0.0
    diff = paired_difference(same.games, other.games)
    assert diff.deals == 4 and diff.games == 8
    won = sum(g.a_won for g in other.games) - sum(g.a_won for g in same.games)
    assert diff.points == pytest.approx(100 * won / 8)
