"""Correcting the past: rewinding and amending an entry."""

from ..i18n import N_, _
from .spec import Action, Usage, arg


def _fields(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise Usage(_("--set wants FIELD=VALUE (got {pair!r})").format(pair=pair))
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


ACTIONS = (
    Action("rewind", N_("return the campaign to how it stood right after entry SEQ (undoable)"),
           (arg("seq", type=int),), lambda a, c: c.rewind_command(a.seq)),
    Action("amend", N_("correct entry SEQ: --dice retypes its dice in rolled order, --set "
                       "FIELD=VALUE changes a field, --insert-turn ACTIVITY adds a forgotten "
                       "turn after it"),
           (arg("seq", type=int),
            arg("--set", action="append", default=[], metavar="FIELD=VALUE",
                help=N_("FIELD as the log names it when a field is corrected (or its "
                        "English name); a name the entry lacks is refused with the "
                        "entry's fields")),
            arg("--insert-turn", default="", metavar="ACTIVITY",
                help=N_("insert a forgotten turn (e.g. rest) right after the entry")),
            arg("--note", default="", help=N_("why, for the log"))),
           lambda a, c: c.amend_command(a.seq, a.dice, _fields(a.set),
                                         ("turn", a.insert_turn) if a.insert_turn else (),
                                         a.note),
           rolls_dice=False),
)
