"""Light sources: lit, doused, relit."""

from ..core import lights
from ..i18n import N_
from .spec import Action, arg

ACTIONS = (
    Action("light", N_("KIND [CARRIER]: light a torch, lantern, ... (carried by CARRIER or --by)"),
           (arg("kind", names="lights.*"), arg("carrier", nargs="?", default=""),
            arg("--by", default="")),
           lambda a, c: lights.LightSource(a.kind, a.carrier or a.by)),
    Action("douse", N_("put out a light (a lantern keeps its fuel)"), (arg("id", type=int),),
           lambda a, c: lights.DouseLight(a.id)),
    Action("relight", N_("relight a doused light, or refill a spent lantern"),
           (arg("id", type=int),), lambda a, c: lights.RelightLight(a.id)),
    Action("take-light", N_("ID NAME: NAME picks up light #ID (dropped where its carrier "
                            "fell, set down, or handed over)"),
           (arg("id", type=int), arg("carrier", metavar="NAME")),
           lambda a, c: lights.TakeLight(a.id, a.carrier)),
)
