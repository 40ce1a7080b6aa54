"""What a change to the campaign reads like to a GM: "Turn 14 → 13", "Bo's
torch (#3): 2 turns left → 3", "Encounter on turn 7 becomes quiet".

Shown before a correction or rewind is recorded. An area registers how its
part of the state reads when it changes (``@reads_changes(path, ...)``, the
paths of its JSON view it speaks for); whatever no area speaks for is said
from the JSON view (docs/state.md), its items named by their name or id.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from ..i18n import _, ngettext, number, pgettext
from . import clock
from . import field_words
from .state import State
from .view import state_json

Reader = Callable[[State, State], list[str]]
_READERS: list[tuple[int, tuple[tuple[str, ...], ...], Reader]] = []

# not the campaign's story: bookkeeping, raw dice, and the clock (said once, below)
_UNSAID = {"format", "campaign", "seq", "ruleset", "undo", "redo", "dice", "seconds_left",
           "clock", "session"}


def reads_changes(*paths: str, order: int):
    """Register ``fn(before, after) -> lines`` for a change under any of
    ``paths`` of the JSON view ("dungeon.lights"; "party.*.lights": any
    character's, an item named by its name or id); it is asked only then."""

    def register(fn: Reader) -> Reader:
        _READERS.append((order, tuple(tuple(p.split(".")) for p in paths), fn))
        _READERS.sort(key=lambda r: r[0])
        return fn
    return register


def matched(old, new, key: Callable[[Any], Any]) -> list[tuple[Any, Any]]:
    """Items of two collections paired by ``key``, the old order first: (old,
    new), with None for an item on one side only. For the areas' readers."""
    a = {key(x): x for x in old}
    b = {key(x): x for x in new}
    return [(a.get(k), b.get(k)) for k in [*a, *(k for k in b if k not in a)]]


def changes_in_words(before: State, after: State) -> list[str]:
    """What differs between two states, one line each, in the GM's words."""
    lines = []  # the campaign-wide clock and session first, then each area's
    if before.clock != after.clock:
        rules = after.rules
        was, now = clock.stamp(rules, before.clock), clock.stamp(rules, after.clock)
        if was == now:  # rounds within one minute
            step = after.clock - before.clock
            now = (_("{time} ({n} s later)") if step > 0 else _("{time} ({n} s earlier)")) \
                .format(time=now, n=abs(step))
        lines.append(_("Time: {before} → {after}").format(before=was, after=now))
    if (before.session, before.in_session) != (after.session, after.in_session):
        lines.append(f"{_session(before)} → {_session(after)}")
    leaves = list(_walk(state_json(before, 0), state_json(after, 0), ()))
    said: set[int] = set()
    for _order, paths, read in _READERS:
        mine = [i for i, leaf in enumerate(leaves) if any(_speaks_for(p, leaf) for p in paths)]
        if mine:
            lines += read(before, after)
            said.update(mine)
    lines += [_worded(*leaf) for i, leaf in enumerate(leaves) if i not in said]
    return _once(lines)


class Fact(str):
    """A change's line that says one field of one character (or other subject
    an area names): ``about`` = (field, who). See ``fact``."""

    about: tuple[str, str]


def fact(line: str, field: str, who: str) -> str:
    """``line`` as the change of ``field`` of ``who`` (a character by name):
    two areas reporting the same field of the same character (a party
    member's exhaustion is also the chase runner's) are said once, in the
    words of the area asked first (the lower ``order``). An area that reads a
    character's field another area keeps too tags its line with the same
    field name (the party's JSON key: "exhaustion", "hp", "level"...)."""
    out = Fact(line)
    out.about = (field, who)
    return out


def _once(lines: list[str]) -> list[str]:
    """Each fact said once: a line that repeats an earlier one word for word,
    or says a field of a character an earlier line already said, is left out."""
    seen: set = set()
    out = []
    for line in lines:
        key = getattr(line, "about", None) or line
        if key not in seen and line not in seen:
            seen.update((key, str(line)))
            out.append(str(line))
    return out


def _session(state: State) -> str:
    if state.in_session:
        return _("Session {n}").format(n=state.session)
    return _("Session {n} (ended)").format(n=state.session)


def _speaks_for(pattern: tuple[str, ...], leaf: tuple[tuple[str, ...], Any, Any]) -> bool:
    """The leaf is at or below ``pattern`` ("*" stands for any one item), or is
    a whole item coming or going above it (a new character has a new "hp")."""
    path, a, b = leaf
    if len(path) < len(pattern) and (a is None or b is None):
        pattern = pattern[:len(path)]
    return len(path) >= len(pattern) and all(p == "*" or p == k for k, p in zip(path, pattern))


def _walk(a: Any, b: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any, Any]]:
    """Each changed value: (path of keys and item names, before, after)."""
    if a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in [*a, *(k for k in b if k not in a)]:
            if k not in _UNSAID:
                yield from _walk(a.get(k), b.get(k), path + (k,))
    elif isinstance(a, list) and isinstance(b, list) and not _plain(a + b):
        for label, x, y in _paired(a, b):
            yield from _walk(x, y, path + (label,))
    else:
        yield path, a, b


