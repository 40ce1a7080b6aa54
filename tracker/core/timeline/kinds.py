"""What an undo or redo names: the kind of the command's first entry
("turn advanced"), as the log says it in the active language. The label is
stored in the undo entry in English (its event type's words); it is
translated when shown, so one log reads in any language. A kind not listed
(an event type added later) reads as stored.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from ... import i18n
from ...i18n import pgettext
from .hooks import COUNTED_WORDS, COUNTS


def type_words(event_type: str) -> str:
    """An event type ("turn_advanced") as the GM reads it: "turn advanced", translated."""
    return kind_words(event_type.replace("_", " "))


def kind_words(label: str) -> str:
    """``label`` (an event type's words, "turn advanced") in the active language;
    a counted label ("3 turns advanced", "2 bastion weeks": ``command_label``)
    with its number in the language's plural form."""
    if label[:1].isdigit() and (m := _COUNTED_LABEL.fullmatch(label)):
        n, words = int(m.group(1)), m.group(2)
        shown = COUNTED_WORDS.get(words)
        if shown is not None:
            return shown(n)
        if words.startswith("× "):
            return f"{n} × {kind_words(words[2:])}"
    return _made(i18n.current()).get(label, label)


# A command of several entries (gm-review F17): the GM did "2 bastion weeks" or
# "3 turns", not the "downtime passed" or "turn advanced" of its first entry.
# The label is stored in English (in the undo entry, as before) and shown by
# ``kind_words`` in the active language. Each area registers its own counts
# (``hooks.counts``), beside the command that writes them.
_COUNTED_LABEL = re.compile(r"([0-9]{1,6}) (.+)")


def command_label(types: Sequence[str]) -> str:
    """What undo and redo name for a command whose entries are of ``types``
    (in order): what an area counts it as (``hooks.counts``: "3 turns advanced",
    "2 bastion weeks"), else the first entry's kind ("camp made"), counted
    where the command repeats it."""
    for count, one, many, _words in COUNTS:
        if n := count(types):
            return f"{n} {one if n == 1 else many}"
    first = types[0]
    n = types.count(first)
    if n < 2:
        return first.replace("_", " ")
    return f"{n} × {first.replace('_', ' ')}"


@lru_cache(maxsize=8)
def _made(code: str) -> dict[str, str]:
    return {
        "basic facility enlarged": pgettext("entry kind", "basic facility enlarged"),
        "basic facility ordered": pgettext("entry kind", "basic facility ordered"),
        "bastion divested": pgettext("entry kind", "bastion divested"),
        "bastion founded": pgettext("entry kind", "bastion founded"),
        "bastion gold moved": pgettext("entry kind", "bastion gold moved"),
        "bastion turn run": pgettext("entry kind", "bastion turn run"),
        "bastions combined": pgettext("entry kind", "bastions combined"),
        "camp long rest": pgettext("entry kind", "camp long rest"),
        "camp made": pgettext("entry kind", "camp made"),
        "campaign created": pgettext("entry kind", "campaign created"),
        "character added": pgettext("entry kind", "character added"),
        "character removed": pgettext("entry kind", "character removed"),
        "character renamed": pgettext("entry kind", "character renamed"),
        "chase ended": pgettext("entry kind", "chase ended"),
        "chase escape rolled": pgettext("entry kind", "chase escape rolled"),
        "chase joined": pgettext("entry kind", "chase joined"),
        "chase left": pgettext("entry kind", "chase left"),
        "chase side swapped": pgettext("entry kind", "chase side swapped"),
        "chase started": pgettext("entry kind", "chase started"),
        "chase turn taken": pgettext("entry kind", "chase turn taken"),
        "check rolled": pgettext("entry kind", "check rolled"),
        "condition set": pgettext("entry kind", "condition set"),
        "damage taken": pgettext("entry kind", "damage taken"),
        "day sailed": pgettext("entry kind", "day sailed"),
        "day travelled": pgettext("entry kind", "day travelled"),
        "death save rolled": pgettext("entry kind", "death save rolled"),
        "defender named": pgettext("entry kind", "defender named"),
        "defender struck": pgettext("entry kind", "defender struck"),
        "defenders moved": pgettext("entry kind", "defenders moved"),
        "depth changed": pgettext("entry kind", "depth changed"),
        "disembarked": pgettext("entry kind", "disembarked"),
        "downtime passed": pgettext("entry kind", "downtime passed"),
        "dungeon entered": pgettext("entry kind", "dungeon entered"),
        "dungeon left": pgettext("entry kind", "dungeon left"),
        "effect ended": pgettext("entry kind", "effect ended"),
        "effect started": pgettext("entry kind", "effect started"),
        "embarked": pgettext("entry kind", "embarked"),
        "entry corrected": pgettext("entry kind", "entry corrected"),
        "entry revealed": pgettext("entry kind", "entry revealed"),
        "evasion bait dropped": pgettext("entry kind", "evasion bait dropped"),
        "evasion rolled": pgettext("entry kind", "evasion rolled"),
        "evasion round run": pgettext("entry kind", "evasion round run"),
        "evasion started": pgettext("entry kind", "evasion started"),
        "exhaustion set": pgettext("entry kind", "exhaustion set"),
        "facility added": pgettext("entry kind", "facility added"),
        "facility enlarged": pgettext("entry kind", "facility enlarged"),
        "facility rechosen": pgettext("entry kind", "facility chosen again"),
        "facility swapped": pgettext("entry kind", "facility swapped"),
        "fast travel started": pgettext("entry kind", "fast travel started"),
        "foraged day": pgettext("entry kind", "foraged day"),
        "gale met": pgettext("entry kind", "gale met"),
        "guide set": pgettext("entry kind", "guide set"),
        "hasty exit rolled": pgettext("entry kind", "hasty exit rolled"),
        "heading set": pgettext("entry kind", "heading set"),
        "healed": pgettext("entry kind", "healed"),
        "hunted": pgettext("entry kind", "hunted"),
        "language set": pgettext("entry kind", "language set"),
        "levelled up": pgettext("entry kind", "levelled up"),
        "light doused": pgettext("entry kind", "light doused"),
        "light lit": pgettext("entry kind", "light lit"),
        "light relit": pgettext("entry kind", "light relit"),
        "light taken": pgettext("entry kind", "light taken"),
        "load set": pgettext("entry kind", "load set"),
        "long rested": pgettext("entry kind", "long rested"),
        "malnutrition saved": pgettext("entry kind", "malnutrition saved"),
        "manual dice set": pgettext("entry kind", "manual dice set"),
        "note added": pgettext("entry kind", "note added"),
        "pace set": pgettext("entry kind", "pace set"),
        "party dismounted": pgettext("entry kind", "party dismounted"),
        "party mounted": pgettext("entry kind", "party mounted"),
        "players hp set": pgettext("entry kind", "players hp set"),
        "pursuit day rolled": pgettext("entry kind", "pursuit day rolled"),
        "redone": pgettext("entry kind", "redone"),
        "refugees housed": pgettext("entry kind", "refugees housed"),
        "rest day taken": pgettext("entry kind", "rest day taken"),
        "rewound": pgettext("entry kind", "rewound"),
        "rounds passed": pgettext("entry kind", "rounds passed"),
        "route planned": pgettext("entry kind", "route planned"),
        "ruleset changed": pgettext("entry kind", "ruleset changed"),
        "session ended": pgettext("entry kind", "session ended"),
        "session started": pgettext("entry kind", "session started"),
        "short rested": pgettext("entry kind", "short rested"),
        "supplies set": pgettext("entry kind", "supplies set"),
        "travel encounter rolled": pgettext("entry kind", "travel encounter rolled"),
        "travel place set": pgettext("entry kind", "travel place set"),
        "turn advanced": pgettext("entry kind", "turn advanced"),
        "undone": pgettext("entry kind", "undone"),
        "walls ordered": pgettext("entry kind", "walls ordered"),
        "water set": pgettext("entry kind", "water set"),
        "way found": pgettext("entry kind", "way found"),
        "weather set": pgettext("entry kind", "weather set"),
        "xp awarded": pgettext("entry kind", "xp awarded"),
    }
