"""Small modal dialogs that return a value: dice, a choice, a line of text."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option
from textual.widgets._toast import ToastRack  # not exported; see Dialog.on_mount

from ..core.dice import DiceNeeded
from ..core.errors import Refused
from ..core.numbers import number_parts, ungrouped
from ..i18n import N_, _, ngettext
from ..i18n import dice
from .safe import plain

REFUSED_SECONDS = 6  # a refusal's toast; a dialog opening clears it sooner
NUMBER = re.compile(r"[+-]?[0-9]+")
NUMBER_OVERFLOW = 40  # digits a number field takes past its limit, to refuse them in words


class Dialog(ModalScreen):
    """A modal that Escape cancels (returning None)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="dialog.cancel")]

    @property
    def ready(self) -> bool:
        """Mounted, and its field or list has the focus: typed keys may come in."""
        return self.is_mounted and self.is_active and (
            self.focused is not None or not self.focus_chain)

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()  # keys typed before this were typed for what was
        # in front (app._follows_a_line)
        # a toast from the last action would cover the help; what it said is
        # on the alerts line or was the answer to a key the GM has moved past.
        # Textual refreshes only the dialog's own rack: the toasts of the
        # screen below would still show through the backdrop
        self.app.clear_notifications()
        for screen in self.app.screen_stack:
            for rack in screen.query(ToastRack):
                rack.show(self.app._notifications)

        # a title or help given as a function of the campaign reads it as it
        # stands: made again when another tracker's entries come in (the app
        # catches up while a dialog is open; gm-review7 C3: "treasury 0" after
        # gold added from the CLI)
        if self._live() and not getattr(self, "_follows_state", False):
            self._follows_state = True
            self.watch(self.app, "state", lambda _state: self._restate(), init=False)

    def _live(self) -> bool:
        return any(callable(getattr(self, a, None)) for a in ("title_text", "help_text"))

    def _restate(self) -> None:
        for attr, wid, style in (("title_text", "#dialog-title", "bold"),
                                 ("help_text", "#dialog-help", "")):
            value = getattr(self, attr, None)
            if callable(value):
                for label in self.query(wid):
                    label.update(plain(_said(value), style))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        # keys the app held back from this dialog (typed before it showed) go on
        after = getattr(self.app, "keys_after_dialog", None)
        if after is not None:
            after(self)


def _said(text) -> str:
    """A dialog's text: as given, or (a function) as the campaign now reads."""
    try:
        return text() if callable(text) else text
    except Exception:  # noqa: BLE001 - the campaign changed under it: say what it can
        return ""


class DiceDialog(Dialog):
    """Asks the GM for the dice of one roll; refuses values the dice cannot show."""

    def __init__(self, need: DiceNeeded):
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        g = self.need.group
        with Vertical(id="dialog"):
            yield Label(plain(f"{self.need.label[:1].upper()}{self.need.label[1:]}", "bold"),
                        id="dialog-title")
            expr = dice(self.need.expr or f"{g.count}d{g.sides}")
            how = ngettext("Roll {dice}: type the die (1-{sides})",
                           "Roll {dice}: type each of the {n} dice (1-{sides})", g.count)
            yield Label(plain(how.format(dice=expr, n=g.count, sides=g.sides)), id="dialog-help")
            yield Input(placeholder=" ".join(["?"] * g.count), id="dice-input")
            yield Label("", id="dialog-error")
            yield Label(_("Enter records it · Escape cancels the action"), id="dialog-keys")

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        g = self.need.group
        parts = number_parts(event.value)
        error = ""
        values = [int(p) for p in parts] if all(whole(p, 7) for p in parts) else []
        if len(values) != len(parts):
            error = _("whole numbers only")
        if not error and len(values) != g.count:
            error = ngettext("expected {n} value, got {got}", "expected {n} values, got {got}",
                             g.count).format(n=g.count, got=len(values))
        bad = [v for v in values if not 1 <= v <= g.sides]
        if not error and bad:
            error = _("{n} is not possible on a {die}").format(n=bad[0], die=dice(f"d{g.sides}"))
        if error:
            self.query_one("#dialog-error", Label).update(plain(error, "red"))
            return
        self.dismiss(values)


