"""Game.from_position: a game at a position described as a person would, with every card
accounted for and every step replayed through the rules (R5, R8-R9, R21-R24)."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    BidAction,
    Card,
    Game,
    Kind,
    Phase,
    PlayAction,
    PositionError,
    Rank,
    RuleProfile,
    Seat,
    Settled,
    classify,
    code_from_number,
    format_cards,
    full_pack,
    observe,
    parse_cards,
    parse_ranks,
)
from doudizhu_tui.core.position import HistoryItem
from doudizhu_tui.core.seats import seats_of

from .positions import position_of

HIDDEN = RuleProfile(kitty="hidden")
YOU, RIGHT, LEFT = Seat.YOU, Seat.RIGHT, Seat.LEFT

#: The landlord (You) holds 20 cards and may lead anything; Left holds the rest.
LANDLORD_HAND = "3 3 3 4 4 4 5 5 5 6 6 6 7 8 9 10 J Q BJ RJ"
RIGHT_HAND = "7 7 7 8 8 8 9 9 9 10 10 10 J J J 2 2"
START: list[str | None] = [LANDLORD_HAND, RIGHT_HAND, None]


def random_game(seed: int, rules: RuleProfile = CLASSIC) -> Game:
    """A game stopped at a random moment: in the auction, in the card play or at the end."""
    rng = random.Random(seed)
    game = Game(code_from_number(rng.randrange(10**12)), rules)
    for _ in range(rng.choice([0, 1, 2, 3, 5, 9, 20, 40, 200])):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def snapshot(game: Game) -> dict[str, Any]:
    """Everything public about a game's state."""
    return {
        "phase": game.phase,
        "turn": game.turn,
        "hands": [list(h) for h in game.hands],
        "counts": [list(game.counts(s)) for s in seats_of(3)],
        "kitty": game.kitty,
        "landlord": game.landlord,
        "bid": game.bid,
        "bids": list(game.bids),
        "trick": game.trick,
        "history": list(game.history),
        "played": list(game.played_cards),
        "plays_made": list(game.plays_made),
        "bombs": (game.bombs, game.rockets),
        "log": list(game.log),
        "legal": game.legal_actions(),
        "value": game.round_value,
        "next_code": game.next_code,
    }


# --- the same state as the real deal ------------------------------------------------------------


@pytest.mark.parametrize("rules", [CLASSIC, HIDDEN], ids=["kitty-shown", "kitty-hidden"])
def test_a_position_of_a_real_deal_is_that_deal(rules: RuleProfile) -> None:
    """At random moments of random deals (auction, card play, end, throw-in): the position
    rebuilt from the hands, kitty, bids and card play is the same game, seen from any seat."""
    phases = set()
    for seed in range(120):
        game = random_game(seed, rules)
        phases.add(game.phase)
        twin = position_of(game)
        assert snapshot(twin) == snapshot(game), seed
        assert twin.deal.hands == game.deal.hands and twin.deal.kitty == game.deal.kitty
        for seat in seats_of(3):
            assert observe(twin, seat) == observe(game, seat)
        if not game.over:  # and it plays on the same way
            action = game.legal_actions()[-1]
            assert twin.apply(action) == game.apply(action)
    assert {Phase.AUCTION, Phase.PLAY, Phase.FINISHED} <= phases


def test_a_thrown_in_position() -> None:
    game = Game(code_from_number(5))
    for _ in range(3):
        game.apply(BidAction(0))
    twin = position_of(game)
    assert twin.phase is Phase.THROWN_IN and snapshot(twin) == snapshot(game)
    assert twin.next_code == code_from_number(5).successor()
    with pytest.raises(PositionError, match="the deal is over: it is nobody's turn, not You's"):
        position_of(game, turn=YOU)


def test_plays_may_be_card_text_or_readings() -> None:
    """Card text is read by its default reading and takes the lowest suits left; a Play
    takes the cards of its ranks the same way."""
    for seed in range(60):
        game = random_game(seed)
        history = [
            (s, None if p is None else str(p) if len(classify(p.ranks)) == 1 else p)
            for s, p in game.history
        ]
        # The text takes the lowest suits, so the kitty is given by its ranks too.
        kitty = format_cards(game.kitty)
        for plays in (history, game.history):
            twin = position_of(game, history=plays, kitty=kitty)
            assert twin.history == game.history and twin.turn == game.turn
            assert [twin.counts(s) for s in seats_of(3)] == [game.counts(s) for s in seats_of(3)]
            assert sorted(twin.played_cards) == sorted(game.played_cards)


