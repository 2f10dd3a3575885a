"""Pictures of a tile at one rotation, as offered for a hex in the board editor: an SVG drawing that scales to
its container (so it is never cut off), with the hex's surroundings around it: the sides blocked by a barrier
or the sea in blue, and a stub of track on each side where the neighbouring tile's track comes in, so the
rotation that joins up can be seen at a glance.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from solver.draw import geometry as geo
from solver.draw import palette
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.position import Position, Track

#: Pictures are drawn around a fixed grid position, then moved to the origin; only the shape matters.
_PREVIEW_HEX = "E8"


def neighbour_track(position: Position, hex_: str) -> frozenset[int]:
    """Sides of `hex_` that track on a neighbouring tile, or an off-board entry, points at (7.6.1)."""
    game = position.game
    sides: set[int] = set()
    for edge, link in enumerate(game.edges[hex_]):
        if link.kind == "offboard":
            sides.add(edge)
        elif link.kind == "land" and link.neighbour is not None:
            lay = position.tiles.get(link.neighbour)
            if lay is not None and hexgrid.opposite(edge) in game.tiles[lay.tile].exits_at(lay.rotation):
                sides.add(edge)
    return frozenset(sides)


def joins(game: GameData, tile_id: str, rotation: int, sides: frozenset[int]) -> int:
    """How many of the tile's exits at `rotation` meet track coming in on `sides`."""
    return len(set(game.tiles[tile_id].exits_at(rotation)) & sides)


def _fmt(points: Iterable[geo.Point]) -> str:
    cx, cy = geo.centre(_PREVIEW_HEX)
    return " ".join(f"{x - cx:.3f},{cy - y:.3f}" for x, y in points)


def _line(points: Iterable[geo.Point], colour: str, width: float, extra: str = "") -> str:
    return (
        f'<polyline points="{_fmt(points)}" fill="none" stroke="{colour}" stroke-width="{width}" '
        f'stroke-linecap="round" stroke-linejoin="round"{extra}/>'
    )


def _circle(p: geo.Point, r: float, fill: str, stroke: str = "#000", width: float = 0.04) -> str:
    cx, cy = geo.centre(_PREVIEW_HEX)
    return (
        f'<circle cx="{p[0] - cx:.3f}" cy="{cy - p[1]:.3f}" r="{r}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}"/>'
    )


def _text(p: geo.Point, text: str, size: float, anchor: str = "middle", weight: str = "normal") -> str:
    cx, cy = geo.centre(_PREVIEW_HEX)
    return (
        f'<text x="{p[0] - cx:.3f}" y="{cy - p[1]:.3f}" font-size="{size}" text-anchor="{anchor}" '
        f'dominant-baseline="central" font-family="sans-serif" font-weight="{weight}">{text}</text>'
    )


def tile_svg(
    game: GameData,
    tile_id: str,
    rotation: int,
    small_stations: tuple[Track, ...] = (),
    edges_blocked: frozenset[int] = frozenset(),
    incoming: frozenset[int] = frozenset(),
    title: str = "",
) -> str:
    """An SVG picture of tile `tile_id` laid with `rotation`: its colour, track, station slots, revenue and
    number; small stations on the given map-side tracks (a yellow village tile shows its printed one); sides
    in `edges_blocked` (barrier, sea) in blue; a stub of track outside each side in `incoming`. The picture
    has no fixed size: it fills the width of its container."""
    tile = game.tiles[tile_id]
    h = _PREVIEW_HEX
    cx, cy = geo.centre(h)
    parts = [
        f'<polygon points="{_fmt(geo.corners(h))}" fill="{palette.TILE_FILL[tile.color]}" '
        f'stroke="{palette.OUTLINE}" stroke-width="0.04"/>'
    ]
    for e in sorted(incoming):
        ux, uy = geo.edge_direction(e)
        start = geo.edge_midpoint(h, e)
        parts.append(_line([start, (start[0] + ux * 0.22, start[1] + uy * 0.22)], "#777", 0.1))
    for e in sorted(edges_blocked):
        parts.append(_line(geo.edge_corners(h, e), palette.BARRIER, 0.12))
    dots: list[geo.Point] = []
    if tile.station == "large":
        for e in tile.exits_at(rotation):
            parts.append(_line([(cx, cy), geo.edge_midpoint(h, e)], palette.TRACK, 0.11))
    else:
        for a, b in tile.tracks:
            ma, mb = hexgrid.rotate(a, rotation), hexgrid.rotate(b, rotation)
            parts.append(_line(geo.track_curve(h, ma, mb), palette.TRACK, 0.11))
            if (min(ma, mb), max(ma, mb)) in small_stations or (tile.color == "yellow" and not small_stations):
                dots.append(geo.track_middle(h, ma, mb))
    parts += [_circle(d, 0.1, "#000", width=0) for d in dots]
    if tile.station == "large":
        for dx, dy in geo.slot_offsets(tile.slots, spread=0.22):
            parts.append(_circle((cx + dx, cy + dy), 0.17, palette.SLOT_FILL))
        # The revenue sits by the east corner, where no track runs (track ends at edge middles).
        parts.append(_circle((cx + 0.66, cy), 0.17, "#fff", "#555", 0.03))
        parts.append(_text((cx + 0.66, cy), str(tile.revenue), 0.18))
    letter = f" {tile.letter}" if tile.letter else ""
    parts.append(_text((cx - 0.62, cy + 0.62), f"{tile.id}{letter}", 0.24, anchor="start", weight="bold"))
    label = f"<title>{title}</title>" if title else ""
    reach = 1.0 + 0.26
    half_height = math.sqrt(3) / 2 + 0.26
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-reach} {-half_height} {2 * reach} {2 * half_height}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img">{label}{"".join(parts)}</svg>'
    )
