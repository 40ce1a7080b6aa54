"""Text that wraps at its spaces but never between a label and its number
(issue 23: Danish and Ukrainian run longer, and a panel's line that wrapped
left "МДР" at one line's end and "+3" on the next).

Textual and Rich both break a line at any whitespace, a no-break space
(U+00A0) included, so a no-break space alone keeps nothing together. A panel
that shows pairs renders its text through ``Kept``: it finds the spaces that
must hold (``glued``), hides them from the wrapping, wraps to the panel's
width and puts them back. What holds:
- a no-break space the text itself has (a formatter's explicit glue);
- a single space before a number ("СИЛ +5", "Загибель 12", "уважність 13");
- a single space after a number before a word ("400 мон.", "5 flygtninge");
- every space inside a short bracket ("(+10% досвіду)").
Two spaces in a row stay a place to break: they separate pairs.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

NBSP = "\xa0"
_HOLD = "\ue000"  # private-use letters: one cell, not a space, never in our text
_OWN = "\ue001"
_NUMBER = r"[+\-−±×]?\(?[0-9]"  # a value starts with a digit or a sign before one
_BRACKET = 16  # a bracket this short or shorter is one piece ("(+10% EP)")

_BEFORE_NUMBER = re.compile(rf"(?<=\S) (?={_NUMBER})")
_AFTER_NUMBER = re.compile(r"(?<=[0-9%]) (?=[^\s0-9+\-−])")
_BRACKETED = re.compile(rf"\([^()\n]{{1,{_BRACKET - 2}}}\)")


def glued(plain: str) -> str:
    """``plain`` with each space that must hold replaced by a no-break space."""
    out = list(plain)
    for rx in (_BEFORE_NUMBER, _AFTER_NUMBER):
        for m in rx.finditer(plain):
            i = m.start()
            if not (i > 0 and plain[i - 1] == " ") and not (i + 1 < len(plain)
                                                            and plain[i + 1] == " "):
                out[i] = NBSP
    for m in _BRACKETED.finditer(plain):
        for i in range(m.start(), m.end()):
            if plain[i] == " ":
                out[i] = NBSP
    return "".join(out)


def held(plain: str, width: int | None = None) -> str:
    """``plain`` with each space that must hold made a letter no wrapper breaks
    at; ``released`` turns them back. A no-break space of the text's own (a
    Ukrainian number's thousands, "3 000") is held too: Rich breaks at it.
    A held piece wider than ``width`` lets go of its holds: better parted at
    a space than cut inside a word."""
    out = "".join(_OWN if o == NBSP else (_HOLD if g != o else o)
                  for o, g in zip(plain, glued(plain)))
    if width is None:
        return out
    return " ".join(piece if cell_len(piece) <= width else
                    piece.replace(_HOLD, " ") for piece in out.split(" "))


def released(plain: str) -> str:
    return plain.replace(_HOLD, " ").replace(_OWN, NBSP)


def wrap(text: Text, console: Console, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` without breaking at a glued space; a piece
    wider than the width is folded as Rich would."""
    kept = text.copy()
    kept.plain = held(text.plain, width)
    lines = kept.wrap(console, max(1, width), overflow="fold")
    for line in lines:
        line.plain = released(line.plain)
        line.rstrip()  # the two spaces between pairs, left at a line's end
    return list(lines)


class Kept:
    """A renderable: ``Text`` wrapped to the width it is given, pairs kept whole."""

    def __init__(self, text: Text):
        self.text = text

    @property
    def plain(self) -> str:
        return self.text.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in wrap(self.text, console, options.max_width):
            line.end = "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kept) and other.text == self.text

    __hash__ = None  # compared by its text, which changes
