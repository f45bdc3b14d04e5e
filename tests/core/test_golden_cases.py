"""Golden rule vectors: the hand-written cases in ``rules/cases/*.txt``.

The cases were written by hand from the settled rulings, independently of the
engine, so each one is an outside check of the core.  Every line of a case file
is one test, with the id ``<file>:<line>``.  The line formats are:

``classify <cards> => KIND RANK LENGTH [; KIND RANK LENGTH ...]`` or ``=> none``
    the exact set of readings of the cards.
``beats <A> > <B>`` / ``beats <A> !> <B>``
    whether some reading of A beats B (B read with its default reading).
``leads <hand> => N``
    the number of distinct legal plays when leading with the hand.
``answers <hand> / <B> => N``
    the number of distinct plays from the hand that beat B.
``explain <cards> => <reason>`` / ``explain <cards> / <B> => <reason>``
    the reason :func:`explain` gives why the cards cannot be played (leading, or
    against B), word for word; ``=> ok`` when they can be played.

``rob <first> | <seat> <move>, <seat> <move>, ... => <outcome>``
    a rob auction (R38-R40) opened by ``<first>`` (you, right or left), the moves in
    order, each by the seat named (it must be that seat's turn), then the outcome:
    ``landlord <seat> stake <V>`` (the auction is over, the round stands at V),
    ``thrown in``, ``next <seat> <move> <move> stake <V>`` (the seat to speak, its
    legal moves and the live stake), or ``refused: <reason>`` (every move but the last
    is played; the last is refused, for the seat named, with that reason).

A line ``profile NAME`` makes every case after it in the same file play under the
rule profile ``rules/NAME.toml``; each file starts under ``classic``.  The cards of a
case are read from as many packs as its profile deals (two at the four-player table,
``four.txt``: up to eight of a rank and two of each joker), so a card text that is
fine under ``four`` is a syntax error under ``classic``.

A line ``wild R`` or ``wild R S`` (the wildcard files, ``wild*.txt``) makes the cards of
those ranks wild for every case after it in the same file: classify, beats, leads,
answers and explain then read the cards with :mod:`doudizhu_tui.core.wild` (a classify
case lists one reading per kind, rank and length), and two more directives apply:

``shows <cards> => <text>``
    the default reading as the table shows it, each wild in brackets as the rank it
    stood for (``7 8 9 [10] J``).
``class <cards> => soft | natural | wild | none``
    the bomb class of the default reading (``none`` when it is not a bomb).  ``#`` starts a
comment; blank lines are ignored.  Anything else is a syntax error,
raised when the files are read, so a malformed case can never be skipped silently.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from doudizhu_tui.core import (
    CLASSIC,
    Card,
    Game,
    Kind,
    Phase,
    Play,
    Rank,
    RobAction,
    RobAuction,
    RuleProfile,
    Seat,
    beats,
    classify,
    code_from_number,
    default_reading,
    explain,
    legal_plays,
    parse_cards,
    parse_profile,
    parse_ranks,
)
from doudizhu_tui.core.wild import (
    beats_wild,
    bomb_class,
    cards_of,
    classify_wild,
    default_wild_reading,
    legal_plays_wild,
    show,
)

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
CASES_DIR = RULES_DIR / "cases"
MIN_CASES = 150

#: (kind name, main rank, chain length): what a case says about one reading.
Reading = tuple[str, Rank, int]


class CaseSyntaxError(ValueError):
    """A line of a case file that does not follow the case format."""


@dataclass(frozen=True)
class Case:
    """One golden case, parsed and checked for well-formedness."""

    where: str  # "<file>:<line>", the test id
    directive: str  # classify | beats | leads | answers
    cards: str  # the cards classified, the answering cards, or the hand
    table: str | None = None  # B, for beats and answers
    readings: tuple[Reading, ...] = ()  # classify: the expected readings
    expect: bool | None = None  # beats: True for ">", False for "!>"
    count: int | None = None  # leads, answers: the expected number of plays
    reason: str | None = None  # explain: the reason, or None for "ok"; rob: refused
    moves: tuple[tuple[str, str], ...] = ()  # rob: (seat, move) in order
    outcome: tuple[str, ...] = ()  # rob: the outcome's words (without a refusal's reason)
    profile: str = "classic"  # the rule profile the case plays under
    wild: tuple[Rank, ...] = ()  # the wild ranks (the wildcard files)
    text: str = ""  # shows, class: the expected text

    @property
    def rules(self) -> RuleProfile:
        """The rule profile of the case."""
        return profile_named(self.profile)

    @property
    def packs(self) -> int:
        """How many packs the case's cards come from (2 at the four-player table)."""
        return packs_of(self.rules)


