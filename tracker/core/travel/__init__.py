"""The travel area: overland days and stages, on the one campaign clock.

``model.py`` is the ``[travel]`` ruleset section and its checks; ``calc.py``
the pure calculations over it (distance, getting lost, encounters, foraging,
rest debt, extended travel, weather). Nothing here is imported from this
file: the ruleset module loads ``model`` while it is itself loading.
"""
