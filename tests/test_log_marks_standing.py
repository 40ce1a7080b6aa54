"""The GM's log marks follow the log as it stands (gm-review6's "left out"):
an entry undone and then brought back by a rewind to a point where it stood
reads unmarked, in ``tracker log`` (text and --json), in the whole list the
log screen sketches and in the entries every pane reads; one undone again, or
undone at the point rewound to, still reads ``(undone)``."""

from __future__ import annotations

import json

from tracker.history import entries, sketch
from tracker.service import Campaign

WREN = ("add-character", "Wren", "--class", "fighter", "--abilities", "14,10,9,12,13,8")


def _play(cli, name, *steps):
    cli("new", name, "--ruleset", "dolmenwood", "--seed", "1")
    for argv in (WREN, ("enter-dungeon", "Barrow"), ("turn",)):  # #5 the turn
        cli("do", name, *argv)
    for step in steps:
        if step == ("undo",) or step == ("redo",):
            cli(step[0], name)
        else:
            cli("do", name, *step)


def _marks(saves, cli, name) -> dict[str, dict[int, tuple[bool, bool]]]:
    """Each reader's (undone, rewound) by seq."""
    text = {int(l.split()[0]): ("(undone)" in l, "(rewound)" in l)
            for l in cli("log", name).splitlines() if l.strip()[:1].isdigit()}
    js = {e["seq"]: (e["undone"], e["rewound"])
          for e in map(json.loads, cli("log", name, "--json").splitlines())}
    c = Campaign.open(saves, name)
    try:
        envs = list(c.store.read())
        listed = {e.seq: (e.undone, e.rewound) for e in entries(envs, c.timeline)}
        sketched = {e.seq: (e.undone, e.rewound) for e in sketch(envs)}
    finally:
        c.close()
    return {"text": text, "json": js, "entries": listed, "sketch": sketched}


def test_an_undone_entry_a_rewind_brings_back_reads_unmarked(saves, cli):
    _play(cli, "u1", ("undo",), ("rewind", "5"))  # #6 undoes #5, #7 returns to right after #5
    for reader, marks in _marks(saves, cli, "u1").items():
        assert marks[5] == (False, False), (reader, marks)


def test_undone_again_after_the_rewind_reads_undone(saves, cli):
    _play(cli, "u2", ("undo",), ("rewind", "5"), ("undo",))
    for reader, marks in _marks(saves, cli, "u2").items():
        assert marks[5] == (True, False), (reader, marks)


def test_a_rewind_to_where_it_was_undone_keeps_it_undone(saves, cli):
    _play(cli, "u3", ("undo",), ("note", "x"), ("rewind", "6"))  # back to right after the undo
    for reader, marks in _marks(saves, cli, "u3").items():
        assert marks[5] == (True, False) and marks[7] == (False, True), (reader, marks)


def test_undone_after_a_rewind_marks_each_by_its_own_cause(saves, cli):
    _play(cli, "u4", ("turn",), ("rewind", "5"), ("note", "x"), ("undo",))
    # #6 rewound (taken back by #7), #8 undone (by #9)
    for reader, marks in _marks(saves, cli, "u4").items():
        assert marks[6] == (False, True) and marks[8] == (True, False), (reader, marks)
