"""What the table is told: revealing a secret entry, how players see hit points."""

from ..core import table
from ..core.players import HP_SHOWN
from ..i18n import N_
from .spec import Action, arg

ACTIONS = (
    Action("reveal", N_("SEQ: tell the players' view what entry SEQ kept from them (a "
                        "wandering check, a private note, a Doom result, a bastion event)"),
           (arg("seq", type=int),), lambda a, c: c.reveal_command(a.seq)),
    Action("players-hp", N_("how the players' view shows hit points: bands (wounded, ...) "
                            "or exact (5/7)"), (arg("shown", choices=list(HP_SHOWN)),),
           lambda a, c: table.SetPlayersHp(a.shown)),
)
