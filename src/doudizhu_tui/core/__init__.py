"""The pure rules core of doudizhu-tui: cards, deal codes, plays, the game.

Standard library only; no I/O and no global random.  The names below are the
public API that the bots, the table, the interface and outside code use.
"""

from .cards import (
    ALL_RANKS,
    CHAIN_RANKS,
    Card,
    CardError,
    Rank,
    Suit,
    counts_of,
    format_cards,
    format_ranks,
    full_pack,
    parse_cards,
    parse_ranks,
    sort_cards,
)
from .combos import Kind, Play, beats, classify, classify_counts, default_reading
from .moves import legal_plays, legal_plays_counts, plays_of_kind
from .rules import CLASSIC, ProfileError, RuleProfile, parse_profile

__all__ = [
    "ALL_RANKS",
    "CHAIN_RANKS",
    "CLASSIC",
    "Card",
    "CardError",
    "Kind",
    "Play",
    "ProfileError",
    "Rank",
    "RuleProfile",
    "Suit",
    "beats",
    "classify",
    "classify_counts",
    "counts_of",
    "default_reading",
    "format_cards",
    "format_ranks",
    "full_pack",
    "legal_plays",
    "legal_plays_counts",
    "parse_cards",
    "parse_profile",
    "parse_ranks",
    "plays_of_kind",
    "sort_cards",
]
