"""The ``tracker`` command: opens the app, or runs one action headless.

Exit codes: 0 success; 1 a refused action or bad input (one line on stderr);
2 a usage error; 70 an internal error (a bug in tracker: one line on stderr,
the traceback in a file in the temp folder, or on stderr with TRACKER_DEBUG=1).
Every action goes through ``Campaign.dispatch``, the same path the app uses.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import stat
import sys
from pathlib import Path

from . import argparse_words, atomic, i18n
from .actions import ACTIONS, Usage, ints
from .i18n import N_, _, ngettext
from .actions.spec import whole_number
from .core import progress
from .core.errors import Refused
from .core.handlers import Command
from .core import terms
from .core.ruleset import load_text
from .core.view import state_json
from .service import Campaign, list_campaigns
from .core.describe import roll_text
from .history import AREAS
from .store import jsonl, paths
from .store.sqlite import Damaged, EventStore
from .bugreport import write_bug_report


EXIT_OK, EXIT_REFUSED, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 70  # 70: EX_SOFTWARE
SAVES_HELP = N_("folder of campaigns (or TRACKER_SAVES)")
LANG_HELP = N_("the language to show this run in: en, da or uk (default: the campaign's, "
               "or LANGUAGE, LC_ALL, LC_MESSAGES)")
DESCRIPTION = N_("The tracker command: opens the app, or runs one action headless.")

# argparse's own words ("usage:", "options", its refusals) come from tracker's
# catalogs (argparse_words.py): it looks its gettext up as a module global.
argparse._ = i18n._
argparse.ngettext = i18n.ngettext


class _Parser(argparse.ArgumentParser):
    """A parser that names each argument in the run's language (``NAME``,
    ``amount``: argparse_words.METAVARS) in its usage line, its help and its
    refusals; named as it is added, so a command's usage line ("tracker do
    navn damage"), made when its parent's commands are added, says it too."""

    def add_argument(self, *args, **kwargs):
        action = super().add_argument(*args, **kwargs)
        if argparse_words.named(action):
            action.metavar = argparse_words.in_language(argparse_words.shown_name(action))
        return action

    def add_subparsers(self, **kwargs):
        if "metavar" in kwargs:
            kwargs["metavar"] = argparse_words.in_language(kwargs["metavar"])
        return super().add_subparsers(**kwargs)


