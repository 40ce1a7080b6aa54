"""The party's names from the ruleset in the GM's language: classes,
conditions, abilities and saves (``term()``, with the English of the data
where a ruleset has no translation). Made when shown, never when folded."""

from __future__ import annotations

from ..terms import term


def class_name(rules, cid: str) -> str:
    """A class (or kindred) by its id: "Fighter", "Kriger"."""
    k = rules.party.classes.get(cid) if rules.party is not None else None
    return term(rules, f"party.classes.{cid}", k.name if k else cid)


def short_class_name(rules, cid: str) -> str:
    """The class name before any brackets: a ruleset recorded before issue 23
    may still say "Halvlang (halfling)"."""
    return class_name(rules, cid).split(" (")[0]


def condition_name(rules, cond: str) -> str:
    """A condition as a word in a sentence: "poisoned", "forgiftet"."""
    return term(rules, f"party.conditions.{cond}", cond)


def ability_name(rules, a: str) -> str:
    """An ability by its id: "Strength", "Styrke (STY)"."""
    names = rules.party.abilities if rules.party is not None else {}
    return term(rules, f"party.abilities.{a}", names.get(a, a))


def save_name(rules, s: str) -> str:
    """A save by its id, as the sheet shows it: "Doom", "DG"."""
    return term(rules, f"party.saves.{s}", s)


def rules_text(rules, key: str) -> str:
    """One text of the party section (its save rule, skill rule, speed unit)."""
    return term(rules, f"party.{key}", "")
