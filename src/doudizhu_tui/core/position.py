"""Planning a position: where each of the 54 cards lies and how the deal got there.

:meth:`Game.from_position <doudizhu_tui.core.game.Game.from_position>` describes a
position the way a person would (the hands, the kitty, the landlord, the bids, the
card play so far); :func:`plan_position` checks that the cards add up and works out
the deal it came from: the hands at the start of the auction, the kitty, and the
actions that lead from there to the position.  The game then replays those actions
through its own rules, so a position is only ever a state that real play can reach.

Cards named as text take, rank by rank, the lowest suits not named elsewhere:
explicit :class:`Card` objects first, then the text hands from You to Left, then the
card play in order, then the kitty; a hand given as ``None`` gets every card left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .auction import ROB_MOVES, Auction, RobAuction
from .cards import Card, CardError, Rank, format_cards, full_pack, parse_ranks
from .combos import Play
from .deal import Deal, DealCode
from .events import PassAction, PlayAction
from .seats import DEALT, Seat, next_seat
from .wild import cards_of

__all__ = ["CardsSpec", "HistoryItem", "PlannedPlay", "Position", "PositionError", "plan_position"]

#: A set of cards: card text (``"3 3 K BJ"``) or the cards themselves.
CardsSpec = str | Iterable[Card]
#: One step of the card play: a seat and its play (text, a reading or an action), or
#: None for a pass.
HistoryItem = tuple[Seat, str | Play | PlayAction | PassAction | None]


class PositionError(ValueError):
    """A position no deal can reach: cards missing, named twice or in impossible
    places, hands of the wrong size, or an auction or card play the rules refuse."""


@dataclass(frozen=True, slots=True)
class PlannedPlay:
    """One step of the card play with its cards: ``cards`` is None for a pass."""

    seat: Seat
    play: str | Play | None
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Position:
    """The deal a position came from and the actions that reach it.  ``bids`` are
    ``(seat, amount)`` pairs, or after a rob auction ``(seat, move)`` pairs."""

    deal: Deal
    first_bidder: Seat
    landlord: Seat | None
    bids: tuple[tuple[Seat, int | str], ...]
    plays: tuple[PlannedPlay, ...]


class _Pool:
    """The cards not yet placed, handed out lowest suit first."""

    def __init__(self, packs: int = 1) -> None:
        self.packs = packs
        self.free: dict[Card, None] = dict.fromkeys(full_pack(packs))

    def claim(self, cards: Iterable[Card], where: str) -> tuple[Card, ...]:
        out = tuple(cards)
        for card in out:
            if not isinstance(card, Card):
                raise PositionError(f"{where}: {card!r} is not a card")
            if card not in self.free:
                raise PositionError(f"{where}: {card!r} ({card}) is named twice")
            del self.free[card]
        return out

    def take(self, text: str, where: str) -> tuple[Card, ...]:
        try:
            ranks = parse_ranks(text, self.packs)
        except CardError as exc:
            raise PositionError(f"{where}: {exc}") from None
        return self.take_ranks(ranks, where)

    def take_ranks(self, ranks: Iterable[Rank], where: str) -> tuple[Card, ...]:
        out: list[Card] = []
        for rank in ranks:
            card = next((c for c in self.free if c.rank == rank), None)
            if card is None:
                raise PositionError(f"{where}: no {rank} is left (every one is placed elsewhere)")
            del self.free[card]
            out.append(card)
        return tuple(out)


def _default_bids(
    first: Seat, landlord: Seat, bid: int, players: int = 3
) -> list[tuple[Seat, int]]:
    """Everyone before the landlord passes, the landlord bids, everyone after passes."""
    bids: list[tuple[Seat, int]] = []
    seat = first
    while seat != landlord:
        bids.append((seat, 0))
        seat = next_seat(seat, players)
    bids.append((landlord, bid))
    if bid < 3:
        seat = next_seat(landlord, players)
        while seat != first:
            bids.append((seat, 0))
            seat = next_seat(seat, players)
    return bids


def _default_rob_moves(first: Seat, landlord: Seat) -> list[tuple[Seat, str]]:
    """Everyone before the landlord passes, the landlord calls, nobody robs (a rob
    auction has three seats, R48)."""
    moves: list[tuple[Seat, str]] = []
    seat = first
    while seat != landlord:
        moves.append((seat, "pass"))
        seat = next_seat(seat, 3)
    moves.append((landlord, "call"))
    seat = next_seat(landlord, 3)
    while seat != first:
        moves.append((seat, "pass"))
        seat = next_seat(seat, 3)
    return moves


def _auction(
    first: Seat, bids: Sequence[tuple[Seat, int | str]], rob: bool = False, players: int = 3
) -> tuple[Seat | None, int]:
    """(landlord, bid) after ``bids`` (no landlord until the auction ends); PositionError
    on a bid out of turn or refused.  With ``rob``, the bids are a rob auction's moves."""
    auction: Auction | RobAuction = RobAuction(first) if rob else Auction(first, players=players)
    said = "move" if rob else "amount"
    for i, item in enumerate(bids, 1):
        if not (
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], Seat)
            and (not rob or (isinstance(item[1], str) and item[1] in ROB_MOVES))
        ):
            raise PositionError(f"bid {i}: {item!r} is not a (seat, {said}) pair")
        seat, amount = item
        if auction.done:
            raise PositionError(f"bid {i} ({seat.label} {amount}): the auction is already over")
        if seat != auction.turn:
            reason = auction.why_not(str(amount), seat) if isinstance(auction, RobAuction) else ""
            reason = f" ({reason})" if reason and "turn" not in reason else ""
            raise PositionError(
                f"bid {i}: it is {auction.turn.label}'s turn, not {seat.label}'s{reason}"
            )
        if isinstance(auction, RobAuction):
            reason = auction.why_not(str(amount))
        else:
            reason = auction.why_not(amount)  # type: ignore[arg-type]
        if reason:
            raise PositionError(f"bid {i} ({seat.label} {amount}): {reason}")
        if isinstance(auction, RobAuction):
            auction.speak(str(amount))
        else:
            auction.bid(amount)  # type: ignore[arg-type]
    return (auction.landlord if auction.done else None), auction.high


