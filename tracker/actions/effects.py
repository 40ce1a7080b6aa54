"""Effect and spell timers."""

from ..core import effects
from ..i18n import N_, _
from .spec import Action, Usage, arg

_UNITS = ("rounds", "turns", "minutes", "hours")


def _started(a, state) -> effects.StartEffect:
    given = [(u, getattr(a, u)) for u in _UNITS if getattr(a, u) is not None]
    if len(given) != 1:
        raise Usage(_("effect needs exactly one of --rounds, --turns, --minutes, --hours"))
    unit, n = given[0]
    # a number, or dice rolled for it (B/X Sleep: --turns 4d4)
    return effects.effect_from(state.rules, a.effect_name, f"{n} {unit}")


ACTIONS = (
    Action("effect", N_("start an effect or spell timer"),
           (arg("effect_name", metavar="NAME"),
            *(arg(f"--{unit}", metavar="N") for unit in _UNITS)),
           lambda a, c: _started(a, c.state)),
    Action("end-effect", N_("end an effect early"), (arg("id", type=int),),
           lambda a, c: effects.EndEffect(a.id)),
)
