"""The lights' part of the state (each light burning or spent) and their
ruleset section (kinds of light: how long they burn, what they use)."""

from __future__ import annotations

import msgspec

from ...i18n import _
from ..parts import ruleset_section, state_part
from ..schema import Int, Problems, positive_seconds


class Light(msgspec.Struct, frozen=True, gc=False):
    """A light keeps the clock time it burns out at while lit, and the
    seconds it has left while not: passing time changes no light until one
    burns out (the lights' time hook is due then, rules.py). Every reader
    asks ``left(clock)``; ``tracker state --json`` shows ``seconds_left``."""

    id: int
    kind: str
    by: str  # carrier's name, "" for none
    left_unlit: int  # not lit: seconds of burning left (0: spent); lit: 0
    lit: bool = True
    burns_out_at: int = 0  # lit: the clock at which it goes out; not lit: 0

    def left(self, clock: int) -> int:
        """Seconds of burning left at ``clock`` (the state's own clock)."""
        return max(0, self.burns_out_at - clock) if self.lit else self.left_unlit

    @property
    def spent(self) -> bool:
        """Burned to its end (a lit light is never: it goes out when due)."""
        return not self.lit and self.left_unlit == 0


def doused(light: Light, clock: int) -> Light:
    """``light`` put out at ``clock``, keeping the burning it has left."""
    return msgspec.structs.replace(light, lit=False, left_unlit=light.left(clock),
                                   burns_out_at=0) if light.lit else light


def relit(light: Light, clock: int, seconds_left: int) -> Light:
    """``light`` lit at ``clock`` with ``seconds_left`` of burning."""
    return msgspec.structs.replace(light, lit=True, left_unlit=0,
                                   burns_out_at=clock + seconds_left)


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
