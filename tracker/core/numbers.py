"""Numbers a GM types: ASCII digits, within range, with one line saying what is wrong.

Python's ``int()`` takes any Unicode digit (``int("٣")`` is 3) and refuses more
than 4,300 digits with a ValueError that is not the GM's fault; ``str.isdigit``
says yes to superscripts that ``int()`` then refuses. Every number typed on the
command line, in a dialog, in ``--set`` or ``--dice`` goes through ``parse_int``.
It takes a number as tracker prints it, too: thousands grouped as the run's
language groups them (``3,000``; Danish ``3.000``; Ukrainian ``3 000``).
"""

from __future__ import annotations

import re

from ..i18n import N_, _, group_sign, number
from .errors import Refused

MAX_DIGITS = 18  # within a 64-bit integer; every field's own range is narrower
_INT = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_DIGITS)
_ANY_DIGITS = re.compile(r"[+-]?\d+")


class NotANumber(Refused):
    """Typed text that is not a whole number within range; ``problem`` is
    the message without the name of the number (an argument's own message)."""

    def __init__(self, message: str, problem: str = ""):
        super().__init__(message)
        self.problem = problem or message


def is_int(text: str, signed: bool = False) -> bool:
    """``text`` is a whole number in ASCII digits (a sign only if ``signed``)."""
    t = text.strip()
    return bool(_INT.fullmatch(t)) and (signed or t[0] not in "+-")


def parse_int(text: str, what: str = N_("the number"), lo: int | None = None,
              hi: int | None = None, signed: bool = True) -> int:
    """``text`` as an int, or ``NotANumber`` naming ``what`` and the problem.
    ``what`` is translated only when the number is refused: mark it with
    ``N_()`` (text already in the GM's language passes through unchanged)."""
    t = ungrouped(str(text).strip())
    if not _INT.fullmatch(t) or (not signed and t[0] in "+-"):
        what = _(what)
        if not t:
            why = _("nothing typed (expected a whole number)")
        elif _ANY_DIGITS.fullmatch(t) and not t.lstrip("+-").isascii():
            why = _("write it with the digits 0-9")
        elif _ANY_DIGITS.fullmatch(t):
            digits = number(len(t.lstrip("+-")))
            why = _("{digits} digits is out of range (expected {span})").format(
                digits=digits, span=_span(lo, hi)) if lo is not None or hi is not None \
                else _("{digits} digits is out of range (at most {most} digits)").format(
                    digits=digits, most=MAX_DIGITS)
        elif not signed and t[:1] in "+-" and _INT.fullmatch(t):
            why = _("no sign")
        else:
            why = _("expected a whole number, e.g. 3") if signed else \
                _("expected a whole number (0-9), e.g. 3")
        problem = _("{text}: {problem}").format(text=_shown(t), problem=why) if t else why
        raise NotANumber(_("{what}: {problem}").format(what=what, problem=problem), problem)
    n = int(t)
    if lo is not None and n < lo or hi is not None and n > hi:
        what = _(what)
        problem = _("{n} is out of range (expected {span})").format(n=number(n),
                                                                     span=_span(lo, hi))
        raise NotANumber(_("{what}: {problem}").format(what=what, problem=problem), problem)
    return n


def ungrouped(text: str) -> str:
    """``text`` without the thousands signs ``i18n.number`` writes in the run's
    language, when it is grouped as it writes them (``3,000``, ``12.500``,
    ``3 000``); anything else as it was (``3,5`` is not a number here)."""
    sign = group_sign()
    signs = {sign, "\u00a0", "\u202f", " "} if sign.isspace() else {sign}
    for g in signs:
        if g in text and re.fullmatch(r"[+-]?[0-9]{1,3}(?:%s[0-9]{3})+" % re.escape(g), text):
            return text.replace(g, "")
    return text


def number_parts(text: str) -> list[str]:
    """The items of a typed list of numbers: commas and spaces both separate
    (``3,5``, ``3 5``, ``3, 5``), but an empty item between commas is kept, so
    ``1,,2`` is refused as a missing number instead of read as ``1,2``."""
    if not text.strip():
        return []
    return [word for chunk in text.split(",") for word in (chunk.split() or [""])]


def parse_ints(text: str, what: str = N_("the numbers"), lo: int | None = None,
               hi: int | None = None) -> list[int]:
    """Whole numbers separated by commas or spaces (``--dice 3,5``, ``3 5``)."""
    parts = number_parts(text)
    out = []
    for i, p in enumerate(parts, 1):
        try:
            out.append(parse_int(p, what, lo, hi))
        except NotANumber:  # named only when wrong: no text made for good numbers
            parse_int(p, _("{what} (number {i})").format(what=_(what), i=i), lo, hi)
    return out


def _span(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return _("from {lo} to {hi}").format(lo=number(lo), hi=number(hi))
    if lo is not None:
        return _("at least {lo}").format(lo=number(lo))
    return _("at most {hi}").format(hi=number(hi))


def _shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:20] + "…")
