"""Example delves, played through the same service as the app and the CLI.

Used for the shipped demo campaign in ``saves/``, the screenshots and the
snapshot tests. Dice are typed in, so every stage looks the same each time.
"""

from __future__ import annotations

from pathlib import Path

from .core import campaign as camp
from .core import dungeon as dun
from .core import effects, lights, party, supplies
from .core.schema import seconds
from .service import DEMO_NAME, Campaign
from .i18n import ngettext

STAGES = ("fresh", "mid", "encounter", "overdue")

_PARTY = {  # name, class, abilities in the ruleset's order, hit-point die
    "dyb-og-drager": (("Astrid", "kriger", (15, 9, 10, 12, 13, 8), 6),
                      ("Bjørn", "dvaerg", (13, 10, 9, 8, 14, 10), 7),
                      ("Frida", "magiker", (8, 16, 12, 13, 10, 11), 3),
                      ("Halfdan", "tyv", (10, 11, 8, 16, 12, 13), 4)),
    "dolmenwood": (("Bramble", "fighter", (14, 10, 9, 12, 13, 8), 7),
                   ("Hollis", "cleric", (10, 9, 15, 11, 12, 13), 5),
                   ("Mossfoot", "mossling", (12, 8, 13, 10, 15, 9), 4),
                   ("Wren", "thief", (9, 12, 10, 17, 11, 10), 3)),
    "dnd-2024": (("Aria", "fighter", (16, 14, 15, 10, 12, 8), 0),
                 ("Brom", "cleric", (14, 10, 14, 9, 16, 12), 0),
                 ("Cassia", "wizard", (8, 14, 13, 17, 12, 10), 0),
                 ("Dorn", "rogue", (10, 17, 12, 13, 11, 14), 0)),
}
_RATIONS = {"dyb-og-drager": "standard", "dolmenwood": "preserved", "dnd-2024": "rations"}
_LANTERN = {"dyb-og-drager": "lantern", "dolmenwood": "lantern", "dnd-2024": "hooded_lantern"}
_DUNGEON = {"dyb-og-drager": "Ravnehøjen", "dolmenwood": "The Spider's Barrow",
            "dnd-2024": "Sunless Citadel"}


def _quiet_turns(c: Campaign, n: int, activity: str = "explore") -> None:
    """``n`` turns where every check that falls due rolls a 6 (quiet)."""
    for _ in range(n):
        due = dun.check_due(c.state, c.state.dungeon.turn + 1)
        c.dispatch(dun.AdvanceTurn(1, activity), [6] if due else None)


def build(saves: Path, name: str, ruleset: str, stage: str = "mid", seed: int = 7) -> Campaign:
    """Create campaign ``name`` and play it to ``stage`` (one of ``STAGES``)."""
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {STAGES}")
    c = Campaign.create(saves, name, ruleset, seed)
    names = [n for n, *_ in _PARTY[ruleset]]
    for n, cls, abilities, hp_die in _PARTY[ruleset]:
        c.dispatch(party.AddCharacter(n, cls, abilities=abilities), [hp_die] if hp_die else None)
    c.dispatch(supplies.SetSupplies("torches", 8))
    c.dispatch(supplies.SetSupplies("oil", 3))
    c.dispatch(supplies.SetSupplies(_RATIONS[ruleset], 12))
    c.dispatch(camp.StartSession())
    c.dispatch(dun.EnterDungeon(_DUNGEON[ruleset], 1))
    c.dispatch(lights.LightSource("torch", names[0]))
    if stage == "fresh":
        return c
    if ruleset == "dnd-2024":
        c.dispatch(camp.ChangeHouseRule("dungeon.wandering.every_turns", "3"))
    _quiet_turns(c, 2)
    c.dispatch(lights.LightSource(_LANTERN[ruleset], names[2]))
    _quiet_turns(c, 1, "search")
    c.dispatch(effects.StartEffect("Light (spell)", seconds(c.state.rules, "1 hour")))
    _quiet_turns(c, 1, "listen")
    if stage == "overdue":
        if c.state.rules.dungeon.rest is None:
            c.dispatch(camp.ChangeHouseRule("dungeon.rest", "{ every_turns = 6, "
                                            'penalty = "-1 to attacks until rested" }'))
        _quiet_turns(c, 3)
        c.dispatch(camp.AddNote("Pressed on past the rest turn to reach the crypt door"))
        return c
    _quiet_turns(c, 1, "rest") if c.state.rules.dungeon.rest else _quiet_turns(c, 1)
    c.dispatch(dun.ChangeDepth(2))
    c.dispatch(camp.AddNote("Found the stair down behind the altar"))
    if stage == "mid":
        _quiet_turns(c, 1)
        return c
    # an encounter on the next check: 1 on the check, then surprise and distance
    while not dun.check_due(c.state, c.state.dungeon.turn + 1):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    w = c.state.rules.dungeon.wandering
    dice = [1] + ([5, 2] if w.surprise else []) + [3, 4]
    c.dispatch(dun.AdvanceTurn(1, "explore"), dice)
    return c


def main(argv: list[str]) -> int:
    """Rebuild the shipped demo campaign: ``python -m tracker.demo saves/``."""
    saves = Path(argv[0]) if argv else Path("saves")
    target = saves / f"{DEMO_NAME}.campaign"
    for p in (target, Path(f"{target}-wal"), Path(f"{target}-shm")):
        p.unlink(missing_ok=True)
    c = build(saves, DEMO_NAME, "dyb-og-drager", "encounter", seed=2026)
    c.dispatch(camp.AddNote("Four goblins at the crypt door; they fled after one fell"))
    c.dispatch(party.Damage("Bjørn", 5))
    c.dispatch(party.Damage("Astrid", 2))
    c.dispatch(party.AwardXP(40))
    c.dispatch(dun.AdvanceTurn(1, "rest"))
    c.dispatch(camp.EndSession())
    c.dispatch(camp.StartSession())
    _quiet_turns(c, 3, "search")
    c.dispatch(camp.AddNote("The secret door behind the goblin shrine is open"))
    c.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.close()
    print(ngettext("wrote {file} ({n} entry)", "wrote {file} ({n} entries)", c.seq).format(
        file=target, n=c.seq))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
