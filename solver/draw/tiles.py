"""Small preview pictures of a tile at one rotation, as offered for a hex in the board editor."""

from __future__ import annotations

import plotly.graph_objects as go

from solver import hexgrid
from solver.draw import geometry as geo
from solver.draw import palette
from solver.gamedata import GameData

#: Previews are drawn on a fixed grid position; only the picture matters, not the place.
_PREVIEW_HEX = "E8"


def tile_preview_figure(
    game: GameData,
    tile_id: str,
    rotation: int,
    small_stations: tuple[tuple[int, int], ...] = (),
    size: int = 110,
    edges_blocked: frozenset[int] = frozenset(),
) -> go.Figure:
    """A `size`-pixel picture of tile `tile_id` laid with `rotation`: its colour, track, station(s), revenue
    and small stations on the given map-edge tracks; sides in `edges_blocked` (barriers, sea) drawn in blue."""
    tile = game.tiles[tile_id]
    h = _PREVIEW_HEX
    cx, cy = geo.centre(h)
    outline = geo.corners(h)
    traces: list[go.Scatter] = [
        go.Scatter(
            x=[p[0] for p in outline],
            y=[p[1] for p in outline],
            fill="toself",
            fillcolor=palette.TILE_FILL[tile.color],
            mode="lines",
            line={"color": palette.OUTLINE, "width": 1},
            hoverinfo="skip",
        )
    ]
    xs: list[float | None] = []
    ys: list[float | None] = []
    dots: list[geo.Point] = []
    if tile.station == "large":
        for e in tile.exits_at(rotation):
            mx, my = geo.edge_midpoint(h, e)
            xs += [cx, mx, None]
            ys += [cy, my, None]
    else:
        for a, b in tile.tracks:
            ma, mb = hexgrid.rotate(a, rotation), hexgrid.rotate(b, rotation)
            for x, y in geo.track_curve(h, ma, mb):
                xs.append(x)
                ys.append(y)
            xs.append(None)
            ys.append(None)
            key = (min(ma, mb), max(ma, mb))
            if key in small_stations or (tile.color == "yellow" and not small_stations):
                dots.append(geo.track_middle(h, ma, mb))
    traces.append(go.Scatter(x=xs, y=ys, mode="lines", line={"color": palette.TRACK, "width": 4}, hoverinfo="skip"))
    bx: list[float | None] = []
    by: list[float | None] = []
    for e in sorted(edges_blocked):
        (x1, y1), (x2, y2) = geo.edge_corners(h, e)
        bx += [x1, x2, None]
        by += [y1, y2, None]
    if bx:
        traces.append(go.Scatter(x=bx, y=by, mode="lines", line={"color": palette.BARRIER, "width": 5}))
    if dots:
        traces.append(
            go.Scatter(
                x=[d[0] for d in dots], y=[d[1] for d in dots], mode="markers", marker={"size": 9, "color": "#000"}
            )
        )
    if tile.station == "large":
        offs = geo.slot_offsets(tile.slots, spread=0.22)
        traces.append(
            go.Scatter(
                x=[cx + dx for dx, _ in offs],
                y=[cy + dy for _, dy in offs],
                mode="markers",
                marker={"size": size * 0.16, "color": "#fff", "line": {"color": "#000", "width": 1.5}},
            )
        )
        traces.append(
            go.Scatter(
                x=[cx + 0.55],
                y=[cy - 0.45],
                mode="text",
                text=[str(tile.revenue)],
                textfont={"size": 10},
            )
        )
    traces.append(
        go.Scatter(
            x=[cx - 0.5],
            y=[cy + 0.55],
            mode="text",
            text=[f"<b>{tile.id}</b>{' ' + tile.letter if tile.letter else ''}"],
            textfont={"size": 10},
        )
    )
    fig = go.Figure(traces)
    fig.update_layout(
        width=size,
        height=size,
        margin={"l": 0, "r": 0, "t": 0, "b": 0},
        showlegend=False,
        plot_bgcolor="rgba(0,0,0,0)",
        paper_bgcolor="rgba(0,0,0,0)",
        xaxis={"visible": False, "range": [cx - 1.05, cx + 1.05], "fixedrange": True},
        yaxis={"visible": False, "range": [cy - 1.05, cy + 1.05], "scaleanchor": "x", "fixedrange": True},
    )
    for trace in fig.data:
        trace.hoverinfo = "skip"
    return fig
