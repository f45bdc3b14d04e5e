"""Cards drawn as small overlapping boxes: the person's hand and the kitty.

A card is four rows high; in a hand each card but the last shows only its left
``step`` columns, so twenty cards fit in 80 columns.  A selected card is
raised by one row and marked with a symbol below it (``▲`` or ``*``); the
keyboard cursor is marked ``^`` on the row under the hand.  At a table with wild
ranks (R44) a wild card carries ``*`` after its suit and a face of its own colour,
wherever it is drawn.  The widgets hold
only what to draw; the screen owns the hand, the selection and the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...core import Card, Rank
from ..glyphs import UNICODE, Glyphs, is_red

__all__ = ["HandView", "KittyView", "TrickView", "card_rows"]

#: Rows of a hand at least: the raise row, four card rows, the marker row (a taller
#: widget draws taller cards).
HAND_ROWS = 6
#: The tallest card drawn.
MAX_CARD_ROWS = 6
#: The fewest columns a card of the hand shows when overlapped.
MIN_STEP = 3
#: Lines of a hand drawn in two rows (four players): each row's top edge, rank and
#: suit, and the bottom edge of the second row.
TWO_ROW_LINES = 7
#: Lines from one row of the two to the next.
ROW_LINES = 3


def card_rows(
    card: Card | None, width: int, glyphs: Glyphs, height: int = 4, wild: bool = False
) -> list[str]:
    """The rows of a whole card ``width`` columns wide and ``height`` rows high (``None``:
    face down).  Four rows show the rank and the suit at the top left; a taller card
    also shows the rank again at the bottom right.  A ``wild`` card carries the wild
    mark right after its suit (seen even when the card is overlapped)."""
    inner = width - 2
    g = glyphs
    top = g.top_left + g.horizontal * inner + g.top_right
    bottom = g.bottom_left + g.horizontal * inner + g.bottom_right
    if card is None:
        middle = g.vertical + g.back * inner + g.vertical
        return [top, *[middle] * max(2, height - 2), bottom]
    rows = [
        top,
        g.vertical + card.rank.symbol.ljust(inner)[:inner] + g.vertical,
        g.vertical + (g.suit(card) + (g.wild if wild else "")).ljust(inner)[:inner] + g.vertical,
    ]
    if height > 4:
        blank = g.vertical + " " * inner + g.vertical
        rows.extend([blank] * (height - 5))
        rows.append(g.vertical + card.rank.symbol.rjust(inner)[-inner:] + g.vertical)
    rows.append(bottom)
    return rows


class _CardStyles:
    """The rich styles of the card parts, read from the widget's component classes."""

    def __init__(self, widget: Widget) -> None:
        # Partial styles: only what each component sets, so that a colour laid over
        # the card face keeps the face's background.
        def style(name: str) -> Style:
            return widget.get_component_rich_style(name, partial=True)

        self.face = style("cards--face")
        self.red = style("cards--red")
        self.black = style("cards--black")
        self.back = style("cards--back")
        self.selected = style("cards--selected")
        self.cursor = style("cards--cursor")
        self.marker = style("cards--marker")
        self.wild = style("cards--wild")
        self.wild_mark = style("cards--wild-mark")


def is_wild(card: Card | None, wild_ranks: tuple[Rank, ...]) -> bool:
    """True for a card of a wild rank (a joker is never wild)."""
    return card is not None and card.rank in wild_ranks


def _append_card_row(
    line: Text,
    rows: list[str],
    r: int,
    visible: int,
    card: Card | None,
    styles: _CardStyles,
    selected: bool,
    cursor: bool,
    wild: bool = False,
) -> None:
    """Append the first ``visible`` columns of row ``r`` of a card to ``line`` (a
    ``wild`` card in the wild colours unless selected, its mark in any case)."""
    text = rows[r][:visible]
    face = styles.face + styles.selected if selected else styles.face
    edge = r in (0, len(rows) - 1)
    if card is None:
        if not edge:
            line.append(text[:1], face)
            line.append(text[1:], styles.back)
        else:
            line.append(text, face)
        return
    if edge:
        line.append(text, face)
        return
    colour = styles.red if is_red(card) else styles.black
    inner: Style = face + colour
    if wild and not selected:
        inner = inner + styles.wild
    if cursor and r == 1:
        inner = inner + styles.cursor
    line.append(text[:1], face)
    if wild and r == 2 and len(text) > 2:
        line.append(text[1:2], inner)
        line.append(text[2:3], inner + styles.wild_mark)
        line.append(text[3:], inner)
    else:
        line.append(text[1:], inner)