def plan_position(
    *,
    hands: Sequence[CardsSpec | None],
    kitty: CardsSpec | None,
    landlord: Seat | None,
    bid: int | None,
    bids: Sequence[tuple[Seat, int | str]] | None,
    history: Sequence[HistoryItem],
    first_bidder: Seat | None,
    code: DealCode,
    auction: str = "bid",
    players: int = 3,
) -> Position:
    """Check a position and work out its deal (see :meth:`Game.from_position`);
    ``auction`` is the profile's kind of auction (``"bid"`` or ``"rob"``) and
    ``players`` its number of seats (four play with two packs, R48)."""
    rob = auction == "rob"
    if isinstance(hands, str) or len(hands) != players:
        if players == 4:
            raise PositionError(
                "give four hands, one for each seat by number (You, Right, Left, Across)"
            )
        raise PositionError("give three hands, one for each seat (You, Right, Left)")
    seats = [Seat(i) for i in range(players)]
    hand_size, kitty_size = DEALT[players]
    if sum(hand is None for hand in hands) > 1:
        raise PositionError("only one hand may be left out (None: every card left)")
    if first_bidder is None:
        opener = bids[0] if bids else None
        if isinstance(opener, tuple) and opener and isinstance(opener[0], Seat):
            first_bidder = opener[0]
        else:
            first_bidder = landlord if landlord is not None else Seat.YOU
    if rob and bid is not None:
        raise PositionError(
            "a rob auction has no bid amounts: give the calls and robs as bids (seat, move)"
        )
    if bids is None:
        if bid is not None and landlord is None:
            raise PositionError("a bid needs a landlord (or give the bids)")
        if landlord is None:
            bids = []
        elif rob:
            bids = _default_rob_moves(first_bidder, landlord)
        else:
            bids = _default_bids(first_bidder, landlord, bid or 3, players)
    won, high = _auction(first_bidder, bids, rob, players)
    if landlord is not None and won != landlord:
        who = won.label if won is not None else "nobody"
        raise PositionError(f"the bids make {who} the landlord, not {landlord.label}")
    if bid is not None and bid != high:
        raise PositionError(f"the bids end at {high}, not {bid}")
    landlord = won
    if history and landlord is None:
        raise PositionError("cards are played only once the auction has a landlord")
    pool = _Pool(players - 2)
    held: list[list[Card]] = [[] for _ in seats]
    rest: Seat | None = None
    # 1. Every card named as a Card object.
    explicit: dict[int, tuple[Card, ...]] = {}
    for seat in seats:
        hand = hands[seat]
        if hand is not None and not isinstance(hand, str):
            held[seat] = list(pool.claim(hand, f"{seat.label}'s hand"))
    steps: list[tuple[Seat, str | Play | None, tuple[Card, ...] | None]] = []
    for i, item in enumerate(history, 1):
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Seat)):
            raise PositionError(f"play {i}: {item!r} is not a (seat, play) pair")
        seat, what = item
        if isinstance(what, PlayAction) and what.cards is not None:
            explicit[i] = pool.claim(what.cards, f"play {i} ({seat.label})")
    kitty_cards: tuple[Card, ...] | None = None
    if kitty is not None and not isinstance(kitty, str):
        kitty_cards = tuple(kitty)
        if landlord is None:
            pool.claim(kitty_cards, "the kitty")
    # 2. Text hands, seat by seat; at most one hand is "the rest".
    for seat in seats:
        hand = hands[seat]
        if hand is None:
            rest = seat
        elif isinstance(hand, str):
            held[seat] = list(pool.take(hand, f"{seat.label}'s hand"))
    # 3. The card play, in order.
    for i, (seat, what) in enumerate(history, 1):
        where = f"play {i} ({seat.label})"
        if what is None or isinstance(what, PassAction):
            steps.append((seat, None, None))
        elif isinstance(what, PlayAction):
            cards = explicit.get(i) or pool.take_ranks(cards_of(what.play), where)
            steps.append((seat, what.play, cards))
        elif isinstance(what, Play):
            steps.append((seat, what, pool.take_ranks(cards_of(what), where)))
        elif isinstance(what, str):
            steps.append((seat, what, pool.take(what, where)))
        else:
            raise PositionError(f"{where}: {what!r} is not a play")
    # 4. A face-down kitty from the cards left; then the hand that takes the rest.
    if landlord is None and kitty is None and rest is not None:
        raise PositionError("while the kitty is face down, give it or give all three hands")
    if landlord is None and isinstance(kitty, str):
        kitty_cards = pool.take(kitty, "the kitty")
    if rest is not None:
        held[rest] = list(pool.free)
        pool.free.clear()
    if landlord is None and kitty_cards is None:
        kitty_cards = tuple(pool.free)
        pool.free.clear()
    if pool.free:
        left = format_cards(pool.free)
        raise PositionError(
            f"{len(pool.free)} cards are nowhere: {left} (every card must be in a hand, "
            "in the kitty while it is face down, or in the card play)"
        )
    # 5. The hands at the start of the card play, and the kitty.
    start = [list(h) for h in held]
    for seat, _, played in steps:
        if played is not None:
            start[seat].extend(played)
    assert kitty_cards is not None or landlord is not None
    if landlord is not None:
        own = start[landlord]
        if kitty is None:
            raise PositionError(
                f"name the kitty: {kitty_size} of the cards the landlord started with"
            )
        if isinstance(kitty, str):
            try:
                ranks = parse_ranks(kitty, players - 2)
            except CardError as exc:
                raise PositionError(f"the kitty: {exc}") from None
            spare = sorted(own)
            picked: list[Card] = []
            for rank in ranks:
                card = next((c for c in spare if c.rank == rank), None)
                if card is None:
                    raise PositionError(
                        f"the kitty: the landlord ({landlord.label}) started with no {rank} "
                        "to spare"
                    )
                spare.remove(card)
                picked.append(card)
            kitty_cards = tuple(picked)
        assert kitty_cards is not None
        if len(set(kitty_cards)) != len(kitty_cards) or any(c not in own for c in kitty_cards):
            raise PositionError(
                f"the kitty ({format_cards(kitty_cards)}) must be among the cards the "
                f"landlord ({landlord.label}) holds or has played"
            )
    assert kitty_cards is not None
    if len(kitty_cards) != kitty_size:
        raise PositionError(f"the kitty is {kitty_size} cards, not {len(kitty_cards)}")
    dealt: list[tuple[Card, ...]] = []
    for seat in seats:
        mine = list(start[seat])
        size = len(mine)
        if seat == landlord:
            for c in kitty_cards:
                mine.remove(c)
        if len(mine) != hand_size:
            now = len(held[seat])
            if landlord is None:
                raise PositionError(
                    f"{seat.label} holds {now} cards: every hand holds {hand_size} until the "
                    "auction ends"
                )
            who, should = (
                ("the landlord", hand_size + kitty_size)
                if seat == landlord
                else ("a peasant", hand_size)
            )
            raise PositionError(
                f"{seat.label} holds {now} cards and has played {size - now}, {size} in all: "
                f"{who} starts the card play with {should}"
            )
        dealt.append(tuple(sorted(mine)))
    deal = Deal(
        code=code,
        hands=tuple(dealt),
        kitty=tuple(sorted(kitty_cards)),
        # No card was marked: the first bidder's lowest card stands in for it.
        marked=dealt[first_bidder][0],
        first_bidder=first_bidder,
    )
    plays = tuple(PlannedPlay(seat, what, cards) for seat, what, cards in steps)
    return Position(deal, first_bidder, landlord, tuple(bids), plays)
