"""The four-player, two-pack table (R48-R52) against an independent brute-force oracle.

:mod:`tests.core.four_oracle` reads the rule book on its own (it never calls the core's
``classify``, ``legal_plays`` or ``beats``): it classifies every sub-multiset of a small
two-pack hand, and its plays and its ``beats`` are compared with the engine's, leading
and following, plus the order of the bombs (more cards first, then the rank).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.core import (
    Kind,
    Rank,
    RuleProfile,
    beats,
    classify,
    legal_plays,
    parse_cards,
    parse_profile,
)

from .four_oracle import (
    BJ,
    RANKS,
    RJ,
    OPlay,
    all_plays,
    as_oplay,
    cards_in,
    counts_in,
    every_play,
    follows,
    near_misses,
    readings,
    sub_multisets,
    table_plays,
    to_play,
    two_pack_hands,
)
from .four_oracle import (
    beats as oracle_beats,
)

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
FOUR = parse_profile((RULES_DIR / "four.toml").read_text(encoding="utf-8"))
EVERY_PLAY = sorted(set(every_play()), key=lambda p: (p[0].value, p[1], p[2], p[3]))


def _hand(counts: list[int]) -> tuple[Rank, ...]:
    return tuple(Rank(r) for r in cards_in(counts))


def _engine_plays(counts: list[int], last: OPlay | None) -> list[OPlay]:
    return [
        as_oplay(p)
        for p in legal_plays(_hand(counts), None if last is None else to_play(last), FOUR)
    ]


def _diff(engine: set[OPlay], oracle: set[OPlay]) -> str:
    def show(plays: set[OPlay]) -> str:
        return ", ".join(
            f"{k.name} {Rank(r).symbol} {n} [{' '.join(Rank(x).symbol for x in cs)}]"
            for k, r, n, cs in sorted(plays, key=lambda p: (p[0].value, p[1], p[2], p[3]))
        )

    only_engine, only_oracle = show(engine - oracle) or "-", show(oracle - engine) or "-"
    return f"\n  engine only: {only_engine}\n  oracle only: {only_oracle}"


# --- the oracle itself, on a few hand-checked points ----------------------------------------


def test_the_oracle_reads_the_rule_book() -> None:
    def kinds(text: str) -> set[tuple[str, int, int]]:
        counts = counts_in([int(r) for r in _ranks(text)])
        return {(k.name, r, n) for k, r, n, _ in readings(counts)}

    assert kinds("BJ RJ") == set()
    assert kinds("BJ BJ") == {("PAIR", BJ, 1)}
    assert kinds("BJ BJ RJ RJ") == {("ROCKET", RJ, 1)}
    assert kinds("3 3 3 3 3") == {("BOMB", 3, 1)}
    assert kinds("9 9 9 BJ BJ") == {("TRIO_PAIR", 9, 1)}
    assert kinds("9 9 9 BJ RJ") == set()
    assert kinds("9 9 9 5") == set()
    assert kinds("9 9 9 9 3 5") == set()
    assert kinds("3 4 5 5 6 7") == set()
    assert kinds("3 3 3 4 4 4 5 5 6 6") == {("AIRPLANE_PAIRS", 4, 2)}
    assert kinds("4 4 4 5 5 5 BJ BJ RJ RJ") == set()
    assert kinds("3 3 3 4 4 4 5 5 5 5") == set()
    # 3 singles, 3 pairs, trio, 2 trio+pairs, 5 bombs, rocket (rules/cases/four.txt)
    assert len(all_plays(counts_in([5] * 8 + [BJ, BJ, RJ, RJ]))) == 15
    assert oracle_beats(_built_bomb(3, 5), _built_bomb(14, 4))
    assert not oracle_beats(_built_bomb(15, 7), _built_bomb(3, 8))


def _text(counts: list[int]) -> str:
    return " ".join(Rank(r).symbol for r in cards_in(counts))


def _ranks(text: str) -> tuple[Rank, ...]:
    return tuple(c.rank for c in parse_cards(text, packs=2))


def _built_bomb(rank: int, size: int) -> OPlay:
    return (Kind.BOMB, rank, 1, (rank,) * size)


def test_every_play_the_rules_describe_is_read_by_oracle_and_engine() -> None:
    """Each play built from its definition is one of the oracle's readings of its cards
    and one of the engine's."""
    for play in EVERY_PLAY:
        counts = counts_in(play[3])
        assert play in readings(counts), play
        got = {as_oplay(p) for p in classify(_hand(counts), FOUR)}
        assert play in got, _diff(got, readings(counts))