def _plain(items: list) -> bool:
    """A list of plain values (conditions, names): said whole, not item by item."""
    return all(not isinstance(x, (dict, list)) for x in items)


def _paired(a: list, b: list) -> list[tuple[str, Any, Any]]:
    """Items of two lists matched by their id, name or owner where each has a
    different one, else by place; named as the GM knows them."""
    items = [*a, *b]
    key = next((k for k in ("id", "name", "owner")
                if all(isinstance(x, dict) and k in x for x in items)
                and all(len({x[k] for x in side}) == len(side) for side in (a, b))), None)
    if key is None:
        return [(_label(a[i] if i < len(a) else b[i], i), a[i] if i < len(a) else None,
                 b[i] if i < len(b) else None) for i in range(max(len(a), len(b)))]
    return [(_label(y or x, None), x, y) for x, y in matched(a, b, lambda item: item[key])]


def _label(item: Any, place: int | None) -> str:
    """An item as the GM knows it: its name, owner or place, its day or turn,
    else its place in the list ("the 3rd"), never a bracketed index."""
    if isinstance(item, dict):
        for k in ("name", "owner", "place"):
            if item.get(k):
                return str(item[k])
        for k in ("day", "turn", "round", "id"):
            if isinstance(item.get(k), int):
                return _ITEM_BY[k]().format(n=item[k])
    if place is None:
        return _("one")
    n = place + 1
    # an item's place: English picks its suffix below; a language with one
    # form for every place ("den 3.", "3-й") translates this message
    # TRANSLATORS: an item by its place in a list: "the 3rd" (one form for every number)
    ordinal = _("the {n}th")
    if ordinal != "the {n}th":
        return ordinal.format(n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"the {n}{suffix}"


# an item known by its day, turn, round or number: "day 3"
_ITEM_BY = {"day": lambda: _("day {n}"), "turn": lambda: _("turn {n}"),
            "round": lambda: _("round {n}"), "id": lambda: _("number {n}")}

# a key of the state as the GM reads it, in the active language: the one place
# that says a field (field_words.py)
field_name = field_words.field_name


def value_words(v: bool) -> str:
    return _("yes") if v else _("no")


def _worded(path: tuple[str, ...], a: Any, b: Any) -> str:
    where = " · ".join(field_name(p) for p in path)
    where = where[:1].upper() + where[1:]
    if a is None and isinstance(b, dict):
        return _("{what}: new").format(what=where)
    if b is None and isinstance(a, dict):
        return _("{what}: gone").format(what=where)
    return _("{what}: {before} → {after}").format(what=where, before=_value(a), after=_value(b))


def _value(v: Any) -> str:
    if v is None or v == "" or v == []:
        return pgettext("value", "none")
    if isinstance(v, bool):
        return value_words(v)
    if isinstance(v, list) and _plain(v):
        return ", ".join(map(_value, v))
    if isinstance(v, (dict, list)):
        return "…"
    if type(v) in (int, float):  # an amount, in the GM's language's form (1,500)
        return number(v)
    return str(v)


def cut(lines: list[str], most: int) -> list[str]:
    """At most ``most`` lines, the rest counted: "… and 4 more"."""
    if len(lines) <= most:
        return lines
    n = len(lines) - most + 1
    return lines[:most - 1] + [ngettext("… and {n} more", "… and {n} more", n).format(n=n)]
