"""What the table shows, worked out from the person's observation: plain strings and
small records.

Nothing here touches Textual: the table screen builds the observation of seat
``YOU`` (:func:`~doudizhu_tui.core.observe`), turns it (and the person's
selection) into these values and hands them down to the widgets, which only
draw.  Nothing here reads the game, so other hands and a hidden kitty cannot
appear before the result card; what the person may see is decided by the core.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..bots import hint_plays, rate_hand, resolve
from ..bots.base import rob_by_strength
from ..core import (
    CLASSIC,
    Bid,
    BidAction,
    Card,
    Kind,
    KittyShown,
    LandlordChosen,
    Observation,
    Passed,
    Phase,
    Play,
    PlayAction,
    Played,
    Rank,
    RobBid,
    RobMove,
    Role,
    Seat,
    Settled,
    ThrownIn,
    WildRankShown,
    bomb_class,
    claimed,
    counts_of,
    doubles,
    format_cards,
)
from ..core.wild import show
from .glyphs import Glyphs

__all__ = [
    "PanelInfo",
    "advice_text",
    "auction_word",
    "count_of",
    "describe_play",
    "hint_cycle",
    "hint_order",
    "kitty_caption",
    "last_actions",
    "log_lines",
    "mark_cards",
    "normal_choice",
    "pick_cards",
    "recent_plays",
    "rob_advice",
    "rob_auction",
    "rob_prompt",
    "rob_word",
    "round_cell",
    "rules_title",
    "short_play",
    "tracker_counts",
    "trick_display",
    "trick_wilds",
    "wild_table",
    "wild_text",
]

HUMAN = Seat.YOU


@dataclass(frozen=True, slots=True)
class PanelInfo:
    """What a seat's panel shows."""

    seat: Seat
    level: str
    role: Role | None
    cards_left: int
    last: str | None
    turn: bool
    thinking: bool
    #: The seat's plays and passes in the card play so far, the latest first.
    recent: tuple[str, ...] = ()
    #: What the seat does before the roles are known: ``bidding``, or ``calling`` at
    #: a table where the landlord is called and robbed.
    auction: str = "bidding"


def auction_word(obs: Observation) -> str:
    """``calling`` at a rob table, ``bidding`` elsewhere (the panels' word before the
    roles are known)."""
    return "calling" if obs.rules.auction == "rob" else "bidding"