class HandView(Widget):
    """The person's hand; clicking toggles a card, dragging across cards selects a run."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "cards--face",
        "cards--red",
        "cards--black",
        "cards--back",
        "cards--selected",
        "cards--cursor",
        "cards--marker",
        "cards--wild",
        "cards--wild-mark",
    }

    cards: reactive[tuple[Card, ...]] = reactive((), layout=False)
    selected: reactive[frozenset[Card]] = reactive(frozenset())
    cursor: reactive[int | None] = reactive(None)
    glyphs: reactive[Glyphs] = reactive(UNICODE)
    #: The wild ranks shown so far: their cards are marked.
    wild_ranks: reactive[tuple[Rank, ...]] = reactive(())

    class Clicked(Message):
        """A card was clicked (pressed and released on the same card)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Dragged(Message):
        """The mouse was dragged from card ``anchor`` to card ``current``."""

        def __init__(self, anchor: int, current: int, final: bool) -> None:
            super().__init__()
            self.anchor = anchor
            self.current = current
            self.final = final

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._anchor: int | None = None
        self._dragged = False
        self._last: int | None = None

    # ----- geometry -------------------------------------------------------------------

    def card_height(self) -> int:
        """Rows of a card: four, more when the widget is taller than :data:`HAND_ROWS`."""
        return max(4, min(MAX_CARD_ROWS, self.size.height - 2))

    def rows(self) -> list[tuple[int, int]]:
        """The hand's rows of cards, each as the range ``(start, end)`` of its cards:
        one row, or two when the hand does not fit the width in one (a hand of 27 to
        33 cards at four players, R48) and the widget has :data:`TWO_ROW_LINES` lines.
        Two rows part between ranks when they can (within three cards of the middle),
        the longer row as short as it can be."""
        cards = self.cards
        n = len(cards)
        width = self.size.width or 80
        if n < 2 or n * MIN_STEP + 1 <= width or self.size.height < TWO_ROW_LINES:
            return [(0, n)]
        half = n // 2
        fits = [
            k
            for k in range(max(1, half - 3), min(n - 1, half + 3) + 1)
            if cards[k - 1].rank != cards[k].rank and max(k, n - k) * MIN_STEP + 1 <= width
        ]
        # The longest row as short as can be; then the first row the shorter.
        split = min(fits, key=lambda k: (max(k, n - k), k > n - k)) if fits else half
        return [(0, split), (split, n)]

    def step(self) -> int:
        """Columns each card shows when overlapped (3 at 80 columns, more when wider;
        taller cards may be wider still)."""
        rows = self.rows()
        n = max(max(end - start for start, end in rows), 1)
        width = self.size.width or 80
        widest = 6 if self.card_height() == 4 or len(rows) > 1 else 8
        return max(MIN_STEP, min(widest, (width - 4) // n))

    def _origin(self) -> int:
        rows = self.rows()
        n = max(end - start for start, end in rows)
        if not n:
            return 0
        step = self.step()
        total = (n - 1) * step + step + 1
        return max(0, (self.size.width - total) // 2)

    def _row_of(self, index: int) -> int:
        return next(r for r, (start, end) in enumerate(self.rows()) if start <= index < end)

    def _index_in_row(self, x: int, start: int, end: int) -> int | None:
        n = end - start
        if n <= 0:
            return None
        step = self.step()
        rel = x - self._origin()
        if rel < 0:
            return None
        i = rel // step
        if i < n - 1:
            return start + i
        return end - 1 if rel < (n - 1) * step + step + 1 else None

    def index_at(self, x: int, y: int | None = None) -> int | None:
        """The card under column ``x`` (and line ``y``, for a hand in two rows) of the
        widget, or None."""
        if not self.cards:
            return None
        rows = self.rows()
        if len(rows) == 1 or y is None or y < ROW_LINES:
            return self._index_in_row(x, *rows[0])
        found = self._index_in_row(x, *rows[1])
        if found is None and y == ROW_LINES:
            # The bottom edge of a first row that reaches further than the second.
            return self._index_in_row(x, *rows[0])
        return found

    def card_x(self, index: int) -> int:
        """The column of the widget where card ``index`` starts (its left border)."""
        start = self.rows()[self._row_of(index)][0] if self.cards else 0
        return self._origin() + (index - start) * self.step()

    def card_y(self, index: int) -> int:
        """A line of the widget inside card ``index`` (its rank, when not raised)."""
        if len(self.rows()) == 1:
            return 2
        return self._row_of(index) * ROW_LINES + 1

    # ----- drawing --------------------------------------------------------------------

    def render(self) -> Text:
        cards = self.cards
        if not cards:
            return Text("\n\n  (no cards)")
        if len(self.rows()) > 1:
            return self._render_two_rows()
        glyphs = self.glyphs
        styles = _CardStyles(self)
        step = self.step()
        height = self.card_height()
        n = len(cards)
        widths = [step] * (n - 1) + [step + 1]
        wild = [is_wild(c, self.wild_ranks) for c in cards]
        rows = [card_rows(c, step + 1, glyphs, height, w) for c, w in zip(cards, wild, strict=True)]
        pad = " " * self._origin()
        lines: list[Text] = []
        for y in range(height + 2):
            line = Text(pad, no_wrap=True, end="")
            for i, card in enumerate(cards):
                width = widths[i]
                chosen = card in self.selected
                r = y - (0 if chosen else 1)
                if 0 <= r < height:
                    _append_card_row(
                        line, rows[i], r, width, card, styles, chosen, self.cursor == i, wild[i]
                    )
                elif y == height and chosen:
                    line.append(" " + glyphs.selected.ljust(width - 1), styles.marker)
                elif y == height + 1 and self.cursor == i:
                    line.append(" " + glyphs.cursor.ljust(width - 1), styles.marker)
                else:
                    line.append(" " * width)
            lines.append(line)
        return Text("\n", no_wrap=True, end="").join(lines)

    def _render_two_rows(self) -> Text:
        """The hand in two rows of four-line cards, the second overlapping the first's
        bottom edge.  A selected card has a lighter face and the selected mark in its
        top edge (``┌▲─``); the cursor's card its rank underlined and ``^`` in its top
        edge: both read without colour."""
        glyphs = self.glyphs
        styles = _CardStyles(self)
        step = self.step()
        width = max(self.size.width, 1)
        origin = self._origin()
        lines = max(TWO_ROW_LINES, self.size.height)
        grid = [[(" ", Style())] * width for _ in range(lines)]

        def paint(y: int, x: int, text: Text) -> None:
            cells = [Style()] * len(text.plain)
            for span in text.spans:
                style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
                for j in range(span.start, min(span.end, len(cells))):
                    cells[j] = cells[j] + style
            for j, char in enumerate(text.plain):
                if 0 <= x + j < width:
                    grid[y][x + j] = (char, cells[j])

        for r, (start, end) in enumerate(self.rows()):
            top = r * ROW_LINES
            for i in range(start, end):
                card = self.cards[i]
                chosen = card in self.selected
                cursor = self.cursor == i
                wild = is_wild(card, self.wild_ranks)
                drawn = card_rows(card, step + 1, glyphs, 4, wild)
                visible = step + 1 if i == end - 1 else step
                x = origin + (i - start) * step
                for r_line in range(4):
                    text = Text()
                    _append_card_row(
                        text, drawn, r_line, visible, card, styles, chosen, cursor, wild
                    )
                    paint(top + r_line, x, text)
                face = styles.face + styles.selected if chosen else styles.face
                if chosen:
                    paint(top, x + 1, Text(glyphs.selected, face + styles.marker))
                if cursor:
                    paint(top, x + 2, Text(glyphs.cursor, face + styles.marker))
        out: list[Text] = []
        for row in grid:
            line = Text(no_wrap=True, end="")
            run, run_style = "", Style()
            for char, style in row:
                if style != run_style and run:
                    line.append(run, run_style)
                    run = ""
                run_style = style
                run += char
            if run:
                line.append(run, run_style)
            out.append(line)
        return Text("\n", no_wrap=True, end="").join(out)

    # ----- mouse ----------------------------------------------------------------------

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self.index_at(event.x, event.y)
        if index is None:
            return
        self._anchor = index
        self._last = index
        self._dragged = False
        self.capture_mouse()
        event.stop()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._anchor is None:
            return
        index = self.index_at(event.x, event.y)
        if index is None:
            start, end = self.rows()[0 if event.y < ROW_LINES else -1]
            index = start if event.x < self._origin() else end - 1
        if index != self._last:
            self._last = index
            self._dragged = self._dragged or index != self._anchor
            if self._dragged:
                self.post_message(self.Dragged(self._anchor, index, final=False))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._anchor is None:
            return
        anchor, last = self._anchor, self._last
        self._anchor = None
        self.release_mouse()
        event.stop()
        if self._dragged and last is not None:
            self.post_message(self.Dragged(anchor, last, final=True))
        else:
            self.post_message(self.Clicked(anchor))


class KittyView(Widget):
    """The three kitty cards: face down, or face up once the person may see them."""

    COMPONENT_CLASSES = HandView.COMPONENT_CLASSES

    #: The faces, when the person may see them (else empty).
    cards: reactive[tuple[Card, ...]] = reactive(())
    #: How many cards the kitty holds (drawn as backs while face down).
    count: reactive[int] = reactive(3)
    face_up: reactive[bool] = reactive(False)
    caption: reactive[str] = reactive("Kitty")
    glyphs: reactive[Glyphs] = reactive(UNICODE)
    #: One line of text instead of drawn cards (once the auction is over).
    compact: reactive[bool] = reactive(False)
    #: The wild ranks shown so far: their cards are marked.
    wild_ranks: reactive[tuple[Rank, ...]] = reactive(())

    def watch_compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")

    def _faces(self) -> list[Card | None]:
        """The cards to draw: the faces when face up, else ``count`` backs (None)."""
        if self.face_up and self.cards:
            return list(self.cards)
        return [None] * self.count

    def _compact_line(self, caption: str, styles: _CardStyles, narrow: bool) -> Text:
        """The kitty on one line after ``caption``: each face in a chip (`` 7♠ ``, or
        ``7♠`` when ``narrow``), each back as three (two) back marks."""
        line = Text(caption, no_wrap=True, overflow="ellipsis")
        faces: Sequence[Card | None] = self._faces()
        for i, card in enumerate(faces):
            if i:
                line.append(" ")
            if card is not None:
                colour = styles.red if is_red(card) else styles.black
                if is_wild(card, self.wild_ranks):
                    colour = colour + styles.wild
                text = self.glyphs.card_mark(card, self.wild_ranks)
                line.append(text if narrow else f" {text} ", styles.face + colour)
            else:
                line.append(self.glyphs.back * (2 if narrow else 3), styles.back)
        return line

    def render(self) -> Text:
        styles = _CardStyles(self)
        if self.compact or self.size.height < 5:
            # The widest form that fits: the caption and the cards; "Kitty" and the
            # cards; then the cards closer together (eight of them at four players).
            forms = [
                self._compact_line(f"{self.caption}: ", styles, narrow=False),
                self._compact_line("Kitty: ", styles, narrow=False),
                self._compact_line("Kitty: ", styles, narrow=True),
            ]
            line = next((f for f in forms if f.cell_len <= self.size.width), forms[-1])
            line.align("center", self.size.width)
            return line
        height = max(4, min(MAX_CARD_ROWS, self.size.height - 1))
        width = 7 if height > 4 else 4 if self.size.width < 30 else 5
        gap = 2 if height > 4 else 1
        cards = self._faces()
        block = len(cards) * (width + gap) - gap
        pad = " " * max(0, (self.size.width - block) // 2)
        caption = self.caption
        lines = [Text(caption.center(self.size.width).rstrip(), no_wrap=True)]
        wild = [is_wild(face, self.wild_ranks) for face in cards]
        drawn = [
            card_rows(face, width, self.glyphs, height, w)
            for face, w in zip(cards, wild, strict=True)
        ]
        for r in range(height):
            line = Text(pad, no_wrap=True)
            for i, face in enumerate(cards):
                if i:
                    line.append(" " * gap)
                _append_card_row(line, drawn[i], r, width, face, styles, False, False, wild[i])
            lines.append(line)
        if height > 4:
            # Centre the kitty in a tall table area (the auction).
            lines = [Text("")] * max(0, (self.size.height - len(lines)) // 2) + lines
        return Text("\n").join(lines)


class TrickView(Widget):
    """The play on the table (the one to beat), drawn as cards under a caption.

    With wilds the cards stand in the order of the reading, each wild one marked,
    and the caption gives the reading (``Right played: straight 7 8 9 [10] J``):
    the first of :attr:`captions` that fits is shown."""

    COMPONENT_CLASSES = HandView.COMPONENT_CLASSES

    cards: reactive[tuple[Card, ...]] = reactive(())
    caption: reactive[str] = reactive("")
    #: The captions from the widest to the narrowest (empty: :attr:`caption` alone).
    captions: reactive[tuple[str, ...]] = reactive(())
    #: The cards of the play that stood in as wilds (marked).
    wild_cards: reactive[frozenset[Card]] = reactive(frozenset())
    text: reactive[str] = reactive("")
    glyphs: reactive[Glyphs] = reactive(UNICODE)

    def _layout(self, n: int) -> tuple[int, int, int] | None:
        """Card height, card width and columns per card (a step under the width
        overlaps them) for ``n`` cards, or None when they do not fit."""
        width = self.size.width
        room = self.size.height - 1  # under the caption
        if room < 4:
            return None  # no room for cards (four players with the tracker): in words
        if room > 4:
            height = min(MAX_CARD_ROWS, room - 1)
            if n * 9 - 2 <= width:
                return height, 7, 9  # whole cards, well apart
            for step in (6, 5, 4, 3):
                if (n - 1) * step + step + 1 <= width:
                    return height, step + 1, step
            return None
        step = 4 if (n - 1) * 4 + 5 <= width else 3
        return (4, step + 1, step) if (n - 1) * step + step + 1 <= width else None

    def render(self) -> Text:
        width = self.size.width
        words = self.caption
        for candidate in self.captions:
            words = candidate
            if cell_len(candidate) <= width:
                break
        if cell_len(words) > width and "; " in words:
            # "Your space shuttle+singles held; you lead": the status line says who
            # leads, so the tail gives way before the play is cut.
            words = words.split("; ")[0]
        caption = Text(words, style="bold", no_wrap=True, overflow="ellipsis")
        caption.align("center", width)
        cards = self.cards
        if not cards:
            if self.size.height > 5:
                return Text("\n" * max(0, (self.size.height - 1) // 2)) + caption
            return caption
        styles = _CardStyles(self)
        n = len(cards)
        layout = self._layout(n)
        if layout is None:
            body = Text(self.text, no_wrap=False)
            body.align("center", width)
            return Text("\n").join([caption, Text(""), body])
        height, card_width, step = layout
        total = (n - 1) * step + card_width
        pad = " " * ((width - total) // 2)
        lines = [caption]
        if height > 4:
            lines.append(Text(""))
        for r in range(height):
            line = Text(pad, no_wrap=True)
            for i, card in enumerate(cards):
                visible = card_width if i == n - 1 else min(step, card_width)
                wild = card in self.wild_cards
                _append_card_row(
                    line,
                    card_rows(card, card_width, self.glyphs, height, wild),
                    r,
                    visible,
                    card,
                    styles,
                    False,
                    False,
                    wild,
                )
                if step > card_width and i < n - 1:
                    line.append(" " * (step - card_width))
            lines.append(line)
        if height > 4:
            # Centre the play in a tall table area.
            top = max(0, (self.size.height - len(lines)) // 2)
            lines = [Text("")] * top + lines
        return Text("\n").join(lines)
