"""Wildcards (issue 10): the wild-rank draw, readings with wilds, bomb classes, beating,
and a brute-force oracle for :func:`classify_wild` and :func:`legal_plays_wild`."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from doudizhu_tui.core import Kind, Play, Rank, beats, classify, code_from_number, parse_ranks
from doudizhu_tui.core.combos import classify_counts
from doudizhu_tui.core.wild import (
    WILDABLE_RANKS,
    BombClass,
    beats_wild,
    bomb_class,
    cards_of,
    classify_wild,
    default_wild_reading,
    draw_wild_ranks,
    legal_plays_wild,
    show,
    why_not_wild,
)

NINE = (Rank.NINE,)
DECK = [r for r in Rank if r <= Rank.TWO for _ in range(4)] + [Rank.BLACK_JOKER, Rank.RED_JOKER]


# --- the draw ---------------------------------------------------------------------------


def test_the_wild_ranks_come_from_the_deal_code_and_differ() -> None:
    seen: set[Rank] = set()
    for n in range(200):
        code = code_from_number(n)
        one = draw_wild_ranks(code, 1)
        two = draw_wild_ranks(code, 2)
        assert draw_wild_ranks(code, 2) == two  # the same code, the same ranks
        assert two[0] == one[0] and two[0] != two[1]
        assert all(r in WILDABLE_RANKS for r in two)
        seen.update(two)
    assert seen == set(WILDABLE_RANKS)
    assert draw_wild_ranks(code_from_number(0), 0) == ()
    with pytest.raises(ValueError):
        draw_wild_ranks(code_from_number(0), 3)


# --- plays without wilds are as before ---------------------------------------------------


def test_a_play_without_wilds_compares_hashes_and_prints_as_before() -> None:
    p = classify(parse_ranks("9 9"))[0]
    assert p == Play(Kind.PAIR, Rank.NINE, 1, parse_ranks("9 9"))
    assert p == Play(Kind.PAIR, Rank.NINE, 1, parse_ranks("9 9"), (), ())
    assert repr(p) == "Play(Kind.PAIR, Rank.NINE, 1, parse_ranks('9 9'))"
    assert {p: 1}[Play(Kind.PAIR, Rank.NINE, 1, parse_ranks("9 9"))] == 1
    assert cards_of(p) == p.ranks and show(p) == "9 9"


def test_a_play_with_wilds_records_them_and_pastes_back() -> None:
    (p,) = classify_wild(parse_ranks("7 9"), NINE)
    assert (p.ranks, p.wilds, p.wild_cards) == (parse_ranks("7 7"), (Rank.SEVEN,), NINE)
    assert p != classify(parse_ranks("7 7"))[0]
    assert cards_of(p) == parse_ranks("7 9")
    import doudizhu_tui.core as core

    assert eval(repr(p), vars(core)) == p


# --- bomb classes and beating -------------------------------------------------------------


def _bomb(cards: str, wild: tuple[Rank, ...] = NINE) -> Play:
    return default_wild_reading(classify_wild(parse_ranks(cards), wild))


def test_bomb_classes_are_ordered_soft_natural_wild_then_the_rocket() -> None:
    soft, natural, wild = _bomb("2 2 2 9"), _bomb("3 3 3 3"), _bomb("9 9 9 9")
    rocket = classify(parse_ranks("BJ RJ"))[0]
    assert [bomb_class(p) for p in (soft, natural, wild, rocket)] == [
        BombClass.SOFT,
        BombClass.NATURAL,
        BombClass.WILD,
        None,
    ]
    order = [soft, natural, wild, rocket]
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            assert beats_wild(a, b) == (i > j), (a, b)


def test_beats_wild_agrees_with_beats_on_plays_without_wilds() -> None:
    rng = random.Random(3)
    plays = [p for _ in range(300) for p in classify(rng.sample(DECK, rng.choice([1, 2, 4, 5])))]
    for a, b in product(plays[:120], repeat=2):
        assert beats_wild(a, b) == beats(a, b)


# --- the oracle -----------------------------------------------------------------------------


def _oracle_classify(cards: tuple[Rank, ...], wild: tuple[Rank, ...]) -> set[Play]:
    """Every assignment of a rank to each wild card, one card at a time, read with the
    classic classifier; a wild as its own rank is ordinary (except in a bomb of four
    wilds); per (kind, rank, length) the fewest, then the lowest, recorded wilds."""
    wild_cards = [c for c in cards if c in wild]
    naturals = Counter(c for c in cards if c not in wild)
    best: dict[tuple[Kind, Rank, int], Play] = {}
    for stood in product(WILDABLE_RANKS, repeat=len(wild_cards)):
        counts = [0] * 18
        for r, n in naturals.items():
            counts[r] += n
        for r in stood:
            counts[r] += 1
        if max(counts) > 4:
            continue
        for reading in classify_counts(counts):
            pairs = list(zip(stood, wild_cards, strict=True))
            if reading.kind is not Kind.BOMB:
                pairs = [(s, o) for s, o in pairs if s != o]
            play = reading._replace(
                wilds=tuple(sorted(s for s, _ in pairs)),
                wild_cards=tuple(sorted(o for _, o in pairs)),
            )
            key = (play.kind, play.rank, play.length)
            old = best.get(key)
            if old is None or (len(play.wilds), play.wilds, play.wild_cards) < (
                len(old.wilds),
                old.wilds,
                old.wild_cards,
            ):
                best[key] = play
    return set(best.values())


def _sub_multisets(hand: tuple[Rank, ...]) -> set[tuple[Rank, ...]]:
    counts = Counter(hand)
    ranks = sorted(counts)
    out: set[tuple[Rank, ...]] = set()
    for take in product(*(range(counts[r] + 1) for r in ranks)):
        sub = tuple(r for r, n in zip(ranks, take, strict=True) for _ in range(n))
        if sub:
            out.add(sub)
    return out


def _random_hand(
    rng: random.Random, size: int, wild: tuple[Rank, ...], wilds: int
) -> tuple[Rank, ...]:
    wilds = min(wilds, size)
    wild_pack = [r for r in DECK if r in wild]
    rest = [r for r in DECK if r not in wild]
    return tuple(sorted(rng.sample(wild_pack, wilds) + rng.sample(rest, size - wilds)))


def _pick_wild(rng: random.Random, n: int) -> tuple[Rank, ...]:
    return tuple(rng.sample(WILDABLE_RANKS, n))


@pytest.mark.parametrize("seed", range(40))
def test_classify_wild_matches_the_brute_force_oracle(seed: int) -> None:
    rng = random.Random(seed)
    wild = _pick_wild(rng, 1 + seed % 2)
    for _ in range(10):
        cards = _random_hand(rng, rng.randint(1, 8), wild, rng.randint(1, 3))
        assert set(classify_wild(cards, wild)) == _oracle_classify(cards, wild), cards


@pytest.mark.parametrize("seed", range(30))
def test_legal_plays_wild_matches_the_brute_force_oracle(seed: int) -> None:
    """Every sub-multiset of a small hand, every assignment of its wilds: leading, and
    following each of a few plays (among them soft, natural and wild bombs)."""
    rng = random.Random(1000 + seed)
    wild = _pick_wild(rng, 1 + seed % 2)
    hand = _random_hand(rng, rng.randint(4, 7), wild, rng.randint(1, 3))
    everything = [p for sub in _sub_multisets(hand) for p in _oracle_classify(sub, wild)]
    tables: list[Play | None] = [None]
    for _ in range(6):
        other = _random_hand(rng, rng.randint(1, 5), wild, rng.randint(0, 1))
        found = classify_wild(other, wild)
        if found:
            tables.append(default_wild_reading(found))
    tables += [_bomb("3 3 3 3", wild), _bomb(f"8 8 8 {wild[0].symbol}", wild)]
    for last in tables:
        got = legal_plays_wild(hand, wild, last)
        assert len(got) == len(set(got)), "a play listed twice"
        expected = {p for p in everything if last is None or beats_wild(p, last)}
        assert set(got) == expected, (hand, wild, last)


def test_every_play_takes_cards_from_the_hand_and_shows_its_wilds() -> None:
    rng = random.Random(5)
    for _ in range(20):
        hand = _random_hand(rng, 17, NINE, rng.randint(1, 2))
        for p in legal_plays_wild(hand, NINE):
            assert not Counter(cards_of(p)) - Counter(hand)
            assert show(p).count("[") == len(p.wilds)
            assert all(r <= Rank.TWO for r in p.wilds)
            if p.kind.is_chain:
                assert Rank.TWO not in p.main


def test_the_reasons_name_the_bomb_classes() -> None:
    soft, natural, wild = _bomb("A A A 9"), _bomb("3 3 3 3"), _bomb("9 9 9 9")
    assert why_not_wild(soft, natural) == "a soft bomb cannot beat a natural bomb"
    assert why_not_wild(natural, wild) == "a natural bomb cannot beat a wild bomb"
    assert why_not_wild(_bomb("3 3 9 9"), soft) == (
        "a soft bomb beats a soft bomb only with a higher rank"
    )
    assert why_not_wild(natural, soft) is None
    assert why_not_wild(classify(parse_ranks("4"))[0], classify(parse_ranks("5"))[0]) is None
