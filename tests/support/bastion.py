"""Bastion helpers the bastion test modules share: Ana's keep (D&D 2024),
turns with typed dice and orders, and the same keep from the command line."""

from tracker.cli import main
from tracker.core import bastion as bas
from tracker.core.party import AddCharacter

STATS = (15, 14, 13, 12, 10, 8)
# what is chosen when each kind is built, where it chooses (a Garden's type)
CHOSEN = {"garden": ("food",), "archive": ("history",), "pub": ("darkvision",),
          "training_area": ("battle",),
          "workshop": ("carpenter", "cobbler", "jeweler", "mason", "potter", "tinker")}


def keep(make, level=9, facilities=("barrack", "armory"), gold=10_000, name="c", chosen=None):
    """A D&D 2024 campaign with Ana's bastion, its facilities and gold; ``chosen``
    {kind: choice} what is chosen for a kind when built, instead of ``CHOSEN``'s."""
    c = make("dnd-2024", name)
    c.dispatch(AddCharacter("Ana", "fighter", level, STATS))
    c.dispatch(bas.NewBastion("Ana", "Greywatch"))
    for kind in facilities:
        c.dispatch(bas.AddFacility("Ana", kind, True, {**CHOSEN, **(chosen or {})}.get(kind, ())))
    if gold:
        c.dispatch(bas.MoveGold("Ana", gold, "hoard"))
    return c


def b(c) -> bas.Bastion:
    return bas.find(c.state, "Ana")


def fid(c, kind) -> int:
    return next(f.id for f in b(c).facilities if f.kind == kind)


def week(c, n=1):
    c.dispatch(bas.Downtime(7 * n))


def maintain(c, *dice, **choices):
    c.dispatch(bas.RunTurn("Ana", maintain=True, choices=bas.Choices(**choices)), list(dice))
    return b(c).results[-1]


def rolled(r) -> tuple[str, ...]:
    """The turn's dice as the log shows them, without the "typed" mark."""
    return tuple(d.removesuffix(" typed") for d in r.dice)


def orders(c, *given, dice=None, at=0):
    """A turn with orders (kind, option, GP[, animals]); kind "#" is facility #``at``."""
    c.dispatch(bas.RunTurn("Ana", tuple((at if k == "#" else fid(c, k), o, *rest)
                                        for k, o, *rest in given)), dice)
    return b(c).results[-1]


def cli_keep(capsys, *kinds):
    """``tracker`` as a function, on a campaign "keep" where Ana (level 9) has a
    bastion with ``kinds`` of special facility; it returns what was printed."""
    def run(*argv, code=0):
        assert main(list(argv)) == code, capsys.readouterr()
        return capsys.readouterr()
    run("new", "keep", "--ruleset", "dnd-2024")
    run("do", "keep", "add-character", "Ana", "--class", "fighter", "--level", "9",
        "--abilities", "15,14,13,12,10,8")
    run("do", "keep", "bastion-new", "Ana")
    for kind in kinds:
        run("do", "keep", "facility-add", "Ana", kind,
            *(("--type", "+".join(CHOSEN[kind])) if kind in CHOSEN else ()))
    return run
