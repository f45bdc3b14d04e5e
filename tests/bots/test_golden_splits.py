"""Golden splits: how the bots split 1,200 seeded hands, kept in the repository.

Every level leads, follows and plays its search out from
:func:`~doudizhu_tui.bots.analysis.best_split` (and bids from
:func:`~doudizhu_tui.bots.analysis.fewest_split`), so a change in either changes
the computers' play.  ``golden_splits.txt`` holds, for every shipped profile, 150
hands drawn from a seeded generator (1-20 cards; 1-33 from two packs at four
players), each with the split found, its cost and its number of plays, in the order
the search gives them.  A change meant to be only faster must leave the file as it
is; a change meant to change the splits regenerates it with ``DOUDIZHU_REGOLD=1``
and reads the diff.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from doudizhu_tui.bots.analysis import best_split, fewest_split
from doudizhu_tui.core import full_pack
from doudizhu_tui.rulebook import profile_names, shipped_profile

GOLDEN = Path(__file__).with_name("golden_splits.txt")
HANDS = 150
SYMBOLS = "3456789TJQKA2BR"  # ranks 3..17; B and R are the black and red jokers


def _hand(counts: list[int]) -> str:
    return "".join(SYMBOLS[r - 3] * counts[r] for r in range(3, 18))


def _lines() -> list[str]:
    lines: list[str] = []
    for name in profile_names():
        rules = shipped_profile(name)
        rng = random.Random(f"golden splits {name}")
        deck = sorted(int(card.rank) for card in full_pack(rules.packs))
        most = 33 if rules.packs > 1 else 20
        for _ in range(HANDS):
            counts = [0] * 18
            for r in rng.sample(deck, rng.randint(1, most)):
                counts[r] += 1
            fewest = rng.random() < 0.3
            split = (fewest_split if fewest else best_split)(counts, rules)
            moves = ", ".join(m.describe() for m in split.moves)
            which = "fewest" if fewest else "best"
            lines.append(
                f"{name} {which} {_hand(counts)}: {moves} | cost {split.cost!r} | {split.plays}"
            )
    return lines


def test_splits_match_the_golden_file() -> None:
    """The splits of the seeded hands are exactly those of ``golden_splits.txt``."""
    lines = _lines()
    text = "\n".join(lines) + "\n"
    if os.environ.get("DOUDIZHU_REGOLD") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
        pytest.skip("golden_splits.txt regenerated")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), lines, "golden_splits.txt", "now", lineterm="", n=0
        )
        pytest.fail("the splits changed:\n" + "\n".join(list(diff)[:40]))
    assert len(lines) == HANDS * len(profile_names())
