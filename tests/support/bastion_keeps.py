"""The bastion screen's campaigns, shared by its screen tests and its
language tests: Aria's keep six weeks on, and Aria's and Bex's bastions
combined."""

from __future__ import annotations

from pathlib import Path

from tracker.core import bastion as bas
from tracker.core import campaign as camp
from tracker.core import party
from tracker.service import Campaign
from support.bastion import CHOSEN

STATS = (16, 14, 15, 10, 12, 8)


def build_keep(saves: Path, name: str = "keep", turns: bool = True) -> Campaign:
    """Aria (level 9) with a bastion of four special facilities, six weeks on."""
    c = Campaign.create(saves, name, "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Aria", "fighter", 9, STATS))
    c.dispatch(bas.NewBastion("Aria", "Greywatch"))
    for kind in ("barrack", "armory", "gaming_hall", "library"):
        c.dispatch(bas.AddFacility("Aria", kind, chosen=CHOSEN.get(kind, ())))
    c.dispatch(bas.MoveGold("Aria", 3000, "dragon hoard"))
    c.dispatch(bas.BuildBasic("Aria", "cramped", "Kitchen"))
    c.dispatch(bas.Downtime(42))
    if turns:
        c.dispatch(bas.RunTurn("Aria", ((3, "recruit", 0), (5, "gamble", 0))), [60, 3, 4])
        c.dispatch(bas.RunTurn("Aria", ((3, "recruit", 0), (4, "stock", 0))))
        c.dispatch(bas.RunQueued(choices=bas.Choices(bribe=True)),
                   [55, 1, 8, 1, 3, 2, 6, 70, 4, 22, 3, 88, 2, 3, 5])
        c.dispatch(bas.NameDefender("Aria", "Bran", 3))
        c.dispatch(bas.EnlargeFacility("Aria", 3, 30))
    return c


def build_pair(saves: Path, name: str = "pair", combined: bool = True) -> Campaign:
    """Aria (level 9) and Bex (level 5), four defenders each, a turn due each;
    with ``combined``, their bastions combined and an attack on Aria's whose
    losses went to Bex."""
    c = Campaign.create(saves, name, "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Aria", "fighter", 9, STATS))
    c.dispatch(party.AddCharacter("Bex", "rogue", 5, STATS))
    for owner, kinds, gold in (("Aria", ("barrack", "armory", "gaming_hall", "garden"), 3000),
                               ("Bex", ("barrack", "library"), 800)):
        c.dispatch(bas.NewBastion(owner))
        for kind in kinds:
            c.dispatch(bas.AddFacility(owner, kind, chosen=("food",) if kind == "garden" else ()))
        c.dispatch(bas.MoveGold(owner, gold))
    c.dispatch(bas.Downtime(7))
    c.dispatch(bas.RunTurn("Aria", ((3, "recruit", 0), (6, "food", 0))))
    c.dispatch(bas.RunTurn("Bex", ((3, "recruit", 0), (4, "research", 0))))
    c.dispatch(bas.Downtime(7))
    if combined:
        c.dispatch(bas.CombineBastions("Aria", "Bex"))
        c.dispatch(bas.RunTurn("Aria", maintain=True, choices=bas.Choices(shift=9)),
                   [53, 1, 1, 3, 4, 5, 6])
        c.dispatch(bas.EnlargeFacility("Aria", 6, 7, ("herb",)))  # two gardens: Food, Herb
    return c
