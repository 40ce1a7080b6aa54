"""Supplies' part of the state (stock, rations by batch, what was eaten and
spoiled) and their ruleset sections ([rations] and [supplies])."""

from __future__ import annotations

import msgspec

from ...i18n import _
from ..parts import ruleset_section, state_part
from ..schema import Int, Problems, seconds


class RationBatch(msgspec.Struct, frozen=True, gc=False):
    kind: str
    count: int
    # seconds spent in a dungeon, for spoilage, up to the supplies' ``aging_since``
    # (while the party is underground the rest is derived from the clock:
    # rations.exposure)
    exposed: int = 0


class Supplies(msgspec.Struct, frozen=True, gc=False):
    stock: dict[str, int] = {}  # non-ration supplies (torches, oil, ...)
    rations: tuple[RationBatch, ...] = ()
    spoiled: int = 0
    eaten: int = 0
    missed_meals: int = 0
    # malnutrition ([rations.malnutrition]): saves owed, one name per save (a day
    # begun under the share of food), and days in a row with nothing eaten
    hunger_owed: tuple[str, ...] = ()
    fasting: int = 0
    # underground: the clock since which the ration kinds ``aging`` (those that
    # spoil there, by the ruleset then in force) age with the clock. Passing
    # time changes no batch until one spoils (supplies' time hook is due then)
    aging_since: int | None = None
    aging: tuple[str, ...] = ()
    # rations brought in on the road (foraging, hunting), by kind, all told:
    # the recap counts them as stocked, not as food used backwards (gm-review3 R17)
    found: dict[str, int] = {}

    def count(self, kind: str) -> int:
        if kind in self.stock:
            return self.stock[kind]
        return sum(b.count for b in self.rations if b.kind == kind)


class RationKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    spoils_in_dungeon: str = ""  # duration; empty: keeps


class Malnutrition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Too little food (D&D 2024), counted day by day from the rations shared out:
    a day begun with some food but under ``under_percent`` of the party's need calls
    for a save against ``dc`` from each living member, a failure a level of exhaustion;
    ``fasting_days`` days in a row with nothing eaten bring a level each, from the last
    of them on. Those levels stay through rests until a day with a full day's food."""
    save: str  # a save of [party] saves
    dc: Int(1, 100)
    under_percent: Int(1, 100) = 50
    fasting_days: Int(0, 1000) = 0  # 0: never
    note: str = ""


class Rations(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    per_character_per_day: Int(0, 100)
    kinds: dict[str, RationKind]
    malnutrition: Malnutrition | None = None  # None (and rulesets before it): meals only missed


def _check(rules) -> Problems:
    problems = Problems()
    for kid, k in rules.rations.kinds.items():
        if k.spoils_in_dungeon:
            problems.check(f"rations.kinds.{kid}.spoils_in_dungeon", seconds, rules,
                           k.spoils_in_dungeon)
        if kid not in rules.supplies:
            problems.add(f"rations.kinds.{kid}", _("{id} is not in [supplies]").format(id=repr(kid)))
    m = rules.rations.malnutrition
    if m is not None and (rules.party is None or m.save not in rules.party.saves):
        problems.add("rations.malnutrition.save",
                     _("{save} is not a save of [party] saves").format(save=repr(m.save)))
    if not rules.rations.kinds:
        problems.add("rations.kinds", _("expected at least one kind of ration"))
    return problems


state_part("supplies", Supplies, Supplies())
ruleset_section("rations", Rations, check=_check, terms=("rations.kinds.*",))
ruleset_section("supplies", dict[str, str],  # supply id -> display name
                terms=("supplies.*",))