class _Subcommand(_Parser):
    """A command's parser, which takes ``--saves`` too: GMs type it after the
    command as often as before it (``tracker new c --saves DIR``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # SUPPRESS: absent here, the value given before the command stands
        self.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help=_(SAVES_HELP))
        self.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=_(LANG_HELP))


class _DoParser(_Subcommand):
    """``tracker do``: a command of its own typed as an action (``tracker do c
    undo``) is told where it lives, not refused with the list of every action."""

    commands: dict[str, str] = {}  # a top-level command -> how it is typed

    def _check_value(self, action, value):
        if isinstance(action, argparse._SubParsersAction) and value in self.commands \
                and value not in action.choices:
            self.error(_("{command} is its own command: {usage}").format(
                command=value, usage=self.commands[value]))
        super()._check_value(action, value)


def build_parser(rules=None) -> argparse.ArgumentParser:
    """The command line; with ``rules`` (the campaign a help or a refusal is
    for), the words that follow its ruleset (the order of the abilities)."""
    ap = _Parser(prog="tracker", description=_(DESCRIPTION))
    ap.add_argument("--saves", metavar="DIR", help=_(SAVES_HELP))
    ap.add_argument("--lang", metavar="CODE", help=_(LANG_HELP))
    sub = ap.add_subparsers(dest="cmd", metavar="COMMAND", parser_class=_Subcommand)

    p = sub.add_parser("open", help=_("open a campaign in the app"))
    p.add_argument("name")
    p = sub.add_parser("new", help=_("create a campaign"),
                       description=_("Create a campaign. With --lang CODE it reads in that "
                                     "language from its first entry (default: its ruleset's)."))
    p.add_argument("name")
    p.add_argument("--ruleset", required=True,
                   help=_("a ruleset id (see: tracker rulesets) or .toml file"))
    p.add_argument("--seed", type=whole_number, help=_("dice seed (default: random)"))
    sub.add_parser("list", help=_("list campaigns, most recently played first"))
    p = sub.add_parser("rulesets", help=_("list shipped rulesets, or check a ruleset file"))
    rs = p.add_subparsers(dest="rcmd", metavar="SUBCOMMAND")
    c = rs.add_parser("check", help=_("check a ruleset file and report the first problem, "
                                      "then the names it does not translate"))
    c.add_argument("file")

    p = sub.add_parser("do", help=_("run one GM action"), description=_("Run one GM action."))
    p.__class__ = _DoParser  # a _Subcommand that knows the other commands
    p.add_argument("name", help=_("campaign"))
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action in ACTIONS.values():
        ap_ = acts.add_parser(action.name, help=_(action.help), description=_(action.help))
        action.add_to(ap_, rules)
        ap_.add_argument("--dice", type=ints, metavar="N,N,...",
                         help=_("die results in the order the action rolls them; "
                                "the rest roll from the campaign's seed"))
        ap_.add_argument("--json", action="store_true", help=_("print the new state as JSON"))

    p = sub.add_parser("state", help=_("print the campaign's state"))
    p.add_argument("name")
    p.add_argument("--json", action="store_true", help=_("JSON (docs/state.md); the default"))
    p.add_argument("--at", type=whole_number, metavar="SEQ",
                   help=_("as it stood right after entry SEQ"))
    p = sub.add_parser("log", help=_("print the campaign's log"))
    p.add_argument("name")
    p.add_argument("--json", action="store_true", help=_("one JSON object per line"))
    p.add_argument("--session", type=whole_number, help=_("only this session"))
    p.add_argument("--area", choices=sorted(AREAS), help=_("only this area"))
    p.add_argument("--character", metavar="NAME", help=_("only entries about this character"))
    p.add_argument("--grep", metavar="TEXT", help=_("only entries containing TEXT"))
    p.add_argument("--dice", dest="dice_detail", action="store_true",
                   help=_("show every entry's dice (expression, each die, typed or rolled)"))
    p = sub.add_parser("undo", help=_("undo the last action"))
    p.add_argument("name")
    p = sub.add_parser("redo", help=_("redo the last undone action"))
    p.add_argument("name")
    p = sub.add_parser("export", help=_("export the log"))
    p.add_argument("name")
    p.add_argument("--format", choices=["jsonl", "markdown"], default="jsonl",
                   help=_("jsonl: the whole log; markdown: a session recap"))
    p.add_argument("--session", metavar="N[-M]",
                   help=_("markdown: the session, or span of sessions (default: the last)"))
    p.add_argument("-o", "--output", metavar="FILE", help=_("default: standard output"))
    p = sub.add_parser("serve", help=_("the players' view: a read-only web page of what the "
                                       "table may see, live (docs/players-view.md)"))
    p.add_argument("name")
    p.add_argument("--host", default="127.0.0.1",
                   help=_("address to listen on (default 127.0.0.1: this machine only; "
                          "0.0.0.0: the network, with an access code)"))
    p.add_argument("--port", type=int, default=8724, help=_("default {port}").format(port=8724))
    p.add_argument("--new-code", action="store_true",
                   help=_("replace the campaign's access code (the old address stops working)"))
    p = sub.add_parser("import", help=_("create a campaign from a JSONL export"))
    p.add_argument("file")
    p.add_argument("name")
    # each command typed under `do` by mistake is told how it is typed
    _DoParser.commands = {name: "tracker " + name + (" " + argparse_words.in_language("NAME")
                                                    if name in ON_A_CAMPAIGN else "")
                         for name in sub.choices if name != "do"}
    return ap


def _state_json(campaign: Campaign, state, seq: int) -> dict:
    """The state under the campaign's own name: an imported copy replays the
    original's log, whose first entry names the original."""
    return {**state_json(state, seq), "campaign": campaign.name}


MOVED_SHOWN = 6  # a correction's later entries printed one by one, at most


def _moves_summed_up(listed: list) -> list:
    """A correction that moves many later entries (a turn inserted early in a
    long delve: every later turn's check moves; gm-review5 R5) prints the entry
    it corrects, the moved ones whose time passing did something (a torch now
    going out there, rations eaten), and one line for the others: the log
    lists each."""
    moved = [e for e in listed[1:] if e.type == "entry_corrected"]
    if len(moved) <= MOVED_SHOWN or len(moved) != len(listed) - 1 or \
            listed[0].type != "entry_corrected":
        return listed
    told = [e for e in moved if e.passed]
    quiet = len(moved) - len(told)
    out: list = [listed[0], *(f"#{e.seq} {e.text}" for e in told)]
    if quiet:
        out.append(ngettext("… and {n} later entry moved with it (#{first}-#{last}): "
                            "tracker log lists it",
                            "… and {n} later entries moved with it (#{first}-#{last}): "
                            "tracker log lists them", quiet).format(
            n=quiet, first=moved[0].seq, last=moved[-1].seq))
    return out


