"""gm-review4 R5 and R3: which characters an entry touches, and how their hit
points changed, is read from the states before and after it, whatever the
entry (core/touched.py; party/views.py ``PartyTally``), not only from the
actions that name a character.

R5: the log's character filter (CLI ``log --character``, the app's log screen
``c``: both ``history.filtered``) finds a Dolmenwood hasty exit's Doom fate, a
chase complication's damage, the D&D extended-travel Constitution saves,
malnutrition and dehydration levels under the character they befell; and an
older ``light_taken`` (version 1, naming the taker alone) under the carrier it
was taken from too.

R3: the recap's "Damage taken" / "Healed" (``export --format markdown``, the
app's recap screen) count every hit point lost and got back: a chase
complication's, a Doom fate's, a natural 20's death save, the same numbers in
every language."""

from __future__ import annotations

import json

import pytest

from tracker import history, recap
from tracker.core import lights as L, party, supplies
from tracker.core import travel as tr
from tracker.core.dungeon.rules import EnterDungeon
from tracker.service import Campaign, LogReader

from support.pilot import settle as _settle


def _run(cli, name, *steps):
    for step in steps:
        cli("do", name, *step.split())


def _last(cli, name, type_):
    """The seq of the campaign's last entry of ``type_``."""
    return [e["seq"] for e in map(json.loads, cli("log", name, "--json").splitlines())
            if e["type"] == type_][-1]


def hasty_exit(cli, name="v4"):
    """Dolmenwood: Wren fails his save versus Doom and dies."""
    cli("new", name, "--ruleset", "dolmenwood", "--seed", "2")
    _run(cli, name, "add-character Wren --class fighter --abilities 14,10,9,12,13,8",
         "enter-dungeon Barrow")
    out = cli("do", name, "leave-dungeon", "--hasty", "--dice", "3,9")
    assert "Wren is dead" in out
    return _last(cli, name, "hasty_exit_rolled")


def extended_travel(cli, name="v3"):
    """D&D 2024: ten hours on the road; Ana and Cal fail both Con saves."""
    cli("new", name, "--ruleset", "dnd-2024", "--seed", "1")
    _run(cli, name, "add-character Ana --class fighter --abilities 15,14,13,10,12,8",
         "add-character Cal --class rogue --abilities 8,16,12,13,10,14", "terrain grassland",
         "travel --hours 10 --dice 15,2,2,2,2")
    return _last(cli, name, "day_travelled")


def chase(cli, name="c2"):
    """D&D 2024: the Orc's move catches Ana and brings a complication on Bo,
    further on, who takes his last 2 HP; then he is healed 3. (Bo beside Ana
    was caught by the move, and a complication no longer lands on the one
    caught: gm-review7 C6.)"""
    cli("new", name, "--ruleset", "dnd-2024", "--seed", "4")
    _run(cli, name, "add-character Bo --class wizard --abilities 8,14,13,16,12,10",
         "add-character Ana --class fighter --abilities 15,14,13,10,12,8", "damage Bo 5",
         "start-chase --distance 30", "join-chase Bo --side quarry --at 60 --dice 5",
         "join-chase Ana --side quarry --dice 4",
         "join-chase Orc --side pursuer --speed 30 --con 2 --init 3 --dice 18")
    out = cli("do", name, "chase-move", "--dice", "5,2,4,4")
    assert "Complication for Bo" in out and "Bo is dying" in out
    move = _last(cli, name, "chase_turn_taken")
    cli("do", name, "heal", "Bo", "3")
    return move


def seqs_shown(cli, name, who):
    return [json.loads(line)["seq"] for line in
            cli("log", name, "--character", who, "--json").splitlines()]


def test_a_doom_death_is_found_under_the_dead(cli):
    doom = hasty_exit(cli)
    assert seqs_shown(cli, "v4", "Wren") == [_last(cli, "v4", "character_added"), doom]


def test_the_travel_days_saves_are_found_under_each_one_exhausted(cli):
    day = extended_travel(cli)
    assert day in seqs_shown(cli, "v3", "Cal") and day in seqs_shown(cli, "v3", "Ana")


