"""Run inside a copy of the tracker package with the throw-away area dropped
in (see tests/test_new_area.py): play it through every layer, print findings."""

import asyncio
import contextlib
import io
import json
import sys
from pathlib import Path

from tracker.cli import main

saves = Path(sys.argv[1])
found: dict = {}


def cli(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*argv, "--saves", str(saves)] if argv[0] != "do" else
                    ["do", "--saves", str(saves), *argv[1:]])
    assert code in (0, None), (argv, code, out.getvalue())
    return out.getvalue()


NAME = "[red]Al[/red]"
cli("new", "c", "--ruleset", "dnd-2024", "--seed", "1")
cli("do", "c", "session-start")
found["hire"] = cli("do", "c", "hire", NAME, "--wage", "2")
found["a_day"] = cli("do", "c", "downtime", "1")
found["state"] = json.loads(cli("state", "c", "--json"))["retainers"]
found["log_area"] = cli("log", "c", "--area", "retainers")
found["recap"] = cli("export", "c", "--format", "markdown")

from tracker.service import Campaign  # noqa: E402

c = Campaign.open(saves, "c")
hired = json.loads(cli("log", "c", "--json", "--area", "retainers").splitlines()[0])["seq"]
preview = c.explain(c.amend_command(hired, fields={"wage": "3"}))
found["correction"] = [*preview.changes, preview.entry_after]
c.close()


async def on_screen() -> None:
    from textual.widgets import DataTable

    from tracker.ui.app import TrackerApp

    app = TrackerApp(saves, "c")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("8")
        await pilot.pause()
        found["screen"] = type(app.screen).__name__
        found["cell"] = app.screen.query_one(DataTable).get_row_at(0)[0].plain

asyncio.run(on_screen())
print(json.dumps(found))