# --- the engine against the oracle ------------------------------------------------------------


def test_classify_agrees_with_the_oracle_next_to_every_kicker_rule() -> None:
    """Trios, fours and two-trio airplanes with one to four more cards of every rank:
    the kickers the rules allow, and every way of getting them wrong."""
    for counts in near_misses():
        got = {as_oplay(p) for p in classify(_hand(counts), FOUR)}
        want = readings(counts)
        assert got == want, f"classify {_text(counts)}" + _diff(got, want)


@settings(max_examples=60)
@given(two_pack_hands(max_cards=11))
def test_classify_agrees_with_the_oracle_on_every_sub_multiset(counts: list[int]) -> None:
    for sub in sub_multisets(counts):
        got = {as_oplay(p) for p in classify(_hand(sub), FOUR)}
        want = readings(sub)
        assert got == want, f"classify {' '.join(Rank(r).symbol for r in cards_in(sub))}" + _diff(
            got, want
        )


@settings(max_examples=120)
@given(two_pack_hands())
def test_leading_plays_agree_with_the_oracle(counts: list[int]) -> None:
    plays = _engine_plays(counts, None)
    duplicates = [p for p, n in Counter(plays).items() if n > 1]
    assert not duplicates, f"listed twice: {duplicates}"
    got, want = set(plays), all_plays(counts)
    assert got == want, (
        f"leading with {' '.join(Rank(r).symbol for r in cards_in(counts))}" + _diff(got, want)
    )


@settings(max_examples=150)
@given(two_pack_hands(), table_plays())
def test_following_plays_agree_with_the_oracle(counts: list[int], last: OPlay) -> None:
    plays = _engine_plays(counts, last)
    assert len(plays) == len(set(plays)), "a play listed twice"
    got, want = set(plays), follows(counts, last)
    hand = " ".join(Rank(r).symbol for r in cards_in(counts))
    table = " ".join(Rank(r).symbol for r in last[3])
    assert got == want, f"{hand} / {last[0].name} {table}" + _diff(got, want)
    for play in plays:
        assert beats(to_play(play), to_play(last)), f"{play} does not beat {last} (core beats)"


@settings(max_examples=80)
@given(two_pack_hands(max_cards=12), st.data())
def test_following_a_play_of_the_hand_itself(counts: list[int], data: st.DataObject) -> None:
    """Tables drawn from the hand's own plays: every kind it holds gets followed by its
    own higher plays (the random tables above are often out of a small hand's reach)."""
    mine = sorted(all_plays(counts), key=lambda p: (p[0].value, p[1], p[2], p[3]))
    last = data.draw(st.sampled_from(mine))
    got, want = set(_engine_plays(counts, last)), follows(counts, last)
    assert got == want, f"following {last}" + _diff(got, want)


@settings(max_examples=300)
@given(st.sampled_from(EVERY_PLAY), st.sampled_from(EVERY_PLAY))
def test_beats_agrees_with_the_oracle(a: OPlay, b: OPlay) -> None:
    assert beats(to_play(a), to_play(b)) == oracle_beats(a, b), (a, b)


def test_bombs_order_by_size_then_rank_and_the_rocket_tops_them() -> None:
    bombs = [_built_bomb(r, size) for size in range(4, 9) for r in range(3, 16)]
    rocket = (Kind.ROCKET, RJ, 1, (BJ, BJ, RJ, RJ))
    for a in bombs:
        for b in bombs:
            want = (len(a[3]), a[1]) > (len(b[3]), b[1])
            assert beats(to_play(a), to_play(b)) == want, (a, b)
        assert beats(to_play(rocket), to_play(a))
        assert not beats(to_play(a), to_play(rocket))
    assert not beats(to_play(rocket), to_play(rocket))


def test_the_shipped_profile_is_four_players_with_two_packs() -> None:
    assert FOUR.players == 4
    assert FOUR.packs == 2
    assert RuleProfile(players=4).packs == 2
    assert sum(1 for r in RANKS for _ in range(8 if r < BJ else 2)) == 108
