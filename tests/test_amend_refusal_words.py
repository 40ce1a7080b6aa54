"""A refused correction names the entry as the log does ("turn advanced",
"tur gået"), never by its event type ("turn_advanced"): the GM never sees
the type names (gm-review3 C2)."""

from __future__ import annotations

import pytest

from tracker.core.errors import Refused
from tracker.core.events import EVENT_TYPES
from tracker.i18n import using


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_amend_refusals_name_the_entry_in_words(make, lang):
    from tracker.core import dungeon as dun
    from tracker.core import lights, party, supplies

    c = make("dyb-og-drager")
    c.dispatch(party.AddCharacter("Ana", "fighter", 1, (14, 10, 13, 12, 13, 8)))
    c.dispatch(supplies.SetSupplies("torches", 3))
    c.dispatch(dun.EnterDungeon("Cave", 1))
    lit = c.dispatch(lights.LightSource("torch", "Ana")).envelopes[0].seq
    turn = c.dispatch(dun.AdvanceTurn(1, "explore")).envelopes[0].seq
    said = []
    with using(lang, "dyb-og-drager"):
        for seq, how in ((turn, {"fields": {"foo": "1"}}), (lit, {"dice": [3]}),
                         (lit, {"fields": {"carrier": "Bo"}})):
            with pytest.raises(Refused) as e:
                c.amend_command(seq, **how)
            said.append(str(e.value))
    for text in said:
        assert not any(t in text for t in EVENT_TYPES), text
    assert ("turn advanced" in said[0]) == (lang == "en")
