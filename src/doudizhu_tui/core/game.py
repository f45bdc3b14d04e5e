"""The game state machine of one deal (R5-R27).

A :class:`Game` is the only place where a deal's state changes.  Ask it for
``legal_actions()``, hand one to ``apply(action)``, and it returns the events
that followed; a refused action raises :class:`IllegalAction` with the reason
and leaves the state exactly as it was.

>>> g = Game(code_from_number(42))
>>> g.phase, g.turn
(Phase.AUCTION, Seat.RIGHT)
>>> [type(e).__name__ for e in g.apply(BidAction(3))]
['Bid', 'LandlordChosen', 'KittyShown']
>>> g.phase, g.turn, len(g.hands[Seat.RIGHT])
(Phase.PLAY, Seat.RIGHT, 20)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from .auction import ROB_MOVES, Auction, RobAuction, RobMove
from .cards import Card, Rank, counts_of, format_cards, format_ranks, parse_ranks
from .combos import Kind, Play, beats, classify, kind_refused
from .deal import Deal, DealCode, code_from_number, deal_cards, opening_seat
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
    RobAction,
    RobBid,
    Settled,
    ThrownIn,
    WildRankShown,
)
from .moves import legal_plays_counts
from .position import CardsSpec, HistoryItem, PositionError, plan_position
from .reasons import choose_reading, playable_readings
from .rules import CLASSIC, RuleProfile
from .scoring import doubles, settle
from .seats import Role, Seat
from .wild import (
    beats_wild,
    bomb_class,
    cards_of,
    classify_wild,
    draw_wild_ranks,
    legal_plays_wild,
    why_not_wild,
)

__all__ = ["Game", "IllegalAction", "Phase", "PositionError", "replay"]

_ = code_from_number  # used by the doctests above


class IllegalAction(ValueError):
    """An action the game refuses; the message says why.  The state is unchanged."""


class Phase(Enum):
    """Where a deal stands."""

    AUCTION = "auction"
    PLAY = "play"
    FINISHED = "finished"
    THROWN_IN = "thrown in"

    def __repr__(self) -> str:
        """``Phase.PLAY``: pastes back given ``from doudizhu_tui.core import *``."""
        return f"Phase.{self.name}"


class Game:
    """One deal from its code to its settlement (or its throw-in)."""

    def __init__(
        self,
        code: DealCode,
        rules: RuleProfile = CLASSIC,
        first_bidder: Seat | None = None,
    ) -> None:
        self._start(code, deal_cards(code, rules.players), rules, first_bidder)

    def _start(
        self,
        code: DealCode,
        deal: Deal,
        rules: RuleProfile,
        first_bidder: Seat | None,
        wild_draw: Sequence[Rank] | None = None,
    ) -> None:
        self.code = code
        self.rules = rules
        self.deal = deal
        if first_bidder is None:
            first_bidder = opening_seat(deal, rules.first_bidder)
        self.first_bidder = first_bidder
        self.hands: list[list[Card]] = [list(h) for h in deal.hands]
        self._counts: list[list[int]] = [counts_of(h) for h in deal.hands]
        self.kitty: tuple[Card, ...] = deal.kitty
        self.phase = Phase.AUCTION
        #: The auction of the deal's profile: an :class:`Auction` of bids, or under
        #: ``auction = "rob"`` a :class:`RobAuction` of calls and robs.
        self.auction: Auction | RobAuction = (
            RobAuction(self.first_bidder, players=rules.players)
            if rules.auction == "rob"
            else Auction(self.first_bidder, players=rules.players)
        )
        self.landlord: Seat | None = None
        #: The landlord's bid once the auction is over (1 after a rob auction: the call).
        self.bid = 0
        #: How many robs the rob auction has had so far (each doubles the stake).
        self.robs = 0
        #: The play to beat and who made it; None when the seat to act leads.
        self.trick: tuple[Seat, Play] | None = None
        self._turn = self.first_bidder
        self._passes = 0
        self.plays_made = [0] * rules.players
        #: The bombs that doubled the stake: every bomb, except at a four-player table,
        #: where only bombs of six cards or more double (R51).
        self.bombs = 0
        #: At a four-player table, the size of each bomb that doubled (R51).
        self.bomb_sizes: list[int] = []
        #: The class of each bomb played, in order, at a table with wild ranks
        #: ("soft", "natural" or "wild", R46); empty at the other tables.
        self.bomb_classes: list[str] = []
        self.rockets = 0
        self.played_cards: list[Card] = []
        self.log: list[Event] = [Dealt(str(code), self.first_bidder)]
        #: The wild ranks shown so far (R44): none without wildcards; under
        #: ``wildcards = 2`` the first from the start, the second after the kitty.
        self.wild_ranks: tuple[Rank, ...] = ()
        self._wild_draw: tuple[Rank, ...] = (
            draw_wild_ranks(code, rules.wildcards) if wild_draw is None else tuple(wild_draw)
        )
        if rules.wildcards == 2:
            self._show_wild_rank()
        #: The auction so far: (seat, amount), 0 for a pass (empty in a rob auction).
        self.bids: list[tuple[Seat, int]] = []
        #: The rob auction so far: (seat, "call" | "rob" | "pass") (empty in a bid auction).
        self.rob_moves: list[tuple[Seat, RobMove]] = []
        #: The card play so far: (seat, play), or (seat, None) for a pass.
        self.history: list[tuple[Seat, Play | None]] = []
        self._legal: tuple[int, list[Play]] | None = None
        self._legal_actions: tuple[int, tuple[Action, ...]] | None = None
        self.actions: list[Action] = []
        self.next_code: DealCode | None = None

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[CardsSpec | None],
        landlord: Seat | None = None,
        kitty: CardsSpec | None = None,
        bid: int | None = None,
        bids: Sequence[tuple[Seat, int]] | Sequence[tuple[Seat, RobMove]] | None = None,
        history: Sequence[HistoryItem] = (),
        turn: Seat | None = None,
        first_bidder: Seat | None = None,
        rules: RuleProfile = CLASSIC,
        code: DealCode | None = None,
        wild_ranks: Sequence[Rank] | str | None = None,
    ) -> Game:
        """A game at a position given the way a person would describe it.

        >>> g = Game.from_position(
        ...     hands=["4 5 6 7 8 9 10 J Q K A 2222 BJ RJ", "444 555 666 777 888 99", None],
        ...     landlord=Seat.YOU,
        ...     kitty="2 BJ RJ",
        ...     history=[(Seat.YOU, "3 3 3")],
        ... )
        >>> [len(h) for h in g.hands], g.bid, g.turn
        ([17, 17, 17], 3, Seat.RIGHT)
        >>> g.trick
        (Seat.YOU, Play(Kind.TRIO, Rank.THREE, 1, parse_ranks('3 3 3')))

        ``hands`` are the cards each seat holds now, indexed by :class:`Seat`: card
        text (suits are given out lowest first among the cards named nowhere else),
        the cards themselves, or ``None`` for one seat that holds every card left.
        All 54 cards must be accounted for: in a hand, in the card play, or in the
        kitty while it is face down; there are no unseen or lost cards.

        Before the auction ends (``landlord`` None and ``bids`` not finishing it)
        each hand holds 17 and ``kitty`` is the face-down three (default: the cards
        the hands leave).  With a ``landlord``, ``kitty`` names three of the cards
        the landlord started the card play with, ``bids`` (as ``(seat, amount)``;
        default: the landlord bids ``bid``, 3 unless given, and everyone else
        passes) must make that seat the landlord, and ``history`` is the card play
        from the landlord's opening lead: ``(seat, play)`` pairs with the play as
        card text (read by the default reading that beats the table, R15/R20), a
        :class:`Play`, a :class:`PlayAction` naming the exact cards, or None for a
        pass.  The auction and the card play are replayed through the rules, so
        every step must be legal; ``turn``, if given, must be the seat to act.

        Under ``rules.auction == "rob"`` the ``bids`` are the rob auction's moves,
        ``(seat, "call" | "rob" | "pass")``; by default everyone before the landlord
        passes, the landlord calls and nobody robs; there is no ``bid`` to give.

        ``first_bidder`` defaults to the first seat in ``bids``, else the landlord,
        else You.  ``code`` (default ``code_from_number(0)``) is the code the game
        carries: it seeds the computer players and names the deal after a throw-in,
        but does not deal these cards, so ``replay(game.code, game.actions)`` does
        not rebuild this game; ``game.deal`` holds the hands it started from.

        Under ``rules.wildcards`` the wild ranks are drawn from ``code`` as in a
        deal, unless ``wild_ranks`` names them (e.g. ``"7"``, or ``"7 K"`` for two:
        the first is shown before the auction).  A play in ``history`` given as card
        text is then read by the default reading of its wilds that beats the table.

        Raises :class:`PositionError` (a ``ValueError``) naming what is impossible.
        """
        code = code_from_number(0) if code is None else code
        draw: tuple[Rank, ...] | None = None
        if wild_ranks is not None:
            try:
                draw = (
                    tuple(parse_ranks(wild_ranks))
                    if isinstance(wild_ranks, str)
                    else tuple(wild_ranks)
                )
            except ValueError as exc:
                raise PositionError(f"wild ranks: {exc}") from None
            if len(draw) != rules.wildcards or len(set(draw)) != len(draw):
                raise PositionError(
                    f"the profile has {rules.wildcards} different wild ranks, not {len(draw)}"
                )
            if any(r > Rank.TWO for r in draw):
                raise PositionError("a joker cannot be a wild rank")
        plan = plan_position(
            hands=hands,
            kitty=kitty,
            landlord=landlord,
            bid=bid,
            bids=bids,
            history=history,
            first_bidder=first_bidder,
            code=code,
            auction=rules.auction,
            players=rules.players,
        )
        game = cls.__new__(cls)
        game._start(code, plan.deal, rules, plan.first_bidder, draw)
        for _seat, said in plan.bids:  # _auction in plan_position checked every bid
            game.apply(_ROB_ACTIONS[said] if isinstance(said, str) else BidAction(said))
        for i, step in enumerate(plan.plays, 1):
            where = f"play {i} ({step.seat.label}"
            if game.over:
                raise PositionError(f"{where}): the deal is already over")
            if step.seat != game.turn:
                assert game.turn is not None
                raise PositionError(f"{where}): it is {game.turn.label}'s turn")
            action: Action
            if step.cards is None:
                action = PassAction()
            else:
                play = step.play
                if not isinstance(play, Play):
                    play = _reading(step.cards, game.trick, rules, game.wild_ranks)
                    if play is None:
                        raise PositionError(f"{where}): {format_cards(step.cards)} is not a play")
                action = PlayAction(play, step.cards)
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise PositionError(f"{where}, {action}): {exc}") from None
        if turn is not None and game.turn != turn:
            if game.turn is None:
                raise PositionError(f"the deal is over: it is nobody's turn, not {turn.label}'s")
            raise PositionError(f"the turn is {game.turn.label}'s, not {turn.label}'s")
        return game

    # ----- reading the state -------------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or None once the deal is over."""
        if self.phase in (Phase.FINISHED, Phase.THROWN_IN):
            return None
        return self._turn

    @property
    def over(self) -> bool:
        """True once the deal is settled or thrown in."""
        return self.phase in (Phase.FINISHED, Phase.THROWN_IN)

    def role(self, seat: Seat) -> Role | None:
        """The seat's role, or None during the auction."""
        if self.landlord is None:
            return None
        return Role.LANDLORD if seat == self.landlord else Role.PEASANT

    def counts(self, seat: Seat) -> Sequence[int]:
        """The rank-count vector of a seat's hand (read only)."""
        return self._counts[seat]

    @property
    def multiplier(self) -> int:
        """The multiplier so far: 2 for each rob, bomb and rocket (springs come at the end)."""
        return 1 << (self.robs + self.bombs + self.rockets)

    @property
    def stake_bid(self) -> int:
        """The bid the stake stands on now: the landlord's, or during the auction the
        highest bid so far (0 before any bid).  In a rob auction: 1 once somebody called."""
        return self.bid or self.auction.high

    @property
    def round_value(self) -> int:
        """base x bid x multiplier as it stands now, live during the auction (the highest
        bid so far, or the call and the robs so far; 0 before any bid or call)."""
        return self.rules.base * self.stake_bid * self.multiplier

    @property
    def settlement(self) -> Settled | None:
        """The final event of a finished deal."""
        last = self.log[-1]
        return last if isinstance(last, Settled) else None

    def legal_plays(self) -> list[Play]:
        """The plays the seat to act may make now (empty outside the card play)."""
        if self.phase is not Phase.PLAY:
            return []
        if self._legal is not None and self._legal[0] == len(self.log):
            return list(self._legal[1])
        last = self.trick[1] if self.trick else None
        if self.wild_ranks:
            plays = legal_plays_wild(self.hands[self._turn], self.wild_ranks, last, self.rules)
        else:
            plays = legal_plays_counts(self._counts[self._turn], last, self.rules)
        self._legal = (len(self.log), plays)
        return list(plays)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take: bids (or calls and robs), or plays and
        (when following) pass."""
        return list(self.legal_actions_tuple())

    def legal_actions_tuple(self) -> tuple[Action, ...]:
        """:meth:`legal_actions` as a tuple, worked out once per position (the
        observations of every decision share it)."""
        cached = self._legal_actions
        if cached is not None and cached[0] == len(self.log):
            return cached[1]
        out: tuple[Action, ...]
        if self.phase is Phase.AUCTION:
            auction = self.auction
            if isinstance(auction, RobAuction):
                out = tuple(_ROB_ACTIONS[m] for m in auction.legal_moves())
            else:
                out = tuple(BidAction(a) for a in auction.legal_bids())
        elif self.phase is Phase.PLAY:
            plays = tuple(PlayAction(p) for p in self.legal_plays())
            out = plays if self.trick is None else (_PASS, *plays)
        else:
            out = ()
        self._legal_actions = (len(self.log), out)
        return out

    def why_not(self, action: Action) -> str | None:
        """The reason ``action`` would be refused now, or None if it is legal."""
        try:
            self._check(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    # ----- changing the state ------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Carry out the action of the seat to act; return the events it caused."""
        checked = self._check(action)
        start = len(self.log)
        self.actions.append(action)
        if isinstance(action, BidAction):
            self._bid(action.amount)
        elif isinstance(action, RobAction):
            self._rob(action.move)
        elif isinstance(action, PassAction):
            self._pass()
        else:
            assert checked is not None
            self._play(*checked)
        return tuple(self.log[start:])

    def _check(self, action: Action) -> tuple[Play, tuple[Card, ...]] | None:
        if self.over:
            raise IllegalAction("the deal is over")
        if isinstance(action, BidAction):
            if self.rules.auction == "rob":
                raise IllegalAction("at this table players call and rob the landlord: no bids")
            if self.phase is not Phase.AUCTION:
                raise IllegalAction("the auction is over")
            assert isinstance(self.auction, Auction)
            reason = self.auction.why_not(action.amount)
            if reason:
                raise IllegalAction(reason)
            return None
        if isinstance(action, RobAction):
            if not isinstance(self.auction, RobAuction):
                raise IllegalAction("at this table players bid 1, 2 or 3: nobody robs")
            reason = self.auction.why_not(action.move)
            if reason:
                raise IllegalAction(reason)
            return None
        if self.phase is not Phase.PLAY:
            raise IllegalAction("cards are played after the auction")
        if isinstance(action, PassAction):
            if self.trick is None:
                raise IllegalAction("you lead this round, so you cannot pass")
            return None
        if self.wild_ranks:
            return self._check_wild_play(action)
        return action.play, self._check_play(action)

    def _check_play(self, action: PlayAction) -> tuple[Card, ...]:
        play = action.play
        generated = self._legal is not None and self._legal[0] == len(self.log)
        if generated and action.cards is None and play in self._legal[1]:  # type: ignore[index]
            cards = _pick(self.hands[self._turn], play.ranks)
            assert cards is not None
            return cards
        if play not in classify(play.ranks, self.rules):
            refused = kind_refused(play.kind, self.rules)
            if refused:
                raise IllegalAction(refused)
            raise IllegalAction(f"{format_ranks(play.ranks)} cannot be read as a {play.kind.label}")
        cards = _take(self.hands[self._turn], play.ranks, action.cards, play.label())
        if self.trick is not None and not beats(play, self.trick[1]):
            raise IllegalAction(_not_beating(play, self.trick[1]))
        return cards

    def _check_wild_play(self, action: PlayAction) -> tuple[Play, tuple[Card, ...]]:
        """A play at a table with wild ranks (R44-R47): the cards it takes are its
        ranks with each wild's stood-for rank swapped for the wild card's own; it is
        recorded as the reading of those cards with its kind, rank and length (a
        kicker wild's stand-in never matters), and beats by bomb class."""
        play = action.play
        hand = self.hands[self._turn]
        generated = self._legal is not None and self._legal[0] == len(self.log)
        if generated and action.cards is None and play in self._legal[1]:  # type: ignore[index]
            cards = _pick(hand, cards_of(play))
            assert cards is not None
            return play, cards
        refused = kind_refused(play.kind, self.rules)
        if refused:
            raise IllegalAction(refused)
        try:
            taken = cards_of(play)
        except ValueError:
            raise IllegalAction("the wilds named are not cards of the play") from None
        if any(r not in self.wild_ranks for r in play.wild_cards):
            raise IllegalAction("only cards of the wild ranks stand for other ranks")
        cards = _take(hand, taken, action.cards, format_ranks(taken))
        head = (play.kind, play.rank, play.length)
        found = [
            p
            for p in classify_wild(taken, self.wild_ranks, self.rules)
            if (p.kind, p.rank, p.length) == head
        ]
        if not found:
            raise IllegalAction(
                f"{format_ranks(taken)} cannot be read as a {play.kind.label} of {play.rank.symbol}"
            )
        reading = found[0]
        if self.trick is not None and not beats_wild(reading, self.trick[1]):
            last = self.trick[1]
            raise IllegalAction(why_not_wild(reading, last) or _not_beating(reading, last))
        return reading, cards

    def _show_wild_rank(self) -> None:
        """Draw the next wild rank of the deal and show it to all (R44)."""
        rank = self._wild_draw[len(self.wild_ranks)]
        self.wild_ranks = (*self.wild_ranks, rank)
        self.log.append(WildRankShown(rank, len(self.wild_ranks)))

    def _bid(self, amount: int) -> None:
        auction = self.auction
        assert isinstance(auction, Auction)
        seat = auction.turn
        auction.bid(amount)
        self.log.append(Bid(seat, amount))
        self.bids.append((seat, amount))
        if not auction.done:
            self._turn = auction.turn
            return
        self._auction_over(auction.landlord, auction.high)

    def _rob(self, move: RobMove) -> None:
        auction = self.auction
        assert isinstance(auction, RobAuction)
        seat = auction.turn
        auction.speak(move)
        self.robs = auction.robs
        self.log.append(RobBid(seat, move, auction.robs))
        self.rob_moves.append((seat, move))
        if not auction.done:
            self._turn = auction.turn
            return
        self._auction_over(auction.landlord, auction.high)

    def _auction_over(self, landlord: Seat | None, bid: int) -> None:
        if landlord is None:
            self.phase = Phase.THROWN_IN
            self.next_code = self.code.successor()
            self.log.append(ThrownIn(str(self.next_code)))
            return
        self.landlord = landlord
        self.bid = bid
        self.log.append(LandlordChosen(landlord, bid, self.robs))
        self.hands[landlord] = sorted([*self.hands[landlord], *self.kitty])
        for c in self.kitty:
            self._counts[landlord][c.rank] += 1
        self.log.append(KittyShown(landlord, self.kitty, self.rules.kitty == "shown"))
        if len(self.wild_ranks) < self.rules.wildcards:
            self._show_wild_rank()
        self.phase = Phase.PLAY
        self._turn = landlord

    def _pass(self) -> None:
        seat = self._turn
        self._passes += 1
        clears = self._passes == self.rules.players - 1
        self.log.append(Passed(seat, clears))
        self.history.append((seat, None))
        if clears:
            self.trick = None
            self._passes = 0
        self._turn = self.rules.next_seat(seat)

    def _play(self, play: Play, cards: tuple[Card, ...]) -> None:
        seat = self._turn
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
            self._counts[seat][c.rank] -= 1
        self.played_cards.extend(cards)
        self.plays_made[seat] += 1
        if play.kind is Kind.BOMB:
            if doubles(play, self.rules.players):
                self.bombs += 1
                if self.rules.players == 4:
                    self.bomb_sizes.append(play.size)
            if self.rules.wildcards:
                found = bomb_class(play)
                assert found is not None
                self.bomb_classes.append(found.name.lower())
        elif play.kind is Kind.ROCKET:
            self.rockets += 1
        self.log.append(Played(seat, play, cards, self.trick is None, len(hand)))
        self.history.append((seat, play))
        self.trick = (seat, play)
        self._passes = 0
        if hand:
            self._turn = self.rules.next_seat(seat)
            return
        self._finish(seat)

    def _finish(self, winner: Seat) -> None:
        landlord = self.landlord
        assert landlord is not None
        landlord_won = winner == landlord
        peasants_played = sum(n for s, n in enumerate(self.plays_made) if s != landlord)
        result = settle(
            base=self.rules.base,
            bid=self.bid,
            bombs=self.bombs,
            rockets=self.rockets,
            spring=landlord_won and peasants_played == 0,
            reverse_spring=not landlord_won and self.plays_made[landlord] <= 1,
            landlord=landlord,
            landlord_won=landlord_won,
            robs=self.robs,
            auction=self.rules.auction,
            bomb_classes=self.bomb_classes,
            players=self.rules.players,
            bomb_sizes=self.bomb_sizes,
        )
        self.phase = Phase.FINISHED
        hands_left = tuple(tuple(h) for h in self.hands)
        role = Role.LANDLORD if landlord_won else Role.PEASANT
        self.log.append(Settled(winner, role, result, hands_left))


