"""The bastion screen: snapshots at 80x24 and a whole turn by keys, checked
against the reopened log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.core import bastion as bas
from tracker.core import campaign as camp
from tracker.core import party
from tracker.service import Campaign
from tracker.ui.app import TrackerApp
from support.bastion_keeps import STATS, build_keep, build_pair

from support.pilot import settle as _settle
from support.bastion import CHOSEN

SIZE = (80, 24)


def _flat(widget) -> str:
    """A panel's text with its wrapping undone (the screen wraps to the width)."""
    return " ".join(str(widget.render()).split())


async def _to_bastion_screen(pilot) -> None:
    """Carry on the session, then the bastion screen (key 7)."""
    await _settle(pilot)
    await pilot.press("enter")
    await _settle(pilot)
    await pilot.press("7")
    await _settle(pilot)


def test_bastion_screen_snapshot(snap_compare, fixed_saves):
    build_keep(fixed_saves).close()

    async def run_before(pilot):
        await _to_bastion_screen(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "keep"), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("ruleset", ["dyb-og-drager", "dolmenwood"])
def test_bastion_screen_says_the_osr_rulesets_have_none(snap_compare, fixed_saves, ruleset):
    c = Campaign.create(fixed_saves, "osr", ruleset, 7)
    c.dispatch(camp.StartSession())
    c.close()

    async def run_before(pilot):
        await _to_bastion_screen(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "osr"), terminal_size=SIZE, run_before=run_before)


async def test_a_whole_bastion_turn_by_keys(saves):
    """Downtime, then a turn with orders (cost seen, confirmed), then every
    waiting turn as Maintain; the reopened log holds what the screen showed."""
    build_keep(saves, "k", turns=False).close()
    Campaign.open(saves, "k").close()
    app = TrackerApp(saves, "k")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        b = bas.find(app.state, "Aria")
        assert b.queued == 6
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")  # give orders
        await pilot.pause()
        await pilot.press("enter")  # Barrack: recruit (its order comes first)
        await pilot.pause()
        await pilot.press("enter")  # Armory: stock (100 GP with no defenders yet)
        await pilot.pause()
        await pilot.press("end", "enter")  # Gaming Hall: no order (the last choice)
        await pilot.pause()
        await pilot.press("enter")  # Library: research
        await pilot.pause()
        title = str(app.screen.query_one("#dialog-title").render())
        assert "3 orders, 100 GP" in title
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        assert b.turns == 1 and b.defenders == 4 and b.armory_stocked
        assert b.treasury == 3000 - 500 - 100
        shown = _flat(app.screen.query_one("#bastion-results"))
        assert "Barrack: 4 defenders recruited" in shown
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")  # pay nothing, send nobody
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        assert b.queued == 0 and b.turns == 6
        assert all(r.lines[0] == "Maintain (owner away)" for r in b.results[1:])
        state = app.state
    reopened = Campaign.open(saves, "k")
    assert reopened.state == state
    reopened.close()


def build_traders(saves: Path, name: str, kinds: tuple[str, ...], gold: int = 0,
                  days: int = 7) -> Campaign:
    """Aria (level 9) with ``kinds`` of special facility, ``gold``, and ``days``
    of downtime (a turn due each 7)."""
    c = Campaign.create(saves, name, "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Aria", "fighter", 9, STATS))
    c.dispatch(bas.NewBastion("Aria"))
    for kind in kinds:
        c.dispatch(bas.AddFacility("Aria", kind, chosen=CHOSEN.get(kind, ())))
    if gold:
        c.dispatch(bas.MoveGold("Aria", gold))
    if days:
        c.dispatch(bas.Downtime(days))
    return c


