"""The pieces a ruleset section is written with: ranged numbers, durations,
rolled tables and bands, and the checks they share.

Each area declares its own section (its ``model.py``) with these; the
ruleset module puts the sections together. This module knows no area, so an
area's model can import it while the ruleset is still being assembled.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated

import msgspec
from msgspec import Meta as _M

from ..i18n import N_, _
from . import dice
from .errors import Refused, WrittenByNewer, WrittenByOlder


class RulesetError(Refused):
    """A ruleset file that cannot be used."""


class NewerRuleset(RulesetError, WrittenByNewer):
    """A ruleset written for a schema later than this tracker knows."""


class OlderRuleset(RulesetError, WrittenByOlder):
    """A ruleset written for an earlier schema that even upcast does not load."""


# Every number in a ruleset has a range: positive where 0 or less makes no
# sense, and an upper cap where a larger value can only be a slip of the finger
# (a turn of a billion seconds). House rules are checked against the same ranges.


def Int(ge: int, le: int):
    """An integer from ``ge`` to ``le``, checked when the ruleset loads."""
    return Annotated[int, _M(ge=ge, le=le)]


def Pair(ge: int, le: int):
    """``[low, high]``: exactly two numbers in the range."""
    return Annotated[list[Int(ge, le)], _M(min_length=2, max_length=2)]


BIG = 10**15  # beyond any table a ruleset needs, within a 64-bit integer
Bonus = Int(-1000, 1000)


class Meta(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    description: str = ""
    source: str = ""
    # the ruleset schema the text was written for; texts from before it was
    # written down (2026-11-30 and earlier) are schema 1 (see ruleset.upcast)
    schema: Int(1, 1_000_000) = 1
    # The language the ruleset's GMs read (``da``, ``uk``): a new campaign's
    # default. Empty (every ruleset recorded before issue 23): English.
    language: str = ""


class Time(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    round_seconds: Int(1, 3600)
    turn_seconds: Int(1, 86400)
    hour_seconds: Int(1, 86400) = 3600
    day_seconds: Int(1, 10 * 86400) = 86400
    start_hour: Int(0, 23) = 8  # in-game time of day when the campaign begins


class TableEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A row of a rolled table: the totals it covers, [low, high], and what it means."""

    roll: Pair(-BIG, BIG)
    result: str


class RolledTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table rolled on ``die`` (d6, d12, d20, d100...): each entry covers a
    range of the totals, checked at load for gaps and overlaps. Weather,
    chase complications and bastion events are tables of this kind.

    In TOML: ``die = "1d12"`` and ``entries = [{ roll = [1, 2], result = "..." }, ...]``."""

    die: str
    entries: list[TableEntry]

    def lookup(self, total: int) -> TableEntry | None:
        return lookup(self.entries, total)


def lookup(entries: list[TableEntry], total: int) -> TableEntry | None:
    """The entry whose range holds ``total`` (ranges compared, never expanded)."""
    return next((e for e in entries if e.roll[0] <= total <= e.roll[1]), None)


def rolled_table_problem(die: str, entries: list[TableEntry]) -> str:
    """What is wrong with a rolled table, or '': a bad die, no entries, a
    range running backwards, two entries sharing a total, a total with none."""
    if not entries:
        return _("expected a table of entries")
    try:
        lo, hi = dice.parse(die).bounds()
    except dice.DiceError as e:
        return str(e)
    gap = table_gap([e.roll for e in entries], lo, hi, "roll")
    if gap:
        return _("{problem} on {die}").format(problem=gap, die=die)
    never = next((e.roll for e in entries if e.roll[1] < lo or e.roll[0] > hi), None)
    if never is not None:  # a row the die cannot reach: the wrong die for the table
        return later(_("the entry for [{low}, {high}] can never come up on {die} "
                       "({lo}-{hi})").format(low=never[0], high=never[1], die=die, lo=lo, hi=hi),
                     since=2)
    return ""



class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``value`` for a number from ``range[0]`` to ``range[1]``."""

    range: Pair(-BIG, BIG)
    value: Int(-BIG, BIG)



