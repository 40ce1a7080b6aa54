"""A long campaign of every kind of entry, for the replay and open benchmarks:
dungeon turns, travel days, chase rounds, bastion turns, party changes,
corrections and undos, dispatched through the real service (one command path)."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

from tracker.core import bastion, chase, party, travel
from tracker.core import dungeon as dun
from tracker.core import lights, supplies
from tracker.core.campaign import StartSession
from tracker.core.errors import Refused
from tracker.service import Campaign

OWNER = "Ana"
FACILITIES = ("armory", "barrack", "garden", "library", "smithy", "storehouse")


def _delve():
    yield supplies.SetSupplies("torches", 30)
    yield dun.EnterDungeon("Mixed", 1)
    yield lights.LightSource("torch", "Bo")
    for i in range(24):
        yield dun.AdvanceTurn(1, "rest" if i % 6 == 5 else "explore")
    yield dun.LeaveDungeon()


def _journey():
    yield supplies.SetSupplies("rations", 40)
    yield travel.SetTerrain("grassland")
    for _ in range(4):
        yield travel.TravelDay()


def _chase():
    yield chase.StartChase("wilderness", 30)
    yield chase.JoinChase("Bo")
    yield chase.JoinChase("Wolf", side="pursuer", speed=40)
    for _ in range(8):
        yield chase.TakeTurn()
    yield chase.EndChase("escaped")


def _downtime():
    yield bastion.Downtime(7)
    yield bastion.RunTurn(OWNER, maintain=True)
    yield party.Damage("Cy", 3)
    yield party.Heal("Cy", 3)


def _setup(c: Campaign) -> None:
    c.dispatch(party.AddCharacter(OWNER, "fighter", 17, (16, 12, 14, 10, 10, 10), hp=150))
    for name in ("Bo", "Cy", "Dag"):
        c.dispatch(party.AddCharacter(name, "fighter", 5, (14, 12, 14, 10, 10, 10), hp=40))
    c.dispatch(StartSession())
    c.dispatch(bastion.NewBastion(OWNER, "Keep"))
    for kind in FACILITIES:
        c.dispatch(bastion.AddFacility(OWNER, kind, True,
                                           bastion.some_choice(c.state.rules, kind)))


def generate_mixed(n: int, where: Path) -> Path:
    """A D&D 2024 campaign of at least ``n`` entries: every 50th command is a
    correction of a recent turn, every 40th an undo (and every other undo redone)."""
    saves = where / f"mixed-{n}"
    if (saves / "bench.campaign").exists():
        return saves
    shutil.rmtree(saves, ignore_errors=True)
    c = Campaign.create(saves, "bench", "dnd-2024", 1)
    c.store.conn.execute("PRAGMA synchronous = OFF")  # generating only: speed over durability
    _setup(c)
    phases = itertools.cycle((_delve, _journey, _chase, _downtime))
    turns: list[int] = []
    done = 0
    while c.seq < n:
        for cmd in next(phases)():
            try:
                out = c.dispatch(cmd)
            except Refused:
                continue
            done += 1
            if isinstance(cmd, dun.AdvanceTurn):
                turns.append(out.envelopes[0].seq)
            if done % 50 == 0 and turns:
                try:
                    c.dispatch(c.amend_command(turns[-1], fields={"activity": "search"}))
                except Refused:
                    pass
            if done % 40 == 0:
                c.undo()
                if done % 80 == 0:
                    c.redo()
    c.close()
    return saves
