"""The chase area: the D&D 2024 chase (dashes, exhaustion, complications,
escape) and B/X evasion and pursuit. Its state and ruleset section (model.py),
its rules (rules.py, evasion.py), how it stands (standing.py) and how it
shows (views.py).
`core/areas.py` loads the layers in order."""


from importlib import import_module


def __getattr__(name: str):
    # The rules load on first use, not with the package: the ruleset imports
    # model.py while its type is being built, before the rules can load.
    if name.startswith("__") or name in ("model", "rules", "evasion", "standing", "views"):
        raise AttributeError(name)  # a submodule: the import system loads it
    return getattr(import_module(f"{__name__}.rules"), name)
