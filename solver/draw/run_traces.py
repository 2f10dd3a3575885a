"""A run of any title drawn on its board (`solver.draw.any_board`): each train's route along the track it takes, one
colour per train (palette.train_colour), from the nodes the evaluator scored, each step along the first way of track
joining them (the way the evaluator takes first: solver/core/evaluator.py)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import plotly.graph_objects as go

from solver.core.faces import End
from solver.core.geometry import Point
from solver.core.track_graph import Link, NodeRef, TrackGraph
from solver.draw import geometry
from solver.draw.any_board import node_points
from solver.draw.palette import train_colour

#: How far each train's line is set off from the track (hex units), so that trains meeting at a station stay apart.
OFFSET = 0.06


def _end_point(graph: TrackGraph, hex_: str, end: End) -> Point:
    board = graph.position.board
    if end.kind == "node":
        return node_points(board, hex_, graph.faces[hex_])[end.index]
    a, b = geometry.edge_corners(board.layout, hex_, end.index)
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def link_points(graph: TrackGraph, link: Link) -> list[Point]:
    """The points along a link's track from its first node to its last."""
    layout = graph.position.board.layout
    points: list[Point] = []
    at: Point = _end_point(graph, link.a.hex, End("node", link.a.index))
    points.append(at)
    for piece in link.pieces:
        path = graph.faces[piece.hex].paths[piece.path]
        first, second = _end_point(graph, piece.hex, path.a), _end_point(graph, piece.hex, path.b)
        if (first[0] - at[0]) ** 2 + (first[1] - at[1]) ** 2 > (second[0] - at[0]) ** 2 + (second[1] - at[1]) ** 2:
            start_end, finish_end, finish = path.b, path.a, first
        else:
            start_end, finish_end, finish = path.a, path.b, second
        if start_end.kind == "edge" and finish_end.kind == "edge":
            points += geometry.track_curve(layout, piece.hex, start_end.index, finish_end.index)[1:]
        else:
            points.append(finish)
        at = finish
    return points


def route_points(graph: TrackGraph, nodes: Sequence[NodeRef]) -> list[Point]:
    """The points of a route through `nodes` in order (consecutive nodes no track joins are left unjoined)."""
    points: list[Point] = []
    for a, b in itertools.pairwise(nodes):
        links = graph.links(a, b)
        if links:
            points += link_points(graph, links[0])[(1 if points else 0) :]
    return points


def run_traces(graph: TrackGraph, routes: Sequence[tuple[str, Sequence[NodeRef]]]) -> list[go.Scatter]:
    """One line per route (`(label, nodes)`), in its train's colour, with a ring on each node it names."""
    traces: list[go.Scatter] = []
    for i, (label, nodes) in enumerate(routes):
        shift = (i - (len(routes) - 1) / 2) * OFFSET
        points = route_points(graph, nodes)
        colour = train_colour(i)
        traces.append(
            go.Scatter(
                x=[x + shift for x, _ in points],
                y=[y + shift for _, y in points],
                mode="lines",
                line={"color": colour, "width": 5},
                opacity=0.85,
                name=label,
                hoverinfo="name",
            )
        )
        board = graph.position.board
        stops = [node_points(board, n.hex, graph.faces[n.hex])[n.index] for n in nodes if n in graph.nodes]
        traces.append(
            go.Scatter(
                x=[x for x, _ in stops],
                y=[y for _, y in stops],
                mode="markers",
                marker={"size": 16, "color": "rgba(0,0,0,0)", "line": {"color": colour, "width": 3}},
                name=f"{label} stops",
                hoverinfo="skip",
                showlegend=False,
            )
        )
    return traces