async def test_storehouse_and_stable_trade_by_keys(saves):
    """Orders whose price the GM types: the Storehouse's limit refuses too
    much, the goods bought are held as stock; the reopened log agrees."""
    build_traders(saves, "trade", ("storehouse", "stable"), 3000).close()
    app = TrackerApp(saves, "trade")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("enter")  # give orders
        await pilot.pause()
        await pilot.press("enter")  # Storehouse: buy
        await pilot.pause()
        await pilot.press(*"600", "enter")  # its price
        await pilot.pause()
        await pilot.press("enter")  # Stable: mounts
        await pilot.pause()
        await pilot.press("end", "enter")  # other animals than the list: the GM's price
        await pilot.pause()
        await pilot.press(*"200", "enter")
        await pilot.pause()
        title = str(app.screen.query_one("#dialog-title").render())
        assert "2 orders, 800 GP" in title
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        assert b.turns == 1 and b.treasury == 2200
        assert [f.stock for f in bas.specials(b)] == [600, 200]
        state = app.state
    reopened = Campaign.open(saves, "trade")
    assert reopened.state == state
    assert [f.stock for f in bas.specials(bas.find(reopened.state, "Aria"))] == [600, 200]
    reopened.close()


async def test_a_stable_buys_animals_by_kind_by_keys(saves):
    """The Stable (a Riding Horse and two Ponies) buys Mules: three do not fit
    (refused in place), two do; the row counts its stalls, the dialog names
    its animals."""
    build_traders(saves, "mules", ("stable",), 100).close()
    app = TrackerApp(saves, "mules")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        row = app.screen.query_one("#bastion-facilities").get_row_at(0)
        assert row[-1] == "idle, stalls 2/3"
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        await _pause(pilot)
        await pilot.press("enter")  # Stable: mounts
        await _pause(pilot)
        assert "Riding Horse, Pony ×2" in str(app.screen.query_one("#dialog-help").render())
        await pilot.press("down", "down", "down", "enter")  # camel, draft horse, mastiff: mule
        await _pause(pilot)
        await pilot.press("backspace", "3", "enter")
        await _pause(pilot)
        assert "no room for Mule ×3" in _error(app)
        await pilot.press("backspace", "2", "enter")
        await _pause(pilot)
        assert "1 order, 16 GP" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        stable = bas.specials(bas.find(app.state, "Aria"))[0]
        assert stable.animals == ("riding_horse", "pony", "pony", "mule", "mule")
        row = app.screen.query_one("#bastion-facilities").get_row_at(0)
        assert row[-1] == "idle, stalls 3/3"
        state = app.state
    reopened = Campaign.open(saves, "mules")
    assert reopened.state == state
    reopened.close()


async def test_an_order_the_treasury_cannot_pay_is_refused_where_chosen(saves):
    """Playtest: four orders, one a Storehouse buy with an empty treasury, refused
    only at Run: Cancel lost all four. The price is refused in place; the
    orders given stay, and the turn runs with the rest."""
    build_traders(saves, "poor", ("storehouse", "library"), 0).close()
    app = TrackerApp(saves, "poor")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        await _pause(pilot)
        await pilot.press("enter")  # Storehouse: buy
        await _pause(pilot)
        await pilot.press(*"600", "enter")  # its price: the treasury holds nothing
        await _pause(pilot)
        assert "treasury" in _error(app).lower() or "GP" in _error(app)
        await pilot.press("escape")  # the price withdrawn: no order for the Storehouse
        await _pause(pilot)
        assert app.screen.query("#dialog-title")  # not the whole turn cancelled
        await pilot.press("end", "enter")  # Storehouse: no order
        await _pause(pilot)
        await pilot.press("enter")  # Library: research (free)
        await _pause(pilot)
        assert "1 order, 0 GP" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        assert bas.find(app.state, "Aria").turns == 1


async def _pause(pilot) -> None:
    """A dialog is opening: let it come up (its worker waits on the GM)."""
    for _ in range(4):
        await pilot.pause()


