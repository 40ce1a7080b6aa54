"""The players' page as HTML, built from ``tracker/public.py``'s data. Every
string from the campaign (names the GM typed, log lines) goes through
``html.escape``; the page's script and style are files of their own, so the
Content-Security-Policy allows no inline script at all."""

from __future__ import annotations

from html import escape
from importlib.resources import files

STYLE = files(__package__).joinpath("page.css").read_text(encoding="utf-8")
SCRIPT = files(__package__).joinpath("page.js").read_text(encoding="utf-8")


def _e(text) -> str:
    return escape(str(text), quote=True)


def document(title: str, body: str, code: str | None = None) -> str:
    """A whole page; ``code`` is handed to the script for the live stream."""
    q = f"?code={_e(code)}" if code else ""
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"referrer\" content=\"no-referrer\">"
        f"<title>{_e(title)}</title><link rel=\"stylesheet\" href=\"page.css\"></head>"
        f"<body>{body}<script src=\"page.js\" data-events=\"events{q}\"></script>"
        "</body></html>\n")


def view_page(view: dict, code: str | None) -> str:
    body = (f"<header><h1 id=\"campaign\">{_e(view['campaign'])}</h1>"
            "<p id=\"live\" class=\"live\">connecting…</p></header>"
            f"<main id=\"view\">{main(view)}</main>")
    return document(f"{view['campaign']} · players' view", body, code)


def main(view: dict) -> str:
    """The part the live stream replaces: time, panels, the public log."""
    s = view["session"]
    session = f"Session {s['number']}" + ("" if s["running"] else " (between sessions)") \
        if s["number"] else "Before the first session"
    out = [f"<section class=\"when\"><p class=\"clock\" id=\"clock\">Day {_e(view['day'])}, "
           f"{_e(view['time'])}</p><p>{_e(session)} · {_e(view['ruleset'])}</p></section>"]
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
    if not items:
        return "<section class=\"panel log\"><h2>Log</h2><p>Nothing yet.</p></section>"
    lis = "".join(f"<li><span class=\"t\">{_e(i['time'])}</span> {_e(i['text'])}</li>"
                  for i in items)
    return f"<section class=\"panel log\"><h2>Log</h2><ol>{lis}</ol></section>"


def refused(why: str) -> str:
    """The page without the code, or with a wrong one: says so, shows nothing."""
    body = (f"<main class=\"refused\"><h1>Players' view</h1><p>{_e(why)}</p>"
            "<p>Ask the GM for the address: it ends in <code>?code=…</code></p></main>")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>Players' view</title><link rel=\"stylesheet\" href=\"page.css\"></head>"
            f"<body>{body}</body></html>\n")