#: The rob actions, one per move (the legal actions hand out these same values).
_ROB_ACTIONS: dict[str, RobAction] = {m: RobAction(m) for m in ROB_MOVES}
_PASS = PassAction()


def _reading(
    cards: Sequence[Card],
    trick: tuple[Seat, Play] | None,
    rules: RuleProfile,
    wild_ranks: Sequence[Rank] = (),
) -> Play | None:
    """The reading of ``cards`` a seat would play: the default one (R15, R47) that beats
    the table if any does (R20); None if the cards are no play."""
    readings = playable_readings(cards, None, rules, wild_ranks)
    if not readings:
        return None
    if trick is not None:
        beating = [p for p in readings if beats_wild(p, trick[1])]
        if beating:
            return choose_reading(beating, trick[1])
    return choose_reading(readings)


def _take(
    hand: Sequence[Card], ranks: Sequence[Rank], named: Sequence[Card] | None, what: str
) -> tuple[Card, ...]:
    """The cards a play of ``ranks`` (lowest first) takes from the hand: the ones
    ``named``, or the first of each rank; :class:`IllegalAction` if the hand lacks them
    (``what`` names the play in the message)."""
    if named is None:
        cards = _pick(hand, ranks)
        if cards is None:
            raise IllegalAction(f"the hand does not hold {what}")
        return cards
    cards = tuple(sorted(named))
    if [c.rank for c in cards] != list(ranks):
        raise IllegalAction("the cards named do not match the play")
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise IllegalAction("those cards are not all in the hand")
    return cards


