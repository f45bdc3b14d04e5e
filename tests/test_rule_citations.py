"""Test names that cite a rule cite the right one.

A test named ``test_r28_...`` (or ``test_r14g_...``, ``test_r11_r13_...``,
``test_r16_to_r19_...``) points at rules of ``rules/README.md``.  Every cited rule must
exist (with its lettered item, for ``r14g``), and the test must be about it: one of the
rule's key words must occur in the test's file name, its own name or its docstring.  A
rule's key words are the words of its heading (``**R29. Sessions.**`` gives "session")
and the few words listed below for it in :data:`MORE_WORDS`, which name what the rule
is about in the words its tests use.  A key word ending in ``*`` is a stem; the others
match as whole words, with or without a plural ``s``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from doudizhu_tui.rulebook import rule_book_text

TESTS = Path(__file__).resolve().parent

#: Words of a heading that say nothing about which rule it is.
STOP_WORDS = frozenset(
    "a an and the of or more than one new plus with like each what who cards card rule rules "  # noqa: SIM905
    "never count counts".split()
)

#: Key words beyond each rule's heading (see the module docstring).
MORE_WORDS: dict[int, str] = {
    1: "pack suit* joker* 54 bijection",
    2: "order rank* sort* higher lower",
    3: "notation pars* format* text compact spaced token* round trip* writ* book",
    4: "seat* turn next anti",
    5: "deal dealt dealing 17 kitty partition*",
    6: "first bidder* opener* open* marked rotat*",
    7: "code* tablecode",
    8: "bid* auction circuit",
    9: "landlord* kitty thrown throw* successor",
    10: "kind* fourteen",
    11: "single* pair* trio* bomb* rocket kind* rank*",
    12: "chain* straight* airplane* ace",
    13: "wing* kicker* airplane* four",
    14: "kicker* wing* four airplane* option",
    15: "reading* main kicker* part*",
    16: "beat* answer* length chain* kind* shape",
    17: "main kicker*",
    18: "bomb* rocket",
    19: "four",
    20: "reading* follow*",
    21: "lead* leader",
    22: "follow* pass* answer*",
    23: "clear* pass* trick round",
    24: "end* win* out",
    25: "multiplier spring* bomb* rocket doubl* x8",
    26: "value base worth",
    27: "settle* score* sum* zero worth sign*",
    28: "hidden unseen observ* see sees seen view information",
    29: "session* standing*",
    30: "replay* record* history",
    31: "profile* option* toml classic house",
    32: "easy",
    33: "normal",
    34: "hard",
    35: "advice rating bid*",
    36: "variant* profile* table*",
    37: "heart* random first bidder* opener* open* rotat* thrown",
    38: "rob* call* caller auction thrown",
    39: "rob* robbing back caller landlord*",
    40: "stake* value rob* multiplier* item* settle*",
    41: "airplane* beginner* trio*",
    42: "shuttle* four* wing* kicker*",
    43: "shuttle* beat* bomb* doubl*",
}

_CITATION = re.compile(r"^test_((?:r\d+[a-z]?_(?:to_)?)+)")
_RULE = re.compile(r"^\*\*R(\d+)\. ([^*]+)\*\*(.*?)(?=^\*\*R\d+\.|^## |\Z)", re.M | re.S)


@dataclass(frozen=True)
class Rule:
    """One numbered rule of the rule book: its heading and its text."""

    number: int
    heading: str
    text: str

    def key_words(self) -> set[str]:
        """The words a test of this rule is expected to use (``*`` marks a stem)."""
        words = {w.lower() for w in re.findall(r"[A-Za-z0-9]+", self.heading)}
        words = {w.rstrip("s") if len(w) > 3 else w for w in words - STOP_WORDS}
        return words | set(MORE_WORDS.get(self.number, "").split())


def rules(text: str) -> dict[int, Rule]:
    """The numbered rules of the rule book's text."""
    return {int(m[1]): Rule(int(m[1]), m[2].strip(" ."), m[3]) for m in _RULE.finditer(text)}


@dataclass(frozen=True)
class Citation:
    """A test that cites rules: where it is, its name and docstring, the rules it cites."""

    module: str
    name: str
    doc: str
    cited: tuple[tuple[int, str], ...]  # (rule, item letter or "")

    def __str__(self) -> str:
        return f"{self.module}::{self.name}"


def cited_rules(name: str) -> tuple[tuple[int, str], ...]:
    """The rules a test name cites: ``test_r16_to_r19_x`` cites 16-19, ``test_r14g_x`` 14 (g)."""
    m = _CITATION.match(name)
    if m is None:
        return ()
    out: list[tuple[int, str]] = []
    parts = re.findall(r"(to_)?r(\d+)([a-z]?)_", m[1])
    for to, number, letter in parts:
        if to and out:
            out.extend((n, "") for n in range(out[-1][0] + 1, int(number)))
        out.append((int(number), letter))
    return tuple(out)


