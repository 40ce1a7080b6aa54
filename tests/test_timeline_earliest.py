"""``undecoded.earliest`` keeps the earliest entry of the last dict of
corrections it was asked of or that ``with_correction`` made from it (a
one-slot cache: a mixed replay's correction asked ``min`` over every
correction in force). Whatever the order of the calls, it must be ``min``."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tracker.core.timeline import undecoded as und

_EVENTS = ()  # a stand-in's events: their content does not matter here


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 500), st.integers(0, 10**6)), min_size=1, max_size=40))
def test_earliest_is_min_of_every_dict_made_along_the_way(steps):
    made = []
    corrections: dict = {}
    for seq, pick in steps:
        if made and pick % 3 == 0:  # go back to an older dict (an undo), as replay may
            corrections = made[pick % len(made)]
        corrections = und.with_correction(corrections, seq, _EVENTS)
        made.append(corrections)
        assert und.earliest(corrections) == min(corrections)
        older = made[pick % len(made)]
        assert und.earliest(older) == min(older)
    for d in made:  # none was changed, and each still gives its own
        assert und.earliest(d) == min(d)
