"""The lights' part of the state (each light burning or spent) and their
ruleset section (kinds of light: how long they burn, what they use)."""

from __future__ import annotations

import msgspec

from ...i18n import _
from ..parts import ruleset_section, state_part
from ..schema import Int, Problems, positive_seconds


class Light(msgspec.Struct, frozen=True, gc=False):
    id: int
    kind: str
    by: str  # carrier's name, "" for none
    seconds_left: int
    lit: bool = True


class LightKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    duration: str  # per item, or per flask of fuel
    supply: str = ""  # supply used when lit (or refuelled); empty: none
    refuel: bool = False  # a spent one can take more fuel (lanterns)
    radius_ft: Int(0, 10_000) = 0
    warn_turns: Int(0, 10_000) = 1  # notify when this many turns or fewer remain


def _check(rules) -> Problems:
    problems = Problems()
    for kid, k in rules.lights.items():
        problems.check(f"lights.{kid}.duration", positive_seconds, rules, k.duration)
        if k.supply and k.supply not in rules.supplies:
            problems.add(f"lights.{kid}.supply", _("{id} is not in [supplies]").format(
                id=repr(k.supply)))
    if not rules.lights:
        problems.add("lights", _("expected at least one kind of light"))
    return problems


state_part("lights", tuple[Light, ...], ())
ruleset_section("lights", dict[str, LightKind], check=_check, terms=("lights.*",))
