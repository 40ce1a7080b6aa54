"""Correcting the past: rewinding and amending an entry."""

from .spec import Action, Usage, arg


def _fields(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise Usage(f"--set wants FIELD=VALUE (got {pair!r})")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


ACTIONS = (
    Action("rewind", "return the campaign to how it stood right after entry SEQ (undoable)",
           (arg("seq", type=int),), lambda a, c: c.rewind_command(a.seq)),
    Action("amend", "correct entry SEQ: --dice retypes its dice in rolled order, --set "
           "FIELD=VALUE changes a field, --insert-turn ACTIVITY adds a forgotten turn after it",
           (arg("seq", type=int),
            arg("--set", action="append", default=[], metavar="FIELD=VALUE"),
            arg("--insert-turn", default="", metavar="ACTIVITY",
                help="insert a forgotten turn (e.g. rest) right after the entry"),
            arg("--note", default="", help="why, for the log")),
           lambda a, c: c.amend_command(a.seq, a.dice, _fields(a.set),
                                         ("turn", a.insert_turn) if a.insert_turn else (),
                                         a.note),
           rolls_dice=False),
)