def _print_outcome(out, campaign: Campaign, as_json: bool) -> None:
    if as_json:
        print(json.dumps(_state_json(campaign, campaign.state, campaign.seq), ensure_ascii=False))
        return
    from .history import last_entries

    # each entry as the log reads it: with the state it made, not the command's
    # last (a chase turn's round end, read after the escape the same command made)
    listed = last_entries(out.envelopes, campaign.timeline)
    for e in _moves_summed_up(listed):
        print(e if isinstance(e, str) else f"#{e.seq} {e.line}")
    for alert in out.alerts:
        print(f"!! {alert.text}")
    for warning in out.warnings:
        print(f"tracker: {warning}", file=sys.stderr)


def asked_language(argv: list[str]) -> str | None:
    """``--lang CODE`` or ``--lang=CODE`` anywhere in ``argv``, read before
    the parser is built: its help is in that language."""
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return None


# the commands that name a campaign first: their help follows its language
ON_A_CAMPAIGN = ("open", "do", "state", "log", "undo", "redo", "export", "serve")
_VALUED = ("--saves", "--lang")  # the options before the campaign's name that take a value


def _helped_campaign(argv: list[str]) -> tuple[Path, str] | None:
    """(saves, name) when ``argv`` asks for the help of a command on a named
    campaign (``do NAME --help``, ``log NAME -h``, ``do NAME move -h``), else
    None. Read before the parser is built, as ``--lang`` is: the help is made
    when the parser is."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    if not {"-h", "--help"} & set(words):
        return None
    return _named_campaign(argv)


def _named_campaign(argv: list[str]) -> tuple[Path, str] | None:
    """(saves, name) when ``argv`` is a command on a named campaign, else None."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    saves, positional, skip = None, [], False
    for i, a in enumerate(words):
        if skip:
            skip = False
            continue
        if a in _VALUED:
            skip = True
            if a == "--saves" and i + 1 < len(words):
                saves = words[i + 1]
        elif a.startswith("--saves="):
            saves = a.split("=", 1)[1]
        elif not a.startswith("-"):
            positional.append(a)
    if len(positional) < 2 or positional[0] not in ON_A_CAMPAIGN:
        return None
    return paths.saves_dir(saves), positional[1]


def _language_of(saves: Path, name: str) -> tuple[str | None, str, object]:
    """The campaign's language, game (its ruleset's id, for its own words) and
    rules (for the help's words that follow them), read without writing
    anything; (None, "", None) when it cannot be read (no such campaign, a
    damaged file: the help shows all the same, in the run's language)."""
    from .service import open_reader

    try:
        with open_reader(saves, name) as log:
            state = log.state_at(log.head())
            return state.language_in_force, i18n.game_of(state), state.rules
    except Exception:  # noqa: BLE001 - any failure here only costs the help its language
        return None, "", None


@contextlib.contextmanager
def run_language(argv: list[str]):
    """This run's own language slot (``--lang``, else the locale variables),
    which a campaign's language then takes over (``campaign_language``); it
    lasts until the run's last message. Yields False for an unknown --lang."""
    asked = asked_language(argv)
    try:
        code = i18n.choose(asked)
    except i18n.UnknownLanguage:
        print(f"tracker: --lang {asked[:20]!r}: " + _("no such language (there are: {known})")
              .format(known=", ".join(i18n.available())), file=sys.stderr)
        yield False
        return
    with i18n.using(code):
        yield True


def _parse(parser: argparse.ArgumentParser, argv: list[str], asked: str | None,
           in_its_language: bool) -> argparse.Namespace:
    """The parsed arguments. A mistyped command on a named campaign is told
    in the campaign's language, as its help and its refusals are: the words are
    parsed in the run's first (most runs parse, and reading the campaign's
    language costs an open), and only a refusal is parsed again in its."""
    named = None if in_its_language else _named_campaign(argv)
    if named is None:
        return parser.parse_args(argv)
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            return parser.parse_args(argv)
    except SystemExit:
        language, game, rules = _language_of(*named)
        if language is None:
            sys.stderr.write(said.getvalue())
            raise
        i18n.switch(i18n.choose(asked, language), game)
        # says it again, in the campaign's words and with its ruleset's (the
        # usage line's order of the abilities)
        return build_parser(rules).parse_args(argv)


