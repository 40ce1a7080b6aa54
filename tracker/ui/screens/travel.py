"""The travel screen: a journey day by day (or stage by stage), between dungeons."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..widgets.header import Header
from ...i18n import N_, _
from ...core import travel as tr
from ...core.errors import Refused
from ...core.travel import calc
from ...core.state import State
from ...core.travel.model import Stage
from ...core.party import rules as party_rules
from ...core.travel.rules import gm_forages, gm_hunts
from ...core.travel.status import pace_model
from ..areas import area_screen
from ..repaint import follow_state, paint
from ..dialogs import ChoiceDialog, Field, TextDialog, checked_by, positive_int, refusal, whole
from ..widgets import travel_panels as panels
from ...core.travel.views import (amount, animal_name, effect_name, num, pace_name, route_name,
                                  terrain_name, vessel_name)


@area_screen("travel", key="5", title=N_("Travel"), help=N_("Overland travel, day by day"),
             css="travel.tcss", order=50)
class TravelScreen(Screen):
    BINDINGS = [
        Binding("t", "travel", N_("Travel"), id="travel.day"),
        Binding("s", "stage", N_("Stage"), show=False, id="travel.stage"),
        Binding("c", "camp", N_("Camp"), id="travel.camp"),
        Binding("f", "forage", N_("Forage"), id="travel.forage"),
        Binding("r", "rest_day", N_("Rest day"), id="travel.rest"),
        Binding("n", "days", N_("N days"), show=False, id="travel.days"),
        Binding("g", "terrain", N_("Terrain"), id="travel.terrain"),
        Binding("w", "weather", N_("Weather"), show=False, id="travel.weather"),
        Binding("e", "encounter", N_("Encounter"), show=False, id="travel.encounter"),
        Binding("x", "lost", N_("Lost heading"), show=False, id="travel.lost"),
        Binding("p", "route", N_("Plan route"), show=False, id="travel.route"),
        Binding("b", "embark", N_("Board/ashore"), show=False, id="travel.embark"),
        Binding("m", "mount", N_("Mount"), show=False, id="travel.mount"),
        Binding("v", "pace", N_("Pace"), show=False, id="travel.pace"),
    ]
    PALETTE = [
        (N_("Travel a day"), N_("A day on the road: lost, encounter, rations"), "travel"),
        (N_("Travel N days"), N_("Stops at an encounter, getting lost, rest due, no food"), "days"),
        (N_("Travel a stage"), N_("D&D: some hours; the day goes on until camp"), "stage"),
        (N_("Forced march"), N_("A day at +50%; a rest day follows"), "forced"),
        (N_("Travel a day foraging"), N_("Forage on the way (slower where the ruleset says)"),
         "travel_foraging"),
        (N_("Make camp"), N_("D&D: end the day after a stage; the night passes"), "camp"),
        (N_("Forage a whole day"), N_("Near camp, no travel"), "forage"),
        (N_("Hunt a whole day"), N_("No travel"), "hunt"),
        (N_("Rest day"), N_("Pays back the rest debt, or the forced march's rest"), "rest_day"),
        (N_("Weather"), N_("Roll it, or enter it where the ruleset has no table"), "weather"),
        (N_("Terrain and place"), N_("Where the party is, on a road or not"), "terrain"),
        (N_("Plan the route"), N_("Stages PLACE:TERRAIN:LENGTH[:ROAD]"), "route"),
        (N_("Pace"), N_("D&D: slow, normal or fast"), "pace"),
        (N_("Guide or navigator"), N_("A guide removes the risk of getting lost"), "guide"),
        (N_("Lost: heading"), N_("The real heading and the one the party believes"), "lost"),
        (N_("Found the way"), N_("The party knows where it is again"), "found"),
        (N_("Encounter check"), N_("An extra check, or the GM's encounter: its distance"),
         "encounter"),
        (N_("Water"), N_("D&D: gallons carried"), "water"),
        (N_("Embark or go ashore"), N_("Aboard a vessel, days afloat; or back on land"), "embark"),
        (N_("Gale"), N_("A gale blows: ride it out, run before it, or an unsailed ship's chance"),
         "gale"),
        (N_("Mount or dismount"), N_("Ride (or fly): the mounts' rate, D&D's doubled hour"),
         "mount"),
        (N_("Gallop"), N_("D&D, riding: a day with the mounts' doubled hour"), "gallop"),
        (N_("Push on"), N_("Travel although a forced march's rest day is owed"), "push_on"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            yield Static(id="where", classes="panel")
            yield Static(id="needs", classes="panel")
        yield Static(id="weather")
        yield Static(id="journal", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self._dress()
        follow_state(self, self.show)

    def _dress(self) -> None:
        self.query_one("#where").border_title = _("Where")
        self.query_one("#needs").border_title = _("Supplies, rest, road")
        self.query_one("#journal").border_title = _("The journey so far")

    def dress(self) -> None:
        """Border titles again after a change of language (the app recomposes the screen)."""
        self._dress()
        if self.app.state is not None:
            self.show(self.app.state)

    def show(self, state: State | None) -> None:
        if state is None or self.app.campaign is None:
            return
        if state.rules.travel is None:
            self.query_one("#where", Static).update(
                _("{ruleset} has no travel rules").format(ruleset=state.rules.meta.name))
            return
        paint(self.query_one("#where", Static), panels.where_panel(state))
        paint(self.query_one("#needs", Static), panels.needs_panel(state))
        self.query_one("#journal").border_subtitle = panels.travel_sources(state)
        paint(self.query_one("#weather", Static), panels.weather_line(state))
        self._show_journal(state)

    def _show_journal(self, state: State) -> None:
        box = self.query_one("#journal", Static)
        paint(box, panels.journal(state, max(1, box.content_size.height or 8)))

    def on_resize(self) -> None:
        if self.app.state is not None and self.app.state.rules.travel is not None:
            self.call_after_refresh(self._show_journal, self.app.state)

    # -- helpers ------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.app.state

    async def _choose(self, title: str, options: list[tuple[str, str]], help: str = "") -> str | None:
        return await self.app.push_screen_wait(ChoiceDialog(title, options, help))

    async def _ask(self, title: str, help: str, make, value: str = "", form=None,
                   max_length: int = 80) -> str | None:
        return await self.app.push_screen_wait(TextDialog(
            title, help, value, validate=checked_by(self.app, form, make), max_length=max_length))

    def _run(self, command) -> None:
        """Say why at once when the command cannot be done, else dispatch it."""
        why = refusal(self.app, command)
        if why:
            self.notify(why, title=_("Refused"), severity="error", timeout=8)
        else:
            self.app.run_command(command)

    # -- one-key steps ----------------------------------------------------------------

    def action_travel(self) -> None:
        if self.state.travel.gale:  # the day cannot go on until the GM chooses
            self.action_gale()
            return
        self._run(tr.TravelDay())

    def action_gallop(self) -> None:
        self._run(tr.TravelDay(gallop=True))

    def action_push_on(self) -> None:
        self._run(tr.TravelDay(push_on=True))

    @work(exit_on_error=False)
    async def action_gale(self) -> None:
        j = self.state.travel
        if not j.gale:
            self.notify(_("No gale blows."))
            return
        if j.oars and j.coast:
            opts = [("unsailed_clear", _("The coast in sight is clear terrain: it lands first")),
                    ("unsailed", _("Rough coast: the pilot's beach roll, else the ship's chance"))]
        elif j.oars:
            opts = [("unsailed", _("Unsailed: the ship's chance to survive"))]
        else:
            opts = [("ride_out", _("Ride it out (a chance to sink)")),
                    ("run", _("Run before it, far and off course")),
                    ("run_coast", _("Run before it onto a coast (a chance to wreck)"))]
        choice = await self._choose(_("A gale: what does the ship do?"), opts)
        if choice is not None:
            self._run(GALE_PICKS[choice])

    @work(exit_on_error=False)
    async def action_embark(self) -> None:
        t, j = self.state.rules.travel, self.state.travel
        if j.vessel:
            land = await self._choose(_("Go ashore onto"), [
                (k, _terrain_label(self.state.rules, k)) for k, x in t.terrains.items()
                if not x.water])
            if land is not None:
                self._run(tr.Disembark(land))
            return
        if t.sea is None:
            self.notify(calc.gm_note(t, "sea", self.state.rules) or _("No travel by water in this ruleset."),
                        severity="warning")
            return
        waters = [(k, terrain_name(self.state.rules, k)) for k, x in t.terrains.items()
                  if x.water]
        water = waters[0][0] if len(waters) == 1 else \
            await self._choose(_("On what water?"), waters)
        if water is None:
            return
        rate = 0
        if t.sea.vessels:
            vessel = await self._choose(_("Vessel"), [
                (k, f"{vessel_name(self.state.rules, k)} · " + _("{n} mph").format(n=num(v.mph)))
                for k, v in t.sea.vessels.items()])
        else:
            vessel = await self._ask(_("The ship's name"), _("For the log and the screen"),
                                     lambda x: tr.Embark(x, 1, terrain=water), max_length=40)
            if vessel is None:
                return
            feet = await self._ask(_("The ship's rate (feet)"), calc.gm_note(t, "sea.vessels", self.state.rules),
                                   lambda x: tr.Embark(vessel, int(x), terrain=water),
                                   form=positive_int, max_length=5)
            if feet is None:
                return
            rate = int(feet)
        if vessel is None:
            return
        how = await self._choose(_("How does it go?"), [
            ("sail", _("Sailed, out of sight of land")), ("sail_coast", _("Sailed, land in sight")),
            ("oars", _("Rowed, out of sight of land")), ("oars_coast", _("Rowed, land in sight"))])
        if how is not None:
            self._run(tr.Embark(vessel, rate, how.startswith("oars"), how.endswith("coast"),
                                water))

    @work(exit_on_error=False)
    async def action_mount(self) -> None:
        t, j = self.state.rules.travel, self.state.travel
        if j.mount:
            self._run(tr.Dismount())
            return
        animals = t.mounts.animals if t.mounts else {}
        if animals:
            animal = await self._choose(_("Ride"), [
                (k, _("{animal} · Speed {speed}").format(
                    animal=animal_name(self.state.rules, k), speed=a.speed))
                for k, a in animals.items()])
            if animal is not None:
                self._run(tr.Mount(animal))
            return
        animal = await self._ask(_("Ride what?"), _("The mounts' name, e.g. heste"),
                                 lambda x: tr.Mount(x, 1), max_length=40)
        if animal is None:
            return
        feet = await self._ask(_("The mounts' rate (feet)"), calc.gm_note(t, "mounts.animals", self.state.rules),
                               lambda x: tr.Mount(animal, int(x)), form=positive_int,
                               max_length=5)
        if feet is not None:
            self._run(tr.Mount(animal, int(feet)))

    def action_forced(self) -> None:
        self._run(tr.TravelDay(forced=True))

    def action_travel_foraging(self) -> None:
        self._run(tr.TravelDay(forage=True))

    def action_camp(self) -> None:
        self._run(tr.MakeCamp())

    @work(exit_on_error=False)
    async def action_forage(self) -> None:
        t = self.state.rules.travel
        if not gm_forages(t):
            self._run(tr.ForageDay())
            return
        await self._gm_finds(_("A day foraging: what did it bring?"), _("Food found"),
                             calc.gm_note(t, "forage", self.state.rules), tr.ForageDay)

    async def _gm_finds(self, question: str, yes: str, note: str, command) -> None:
        """A day the GM decides (no rule): found or not, and how many rations."""
        found = await self._choose(question, [("yes", yes), ("no", _("Nothing"))], note)
        if found == "no":
            self._run(command(False))
        elif found == "yes":
            n = await self._ask(_("How many rations found?"), _("Added to the party's rations"),
                                lambda x: command(True, int(x)), form=positive_int,
                                max_length=4)
            if n is not None:
                self._run(command(True, int(n)))

    def action_rest_day(self) -> None:
        self._run(tr.RestDay())

    @work(exit_on_error=False)
    async def action_encounter(self) -> None:
        """An extra check, or the GM's encounter, asked first: it is no step of
        the day's (``t`` rolls the day's own checks), and a stray ``e`` logged
        an encounter, two for ``e e`` (gm-review7 C4)."""
        command = tr.RollEncounter()
        why = refusal(self.app, command)
        if why:
            self.notify(why, title=_("Refused"), severity="error", timeout=8)
            return
        t, j = self.state.rules.travel, self.state.travel
        if calc.encounter_chance(t, j.terrain) is None:  # no chance to roll: the GM's own
            title, help, ok = (_("The GM's encounter: record it?"),
                               _("Its distance and surprise are rolled now"),
                               _("Record the encounter"))
        else:
            title, help, ok = (_("An extra encounter check?"),
                               _("The terrain's chance, rolled now; no time passes"),
                               _("Roll the check"))
        if await self._choose(title, [("yes", ok), ("no", _("Cancel"))], help) == "yes":
            self._run(command)

    @work(exit_on_error=False)
    async def action_days(self) -> None:
        n = await self._ask(_("Travel how many days?"), _("Stops early at an encounter, getting "
                            "lost, a rest falling due, running out of food or arriving"),
                            lambda t: tr.TravelDay(int(t)), form=positive_int)
        if n is not None:
            self.app.run_command(tr.TravelDay(int(n)))

    @work(exit_on_error=False)
    async def action_stage(self) -> None:
        t = self.state.rules.travel
        if not pace_model(t):
            self.notify(_("{ruleset} travels by the day: t travels one.").format(
                ruleset=self.state.rules.meta.name),
                        severity="warning")
            return
        h = await self._ask(_("Travel how many hours?"), _(
            "A day is {n} h; past that, a save each hour").format(n=t.distance.hours_per_day),
                            lambda x: tr.TravelDay(
                                1, int(x), camp=False), form=positive_int, max_length=2)
        if h is not None:
            self.app.run_command(tr.TravelDay(1, int(h), camp=False))

    @work(exit_on_error=False)
    async def action_hunt(self) -> None:
        t = self.state.rules.travel
        if gm_hunts(t):
            await self._gm_finds(_("A day hunting: what did it bring?"), _("Game found"),
                                 calc.gm_note(t, "hunt", self.state.rules), tr.Hunt)
            return
        if t.hunt is not None and not t.hunt.chance:
            found = await self._choose(_("A day hunting: what did it bring?"),
                                       [("yes", _("Game found")), ("no", _("Nothing"))],
                                       calc.gm_note(t, "hunt.chance", self.state.rules))
            if found is not None:
                self._run(tr.Hunt(found == "yes"))
            return
        self._run(tr.Hunt())

    @work(exit_on_error=False)
    async def action_weather(self) -> None:
        t = self.state.rules.travel
        if t.weather is not None and t.weather.tables:
            self._run(tr.RollWeather())
            return
        effects = t.weather.effects if t.weather is not None else {}
        hint = ", ".join(f"{k} {effect_name(self.state.rules, k)}" for k in effects)
        # its effects asked in the same dialog: a second would take keys typed for the screen
        text = await self.app.push_screen_wait(TextDialog(
            _("The day's weather"), _("Not in our sources: the GM enters it.") +
            ("\n" + _("Effects: {effects}").format(effects=hint) if effects else ""),
            self.state.travel.weather,
            validate=checked_by(self.app, None, lambda x: tr.SetWeather(x)), max_length=200,
            more=(Field(_("Weather effects on travel (e.g. I,V), or blank"), max_length=20,
                        validate=lambda x: refusal(self.app, tr.SetWeather(
                            "x", _codes(x)))),) if effects else ()))
        if text is None:
            return
        self._run(tr.SetWeather(text[0], _codes(text[1])) if effects else tr.SetWeather(text))

    @work(exit_on_error=False)
    async def action_terrain(self) -> None:
        t, j = self.state.rules.travel, self.state.travel
        terrain = await self._choose(_("Terrain"), [(k, _terrain_label(self.state.rules, k))
                                                    for k in t.terrains])
        if terrain is None:
            return
        road = ""
        if t.routes:
            road = await self._choose(_("On a road?"), [("", _("No: across country"))] +
                                      [(k, route_name(self.state.rules, k)) for k in t.routes])
            if road is None:
                return
        place = await self._ask(_("Place name (blank for none)"), _("For the log and the screen"),
                                lambda x: tr.SetTerrain(terrain, road, x, None), j.place)
        if place is not None:
            self._run(tr.SetTerrain(terrain, road, place, None))

    @work(exit_on_error=False)
    async def action_route(self) -> None:
        t = self.state.rules.travel
        unit = _("hexes") if any(x.cost for x in t.terrains.values()) else _(t.distance.unit)
        text = await self._ask(_("Plan the route"), _(
            "Stages separated by ';': PLACE:TERRAIN:LENGTH[:ROAD] (length in {unit}); "
            "terrains: {terrains}").format(unit=unit, terrains=", ".join(t.terrains)),
                               lambda x: tr.PlanRoute(_stages(x)), max_length=400)
        if text is not None:
            self._run(tr.PlanRoute(_stages(text)))

    @work(exit_on_error=False)
    async def action_pace(self) -> None:
        t = self.state.rules.travel
        if not pace_model(t):
            self.notify(_("This ruleset has no paces: use the palette's Forced march."),
                        severity="warning")
            return
        pace = await self._choose(_("Pace"), [(p, _("{pace}: {distance} a day").format(
            pace=pace_name(self.state.rules, p), distance=amount(t, t.paces[p].per_day)))
            for p in t.pace_order])
        if pace is not None:
            self._run(tr.SetPace(pace))

    @work(exit_on_error=False)
    async def action_guide(self) -> None:
        opts = [("yes", _("A guide leads the party")), ("no", _("No guide"))]
        guide = await self._choose(_("Guide"), opts)
        if guide is None:
            return
        nav = ""
        # the dead, and those who cannot act, guide no one: not offered
        alive = [c for c in party_rules.living(self.state) if party_rules.able(self.state, c)]
        if alive and pace_model(self.state.rules.travel):
            nav = await self._choose(_("Navigator"), [(c.name, c.name) for c in alive])
            if nav is None:
                return
        self._run(tr.SetGuide(guide == "yes", nav))

    @work(exit_on_error=False)
    async def action_lost(self) -> None:
        if not self.state.travel.lost:
            self.notify(_("The party is not lost."))
            return
        # one dialog for both: a second would take keys typed for the screen
        answer = await self.app.push_screen_wait(TextDialog(
            _("Lost: the real heading"), _("e.g. NE (the GM's secret)"),
            validate=checked_by(self.app, None, lambda x: tr.SetHeading(x, "x")), max_length=20,
            more=(Field(_("Where the party believes it goes (e.g. N)"), max_length=20,
                        required=True),)))
        if answer is not None:
            self._run(tr.SetHeading(*answer))

    @work(exit_on_error=False)
    async def action_found(self) -> None:
        if not self.state.travel.lost:
            self.notify(_("The party is not lost."))
            return
        place = await self._ask(_("Found: where is the party?"), _("A place name, or blank"),
                                lambda x: tr.Found(x), self.state.travel.place)
        if place is not None:
            self._run(tr.Found(place))

    @work(exit_on_error=False)
    async def action_water(self) -> None:
        gal = await self._ask(_("Water carried (gallons)"), _("A day's water is a gallon each"),
                              lambda x: tr.SetWater(int(x)), max_length=6,
                              form=lambda x: "" if whole(x, 6) else
                              _("a whole number (digits 0-9)"))
        if gal is not None:
            self._run(tr.SetWater(int(gal)))


GALE_PICKS = {"ride_out": tr.Gale("ride_out"), "run": tr.Gale("run"),
              "run_coast": tr.Gale("run", coast=True), "unsailed": tr.Gale("unsailed"),
              "unsailed_clear": tr.Gale("unsailed", clear_coast=True)}


# a terrain's group (Dolmenwood), as the terrain dialog shows it
_GROUPS = {"light": N_("light"), "moderate": N_("moderate"), "difficult": N_("difficult")}


def _terrain_label(rules, k: str) -> str:
    """'Bog · moderate · 3 TP a hex', 'Forest · ×2/3', 'Forest · at most Normal'."""
    t = rules.travel
    x = t.terrains[k]
    bits = [terrain_name(rules, k), _(_GROUPS[x.group]) if x.group in _GROUPS else x.group]
    if x.cost:
        bits.append(_("{n} TP a hex").format(n=x.cost))
    elif x.multiplier:
        bits.append(f"×{x.multiplier}")
    elif x.max_pace:
        bits.append(_("at most {pace}").format(pace=pace_name(rules, x.max_pace)))
    if x.water:
        bits.append(_("water: aboard a vessel"))
    return " · ".join(b for b in bits if b)


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in text.replace(" ", ",").split(",") if c.strip())


def _stages(text: str) -> tuple[Stage, ...]:
    """'Oak Vale:forest:16; Ford:clear:3:road' -> stages (a bad one refuses the plan)."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        bits = part.split(":")
        if not 3 <= len(bits) <= 4 or not whole(bits[2].strip(), 9):
            raise Refused(_("{stage!r}: expected PLACE:TERRAIN:LENGTH[:ROAD]").format(stage=part))
        out.append(Stage(bits[0], bits[1], int(bits[2].strip()), *bits[3:]))
    return tuple(out)