_PROFILES: dict[str, RuleProfile] = {"classic": CLASSIC}


def profile_named(name: str) -> RuleProfile:
    """The shipped rule profile ``rules/NAME.toml``."""
    if name not in _PROFILES:
        _PROFILES[name] = parse_profile((RULES_DIR / f"{name}.toml").read_text(encoding="utf-8"))
    return _PROFILES[name]


def profile_line(line: str, where: str) -> str | None:
    """The profile named by a ``profile NAME`` line; None for any other line."""
    text = line.split("#", 1)[0].strip()
    directive, _, name = text.partition(" ")
    if directive != "profile":
        return None
    name = name.strip()
    if (
        not re.fullmatch(r"[a-z0-9][a-z0-9_.\-]*", name)
        or not (RULES_DIR / f"{name}.toml").is_file()
    ):
        raise CaseSyntaxError(f"{where}: no rule profile {name!r} in rules/")
    return name


_ARROW = re.compile(r"^(?P<lhs>.*?)\s*=>\s*(?P<rhs>.*)$")
_BEATS = re.compile(r"^(?P<a>.+?)\s+(?P<op>!?>)\s+(?P<b>.+)$")


def packs_of(rules: RuleProfile) -> int:
    """How many packs a profile deals: 2 at the four-player table, else 1."""
    return rules.packs


def read_cards(text: str, packs: int = 1) -> tuple[Card, ...]:
    """The cards of a case's text, from ``packs`` packs (one pack: the classic call)."""
    return parse_cards(text) if packs == 1 else parse_cards(text, packs=packs)


def read_ranks(text: str, packs: int = 1) -> tuple[Rank, ...]:
    """The ranks of a case's text, from ``packs`` packs (one pack: the classic call)."""
    return parse_ranks(text) if packs == 1 else parse_ranks(text, packs=packs)


def _cards(text: str, where: str, packs: int = 1) -> str:
    text = text.strip()
    if not text:
        raise CaseSyntaxError(f"{where}: missing cards")
    try:
        read_cards(text, packs)
    except ValueError as exc:
        raise CaseSyntaxError(f"{where}: bad cards {text!r}: {exc}") from exc
    return text


