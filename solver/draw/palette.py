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


DARK_TEXT = "#222222"
LIGHT_TEXT = "#ffffff"


def _luminance(colour: str) -> float:
    """The relative luminance of a `#rrggbb` colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two `#rrggbb` colours (WCAG 2: 1 to 21; 4.5 is readable small text)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_on(fill: str) -> str:
    """The text colour of the two (near-black, white) with the more contrast on a `#rrggbb` fill."""
    return max((DARK_TEXT, LIGHT_TEXT), key=lambda text: contrast(text, fill))
