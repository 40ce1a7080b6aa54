"""argparse's own words (``usage:``, ``options``, its refusals), marked so
they are extracted into tracker's catalogs; ``cli.py`` routes argparse's
gettext through ``i18n`` so ``tracker --help`` and a usage error read in the
GM's language. The msgids are argparse's, exactly (Python 3.11-3.13).

And the metavariables: the words a usage line and a refusal name an argument
by (``NAME``, ``amount``, ``--saves DIR``), each an argument's ``metavar`` or
its argparse default (a positional's dest, an option's dest in capitals).
``cli._Parser`` says them in the run's language; a word missing
here reads in English, and ``tests/test_i18n_metavars.py`` names it."""

from .i18n import N_, NP_, pgettext

WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)

METAVARS = (
    NP_("metavar", "AC"), NP_("metavar", "ACTION"), NP_("metavar", "ACTIVITY"),
    NP_("metavar", "AID"), NP_("metavar", "amount"), NP_("metavar", "animal"),
    NP_("metavar", "AT"), NP_("metavar", "BASTION_NAME"), NP_("metavar", "BELIEVED"),
    NP_("metavar", "BY"), NP_("metavar", "C"), NP_("metavar", "carrier"),
    NP_("metavar", "choice"), NP_("metavar", "CHOICE[+CHOICE]"), NP_("metavar", "CODE"), NP_("metavar", "code"),
    NP_("metavar", "coins"), NP_("metavar", "COMMAND"), NP_("metavar", "CON"),
    NP_("metavar", "condition"), NP_("metavar", "COUNT"), NP_("metavar", "count"),
    NP_("metavar", "CREATURE"), NP_("metavar", "CREATURE_SPEED"), NP_("metavar", "DAYS"),
    NP_("metavar", "days"), NP_("metavar", "DEFENDER"), NP_("metavar", "defender"),
    NP_("metavar", "DEPTH"), NP_("metavar", "DIR"), NP_("metavar", "DIRECTION"),
    NP_("metavar", "DISTANCE"), NP_("metavar", "dungeon"), NP_("metavar", "EFFECTS"),
    NP_("metavar", "facility"), NP_("metavar", "FACTORS"), NP_("metavar", "FEET"),
    NP_("metavar", "FIELD=VALUE"), NP_("metavar", "FILE"), NP_("metavar", "file"),
    NP_("metavar", "FLEEING"), NP_("metavar", "FROM"), NP_("metavar", "gallons"),
    NP_("metavar", "GAP"), NP_("metavar", "gp"), NP_("metavar", "guide"),
    NP_("metavar", "heading"), NP_("metavar", "HEX"), NP_("metavar", "HOME"),
    NP_("metavar", "HOST"), NP_("metavar", "HOURS"), NP_("metavar", "HP"), NP_("metavar", "id"),
    NP_("metavar", "INIT"), NP_("metavar", "key"), NP_("metavar", "kind"),
    NP_("metavar", "LEVEL"), NP_("metavar", "level"), NP_("metavar", "MONSTER_SPEED"),
    NP_("metavar", "MORALE"), NP_("metavar", "N"), NP_("metavar", "N,N,..."),
    NP_("metavar", "N[-M]"), NP_("metavar", "NAME"), NP_("metavar", "name"),
    NP_("metavar", "NAME[=N]"), NP_("metavar", "NAVIGATOR"), NP_("metavar", "new"),
    NP_("metavar", "NOTE"), NP_("metavar", "N|DICE"), NP_("metavar", "old"),
    NP_("metavar", "ORDER"), NP_("metavar", "OWNER"), NP_("metavar", "owner"),
    NP_("metavar", "pace"), NP_("metavar", "partner"), NP_("metavar", "PARTY_SPEED"),
    NP_("metavar", "PERCEPTION"), NP_("metavar", "PILOT"), NP_("metavar", "PLACE"),
    NP_("metavar", "PORT"), NP_("metavar", "PURSUERS"), NP_("metavar", "RATE"),
    NP_("metavar", "RATIONS"), NP_("metavar", "ROAD"), NP_("metavar", "RULESET"),
    NP_("metavar", "S,I,W,D,C,CH"), NP_("metavar", "SAVE_BONUS"), NP_("metavar", "SEED"),
    NP_("metavar", "SEQ"), NP_("metavar", "seq"), NP_("metavar", "SESSION"),
    NP_("metavar", "SETTING"), NP_("metavar", "SHIFT"), NP_("metavar", "SHIFT_TO"),
    NP_("metavar", "space"), NP_("metavar", "SPEED"), NP_("metavar", "squares"),
    NP_("metavar", "stages"), NP_("metavar", "STEALTH"), NP_("metavar", "SUBCOMMAND"),
    NP_("metavar", "TARGET"), NP_("metavar", "TERRAIN"), NP_("metavar", "terrain"),
    NP_("metavar", "TEXT"), NP_("metavar", "text"), NP_("metavar", "to"),
    NP_("metavar", "TYPE[+TYPE]"), NP_("metavar", "value"),
    NP_("metavar", "vessel"), NP_("metavar", "WATER"), NP_("metavar", "weeks"),
    NP_("metavar", "WHAT"), NP_("metavar", "WHY"),
)


def shown_name(action) -> str:
    """The word argparse shows for ``action``, as it would choose it."""
    if action.metavar is not None:
        return action.metavar
    return action.dest.upper() if action.option_strings else action.dest


def in_language(word: str) -> str:
    return pgettext("metavar", word)


def named(action) -> bool:
    """Whether ``action`` shows a metavariable: not a flag or help, not a
    choice list argparse spells out ({jsonl,markdown})."""
    return action.nargs != 0 and (action.choices is None or action.metavar is not None)
