"""The timeline: the kernel machinery beside the engine, not an area.

Undo, redo, rewind, corrections and time travel are entries about other
entries; they belong to no area, and every area relies on them. The engine
folds the log through ``fold.step``, which hands these entries to the
timeline; ``core/areas.py`` lists this package as kernel (``KERNEL``), so it
is never taken for an area.

- ``model.py``    an event kept as stored (``Raw``): what a correction holds
- ``hooks.py``    what areas teach corrections: ``@rerolls``, ``@insertable``,
                  ``offers_choices``
- ``entries.py``  the commands and events: undo, redo, rewind, corrections
- ``amend.py``    a correction built from retyped dice and fields, checked
                  and previewed against the campaign's past
- ``fold.py``     ``step`` (one stored entry folded), refolds, ``Timeline``
                  (``state_at``: time travel from the nearest known state)
- ``views.py``    their log lines; a correction or rewind in words

Nothing is imported here, so an area's module may import ``hooks`` while the
areas load.
"""
