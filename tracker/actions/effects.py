"""Effect and spell timers."""

from ..core import effects
from ..core.schema import seconds
from ..i18n import N_, _
from .spec import Action, Usage, arg

_UNITS = ("rounds", "turns", "minutes", "hours")


def _started(a, state) -> effects.StartEffect:
    given = [(u, getattr(a, u)) for u in _UNITS if getattr(a, u) is not None]
    if len(given) != 1:
        raise Usage(_("effect needs exactly one of --rounds, --turns, --minutes, --hours"))
    unit, n = given[0]
    return effects.StartEffect(a.effect_name, seconds(state.rules, f"{n} {unit}"), unit)


ACTIONS = (
    Action("effect", N_("start an effect or spell timer"),
           (arg("effect_name", metavar="NAME"),
            *(arg(f"--{unit}", type=int, metavar="N") for unit in _UNITS)),
           lambda a, c: _started(a, c.state)),
    Action("end-effect", N_("end an effect early"), (arg("id", type=int),),
           lambda a, c: effects.EndEffect(a.id)),
)
