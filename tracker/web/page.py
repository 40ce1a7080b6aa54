"""The players' page as HTML, built from ``tracker/public.py``'s data. Every
string from the campaign (names the GM typed, log lines) goes through
``html.escape``; the page's script and style are files of their own, so the
Content-Security-Policy allows no inline script at all."""

from __future__ import annotations

from html import escape
from importlib.resources import files

from .. import i18n
from ..i18n import _

STYLE = files(__package__).joinpath("page.css").read_text(encoding="utf-8")
SCRIPT = files(__package__).joinpath("page.js").read_text(encoding="utf-8")


def _e(text) -> str:
    return escape(str(text), quote=True)


def document(title: str, body: str, code: str | None = None) -> str:
    """A whole page in the language of the moment (its ``lang`` too); ``code``
    is handed to the script for the live stream."""
    q = f"?code={_e(code)}" if code else ""
    return (
        f"<!doctype html>\n<html lang=\"{_e(i18n.current())}\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"referrer\" content=\"no-referrer\">"
        f"<title>{_e(title)}</title><link rel=\"stylesheet\" href=\"page.css\"></head>"
        f"<body>{body}<script src=\"page.js\" data-events=\"events{q}\"></script>"
        "</body></html>\n")


def live_words() -> dict[str, str]:
    """What the page says of its live stream (page.js shows them), in the
    language of the moment: sent with every view, so a change of language
    reaches a page already open."""
    return {"lang": i18n.current(), "on": _("live"), "off": _("reconnecting…")}


def view_page(view: dict, code: str | None) -> str:
    words, connecting = live_words(), _("connecting…")
    body = (f"<header><h1 id=\"campaign\">{_e(view['campaign'])}</h1>"
            f"<p id=\"live\" class=\"live\" data-on=\"{_e(words['on'])}\" "
            f"data-off=\"{_e(words['off'])}\">{_e(connecting)}</p></header>"
            f"<main id=\"view\">{main(view)}</main>")
    return document(_("{campaign} · players' view").format(campaign=view["campaign"]), body,
                    code)


def main(view: dict) -> str:
    """The part the live stream replaces: time, panels, the public log."""
    s = view["session"]
    if not s["number"]:
        session = _("Before the first session")
    elif s["running"]:
        session = _("Session {n}").format(n=s["number"])
    else:
        session = _("Session {n} (between sessions)").format(n=s["number"])
    clock = _("Day {day}, {time}").format(day=view["day"], time=view["time"])
    out = [f"<section class=\"when\"><p class=\"clock\" id=\"clock\">{_e(clock)}</p>"
           f"<p>{_e(session)} · {_e(view['ruleset'])}</p></section>"]
    out += [panel(p) for p in view["panels"]]
    out.append(log(view["log"]))
    return "".join(out)


def panel(p: dict) -> str:
    kind = "".join(ch for ch in p["kind"] if ch.isalnum() or ch == "-")
    parts = [f"<section class=\"panel {kind}\"><h2>{_e(p['title'])}</h2>"]
    if p["facts"]:
        parts.append("<dl>" + "".join(f"<div><dt>{_e(k)}</dt><dd>{_e(v)}</dd></div>"
                                      for k, v in p["facts"]) + "</dl>")
    if p["rows"]:
        head = "".join(f"<th scope=\"col\">{_e(h)}</th>" for h in p["header"])
        rows = "".join("<tr>" + "".join(
            f"<td data-label=\"{_e(h)}\">{_e(v)}</td>" for h, v in zip(p["header"], row))
            + "</tr>" for row in p["rows"])
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    if p["lines"]:
        parts.append("<ul>" + "".join(f"<li>{_e(l)}</li>" for l in p["lines"]) + "</ul>")
    parts.append("</section>")
    return "".join(parts)


def log(items: list[dict]) -> str:
    title = _e(_("Log"))
    if not items:
        nothing = _e(_("Nothing yet."))
        return f"<section class=\"panel log\"><h2>{title}</h2><p>{nothing}</p></section>"
    lis = "".join(f"<li><span class=\"t\">{_e(i['time'])}</span> {_e(i['text'])}</li>"
                  for i in items)
    return f"<section class=\"panel log\"><h2>{title}</h2><ol>{lis}</ol></section>"


def refused(why: str) -> str:
    """The page without the code, or with a wrong one: says so, shows nothing
    (in the language of the moment: the campaign's, which names nothing)."""
    title = _e(_("Players' view"))
    ask = _e(_("Ask the GM for the address: it ends in {code}")).format(
        code="<code>?code=…</code>")
    body = f"<main class=\"refused\"><h1>{title}</h1><p>{_e(why)}</p><p>{ask}</p></main>"
    return (f"<!doctype html>\n<html lang=\"{_e(i18n.current())}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title><link rel=\"stylesheet\" href=\"page.css\"></head>"
            f"<body>{body}</body></html>\n")
