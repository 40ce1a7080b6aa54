"""Write campaigns with play between sessions, with the code of 8b9ca9a (main
of 2026-12-02 08:43, the last before 47bf299 recorded an entry made while no
session runs in session 0): that code recorded it in the session that had
ended (gm-review F6).

    .venv/bin/python tests/data/old_between/make.py

checks 8b9ca9a out in a throw-away worktree and, with ITS tracker CLI (run as
tests/data/make_generations.py runs one), makes one campaign per shipped
ruleset with ``STEPS``: a session, play after it ended, a second session
whose end is undone and played on, play after its end with an undo and a redo,
a rewind into session 2 and play after it. Writes RULESET.campaign,
RULESET.log.json (``log --json`` by that code) and RULESET.state.json
(``state --json``) here. Nothing by hand.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from make_generations import old_checkout, run  # noqa: E402

COMMIT = "8b9ca9a"
CLASS = {"dnd-2024": "fighter", "dyb-og-drager": "kriger", "dolmenwood": "fighter"}
# (argv, the session the log shows each of its entries in, as today's code
# reads a log it wrote: tests/test_sessions_between_old.py); the seqs in the
# comments are the entries' in the old files (1: the campaign created)
STEPS = [
    (["session-start"], [1]),  # 2
    (["add-character", "Ana", "--class", "{cls}", "--abilities", "16,16,16,16,16,16"], [1]),  # 3
    (["enter-dungeon", "Crypt"], [1]),  # 4
    (["turn", "2"], [1, 1]),  # 5, 6
    (["leave-dungeon"], [1]),  # 7
    (["session-end"], [1]),  # 8
    (["enter-dungeon", "Barrow"], [0]),  # 9: the next evening, no session started
    (["turn", "3"], [0, 0, 0]),  # 10-12
    (["note", "Ana scouts the barrow alone"], [0]),  # 13
    (["session-start"], [2]),  # 14
    (["turn"], [2]),  # 15
    (["session-end"], [2]),  # 16
    (["undo"], [2]),  # 17: the end undone: session 2 runs again
    (["turn"], [2]),  # 18
    (["session-end"], [2]),  # 19
    (["leave-dungeon"], [0]),  # 20
    (["note", "Ana rests in town"], [0]),  # 21
    (["undo"], [0]),  # 22
    (["redo"], [0]),  # 23
    (["rewind", "18"], [2]),  # 24: back into session 2, running
    (["turn"], [2]),  # 25
    (["session-end"], [2]),  # 26
    (["note", "Between again"], [0]),  # 27
]


def command(rid: str, cls: str, argv: list[str]) -> list[str]:
    """``tracker`` ARGV of a step: ``undo`` and ``redo`` are commands of their own."""
    if argv[0] in ("undo", "redo"):
        return [argv[0], rid]
    return ["do", rid, *(a.replace("{cls}", cls) for a in argv)]


def main() -> None:
    with old_checkout(COMMIT, "old-between") as (tree, saves):
        for rid, cls in CLASS.items():
            steps = [["new", rid, "--ruleset", rid, "--seed", "7"]] + \
                [command(rid, cls, argv) for argv, _ in STEPS]
            for argv in steps:
                done = run(tree, argv, saves)
                if done.returncode:
                    raise SystemExit(f"{argv}: {done.stderr.strip()}")
            for what, argv in (("state", ["state", rid, "--json"]),
                               ("log", ["log", rid, "--json"])):
                out = run(tree, argv, saves)
                (HERE / f"{rid}.{what}.json").write_text(out.stdout, encoding="utf-8")
            shutil.copy(saves / f"{rid}.campaign", HERE / f"{rid}.campaign")


if __name__ == "__main__":
    main()
