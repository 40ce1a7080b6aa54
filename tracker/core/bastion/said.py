"""A bastion turn's lines and ledger notes as data, made into text only when
shown (issue 23). A turn is worked out on replay too, where no text may be
made (docs/i18n.md), yet its lines are kept in the state for the screen, the
alerts and the players' view: so the state keeps each line's English message
(marked with ``N_`` where it is written) and its values, and ``text()`` says
it in the language of the moment, with the ruleset's names from ``term()``."""

from __future__ import annotations

from ... import i18n
from ...i18n import _, ngettext
from ..describe import roll_text
from ..terms import term
from . import model
from .model import Joined, Said, Term, Text, Value  # noqa: F401 - the kept message's types


def say(msg: str, **args) -> Said:
    return Said(msg, tuple(args.items()))


def say_n(singular: str, plural: str, n: int, **args) -> Said:
    return Said(singular, tuple({"n": n, **args}.items()), plural, n)


def verbatim(words: str) -> Said:
    return Said("", (("", words),))


def text(value: Value, rules) -> str:
    """``value`` in the active language, the ruleset's names from ``rules``."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return i18n.number(value)
    if isinstance(value, Term):  # no rules at hand: the name as recorded
        name = term(rules, value.key, value.english) if rules is not None else value.english
        return name.lower() if value.lower else name
    if isinstance(value, Joined):
        return value.sep.join(text(p, rules) for p in value.parts)
    if not value.msg:
        return text(value.args[0][1], rules) if value.args else ""
    form = ngettext(value.msg, value.plural, value.n) if value.plural else _(value.msg)
    return form.format(**{k: text(v, rules) for k, v in value.args})


model.SAYING.update(text=text, roll=roll_text)  # the model keeps messages; this module says them