def count_of(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: ``1 card``, ``2 cards``, ``0 cards``."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def wild_table(obs: Observation) -> bool:
    """True at a table with wild ranks (R44), whether or not they are shown yet."""
    return obs.rules.wildcards > 0


def wild_text(obs: Observation) -> str:
    """The wild ranks shown so far, for the top bar: ``wild 7``, ``wild 7 K``; empty
    before the first is shown and at the other tables."""
    ranks = obs.wild_ranks
    return "wild " + " ".join(r.symbol for r in ranks) if ranks else ""


def mark_cards(cards: Iterable[Card], wild_ranks: Sequence[Rank], mark: str = "*") -> str:
    """Cards in the text notation, lowest first, each wild one followed by ``mark``:
    ``3 7* 7* K`` (plain :func:`~doudizhu_tui.core.format_cards` without wild ranks)."""
    if not wild_ranks:
        return format_cards(cards)
    return " ".join(c.rank.symbol + (mark if c.rank in wild_ranks else "") for c in sorted(cards))


def _bomb_word(play: Play, wild: bool) -> str:
    """``BOMB``, or at a table with wild ranks its class: ``SOFT BOMB`` (R46)."""
    found = bomb_class(play) if wild else None
    return "BOMB" if found is None else f"{found.name} BOMB"


def describe_play(play: Play, wild: bool = False) -> str:
    """A play as players say it: ``pair 9-9``, ``BOMB 7-7-7-7``, ``ROCKET``; a wild
    in brackets as the rank it stood for (``straight 7-8-9-[10]-J``), and with
    ``wild`` (a table with wild ranks) a bomb by its class: ``SOFT BOMB 8-8-8-[8]``.
    At four players a bomb of more than four cards says its size
    (``6-card BOMB 9-9-9-9-9-9``) and the rocket is ``ROCKET BJ-BJ-RJ-RJ`` (R51)."""
    if play.kind is Kind.ROCKET:
        return "ROCKET BJ-RJ" if play.size == 2 else f"ROCKET {play.label()}"
    if play.kind is Kind.BOMB:
        return f"{_bomb_size(play)}{_bomb_word(play, wild)} {play.label()}"
    return play.describe()


def _bomb_size(play: Play) -> str:
    """``7-card `` before a bomb of more than four cards (four players, R51)."""
    return f"{play.size}-card " if play.size > 4 else ""


def short_play(play: Play, limit: int = 40, wild: bool = False) -> str:
    """:func:`describe_play`, or for a long play (over ``limit`` characters) its size and
    kind alone (``16-card airplane+singles``): the cards are drawn on the table."""
    text = describe_play(play, wild)
    return text if len(text) <= limit else f"{play.size}-card {play.kind.label}"


def rob_auction(obs: Observation) -> bool:
    """True at a table where players call and rob the landlord (``auction = "rob"``)."""
    return obs.rules.auction == "rob"


def round_cell(obs: Observation, glyphs: Glyphs) -> str:
    """``base x bid x multiplier = round value`` as it stands now, live from the first
    bid: the bid the stake stands on (the highest so far during the auction, then the
    landlord's) and the round value, both as the game computes them.

    At a rob table the middle factor is the call and its robs: ``10 x 1 x 1 = 10``
    after a call, ``10 x 2^2 x 1 = 40`` after two robs; the last factor is then the
    bombs' and rockets' (``2^(bombs + rockets)``)."""
    x = glyphs.times
    bid = obs.stake_bid
    if rob_auction(obs):
        robs = obs.robs
        stake = ("1" if robs == 0 else f"2^{robs}") if bid else "-"
        value = str(obs.round_value) if bid else "-"
        return f"{obs.rules.base} {x} {stake} {x} {1 << (obs.bombs + obs.rockets)} = {value}"
    bid_text = str(bid) if bid else "-"
    value = str(obs.round_value) if bid else "-"
    return f"{obs.rules.base} {x} {bid_text} {x} {obs.multiplier} = {value}"


def kitty_caption(obs: Observation) -> str:
    """The kitty's caption: face down in the auction, then whose it is (or that it is hidden)."""
    landlord = obs.landlord
    if landlord is None:
        return "Kitty (face down)"
    if obs.kitty is None:
        return "Kitty (hidden)"
    return "Kitty (yours)" if landlord == HUMAN else f"Kitty (to {landlord.label})"


def last_actions(obs: Observation) -> dict[Seat, str]:
    """Each seat's last bid (in the auction) or last play or pass of the current round."""
    out: dict[Seat, str] = {}
    if obs.phase is Phase.AUCTION or obs.phase is Phase.THROWN_IN:
        called: set[Seat] = set()
        for seat, move in obs.rob_moves:
            out[seat] = rob_word(move, seat in called)
            if move != "pass":
                called.add(seat)
        for seat, amount in obs.bids:
            out[seat] = str(BidAction(amount))
        return out
    for event in obs.log:
        if isinstance(event, Played):
            if event.lead:
                out = {}
            out[event.seat] = describe_play(event.play, wild_table(obs))
        elif isinstance(event, Passed):
            out[event.seat] = "pass"
    return out


def recent_plays(obs: Observation, seat: Seat) -> tuple[str, ...]:
    """A seat's plays and passes in the card play so far, the latest first."""
    out: list[str] = []
    for event in obs.log:
        if isinstance(event, Played) and event.seat == seat:
            out.append(describe_play(event.play, wild_table(obs)))
        elif isinstance(event, Passed) and event.seat == seat:
            out.append("pass")
    return tuple(reversed(out))


def log_lines(obs: Observation, glyphs: Glyphs) -> list[str]:
    """The deal so far, one line per event of the person's observation."""
    first = obs.first_bidder
    rob = rob_auction(obs)
    verb = "call" if rob else "bid"
    lines = [f"You {verb} first" if first == HUMAN else f"{first.label} {verb}s first"]
    spoke: set[Seat] = set()
    wild = wild_table(obs)
    for event in obs.log:
        if isinstance(event, Bid):
            what = str(BidAction(event.amount))
            lines.append(f"{event.seat.label}: {what}")
        elif isinstance(event, RobBid):
            what = rob_word(event.move, event.seat in spoke)
            if event.move == "rob":
                what += f" ({glyphs.times}2)"
            if event.move != "pass":
                spoke.add(event.seat)
            lines.append(f"{event.seat.label}: {what}")
        elif isinstance(event, LandlordChosen):
            who = "You are" if event.seat == HUMAN else f"{event.seat.label} is"
            if rob:
                robs = event.robs
                stake = f"{glyphs.times}{1 << robs}" if robs else "on the call"
                lines.append(f"{who} landlord, {stake}")
            else:
                lines.append(f"{who} landlord at {event.bid}")
        elif isinstance(event, KittyShown):
            if event.cards:
                lines.append(f"Kitty to {event.seat.label}: {format_cards(event.cards)}")
            else:
                lines.append(f"{event.seat.label} took the hidden kitty")
        elif isinstance(event, WildRankShown):
            again = " too" if event.number > 1 else ""
            lines.append(f"The {event.rank.symbol}s are wild{again}")
        elif isinstance(event, Played):
            text = f"{event.seat.label}: {describe_play(event.play, wild)}"
            if doubles(event.play, obs.rules.players):
                text += f" ({glyphs.times}2)"
            if 0 < event.cards_left <= 2:
                text += f", {event.cards_left} left!"
            lines.append(text)
        elif isinstance(event, Passed):
            lines.append(f"{event.seat.label}: pass")
            if event.clears:
                lines.append("  -- table cleared --")
        elif isinstance(event, ThrownIn):
            lines.append("Nobody called: thrown in" if rob else "Everyone passed: thrown in")
        elif isinstance(event, Settled):
            side = "landlord wins" if event.winning_role is Role.LANDLORD else "peasants win"
            lines.append(f"{event.winner.label} went out: {side}")
    return lines


def _last_played(obs: Observation) -> Played | None:
    if obs.phase is Phase.AUCTION or obs.phase is Phase.THROWN_IN:
        return None
    return next((e for e in reversed(obs.log) if isinstance(e, Played)), None)


def _trick_captions(obs: Observation, played: Played) -> list[str]:
    """The captions of the play on the table, the widest first: with wilds the
    reading comes first (``Right played: straight 7 8 9 [10] J``, then shorter),
    the caption without it last."""
    turn = obs.turn
    play = played.play
    who = "You" if played.seat == HUMAN else played.seat.label
    kind = play.kind
    if kind is Kind.BOMB:
        what = _bomb_size(play) + _bomb_word(play, wild_table(obs)) + "!"
    elif kind is Kind.ROCKET:
        what = "ROCKET!"
    else:
        what = kind.label
    if obs.over:
        head = f"{who} went out:"
    elif obs.trick is not None:
        head = f"{who} played:"
    else:
        leads = "you lead" if turn == HUMAN else f"{turn.label if turn else '-'} leads"
        whose = "Your" if played.seat == HUMAN else f"{played.seat.label}'s"
        plain = f"{whose} {what} held; {leads}"
        if not play.wilds:
            return [plain]
        shown = show(play)
        return [
            f"{whose} {what} {shown} held; {leads}",
            f"{whose} {what} {shown} held",
            f"{whose} {shown} held",
            plain,
        ]
    plain = f"{head} {what}"
    if not play.wilds:
        return [plain]
    shown = show(play)
    return [f"{head} {what} {shown}", f"{who}: {what} {shown}", f"{who}: {shown}", plain]


def trick_display(obs: Observation) -> tuple[str, tuple[Card, ...], str]:
    """The caption, the cards and a text version of the play on the table (with
    wilds: the widest caption, the cards in the order of the reading, see
    :func:`trick_wilds` for the rest)."""
    if obs.phase is Phase.AUCTION or obs.phase is Phase.THROWN_IN:
        return "", (), ""
    played = _last_played(obs)
    turn = obs.turn
    if played is None:
        who = "You" if turn == HUMAN else turn.label if turn else "-"
        return f"{who} to lead", (), ""
    caption = _trick_captions(obs, played)[0]
    cards, _ = reading_cards(played.play, played.cards)
    return caption, cards, describe_play(played.play, wild_table(obs))


def trick_wilds(obs: Observation) -> tuple[tuple[str, ...], frozenset[Card]]:
    """For the play on the table: its captions from the widest to the narrowest (the
    table shows the first that fits) and the cards that stood in as wilds."""
    played = _last_played(obs)
    if played is None:
        caption = trick_display(obs)[0]
        return ((caption,) if caption else ()), frozenset()
    _, wilds = reading_cards(played.play, played.cards)
    return tuple(_trick_captions(obs, played)), wilds


def reading_cards(play: Play, cards: Iterable[Card]) -> tuple[tuple[Card, ...], frozenset[Card]]:
    """The cards of a play in the order of its reading, lowest first, a wild placed
    at the rank it stood for (after the natural cards of that rank, as
    :meth:`~doudizhu_tui.core.Play.label` marks them), and the cards that stood in
    as wilds.  A play without wilds: its cards sorted, none."""
    ordered = sorted(cards)
    if not play.wilds:
        return tuple(ordered), frozenset()
    wild_pool: list[Card] = []
    natural: list[Card] = []
    owed = list(play.wild_cards)
    for card in reversed(ordered):
        if card.rank in owed:
            owed.remove(card.rank)
            wild_pool.append(card)
        else:
            natural.append(card)
    if owed or len(wild_pool) != len(play.wilds):
        return tuple(ordered), frozenset()
    slots = sorted(
        [(c.rank, 0) for c in natural] + [(r, 1) for r in play.wilds],
    )
    naturals = sorted(natural)
    stand_ins = sorted(wild_pool)
    out = [stand_ins.pop(0) if is_wild else naturals.pop(0) for _, is_wild in slots]
    return tuple(out), frozenset(wild_pool)


def tracker_counts(obs: Observation) -> list[int]:
    """How many cards of each rank the person has not seen (index = rank value)."""
    return obs.unseen_counts()


def _hint_key(play: Play) -> tuple[int, int, int, int]:
    tier = 2 if play.kind is Kind.ROCKET else 1 if play.kind is Kind.BOMB else 0
    return (tier, int(play.rank), play.size, list(Kind).index(play.kind))


def hint_order(plays: Iterable[Play]) -> list[Play]:
    """Legal plays from small to large: by main rank, bombs after, the rocket last."""
    return sorted(plays, key=_hint_key)


def normal_choice(obs: Observation) -> Play | None:
    """The play the Normal computer would make in the person's seat (None: it would
    pass).  Normal decides from the observation alone, so the answer is the same
    every time it is asked."""
    bot = resolve("normal")(obs.seat, random.Random(0))
    action = bot.decide(obs)
    return action.play if isinstance(action, PlayAction) else None


def hint_cycle(obs: Observation) -> list[Play | None]:
    """The hints of the person's turn in the card play, in the order ``h`` shows them:
    first what the Normal computer would do in their seat (None: pass, when it would
    hold back although something beats the table), then every legal play from small
    to large (at a wildcard table the sensible readings: the fewest wilds and the
    cheapest kickers for each kind and rank).  Empty when nothing beats the play on the
    table."""
    legal = obs.legal_plays
    if obs.wild_ranks:
        legal = tuple(hint_plays(obs.hand_counts(), legal, obs.wild_ranks))
    plays = hint_order(legal)
    if not plays:
        return []
    choice = normal_choice(obs)
    if choice is None:
        return [None, *plays] if obs.trick is not None else list(plays)
    if choice not in plays:
        return list(plays)
    return [choice, *(p for p in plays if p != choice)]


def pick_cards(hand: Sequence[Card], ranks: Iterable[Rank]) -> tuple[Card, ...] | None:
    """Cards of the hand with the given ranks (the first of each rank), or None."""
    need = counts_of(ranks)
    out: list[Card] = []
    for card in hand:
        if need[card.rank]:
            need[card.rank] -= 1
            out.append(card)
    return None if any(need) else tuple(out)


def advice_text(obs: Observation) -> str:
    """The bid advice for the person's hand under the deal's rules ("3 big cards,
    0 bombs, about 7 plays -> bid 1"), among the bids still legal: a hand worth a bid
    that the table has already outbid is advised to pass."""
    rating = rate_hand(obs.hand, obs.rules)
    legal = obs.legal_bids
    if legal and rating.bid not in legal:
        rating = replace(rating, bid=0)
    return rating.line()


def rules_title(obs: Observation) -> str:
    """The rule profile in force, for the table to show when it is not the classic one."""
    name = obs.rules.name
    return "" if name == CLASSIC.name else f"Rules: {name}"


def rob_word(move: RobMove, spoke: bool) -> str:
    """A move of the rob auction as the table says it: ``call``, ``rob``, ``rob back``
    (a rob by a seat that called or robbed before) or ``pass``."""
    return "rob back" if move == "rob" and spoke else move


def rob_prompt(obs: Observation) -> str:
    """The status line's words on the person's turn in a rob auction: what happened
    last and the keys (``Left called; rob [r] or pass [p]``)."""
    legal = obs.legal_rob_moves
    if "call" in legal:
        return "Your call: call [Enter] or pass [p]."
    moves = obs.rob_moves
    claims = [(seat, move) for seat, move in moves if move != "pass"]
    if not claims:
        return "Rob [r] or pass [p]."
    seat, move = claims[-1]
    caller = claims[0][0]
    if move == "call":
        what = f"{seat.label} called"
    elif caller == HUMAN:
        what = f"{seat.label} robbed your call"
    else:
        what = f"{seat.label} robbed {caller.label}'s call"
    verb = "rob back" if any(s == HUMAN for s, _ in claims) else "rob"
    return f"{what}; {verb} [r] or pass [p]."


def rob_advice(obs: Observation) -> str:
    """Call/rob advice from the hand's strength, as the computers decide (call on a hand
    worth a bid, rob on one worth 2, rob back on one worth 3): ``3 big cards, 0 bombs,
    about 7 plays -> call``."""
    rating = rate_hand(obs.hand, obs.rules)
    legal = obs.legal_rob_moves
    spoke = claimed(obs.rob_moves, HUMAN)
    advice: str = "pass"
    if "call" in legal or "rob" in legal:
        advice = rob_by_strength(rating.bid, "call" in legal, spoke)
        if advice == "rob" and spoke:
            advice = "rob back"
    big = count_of(rating.big_cards, "big card")
    bombs = count_of(rating.bombs, "bomb")
    plays = count_of(rating.plays, "play")
    return f"{big}, {bombs}, about {plays} -> {advice}"
