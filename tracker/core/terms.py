"""The ruleset's words in the GM's language: ``term(rules, "lights.torch")``.

A ruleset's names (kinds of light, rations, classes, terrains...) are its
data, so their translations are too: one table per language, keyed by the
key path of what it names, beside the English ``name`` fields:

    [names.da]
    "lights.torch" = "Fakkel"
    "dungeon.activities.rest" = "hvile"

Each area declares which of its key paths are names a GM reads
(``ruleset_section(..., terms=("lights.*",))``); a key in ``[names.xx]`` that
names none of them is refused at load with its file and line, and a name with
no translation reads in English (``tracker rulesets check`` lists them).
This module knows no area by name.
"""

from __future__ import annotations

import re
from typing import Callable

import msgspec

from ..i18n import ENGLISH, current, dice
from ..i18n import _
from .parts import SECTIONS
from .schema import Problems

LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")
# "Skov (forest)": a name recorded before [names.xx], its English half in brackets
BILINGUAL = re.compile(r"(.+?) \((.+)\)")

# ruleset id -> today's shipped ruleset of that id (or None): set by use_shipped
_shipped: Callable[[str], object] | None = None
# id(recorded rules) -> (those rules, {(code, key): today's name or None})
_borrowed: dict[int, tuple[object, dict]] = {}


def use_shipped(lookup: Callable[[str], object] | None) -> None:
    """Where ``term`` finds today's shipped ruleset of an id, for the names an
    older recorded ruleset has no translation of (None: nowhere)."""
    global _shipped
    _shipped = lookup
    _borrowed.clear()

# The names of the campaign-wide part, which no area declares: the ruleset's
# one-line description (the new-campaign dialog, ``tracker rulesets``).
META_TERMS = ("meta.description",)


def _step(node, part: str):
    if isinstance(node, msgspec.Struct):
        return getattr(node, part, None) if part in node.__struct_fields__ else None
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, (list, tuple)):
        if node and not isinstance(node[0], str):
            if isinstance(node[0], msgspec.Struct) and hasattr(node[0], "id"):
                return next((x for x in node if x.id == part), None)  # records: by id
            if part.isdigit() and int(part) < len(node):
                return node[int(part)]  # rows (a table's entries): by place
            return None
        return part if part in node else None  # a list of ids: the id is its own name
    return None


def _members(node) -> list[str]:
    """The keys ``*`` stands for in ``node``: a table's keys, a list's ids, a
    list of records' ids (or their places: a rolled table's rows)."""
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, (list, tuple)):
        # records by id, rows (a rolled table's entries) by place, ids as they are
        return [x if isinstance(x, str) else getattr(x, "id", None) or str(i)
                for i, x in enumerate(node)]
    return []


def _walk(rules, key: str):
    """(parent, node, last part) at ``key``, or None. A table's own keys may
    hold dots (``[travel.not_in_source] "terrains.forest.encounter" = ...``):
    where a part is not a key of a table, the longest run of the next parts
    that is one is tried."""
    node, parent, part = rules, None, ""
    parts = key.split(".")
    i = 0
    while i < len(parts):
        part, step = parts[i], 1
        found = _step(node, part)
        if found is None and isinstance(node, dict):
            for j in range(len(parts), i + 1, -1):
                joined = ".".join(parts[i:j])
                if joined in node:
                    part, step, found = joined, j - i, node[joined]
                    break
        if found is None:
            return None
        parent, node = node, found
        i += step
    return parent, node, part


def english(rules, key: str) -> str | None:
    """What ``key`` names in the ruleset's own (English) words, or None.
    Remembered per ruleset (a ruleset is frozen): the log describes 100,000
    lines, each asking the same few names, and walking the ruleset for each
    was half of describing a line."""
    config = getattr(rules, "__struct_config__", None)
    if config is None or not config.frozen:  # a table that may change: walked each time
        return _english_walked(rules, key)
    mine = _english.get(id(rules))
    if mine is None or mine[0] is not rules:
        if len(_english) > 64:  # rulesets met in one run: a handful
            _english.clear()
        mine = _english[id(rules)] = (rules, {})
    seen = mine[1]
    try:
        return seen[key]
    except KeyError:
        pass
    if len(seen) > 4096:  # keys built from what the log holds: bounded all the same
        seen.clear()
    found = seen[key] = _english_walked(rules, key)
    return found


# id(rules) -> (those rules, {key: its English name or None})
_english: dict[int, tuple[object, dict]] = {}


def _english_walked(rules, key: str) -> str | None:
    walked = _walk(rules, key)
    if walked is None:
        return None
    parent, node, part = walked
    if isinstance(node, str):
        return node
    if isinstance(node, msgspec.Struct) and "name" not in node.__struct_fields__ \
            or isinstance(node, (int, float)) and not isinstance(node, bool):
        # a table keyed by id with no name of its own (a complication table, a
        # terrain's modifier): it reads as its id, dense_woods as "dense woods"
        return part.replace("_", " ")
    name = getattr(node, "name", None)
    if isinstance(name, str):
        return name
    # a table keyed by its names, its values numbers ("Listen" = [5, 5, ...])
    return part if isinstance(parent, dict) and isinstance(node, (list, tuple)) else None


def term(rules, key: str, default: str | None = None) -> str:
    """``key``'s name in the active language; English where the ruleset has
    no translation; ``default`` (else the key's last part) where it names
    nothing (a kind a house rule has since removed)."""
    code = current()
    if code == ENGLISH:
        return _english_or(rules, key, default)
    # a name holding dice ("1d6 genstande") writes the die as the language does (1t6)
    return dice(_translated(rules, code, key) or _english_or(rules, key, default))