def _count(text: str, where: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise CaseSyntaxError(f"{where}: expected a count, got {text!r}")
    return int(text)


def _reading(text: str, where: str) -> Reading:
    parts = text.split()
    if len(parts) != 3:
        raise CaseSyntaxError(f"{where}: a reading is 'KIND RANK LENGTH', got {text!r}")
    kind, rank_text, length_text = parts
    if kind not in Kind.__members__:
        raise CaseSyntaxError(f"{where}: unknown kind {kind!r}")
    try:
        ranks = parse_ranks(rank_text)
    except ValueError as exc:
        raise CaseSyntaxError(f"{where}: bad rank {rank_text!r}: {exc}") from exc
    if len(ranks) != 1:
        raise CaseSyntaxError(f"{where}: RANK must be a single rank, got {rank_text!r}")
    if not length_text.isdigit() or int(length_text) < 1:
        raise CaseSyntaxError(f"{where}: bad chain length {length_text!r}")
    return (kind, ranks[0], int(length_text))


def _split_arrow(body: str, where: str) -> tuple[str, str]:
    m = _ARROW.match(body)
    if m is None:
        raise CaseSyntaxError(f"{where}: missing '=>'")
    return m["lhs"], m["rhs"]


def parse_line(line: str, where: str, packs: int = 1) -> Case | None:
    """Parse one line of a case file; None for a blank or comment-only line.  The
    cards are checked against ``packs`` packs (that of the profile in force)."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    directive, _, body = text.partition(" ")
    if directive == "classify":
        lhs, rhs = _split_arrow(body, where)
        rhs = rhs.strip()
        if rhs == "none":
            readings: tuple[Reading, ...] = ()
        else:
            readings = tuple(_reading(part, where) for part in rhs.split(";"))
        if len(set(readings)) != len(readings):
            raise CaseSyntaxError(f"{where}: a reading is listed twice")
        return Case(where, directive, _cards(lhs, where, packs), readings=readings)
    if directive == "beats":
        m = _BEATS.match(body.strip())
        if m is None:
            raise CaseSyntaxError(f"{where}: expected 'beats <A> > <B>' or 'beats <A> !> <B>'")
        return Case(
            where,
            directive,
            _cards(m["a"], where, packs),
            table=_cards(m["b"], where, packs),
            expect=m["op"] == ">",
        )
    if directive == "leads":
        lhs, rhs = _split_arrow(body, where)
        return Case(where, directive, _cards(lhs, where, packs), count=_count(rhs, where))
    if directive == "answers":
        lhs, rhs = _split_arrow(body, where)
        hand, sep, table = lhs.partition("/")
        if not sep:
            raise CaseSyntaxError(f"{where}: expected 'answers <hand> / <B> => N'")
        return Case(
            where,
            directive,
            _cards(hand, where, packs),
            table=_cards(table, where, packs),
            count=_count(rhs, where),
        )
    if directive == "explain":
        lhs, rhs = _split_arrow(body, where)
        cards, sep, table = lhs.partition("/")
        reason = rhs.strip()
        if not reason:
            raise CaseSyntaxError(f"{where}: expected a reason or 'ok' after '=>'")
        return Case(
            where,
            directive,
            _cards(cards, where, packs),
            table=_cards(table, where, packs) if sep else None,
            reason=None if reason == "ok" else reason,
        )
    if directive == "rob":
        return _rob_case(body, where)
    if directive in ("shows", "class"):
        lhs, rhs = _split_arrow(body, where)
        text = rhs.strip()
        if directive == "class" and text not in ("soft", "natural", "wild", "none"):
            raise CaseSyntaxError(f"{where}: a class is soft, natural, wild or none")
        if not text:
            raise CaseSyntaxError(f"{where}: expected a text after '=>'")
        return Case(where, directive, _cards(lhs, where, packs), text=text)
    raise CaseSyntaxError(f"{where}: unknown directive {directive!r}")


_SEATS = {seat.label.lower(): seat for seat in Seat}
_ROB_OUTCOME = re.compile(
    r"^(?:landlord (?P<landlord>you|right|left) stake (?P<value>\d+)"
    r"|(?P<thrown>thrown in)"
    r"|next (?P<next>you|right|left) (?P<legal>(?:call|rob|pass)(?: (?:call|rob|pass))*)"
    r" stake (?P<live>\d+)"
    r"|refused: (?P<reason>.+))$"
)


def _rob_case(body: str, where: str) -> Case:
    lhs, rhs = _split_arrow(body, where)
    first, sep, said = lhs.partition("|")
    if not sep or first.strip() not in _SEATS:
        raise CaseSyntaxError(f"{where}: expected 'rob <first seat> | <moves> => <outcome>'")
    moves: list[tuple[str, str]] = []
    for item in filter(None, (part.strip() for part in said.split(","))):
        words = item.split()
        if len(words) != 2 or words[0] not in _SEATS:
            raise CaseSyntaxError(f"{where}: a move is '<seat> <move>', got {item!r}")
        moves.append((words[0], words[1]))
    m = _ROB_OUTCOME.match(rhs.strip())
    if m is None:
        raise CaseSyntaxError(f"{where}: unknown outcome {rhs.strip()!r}")
    if m["reason"] is not None and not moves:
        raise CaseSyntaxError(f"{where}: a refusal needs a move to refuse")
    outcome = tuple(rhs.strip().split()) if m["reason"] is None else ("refused",)
    return Case(
        where,
        "rob",
        first.strip(),
        moves=tuple(moves),
        outcome=outcome,
        reason=m["reason"],
    )


def wild_line(line: str, where: str) -> tuple[Rank, ...] | None:
    """The wild ranks named by a ``wild R [S]`` line; None for any other line."""
    text = line.split("#", 1)[0].strip()
    directive, _, body = text.partition(" ")
    if directive != "wild":
        return None
    try:
        ranks = parse_ranks(body)
    except ValueError as exc:
        raise CaseSyntaxError(f"{where}: bad wild ranks {body!r}: {exc}") from exc
    if not 1 <= len(ranks) <= 2 or len(set(ranks)) != len(ranks) or max(ranks) > Rank.TWO:
        raise CaseSyntaxError(f"{where}: one or two different wild ranks from 3 to 2")
    return ranks


def load_cases(directory: Path = CASES_DIR) -> list[Case]:
    """Every case in every ``*.txt`` file of the directory, in file and line order."""
    cases: list[Case] = []
    for path in sorted(directory.glob("*.txt")):
        profile = "classic"
        wild: tuple[Rank, ...] = ()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            where = f"{path.name}:{number}"
            named = profile_line(line, where)
            if named is not None:
                profile = named
                continue
            ranks = wild_line(line, where)
            if ranks is not None:
                wild = ranks
                continue
            case = parse_line(line, where, packs_of(profile_named(profile)))
            if case is not None:
                if case.directive in ("shows", "class") and not wild:
                    raise CaseSyntaxError(f"{where}: {case.directive} needs a 'wild' line first")
                cases.append(dataclasses.replace(case, profile=profile, wild=wild))
    return cases


CASES = load_cases()


# --- helpers -----------------------------------------------------------------------


def _key(reading: Reading) -> tuple[str, int, int]:
    return (reading[0], int(reading[1]), reading[2])


def _reading_of(play: Play) -> Reading:
    return (play.kind.name, play.rank, play.length)


def _show(readings: list[Reading] | tuple[Reading, ...]) -> str:
    if not readings:
        return "none"
    return " ; ".join(f"{k} {r.symbol} {n}" for k, r, n in sorted(readings, key=_key))


def _show_play(play: Play) -> str:
    cards = " ".join(r.symbol for r in play.ranks)
    return f"{play.kind.name} {play.rank.symbol} {play.length} [{cards}]"


def _table_play(text: str, rules: RuleProfile = CLASSIC, wild: tuple[Rank, ...] = ()) -> Play:
    if wild:
        found = classify_wild(read_cards(text), wild, rules)
        assert found, f"bad case: the table {text!r} is not a play"
        return default_wild_reading(found)
    readings = classify(read_cards(text, packs_of(rules)), rules)
    assert readings, f"bad case: the table {text!r} is not a play"
    return default_reading(readings)


def _is_sub_multiset(part: tuple[Rank, ...], whole: tuple[Rank, ...]) -> bool:
    return not Counter(part) - Counter(whole)


# --- the checks, one per directive -----------------------------------------------------


def _classify(case: Case, cards: str | tuple[Rank, ...]) -> list[Play]:
    chosen = read_cards(cards, case.packs) if isinstance(cards, str) else cards
    if case.wild:
        return classify_wild(chosen, case.wild, case.rules)
    return classify(chosen, case.rules)


def _legal(case: Case, last: Play | None) -> list[Play]:
    if case.wild:
        return legal_plays_wild(read_cards(case.cards), case.wild, last, case.rules)
    return legal_plays(read_cards(case.cards, case.packs), last, case.rules)


def _beats(case: Case, play: Play, last: Play) -> bool:
    return beats_wild(play, last) if case.wild else beats(play, last)


def _check_classify(case: Case) -> None:
    plays = _classify(case, case.cards)
    got = sorted((_reading_of(p) for p in plays), key=_key)
    expected = sorted(case.readings, key=_key)
    assert got == expected, (
        f"classify {case.cards}\n  expected: {_show(expected)}\n  got:      {_show(got)}"
    )
    whole = read_ranks(case.cards, case.packs)
    for play in plays:
        assert cards_of(play) == whole, f"{_show_play(play)} does not hold exactly {case.cards}"


def _check_beats(case: Case) -> None:
    assert case.table is not None
    last = _table_play(case.table, case.rules, case.wild)
    readings = _classify(case, case.cards)
    winners = [p for p in readings if _beats(case, p, last)]
    got = bool(winners)
    assert got == case.expect, (
        f"beats {case.cards} {'>' if case.expect else '!>'} {case.table}\n"
        f"  table read as: {_show_play(last)}\n"
        f"  readings of A: {', '.join(map(_show_play, readings)) or 'none'}\n"
        f"  readings that beat: {', '.join(map(_show_play, winners)) or 'none'}"
    )


def _check_count(plays: list[Play], case: Case, last: Play | None) -> None:
    hand = read_ranks(case.cards, case.packs)
    shown = "\n    ".join(map(_show_play, plays))
    header = f"{case.directive} {case.cards}" + (f" / {case.table}" if case.table else "")
    duplicates = [p for p, n in Counter(plays).items() if n > 1]
    assert not duplicates, f"{header}: plays listed twice: {', '.join(map(_show_play, duplicates))}"
    assert len(plays) == case.count, (
        f"{header}\n  expected {case.count} plays, got {len(plays)}:\n    {shown}"
    )
    for play in plays:
        assert _is_sub_multiset(cards_of(play), hand), f"{_show_play(play)} is not in the hand"
        assert play in _classify(case, cards_of(play)), (
            f"{_show_play(play)} is not a reading of its cards"
        )
        if last is not None:
            assert _beats(case, play, last), f"{_show_play(play)} does not beat {_show_play(last)}"


def _check_leads(case: Case) -> None:
    _check_count(_legal(case, None), case, None)


def _check_answers(case: Case) -> None:
    assert case.table is not None
    last = _table_play(case.table, case.rules, case.wild)
    _check_count(_legal(case, last), case, last)


def _check_explain(case: Case) -> None:
    last = None if case.table is None else _table_play(case.table, case.rules)
    got = explain(read_cards(case.cards, case.packs), last, case.rules)
    shown = case.cards + (f" / {case.table}" if case.table else "")
    assert got == case.reason, (
        f"explain {shown} under {case.profile}\n"
        f"  expected: {case.reason or 'ok'}\n  got:      {got or 'ok'}"
    )


def _check_rob(case: Case) -> None:
    rules = case.rules
    game = Game(code_from_number(0), rules, _SEATS[case.cards])
    moves = list(case.moves)
    refused = moves.pop() if case.outcome == ("refused",) else None
    shown = ", ".join(f"{s} {m}" for s, m in case.moves)
    for seat, move in moves:
        assert game.turn == _SEATS[seat], f"{shown}: {seat} {move} out of turn ({game.turn})"
        game.apply(RobAction(move))  # type: ignore[arg-type]
    if refused is not None:
        seat, move = refused
        auction = game.auction
        assert isinstance(auction, RobAuction)
        got = auction.why_not(move, _SEATS[seat])
        assert got == case.reason, f"{shown}\n  expected: {case.reason}\n  got:      {got}"
        if game.turn == _SEATS[seat] or game.over:
            assert game.why_not(RobAction(move)) in (case.reason, "the deal is over")  # type: ignore[arg-type]
        return
    words = case.outcome
    if words[0] == "thrown":
        assert game.phase is Phase.THROWN_IN, f"{shown}: {game.phase}"
    elif words[0] == "landlord":
        assert game.phase is Phase.PLAY, f"{shown}: the auction is not over"
        assert game.landlord == _SEATS[words[1]], f"{shown}: landlord {game.landlord}"
        assert game.round_value == int(words[3]), f"{shown}: stake {game.round_value}"
        assert game.round_value == rules.base << game.robs
    else:
        assert not game.over and game.phase is Phase.AUCTION, f"{shown}: {game.phase}"
        assert game.turn == _SEATS[words[1]], f"{shown}: {game.turn} to speak"
        legal = [a.move for a in game.legal_actions() if isinstance(a, RobAction)]
        assert legal == list(words[2:-2]), f"{shown}: legal {legal}"
        assert game.round_value == int(words[-1]), f"{shown}: stake {game.round_value}"


def _check_shows(case: Case) -> None:
    got = show(default_wild_reading(_classify(case, case.cards)))
    assert got == case.text, f"shows {case.cards}\n  expected: {case.text}\n  got:      {got}"


def _check_class(case: Case) -> None:
    cls = bomb_class(default_wild_reading(_classify(case, case.cards)))
    got = "none" if cls is None else cls.name.lower()
    assert got == case.text, f"class {case.cards}\n  expected: {case.text}\n  got:      {got}"


_CHECKS = {
    "shows": _check_shows,
    "class": _check_class,
    "classify": _check_classify,
    "beats": _check_beats,
    "leads": _check_leads,
    "answers": _check_answers,
    "explain": _check_explain,
    "rob": _check_rob,
}


@pytest.mark.parametrize("case", CASES, ids=[c.where for c in CASES])
def test_golden_case(case: Case) -> None:
    _CHECKS[case.directive](case)


# --- the case files themselves ------------------------------------------------------------


def test_case_files_hold_enough_cases() -> None:
    files = {c.where.split(":")[0] for c in CASES}
    assert len(CASES) >= MIN_CASES, f"only {len(CASES)} golden cases"
    assert len(files) >= 3, f"cases come from only {sorted(files)}"
    assert {c.directive for c in CASES} == set(_CHECKS)


def test_every_kind_is_covered() -> None:
    kinds = {r[0] for c in CASES for r in c.readings}
    assert kinds == set(Kind.__members__)


@pytest.mark.parametrize(
    "line",
    [
        "frobnicate 3 3 => PAIR 3 1",
        "Classify 3 3 => PAIR 3 1",
        "classify 3 3 PAIR 3 1",
        "classify 3 3 => PAIR 3",
        "classify 3 3 => DOUBLE 3 1",
        "classify 3 3 => PAIR 33 1",
        "classify 3 X => none",
        "classify => none",
        "beats 4 >= 3",
        "beats 4",
        "leads 3 4 => two",
        "answers 3 4 => 1",
        "explain 3 4 5",
        "explain 3 4 5 =>",
        "explain => ok",
        "rob you => thrown in",
        "rob nobody | you call => thrown in",
        "rob you | you => thrown in",
        "rob you | you call => landlord you",
        "rob you | you call => next you call stake x",
        "rob you | => refused: robbing is over",
    ],
)
def test_malformed_line_fails_loudly(line: str) -> None:
    with pytest.raises(CaseSyntaxError):
        parse_line(line, "inline:1")


def test_comments_and_blank_lines_are_not_cases() -> None:
    assert parse_line("   # kickers never share the trio's rank", "inline:1") is None
    assert parse_line("", "inline:2") is None
    case = parse_line("classify 3 3 3 4 => TRIO_SINGLE 3 1  # trio+single", "inline:3")
    assert case is not None
    assert case.readings == (("TRIO_SINGLE", Rank.THREE, 1),)


def test_a_profile_line_switches_the_rules_for_the_rest_of_its_file(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(
        "classify 3 3 3 4 4 4 => AIRPLANE 4 1\nprofile older\nleads 3 => 1\n", encoding="utf-8"
    )
    (tmp_path / "b.txt").write_text("leads 3 => 1\n", encoding="utf-8")
    assert [c.profile for c in load_cases(tmp_path)] == ["classic", "older", "classic"]
    with pytest.raises(CaseSyntaxError, match="no rule profile"):
        profile_line("profile nowhere", "inline:1")
    assert profile_line("classify 3 => SINGLE 3 1", "inline:2") is None


def test_cards_come_from_the_packs_of_the_profile_in_force(tmp_path: Path) -> None:
    """Two packs under ``four`` (eight of a rank, two of each joker), one pack elsewhere:
    the same line is a case under ``four`` and a syntax error under ``classic``."""
    (tmp_path / "a.txt").write_text(
        "profile four\nclassify 3 3 3 3 3 => BOMB 3 1\nleads BJ BJ RJ RJ => 5\n",
        encoding="utf-8",
    )
    assert [c.profile for c in load_cases(tmp_path)] == ["four", "four"]
    assert parse_line("classify 3 3 3 3 3 3 3 3 => BOMB 3 1", "inline:1", packs=2) is not None
    (tmp_path / "b.txt").write_text("classify 3 3 3 3 3 => BOMB 3 1\n", encoding="utf-8")
    with pytest.raises(CaseSyntaxError, match="bad cards"):
        load_cases(tmp_path)
    for line in ("classify 3 3 3 3 3 3 3 3 3 => none", "leads BJ BJ BJ => 1"):
        with pytest.raises(CaseSyntaxError, match="bad cards"):
            parse_line(line, "inline:2", packs=2)


#: The variant tables' case files (issue 10) and the fewest cases each must hold.
VARIANT_FILES = {
    "beginner.txt": ("beginner", 25),
    "shuttle.txt": ("shuttle", 25),
    "rob.txt": ("rob", 25),
    "four.txt": ("four", 70),
}
#: The wildcard files (issue 10) and the fewest cases they must hold together.
MIN_WILD_CASES = 60


@pytest.mark.parametrize("name", sorted(VARIANT_FILES))
def test_each_variant_table_has_its_golden_cases(name: str) -> None:
    profile, least = VARIANT_FILES[name]
    mine = [c for c in CASES if c.where.startswith(f"{name}:") and c.profile == profile]
    assert len(mine) >= least, f"{name} has {len(mine)} cases under {profile}"


def test_the_rob_cases_reach_every_end_of_the_auction() -> None:
    """Every way a rob auction can end: thrown in, or a landlord after 0 to 3 robs, with
    the caller first, second or last to speak."""
    ends = set()
    for case in CASES:
        if case.directive == "rob" and case.outcome[0] in ("landlord", "thrown"):
            callers = [i for i, (_, m) in enumerate(case.moves) if m == "call"]
            robs = sum(m == "rob" for _, m in case.moves)
            ends.add((callers[0] if callers else None, robs, case.moves[-1][1]))
    assert {(c, r) for c, r, _ in ends} >= {
        (None, 0),
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
    }


def test_the_wildcard_files_hold_enough_cases() -> None:
    """Soft, natural and wild bombs; wilds in chains, kickers and airplanes (issue 10)."""
    mine = [c for c in CASES if c.where.startswith("wild") and c.wild]
    assert len(mine) >= MIN_WILD_CASES, f"only {len(mine)} wildcard cases"
    assert {c.text for c in mine if c.directive == "class"} >= {"soft", "natural", "wild"}
    assert {len(c.wild) for c in mine} == {1, 2}


@pytest.mark.parametrize("line", ["wild", "wild 9 9", "wild BJ", "wild 3 4 5", "wild X"])
def test_a_malformed_wild_line_fails_loudly(line: str) -> None:
    with pytest.raises(CaseSyntaxError):
        wild_line(line, "inline:1")