async def test_naming_and_striking_defenders_from_the_palette(saves):
    """The bastion actions the CLI has are on the screen too (palette entries)."""
    build_keep(saves, "roster").close()
    app = TrackerApp(saves, "roster")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        screen = app.screen
        await screen.run_action("name_defender")
        await _pause(pilot)
        await pilot.press(*"Wren", "enter")
        await _pause(pilot)
        await pilot.press("enter")  # lives in the first facility offered
        await _settle(pilot)
        b = app.state.bastions.all[0]
        assert any(d.name == "Wren" for d in b.roster)
        await screen.run_action("strike_defender")
        await _pause(pilot)
        names = [d.name for d in app.state.bastions.all[0].roster]
        await pilot.press(*["down"] * names.index("Wren"), "enter")
        await _settle(pilot)
        assert not any(d.name == "Wren" for d in app.state.bastions.all[0].roster)
    reopened = Campaign.open(saves, "roster")
    assert not any(d.name == "Wren" for d in reopened.state.bastions.all[0].roster)
    reopened.close()


# --- combined bastions ------------------------------------------------------------------


def test_combined_bastion_screen_snapshot(snap_compare, fixed_saves):
    build_pair(fixed_saves).close()

    async def run_before(pilot):
        await _to_bastion_screen(pilot)

    assert snap_compare(TrackerApp(fixed_saves, "pair"), terminal_size=SIZE,
                        run_before=run_before)


@pytest.mark.parametrize("size", [SIZE, (120, 40)])
async def test_the_combined_bastions_not_in_the_source_note_is_whole_on_screen(saves, size):
    """The note wraps to the panel's width instead of running off its edge."""
    build_pair(saves, "note").close()
    app = TrackerApp(saves, "note")
    async with app.run_test(size=size) as pilot:
        await _to_bastion_screen(pilot)
        summary = app.screen.query_one("#bastion-summary")
        lines = str(summary.render()).split("\n")
        assert max(len(line) for line in lines) <= summary.content_size.width
        assert summary.content_size.height == len(lines)  # every line shows
        shown = " ".join(" ".join(lines).split())
        note = app.state.rules.bastion.combining.unstated
        assert f"not in the source: {note}" in shown


async def _palette(pilot, words: str) -> None:
    """The command palette by keys: ctrl+p, the words, enter."""
    await pilot.press("ctrl+p")
    await _pause(pilot)
    await pilot.press(*words)
    await _pause(pilot)
    await pilot.press("enter")
    await _pause(pilot)


async def test_combining_and_running_both_owners_turns_by_keys(saves):
    """Combine from the palette, then every waiting turn as Maintain with the
    losses moved to the partner: one event roll per owner; the reopened log agrees."""
    build_pair(saves, combined=False).close()
    app = TrackerApp(saves, "pair")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await _palette(pilot, "combine")
        await pilot.press("enter")  # the only other bastion: Bex's
        await _settle(pilot)
        aria, bex = app.state.bastions.all
        assert aria.combined == bex.combined != 0
        shown = _flat(app.screen.query_one("#bastion-summary"))
        assert "Combined with Bex (level 5, 4 defenders, 1 turn waiting)" in shown
        names = [str(app.screen.query_one("#bastion-facilities").get_row_at(i)[1])
                 for i in range(6)]
        assert names[4:] == ["Bex: Barrack", "Bex: Library"]
        await pilot.press("a")
        await _pause(pilot)
        await pilot.press("down", "down", "down", "enter")  # pay, and move losses
        await _settle(pilot)
        aria, bex = app.state.bastions.all
        assert aria.turns == bex.turns == 2 and aria.queued == bex.queued == 0
        for b in (aria, bex):
            assert b.results[-1].lines[0] == "Maintain (owner away)"
            assert b.results[-1].dice[0].startswith("1d100=")
        state = app.state
    reopened = Campaign.open(saves, "pair")
    assert reopened.state == state
    turns = [env.event for env in reopened.store.read()
             if isinstance(env.event, bas.BastionTurnRun)]
    assert [(t.owner, t.shift_to) for t in turns[-2:]] == [("Aria", "Bex"), ("Bex", "Aria")]
    reopened.close()