class ChoiceDialog(Dialog):
    """Pick one of a few options with the arrow keys and Enter."""

    def __init__(self, title: str, options: list[tuple[str, str]], help: str = "",
                 validate: Callable[[str], str] | None = None, initial: str | None = None):
        super().__init__()
        self.title_text = title
        self.options = options
        self.help_text = help
        self.validate = validate  # the chosen key -> why it cannot be done, or ''
        self.initial = initial  # the key highlighted first (None: the first option)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(plain(_said(self.title_text), "bold"), id="dialog-title")
            if self.help_text:
                yield Label(plain(_said(self.help_text)), id="dialog-help")
            yield OptionList(*[Option(label, id=key) for key, label in self.options],
                             id="choices", markup=False)
            if self.validate:
                yield Label("", id="dialog-error")

    def on_mount(self) -> None:
        keys = [key for key, _ in self.options]
        if self.initial is not None and self.initial in keys:
            self.query_one("#choices", OptionList).highlighted = keys.index(self.initial)

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        error = self.validate(event.option.id) if self.validate else ""
        if error:
            self.query_one("#dialog-error", Label).update(plain(error, "red"))
            return
        self.dismiss(event.option.id)


class TextField(Input):
    """A dialog's line of text. Text stops at its limit, and says so; a number
    runs past it to be refused whole, with the command's own reason (cut
    short, 12345678901 would be another number)."""

    class AtLimit(Message):
        """A key or a paste would have gone past the limit."""

        def __init__(self, limit: int = 0):
            super().__init__()
            self.limit = limit

    def __init__(self, limit: int, **kwargs):
        super().__init__(**kwargs)
        self.limit = limit

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        new = f"{value[:start]}{text}{value[end:]}"
        if len(new) > self.limit and not (NUMBER.fullmatch(new)
                                          and len(new) <= self.limit + NUMBER_OVERFLOW):
            fits = text[:max(0, self.limit - (len(new) - len(text)))]  # of a paste
            super().replace(fits, start, end)
            self.post_message(self.AtLimit(self.limit))  # after the change, which clears the error
            return
        super().replace(text, start, end)


@dataclass(frozen=True)
class Field:
    """A further line of a TextDialog, asked with the first: `Treasury: +2000`
    and `What for?` in one dialog, so no second dialog opens under keys the GM
    typed for the screen. Blank allowed unless ``required``."""

    label: str
    value: str = ""
    placeholder: str = ""
    validate: Callable[[str], str] | None = None
    max_length: int = 200
    required: bool = False


class TextDialog(Dialog):
    """One line of text, checked by ``validate`` (which returns an error or '');
    with ``more``, further lines asked at once (Tab moves between them, Enter
    in any submits them all) and the answer is a tuple of every line."""

    def __init__(self, title: str, help: str = "", value: str = "", placeholder: str = "",
                 validate: Callable[[str], str] | None = None, max_length: int = 200,
                 more: tuple[Field, ...] = ()):
        super().__init__()
        self.title_text = title
        self.help_text = help
        self.value = value
        self.placeholder = placeholder
        self.validate = validate  # the text -> why it will not do, or ''
        self.max_length = max_length
        self.more = more

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(plain(_said(self.title_text), "bold"), id="dialog-title")
            if self.help_text:
                yield Label(plain(_said(self.help_text)), id="dialog-help")
            yield TextField(self.max_length, value=self.value[:self.max_length],
                            placeholder=self.placeholder, id="text-input")
            for i, f in enumerate(self.more, 1):
                yield Label(plain(f.label), classes="dialog-field-label")
                yield TextField(f.max_length, value=f.value[:f.max_length],
                                placeholder=f.placeholder, id=f"text-input-{i}")
            yield Label("", id="dialog-error")
            if self.more:
                yield Label(_("Tab: next field · Enter records it · Escape cancels"),
                            id="dialog-keys")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#text-input", TextField).focus()

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        """Checked here, before the dialog closes: a refused value stays in the
        field with the reason under it, and the GM's next keys still land here."""
        text = self.query_one("#text-input", TextField).value.strip()
        error = _("type something, or Escape to cancel") if not text else \
            (self.validate(text) if self.validate else "")
        if error and (plain_number := ungrouped(text)) != text \
                and not self.validate(plain_number):
            # a number as tracker prints it ("3,000"; Danish "3.000"): the
            # dialog that wants one number takes it (one that takes a list,
            # "10,100" for two dice, kept it as typed above)
            text, error = plain_number, ""
        answers = [text]
        for i, f in enumerate(self.more, 1):
            line = self.query_one(f"#text-input-{i}", TextField).value.strip()
            answers.append(line)
            if not error:
                error = _("{field} type something").format(field=f.label) if f.required and not line else \
                    (f.validate(line) if f.validate and line else "")
                if error and not error.startswith(f.label):
                    error = f"{f.label} {error}"
        if error:
            self.query_one("#dialog-error", Label).update(plain(error, "red"))
            return
        self.dismiss(tuple(answers) if self.more else text)

    @on(Input.Changed)
    def _typing(self) -> None:
        self.query_one("#dialog-error", Label).update("")

    @on(TextField.AtLimit)
    def _at_limit(self, event: TextField.AtLimit) -> None:
        limit = event.limit or self.max_length
        self.query_one("#dialog-error", Label).update(
            plain(ngettext("at most {n} character", "at most {n} characters", limit).format(
                n=limit), "red"))


