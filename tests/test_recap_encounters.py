"""Every kind of encounter is counted and listed in the recap (gm-review7 R2):
a dungeon's wandering check, a day on the road, an extra travel check, the
GM's encounter where the ruleset rolls none by the day (D&D 2024), a day at
sea, a day of pursuit the pursuers caught up. Each area hands its encounters
to the recap (``Tally.encounters_met``); the recap lists them all in log
order, counts them by session, and follows the log as it stands (undone
entries left out, corrections applied). The app's recap screen and its
export show the same Markdown (``recap.markdown``)."""

from support.cli import new, run

BO = ["add-character", "Bo", "--class", "kriger", "--abilities", "15,9,10,12,14,8"]
IVA = ["add-character", "Iva", "--class", "fighter", "--abilities", "15,14,13,12,10,8"]


def recap(capsys, name, *more):
    return run(capsys, "--lang", "en", "export", name, "--format", "markdown", *more)


def section(md: str, heading: str = "Encounters") -> list[str]:
    lines = md.splitlines()
    if f"## {heading}" not in lines:
        return []
    at = lines.index(f"## {heading}") + 2
    out = []
    for line in lines[at:]:
        if not line.startswith("- "):
            break
        out.append(line[2:])
    return out


def test_dnd_travel_and_the_gms_encounter_are_counted_and_listed(saves, capsys):
    """The review's borg: a travel day, then ``encounter`` (the GM's: the
    2024 rules roll none by the day)."""
    new(capsys, "borg", "dnd-2024", IVA, ["terrain", "forest"])
    run(capsys, "do", "borg", "travel", "--dice", "15")
    run(capsys, "do", "borg", "encounter", "--dice", "2,8")
    md = recap(capsys, "borg")
    assert "(1 encounter)" in md.split("**Travelled:**")[1].splitlines()[0]
    assert section(md) == ["session 1, #7: on the road, day 1: encounter at 100 ft"]
    run(capsys, "undo", "borg")  # undone: neither counted nor listed
    md = recap(capsys, "borg")
    assert "encounter" not in md.split("**Travelled:**")[1].splitlines()[0]
    assert section(md) == []


def test_an_encounter_with_no_day_on_the_road_is_still_counted(saves, capsys):
    new(capsys, "camp", "dnd-2024", IVA, ["terrain", "forest"])
    run(capsys, "do", "camp", "encounter", "--dice", "2,8")
    md = recap(capsys, "camp")
    assert "- **Encounters on the road:** 1" in md.splitlines()
    assert section(md) == ["session 1, #5: on the road: encounter at 100 ft"]


def test_dungeon_road_extra_check_and_sea_in_log_order(saves, capsys):
    """The review's krypten: the dungeon's encounter and the road's, all in
    one section, in the order the log met them."""
    new(capsys, "k", "dyb-og-drager", BO, ["enter-dungeon", "Krypten"])
    run(capsys, "do", "k", "turn")
    run(capsys, "do", "k", "check", "--dice", "1,3,3,1,2")  # wandering monsters
    run(capsys, "do", "k", "leave-dungeon")
    run(capsys, "do", "k", "terrain", "clear")
    run(capsys, "do", "k", "travel", "--dice", "6,1,3,4,2,2,2,2")  # a day's encounter
    run(capsys, "do", "k", "travel", "--dice", "6,6")  # quiet
    run(capsys, "do", "k", "encounter", "--dice", "1,3,4,2,2,2,2")  # an extra check that met
    run(capsys, "do", "k", "encounter", "--dice", "6")  # ...and one quiet
    run(capsys, "do", "k", "terrain", "ocean")
    run(capsys, "do", "k", "embark", "Havornen", "--rate", "120")
    run(capsys, "do", "k", "guide", "yes")
    run(capsys, "do", "k", "travel", "--dice", "3,4,1,1,6,6,2,2,2,2")  # at sea
    md = recap(capsys, "k")
    met = section(md)
    assert [m.split(": ", 1)[1] for m in met] == [
        met[0].split(": ", 1)[1],  # the dungeon's, as it always read
        "on the road, day 1: encounter at 240 ft",
        "on the road, day 2: encounter at 240 ft",
        "at sea, day 3: encounter at 240 ft"]
    assert "wandering monsters" in met[0]
    seqs = [int(m.split("#")[1].split(":")[0]) for m in met]
    assert seqs == sorted(seqs)
    assert "3 encounters)" in md.split("**Travelled:**")[1].splitlines()[0]