def test_a_fresh_auction_from_text_hands_and_the_kitty_left_over() -> None:
    pack = full_pack()
    hands = ["3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7", "7 7 7 8 8 8 8 9 9 9 9 10 10 10 10 J J", None]
    game = Game.from_position(hands=hands, kitty="2 BJ RJ", first_bidder=RIGHT)
    assert game.phase is Phase.AUCTION and game.turn is RIGHT
    assert [len(h) for h in game.hands] == [17, 17, 17]
    assert sorted(game.kitty) == sorted(parse_cards("2 bj rj")) and game.kitty == game.deal.kitty
    assert sorted([*game.hands[0], *game.hands[1], *game.hands[2], *game.kitty]) == pack
    assert game.hands[YOU][:4] == list(parse_cards("3 3 3 3"))
    # The kitty may be left out instead: it is then the three cards the hands leave.
    same = Game.from_position(hands=[*hands[:2], list(game.hands[LEFT])], first_bidder=RIGHT)
    assert same.kitty == game.kitty and same.hands == game.hands
    game.apply(BidAction(3))
    assert game.landlord is RIGHT and len(game.hands[RIGHT]) == 20


def test_a_landlord_bids_three_by_default_and_leads() -> None:
    game = Game.from_position(hands=START, landlord=YOU, kitty="BJ RJ Q")
    assert game.phase is Phase.PLAY and game.turn is YOU and game.trick is None
    assert game.bids == [(YOU, 3)] and game.bid == 3 and game.first_bidder is YOU
    assert game.code == code_from_number(0)
    # Someone else opening: the seats before the landlord pass, and after a bid below 3 too.
    later = Game.from_position(hands=START, landlord=YOU, kitty="3 4 5", first_bidder=LEFT, bid=1)
    assert later.bids == [(LEFT, 0), (YOU, 1), (RIGHT, 0)] and later.round_value == 10


def test_a_follow_in_text_takes_the_reading_that_beats() -> None:
    """R20: led as 444555666+3+3+3, 777888999TTT answers as 888999TTT+777, not as the
    four-trio airplane (which would be the default reading when leading)."""
    led = next(
        p
        for p in classify(parse_ranks("3 3 3 4 4 4 5 5 5 6 6 6"))
        if p.kind is Kind.AIRPLANE_SINGLES and p.rank is Rank.SIX
    )
    game = Game.from_position(
        hands=["J Q K A 2 2 BJ RJ", "A A K K Q", None],
        landlord=YOU,
        kitty="BJ RJ 2",
        history=[(YOU, led), (RIGHT, "7 7 7 8 8 8 9 9 9 10 10 10")],
        turn=LEFT,
    )
    assert game.trick is not None
    assert game.trick[1].kind is Kind.AIRPLANE_SINGLES and game.trick[1].rank is Rank.TEN


#: You, the landlord, led the rocket and an airplane; both peasants passed each time.
SPRING_HISTORY: list[HistoryItem] = [
    (YOU, "BJ RJ"),
    (RIGHT, None),
    (LEFT, None),
    (YOU, "9 9 9 10 10 10 J J J Q Q Q"),
    (RIGHT, None),
    (LEFT, None),
]
SPRING_HANDS = ["3 4 5 6 7 8", "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8", None]


