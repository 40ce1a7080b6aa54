"""What each area adds to the two shared shapes: its part of the campaign
state and its section of the ruleset.

An area's ``model.py`` registers both when it is imported; ``state.py`` and
``ruleset.py`` build their types from these lists, in the areas' fold order.
Nothing here knows an area by name.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import msgspec

REQUIRED = msgspec.NODEFAULT  # a ruleset section every ruleset must have


class StatePart(NamedTuple):
    name: str
    type: Any
    default: Any


Upgrade = Callable[[Any], Any]  # a section's raw table (or None: absent) -> the next version's


class Section(NamedTuple):
    name: str
    type: Any
    default: Any  # REQUIRED, or what a ruleset without the section gets
    check: Callable[[Any], list[tuple[str, str]]] | None  # rules -> (key path, problem)
    upgrades: dict[int, Upgrade]  # ruleset schema version -> its upcast to the next
    terms: tuple[str, ...] = ()  # its names a GM reads, as key paths (core/terms.py)


STATE_PARTS: list[StatePart] = []
SECTIONS: list[Section] = []


def state_part(name: str, type_: Any, default: Any) -> None:
    """Add ``name`` to the campaign state (a field of ``State``)."""
    _unique(name, STATE_PARTS, "state part")
    STATE_PARTS.append(StatePart(name, type_, default))


def ruleset_section(name: str, type_: Any, *, default: Any = REQUIRED,
                    check: Callable[[Any], list[tuple[str, str]]] | None = None,
                    upgrades: dict[int, Upgrade] | None = None,
                    terms: tuple[str, ...] = ()) -> None:
    """Add the ``[name]`` section to rulesets. ``check(rules)`` returns what
    msgspec cannot express as (key path, problem) pairs; it sees the whole
    ruleset, so it may check references into other sections (a check added
    in a later ruleset schema says so: ``Problems.add(..., since=N)``).

    ``upgrades`` reads a text written for an older ruleset schema (its
    ``[meta] schema``; none: 1) as it was meant then: ``{1: fn}`` turns the
    section's raw table as schema 1 wrote it (None where it was absent) into
    schema 2's, so an old campaign replays as it did (see ``ruleset.upcast``).
    Every key added later gets the value that reproduces the old behaviour.

    ``terms`` are the key paths of its names a GM reads (``"lights.*"``: each
    light's name), which ``[names.da]`` and the like may translate (core/terms.py)."""
    _unique(name, SECTIONS, "ruleset section")
    SECTIONS.append(Section(name, type_, default, check, dict(upgrades or {}), tuple(terms)))


def _unique(name: str, known: list, what: str) -> None:
    if any(k.name == name for k in known):
        raise ValueError(f"two areas declare the {what} {name!r}")
