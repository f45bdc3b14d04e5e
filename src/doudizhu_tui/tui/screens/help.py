"""The help screen: the rule book from ``rules/``, rendered as Markdown, and the keys."""

from __future__ import annotations

from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...core import CLASSIC, RuleProfile
from ...rulebook import profile_summary, rule_book_text
from ..widgets.panels import TooSmallNotice
from .base import GuardedScreen

__all__ = ["KEYS_MARKDOWN", "HelpScreen"]

KEYS_MARKDOWN = """\
# Keys

- **3-9**, **0** or **t** (10), **j q k a 2**: select a card of that rank; press again for the
  next card of that rank (when all are selected, the press unselects them).
- **b** / **r**: the black / red joker.
- **Left** / **Right**: move the cursor `^` along your hand; **Space** selects or unselects the
  card at the cursor (**Up** selects, **Down** unselects).
- **Enter**: play the selected cards. **p**: pass. **Esc**: clear the selection.
- **h**: hint; the first press shows what the Normal computer would play in your seat,
  each further press the next legal play, from small to large.
- **Tab**: when the selected cards can be read more than one way, the next reading.
- In the auction: **p** or **0** pass, **1**, **2**, **3** bid.
- **c**: card tracker (how many of each rank you have not seen). **l**: show or hide the log.
- **?** or **F1**: this help (**Esc** goes back). **Ctrl+Q**: quit.
- On the result card: **n** next deal, **r** replay this deal (not scored), **q** quit.
- On the session summary: **n** a new session (same length, level and rules), **q** quit.

With the mouse: click a card to select it, drag across cards to select a run, and use the
buttons under your hand. Selected cards are raised and marked with a triangle (`*` in
ASCII mode).

"""


#: The keys of the classic auction, and what replaces them at a rob table.
AUCTION_KEYS = "- In the auction: **p** or **0** pass, **1**, **2**, **3** bid."
ROB_KEYS = "- In the auction: **Enter** or **1** call (or rob), **r** rob, **p** pass."
assert AUCTION_KEYS in KEYS_MARKDOWN

#: The Tab line, and what follows it at a table with wild ranks (R44-R47).
TAB_KEYS = "- **Tab**: when the selected cards can be read more than one way, the next reading."
WILD_KEYS = (
    "\n- Wild cards are marked `*` after their suit (`W` in ASCII); the wild ranks are on the"
    "\n  top bar. The status line shows what each selected wild stands for, in brackets"
    "\n  (`7-8-9-[10]-J`); **Tab** chooses another reading before **Enter** plays it."
)
assert TAB_KEYS in KEYS_MARKDOWN

#: The cursor line, and what follows it at four players (R48), where a long hand
#: takes two rows.
CURSOR_KEYS = (
    "- **Left** / **Right**: move the cursor `^` along your hand; **Space** selects or"
    " unselects the\n  card at the cursor (**Up** selects, **Down** unselects)."
)
FOUR_KEYS = (
    "\n- At four players a hand too long for one row (27 cards or more) is drawn in two:"
    "\n  the cursor runs along the first row, then the second. A selected card has the"
    "\n  selection mark in its top edge (`*` in ASCII), the cursor's card a `^` there."
)
assert CURSOR_KEYS in KEYS_MARKDOWN


class HelpScreen(GuardedScreen[None]):
    """The rules and the keys; Esc (or ? / F1 / q) goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("question_mark,f1,q", "close", "Back", show=False),
        Binding("up", "scroll('up')", show=False),
        Binding("down", "scroll('down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
        Binding("pagedown,space", "scroll('page_down')", show=False),
        Binding("home", "scroll('home')", show=False),
        Binding("end", "scroll('end')", show=False),
    ]

    def __init__(self, rules: RuleProfile = CLASSIC) -> None:
        super().__init__()
        #: The profile in force at the table (its options are listed after the rule book).
        self.rules = rules
        keys = KEYS_MARKDOWN
        if rules.auction == "rob":
            keys = keys.replace(AUCTION_KEYS, ROB_KEYS)
        if rules.wildcards:
            keys = keys.replace(TAB_KEYS, TAB_KEYS + WILD_KEYS)
        if rules.players == 4:
            keys = keys.replace(CURSOR_KEYS, CURSOR_KEYS + FOUR_KEYS)
        #: The Markdown shown: the keys, then the rule book from ``rules/``, then the
        #: profile in force when it is not the classic one.
        self.source = keys + rule_book_text()
        if rules != CLASSIC:
            self.source += "\n\n" + profile_summary(rules)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield Static(Markdown(self.source), id="help-text")
        yield Footer()
        yield TooSmallNotice()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        if where == "up":
            scroll.scroll_up()
        elif where == "down":
            scroll.scroll_down()
        elif where == "page_up":
            scroll.scroll_page_up()
        elif where == "page_down":
            scroll.scroll_page_down()
        elif where == "home":
            scroll.scroll_home()
        else:
            scroll.scroll_end()
