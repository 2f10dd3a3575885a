"""The title-independent core: hex geometry, board data and tile upgrades, for any title given as data.

Nothing here knows a title: every fact comes from `data/<title>/`, and a title's rules (which kinds of station
score what, which tiles a hex may take) live in the title's own package. A test enforces that no module here
imports a title's package or names a title's rule words.
"""
