"""Campaigns built for tests in several modules."""

from __future__ import annotations

from pathlib import Path

from tracker.core import campaign as camp
from tracker.core import dungeon as dun
from tracker.core import lights, party, supplies
from tracker.demo import build
from tracker.service import Campaign


def reviewed(saves: Path) -> Campaign:
    """A delve with an undone entry and a corrected one, over two sessions."""
    c = build(saves, "review", "dolmenwood", "mid")
    c.dispatch(dun.AdvanceTurn(1, "search"))
    c.undo()  # struck through in the log
    c.dispatch(camp.EndSession())
    c.dispatch(camp.StartSession())
    while not dun.check_due(c.state, c.state.dungeon.turn + 1):
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    c.dispatch(dun.AdvanceTurn(1, "explore"), [6])
    checked = c.seq
    c.dispatch(c.amend_command(checked, [1, 5, 2, 3, 4], note="misread the die"))
    c.dispatch(camp.AddNote("The spiders fell back"))
    return c


def played_at(saves, first_time: float, step: float = 3600) -> None:
    """Each campaign in ``saves`` (in name order) last played an hour after the
    one before, from ``first_time``: its entries' recorded time, which the
    picker and `tracker list` read, and its file's mtime."""
    import datetime as dt
    import os
    import sqlite3

    for i, p in enumerate(sorted(saves.glob("*.campaign"))):
        when = first_time + i * step
        at = dt.datetime.fromtimestamp(when, dt.timezone.utc).isoformat(timespec="milliseconds")
        conn = sqlite3.connect(p)
        conn.execute("UPDATE events SET recorded_at = ?", (at,))
        conn.commit()
        conn.close()
        os.utime(p, (when, when))


def long_delve(saves, turns: int, name: str = "d") -> None:
    """A delve of ``turns`` turns with a torch lit every sixth, its last entry
    undone, then a note (the log screen's long lists)."""
    c = Campaign.create(saves, name, "dyb-og-drager", 1)
    c.store.conn.execute("PRAGMA synchronous = OFF")  # a test's file: speed over durability
    c.dispatch(party.AddCharacter("Ana"))
    c.dispatch(camp.StartSession())
    c.dispatch(supplies.SetSupplies("torches", 400))
    c.dispatch(dun.EnterDungeon("Deep", 1))
    for i in range(turns):
        if i % 6 == 0:
            c.dispatch(lights.LightSource("torch", "Ana"))
        c.dispatch(dun.AdvanceTurn(1, "explore"))
    c.undo()
    c.dispatch(camp.AddNote("the end"))
    c.close()


def tired_before_a_chase(saves: Path, name: str) -> tuple[Campaign, int]:
    """A D&D 2024 campaign where Ana, a rogue set to exhaustion 2, joins a chase
    with a thug after her: the campaign and the seq of her exhaustion entry, the
    one a correction changes (the chase reads her exhaustion from her sheet)."""
    from tracker.core import chase, party
    c = Campaign.create(saves, name, "dnd-2024", 1)
    c.dispatch(party.AddCharacter("Ana", "rogue", 1, (10, 16, 14, 12, 14, 10)))
    c.dispatch(party.SetExhaustion("Ana", 2))
    tired = c.seq
    c.dispatch(chase.StartChase("urban", 40))
    c.dispatch(chase.JoinChase("Ana"), [20])
    c.dispatch(chase.JoinChase("Thug", "pursuer", speed=30, con=1, perception=12), [10])
    return c, tired
