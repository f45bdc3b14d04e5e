"""The pure rules core of doudizhu-tui: cards, deal codes, plays, the game.

Standard library only; no I/O and no global random.  The names below are the
public API that the bots, the table, the interface and outside code use.
"""

from .auction import Auction, AuctionError
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
from .deal import (
    ALPHABET,
    Deal,
    DealCode,
    DealCodeError,
    code_from_number,
    deal_cards,
    new_code,
    parse_code,
)
from .events import (
    Action,
    Bid,
    BidAction,
    Dealt,
    Event,
    KittyShown,
    LandlordChosen,
    PassAction,
    Passed,
    PlayAction,
    Played,
    Settled,
    ThrownIn,
)
from .game import Game, IllegalAction, Phase, PositionError, replay
from .moves import legal_plays, legal_plays_counts, plays_of_kind
from .observation import ControllerFactory, Observation, SeatController, observe
from .reasons import choose_reading, explain, playable_readings
from .rules import CLASSIC, ProfileError, RuleProfile, parse_profile
from .scoring import MultiplierItem, Settlement, settle
from .seats import Role, Seat
from .session import SESSION_LENGTHS, DealRecord, Session, SessionError, Standing
from .tablecode import TableCode, parse_table_code, table_code

__all__ = [
    "ALL_RANKS",
    "ALPHABET",
    "CHAIN_RANKS",
    "CLASSIC",
    "SESSION_LENGTHS",
    "Action",
    "Auction",
    "AuctionError",
    "Bid",
    "BidAction",
    "Card",
    "CardError",
    "ControllerFactory",
    "Deal",
    "DealCode",
    "DealCodeError",
    "DealRecord",
    "Dealt",
    "Event",
    "Game",
    "IllegalAction",
    "Kind",
    "KittyShown",
    "LandlordChosen",
    "MultiplierItem",
    "Observation",
    "PassAction",
    "Passed",
    "Phase",
    "Play",
    "PlayAction",
    "Played",
    "PositionError",
    "ProfileError",
    "Rank",
    "Role",
    "RuleProfile",
    "Seat",
    "SeatController",
    "Session",
    "SessionError",
    "Settled",
    "Settlement",
    "Standing",
    "Suit",
    "TableCode",
    "ThrownIn",
    "beats",
    "choose_reading",
    "classify",
    "classify_counts",
    "code_from_number",
    "counts_of",
    "deal_cards",
    "default_reading",
    "explain",
    "format_cards",
    "format_ranks",
    "full_pack",
    "legal_plays",
    "legal_plays_counts",
    "new_code",
    "observe",
    "parse_cards",
    "parse_code",
    "parse_profile",
    "parse_ranks",
    "parse_table_code",
    "playable_readings",
    "plays_of_kind",
    "replay",
    "settle",
    "sort_cards",
    "table_code",
]
