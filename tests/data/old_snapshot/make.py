"""Write a campaign whose snapshot was cached by the code of 30b4303 (main of
2026-12-02 07:30, the last whose bastion turn kept English's "(s)" messages:
"{facility}: {n} defender(s) recruited").

    .venv/bin/python tests/data/old_snapshot/make.py

checks 30b4303 out in a throw-away worktree and, with ITS code, opens a copy
of generation g9's D&D 2024 campaign (its bastion recruited defenders) and
caches a snapshot after its first bastion turn (#89: "Barrack: 4 defender(s)
recruited"). Writes
dnd-2024.campaign here. Nothing by hand.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from make_generations import OUT, old_checkout  # noqa: E402

COMMIT = "30b4303"
CAMPAIGN = OUT / "g9-2026-12-02-night" / "dnd-2024.campaign"
# a snapshot after its first bastion turn, which recruited (the campaign rewinds
# past it later: the log's line for that entry reads that state)
SNAPSHOT = """
import sys
from pathlib import Path
from tracker.service import Campaign
c = Campaign.open(Path(sys.argv[1]), "dnd-2024")
turns = [seq for (seq,) in c.store.conn.execute(
    "SELECT seq FROM events WHERE type = 'bastion_turn_run'")]
sys.exit(c.store.save_snapshot(turns[0], c.timeline.state_at(turns[0])) or None)
"""


def main() -> None:
    with old_checkout(COMMIT, "old-snapshot") as (tree, saves):
        shutil.copy(CAMPAIGN, saves / CAMPAIGN.name)
        subprocess.run([sys.executable, "-c", SNAPSHOT, str(saves)], cwd=tree, check=True,
                       env={"PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1",
                            "LANGUAGE": "en", "PATH": "/usr/bin:/bin"})
        with sqlite3.connect(saves / CAMPAIGN.name) as db:
            db.execute("VACUUM")  # the copy's free pages: half its size
        shutil.copy(saves / CAMPAIGN.name, HERE / CAMPAIGN.name)


if __name__ == "__main__":
    main()
