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

import msgspec

from ..i18n import ENGLISH, current
from .parts import SECTIONS
from .schema import Problems

LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


def _step(node, part: str):
    if isinstance(node, msgspec.Struct):
        return getattr(node, part, None) if part in node.__struct_fields__ else None
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, (list, tuple)):
        if node and isinstance(node[0], msgspec.Struct):  # a list of records: by id, else by place
            found = next((x for x in node if getattr(x, "id", None) == part), None)
            if found is None and part.isdigit() and not hasattr(node[0], "id"):
                found = node[int(part)] if int(part) < len(node) else None
            return found
        return part if part in node else None  # a list of ids: the id is its own name
    return None


def _members(node) -> list[str]:
    """The keys ``*`` stands for in ``node``: a table's keys, a list's ids (or places)."""
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, (list, tuple)):
        if node and isinstance(node[0], msgspec.Struct):
            return [getattr(x, "id", None) or str(i) for i, x in enumerate(node)]
        return [x for x in node if isinstance(x, str)]
    return []


def _expand(node, parts: list[str], prefix: str):
    """Every (key path, node) a pattern with any number of ``*`` names."""
    if node is None:
        return
    if not parts:
        yield prefix, node
        return
    head, rest = parts[0], parts[1:]
    for part in (_members(node) if head == "*" else [head]):
        yield from _expand(_step(node, part), rest, f"{prefix}.{part}" if prefix else part)


def english(rules, key: str) -> str | None:
    """What ``key`` names in the ruleset's own (English) words, or None."""
    node = rules
    for part in key.split("."):
        node = _step(node, part)
        if node is None:
            return None
    if isinstance(node, str):
        return node
    name = getattr(node, "name", None)
    return name if isinstance(name, str) else None


def term(rules, key: str, default: str | None = None) -> str:
    """``key``'s name in the active language; English where the ruleset has
    no translation; ``default`` (else the key's last part) where it names
    nothing (a kind a house rule has since removed)."""
    code = current()
    if code != ENGLISH:
        names = rules.names.get(code)
        if names:
            found = names.get(key)
            if found:
                return found
    name = english(rules, key)
    if name is not None:
        return name
    return default if default is not None else key.rsplit(".", 1)[-1]


def term_keys(rules) -> dict[str, str]:
    """Every name the areas declare, as key path -> English, in section order."""
    out: dict[str, str] = {}
    for section in SECTIONS:
        for pattern in section.terms:
            for key, node in _expand(rules, pattern.split("."), ""):
                name = node if isinstance(node, str) else getattr(node, "name", None)
                if isinstance(name, str) and name:  # an empty text needs no translation
                    out[key] = name
    return out


def check(rules) -> Problems:
    """[meta] language and each [names.xx] key: a language code, and a name
    the ruleset has."""
    problems = Problems()
    if rules.meta.language and not LANGUAGE_CODE.fullmatch(rules.meta.language):
        problems.add("meta.language", f"{rules.meta.language!r} is not a language code "
                     "(two or three lower-case letters, e.g. da, uk)")
    if not rules.names:
        return problems
    known = term_keys(rules)
    for code, table in rules.names.items():
        if not LANGUAGE_CODE.fullmatch(code):
            problems.add(f"names.{code}", f"{code!r} is not a language code "
                         "(two or three lower-case letters, e.g. da, uk)")
            continue
        for key, text in table.items():
            if key not in known:
                problems.add(f"names.{code}.{key}", f"{key!r} names nothing in this ruleset "
                             "that the tracker shows (a kind of light, a ration, an "
                             "activity...)")
            elif not text.strip():
                problems.add(f"names.{code}.{key}", "expected the name, not empty text")
    return problems


def missing(rules) -> dict[str, list[str]]:
    """For each language the ruleset offers (its [names.xx] tables and its
    own [meta] language), the names it does not translate."""
    codes = set(rules.names) | ({rules.meta.language} if rules.meta.language else set())
    codes.discard(ENGLISH)
    known = term_keys(rules)
    return {code: [k for k in known if k not in rules.names.get(code, {})]
            for code in sorted(codes)}