async def test_a_vast_garden_takes_two_harvests_by_keys(saves):
    """The turn flow asks a Vast Garden for each half's harvest."""
    c = build_pair(saves)
    c.dispatch(bas.Downtime(7))  # the Garden is Vast from this turn
    c.close()
    app = TrackerApp(saves, "pair")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        for _ in range(3):  # Barrack, Armory, Gaming Hall: no order (the last choice)
            await _pause(pilot)
            await pilot.press("end", "enter")
        await _pause(pilot)
        assert "Garden (#6, first half)" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("home", "enter")  # food: a Food and a Herb garden (gm-review4 R2)
        await _pause(pilot)
        assert "Garden (#6, second half)" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("home", "down", "enter")  # herb
        await _pause(pilot)
        assert "2 orders" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("enter")
        await _settle(pilot)
        r = bas.find(app.state, "Aria").results[-1]
        assert r.lines[1:] == ("Garden: harvested 100 days of Rations",
                               "Garden: harvested a Potion of Healing")
        state = app.state
    reopened = Campaign.open(saves, "pair")
    assert reopened.state == state
    reopened.close()


# --- the palette's facility actions, by keys -------------------------------------------


def _log(saves: Path, name: str, kind) -> tuple[Campaign, list]:
    """The campaign reopened from its log, and the events of type ``kind`` in it."""
    reopened = Campaign.open(saves, name)
    return reopened, [e.event for e in reopened.store.read() if isinstance(e.event, kind)]


async def test_enlarging_the_highlighted_facility_from_the_palette(saves):
    """The days are the GM's (not in the source): a wrong entry is refused in
    place, then the Barrack is enlarged for its 2,000 GP."""
    build_keep(saves, "grow", turns=False).close()
    app = TrackerApp(saves, "grow")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)  # the Barrack (#3) is highlighted first
        await _palette(pilot, "enlarge")
        assert "not in the source" in str(app.screen.query_one("#dialog-help").render())
        await pilot.press("x", "enter")
        await _pause(pilot)
        assert app.screen.query_one("#dialog-title")  # still asking
        await pilot.press("backspace", *"30", "enter")
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        assert bas.facility(b, 3).vast_at and b.treasury == 2500 - 2000
        state = app.state
    reopened, enlarged = _log(saves, "grow", bas.FacilityEnlarged)
    assert reopened.state == state and [(e.facility, e.days) for e in enlarged] == [(3, 30)]
    reopened.close()


async def test_swapping_the_highlighted_facility_from_the_palette(saves):
    """After a level-up, the Library (#6) swapped for the first facility offered,
    whose prerequisite the GM confirms."""
    c = build_keep(saves, "swap", turns=False)
    c.dispatch(party.AwardXP(20_000))
    c.dispatch(party.LevelUp("Aria"))
    c.close()
    app = TrackerApp(saves, "swap")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("down", "down", "down")  # the Library
        await _pause(pilot)
        await _palette(pilot, "swap")
        assert "Swap #6 for which facility?" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("enter")  # the Arcane Study: a fighter's sheet does not show its focus
        await _pause(pilot)
        assert "Arcane Study: does Aria qualify?" in str(
            app.screen.query_one("#dialog-title").render())
        await pilot.press("enter")  # yes: the GM's word
        await _settle(pilot)
        assert bas.facility(bas.find(app.state, "Aria"), 6).kind == "arcane_study"
        state = app.state
    reopened, swapped = _log(saves, "swap", bas.FacilitySwapped)
    assert reopened.state == state
    assert [(e.facility, e.kind, e.confirmed) for e in swapped] == [(6, "arcane_study", True)]
    reopened.close()