def run(argv: list[str]) -> int:
    with run_language(argv) as known:
        return _run_argv(argv) if known else EXIT_USAGE


def _run_argv(argv: list[str]) -> int:
    asked = asked_language(argv)
    # `tracker do NAME --help`: the campaign's language (unless --lang), and its
    # game's words, as the action would
    helped = _helped_campaign(argv)
    rules = None
    if helped:
        language, game, rules = _language_of(*helped)
        i18n.switch(i18n.choose(asked, language), game)
    parser = build_parser(rules)
    for a in argv:
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            parser.exit(EXIT_USAGE, "tracker: " + _("an argument is not valid UTF-8 text: "
                                                    "{arg}").format(arg=repr(a)) + "\n")
    args = _parse(parser, argv, asked, helped is not None)
    saves = paths.saves_dir(args.saves)
    if args.cmd in (None, "open"):
        from .ui.app import run_app

        return run_app(saves, getattr(args, "name", None), lang=asked)
    try:
        return _run(args, saves, asked)
    except Usage as e:
        parser.exit(EXIT_USAGE, f"tracker: {e}\n")
    return EXIT_OK


@contextlib.contextmanager
def campaign_language(state, asked: str | None):
    """Text about a campaign in its language, unless this run asked for
    another; kept for the run's last messages (a refusal is printed by main)."""
    i18n.switch(i18n.choose(asked, state.language_in_force), i18n.game_of(state))
    yield


def _run(args, saves: Path, asked: str | None = None) -> int:
    if args.cmd == "new":
        paths.check_name(args.name)
        c = Campaign.create(saves, args.name, args.ruleset, args.seed, language=asked)
        with campaign_language(c.state, asked):
            print(_("created {name} ({ruleset}) in {saves}").format(
                name=args.name, ruleset=c.state.rules.meta.name, saves=saves))
        c.close()
    elif args.cmd == "list":
        for info in list_campaigns(saves):
            if info.error:  # DAMAGED, NEWER or UNREADABLE, with the reason
                note = f"  {info.state_word}: {info.error}"
            else:
                note = f"  ({info.label})" if info.label else ""
            events = ngettext("{n} event", "{n} events", info.events).format(n=info.events)
            print(f"{info.name}\t{info.ruleset}\t{events}{note}")
    elif args.cmd == "rulesets":
        if args.rcmd == "check":
            f = Path(args.file)
            r = load_text(paths.read_ruleset_file(f), str(f))
            print(_("{file}: ok ({id}, {name})").format(file=f, id=r.rules.meta.id,
                                                        name=r.rules.meta.name))
            for code, keys in terms.missing(r.rules).items():
                if keys:
                    print(ngettext("  {code}: {n} name not translated (it reads in English): "
                                   "{keys}", "  {code}: {n} names not translated (they read in "
                                   "English): {keys}", len(keys)).format(
                        code=code, n=len(keys), keys=", ".join(keys)))
        else:
            for rid, path in paths.list_rulesets().items():
                try:
                    r = load_text(path.read_text(encoding="utf-8"), str(path))
                    print(f"{rid}\t{r.rules.meta.name}\t" + terms.term(r.rules, "meta.description"))
                except Refused as e:
                    print(f"{rid}\t" + _("BROKEN: {error}").format(error=e))
    elif args.cmd == "export" and args.format != "markdown":
        return _export_jsonl(saves, args)
    elif args.cmd == "serve":
        from .web.serve import serve

        if not 1 <= args.port <= 65535:
            raise Usage(_("--port must be 1 to 65535 (got {port})").format(port=args.port))
        return serve(saves, args.name, args.host, args.port, args.new_code, asked)
    elif args.cmd == "import":
        try:
            if not stat.S_ISREG(os.stat(args.file).st_mode):
                raise Refused(_("cannot read {file}: not a regular file").format(file=args.file))
        except OSError as e:
            raise Refused(_("cannot read {file}: {reason}").format(
                file=args.file, reason=e.strerror or e)) from None
        target = jsonl.import_file(Path(args.file), saves, args.name)
        print(_("imported {name} into {file}").format(name=args.name, file=target))
    else:
        c = Campaign.open(saves, args.name)
        for warning in c.warnings:  # e.g. a snapshot that could not be written
            print(f"tracker: {warning}", file=sys.stderr)
        try:
            with campaign_language(c.state, asked):
                return _run_on(c, args, asked)
        finally:
            c.close()
    return 0


