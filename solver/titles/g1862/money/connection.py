"""Whether two companies may merge: connected by track between their station markers (7.5.2).

7.5.2: "there must be an uninterrupted route between a station marker belonging to one of the companies to a
station marker belonging to the other. This includes cases where the two companies have station markers
occupying the same station. Markers in London may not be used to trace connections." A route is traced as
7.4 traces routes: along track, never through a town whose every slot holds other companies' markers, and
never through an off-board area (7.2's example: the FDR "cannot trace a route past Ipswich as Ipswich is
blocked by other station markers"). Acquisitions are resolved as mergers (7.14), so the same check applies.

On the way from one company's marker to the other's, a town holding neither company's marker is passed only
if it has a free slot; a town with a marker of either company is a start or an end. So it does not matter
from which company the route is traced.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass

from solver.errors import InputError, Problem
from solver.titles.g1862.position import Position
from solver.titles.g1862.track import NodeId, TrackGraph, build_graph


@dataclass(frozen=True)
class Connection:
    """The answer for two companies: connected or not, the hexes of a shortest connecting route (from a
    marker of the first company to one of the second), and the reason in words with the rule."""

    first: str
    second: str
    connected: bool
    hexes: tuple[str, ...]
    reason: str


def merge_connection(position: Position, first: str, second: str, graph: TrackGraph | None = None) -> Connection:
    """Whether `first` and `second` are connected by track between their station markers (7.5.2)."""
    problems = [
        Problem(f"company {c}", "7.5.2", "is not in this position")
        for c in (first, second)
        if c not in position.companies
    ]
    if first == second:
        problems.append(Problem(f"company {first}", "7.5.2", "a merger needs two different companies"))
    if problems:
        raise InputError(problems)
    mine = set(position.markers_of(first))
    theirs = set(position.markers_of(second))
    if not mine or not theirs:
        without = first if not mine else second
        return Connection(
            first, second, False, (), f"{without} has no station marker on the map (London markers do not count, 7.5.2)"
        )
    shared = sorted(mine & theirs)
    if shared:
        return Connection(first, second, True, (shared[0],), f"both have a station marker in {shared[0]} (7.5.2)")
    graph = graph or build_graph(position)
    path = _route(graph, graph.marker_stations(first), graph.marker_stations(second))
    if path is None:
        return Connection(
            first,
            second,
            False,
            (),
            f"no route along track joins a station marker of {first} to one of {second}: towns full of other "
            "companies' markers and off-board areas cannot be passed, London markers do not count (7.5.2, 7.4)",
        )
    hexes = _hexes(graph, path)
    return Connection(
        first,
        second,
        True,
        hexes,
        f"track joins {first} in {hexes[0]} to {second} in {hexes[-1]}: {' - '.join(hexes)} (7.5.2)",
    )


def _route(graph: TrackGraph, starts: frozenset[NodeId], goals: frozenset[NodeId]) -> list[NodeId] | None:
    """The nodes of a shortest walk from a start to a goal that passes only where a route may (7.4)."""
    parent: dict[NodeId, NodeId | None] = {s: None for s in sorted(starts)}
    queue = deque(sorted(starts))
    while queue:
        node = queue.popleft()
        if node in goals:
            path = [node]
            while (back := parent[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        if node not in starts and not _passable(graph, node):
            continue
        for nxt in graph.neighbours(node):
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    return None


def _passable(graph: TrackGraph, node: NodeId) -> bool:
    """A route may run on through a side, a small station or a town with a free slot; not through an
    off-board area, nor a town whose slots are all taken (by other companies: a town with either company's
    marker is a start or a goal and never gets here)."""
    station = graph.stations.get(node)
    if station is None or station.kind == "small":
        return True
    if station.kind == "offboard":
        return False
    return len(station.markers) < station.slots


def _hexes(graph: TrackGraph, path: list[NodeId]) -> tuple[str, ...]:
    """The hexes a walk runs through, in order: its first station's hex, then each track segment's hex. A hex
    left and entered again (two separate tracks of a village tile) is listed each time."""
    hexes = [graph.stations[path[0]].hex]
    for a, b in itertools.pairwise(path):
        segment = graph.segment_between(a, b)
        assert segment is not None
        hexes.append(segment.hex)
    return tuple(hex_ for hex_, _ in itertools.groupby(hexes))