def test_a_correction_follows_the_log(saves, capsys):
    new(capsys, "c", "dyb-og-drager", BO, ["terrain", "clear"])
    run(capsys, "do", "c", "travel", "--dice", "6,1,3,4,2,2,2,2")  # #5: an encounter
    run(capsys, "do", "c", "travel", "--dice", "6,6")  # #6: quiet
    assert [m.split(": ", 1)[1] for m in section(recap(capsys, "c"))] == \
        ["on the road, day 1: encounter at 240 ft"]
    run(capsys, "do", "c", "amend", "5", "--dice", "6,6")  # the first day quiet after all
    run(capsys, "do", "c", "amend", "6", "--dice", "6,1,3,4,1,1,1,1")  # the second met something
    md = recap(capsys, "c")
    assert [m.split(": ", 1)[1] for m in section(md)] == \
        ["on the road, day 2: encounter at 120 ft"]
    assert "(1 encounter)" in md


def test_a_day_of_pursuit_caught_up_is_an_encounter(saves, capsys):
    new(capsys, "p", "dyb-og-drager", BO, ["terrain", "forest"],
        ["start-evasion", "wilderness", "--monster-speed", "150", "--party-speed", "90",
         "--morale", "12", "--pursuers", "4", "--surprised", "nobody"])
    run(capsys, "do", "p", "evade", "--dice", "99")  # failed: a day of pursuit
    run(capsys, "do", "p", "pursuit-day", "--dice", "1", "--direction", "north")  # caught up
    assert section(recap(capsys, "p")) == \
        ["session 1, #7: a day of pursuit: the pursuers caught up"]
    run(capsys, "do", "p", "amend", "7", "--dice", "99")  # not caught after all
    assert section(recap(capsys, "p")) == []


def test_the_chart_counts_every_kind_by_session(saves, capsys):
    new(capsys, "s", "dnd-2024", IVA, ["terrain", "forest"])
    run(capsys, "do", "s", "encounter", "--dice", "2,8")
    run(capsys, "do", "s", "session-end")
    run(capsys, "do", "s", "session-start")
    run(capsys, "do", "s", "encounter", "--dice", "2,8")
    run(capsys, "do", "s", "encounter", "--dice", "2,8")
    chart = recap(capsys, "s", "--session", "1-2").split("```")[1].splitlines()
    rows = [l for l in chart if l.startswith("S")]
    assert "encounters  1 ●" in rows[0] and "encounters  2 ●●" in rows[1], rows


async def test_the_app_recap_screen_and_its_export_list_them(saves, capsys):
    """The app's recap screen (3) and its export (x) show the same Markdown:
    the GM's encounter on the travel screen (D&D 2024) is there, and an undo
    takes it out."""
    from support.pilot import settle
    from tracker.ui.app import TrackerApp

    new(capsys, "borg", "dnd-2024", IVA, ["terrain", "forest"])
    run(capsys, "do", "borg", "travel", "--dice", "15")
    run(capsys, "do", "borg", "encounter", "--dice", "2,8")
    app = TrackerApp(saves, "borg")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        screen = app.screen
        screen.rebuild()
        await settle(pilot)
        assert "on the road, day 1: encounter at 100 ft" in screen.shown_markdown
        await pilot.press("x")
        await settle(pilot)
        written = (saves / "borg-recap-1-1.md").read_text()
        assert "## Encounters" in written and "(1 encounter)" in written
        await pilot.press("ctrl+z")
        await settle(pilot)
        screen.rebuild()
        await settle(pilot)
        assert "encounter at 100 ft" not in screen.shown_markdown
