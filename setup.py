"""The package build compiles the message catalogs (``tracker/locale/*/LC_MESSAGES/
tracker.po`` to ``.mo``) with Babel, so a fresh install has them; the ``.mo``
files are build output and never committed. Everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "tracker" / "locale"


def compile_catalogs(locale_dir: Path = LOCALE) -> list[Path]:
    """Compile every ``.po`` under ``locale_dir`` beside itself; returns the ``.mo`` files."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        with mo.open("wb") as f:
            write_mo(f, catalog)  # fuzzy entries are left out, as gettext expects
        written.append(mo)
    return written


class BuildWithCatalogs(build_py):
    """build_py, with the catalogs compiled first so package-data picks them up
    (in an editable install too: they land beside the .po files)."""

    def run(self):
        compile_catalogs()
        super().run()


if __name__ == "__main__":
    setup(cmdclass={"build_py": BuildWithCatalogs})