def _run_on(c: Campaign, args, asked: str | None = None) -> int:
    if args.cmd == "do":
        action = ACTIONS[args.action]
        action.named(args, c.state.rules)
        cmd: Command = action.build(args, c)
        rolled = args.dice if action.rolls_dice else None
        out = c.dispatch(cmd, rolled)  # manual dice: --dice must give every die
        # `language uk` reads in uk
        i18n.switch(i18n.choose(asked, c.state.language_in_force), i18n.game_of(c.state))
        _print_outcome(out, c, args.json)
    elif args.cmd in ("undo", "redo"):
        out = c.undo() if args.cmd == "undo" else c.redo()
        _print_outcome(out, c, False)
    elif args.cmd == "state":
        seq = c.seq if args.at is None else args.at
        state = c.state_at(seq)
        print(json.dumps(_state_json(c, state, seq), ensure_ascii=False, indent=2))
    elif args.cmd == "log":
        from .history import entries, filtered
        from .recap import session_name

        shown = 0
        listed = entries(list(c.store.read()), c.timeline)
        if args.session is not None and not any(e.session == args.session for e in listed):
            raise Refused(_("no entries in {which} (the log holds sessions {first}-{last})")
                          .format(which=session_name(args.session),
                                  first=min(e.session for e in listed),
                                  last=max(e.session for e in listed)))
        for e in filtered(listed, args.session, args.area, args.character, args.grep):
            shown += 1
            if args.json:
                print(json.dumps(e.as_json(), ensure_ascii=False))
            else:
                mark = " " + _("(undone)") if e.undone else \
                    " " + _("(rewound)") if e.rewound else ""
                if len(e.corrections) > 1:  # every correction, the last in force
                    mark += " " + _("(corrected by {entries})").format(
                        entries=", ".join(f"#{n}" for n in e.corrections))
                elif e.corrected_by:
                    mark += " " + _("(corrected by #{seq})").format(seq=e.corrected_by)
                dice = "  [" + "; ".join(roll_text(r) for r in e.dice) + "]" if e.dice else ""
                session = _("s{session}").format(session=e.session)  # as the log screen says it
                print(f"{e.seq:>6}  {session:<4} {e.game_time:<15} {e.text}{mark}"
                      f"{dice if args.dice_detail else ''}")
        if not shown:  # said on stderr: the output stays the (empty) list
            print("tracker: " + _("no entries match"), file=sys.stderr)
    elif args.cmd == "export":
        _write_lines(recap_lines(c, args.session), args.output)  # jsonl: _export_jsonl
    return 0


def _export_jsonl(saves: Path, args) -> int:
    """The log as stored, read without replaying it: on a damaged campaign this
    saves every entry up to the first that cannot be read, then says so."""
    path = paths.campaign_path(saves, args.name)
    if not path.exists():
        raise Refused(_("no campaign named {name!r} in {saves}").format(name=args.name,
                                                                        saves=saves))
    store = EventStore.open(path)
    try:
        lines = jsonl.export_lines(store)
        try:
            _write_lines(lines, args.output)
        except Damaged as e:
            where = args.output if args.output not in (None, "-") else _("standard output")
            if not e.last_good:
                raise Refused(_("{damage}; not even its first entry can be read, so nothing "
                                "was exported").format(damage=e.short)) from None
            raise Refused(_("{damage}; entries 1 to {last} were written to {where}, the ones "
                            "after the damage are left out (a log with a gap cannot be "
                            "replayed); `tracker import` makes a campaign of them").format(
                damage=e.short, last=e.last_good, where=where)) from None
    finally:
        store.close()
    return 0


def _write_lines(lines, output: str | None) -> None:
    """Print ``lines``, or write them to the file ``output`` whole or not at all
    (``atomic``): a full disk or a kill midway leaves the file that was there.
    A log damaged partway still gets its good entries written, then Damaged
    is raised; one that cannot be read at all leaves no file behind."""
    if not output or output == "-":
        for line in lines:
            print(line)
        return
    lines = iter(lines)
    first = next(lines, None)  # Damaged here: nothing is written
    damage: list[Damaged] = []

    def pieces():
        if first is not None:
            yield first + "\n"
        try:
            for line in lines:
                yield line + "\n"
        except Damaged as e:  # keep what was read before the damage
            damage.append(e)

    try:
        atomic.write_text(output, pieces())
    except OSError as e:
        raise Refused(_("cannot write {file}: {reason}; nothing was written and a file "
                        "that was there is as it was").format(
            file=output, reason=e.strerror or e)) from None
    if damage:
        raise damage[0]