def test_a_complication_from_anothers_move_is_found_under_the_one_it_hurt(cli):
    move = chase(cli)
    assert move in seqs_shown(cli, "c2", "Bo")
    assert move in seqs_shown(cli, "c2", "Ana")  # caught in the same move
    # a renamed character's touched entries count under the new name
    cli("do", "c2", "rename-character", "Bo", "Bob")
    assert move in seqs_shown(cli, "c2", "Bob")


def _filtered(c, who):
    log = history.entries(list(c.store.read()), c.timeline)
    return [e.seq for e in history.filtered(log, character=who)]


PARTY = (("Ana", "fighter", (16, 14, 15, 10, 12, 8)),
         ("Bo", "rogue", (10, 17, 12, 13, 14, 14)),
         ("Cy", "wizard", (8, 14, 14, 16, 12, 10)))


def _travellers(make, rations, water=None):
    c = make("dnd-2024")
    for n, cls, ab in PARTY:
        c.dispatch(party.AddCharacter(n, cls, abilities=ab))
    c.dispatch(supplies.SetSupplies("rations", rations))
    c.dispatch(tr.SetTerrain("grassland", "road"))
    if water is not None:
        c.dispatch(tr.SetWater(water))
    return c


def test_malnutrition_is_found_under_the_one_who_failed_the_save(make):
    c = _travellers(make, rations=1)
    day = c.dispatch(tr.RestDay(), [5, 9, 8]).envelopes  # Ana fails, Bo and Cy make it
    assert [ch.exhaustion for ch in c.state.party] == [1, 0, 0]
    saved = [e.seq for e in day if e.type == "malnutrition_saved"]
    assert saved and not day[-1].event.names()  # the save's entry names nobody
    assert set(saved) <= set(_filtered(c, "Ana"))
    assert not set(saved) & set(_filtered(c, "Bo"))


def test_dehydration_is_found_under_each_one_dry(make):
    c = _travellers(make, rations=30, water=0)
    day = c.dispatch(tr.RestDay()).envelopes
    dry = day[0]  # the day itself: a level each, held until they drink (its night names them)
    assert dry.type == "rest_day_taken" and not dry.event.names()
    assert [dict(ch.held).get("dehydration") for ch in c.state_at(dry.seq).party] == [1, 1, 1]
    for who in ("Ana", "Bo", "Cy"):
        assert dry.seq in _filtered(c, who), who


def test_an_older_handover_naming_the_taker_alone_is_found_under_the_giver(saves):
    """A ``light_taken`` of version 1 (before ``from_by``) names Bo alone: the
    states say the torch was Ana's."""
    import sqlite3

    c = Campaign.create(saves, "h", "dnd-2024", 1)
    for n in ("Ana", "Bo", "Cy"):
        c.dispatch(party.AddCharacter(n, hp=8))
    c.dispatch(supplies.SetSupplies("torches", 5))
    c.dispatch(EnterDungeon("Hole"))
    c.dispatch(L.LightSource("torch", "Ana"))
    taken = c.dispatch(L.TakeLight(c.state.lights[0].id, "Bo")).envelopes[0]
    c.close()
    db = sqlite3.connect(saves / "h.campaign")
    db.execute("UPDATE events SET version = 1, data = ? WHERE seq = ?",
               (json.dumps({"id": taken.event.id, "by": "Bo"}), taken.seq))
    db.commit()
    db.close()
    with LogReader(saves / "h.campaign") as log:
        envs = list(log.read())
        assert envs[taken.seq - 1].version == 1 or envs[taken.seq - 1].event.from_by == ""
        assert envs[taken.seq - 1].event.names() == ("Bo",)
        listed = history.entries(envs, log.timeline)
    ana = [e.seq for e in history.filtered(listed, character="Ana")]
    assert taken.seq in ana
    assert taken.seq not in [e.seq for e in history.filtered(listed, character="Cy")]


def _sketched_and_settled(path):
    """The log screen's way on a long log: the list from the rows, then each
    part settled (``Settling``), against the whole read (``entries``)."""
    with LogReader(path) as log:
        whole = history.entries(list(log.read()), log.timeline)
    with LogReader(path) as log:
        rows, ids = history.listed_rows(log, log.head())
        found = history.sketch_rows(rows, log.decoded, (), ids)
        parts = history.Settling(found, history.rows_read(rows, found), log.timeline,
                                 log.state_at(log.head()))
        assert parts.settle_all()
    return whole, found


