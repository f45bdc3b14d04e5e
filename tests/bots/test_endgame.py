"""The exact endgame search (bots/endgame.py) against a brute-force minimax.

The oracle below shares nothing with the solver but the core's legal-move
generator: it tries every legal play (every kicker choice) and every pass, with no
ordering and no cut-offs (only a memo of the positions it has valued), so it is
slow and obviously right.  On small
positions (at most five cards a hand, where cutting kickers to the sensible ones
loses nothing) the two must agree.
"""

from __future__ import annotations

import gc
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doudizhu_tui.bots import endgame
from doudizhu_tui.bots.endgame import Solver
from doudizhu_tui.bots.policy import NEXT
from doudizhu_tui.core import CLASSIC, Play, RuleProfile, counts_of, legal_plays_counts, parse_cards
from doudizhu_tui.rulebook import shipped_profile


def oracle(
    hands: list[list[int]],
    landlord: int,
    turn: int,
    trick: Play | None,
    owner: int,
    rules: RuleProfile,
    memo: dict[tuple[object, ...], bool] | None = None,
) -> bool:
    """Whether the landlord goes out first with best play (plain minimax)."""
    if trick is not None and owner == turn:
        trick = None
    memo = {} if memo is None else memo
    key = (tuple(map(tuple, hands)), turn, trick, owner if trick else -1)
    if key not in memo:
        memo[key] = _minimax(hands, landlord, turn, trick, owner, rules, memo)
    return memo[key]


def _minimax(
    hands: list[list[int]],
    landlord: int,
    turn: int,
    trick: Play | None,
    owner: int,
    rules: RuleProfile,
    memo: dict[tuple[object, ...], bool],
) -> bool:
    mine = turn == landlord
    nxt = NEXT[rules.players][turn]
    outcomes: list[bool] = []
    for play in legal_plays_counts(hands[turn], trick, rules):
        rest = list(hands[turn])
        for r in play.ranks:
            rest[r] -= 1
        if not any(rest):
            return mine
        child = [rest if s == turn else hands[s] for s in range(len(hands))]
        outcomes.append(oracle(child, landlord, nxt, play, turn, rules, memo))
    if trick is not None:
        outcomes.append(oracle(hands, landlord, nxt, trick, owner, rules, memo))
    return mine in outcomes if mine else all(outcomes)


def _deal(rng: random.Random, sizes: tuple[int, ...]) -> list[list[int]]:
    pack = [r for r in range(3, 16) for _ in range(4)] + [16, 17]
    rng.shuffle(pack)
    hands = []
    pos = 0
    for n in sizes:
        hands.append(counts_of_ranks(pack[pos : pos + n]))
        pos += n
    return hands


def counts_of_ranks(ranks: list[int]) -> list[int]:
    counts = [0] * 18
    for r in ranks:
        counts[r] += 1
    return counts


def hands_of(*texts: str) -> list[list[int]]:
    return [counts_of(parse_cards(t)) for t in texts]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10**9),
    sizes=st.tuples(st.integers(1, 5), st.integers(1, 5), st.integers(1, 5)),
    landlord=st.integers(0, 2),
    turn=st.integers(0, 2),
)
def test_the_solver_agrees_with_plain_minimax(
    seed: int, sizes: tuple[int, int, int], landlord: int, turn: int
) -> None:
    hands = _deal(random.Random(seed), sizes)
    expected = oracle(hands, landlord, turn, None, -1, CLASSIC)
    assert Solver(CLASSIC, landlord).landlord_wins(hands, turn) is expected


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**9), landlord=st.integers(0, 2))
def test_the_solver_agrees_when_following(seed: int, landlord: int) -> None:
    # A single or a pair on the table, made by the seat before the one to act.
    rng = random.Random(seed)
    hands = _deal(rng, (4, 4, 4))
    turn = rng.randrange(3)
    owner = (turn + 2) % 3
    plays = [p for p in legal_plays_counts(hands[owner], None, CLASSIC) if len(p.ranks) <= 2]
    trick = rng.choice(plays)
    rest = list(hands[owner])
    for r in trick.ranks:
        rest[r] -= 1
    if not any(rest):
        return
    hands[owner] = rest
    expected = oracle(hands, landlord, turn, trick, owner, CLASSIC)
    assert Solver(CLASSIC, landlord).landlord_wins(hands, turn, trick, owner) is expected


def test_a_sure_sequence_wins() -> None:
    # The landlord holds the red joker, a 2 and a 3: the two sure winners first, then out.
    hands = hands_of("3 2 RJ", "4 4", "A A")
    assert Solver(CLASSIC, landlord=0).landlord_wins(hands, turn=0) is True


