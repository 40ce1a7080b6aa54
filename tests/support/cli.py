"""The `tracker` command run in-process, for tests that play a campaign by CLI."""

from tracker.cli import main


def run(capsys, *argv):
    """``tracker *argv``: its output; it must succeed."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def new(capsys, name, ruleset, *setup):
    """A new campaign (seed 3) in its first session, then ``tracker do NAME`` each of ``setup``."""
    run(capsys, "new", name, "--ruleset", ruleset, "--seed", "3")
    run(capsys, "do", name, "session-start")
    for argv in setup:
        run(capsys, "do", name, *argv)


def said(capsys, *argv) -> tuple[int, str]:
    """``tracker *argv`` whatever its end: (exit code, output and errors together);
    argparse's own exit (a usage error, --help) is a code like any other."""
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out + err
