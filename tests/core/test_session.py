"""Sessions: a fixed run of scored deals with running totals (rule book R29)."""

from __future__ import annotations

import itertools

import pytest

from doudizhu_tui.core import (
    BidAction,
    DealCode,
    Game,
    Phase,
    RuleProfile,
    Seat,
    Session,
    SessionError,
    code_from_number,
)
from doudizhu_tui.core.seats import next_seat, seats_of


def finish(game: Game) -> Game:
    """Play a deal to its end: the first bidder bids 3, then each seat takes its last
    legal action (the biggest plays first), which ends deals quickly."""
    game.apply(BidAction(3))
    while not game.over:
        game.apply(game.legal_actions()[-1])
    return game


def throw_in(game: Game) -> Game:
    """Everybody passes in the auction."""
    for _ in range(3):
        game.apply(BidAction(0))
    assert game.phase is Phase.THROWN_IN
    return game


def successors(code: DealCode, n: int) -> list[DealCode]:
    """The code and the n-1 codes that follow it."""
    out = [code]
    while len(out) < n:
        out.append(out[-1].successor())
    return out


@pytest.mark.parametrize("length", [3, 6, 12])
def test_r29_a_session_is_3_6_or_12_scored_deals(length: int) -> None:
    """Deals follow one another by successor codes; totals are the sums of the deals'
    scores and always add up to zero."""
    first = code_from_number(314)
    session = Session(first, deals=length)
    played: list[DealCode] = []
    while not session.finished:
        game = session.new_game()
        played.append(game.code)
        record = session.record(finish(game))
        assert record is not None
        assert record.number == len(session.records)
    assert len(session.records) == length
    assert played == successors(first, length)
    assert [r.code for r in session.records] == played
    for seat in seats_of(3):
        assert session.totals[seat] == sum(r.settlement.scores[seat] for r in session.records)
    assert sum(session.totals) == 0
    with pytest.raises(SessionError, match="over"):
        session.new_game()


def test_r29_deal_number_is_the_deal_in_play_or_about_to_be_played() -> None:
    """1 before and during the first deal; once deal k is recorded, the next one (k+1) is
    about to be played; after the last deal it stays at the session's length."""
    session = Session(code_from_number(314), deals=3)
    assert session.deal_number == 1
    for k in range(1, 4):
        game = session.new_game()
        assert session.deal_number == k
        session.record(finish(game))
        assert session.deal_number == min(k + 1, 3), f"after recording deal {k}"


def test_r29_the_default_session_is_six_deals() -> None:
    """Without a length the session is 6 deals long."""
    assert Session(code_from_number(1)).length == 6


def test_r29_a_thrown_in_deal_does_not_count() -> None:
    """All pass: no record, the same deal number, and the next deal has the successor code."""
    first = code_from_number(2718)
    session = Session(first, deals=3)
    game = session.new_game()
    assert session.record(throw_in(game)) is None
    assert session.records == []
    assert session.totals == [0, 0, 0]
    assert session.deal_number == 1
    assert session.next_code == first.successor()
    second = session.new_game()
    assert second.code == first.successor()
    session.record(finish(second))
    assert len(session.records) == 1
    assert session.records[0].code == first.successor()
    assert session.records[0].number == 1


def test_r29_a_thrown_in_deal_is_recorded_by_new_game_too() -> None:
    """Starting the next deal after a throw-in (without calling record) also skips it."""
    first = code_from_number(99)
    session = Session(first, deals=3)
    throw_in(session.new_game())
    game = session.new_game()
    assert game.code == first.successor()
    assert session.records == []


@pytest.mark.parametrize("length", [0, 1, 4, 5, 7, 24])
def test_r29_other_lengths_are_refused(length: int) -> None:
    """Only 3, 6 and 12 are session lengths; the message names the bad one."""
    with pytest.raises(SessionError, match=rf"\b{length}\b"):
        Session(code_from_number(1), deals=length)