def test_a_deal_played_out_is_settled() -> None:
    """...and then the straight that ends it: a spring with the rocket at bid 3."""
    game = Game.from_position(
        hands=SPRING_HANDS, landlord=YOU, kitty="BJ RJ 8", history=SPRING_HISTORY
    )
    assert game.turn is YOU and game.trick is None and game.rockets == 1
    assert game.plays_made == [2, 0, 0] and len(game.played_cards) == 14
    game.apply(PlayAction(classify(parse_ranks("3 4 5 6 7 8"))[0]))
    settled = game.settlement
    assert isinstance(settled, Settled) and settled.settlement.spring
    assert settled.settlement.scores == (240, -120, -120)
    # The same deal given as its end: nothing may follow the last card.
    ended = [*SPRING_HISTORY, (YOU, "3 4 5 6 7 8")]
    done = Game.from_position(
        hands=["", *SPRING_HANDS[1:]], landlord=YOU, kitty="BJ RJ 8", history=ended
    )
    assert done.phase is Phase.FINISHED and done.settlement is not None
    assert done.settlement.settlement == settled.settlement
    with pytest.raises(PositionError, match=r"play 8 \(Right\): the deal is already over"):
        Game.from_position(
            hands=["", *SPRING_HANDS[1:]],
            landlord=YOU,
            kitty="BJ RJ 8",
            history=[*ended, (RIGHT, None)],
        )


def test_cards_given_as_cards_keep_their_suits() -> None:
    hand = [Card(Rank.THREE, 3), Card(Rank.FOUR, 2)]
    rest = [c for c in full_pack() if c not in hand]
    left = rest[15:35]
    game = Game.from_position(hands=[hand + rest[:15], None, left], landlord=LEFT, kitty=left[-3:])
    assert set(hand) <= set(game.hands[YOU])
    assert game.landlord is LEFT and game.kitty == tuple(sorted(left[-3:]))
    with pytest.raises(PositionError, match="named twice"):
        Game.from_position(hands=[hand, hand, None], kitty="3 4 5")
    with pytest.raises(PositionError, match="must be among the cards the landlord"):
        Game.from_position(hands=[hand + rest[:15], None, left], landlord=LEFT, kitty=rest[:3])


# --- impossible positions -----------------------------------------------------------------------