def table_gap(ranges: list[list[int]], lo: int, hi: int, what: str) -> str:
    """The first problem with a table of ``[low, high]`` ranges, or ''.

    A range must run low to high, no two ranges may share a number, and every
    number from ``lo`` to ``hi`` must be in one (``lo > hi``: no coverage asked).
    The ranges are sorted and walked, never expanded: a range up to 10^11 costs
    no more than one up to 10.
    """
    for a, b in ranges:
        if a > b:
            return _("the range [{low}, {high}] runs backwards (expected [low, high])").format(
                low=a, high=b)
    want = lo  # the next number that must be covered
    last = None  # the highest number covered so far
    for a, b in sorted(ranges):
        if last is not None and a <= last:
            return _("two entries cover a {what} of {n}").format(what=_(what), n=a)
        if a > want and want <= hi:
            return _("no entry for a {what} of {n}").format(what=_(what), n=want)
        want = max(want, b + 1)
        last = b
    if want <= hi:
        return _("no entry for a {what} of {n}").format(what=_(what), n=want)
    return ""


# What the shipped sections' tables are ranged by (``table_gap``'s ``what``),
# marked for translation; a caller's own word shows as written.
GAP_WHAT = (N_("roll"), N_("level"), N_("fleeing group"), N_("pursuing group"),
            N_("speed difference"))



# --- durations ----------------------------------------------------------------

_UNIT = re.compile(r"^\s*(\d{1,9})\s*([^\W\d_]+)\s*$")
# The words a GM may type for each unit, in every language we ship: the
# catalogs give each language's words (a Danish GM types "6 ture", a
# Ukrainian one "6 ходів"), so a duration means the same whichever
# language the campaign reads in.
_UNIT_WORDS = {
    # TRANSLATORS: the words a GM may type for a unit of a duration ("6 turns"), comma-separated
    "round": N_("round, rounds"),
    "turn": N_("turn, turns"),
    "second": N_("second, seconds, s"),
    "minute": N_("minute, minutes, min"),
    "hour": N_("hour, hours, h"),
    "day": N_("day, days"),
    "week": N_("week, weeks"),
}


@lru_cache(maxsize=1)
def _units() -> dict[str, str]:
    from .. import i18n
    words: dict[str, str] = {}
    for code in i18n.available():
        for unit, english in _UNIT_WORDS.items():
            typed = i18n.catalog(code).gettext(english)
            for word in (typed + "," + english).split(","):
                words.setdefault(word.strip().lower(), unit)
    words.pop("", None)
    return words


def _bad_duration(text: str) -> RulesetError:
    return RulesetError(
        _("bad duration {text}: expected a number (up to 9 digits) and a unit "
          "({units})").format(text=repr(text), units=_(
              "rounds, turns, minutes, hours, days, weeks")))


@lru_cache(maxsize=512)
def _seconds(text: str, time: Time) -> int:
    m = _UNIT.match(text.lower())
    if not m or m.group(2) not in _units():
        raise _bad_duration(text)
    per = {
        "round": time.round_seconds, "turn": time.turn_seconds, "second": 1,
        "minute": 60, "hour": time.hour_seconds, "day": time.day_seconds,
        "week": 7 * time.day_seconds,
    }[_units()[m.group(2)]]
    return int(m.group(1)) * per



def seconds(rules, text: str) -> int:
    """A duration written in the ruleset (``"24 turns"``) in clock seconds."""
    return _seconds(text, rules.time)


_ROLLED = re.compile(r"^\s*(\S+?)\s*([^\W\d_]+)\s*$")


def duration_parts(text: str) -> tuple[str, str]:
    """A duration as typed, maybe rolled ("4d4 turns"): its amount as typed
    ("4d4", "6") and its unit's key ("turn"), in any language we ship."""
    m = _ROLLED.match(text.lower())
    if not m or m.group(2) not in _units():
        raise _bad_duration(text)
    return m.group(1), _units()[m.group(2)]