def test_the_peasants_block_together() -> None:
    # The landlord (Right) leads one of three low singles; You beat it with the 2
    # and go out with the rocket.
    hands = hands_of("2 BJ RJ", "3 5 7", "4 4")
    assert Solver(CLASSIC, landlord=1).landlord_wins(hands, turn=1) is False


def test_a_partner_is_left_to_go_out() -> None:
    # You (a peasant) lead a low single; whatever the landlord does, the partner's
    # red joker goes out.
    hands = hands_of("3 4", "5 5 6", "RJ")
    assert Solver(CLASSIC, landlord=1).landlord_wins(hands, turn=0) is False


def test_the_budget_is_a_limit_and_repeats() -> None:
    rng = random.Random(3)
    hands = _deal(rng, (7, 7, 7))
    small = Solver(CLASSIC, landlord=0, budget=5)
    assert small.landlord_wins(hands, turn=0) is None
    assert small.nodes > 5
    answers = {Solver(CLASSIC, landlord=0, budget=10**6).landlord_wins(hands, 0) for _ in range(2)}
    assert len(answers) == 1 and None not in answers


def test_the_solver_adds_up_the_positions_of_all_its_calls() -> None:
    # ``spent`` is what a decision's limit on exact search (hard.EXACT_WORK) counts:
    # every new position of every call, a search cut off at its budget included.
    rng = random.Random(3)
    hands = _deal(rng, (7, 7, 7))
    solver = Solver(CLASSIC, landlord=0, budget=5)
    assert solver.landlord_wins(hands, turn=0) is None
    assert solver.spent == solver.nodes > 5
    first = solver.spent
    solver.budget = 10**6
    assert solver.landlord_wins(hands, turn=1) is not None
    assert solver.spent == first + solver.nodes
    # A position already in the table costs nothing.
    again = solver.spent
    solver.landlord_wins(hands, turn=1)
    assert solver.nodes == 0 and solver.spent == again


def test_a_shared_table_gives_the_same_answers() -> None:
    rng = random.Random(11)
    hands = _deal(rng, (6, 6, 6))
    table: dict[tuple[object, ...], bool] = {}
    first = Solver(CLASSIC, 2, positions=table).landlord_wins(hands, 1)
    again = Solver(CLASSIC, 2, positions=table)
    assert again.landlord_wins(hands, 1) is first
    assert again.nodes == 0  # answered from the table
    assert Solver(CLASSIC, 2).landlord_wins(hands, 1) is first


def test_four_players_with_two_packs() -> None:
    four = shipped_profile("four")
    # You (landlord) hold a bomb of five 3s and a single; the three partners hold
    # singles and a 4-card bomb that the five 3s beat.
    hands = [counts_of(parse_cards(t, packs=2)) for t in ("3 3 3 3 3 5", "6 7", "9 9 9 9", "8 10")]
    solver = Solver(four, landlord=0)
    assert solver.landlord_wins(hands, turn=0) is oracle(hands, 0, 0, None, -1, four)


def test_the_remembered_move_lists_cost_the_collector_little() -> None:
    # The move lists outlive the decisions (up to 200,000 of them); kept as tuples of
    # numbers and bytes, the collector soon stops visiting them (a tuple is let go
    # once its items are: the moves, then the list, so two collections at most).
    rng = random.Random(5)
    hands = _deal(rng, (6, 6, 6))
    solver = Solver(CLASSIC, landlord=0, budget=10**6)
    solver.moves.clear()
    assert solver.landlord_wins(hands, turn=0) is not None
    kept = list(solver.moves.lists.values())
    assert any(kept) and any(not moves for moves in kept)
    gc.collect()
    gc.collect()
    assert not any(gc.is_tracked(moves) for moves in kept)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**9), landlord=st.integers(0, 2), limit=st.integers(1, 40))
def test_forgetting_the_move_lists_mid_search_changes_no_answer(
    seed: int, landlord: int, limit: int
) -> None:
    # The table is emptied whenever it fills, even deep inside a search: the moves a
    # search holds keep the plays they number, so the answer stays the oracle's.
    hands = _deal(random.Random(seed), (4, 4, 4))
    expected = oracle(hands, landlord, landlord, None, -1, CLASSIC)
    before = endgame._MOVES_LIMIT
    endgame._MOVES_LIMIT = limit
    try:
        solver = Solver(CLASSIC, landlord=landlord, budget=10**6)
        solver.moves.clear()
        assert solver.landlord_wins(hands, turn=landlord) is expected
        assert len(solver.moves.lists) <= limit
    finally:
        endgame._MOVES_LIMIT = before
