"""1862's hex grid: the core's geometry (`solver.core.geometry.Layout`) with the layout and the columns that
data/1862/map.json gives (flat-topped hexes, a column letter A-I and a row number, doubled rows: columns A, C,
E, G, I use even rows and B, D, F, H odd rows; rows grow southward). Edges are the core's: 0 S, 1 SW, 2 NW, 3 N,
4 NE, 5 SE, opposite `(e + 3) % 6`, a tile at rotation `r` puts its local edge `e` on map edge `(e + r) % 6`.

What 1862 adds to the core's layout is the grid's extent (an id names a place of the grid only in its columns and
on a row of its column's parity) and cached look-ups, since the route search asks the same ones very often.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from solver.core.geometry import EDGE_NAMES as _EDGE_NAMES
from solver.core.geometry import Layout
from solver.core.layout_spec import DATA_ROOT, LayoutSpec
from solver.jsonfile import read_json_file


class _Place(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    hex: str


class _GridSpec(BaseModel):
    """The grid's part of data/1862/map.json (the whole file is read by `gamedata`)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    layout: LayoutSpec
    columns: str
    towns: tuple[_Place, ...]


def _read_grid() -> tuple[Layout, str, int]:
    spec = _GridSpec.model_validate(read_json_file(DATA_ROOT / "1862" / "map.json", "data"))
    layout = Layout(spec.layout.orientation, spec.layout.letter_axis, spec.layout.first_letter)
    return layout, spec.columns, layout.parity(spec.towns[0].hex)


#: The layout, the grid's column letters, and the parity of x + y on every hex of the doubled grid (that of
#: the map's first town: 0, column A uses even rows).
LAYOUT, COLUMNS, PARITY = _read_grid()
EDGE_NAMES = _EDGE_NAMES[LAYOUT.orientation]


@cache
def parse_hex(hex_id: str) -> tuple[int, int]:
    """Return (column index, row) of a hex id such as ``"F5"``; ValueError if it is not a grid position."""
    try:
        col, row = LAYOUT.parse(hex_id)
    except ValueError:
        col = -1
    if not 0 <= col < len(COLUMNS):
        raise ValueError(f"{hex_id!r} is not a hex id (a column {COLUMNS[0]}-{COLUMNS[-1]} and a row number, e.g. F5)")
    if (col + row) % 2 != PARITY:
        parity = "even" if col % 2 == PARITY else "odd"
        raise ValueError(f"{hex_id!r} is not on the grid: column {COLUMNS[col]} has only {parity} rows")
    return col, row


def is_hex_id(text: str) -> bool:
    """True if `text` names a position of the hex grid (whether or not the map uses it)."""
    try:
        parse_hex(text)
    except ValueError:
        return False
    return True


@cache
def neighbour(hex_: str, edge: int) -> str | None:
    """The hex beyond `edge` of `hex_`, or None when that position is off the grid."""
    parse_hex(hex_)
    other = LAYOUT.neighbour(hex_, edge)
    return other if other is not None and is_hex_id(other) else None


@cache
def edge_towards(hex_: str, other: str) -> int | None:
    """The edge of `hex_` that borders `other`, or None if they are not adjacent (as when `other` is no place of
    the grid)."""
    parse_hex(hex_)
    return LAYOUT.edge_towards(hex_, other) if is_hex_id(other) else None


@cache
def distance(a: str, b: str) -> int:
    """Steps between two hexes, as the crow flies (rule 7.8.1 ignores barriers when measuring)."""
    parse_hex(a)
    parse_hex(b)
    return LAYOUT.distance(a, b)
