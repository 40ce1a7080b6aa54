"""gm-review3 R13: after ``rename-character Bo Bob`` the log's character
filter (``log --character``, the app's log screen: both ``history.filtered``)
finds Bob's entries from when he was Bo, not the rename alone; a new Bo added
after the rename is not Bob."""

from __future__ import annotations


from tracker.history import entries, filtered
from tracker.service import Campaign



def test_the_old_name_counts_for_the_new_one(cli, saves):
    cli("new", "c", "--ruleset", "dolmenwood", "--seed", "1")
    for step in (["add-character", "Ana", "--hp", "8"], ["add-character", "Bo", "--hp", "8"],
                 ["damage", "Bo", "1"], ["rename-character", "Bo", "Bob"],
                 ["rename-character", "Bob", "Robert"], ["add-character", "Bo", "--hp", "8"],
                 ["damage", "Bo", "2"]):
        cli("do", "c", *step)
    out = cli("log", "c", "--character", "robert")
    assert "Bo joined" in out
    lines = out.splitlines()
    assert len(lines) == 4, out  # joined, damage, the two renames; not the new Bo's
    c = Campaign.open(saves, "c")
    listed = entries(list(c.store.read()), c.timeline)
    assert [e.seq for e in filtered(listed, character="Robert")] == \
        [int(line.split()[0]) for line in lines]
    assert len(filtered(listed, character="Bob")) == 4  # as Bo, and becoming Bob, Robert
    assert len(filtered(listed, character="Bo")) == 5  # every entry with the name Bo
    c.close()