def citations(root: Path = TESTS) -> Iterator[Citation]:
    """Every test function under ``root`` whose name cites a rule."""
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                cited = cited_rules(node.name)
                if cited:
                    module = path.relative_to(root).as_posix()
                    yield Citation(module, node.name, ast.get_docstring(node) or "", cited)


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z0-9]+", text.replace("_", " "))}


def fits(citation: Citation, rule: Rule) -> bool:
    """Whether one of the rule's key words is in the test's file name, name or docstring."""
    words = _words(f"{Path(citation.module).stem} {citation.name} {citation.doc}")
    for key in rule.key_words():
        if key.endswith("*"):
            if any(w.startswith(key[:-1]) for w in words):
                return True
        elif key in words or f"{key}s" in words:
            return True
    return False


def problems(citation: Citation, book: dict[int, Rule]) -> list[str]:
    """What is wrong with a citation: a rule or item that does not exist, or a test that
    fits none of the rules it cites."""
    out: list[str] = []
    for number, letter in citation.cited:
        rule = book.get(number)
        if rule is None:
            out.append(f"{citation} cites R{number}, which the rule book does not have")
        elif letter and f"({letter})" not in rule.text:
            out.append(f"{citation} cites R{number} ({letter}), which R{number} does not have")
    if out:
        return out
    cited = [book[n] for n, _ in citation.cited]
    if not any(fits(citation, rule) for rule in cited):
        headings = "; ".join(f"R{r.number} is '{r.heading}'" for r in cited)
        out.append(f"{citation} does not look like a test of what it cites ({headings})")
    return out


BOOK = rules(rule_book_text())


def test_the_rule_book_has_its_numbered_rules() -> None:
    assert sorted(BOOK) == list(range(1, len(BOOK) + 1))
    assert len(BOOK) >= 35
    assert BOOK[28].heading == "Hidden cards" and BOOK[14].key_words() >= {"kicker"}


def test_every_cited_rule_exists_and_fits_its_test() -> None:
    found = list(citations())
    assert len(found) > 100, "the tests that cite rules were not found"
    wrong = [p for c in found for p in problems(c, BOOK)]
    assert not wrong, "\n".join(wrong)


def test_every_rule_has_key_words_of_its_own() -> None:
    """A rule's extra key words are listed for rules that exist, and no two rules have
    the same key words (so a citation of the one cannot pass for the other)."""
    assert set(MORE_WORDS) <= set(BOOK)
    seen: dict[frozenset[str], int] = {}
    for number, rule in BOOK.items():
        words = frozenset(rule.key_words())
        assert words, f"R{number} has no key words"
        assert words not in seen, f"R{number} and R{seen[words]} have the same key words"
        seen[words] = number


@pytest.mark.parametrize(
    ("name", "cited"),
    [
        ("test_r28_x", ((28, ""),)),
        ("test_r14g_x", ((14, "g"),)),
        ("test_r11_r13_x", ((11, ""), (13, ""))),
        ("test_r16_to_r19_x", ((16, ""), (17, ""), (18, ""), (19, ""))),
        ("test_rules_are_numbered", ()),
        ("test_r_x", ()),
    ],
)
def test_citations_are_read_from_test_names(name: str, cited: tuple[tuple[int, str], ...]) -> None:
    assert cited_rules(name) == cited


#: Citations this check must refuse: the R28-R31 mix-up it was written for (issue 8),
#: a rule that does not exist and an item that R14 does not have.
MISCITED = [
    Citation(
        "core/test_session.py", "test_r28_a_session_is_3_6_or_12_scored_deals", "", ((28, ""),)
    ),
    Citation("core/test_session.py", "test_r28_the_default_session_is_six_deals", "", ((28, ""),)),
    Citation("core/test_rules_profile.py", "test_r30_classic_defaults", "", ((30, ""),)),
    Citation(
        "core/test_rules_profile.py",
        "test_r30_every_option_can_be_set",
        "Each option of the profile can be given a non-default value.",
        ((30, ""),),
    ),
    Citation("core/test_game.py", "test_r29_replay_reproduces_the_same_log", "", ((29, ""),)),
    Citation(
        "core/test_observation.py",
        "test_r31_reshuffling_the_unseen_cards_does_not_change_the_observation",
        "For many deals at random moments and every seat: dealing the cards that seat "
        "cannot see anew between the other hands leaves its observation exactly as it was.",
        ((31, ""),),
    ),
    Citation("core/test_combos.py", "test_r99_no_such_rule", "", ((99, ""),)),
    Citation("core/test_combos.py", "test_r14z_no_such_item", "", ((14, "z"),)),
]


@pytest.mark.parametrize("citation", MISCITED, ids=str)
def test_a_miscitation_is_caught(citation: Citation) -> None:
    assert problems(citation, BOOK)


def test_the_corrected_citations_pass() -> None:
    for citation in MISCITED[:6]:
        right = {28: 29, 30: 31, 29: 30, 31: 28}[citation.cited[0][0]]
        fixed = Citation(citation.module, citation.name, citation.doc, ((right, ""),))
        assert not problems(fixed, BOOK), fixed