def positive_seconds(rules, text: str) -> int:
    """``seconds``, refusing a duration of nothing."""
    n = _seconds(text, rules.time)
    if n <= 0:
        raise RulesetError(_("bad duration {text}: expected more than 0").format(
            text=repr(text)))
    return n


# --- what our sources lack ----------------------------------------------------------
# A section may carry ``not_in_source = { "dotted.path" = "KIND: why" }``: the value or
# table at the path (under the section) is not the book's rule but a stand-in, a fill
# from a related game, a rebuilt row. KIND is the short label the app shows next to
# the result ("stand-in", "OSE fill"); the why is for the GM who asks.

SOURCE_NOTE = re.compile(r"^([^:]{1,24}): \S")


def note_problems(section: str, root, notes: dict[str, str]) -> "Problems":
    """Each note names a key of the section and reads "KIND: why"."""
    problems = Problems()
    where = f"{section}.not_in_source"
    for path, note in notes.items():
        if not SOURCE_NOTE.match(note):
            problems.add(where, _('{path}: expected "KIND: why" (e.g. "stand-in: ...")').format(
                path=repr(path)))
        node = root
        for part in path.split("."):
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, msgspec.Struct) and part in node.__struct_fields__ \
                    and getattr(node, part) is not None:
                node = getattr(node, part)
            else:
                problems.add(where, _("{path}: [{section}] has no {part} there").format(
                    path=repr(path), section=section, part=repr(part)))
                break
    return problems


def source_note(notes: dict[str, str], path: str) -> str:
    """The note on ``path`` or the nearest key above it, or ''."""
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        if note := notes.get(".".join(parts[:n])):
            return note
    return ""


def note_kind(notes: dict[str, str], path: str) -> str:
    """The short label of the note on ``path`` ("stand-in", "OSE fill"), or ''."""
    return source_note(notes, path).split(":", 1)[0]


# The kinds the shipped rulesets use, marked for translation; a GM's own kind
# shows as written.
NOTE_KINDS = (N_("stand-in"), N_("OSE fill"), N_("rebuilt"), N_("our limit"), N_("core rules"))


def not_in_source(notes: dict[str, str], path: str) -> str:
    """" (stand-in: not in the source)" for a marked ``path``, or '': for a log
    line or an alert that shows a result the book does not give."""
    kind = note_kind(notes, path)
    return " (" + _("{kind}: not in the source").format(kind=_(kind)) + ")" if kind else ""


class Problems(list):
    """What a section's check found: (key path, problem) pairs, in file order."""

    def check(self, path: str, fn, *args) -> None:
        """Call ``fn(*args)``; a refusal becomes a problem at ``path``."""
        try:
            fn(*args)
        except Refused as e:
            self.append((path, str(e).splitlines()[0]))

    def add(self, path: str, problem: str, since: int = 1) -> None:
        """``since``: the ruleset schema that added this check; a text
        written for an older one is read as it was then, without it."""
        if problem:
            self.append(problem_at(path, problem, since))


class _Later(str):
    """A problem's text from a check added in ruleset schema ``since``."""

    since = 1


def later(problem: str, since: int) -> str:
    """``problem`` marked as found by a check added in ruleset schema ``since``
    (a shared check, such as a rolled table's, whose callers add it anywhere)."""
    marked = _Later(problem)
    marked.since = since
    return marked


def problem_at(path: str, problem: str, since: int = 1) -> tuple[str, str]:
    """The (key path, problem) pair, keeping the schema that added its check."""
    since = max(since, getattr(problem, "since", 1))
    return Problem(path, str(problem), since) if since > 1 else (path, str(problem))


class Problem(tuple):
    """A (key path, problem) pair found by a check added in ruleset schema ``since``."""

    since: int

    def __new__(cls, path: str, problem: str, since: int):
        self = super().__new__(cls, (path, problem))
        self.since = since
        return self
