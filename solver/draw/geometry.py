"""Plane geometry of the drawn map: where each hex, edge, corner and track point lies, and which hex a click hits.

The map is drawn in "hex units": a hex has circumradius 1 (centre to corner), flat top and bottom. Column
``c`` sits at x = 1.5 c; row ``r`` at y = -r·√3/2 (rows grow southward, so the map's north is up). With the
doubled rows of the 1862 grid (see `solver.titles.g1862.hexgrid`) neighbouring hexes are exactly one hex width apart.
"""

from __future__ import annotations

import math

from solver.titles.g1862 import hexgrid

SQRT3 = math.sqrt(3.0)
#: Distance from a hex centre to the middle of an edge (the inradius).
APOTHEM = SQRT3 / 2

Point = tuple[float, float]


def centre(hex_: str) -> Point:
    """The centre of a grid position in map units."""
    col, row = hexgrid.parse_hex(hex_)
    return 1.5 * col, -row * SQRT3 / 2


def edge_direction(edge: int) -> Point:
    """Unit vector from a hex centre towards the middle of `edge` (0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE)."""
    dcol, drow = hexgrid.EDGE_DELTAS[edge]
    dx, dy = 1.5 * dcol, -drow * SQRT3 / 2
    length = math.hypot(dx, dy)
    return dx / length, dy / length


def edge_midpoint(hex_: str, edge: int, inset: float = 1.0) -> Point:
    """The middle of `edge` of `hex_` (`inset` < 1 pulls it towards the centre)."""
    cx, cy = centre(hex_)
    ux, uy = edge_direction(edge)
    return cx + ux * APOTHEM * inset, cy + uy * APOTHEM * inset


def corners(hex_: str, scale: float = 1.0) -> list[Point]:
    """The six corners of a flat-topped hex, anticlockwise from the east corner, closed (7 points)."""
    cx, cy = centre(hex_)
    pts = [(cx + scale * math.cos(math.radians(60 * k)), cy + scale * math.sin(math.radians(60 * k))) for k in range(6)]
    return [*pts, pts[0]]


def edge_corners(hex_: str, edge: int) -> tuple[Point, Point]:
    """The two corners at the ends of `edge`: the edge's middle ±30° as seen from the centre."""
    cx, cy = centre(hex_)
    ux, uy = edge_direction(edge)
    angle = math.atan2(uy, ux)
    a, b = angle - math.pi / 6, angle + math.pi / 6
    return (cx + math.cos(a), cy + math.sin(a)), (cx + math.cos(b), cy + math.sin(b))


def track_curve(hex_: str, a: int, b: int, steps: int = 12) -> list[Point]:
    """Points along a track joining edges `a` and `b` of a hex: a straight line across, or a quadratic
    curve bent towards the centre for a gentle or sharp turn, as printed on the tiles."""
    start, end = edge_midpoint(hex_, a), edge_midpoint(hex_, b)
    cx, cy = centre(hex_)
    if (a - b) % 6 == 3:
        return [start, end]
    # Control point: the centre for a gentle curve, pulled towards the corner for a sharp one.
    pull = 0.5 if (a - b) % 6 in (1, 5) else 0.0
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    ctrl = (cx + (mx - cx) * pull, cy + (my - cy) * pull)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        pts.append(
            (
                u * u * start[0] + 2 * u * t * ctrl[0] + t * t * end[0],
                u * u * start[1] + 2 * u * t * ctrl[1] + t * t * end[1],
            )
        )
    return pts


def track_middle(hex_: str, a: int, b: int) -> Point:
    """The point halfway along the track joining edges `a` and `b`: where a small station is drawn."""
    pts = track_curve(hex_, a, b, steps=2)
    if len(pts) == 2:
        cx, cy = centre(hex_)
        # A straight track through the centre: draw its station a little off-centre so that two crossing
        # straight tracks (tile 20) keep their stations apart.
        ux, uy = edge_direction(a)
        px, py = -uy, ux
        return cx + 0.28 * px, cy + 0.28 * py
    return pts[1]


def slot_offsets(slots: int, spread: float = 0.24) -> list[Point]:
    """Where the station slots of a large station sit relative to the hex centre (1 to 4 slots)."""
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-spread, 0.0), (spread, 0.0)]
    if slots == 3:
        return [(-spread, -spread * 0.6), (spread, -spread * 0.6), (0.0, spread * 0.9)]
    return [(-spread, spread), (spread, spread), (-spread, -spread), (spread, -spread)][:slots]


def hex_at(x: float, y: float, hexes: frozenset[str] | set[str] | None = None) -> str | None:
    """The hex whose drawn area contains the map point (x, y), or None if it lies outside `hexes` (all grid
    positions when None). Flat-topped hexes tile the plane as the Voronoi cells of their centres, so the hex
    containing a point is the one with the nearest centre."""
    col_guess = round(x / 1.5)
    row_guess = round(-y / (SQRT3 / 2))
    best: tuple[float, int, int] | None = None
    for col in range(col_guess - 1, col_guess + 2):
        for row in range(row_guess - 3, row_guess + 4):
            if row % 2 != col % 2:
                continue
            d = math.hypot(x - 1.5 * col, y + row * SQRT3 / 2)
            if best is None or d < best[0]:
                best = (d, col, row)
    assert best is not None
    _, col, row = best
    if not (0 <= col < len(hexgrid.COLUMNS)) or row < 0:
        return None
    hex_ = hexgrid.hex_id(col, row)
    if hexes is not None and hex_ not in hexes:
        return None
    return hex_