async def test_housing_refugees_from_the_palette(saves):
    """Refugees (typed dice) move into the first basic facility offered, then leave."""
    c = build_keep(saves, "refuge", turns=False)
    c.dispatch(bas.RunTurn("Aria", maintain=True), [84, 2, 3, 4])  # 5 refugees, 400 GP
    c.close()
    app = TrackerApp(saves, "refuge")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        assert "5 refugees outside" in _flat(app.screen.query_one("#bastion-summary"))
        await _palette(pilot, "refugees")
        await pilot.press("enter")  # into #1, the bedroom
        await _settle(pilot)
        assert bas.find(app.state, "Aria").refugees_in == 1
        assert "5 refugees in #1" in _flat(app.screen.query_one("#bastion-summary"))
        await _palette(pilot, "refugees")
        await pilot.press("end", "enter")  # gone: rehoused elsewhere
        await _settle(pilot)
        assert bas.find(app.state, "Aria").refugees == 0
        state = app.state
    reopened, housed = _log(saves, "refuge", bas.RefugeesHoused)
    assert reopened.state == state
    assert [(e.facility, e.leave) for e in housed] == [(1, False), (0, True)]
    reopened.close()


# --- moving defenders between Barracks ------------------------------------------------------


def build_two_barracks(saves: Path, name: str) -> Campaign:
    """Aria (level 9): Barrack #3 houses 4 defenders, Barrack #4 is full (12)."""
    c = build_traders(saves, name, ("barrack", "barrack"), days=21)
    c.dispatch(bas.RunTurn("Aria", ((3, "recruit", 0), (4, "recruit", 0))))
    for _ in range(2):
        c.dispatch(bas.RunTurn("Aria", ((4, "recruit", 0),)))
    return c


def _error(app) -> str:
    return str(app.screen.query_one("#dialog-error").render())


async def test_moving_defenders_between_barracks_from_the_palette(saves):
    """No room in the full Barrack: refused in place; then eight of the full
    one's twelve move out, a count too big refused in place first."""
    build_two_barracks(saves, "move").close()
    app = TrackerApp(saves, "move")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await _palette(pilot, "move defenders")
        await pilot.press("enter")  # out of #3 (4 of 12 housed)
        await _pause(pilot)
        await pilot.press("enter")  # into #4: full
        await _pause(pilot)
        assert "Barrack #4 has room for 0 more (12 of 12 housed)" in _error(app)
        await pilot.press("escape")
        await _settle(pilot)
        await _palette(pilot, "move defenders")
        await pilot.press("down", "enter")  # out of #4
        await _pause(pilot)
        await pilot.press("enter")  # into #3
        await _pause(pilot)
        await pilot.press("enter")  # the unnamed
        await _pause(pilot)
        await pilot.press("backspace", "9", "enter")
        await _pause(pilot)
        assert "Barrack #3 has room for 8 more" in _error(app)
        await pilot.press("backspace", "8", "enter")
        await _settle(pilot)
        assert [f.housed for f in bas.specials(app.state.bastions.all[0])] == [12, 4]
        state = app.state
    reopened, moved = _log(saves, "move", bas.DefendersMoved)
    assert reopened.state == state and [(e.source, e.to, e.count) for e in moved] == [(4, 3, 8)]
    reopened.close()


