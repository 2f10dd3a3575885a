"""Drawing geometry on any title's hex layout, beyond what the core's `Layout` gives (centres, corners, edge
directions and midpoints, in hex units, north up; docs/board-data.md): a hex's closed outline, the corners at
the ends of an edge, track drawn between two edges, station slots, and the hex under a clicked point."""

from __future__ import annotations

import math
from collections.abc import Collection

from solver.core.geometry import SQRT3, Layout, Point

#: Distance from a hex centre to the middle of an edge (the inradius), in hex units (circumradius 1).
APOTHEM = SQRT3 / 2


def outline(layout: Layout, hex_: str, scale: float = 1.0) -> list[Point]:
    """The hex's corners as a closed line (the first corner again at the end), `scale` < 1 drawing it smaller."""
    corners = layout.corners(hex_, scale)
    return [*corners, corners[0]]


def edge_corners(layout: Layout, hex_: str, edge: int) -> tuple[Point, Point]:
    """The two corners at the ends of `edge`: the edge's middle ±30° as seen from the centre."""
    cx, cy = layout.centre(hex_)
    ux, uy = layout.edge_direction(edge)
    angle = math.atan2(uy, ux)
    a, b = angle - math.pi / 6, angle + math.pi / 6
    return (cx + math.cos(a), cy + math.sin(a)), (cx + math.cos(b), cy + math.sin(b))


def track_curve(layout: Layout, hex_: str, a: int, b: int, steps: int = 12) -> list[Point]:
    """Points along a track joining edges `a` and `b` of a hex: a straight line across, or a quadratic
    curve bent towards the centre for a gentle or sharp turn, as printed on the tiles."""
    start, end = layout.edge_midpoint(hex_, a), layout.edge_midpoint(hex_, b)
    cx, cy = layout.centre(hex_)
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


def track_middle(layout: Layout, hex_: str, a: int, b: int) -> Point:
    """The point halfway along the track joining edges `a` and `b`: where a small station is drawn."""
    pts = track_curve(layout, hex_, a, b, steps=2)
    if len(pts) == 2:
        cx, cy = layout.centre(hex_)
        # A straight track through the centre: draw its station a little off-centre so that two crossing
        # straight tracks (tile 20) keep their stations apart.
        ux, uy = layout.edge_direction(a)
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


def hex_at(layout: Layout, x: float, y: float, hexes: Collection[str]) -> str | None:
    """The hex of `hexes` (one map's hexes: their ids share one parity) whose drawn area contains the map point
    (x, y), or None when the point lies in no hex of them. Hexes tile the plane as the Voronoi cells of their
    centres, so the hex containing a point is the one with the nearest centre (`Layout.hex_at`)."""
    if not hexes:
        return None
    parity = layout.parity(next(iter(hexes)))
    try:
        hex_ = layout.format(*layout.hex_at(x, y, parity))
    except ValueError:  # a place beyond letter A or row 0: no id names it
        return None
    return hex_ if hex_ in hexes else None
