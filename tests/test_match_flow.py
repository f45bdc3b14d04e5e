"""The flow of a session in Match alone (no Textual): a thrown-in deal is recorded and
dealt again, the next deal, the summary after the last one, replays (R9, R29, R30)."""

from __future__ import annotations

import random

import pytest

from doudizhu_tui.core import (
    Action,
    BidAction,
    Game,
    Observation,
    PassAction,
    Phase,
    PlayAction,
    Seat,
    code_from_number,
    parse_profile,
    parse_table_code,
)
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.rulebook import profile_text


class ShyBot:
    """Never bids; plays at random (so that a deal can be thrown in)."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, observation: Observation) -> Action:
        if observation.phase is Phase.AUCTION:
            return BidAction(0)
        return self.rng.choice(observation.legal_actions)


SHY = f"{__name__}:ShyBot"


def play_out(match: Match, *, bid: int = 1) -> Game:
    """Play the deal on the table to its end: the person bids ``bid`` when they may (else
    passes), then makes the first legal play or passes; the computers decide."""
    game = match.game
    while not game.over:
        if match.human_to_act:
            if game.phase is Phase.AUCTION:
                amount = bid if bid in game.auction.legal_bids() else 0
                match.submit(BidAction(amount))
            else:
                plays = game.legal_plays()
                match.submit(PlayAction(plays[0]) if game.trick is None else PassAction())
        else:
            match.apply_decision(match.decide())
    return game


def test_a_thrown_in_deal_is_recorded_and_dealt_again_at_once() -> None:
    match = Match(MatchConfig(code_from_number(11), deals=3, level=SHY))
    first = match.start_deal()
    assert match.deal_number == 1
    play_out(match, bid=0)
    assert first.phase is Phase.THROWN_IN
    assert match.after_deal() == "thrown-in"
    # The next deal is on the table already, from the code that follows; not counted.
    assert match.game is not first and match.game.code == first.code.successor()
    assert match.game.phase is Phase.AUCTION
    session = match.session
    assert session is not None and session.records == [] and session.totals == [0, 0, 0]
    assert match.deal_number == 1 and not match.summary_due
    assert match.scored_deals() == []
    # Both deals are in the saved record, so a resume replays the throw-in too.
    assert len(match.history) == 2


def test_three_deals_then_the_summary_with_every_deals_full_code() -> None:
    match = Match(MatchConfig(code_from_number(5), deals=3, level="random"))
    match.start_deal()
    games = []
    for number in (1, 2, 3):
        assert match.deal_number == number
        games.append(play_out(match, bid=3))
        outcome = match.after_deal()
        if outcome == "thrown-in":  # pragma: no cover - the code was chosen without one
            raise AssertionError("unexpected throw-in")
        assert outcome == "result"
        assert match.deal_number == number  # the result card's deal
        assert match.summary_due == (number == 3)
        if number < 3:
            dealt = match.next_deal()
            assert dealt is match.game and dealt.phase is Phase.AUCTION
    session = match.session
    assert session is not None and session.finished and len(session.records) == 3
    with pytest.raises(RuntimeError, match="summary"):
        match.next_deal()
    scored = match.scored_deals()
    assert [d.record.number for d in scored] == [1, 2, 3]
    assert [d.code for d in scored] == [match.code_of(g) for g in games]
    assert all(str(d.code).endswith(":classic:random") for d in scored)
    # after_deal is idempotent: asking again does not score the deal twice.
    assert match.after_deal() == "result" and len(session.records) == 3


def test_the_summary_codes_replay_each_deal_under_a_rotating_first_bid() -> None:
    """Under older rules the first bid rotates: each deal's code names its opener when
    the deal's own marked card would not, so the code alone deals the same table."""
    rules = parse_profile(profile_text("older"))
    match = Match(MatchConfig(code_from_number(31), deals=3, level="random", rules=rules))
    match.start_deal()
    games = []
    while True:
        games.append(play_out(match, bid=2))
        if match.after_deal() == "thrown-in":
            continue
        if match.summary_due:
            break
        match.next_deal()
    finished = [g for g in games if g.phase is Phase.FINISHED]
    for deal, game in zip(match.scored_deals(), finished, strict=True):
        code = parse_table_code(str(deal.code))
        assert (code.deal, code.profile, code.level) == (game.code, "older", "random")
        again = Game(code.deal, rules, code.opener)
        assert again.first_bidder == game.first_bidder
        assert again.hands == [sorted(h) for h in game.deal.hands]
    assert any(parse_table_code(str(d.code)).opener is not None for d in match.scored_deals())


