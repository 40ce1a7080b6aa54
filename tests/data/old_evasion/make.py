"""Write B/X campaigns whose party ran itself out in a dungeon evasion, with
the code of e10cc9a (main of 2026-11-30 17:37, the last before the chase
derived running exhaustion and rest turns lifted it: chase.evasion.rest_turns).

    .venv/bin/python tests/data/old_evasion/make.py

checks e10cc9a out in a throw-away worktree and, with ITS tracker CLI (run as
tests/data/make_generations.py runs one), makes one campaign per B/X ruleset:
a delve, an evasion run for 31 rounds (the 30th exhausts the party), the
evasion ended, then four rest turns. Writes RULESET.campaign and
RULESET.state.json (``state --json`` by that code) here. Nothing by hand.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from make_generations import old_checkout, run  # noqa: E402

COMMIT = "e10cc9a"
CLASS = {"dyb-og-drager": "kriger", "dolmenwood": "fighter"}


def main() -> None:
    with old_checkout(COMMIT, "old-evasion") as (tree, saves):
        for rid, cls in CLASS.items():
            def do(*argv: str) -> list[str]:
                return ["do", rid, *argv]
            steps = [["new", rid, "--ruleset", rid, "--seed", "7"], do("session-start"),
                     *[do("add-character", name, "--class", cls, "--abilities",
                          "16,16,16,16,16,16") for name in ("Ana", "Bo")],
                     do("enter-dungeon", "Crypt"),
                     do("start-evasion", "dungeon", "--monster-speed", "120",
                        "--party-speed", "120"),
                     *[do("run")] * 31, do("end-chase", "escaped"), *[do("rest")] * 4]
            for argv in steps:
                done = run(tree, argv, saves)
                if done.returncode:
                    raise SystemExit(f"{argv}: {done.stderr.strip()}")
            state = run(tree, ["state", rid, "--json"], saves)
            (HERE / f"{rid}.state.json").write_text(state.stdout, encoding="utf-8")
            shutil.copy(saves / f"{rid}.campaign", HERE / f"{rid}.campaign")


if __name__ == "__main__":
    main()