def parse_span(span: str) -> tuple[int, int]:
    """``N`` or ``N-M`` as (first, last)."""
    m = re.fullmatch(r"\s*([0-9]{1,30})\s*(?:-\s*([0-9]{1,30})\s*)?", span)
    if not m:
        raise Usage(_("--session wants N or N-M, e.g. 3 or 2-5 (got {got})").format(
            got=repr(span[:40])))
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if first > last:
        raise Refused(_("--session {span}: the span runs backwards (expected N-M with "
                        "N <= M)").format(span=span))
    return first, last


def recap_lines(c: Campaign, span: str | None) -> list[str]:
    """The recap as Markdown lines. A span is clamped to the sessions the log
    holds, so ``1-99999999999`` costs what ``1-3`` does."""
    from . import recap

    log = recap.Standing(list(c.store.read()))  # each entry in its session, as the recap reads it
    sessions = None
    if span:
        first, last = parse_span(span)
        held = sorted(log.written)
        sessions = [n for n in held if first <= n <= last]
        if not sessions:
            which = recap.session_name(first) if first == last else \
                _("sessions {first}-{last}").format(first=first, last=last)
            raise Refused(_("no entries in {which} (the log holds sessions {first}-{last})")
                          .format(which=which, first=held[0], last=held[-1]))
    try:
        r = recap.build(c.name, log, c.timeline.state_at, sessions)
    except ValueError as e:
        raise Refused(str(e)) from None
    return recap.markdown(r).splitlines()


def report_bug(argv: list[str] | None, exc: BaseException) -> str:
    """Report an internal error: the traceback to a file (or to stderr with
    TRACKER_DEBUG=1); returns the one line for stderr."""
    import traceback

    name = type(exc).__name__
    head = "tracker: " + _("internal error ({name}): this is a bug in tracker, not in your "
                           "input").format(name=name)
    if os.environ.get("TRACKER_DEBUG"):
        sys.stderr.write("".join(traceback.format_exception(exc)))
        return head + "; " + _("please report it with the traceback above and the command "
                               "you ran")
    args = argv if argv is not None else sys.argv[1:]
    where = write_bug_report(exc, "command: tracker " + " ".join(map(repr, args)))
    saved = _("the details are in {file}").format(file=where) if where else \
        _("rerun with TRACKER_DEBUG=1 to see the details")
    return head + "; " + _("please report it with the command you ran ({details})").format(
        details=saved)


PROGRESS_FROM = 1000  # steps: a shorter loop is over before the GM would wonder


def _progress_on_stderr():
    """A long loop (years of bastion turns) says how far it is on stderr, twice a
    second at most; Ctrl-C stops it with nothing written."""
    import time

    last = [0.0]

    def tell(what: str, done: int, total: int) -> None:
        now = time.monotonic()
        if total < PROGRESS_FROM or (now - last[0] < 0.5 and done != total):
            return
        last[0] = now
        end = "\n" if done == total or not sys.stderr.isatty() else ""
        print("\rtracker: " + _("{done} of {total} {what} (Ctrl-C stops, writing nothing)")
              .format(done=i18n.number(done), total=i18n.number(total), what=_(what)),
              end=end, file=sys.stderr, flush=True)
    return tell


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    with run_language(args) as known:
        return _main(args, argv) if known else EXIT_USAGE


def _main(args: list[str], argv: list[str] | None) -> int:
    from .core.dice import DiceNeeded

    try:
        with progress.listening(_progress_on_stderr()):
            return _run_argv(args)
    except DiceNeeded as e:
        print("tracker: " + _("manual dice are on and this action needs {dice} for {what}; "
                              "give every die with --dice").format(
            dice=i18n.dice(f"{e.group.count}d{e.group.sides}"), what=e.label), file=sys.stderr)
        return 1
    except Refused as e:  # one line, whatever the message holds
        print("tracker: " + "; ".join(l.strip() for l in str(e).splitlines() if l.strip()),
              file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file or folder the system refused; nothing was recorded
        where = f" ({e.filename})" if e.filename else ""
        print(f"tracker: {e.strerror or e}{where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a command's events are appended whole or not at all
        print("\ntracker: " + _("interrupted; an action is recorded whole or not at all"),
              file=sys.stderr)
        return 130
    except Exception as e:  # anything else is a bug in tracker, never the GM's fault
        print(report_bug(argv, e), file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
