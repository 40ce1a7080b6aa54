"""The party's names from the ruleset in the GM's language: classes,
conditions, abilities and saves (``term()``, with the English of the data
where a ruleset has no translation). Made when shown, never when folded."""

from __future__ import annotations

from ...i18n import ENGLISH, current
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


def ability_abbreviation(rules, a: str) -> str:
    """Three letters for an ability on the sheet: in English its id ("STR");
    in another language its save's name where each ability has a save (D&D:
    "МДР" on the sheet as on the saves line), the ones its name gives in
    brackets ("Styrke (STY)"), else the first three of a translated name
    ("Сила": СИЛ), else the id."""
    if current() == ENGLISH:
        return a.upper()  # as the sheet always read in English
    if rules.party is not None and a in rules.party.saves:
        return save_name(rules, a).upper()  # D&D: a save per ability, one short name for both
    name = ability_name(rules, a)
    inside = name.rpartition("(")[2].rstrip(")") if name.endswith(")") else ""
    if inside:
        return inside.upper()
    english = rules.party.abilities.get(a, a) if rules.party is not None else a
    return name[:3].upper() if name != english else a.upper()


def save_name(rules, s: str) -> str:
    """A save by its id, as the sheet shows it: "Doom", "DG"."""
    return term(rules, f"party.saves.{s}", s)


def skill_name(rules, cid: str, skill: str) -> str:
    """A class's skill, as its table names it: "Listen", "Прислухання"."""
    return term(rules, f"party.classes.{cid}.skills.{skill}", skill)


def exhaustion_effect(rules, level: int) -> str:
    """What a level of exhaustion does, as the ruleset says (level 1 and up)."""
    effect = rules.party.exhaustion_effects[level - 1]
    return term(rules, f"party.exhaustion_effects.{effect}", effect)


def rules_text(rules, key: str) -> str:
    """One text of the party section (its save rule, skill rule, speed unit)."""
    return term(rules, f"party.{key}", "")


def ability_order(rules) -> str:
    """The abilities in the order they are given: the ids in English ("str,
    int, wis, ..."), as --abilities takes them; the sheet's three letters in
    another language ("STY, INT, VIS, ...")."""
    ids = list(rules.party.abilities) if rules.party is not None else []
    if current() == ENGLISH:
        return ", ".join(ids)
    return ", ".join(ability_abbreviation(rules, a) for a in ids)
