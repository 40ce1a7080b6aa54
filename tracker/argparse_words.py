"""argparse's own words (``usage:``, ``options``, its refusals), marked so
they are extracted into tracker's catalogs; ``cli.py`` routes argparse's
gettext through ``i18n`` so ``tracker --help`` and a usage error read in the
GM's language. The msgids are argparse's, exactly (Python 3.11-3.13)."""

from .i18n import N_

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
