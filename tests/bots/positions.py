"""Hand-built positions for the bot tests: an Observation from a few card strings."""

from __future__ import annotations

from dataclasses import replace

from doudizhu_tui.core import (
    CLASSIC,
    Action,
    BidAction,
    Card,
    Observation,
    PassAction,
    Phase,
    Play,
    PlayAction,
    Rank,
    RuleProfile,
    Seat,
    classify,
    classify_wild,
    default_reading,
    default_wild_reading,
    full_pack,
    legal_plays,
    legal_plays_wild,
    parse_cards,
    parse_ranks,
)

__all__ = ["auction", "jacks_against_twos", "play_of", "position", "wild_play", "wild_position"]


def play_of(text: str, rules: RuleProfile = CLASSIC) -> Play:
    """The default reading of some cards under ``rules``, e.g. ``play_of("9 9")``."""
    return default_reading(classify(parse_cards(text, packs=rules.packs), rules))


def _cards(text: str, taken: list[Card], packs: int = 1) -> tuple[Card, ...]:
    """Cards for ``text``, with suits (and packs) not already used by ``taken``."""
    out: list[Card] = []
    used = set(taken)
    for rank in parse_ranks(text, packs=packs):
        suits = 1 if rank >= Rank.BLACK_JOKER else 4
        for pack, suit in ((p, s) for p in range(packs) for s in range(suits)):
            card = Card(rank, suit, pack)
            if card not in used:
                used.add(card)
                out.append(card)
                break
        else:  # pragma: no cover - a test asked for a card too many
            raise ValueError(f"no {rank} left")
    return tuple(out)


def position(
    hand: str,
    *,
    seat: Seat = Seat.YOU,
    landlord: Seat = Seat.YOU,
    left: tuple[int, ...] | None = None,
    trick: tuple[Seat, str] | None = None,
    played: str = "",
    unseen: str | None = None,
    kitty: str | None = None,
    history: tuple[tuple[Seat, Play | None], ...] = (),
    rules: RuleProfile = CLASSIC,
) -> Observation:
    """The observation of ``seat`` holding ``hand``, to act in the card play.

    ``left`` gives each seat's card count (this seat's is taken from the hand);
    ``trick`` is the play to beat and its owner; ``played`` lists every card
    played so far by anyone (by default the cards of the trick).  Give ``unseen``
    instead to say which cards the other hands hold (less a shown kitty's): every
    other card is then out, and the counts in ``left`` must add up.  The trick is
    read, and the legal actions are listed, under ``rules``; at four players ``left``
    has four counts, indexed by seat value (You, Right, Left, Across).
    """
    packs = rules.packs
    cards = _cards(hand, [], packs)
    if unseen is not None:
        hidden = [*cards, *_cards(unseen, list(cards), packs)]
        if kitty is not None:
            hidden += _cards(kitty, hidden, packs)
        played = " ".join(str(c) for c in full_pack(packs) if c not in hidden)
        assert left is not None and sum(left) - left[seat] == len(hidden) - len(cards)
    elif not played and trick is not None:
        played = trick[1]  # at least the cards on the table are out
    played_cards = _cards(played, list(cards), packs)
    counts = list(left) if left is not None else [rules.hand_size] * rules.players
    counts[seat] = len(cards)
    trick_play = (trick[0], play_of(trick[1], rules)) if trick else None
    legal: list[Action] = [] if trick_play is None else [PassAction()]
    last = trick_play[1] if trick_play else None
    legal.extend(PlayAction(p) for p in legal_plays(cards, last, rules))
    kitty_cards = (
        _cards(kitty, list(cards) + list(played_cards), packs) if kitty is not None else None
    )
    return Observation(
        seat=seat,
        phase=Phase.PLAY,
        rules=rules,
        turn=seat,
        hand=tuple(sorted(cards)),
        cards_left=tuple(counts),
        first_bidder=landlord,
        bids=((landlord, 1),),
        landlord=landlord,
        bid=1,
        kitty=kitty_cards,
        history=history,
        trick=trick_play,
        played=played_cards,
        bombs=0,
        rockets=0,
        legal_actions=tuple(legal),
        kitty_size=rules.kitty_size,
    )


def jacks_against_twos(landlord_cards: int = 5) -> Observation:
    """Issue 12's miss: Right, a peasant holding J-J-J-J and its partner unable to
    beat it, answers the landlord's 2-2 with the landlord on ``landlord_cards``
    cards (Left holds 9; the cards played are those of a deal at five)."""
    return position(
        "J J J J 3 5 8 9 9 Q",
        seat=Seat.RIGHT,
        landlord=Seat.YOU,
        left=(landlord_cards, 10, 9),
        trick=(Seat.YOU, "2 2"),
        played="2 2 A A A K K 6 6 6 7 7 7 4 4 4 8 8 10 10 10",
    )


def wild_play(text: str, wilds: tuple[Rank, ...], rules: RuleProfile = CLASSIC) -> Play:
    """The default reading (R47) of some cards whose cards of ``wilds`` are wild."""
    return default_wild_reading(classify_wild(parse_ranks(text), wilds, rules))


def wild_position(
    hand: str,
    wilds: str,
    rules: RuleProfile,
    *,
    seat: Seat = Seat.YOU,
    landlord: Seat = Seat.YOU,
    left: tuple[int, int, int] | None = None,
    trick: tuple[Seat, str] | None = None,
) -> Observation:
    """:func:`position` at a wild table: the wild ranks ``wilds`` shown, the trick read
    by its default reading and the legal plays listed by the core's wild generator."""
    wild_ranks = tuple(parse_ranks(wilds))
    obs = position(hand, seat=seat, landlord=landlord, left=left, trick=None, rules=rules)
    trick_play = (trick[0], wild_play(trick[1], wild_ranks, rules)) if trick else None
    last = trick_play[1] if trick_play else None
    legal: list[Action] = [] if last is None else [PassAction()]
    legal.extend(PlayAction(p) for p in legal_plays_wild(obs.hand, wild_ranks, last, rules))
    played = _cards(trick[1], list(obs.hand)) if trick else ()
    return replace(
        obs, trick=trick_play, legal_actions=tuple(legal), wild_ranks=wild_ranks, played=played
    )


def auction(hand: str, bids: tuple[tuple[Seat, int], ...] = ()) -> Observation:
    """You to bid with ``hand`` at a classic table, after ``bids`` (Right opened)."""
    high = max((amount for _, amount in bids), default=0)
    return Observation(
        seat=Seat.YOU,
        phase=Phase.AUCTION,
        rules=CLASSIC,
        turn=Seat.YOU,
        hand=parse_cards(hand),
        cards_left=(17, 17, 17),
        first_bidder=Seat.YOU if not bids else Seat.RIGHT,
        bids=bids,
        landlord=None,
        bid=high,
        kitty=None,
        history=(),
        trick=None,
        played=(),
        bombs=0,
        rockets=0,
        legal_actions=(BidAction(0), *(BidAction(a) for a in range(high + 1, 4))),
    )
