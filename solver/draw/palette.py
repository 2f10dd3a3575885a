"""Colours of the drawn map, chosen to look like the printed 1862 board and tiles."""

from __future__ import annotations

TILE_FILL = {"yellow": "#f6d94b", "green": "#6fbf5f", "russet": "#b9784a"}
LAND_FILL = "#efe6c8"
RED_AREA_FILL = "#d9473f"
PORT_FILL = "#5b9bd5"
LONDON_FILL = "#c7392f"
OUTLINE = "#8a8270"
TRACK = "#1f1f1f"
BARRIER = "#1565c0"
SLOT_FILL = "#ffffff"
SELECTED = "#e040fb"

#: One colour per train of a run, in train order; picked to stay apart from the tile and marker colours.
TRAIN_COLOURS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#00a6a6", "#f032e6", "#7f4f00")


def train_colour(index: int) -> str:
    """The colour of the `index`-th train of a run (cycles when a company has more trains than colours)."""
    return TRAIN_COLOURS[index % len(TRAIN_COLOURS)]
