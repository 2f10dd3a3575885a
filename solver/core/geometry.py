"""Hex geometry for either hex orientation and any lettered coordinate scheme a title's data gives.

A hex id is a letter and a number (`F5`, `U23`). They are *doubled coordinates*: `x` counts columns and `y`
rows, and neighbouring hexes differ by 2 along the axis where hexes touch side to side (rows of a flat-topped
map, columns of a pointy-topped one) and by 1 along both axes diagonally. The layout says which of `x` or `y`
the letter gives. Edges are numbered clockwise from the bottom (flat: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE;
pointy: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE), the edge opposite `e` is `(e + 3) % 6`, and a tile laid at rotation
`r` puts its local edge `e` on map edge `(e + r) % 6`: the conventions of docs/board-data.md, which are the
18xx.games engine's.

Drawing uses "hex units": circumradius 1, north up (y grows northward, as in Plotly), so a flat-topped map has
column `x` at 1.5·x and row `y` at −y·√3/2, and a pointy-topped one column `x` at x·√3/2 and row `y` at −1.5·y.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass
from typing import Literal

Orientation = Literal["flat", "pointy"]
LetterAxis = Literal["column", "row"]
Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
#: (dx, dy) to the neighbour across each edge, in doubled coordinates.
EDGE_DELTAS: dict[Orientation, tuple[tuple[int, int], ...]] = {
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    "pointy": ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}
EDGE_NAMES: dict[Orientation, tuple[str, ...]] = {
    "flat": ("S", "SW", "NW", "N", "NE", "SE"),
    "pointy": ("SW", "W", "NW", "NE", "E", "SE"),
}
_HEX_ID = re.compile(r"^([A-Z])(\d{1,3})$")


def opposite(edge: int) -> int:
    """The edge facing `edge` from the neighbouring hex."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """The map edge of a tile's local `edge` when the tile is laid at `rotation`."""
    return (edge + rotation) % 6


@dataclass(frozen=True)
class Layout:
    """A map's hex orientation and coordinate scheme (`title.json` → `layout`)."""

    orientation: Orientation
    letter_axis: LetterAxis
    first_letter: str = "A"

    def __post_init__(self) -> None:
        if len(self.first_letter) != 1 or self.first_letter not in string.ascii_uppercase:
            raise ValueError(f"first_letter {self.first_letter!r} is not one capital letter")

    # ------------------------------------------------------------ ids

    def parse(self, hex_id: str) -> tuple[int, int]:
        """(x, y) of a hex id; ValueError naming the id when it is not a letter and a number of this layout."""
        match = _HEX_ID.match(hex_id)
        if not match:
            raise ValueError(f"{hex_id!r} is not a hex id (a capital letter and a number, e.g. F5)")
        letter = ord(match.group(1)) - ord(self.first_letter)
        if letter < 0:
            raise ValueError(f"{hex_id!r} is not a hex id: letters start at {self.first_letter}")
        number = int(match.group(2))
        return (letter, number) if self.letter_axis == "column" else (number, letter)

    def format(self, x: int, y: int) -> str:
        """The id of the hex at (x, y); ValueError when no letter or number names that place."""
        letter, number = (x, y) if self.letter_axis == "column" else (y, x)
        if not 0 <= letter < 26 - (ord(self.first_letter) - ord("A")) or number < 0:
            raise ValueError(f"({x}, {y}) has no hex id in this layout")
        return f"{chr(ord(self.first_letter) + letter)}{number}"

    def is_hex_id(self, text: str) -> bool:
        try:
            self.parse(text)
        except ValueError:
            return False
        return True

    # ------------------------------------------------------------ neighbours and distance

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        """The hex across `edge` of `hex_id`, or None when that place has no id (beyond letter A or row 0).
        Whether the map holds that hex is the map's business, not the layout's."""
        x, y = self.parse(hex_id)
        dx, dy = EDGE_DELTAS[self.orientation][edge]
        try:
            return self.format(x + dx, y + dy)
        except ValueError:
            return None

    def edge_towards(self, hex_id: str, other: str) -> int | None:
        """The edge of `hex_id` that borders `other`, or None when they are not neighbours."""
        x, y = self.parse(hex_id)
        ox, oy = self.parse(other)
        delta = (ox - x, oy - y)
        deltas = EDGE_DELTAS[self.orientation]
        return deltas.index(delta) if delta in deltas else None

    def distance(self, a: str, b: str) -> int:
        """Steps between two hexes of one map, as the crow flies (barriers and the map's edge ignored)."""
        ax, ay = self.parse(a)
        bx, by = self.parse(b)
        dx, dy = abs(ax - bx), abs(ay - by)
        if self.orientation == "flat":
            return dx + max(0, (dy - dx) // 2)
        return dy + max(0, (dx - dy) // 2)

    # ------------------------------------------------------------ drawing

    def centre(self, hex_id: str) -> Point:
        """The hex centre in hex units, north up."""
        x, y = self.parse(hex_id)
        return self.centre_of(x, y)

    def centre_of(self, x: int | float, y: int | float) -> Point:
        if self.orientation == "flat":
            return 1.5 * x, -y * SQRT3 / 2
        return x * SQRT3 / 2, -1.5 * y

    def edge_direction(self, edge: int) -> Point:
        """Unit vector from a hex centre towards the middle of `edge`."""
        dx, dy = EDGE_DELTAS[self.orientation][edge]
        px, py = self.centre_of(dx, dy)
        length = math.hypot(px, py)
        return px / length, py / length

    def edge_midpoint(self, hex_id: str, edge: int, inset: float = 1.0) -> Point:
        """The middle of `edge` of `hex_id`; `inset` < 1 pulls it towards the centre."""
        cx, cy = self.centre(hex_id)
        ux, uy = self.edge_direction(edge)
        return cx + ux * SQRT3 / 2 * inset, cy + uy * SQRT3 / 2 * inset

    def corners(self, hex_id: str, scale: float = 1.0) -> tuple[Point, ...]:
        """The six corners of the hex, anticlockwise from the east (flat) or north-east (pointy) corner."""
        cx, cy = self.centre(hex_id)
        start = 0 if self.orientation == "flat" else 30
        return tuple(
            (cx + scale * math.cos(math.radians(start + 60 * k)), cy + scale * math.sin(math.radians(start + 60 * k)))
            for k in range(6)
        )

    def hex_at(self, px: float, py: float, parity: int) -> tuple[int, int]:
        """(x, y) of the hex whose drawn area holds the point, among the places whose x + y has `parity` (a
        map's parity, see `parity`): hexes tile the plane as the Voronoi cells of their centres, so it is the
        one with the nearest centre."""
        if self.orientation == "flat":
            gx, gy = px / 1.5, -py / (SQRT3 / 2)
        else:
            gx, gy = px / (SQRT3 / 2), -py / 1.5
        best: tuple[float, int, int] | None = None
        for x in range(math.floor(gx) - 2, math.floor(gx) + 4):
            for y in range(math.floor(gy) - 2, math.floor(gy) + 4):
                if (x + y) % 2 != parity:
                    continue
                cx, cy = self.centre_of(x, y)
                d = math.hypot(px - cx, py - cy)
                if best is None or d < best[0]:
                    best = (d, x, y)
        assert best is not None
        return best[1], best[2]

    def parity(self, hex_id: str) -> int:
        """x + y modulo 2: the same for every hex of one map (doubled coordinates)."""
        x, y = self.parse(hex_id)
        return (x + y) % 2
