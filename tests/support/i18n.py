"""The pseudo-locale and screen text for the language tests (issue 23).

The pseudo-locale ``xx`` is built from the template: every message wrapped in
⟦…⟧. Shown under it, any English word outside the markers is text that never
went through the catalogs. Each area's language test (tests/test_i18n*.py)
uses the ``pseudo`` fixture (conftest.py), ``screen_text`` and ``unmarked``.
"""

from __future__ import annotations

import gettext
import html
import io
import re
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from .pilot import settle

TEMPLATE = Path(__file__).resolve().parents[2] / "tracker" / "locale" / "tracker.pot"
SIZE = (80, 24)

ALLOWED = {  # names, ids, units and Textual's own words, not ours to translate
    "tracker", "Dyb", "Drager", "Dolmenwood", "D&D", "delve", "Astrid", "Frida", "Bramble",
    "Wren", "Aria", "Ravnehøjen", "Barrow", "Spider", "Spider's", "palette", "ctrl", "OSE",
    "fill", "stand", "explore", "rest", "search", "listen", "fight", "other", "torches",
    "oil", "rations", "torch", "lantern", "candle", "Torch", "Lantern", "Candle", "Torches",
    "Oil", "flasks", "Standard", "Iron", "Fresh", "Preserved", "Candles", "Lamp",
    "Hooded", "Bullseye", "hooded", "bullseye", "lamp", "standard", "iron", "fresh",
    "preserved", "typed", "Light", "Bless", "Doom", "doom", "the", "Crypt", "Spider’s",
}


def pseudo_catalog() -> gettext.GNUTranslations:
    with TEMPLATE.open("rb") as f:
        cat = read_po(f)
    cat.locale = None
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            m.string = (f"⟦{m.id[0]}⟧", f"⟦{m.id[1]}⟧")
        else:
            m.string = f"⟦{m.id}⟧"
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def unmarked(text: str, extra=()) -> list[str]:
    """English words outside ⟦…⟧ (names, ids and numbers allowed). A marker cut
    short on screen (an ellipsis, a dialog over it, a wrapped line) was marked
    all the same: its piece before or after the cut counts as inside."""
    outside = re.sub(r"⟦[^⟦⟧\n]*⟧", " ", text)
    outside = re.sub(r"⟦[^⟦⟧\n]*|[^⟦⟧\n]*⟧", " ", outside)
    words = re.findall(r"[A-Za-z][A-Za-z'’]{2,}", outside)
    return sorted({w for w in words if w not in ALLOWED and w not in extra})


def svg_text(svg: str) -> str:
    rows: dict[str, list[str]] = {}
    for y, body in re.findall(r'<text[^>]*\by="([0-9.]+)"[^>]*>(.*?)</text>', svg, re.S):
        rows.setdefault(y, []).append(html.unescape(re.sub(r"<[^>]+>", "", body))
                                      .replace("\xa0", " "))
    return "\n".join("".join(parts) for _, parts in sorted(rows.items(),
                                                            key=lambda kv: float(kv[0])))


async def screen_text(app, keys=()) -> str:
    """The screen's text after the keys, each key settled (a dialog's worker
    waits for its answer: settle does not wait for it)."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        return svg_text(pilot.app.export_screenshot())