def test_the_screens_settled_list_touches_as_the_whole_read_also_after_a_correction(cli, saves):
    move = chase(cli)
    c = Campaign.open(saves, "c2")
    whole, found = _sketched_and_settled(c.store.path)
    assert [tuple(e.names) for e in found] == [tuple(e.names) for e in whole]
    assert "Bo" in whole[move - 1].names
    # the complication's damage corrected to 1: Bo stays up; the move still touches him
    # (the complication), and settling it again adds nobody twice
    c.dispatch(c.amend_command(move, dice=[5, 20, 4, 4]))  # the save made: no damage
    c.close()
    whole, found = _sketched_and_settled(saves / "c2.campaign")
    assert [tuple(e.names) for e in found] == [tuple(e.names) for e in whole]
    assert list(whole[move - 1].names).count("Bo") == 1
    assert _figures(cli, "c2", "en") == ["Bo 5", "Bo 3"]  # only the first damage now


# -- R3: the recap ---------------------------------------------------------------------


def _figures(cli, name, lang):
    md = cli("export", name, "--format", "markdown", lang=lang)
    return [line.split(":**", 1)[1].strip() for line in md.splitlines()
            if line.startswith("- **") and ("Bo" in line or "Wren" in line)
            and any(ch.isdigit() for ch in line.split(":**", 1)[1])]


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_the_recap_counts_a_complications_damage(cli, lang):
    chase(cli)
    assert _figures(cli, "c2", lang) == ["Bo 7", "Bo 3"]  # 5 + his last 2; healed 3


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_the_recap_counts_a_death_saves_hit_point(cli, lang):
    cli("new", "v2", "--ruleset", "dnd-2024", "--seed", "1")
    _run(cli, "v2", "add-character Bo --class wizard --abilities 8,14,13,16,12,10",
         "session-start", "damage Bo 7", "death-save Bo --dice 20", "heal Bo 2", "damage Bo 3")
    # 7 + 3 lost; 1 (the 20) + 2 back: 7 max, at 0
    assert _figures(cli, "v2", lang) == ["Bo 10", "Bo 3"]


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_the_recap_counts_a_doom_fates_hit_points(cli, lang):
    cli("new", "w8", "--ruleset", "dolmenwood", "--seed", "2")
    _run(cli, "w8", "add-character Wren --class fighter --abilities 14,10,9,12,13,8 --hp 8",
         "enter-dungeon B", "leave-dungeon --hasty --dice 2,2")  # escaped at 1 HP
    assert _figures(cli, "w8", lang) == ["Wren 7"]


def test_a_level_gained_is_not_healing(cli):
    """A level raises the maximum and the hit points together: nothing got back."""
    cli("new", "lv", "--ruleset", "dnd-2024", "--seed", "1")
    _run(cli, "lv", "add-character Ana --class fighter --abilities 15,14,13,10,12,8",
         "damage Ana 3", "xp 300", "level-up Ana")
    md = cli("export", "lv", "--format", "markdown")
    assert "**Damage taken:** Ana 3" in md and "Healed" not in md


# -- the app: the log screen's filter (its sketched, settled list) and the recap --------


async def test_the_log_screens_filter_and_the_recap_screen(cli, saves, monkeypatch):
    from tracker.ui.app import TrackerApp
    from tracker.ui.dialogs import ChoiceDialog
    from tracker.ui.screens import log as log_screen
    from tracker.ui.screens.recap import RecapScreen

    monkeypatch.setattr(log_screen, "TAIL_FIRST", 3)  # read as a long log is: sketched, settled
    move = chase(cli)
    app = TrackerApp(saves, "c2")
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot)
        if isinstance(app.screen, ChoiceDialog):  # "Start session 1?": not now
            await pilot.press("escape")
            await _settle(pilot)
        await pilot.press("2")
        await _settle(pilot)
        screen = app.screen
        assert screen.settled and screen.complete
        while screen.character != "Bo":
            await pilot.press("c")
            await _settle(pilot)
        shown = [e.seq for e in screen.query_one(log_screen.LogView).entries]
        assert move in shown
        await pilot.press("3")
        await _settle(pilot)
        assert isinstance(app.screen, RecapScreen)
        md = app.screen.shown_markdown
        assert "**Damage taken:** Bo 7" in md and "**Healed:** Bo 3" in md