def _translated(rules, code: str, key: str) -> str | None:
    names = rules.names.get(code)
    if names:
        found = names.get(key)
        if found:
            return found
    return _borrow(rules, code, key) if _shipped is not None else None


def _english_or(rules, key: str, default: str | None) -> str:
    name = english(rules, key)
    if name is not None:
        return name
    return default if default is not None else key.rsplit(".", 1)[-1]


def _borrow(rules, code: str, key: str) -> str | None:
    """Today's shipped ruleset's name for ``key`` in ``code``, when it names
    what the recorded ``rules`` name there (remembered per ruleset: a view
    asks for the same names on every line)."""
    mine = _borrowed.get(id(rules))
    if mine is None or mine[0] is not rules:
        if len(_borrowed) > 64:  # rulesets met in one run: a handful
            _borrowed.clear()
        mine = _borrowed[id(rules)] = (rules, {})
    seen = mine[1]
    if (code, key) not in seen:
        seen[(code, key)] = _shipped_name(rules, code, key)
    return seen[(code, key)]


def _shipped_name(rules, code: str, key: str) -> str | None:
    try:
        today = _shipped(rules.meta.id)
    except Exception:  # an unreadable shipped file: the recorded words, as before
        return None
    if today is None or today is rules:
        return None
    found = today.names.get(code, {}).get(key)
    if not found:
        return None
    recorded, shipped = english(rules, key), english(today, key)
    if recorded is None or shipped is None:
        return None
    return found if _same_name(recorded, shipped) else None


def _same_name(recorded: str, shipped: str) -> bool:
    """Whether a recorded English name is today's: the same words, or the
    bilingual form of before issue 23 ("Fakler (torches)" for "Torches")."""
    if recorded.casefold() == shipped.casefold():
        return True
    both = BILINGUAL.fullmatch(recorded)
    return bool(both) and both.group(2).casefold() == shipped.casefold()


def term_keys(rules) -> dict[str, str]:
    """Every name the areas declare (and [meta]'s), as key path -> English,
    in section order."""
    out: dict[str, str] = {}
    for pattern in META_TERMS + tuple(p for section in SECTIONS for p in section.terms):
        for key in _expand(rules, pattern):
            name = english(rules, key)
            if name:  # an empty text ("no skill rule") names nothing to translate
                out[key] = name
    return out


def _expand(rules, pattern: str) -> list[str]:
    """The key paths a pattern names: each ``*`` is each key of a table or
    member of a list there ("party.classes.*.skills.*": every class's skills)."""
    keys = [""]
    for part in pattern.split("."):
        nxt = []
        for key in keys:
            if part != "*":
                nxt.append(f"{key}.{part}" if key else part)
                continue
            walked = _walk(rules, key)
            nxt += [f"{key}.{m}" for m in _members(walked[1] if walked else None)]
        keys = nxt
    return keys


def check(rules) -> Problems:
    """[meta] language and each [names.xx] key: a language code, and a name
    the ruleset has."""
    problems = Problems()
    if rules.meta.language and not LANGUAGE_CODE.fullmatch(rules.meta.language):
        problems.add("meta.language", _not_a_code(rules.meta.language))
    if not rules.names:
        return problems
    known = term_keys(rules)
    for code, table in rules.names.items():
        if not LANGUAGE_CODE.fullmatch(code):
            problems.add(f"names.{code}", _not_a_code(code))
            continue
        for key, text in table.items():
            if key not in known:
                problems.add(f"names.{code}.{key}", _(
                    "{key} names nothing in this ruleset that the tracker shows (a kind of "
                    "light, a ration, an activity...)").format(key=repr(key)))
            elif not text.strip():
                problems.add(f"names.{code}.{key}", _("expected the name, not empty text"))
    return problems


def _not_a_code(code: str) -> str:
    return _("{code} is not a language code (two or three lower-case letters, e.g. da, "
             "uk)").format(code=repr(code))


def missing(rules) -> dict[str, list[str]]:
    """For each language the ruleset offers (its [names.xx] tables and its
    own [meta] language), the names it does not translate."""
    codes = set(rules.names) | ({rules.meta.language} if rules.meta.language else set())
    codes.discard(ENGLISH)
    known = term_keys(rules)
    return {code: [k for k in known if k not in rules.names.get(code, {})]
            for code in sorted(codes)}


def key_named(rules, pattern: str, typed: str) -> str:
    """The id under ``pattern`` ("supplies.*") that ``typed`` names: its id,
    its English name or its name in any of the ruleset's languages, in any
    case ("fakler", "Fakler", "torches" all name ``torches``). ``typed``
    itself when nothing is called so: the decider then refuses it and says
    what there is."""
    wanted = typed.strip().casefold()
    for key in _expand(rules, pattern):
        kid = key.rsplit(".", 1)[-1]
        said = [kid, english(rules, key) or ""]
        said += [names.get(key, "") for names in rules.names.values()]
        if wanted in (s.strip().casefold() for s in said if s):
            return kid
    return typed


def ids_under(rules, path: str) -> list[str]:
    """The ids of the things ``path`` ("lights", "travel.terrains") holds."""
    return [key.rsplit(".", 1)[-1] for key in _expand(rules, f"{path}.*")]


def known_words(rules, prefix: str, ids) -> str:
    """What there is to name, for a refusal: the ids in English (as the
    refusals have always listed them), the names in another language, which
    the CLI takes as well (``key_named``)."""
    ids = list(ids)
    if current() == ENGLISH:
        return ", ".join(ids)
    return ", ".join(term(rules, f"{prefix}.{i}", i) for i in ids)
