"""Write D&D 2024 campaigns whose stages strayed, with the code of fe59d06
(main of 2026-12-03 06:00, the last before a failed navigation check made the
stage's way longer instead of the day: ``day_travelled`` 6, gm-review7 R4).

    .venv/bin/python tests/data/old_strayed/make.py

checks fe59d06 out in a throw-away worktree and, with ITS tracker CLI (run as
tests/data/make_generations.py runs one), makes two campaigns:

* ``whole``: Ari, a ranger, travels one 8-hour stage through forest that
  strays 60% (12.8 h on the road) and saves at the end of hours 9-12;
* ``stages``: Bo, a fighter, travels an 8-hour stage that strays 40% (11.2 h),
  then a 2-hour stage on course (hours 12 and 13), no camp between.

Writes NAME.campaign and NAME.state.json (``state --json`` by that code) here.
Nothing by hand.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from make_generations import old_checkout, run  # noqa: E402

COMMIT = "fe59d06"
STEPS = {
    "whole": [["new", "whole", "--ruleset", "dnd-2024", "--seed", "9"],
              ["do", "whole", "add-character", "Ari", "--class", "ranger", "--abilities",
               "12,16,14,10,15,8"],
              ["do", "whole", "supplies", "rations", "6"],
              ["do", "whole", "terrain", "forest"],
              ["do", "whole", "travel", "--hours", "8", "--dice", "3,6,11,10,20,12"]],
    "stages": [["new", "stages", "--ruleset", "dnd-2024", "--seed", "5"],
               ["do", "stages", "add-character", "Bo", "--class", "fighter", "--abilities",
                "15,14,13,10,12,8"],
               ["do", "stages", "supplies", "rations", "20"],
               ["do", "stages", "terrain", "forest"],
               ["do", "stages", "travel", "--hours", "8", "--no-camp", "--dice", "1,4"],
               ["do", "stages", "travel", "--hours", "2", "--no-camp", "--dice", "15,1"]],
}


def main() -> None:
    with old_checkout(COMMIT, "old-strayed") as (tree, saves):
        for name, steps in STEPS.items():
            for argv in steps:
                done = run(tree, argv, saves)
                if done.returncode:
                    raise SystemExit(f"{argv}: {done.stderr.strip()}")
            state = run(tree, ["state", name, "--json"], saves)
            (HERE / f"{name}.state.json").write_text(state.stdout, encoding="utf-8")
            shutil.copy(saves / f"{name}.campaign", HERE / f"{name}.campaign")


if __name__ == "__main__":
    main()
