"""Numbers a GM types: ASCII digits, within range, with one line saying what is wrong.

Python's ``int()`` takes any Unicode digit (``int("٣")`` is 3) and refuses more
than 4,300 digits with a ValueError that is not the GM's fault; ``str.isdigit``
says yes to superscripts that ``int()`` then refuses. Every number typed on the
command line, in a dialog, in ``--set`` or ``--dice`` goes through ``parse_int``.
"""

from __future__ import annotations

import re

from .errors import Refused

MAX_DIGITS = 18  # within a 64-bit integer; every field's own range is narrower
_INT = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_DIGITS)
_ANY_DIGITS = re.compile(r"[+-]?\d+")


class NotANumber(Refused):
    """Typed text that is not a whole number within range."""


def is_int(text: str, signed: bool = False) -> bool:
    """``text`` is a whole number in ASCII digits (a sign only if ``signed``)."""
    t = text.strip()
    return bool(_INT.fullmatch(t)) and (signed or t[0] not in "+-")


def parse_int(text: str, what: str = "the number", lo: int | None = None,
              hi: int | None = None, signed: bool = True) -> int:
    """``text`` as an int, or ``NotANumber`` naming ``what`` and the problem."""
    t = str(text).strip()
    if not _INT.fullmatch(t) or (not signed and t[0] in "+-"):
        if _ANY_DIGITS.fullmatch(t) and not t.lstrip("+-").isascii():
            why = "write it with the digits 0-9"
        elif _ANY_DIGITS.fullmatch(t):
            why = f"{len(t.lstrip('+-')):,} digits is out of range (" + \
                (f"expected {_span(lo, hi)})" if lo is not None or hi is not None
                 else f"at most {MAX_DIGITS} digits)")
        elif not signed and t[:1] in "+-" and _INT.fullmatch(t):
            why = "no sign"
        else:
            why = "expected a whole number" + (", e.g. 3" if signed else " (0-9), e.g. 3")
        raise NotANumber(f"{what}: {_shown(t)}: {why}")
    n = int(t)
    if lo is not None and n < lo or hi is not None and n > hi:
        raise NotANumber(f"{what}: {n:,} is out of range (expected {_span(lo, hi)})")
    return n


def parse_ints(text: str, what: str = "the numbers", lo: int | None = None,
               hi: int | None = None) -> list[int]:
    """Whole numbers separated by commas or spaces (``--dice 3,5``, ``3 5``)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    return [parse_int(p, f"{what} (number {i})", lo, hi) for i, p in enumerate(parts, 1)]


def _span(lo: int | None, hi: int | None) -> str:
    return (f"from {lo:,} to {hi:,}" if lo is not None and hi is not None
            else f"at least {lo:,}" if lo is not None else f"at most {hi:,}")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:20] + "…")
