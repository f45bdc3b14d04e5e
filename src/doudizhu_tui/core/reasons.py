"""Why a selection of cards can or cannot be played now, in words for the status line.

>>> explain(parse_cards("3 4 5 6"))
'a straight needs at least 5 cards'
>>> explain(parse_cards("9 9"), classify(parse_cards("Q Q"))[0])
'9-9 does not beat Q-Q'
>>> explain([Rank.THREE] * 5)
'there are only 4 cards of rank 3, not 5'
>>> explain(parse_cards("9 9"), classify(parse_cards("3 4 5 6 7"))[0])
'a pair cannot beat straight 3-4-5-6-7: play a higher 5-card straight or a bomb'
>>> explain(parse_cards("3 3 3 3 4 4 4 5"))
'a kicker cannot share the rank of its trio'
>>> explain(parse_cards("9 9 9 9 3 3"))
'four+two needs two single kickers of different ranks'
>>> explain(parse_cards("3 3 3 4 4 4 5 5 5 5"))
'pair kickers must be of different ranks'
>>> explain(parse_cards("K K K BJ RJ"))
'both jokers together are the rocket, not kickers'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .cards import Card, Rank, counts_of, parse_cards
from .combos import (
    NO_AIRPLANES,
    Kind,
    Play,
    beats,
    classify,
    classify_counts,
    default_reading,
    kind_refused,
)
from .rules import CLASSIC, RuleProfile
from .wild import beats_wild, bomb_class, classify_wild, default_wild_reading, why_not_wild

__all__ = ["choose_reading", "explain", "playable_readings"]

_ = (parse_cards, classify)  # used by the doctests above


def playable_readings(
    cards: Iterable[Card | Rank],
    last: Play | None = None,
    rules: RuleProfile = CLASSIC,
    wild_ranks: Sequence[Rank] = (),
) -> list[Play]:
    """The readings of ``cards`` that may be played now (every reading when leading).

    With ``wild_ranks`` (R44-R47) the cards of those ranks are wild: every reading of
    what they may stand for, beating by bomb class.
    """
    if wild_ranks:
        found = classify_wild(cards, wild_ranks, rules)
        return found if last is None else [p for p in found if beats_wild(p, last)]
    readings = classify_counts(counts_of(cards), rules)
    if last is None:
        return readings
    return [p for p in readings if beats(p, last)]


def choose_reading(readings: Sequence[Play], last: Play | None = None) -> Play:
    """The reading played when several are playable: the default reading (R15).

    With wilds (R47), leading: the most cards in the main part, then the highest;
    following ``last``: the fewest wilds standing for other ranks, then the same.
    """
    if not any(p.wild_cards for p in readings):
        return default_reading(readings)
    if last is not None:
        fewest = min(len(p.wilds) for p in readings)
        readings = [p for p in readings if len(p.wilds) == fewest]
    return default_wild_reading(readings)


def explain(
    cards: Iterable[Card | Rank],
    last: Play | None = None,
    rules: RuleProfile = CLASSIC,
    wild_ranks: Sequence[Rank] = (),
) -> str | None:
    """None if the cards can be played now, else the reason in a short sentence.

    With ``wild_ranks`` the cards of those ranks are wild (R44-R47).
    """
    items = list(cards)
    if not items:
        return "select some cards"
    counts = counts_of(items)
    packs = rules.packs
    for r in Rank:
        limit = packs if r.is_joker else 4 * packs
        if counts[r] > limit:
            return f"there are only {limit} cards of rank {r.symbol}, not {counts[r]}"
    readings = playable_readings(items, None, rules, wild_ranks)
    if not readings:
        wild = sum(counts[r] for r in wild_ranks)
        if wild:
            them = "the wild stands" if wild == 1 else "the wilds stand"
            return f"these cards make no play, whatever {them} for"
        if rules.players == 4:
            return _four_reason(counts, rules)
        return _off_reason(counts, rules) or _shape_reason(counts, rules)
    # Without wilds beats_wild is beats and choose_reading is the default reading (R15).
    if last is None or any(beats_wild(p, last) for p in readings):
        return None
    if last.kind is Kind.ROCKET:
        return "nothing beats the rocket"
    if last.kind is Kind.BOMB:
        bombs = [p for p in readings if p.kind is Kind.BOMB]
        if bombs:
            best = max(bombs, key=lambda p: (bomb_class(p), p.size, p.rank))
            if best.size < last.size:
                return f"a bomb of {best.size} cards does not beat a bomb of {last.size}"
            reason = why_not_wild(best, last) if wild_ranks else None
            return reason or f"bomb {best.label()} does not beat bomb {last.label()}"
        return f"only a higher bomb or the rocket beats bomb {last.label()}"
    same_shape = [p for p in readings if p.kind is last.kind and p.length == last.length]
    if same_shape:
        return f"{choose_reading(same_shape).label()} does not beat {last.label()}"
    play = choose_reading(readings)
    mine = f"{play.size}-card {play.kind.label}" if play.kind.is_chain else play.kind.label
    return f"a {mine} cannot beat {last.describe()}: play a {_shape_name(last)} or a bomb"


def _off_reason(counts: Sequence[int], rules: RuleProfile) -> str | None:
    """Why cards that are no play here would be one with the profile's variants
    switched back on (an airplane at the beginners' table), or None."""
    if rules.airplanes:
        return None
    on = classify_counts(counts, replace(rules, airplanes=True))
    if any(kind_refused(p.kind, rules) for p in on):
        return NO_AIRPLANES
    return None


def _four_reason(counts: Sequence[int], rules: RuleProfile) -> str:
    """Why two-pack cards are no play at a four-player table (R50, R51)."""
    black, red = counts[Rank.BLACK_JOKER], counts[Rank.RED_JOKER]
    n = sum(counts)
    if black and red and n == 2:
        return "a black and a red joker are not a pair (a joker pair is two of one colour)"
    if black + red == 3 and n == 3:
        return "three jokers make no play (the rocket is all four)"
    if black == 2 and red == 2:
        return "all four jokers together are the rocket, not kickers"
    three = replace(rules, players=3)
    for play in classify_counts(counts, replace(three, four_two_same_rank_singles=True)):
        refused = kind_refused(play.kind, rules)
        if refused:
            return refused
    if not rules.airplanes and any(
        kind_refused(p.kind, rules) for p in classify_counts(counts, replace(rules, airplanes=True))
    ):
        return NO_AIRPLANES
    present = [r for r in range(3, 18) if counts[r]]
    if len(present) == 2 and n == 5:
        return "a trio carries one pair of another rank"
    return _shape_reason(counts, three)


def _shape_name(play: Play) -> str:
    if play.kind.is_chain:
        return f"higher {play.size}-card {play.kind.label}"
    return f"higher {play.kind.label}"


_ROCKET_KICKERS = "both jokers together are the rocket, not kickers"


def _shape_reason(counts: Sequence[int], rules: RuleProfile) -> str:
    reason = _classic_shape_reason(counts)
    if rules.space_shuttle and reason != _ROCKET_KICKERS:
        reason = _shuttle_reason(counts) or reason
    if not rules.airplanes and "airplane" in reason:
        # Two trios or more that make no play: at this table they go one at a time.
        return NO_AIRPLANES
    return reason


def _shuttle_reason(counts: Sequence[int]) -> str | None:
    """Why cards holding two fours or more are no space shuttle (R42), or None when
    they do not look like one."""
    present = [r for r in range(3, 18) if counts[r]]
    fours = [r for r in present if counts[r] == 4]
    if len(fours) < 2:
        return None
    only_fours = len(fours) == len(present)
    if only_fours and fours[-1] > Rank.ACE and fours[-1] - fours[0] + 1 == len(fours):
        return "a space shuttle cannot hold a 2"
    run = _longest_run(fours)
    if len(run) < 2:
        return "a space shuttle needs consecutive fours" if only_fours else None
    rest = [r for r in present if r not in run]
    if all(counts[r] % 2 == 0 for r in rest) and sum(counts[r] for r in rest) == 2 * len(run):
        return "pair kickers must be of different ranks"
    return "a space shuttle carries one kicker per four: all singles or all pairs"


def _classic_shape_reason(counts: Sequence[int]) -> str:
    present = [r for r in range(3, 18) if counts[r]]
    n = sum(counts)
    widths = {counts[r] for r in present}
    has_rocket = counts[Rank.BLACK_JOKER] and counts[Rank.RED_JOKER]
    high_in_chain = present[-1] > Rank.ACE
    if has_rocket and n > 2:
        return _ROCKET_KICKERS
    if widths == {1}:
        if n < 5:
            return "a straight needs at least 5 cards"
        if high_in_chain:
            return "a straight cannot hold a 2 or a joker"
        return "a straight needs consecutive ranks"
    if widths == {2}:
        if len(present) < 3:
            return "a pair chain needs at least 3 pairs"
        if high_in_chain:
            return "a pair chain cannot hold a 2"
        return "a pair chain needs consecutive ranks"
    if widths == {3}:
        if high_in_chain:
            return "an airplane cannot hold a 2"
        return "an airplane needs consecutive trios"
    fours = [r for r in present if counts[r] == 4]
    big = [r for r in present if counts[r] >= 3]
    run = _longest_run(big)
    exact = _longest_run([r for r in present if counts[r] == 3])
    if n % 5 == 0 and len(exact) >= n // 5 >= 2:
        rest = [r for r in present if r not in exact[: n // 5]]
        if all(counts[r] % 2 == 0 for r in rest) and len(rest) < n // 5:
            return "pair kickers must be of different ranks"
    if len(run) >= 2 and any(counts[r] == 4 for r in run):
        return "a kicker cannot share the rank of its trio"
    if len(fours) == 2 and n == 8:
        return "four+two needs two pairs of different ranks"
    if fours and len(big) == 1:
        rest = [r for r in present if r != fours[0]]
        if n == 6 and len(rest) == 1:
            return "four+two needs two single kickers of different ranks"
        if n == 8 and len(rest) == 1:
            return "four+two needs two pairs of different ranks"
        if n == 8 and len(rest) == 3:
            return "four+two carries two singles or two pairs, not a mix"
        return "four of a kind carries two singles or two pairs (or goes alone as a bomb)"
    if not big:
        return "these cards do not make a play"
    trios = run if len(run) >= 2 else big[:1]
    others = [r for r in present if r not in trios]
    if len(big) >= 2 and len(run) < 2:
        if any(r > Rank.ACE for r in big):
            return "an airplane cannot hold a 2"
        return "the trios of an airplane must be consecutive"
    if any(counts[r] == 2 for r in others) and any(counts[r] == 1 for r in others):
        return "kickers must be all singles or all pairs"
    if all(counts[r] % 2 == 0 for r in others) and sum(counts[r] for r in others) == 2 * len(trios):
        return "pair kickers must be of different ranks"
    if len(trios) == 1:
        return "a trio carries one single or one pair"
    return "an airplane carries one kicker per trio: all singles or all pairs"


def _longest_run(ranks: Sequence[int]) -> list[int]:
    best: list[int] = []
    cur: list[int] = []
    for r in sorted(ranks):
        if r > Rank.ACE:
            break
        cur = [*cur, r] if cur and r == cur[-1] + 1 else [r]
        if len(cur) > len(best):
            best = cur
    return best