def test_a_replay_of_the_current_deal_is_not_scored_and_the_session_goes_on() -> None:
    match = Match(MatchConfig(code_from_number(5), deals=3, level="random"))
    first = match.start_deal()
    play_out(match, bid=3)
    assert match.after_deal() == "result"
    session = match.session
    assert session is not None
    totals = list(session.totals)
    again = match.replay_current()
    assert match.replaying and match.deal_number is None
    assert again.code == first.code and again is not first
    play_out(match, bid=3)
    assert match.after_deal() == "result"
    assert session.totals == totals and len(session.records) == 1
    second = match.next_deal()
    assert not match.replaying and match.deal_number == 2
    assert second.code == first.code.successor()


def test_a_thrown_in_replay_shows_its_result_rather_than_dealing_again() -> None:
    match = Match(MatchConfig(code_from_number(11), deals=3, level=SHY))
    match.start_deal()
    play_out(match, bid=0)
    assert match.after_deal() == "thrown-in"
    play_out(match, bid=1)
    assert match.after_deal() == "result"
    match.replay_current()
    play_out(match, bid=0)
    assert match.game.phase is Phase.THROWN_IN
    assert match.after_deal() == "result"


def test_a_single_replay_has_one_deal_and_no_summary() -> None:
    match = Match(MatchConfig(code_from_number(11), level=SHY, scored=False))
    match.start_deal()
    assert match.deal_number is None
    play_out(match, bid=0)
    assert match.after_deal() == "result"  # thrown in, but shown: there is no next deal
    assert not match.summary_due and match.scored_deals() == []
    with pytest.raises(RuntimeError):
        match.next_deal()


def test_the_flow_refuses_steps_out_of_order() -> None:
    match = Match(MatchConfig(code_from_number(5), deals=3, level="random"))
    match.start_deal()
    with pytest.raises(RuntimeError, match="not ended"):
        match.after_deal()
    with pytest.raises(RuntimeError, match="not ended"):
        match.next_deal()


def test_a_restored_match_knows_its_scored_deals() -> None:
    match = Match(MatchConfig(code_from_number(5), deals=3, level="random"))
    match.start_deal()
    play_out(match, bid=3)
    match.after_deal()
    match.next_deal()
    play_out(match, bid=3)
    match.after_deal()
    restored = Match.from_record(match.to_record())
    assert restored.scored_deals() == match.scored_deals()
    assert restored.deal_number == match.deal_number == 2
    assert restored.next_deal().code == match.next_deal().code


def test_an_illegal_computer_decision_names_the_seat_and_leaves_the_game() -> None:
    from doudizhu_tui.core import PassAction, code_from_number
    from doudizhu_tui.match import Match, MatchConfig
    from doudizhu_tui.table import ControllerError

    match = Match(MatchConfig(first_code=code_from_number(11), level="normal"))
    match.start_deal()
    while not match.bot_to_act:
        match.submit(match.game.legal_actions()[0])
    seat = match.game.turn
    before = list(match.game.log)
    wrong = PassAction() if match.game.phase.name == "AUCTION" else None
    assert wrong is not None
    with pytest.raises(ControllerError) as info:
        match.apply_decision(wrong)
    assert info.value.seat == seat and info.value.reason
    assert list(match.game.log) == before