def _pick(hand: Sequence[Card], ranks: Iterable[Rank]) -> tuple[Card, ...] | None:
    """The first cards of each rank in a sorted hand, or None if the hand lacks them."""
    need = counts_of(ranks)
    out: list[Card] = []
    for c in hand:
        if need[c.rank]:
            need[c.rank] -= 1
            out.append(c)
    return None if any(need) else tuple(out)


def _not_beating(play: Play, last: Play) -> str:
    if last.kind is Kind.ROCKET:
        return "nothing beats the rocket"
    if last.kind is Kind.BOMB and play.kind is Kind.BOMB:
        if play.size < last.size:
            return f"a bomb of {play.size} cards does not beat a bomb of {last.size}"
        return f"bomb {play.label()} does not beat bomb {last.label()}"
    if last.kind is Kind.BOMB:
        return f"only a higher bomb or the rocket beats bomb {last.label()}"
    if play.kind is not last.kind or play.length != last.length:
        return f"a {play.kind.label} of {play.size} cards does not answer {last.describe()}"
    return f"{play.label()} does not beat {last.label()}"


def replay(
    code: DealCode,
    actions: Iterable[Action],
    rules: RuleProfile = CLASSIC,
    first_bidder: Seat | None = None,
) -> Game:
    """Rebuild a game by applying ``actions`` to a fresh deal of ``code``."""
    game = Game(code, rules, first_bidder)
    for action in actions:
        game.apply(action)
    return game
