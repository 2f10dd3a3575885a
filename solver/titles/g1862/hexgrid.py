"""Geometry of the 1862 hex grid.

Hexes are flat-topped, in columns A-I with doubled rows: columns A, C, E, G, I use even rows and B, D, F, H
odd rows; rows grow southward. Edges are numbered 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE; the edge opposite `e`
is `(e + 3) % 6`. A tile laid with rotation `r` puts its local edge `e` on map edge `(e + r) % 6`.
"""

from __future__ import annotations

import re
from functools import cache

COLUMNS = "ABCDEFGHI"
EDGE_NAMES = ("S", "SW", "NW", "N", "NE", "SE")
#: (dcol, drow) from a hex to its neighbour across each edge.
EDGE_DELTAS: tuple[tuple[int, int], ...] = ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1))

_HEX_ID = re.compile(r"^([A-I])(\d{1,2})$")


def parse_hex(hex_id: str) -> tuple[int, int]:
    """Return (column index, row) of a hex id such as ``"F5"``; ValueError if it is not a grid position."""
    match = _HEX_ID.match(hex_id)
    if not match:
        raise ValueError(f"{hex_id!r} is not a hex id (a column A-I and a row number, e.g. F5)")
    col, row = COLUMNS.index(match.group(1)), int(match.group(2))
    if row % 2 != col % 2:
        raise ValueError(f"{hex_id!r} is not on the grid: column {match.group(1)} has only {_parity(col)} rows")
    return col, row


def _parity(col: int) -> str:
    return "even" if col % 2 == 0 else "odd"


def is_hex_id(text: str) -> bool:
    """True if `text` names a position of the hex grid (whether or not the map uses it)."""
    try:
        parse_hex(text)
    except ValueError:
        return False
    return True


def hex_id(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row}"


@cache
def neighbour(hex_: str, edge: int) -> str | None:
    """The hex beyond `edge` of `hex_`, or None when that position is off the grid."""
    col, row = parse_hex(hex_)
    dcol, drow = EDGE_DELTAS[edge]
    ncol, nrow = col + dcol, row + drow
    if not (0 <= ncol < len(COLUMNS)) or nrow < 0:
        return None
    return hex_id(ncol, nrow)


def opposite(edge: int) -> int:
    return (edge + 3) % 6


@cache
def edge_towards(hex_: str, other: str) -> int | None:
    """The edge of `hex_` that borders `other`, or None if they are not adjacent."""
    for edge in range(6):
        if neighbour(hex_, edge) == other:
            return edge
    return None


@cache
def distance(a: str, b: str) -> int:
    """Steps between two hexes, as the crow flies (rule 7.8.1 ignores barriers when measuring)."""
    ca, ra = parse_hex(a)
    cb, rb = parse_hex(b)
    dcol, drow = abs(ca - cb), abs(ra - rb)
    return dcol + max(0, (drow - dcol) // 2)


def rotate(edge: int, rotation: int) -> int:
    """Map edge of a tile's local `edge` when the tile is laid with `rotation`."""
    return (edge + rotation) % 6
