"""The area screens (dungeon, log, recap, party, ...), registered by their own
modules. The app builds its screen keys, the palette's screen entries and its
list of stylesheets from this registry, so it names no area screen itself.

A new area screen is a module in ``tracker/ui/screens/`` (and its .tcss beside
app.tcss) whose screen class carries one line:

    @area_screen("travel", key="5", title="Travel", help="Day by day", css="travel.tcss", order=5)
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from dataclasses import dataclass
from pathlib import Path

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from . import repaint
from .widgets.alerts_line import AlertsLine
from .widgets.fitting_footer import FittingFooter


STYLES = Path(__file__).resolve().parent  # where the .tcss files live


@dataclass(frozen=True)
class AreaScreen:
    name: str  # e.g. "dungeon": show_area('dungeon'), the binding id app.screen.dungeon
    key: str  # the key that switches to it, e.g. "1"
    title: str  # e.g. "Dungeon": the keys screen, and "Dungeon screen" in the palette
    help: str  # one line for the palette, e.g. "The turn clock"
    css: Path  # its own stylesheet, rules prefixed with the screen's class name
    order: int  # the first is the base of the screen stack; the others open above it
    screen: type[Screen]


_REGISTERED: dict[str, AreaScreen] = {}


def area_screen(name: str, *, key: str, title: str, help: str, css: str, order: int):
    """Register the decorated Screen class as the area screen ``name``; it gets
    the alerts line above its footer, as every area screen does."""
    def register(cls: type[Screen]) -> type[Screen]:
        if name in _REGISTERED and _REGISTERED[name].screen.__qualname__ != cls.__qualname__:
            raise ValueError(f"two area screens are named {name!r}")
        _REGISTERED[name] = AreaScreen(name, key, title, help, STYLES / css, order, cls)
        _give_alerts_line(cls)
        _guard_rendering(cls)
        return cls
    return register


# A screen's own handlers and renderers: what showing the state, a key, a resize
# or a timer runs. An exception there must not end the app (docs/cli.md).
_GUARDED = ("on_", "action_", "watch_", "show", "_show", "reload", "rebuild", "refresh_")


def _guard_rendering(cls: type[Screen]) -> None:
    """Every handler and renderer the screen's own modules define is wrapped:
    an error is shown (a refusal as refused; anything else with a bug file,
    ``app.report_error``) and the app goes on. The one place every area screen
    goes through, so no screen's render can quit the app."""
    seen: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("tracker."):
            continue
        for name, fn in list(vars(klass).items()):
            if name in seen:
                continue
            seen.add(name)
            if inspect.isfunction(fn) and name.startswith(_GUARDED) \
                    and not getattr(fn, "_guarded", False):
                setattr(cls, name, _guarded(fn, f"{cls.__name__}.{name}"))


def _guarded(fn, where: str):
    def report(self, error: Exception) -> None:
        app = getattr(self, "app", None)
        if app is None or not hasattr(app, "report_error"):
            raise error
        app.report_error(error, where)

    if inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def run(self, *args, **kwargs):
            try:
                return await fn(self, *args, **kwargs)
            except Exception as error:  # noqa: BLE001 - shown, never fatal
                report(self, error)
    else:
        @functools.wraps(fn)
        def run(self, *args, **kwargs):
            try:
                return fn(self, *args, **kwargs)
            except Exception as error:  # noqa: BLE001 - shown, never fatal
                report(self, error)
    run._guarded = True
    return run


def _give_alerts_line(cls: type[Screen]) -> None:
    """The screen composes as it says, with the alerts line put just above its
    Footer (or last), filled with the alerts of the GM's latest action; its
    Footer becomes one that never cuts a key in half (widgets/fitting_footer.py)."""
    compose = cls.compose

    def composed(self):
        placed = False
        for widget in compose(self):
            if isinstance(widget, Footer) and not placed:
                yield AlertsLine(id="alerts-line")
                placed = True
                if type(widget) is Footer:  # one that fits at any width (no "^q Qui")
                    widget = FittingFooter(compact=widget.compact, id=widget.id,
                                           classes=" ".join(widget.classes))
            yield widget
        if not placed:
            yield AlertsLine(id="alerts-line")

    def on_screen_resume(self, event) -> None:
        self.query_one(AlertsLine).show(getattr(self.app, "last_alerts", []))
        repaint.shown_again(self)  # changes made while another screen covered it
        if resumed is not None:
            resumed(self, event)

    resumed = getattr(cls, "on_screen_resume", None)
    cls.compose = composed
    cls.on_screen_resume = on_screen_resume


def area_screens() -> list[AreaScreen]:
    """Every area screen, in order (the screen modules are imported on first use)."""
    _import_screen_modules()
    return sorted(_REGISTERED.values(), key=lambda a: a.order)


def base_screen() -> type[Screen]:
    """The screen a campaign opens on; the other area screens open above it."""
    return area_screens()[0].screen


def screen_of(name: str) -> type[Screen]:
    _import_screen_modules()
    return _REGISTERED[name].screen


def bindings() -> list[Binding]:
    """One key per area screen (hidden from the footer; listed by ? and the palette)."""
    return [Binding(a.key, f"show_area('{a.name}')", a.title, show=False,
                    id=f"app.screen.{a.name}") for a in area_screens()]


def stylesheets() -> list[Path]:
    return [a.css for a in area_screens()]


_imported = False


def _import_screen_modules() -> None:
    """Importing a screen module runs its @area_screen line."""
    global _imported
    if _imported:
        return
    from . import screens

    for module in pkgutil.iter_modules(screens.__path__):
        importlib.import_module(f"{screens.__name__}.{module.name}")
    _imported = True