def test_a_new_deal_waits_for_the_current_one() -> None:
    """new_game during a deal is refused; so is recording a deal that has not ended."""
    session = Session(code_from_number(5), deals=3)
    game = session.new_game()
    with pytest.raises(SessionError):
        session.new_game()
    with pytest.raises(SessionError):
        session.record(game)


def test_a_game_is_recorded_once_and_only_by_its_session() -> None:
    """Recording twice, or recording a game the session did not deal, is refused."""
    session = Session(code_from_number(5), deals=3)
    game = finish(session.new_game())
    session.record(game)
    with pytest.raises(SessionError):
        session.record(game)
    stranger = finish(Game(code_from_number(6)))
    with pytest.raises(SessionError):
        session.record(stranger)
    assert len(session.records) == 1


def test_r29_new_game_records_the_finished_deal_before_dealing_the_next() -> None:
    """Calling new_game after a deal ended takes that deal into the session first."""
    session = Session(code_from_number(8), deals=6)
    first = finish(session.new_game())
    session.new_game()
    assert len(session.records) == 1
    assert session.records[0].code == first.code


def test_r29_no_deal_is_dealt_after_the_last_one() -> None:
    """A 3-deal session played by calling new_game for each deal (letting it record the
    deal before) must refuse a fourth deal: the session is over after three."""
    session = Session(code_from_number(8), deals=3)
    for _ in range(3):
        finish(session.new_game())
    with pytest.raises(SessionError, match="over"):
        session.new_game()
    assert len(session.records) <= 3


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        # (seat, place, tied) from the top down.
        ([30, -60, 30], [(Seat.YOU, 1, True), (Seat.LEFT, 1, True), (Seat.RIGHT, 3, False)]),
        ([-20, 40, -20], [(Seat.RIGHT, 1, False), (Seat.YOU, 2, True), (Seat.LEFT, 2, True)]),
        ([0, 0, 0], [(Seat.YOU, 1, True), (Seat.RIGHT, 1, True), (Seat.LEFT, 1, True)]),
        ([-10, 40, -30], [(Seat.RIGHT, 1, False), (Seat.YOU, 2, False), (Seat.LEFT, 3, False)]),
    ],
)
def test_r29_standings_share_places_on_ties(
    totals: list[int], expected: list[tuple[Seat, int, bool]]
) -> None:
    """The highest total is first; equal totals share a place and are marked as tied."""
    session = Session(code_from_number(1), deals=3)
    session.totals = list(totals)
    standings = session.standings()
    assert [(s.seat, s.place, s.tied) for s in standings] == expected
    assert [s.total for s in standings] == sorted(totals, reverse=True)


def test_r29_standings_after_a_real_session() -> None:
    """After the last deal the standings list every seat once, best total first."""
    session = Session(code_from_number(77), deals=3)
    while not session.finished:
        session.record(finish(session.new_game()))
    standings = session.standings()
    assert {s.seat for s in standings} == set(seats_of(3))
    assert standings[0].total == max(session.totals)
    assert standings[0].place == 1


def test_r6_rotate_moves_the_first_bidder_one_seat_a_deal() -> None:
    """first_bidder = rotate: the first deal goes by the marked card, each later deal
    opens one seat further in the direction of play."""
    session = Session(code_from_number(12), deals=6, rules=RuleProfile(first_bidder="rotate"))
    openers = []
    while not session.finished:
        game = session.new_game()
        openers.append(game.first_bidder)
        session.record(finish(game))
    assert openers[0] == Game(code_from_number(12)).first_bidder
    for before, after in itertools.pairwise(openers):
        assert after == next_seat(before, 3)


def test_marked_card_sessions_use_each_deals_own_first_bidder() -> None:
    """With the classic profile every deal's first bidder is its own marked card's."""
    session = Session(code_from_number(12), deals=6)
    while not session.finished:
        game = session.new_game()
        assert game.first_bidder == Game(game.code).first_bidder
        session.record(finish(game))