def refusal(app, command) -> str:
    """Why the campaign would refuse ``command`` ('' if it would not), found with
    ``Campaign.preview`` before a dialog closes. Dice the GM must type (manual
    dice) cannot be known yet: such a command is let through to ask for them;
    so is one whose preview is long (years of bastion turns): its dispatch
    says why, with progress and a Stop (ui/busy.py)."""
    if getattr(app, "campaign", None) is None:
        return ""
    catch_up = getattr(app, "catch_up_now", None)
    if catch_up is not None:  # decided on the campaign as another tracker left it (C3)
        catch_up()
    try:
        jobs = getattr(app, "jobs", None)
        if jobs is None:
            app.campaign.preview(command)
        else:
            jobs.quick(lambda: app.campaign.preview(command))
    except DiceNeeded:
        return ""
    except Refused as e:
        text = str(e)
        return text[len("refused: "):] if text.startswith("refused: ") else text
    return ""


def checked_by(app, form: Callable[[str], str], make: Callable[[str], object]):
    """A validator: ``form`` checks the text's shape, then the command ``make``
    builds from it is previewed (``make`` may raise Refused itself)."""
    def check(text: str) -> str:
        error = form(text) if form else ""
        if error:
            return error
        try:
            return refusal(app, make(text))
        except Refused as e:
            return str(e)
    return check


def whole(text: str, digits: int = 9) -> bool:
    """ASCII digits only, at most ``digits`` of them ("²" and "٣" are not numbers here)."""
    return re.fullmatch(rf"[0-9]{{1,{digits}}}", text) is not None


def positive_int(text: str) -> str:
    return "" if whole(text) and int(text) > 0 else \
        _("a whole number greater than 0 (up to 9 digits)")


def signed_int(text: str) -> str:
    """A number's shape; how large it may be is the command's to say (previewed)."""
    return "" if re.fullmatch(r"[+-]?[0-9]{1,50}", text) else \
        _("a number (set), or +N / -N (add / remove)")


class KeysDialog(Dialog):
    """The keys of one screen, taken from its active bindings (so a remapped key
    shows as it is), with what each does. Escape or any listed key closes it."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "cancel", N_("Close"), id="keys.close")]

    def __init__(self, screen):
        super().__init__()
        self.rows: list[tuple[str, str]] = []
        seen = set()
        for key, active in screen.active_bindings.items():
            b = active.binding  # the screen's and the app's, not a table's cursor keys
            if active.node not in (screen, screen.app) or not b.description \
                    or (b.action, b.description) in seen:
                continue
            seen.add((b.action, b.description))
            self.rows.append((screen.app.get_key_display(b), _(b.description)))

    def compose(self) -> ComposeResult:
        from rich.text import Text

        text = Text()
        width = max((len(k) for k, _ in self.rows), default=1)
        for key, what in self.rows:
            text.append(f"{key:>{width}}  ", style="bold")
            text.append(f"{what}\n")
        text.rstrip()
        with Vertical(id="dialog"):
            yield Label(plain(_("Keys"), "bold"), id="dialog-title")
            with VerticalScroll(id="keys-scroll"):  # at 80x24 the list is longer than the dialog
                yield Label(text, id="keys-list")
            yield Label(_("Escape closes · ↑↓ scroll · ctrl+p lists every action"),
                        id="dialog-help")


class ReadDialog(Dialog):
    """A long text read whole (a log entry): it wraps at any width and
    scrolls. Escape, Enter or q closes it."""

    BINDINGS = [Binding("escape,enter,q", "cancel", N_("Close"), id="read.close")]

    def __init__(self, title: str, text):
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(plain(self.title_text, "bold"), id="dialog-title")
            with VerticalScroll(id="read-scroll"):
                yield Label(self.text, id="read-text")
            yield Label(_("Escape or Enter closes · ↑↓ scroll"), id="dialog-help")
