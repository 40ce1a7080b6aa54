"""The travel area: overland days and stages, on the one campaign clock.

``model.py`` is the ``[travel]`` ruleset section and the journey's part of the
state; ``calc.py`` the pure calculations over the section; ``rules.py`` the
commands and events; ``views.py`` how it shows. `core/areas.py` loads the
layers in order.
"""

from ..areas import area

__getattr__ = area(__name__, order=90, rules=("rules", "mounts", "sea", "camp"))