BAD: list[tuple[dict[str, Any], str]] = [
    ({"hands": ["3", "4"]}, "three hands"),
    ({"hands": [None, None, "3"]}, "only one hand"),
    ({"hands": ["3 3 3 3 3", "4", None]}, "only 4 cards of rank 3"),
    ({"hands": ["3 X", "4", None]}, "'X' is not a card"),
    ({"hands": [LANDLORD_HAND, RIGHT_HAND, "3 3"], "landlord": YOU}, "no 3 is left"),
    ({"hands": [LANDLORD_HAND, "7 7 7", "8"], "landlord": YOU, "kitty": "Q"}, "cards are nowhere"),
    ({"hands": START, "landlord": YOU}, "name the kitty"),
    ({"hands": START, "landlord": YOU, "kitty": "2 2 2"}, "started with no 2"),
    ({"hands": START, "landlord": YOU, "kitty": "BJ RJ"}, "the kitty is 3 cards, not 2"),
    (
        {"hands": START, "landlord": RIGHT, "kitty": "2 2 J"},
        "You holds 20 cards and has played 0, 20 in all: a peasant starts",
    ),
    ({"hands": START, "kitty": "2 2 K"}, "You holds 20 cards: every hand holds 17"),
    ({"hands": ["3 4", "5", None]}, "give it or give all three hands"),
    ({"hands": START, "landlord": YOU, "bids": [(RIGHT, 3)]}, "make Right the landlord, not You"),
    ({"hands": START, "landlord": YOU, "bids": [(YOU, 3)], "bid": 2}, "end at 3, not 2"),
    ({"hands": START, "bids": [(YOU, 2), (RIGHT, 1)]}, "higher than the current bid"),
    ({"hands": START, "bids": [(RIGHT, 1)], "first_bidder": YOU}, "You's turn, not Right's"),
    ({"hands": START, "bids": [(YOU, 3), (RIGHT, 0)]}, "the auction is already over"),
    ({"hands": START, "bids": [(YOU, 4)]}, "a bid is 1, 2 or 3"),
    ({"hands": START, "bids": [3]}, "bid 1: 3 is not a \\(seat, amount\\) pair"),
    (
        {"hands": START, "landlord": YOU, "kitty": "BJ RJ Q", "history": [3]},
        "play 1: 3 is not a \\(seat, play\\) pair",
    ),
    (
        {"hands": START, "landlord": YOU, "kitty": "BJ RJ Q", "history": [(YOU, 3)]},
        "play 1 \\(You\\): 3 is not a play",
    ),
    ({"hands": START, "bid": 2}, "a bid needs a landlord"),
    ({"hands": START, "history": [(YOU, "3")]}, "only once the auction has a landlord"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_an_impossible_position_says_what_is_wrong(args: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message) as info:
        Game.from_position(**args)
    assert isinstance(info.value, ValueError)


def without(text: str, *plays: str) -> str:
    """Card text less the cards of some plays."""
    ranks = list(parse_ranks(text))
    for play in plays:
        for rank in parse_ranks(play):
            ranks.remove(rank)
    return " ".join(r.symbol for r in ranks)


#: (history, turn, message): You (landlord) and Right start from LANDLORD_HAND and
#: RIGHT_HAND, Left holds the rest; every play passes the card count checks.
BAD_PLAY: list[tuple[list[HistoryItem], Seat | None, str]] = [
    ([(YOU, None)], None, "play 1 \\(You, pass\\): you lead this round, so you cannot pass"),
    ([(RIGHT, "7 7 7")], None, "play 1 \\(Right\\): it is You's turn"),
    ([(YOU, "3 3"), (RIGHT, "J")], None, "a single of 1 cards does not answer pair 3-3"),
    ([(YOU, "3 3"), (RIGHT, "7 8")], None, "play 2 \\(Right\\): 7 8 is not a play"),
    (
        [(YOU, "3 3"), (RIGHT, "2 2"), (LEFT, None), (YOU, None), (LEFT, "K")],
        None,
        "play 5 \\(Left\\): it is Right's turn",
    ),
    ([(YOU, "3 3"), (RIGHT, None), (LEFT, None), (RIGHT, "7")], None, "it is You's turn"),
    ([(YOU, "3 3 3")], LEFT, "the turn is Right's, not Left's"),
]


@pytest.mark.parametrize(("history", "turn", "message"), BAD_PLAY)
def test_an_impossible_card_play_names_the_step(
    history: list[HistoryItem], turn: Seat | None, message: str
) -> None:
    played = {
        seat: [str(p) for s, p in history if s == seat and p is not None] for seat in seats_of(3)
    }
    hands = [without(LANDLORD_HAND, *played[YOU]), without(RIGHT_HAND, *played[RIGHT]), None]
    with pytest.raises(PositionError, match=message):
        Game.from_position(hands=hands, landlord=YOU, kitty="BJ RJ Q", history=history, turn=turn)


def test_a_peasant_who_played_too_much_is_refused() -> None:
    """Right holds its 17 cards and has played three more: 20 in all."""
    with pytest.raises(PositionError, match="Right holds 17 cards and has played 3, 20 in all"):
        Game.from_position(
            hands=[without(LANDLORD_HAND, "3 3 3"), RIGHT_HAND, None],
            landlord=YOU,
            kitty="BJ RJ Q",
            history=[(YOU, "3 3 3"), (RIGHT, "K K K")],
        )


# --- no test writes a game's state -------------------------------------------------------------


def _targets(node: ast.AST) -> list[ast.expr]:
    """The assignment targets of a statement, tuples unpacked."""
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    out: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        else:
            out.append(target)
    return out


def _is_a_game(node: ast.expr) -> bool:
    """Whether an expression names a game by the usual names: ``game``, ``twin``, ``g``,
    ``replayed_game``, ``t.game``."""
    if isinstance(node, ast.Name):
        return "game" in node.id or node.id in ("g", "twin")
    return isinstance(node, ast.Attribute) and node.attr == "game"


def test_no_test_writes_a_games_state_or_reads_its_private_fields() -> None:
    """Tests build positions with Game.from_position: none touches a Game's private
    fields (``x._counts``) or assigns to a game's state (``game.hands[s] = ...``)."""
    state = set(vars(Game(code_from_number(1))))
    offences = []
    for path in sorted(Path(__file__).resolve().parents[1].rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and node.attr in state:
                offences.append(f"{path.name}:{node.lineno} reads or writes .{node.attr}")
            for target in _targets(node):
                while isinstance(target, ast.Subscript):
                    target = target.value
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in state
                    and _is_a_game(target.value)
                ):
                    offences.append(f"{path.name}:{node.lineno} assigns .{target.attr}")
    assert not offences, "use Game.from_position instead:\n" + "\n".join(offences)