def _options(app) -> list[str]:
    """The choices of the dialog on top, as shown."""
    from textual.widgets import OptionList
    menu = app.screen.query_one("#choices", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def test_crafts_above_the_owners_level_are_not_offered(saves):
    """Playtest: a level-5 owner's Smithy offered the level-9 magic items, refused
    only at Run. The order dialog offers what the owner's level can make."""
    c = Campaign.create(saves, "low", "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    c.dispatch(party.AddCharacter("Aria", "fighter", 5, STATS))
    c.dispatch(bas.NewBastion("Aria"))
    c.dispatch(bas.AddFacility("Aria", "smithy"))
    c.dispatch(bas.Downtime(7))
    c.close()
    app = TrackerApp(saves, "low")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        await _pause(pilot)
        shown = _options(app)
        assert not any("Armaments item" in o for o in shown), shown
        assert any("Smith's Tools" in o for o in shown) and shown[-1] == "No order"


async def test_the_order_dialog_highlights_the_facilitys_usual_order(saves):
    """Playtest: every turn the GM walked each facility's list again to its usual
    order. The dialog starts on the order the facility ran last time (Torpor,
    the Laboratory's fourth), else on its first; Enter gives it again."""
    c = build_traders(saves, "usual", ("laboratory", "library"), 2000, days=14)
    lab, library = (f.id for f in bas.specials(bas.find(c.state, "Aria")))
    c.dispatch(bas.RunTurn("Aria", ((lab, "torpor", 0),)))
    c.close()
    app = TrackerApp(saves, "usual")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        await _pause(pilot)
        menu = app.screen.query_one("#choices")
        assert "Torpor" in str(menu.get_option_at_index(menu.highlighted).prompt)
        await pilot.press("enter")  # Laboratory: Torpor again
        await _pause(pilot)
        menu = app.screen.query_one("#choices")
        assert menu.highlighted == 0  # the Library never ran one: its first
        await pilot.press("enter")
        await _pause(pilot)
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        assert b.turns == 2 and [f.usual for f in bas.specials(b)] == [("torpor",), ("research",)]
        assert "Laboratory: made a vial of Torpor" in b.results[-1].lines


async def test_the_dialog_asks_what_is_made_and_which_trainer_by_keys(saves):
    """Playtest: the Workshop's priced work made "crafted goods" and the Training
    Area trained with no one. The dialog asks what is made (after its price)
    and which trainer; both reach the log, and the next turn starts on that
    trainer."""
    build_traders(saves, "named", ("workshop", "training_area"), 1000, days=14).close()
    app = TrackerApp(saves, "named")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        await _pause(pilot)
        await pilot.press("enter")  # Workshop: artisan's tools work
        await _pause(pilot)
        await pilot.press(*"40", "enter")  # its price
        await _pause(pilot)
        assert "What is made?" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press(*"a lute", "enter")
        await _pause(pilot)
        await pilot.press("enter")  # Training Area: train
        await _pause(pilot)
        assert "which trainer" in str(app.screen.query_one("#dialog-title").render())
        assert any("Weapon Expert" in o for o in _options(app))
        await pilot.press("end", "enter")  # Weapon Expert
        await _pause(pilot)
        assert "Weapon Expert" in str(app.screen.query_one("#dialog-help").render())
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        r = bas.find(app.state, "Aria").results[-1]
        assert "Workshop: made a lute" in r.lines
        assert any(x.startswith("Training Area: gained") and "Weapon Expert" in x
                   for x in r.lines)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")
        await _pause(pilot)
        await pilot.press("enter")  # Workshop: its usual again
        await _pause(pilot)
        await pilot.press("escape")  # the price withdrawn: back to its orders
        await _pause(pilot)
        await pilot.press("end", "enter")  # no order
        await _pause(pilot)
        await pilot.press("enter")  # Training Area: train
        await _pause(pilot)
        menu = app.screen.query_one("#choices")
        assert "Weapon Expert" in str(menu.get_option_at_index(menu.highlighted).prompt)
        state = app.state
    reopened, runs = _log(saves, "named", bas.BastionTurnRun)
    assert reopened.state == state
    assert [(o.made, o.trainer) for o in runs[-1].orders] == [("a lute", ""), ("", "weapon")]
    reopened.close()


async def test_the_dead_are_not_offered_a_bastion(saves):
    """The owner choice for a new bastion leaves the dead out."""
    c = Campaign.create(saves, "grave", "dnd-2024", 7)
    c.dispatch(camp.StartSession())
    for name in ("Aria", "Cid"):
        c.dispatch(party.AddCharacter(name, "fighter", 9, STATS))
    c.dispatch(party.Damage("Cid", 1000))
    c.close()
    app = TrackerApp(saves, "grave")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("n")
        await _pause(pilot)
        assert _options(app) == ["Aria (level 9)"]


async def test_a_garden_is_added_with_its_type_and_offered_only_its_harvest(saves):
    """gm-review4 R2: the add-facility dialog asks a Garden's type, the screen
    shows it, the turn offers only its harvest (and the type change, which asks
    the new type)."""
    build_traders(saves, "plot", (), days=0).close()
    app = TrackerApp(saves, "plot")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("f")
        await _pause(pilot)
        assert "Add which special facility?" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("home", "down", "down", "down", "enter")  # the Garden
        await _pause(pilot)
        assert "Garden: which type?" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("home", "down", "down", "enter")  # Herb
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        assert [(f.kind, f.chosen) for f in bas.specials(b)] == [("garden", ("herb",))]
        row = app.screen.query_one("#bastion-facilities").get_row_at(0)
        assert "Garden (Herb)" in [str(x) for x in row]
        app.run_command(bas.Downtime(7))
        await _settle(pilot)
        await pilot.press("t")
        await _pause(pilot)
        await pilot.press("enter")  # give orders
        await _pause(pilot)
        offered = " | ".join(_options(app))
        assert "Herb" in offered and "Food" not in offered and "Poison:" not in offered
        assert "Change the garden's type" in offered
        await pilot.press("home", "down", "enter")  # the type change
        await _pause(pilot)
        assert "Garden: which type?" in str(app.screen.query_one("#dialog-title").render())
        await pilot.press("home", "down", "enter")  # Food
        await _pause(pilot)
        assert "Food" in str(app.screen.query_one("#dialog-help").render())
        await pilot.press("enter")  # run the turn
        await _settle(pilot)
        f = bas.specials(bas.find(app.state, "Aria"))[0]
        assert (f.order, f.order_chosen, f.chosen) == ("retype", ("food",), ("herb",))
        state = app.state
    reopened, added = _log(saves, "plot", bas.FacilityAdded)
    assert reopened.state == state and [e.chosen for e in added] == [("herb",)]
    reopened.close()


async def test_a_training_areas_trainer_is_chosen_when_added_and_again_from_the_palette(saves):
    """The add-facility dialog asks a Training Area's trainer and the screen shows
    it; "Choose again" (palette) switches it at a turn; a Garden's type is not
    switched that way, and says so."""
    build_traders(saves, "drill", ("garden",), days=0).close()
    app = TrackerApp(saves, "drill")
    async with app.run_test(size=SIZE) as pilot:
        await _to_bastion_screen(pilot)
        await pilot.press("f")
        await _pause(pilot)
        offered = _options(app)
        await pilot.press("home", *["down"] * next(i for i, o in enumerate(offered)
                                                    if o.startswith("Training Area")), "enter")
        await _pause(pilot)
        assert "Training Area: which trainer?" in str(
            app.screen.query_one("#dialog-title").render())
        await pilot.press("home", "down", "enter")  # Skills Expert
        await _settle(pilot)
        b = bas.find(app.state, "Aria")
        area = next(f for f in bas.specials(b) if f.kind == "training_area")
        assert area.chosen == ("skills",)
        rows = app.screen.query_one("#bastion-facilities")
        assert any("Training Area (Skills Expert)" in str(x)
                   for i in range(rows.row_count) for x in rows.get_row_at(i))
        await _palette(pilot, "choose again")  # the Garden is highlighted first
        assert not app.screen.query("#dialog-title")  # refused: nothing is asked
        await pilot.press("down")  # the Training Area
        await _pause(pilot)
        await _palette(pilot, "choose again")
        assert "Training Area: which trainer?" in str(
            app.screen.query_one("#dialog-title").render())
        await pilot.press("end", "enter")  # Weapon Expert
        await _settle(pilot)
        area = next(f for f in bas.specials(bas.find(app.state, "Aria"))
                    if f.kind == "training_area")
        assert area.chosen == ("weapon",)
        state = app.state
    reopened, switched = _log(saves, "drill", bas.FacilityRechosen)
    assert reopened.state == state and [e.chosen for e in switched] == [("weapon",)]
    reopened.close()
