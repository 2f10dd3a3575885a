"""Train runs drawn over the map: one colour per train, its path along the track, and its stops numbered in
visiting order (a scored stop is filled, a dropped or unscored stop is hollow)."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from solver.draw import geometry as geo
from solver.draw.palette import train_colour
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.routes.model import RouteSpec, TrainResult

ROUTE_TRACE_PREFIX = "route "


def route_points(game: GameData, hexes: Sequence[str], position_tiles: dict[str, tuple[str, int]]) -> list[geo.Point]:
    """The polyline a route follows: through each town's centre and off-board hex, and along the track it
    uses inside each village hex it crosses. `position_tiles` maps hex -> (tile id, rotation)."""
    pts: list[geo.Point] = []
    last = len(hexes) - 1
    for i, h in enumerate(hexes):
        if not hexgrid.is_hex_id(h):
            continue
        if h in game.villages and 0 < i < last and h in position_tiles:
            a = hexgrid.edge_towards(h, hexes[i - 1])
            b = hexgrid.edge_towards(h, hexes[i + 1])
            if a is not None and b is not None:
                pts += geo.track_curve(h, a, b)
                continue
        if h in game.offboard_hexes:
            # Stop short of the far side of the off-board hex: the run ends where it enters it.
            land = hexes[i - 1] if i == last and i > 0 else (hexes[1] if len(hexes) > 1 else None)
            cx, cy = geo.centre(h)
            if land is not None and hexgrid.is_hex_id(land):
                lx, ly = geo.centre(land)
                pts.append((cx + (lx - cx) * 0.35, cy + (ly - cy) * 0.35))
                continue
        pts.append(geo.centre(h))
    return pts


def _offset(points: list[geo.Point], index: int, count: int) -> list[geo.Point]:
    """Shift a train's line a little so that runs sharing track stay visible side by side."""
    if count <= 1:
        return points
    d = (index - (count - 1) / 2) * 0.09
    return [(x + d, y - d) for x, y in points]


def stop_point(node: str) -> geo.Point | None:
    """Where a stop (a track graph node id) is drawn: a town's centre, the middle of a small station's track,
    or the off-board hex."""
    kind, _, rest = node.partition(":")
    if kind == "L":
        return geo.centre(rest)
    if kind == "S":
        hex_, _, track = rest.partition(":")
        a, _, b = track.partition("-")
        return geo.track_middle(hex_, int(a), int(b))
    if kind == "O":
        return geo.centre(rest.split(":")[0])
    return None


def route_traces(
    game: GameData,
    tiles: dict[str, tuple[str, int]],
    trains: Sequence[TrainResult] = (),
    routes: Sequence[RouteSpec] = (),
) -> list[go.Scatter]:
    """Plotly traces for a company's run: for each train a line in its colour (named ``"route <n> <train>"``)
    and its numbered stops. Give `trains` (an evaluation's results, with stops) or bare `routes`."""
    traces: list[go.Scatter] = []
    items: list[tuple[int, str, tuple[str, ...], TrainResult | None]] = [
        (t.index, t.train, t.hexes, t) for t in trains
    ] or [(i, r.train, r.hexes, None) for i, r in enumerate(routes)]
    count = len(items)
    for k, (index, train, hexes, result) in enumerate(items):
        colour = train_colour(index)
        pts = _offset(route_points(game, hexes, tiles), k, count)
        earned = f" £{result.revenue}" if result is not None else ""
        traces.append(
            go.Scatter(
                x=[p[0] for p in pts],
                y=[p[1] for p in pts],
                mode="lines",
                line={"color": colour, "width": 6},
                opacity=0.85,
                name=f"{ROUTE_TRACE_PREFIX}{index + 1} {train}",
                hovertext=f"train {index + 1}: {train}{earned}",
                hoverinfo="text",
                showlegend=True,
            )
        )
        if result is None:
            continue
        xs: list[float] = []
        ys: list[float] = []
        labels: list[str] = []
        fills: list[str] = []
        hover: list[str] = []
        for n, stop in enumerate(result.stops, start=1):
            p = stop_point(stop.node)
            if p is None:
                continue
            (x, y) = _offset([p], k, count)[0]
            xs.append(x)
            ys.append(y)
            labels.append(str(n))
            fills.append(colour if stop.status == "scored" else "#ffffff")
            hover.append(f"{train} stop {n}: {stop.name} £{stop.value} ({stop.status})")
        traces.append(
            go.Scatter(
                x=xs,
                y=ys,
                mode="markers+text",
                marker={"size": 18, "color": fills, "line": {"color": colour, "width": 3}},
                text=labels,
                textfont={"size": 10, "color": ["#fff" if f != "#ffffff" else "#000" for f in fills]},
                hovertext=hover,
                hoverinfo="text",
                showlegend=False,
                name=f"stops {index + 1} {train}",
            )
        )
    return traces
