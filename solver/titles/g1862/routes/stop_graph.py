"""The track graph seen from the stops where a route may begin, end or branch (7.4, 7.8).

In `TrackGraph` every hex side (``X:``) and every small station (``S:``) lies on exactly one track and joins
exactly two segments: a train that enters one leaves by the other. So between two *stops* (large stations
and off-board nodes, the only places a route may begin, end or choose its way) the track is a fixed chain
of sides and small stations, here called a `Link`. Two different links never share a side or a small
station, so a simple path of links is a simple path of the track graph and uses no segment twice (7.4).

A link records what the rules need: how many hex sides it crosses (Freight length, 7.8.1; entering an
off-board hex is one), its small stations (scored by Local trains, 7.8.2), the land hexes it visits (Local
subsidy, 7.8.2) and, at an off-board end, the land hex it enters from (Freight bonus distance, 7.8.1).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from solver.core.lazy import lazy
from solver.titles.g1862.track import NodeId, TrackGraph

LONDON_AREA = "london"


@dataclass(frozen=True)
class Link:
    """Track between two stops with no stop or branch between them."""

    index: int
    a: NodeId
    b: NodeId
    nodes: tuple[NodeId, ...]
    sides: int
    small: tuple[NodeId, ...]
    hexes: frozenset[str]
    entry_a: str | None
    entry_b: str | None

    def other(self, stop: NodeId) -> NodeId:
        return self.b if stop == self.a else self.a

    def entry_at(self, stop: NodeId) -> str | None:
        """For an off-board end: the land hex the link enters the off-board hex from (7.8.1)."""
        return self.entry_a if stop == self.a else self.entry_b

    def nodes_from(self, stop: NodeId) -> tuple[NodeId, ...]:
        """The link's track nodes read from `stop` to the other end."""
        return self.nodes if stop == self.a else tuple(reversed(self.nodes))


@dataclass(frozen=True)
class StopGraph:
    """Stops (large stations and off-board nodes) joined by links."""

    graph: TrackGraph
    stops: tuple[NodeId, ...]
    links: tuple[Link, ...]

    @lazy
    def links_at(self) -> dict[NodeId, tuple[Link, ...]]:
        at: dict[NodeId, list[Link]] = {s: [] for s in self.stops}
        for link in self.links:
            at[link.a].append(link)
            at[link.b].append(link)
        return {s: tuple(v) for s, v in at.items()}

    def kind(self, stop: NodeId) -> str:
        return self.graph.stations[stop].kind

    def route_hexes(self, start: NodeId, links: Sequence[Link]) -> tuple[str, ...]:
        """The hexes of a route given as its first stop and its links in order, as `TrackGraph.path_of`
        reads them: each segment's hex once, in visiting order."""
        nodes = [start]
        here = start
        for link in links:
            nodes.extend(link.nodes_from(here)[1:])
            here = link.other(here)
        hexes: list[str] = []
        for a, b in itertools.pairwise(nodes):
            seg = self.graph.segment_between(a, b)
            assert seg is not None, (a, b)
            if not hexes or hexes[-1] != seg.hex:
                hexes.append(seg.hex)
        return tuple(hexes)

    def links_of_path(self, nodes: Sequence[NodeId]) -> tuple[NodeId, list[Link]] | None:
        """A track-graph path (from `TrackGraph.path_of`) as its first stop and links; None if it does not
        begin and end at stops."""
        if not nodes or nodes[0] not in self.links_at or nodes[-1] not in self.links_at:
            return None
        result: list[Link] = []
        i = 0
        while i < len(nodes) - 1:
            here = nodes[i]
            j = i + 1
            while nodes[j] not in self.links_at:
                j += 1
            piece = tuple(nodes[i : j + 1])
            match = [lk for lk in self.links_at[here] if lk.nodes_from(here) == piece]
            if not match:
                return None
            result.append(match[0])
            i = j
        return nodes[0], result


def build_stop_graph(graph: TrackGraph) -> StopGraph:
    """Contract the track graph of a position to its stops and links (see the module docstring)."""
    stops = tuple(sorted(n for n, st in graph.stations.items() if st.kind in ("large", "offboard")))
    stop_set = set(stops)
    adjacency, segments, land = graph.adjacency, graph.segments, graph.game.land_hexes
    arrived: set[tuple[NodeId, int]] = set()  # (stop, last segment) of each link found: its other end's walk
    links: list[Link] = []
    for stop in stops:
        for first, first_seg in adjacency.get(stop, ()):
            if (stop, first_seg) in arrived:
                continue  # the link found from its other end, read backwards
            path, segs = [stop, first], [first_seg]
            while path[-1] not in stop_set:
                nxt = [(n, i) for n, i in adjacency.get(path[-1], ()) if n != path[-2]]
                if len(nxt) != 1:
                    break
                path.append(nxt[0][0])
                segs.append(nxt[0][1])
            end = path[-1]
            if end not in stop_set or end == stop:
                continue  # a dead end, or a loop back to the same stop (never part of a simple path)
            arrived.add((end, segs[-1]))
            nodes = tuple(path)
            inner = nodes[1:-1]  # hex sides and small stations
            small = tuple(n for n in inner if n[0] == "S")
            links.append(
                Link(
                    index=len(links),
                    a=stop,
                    b=end,
                    nodes=nodes,
                    sides=len(inner) - len(small),
                    small=small,
                    hexes=frozenset(h for i in segs if (h := segments[i].hex) in land),
                    entry_a=_entry(graph, stop, nodes[1]),
                    entry_b=_entry(graph, end, nodes[-2]),
                )
            )
    return StopGraph(graph, stops, tuple(links))


def _entry(graph: TrackGraph, stop: NodeId, side: NodeId) -> str | None:
    st = graph.stations[stop]
    if st.kind != "offboard":
        return None
    pair = side[2:].split("|")
    land = [h for h in pair if h != st.hex]
    return land[0] if land else None


def reachable(
    sg: StopGraph,
    company: str,
    sources: Iterable[NodeId],
    *,
    allowed: set[NodeId],
    link_cost: dict[int, int],
    stop_cost: dict[NodeId, int],
    budget: int,
) -> tuple[set[NodeId], set[int]]:
    """Stops and links a route through one of `sources` can use within `budget` (7.4).

    The cost of a route is the sum of its links' and stops' costs (Freight: hex sides; Local: large
    stations; Express: large stations and off-board areas). A route is not traced past an off-board node or a
    city full of other companies' markers (7.4), so those are reached but not expanded. Every stop of a route
    through a source lies within the route's cost of that source, which makes this a safe reduction.
    """
    best: dict[NodeId, int] = {}
    heap: list[tuple[int, NodeId]] = []
    for s in sources:
        if s in allowed and stop_cost[s] <= budget:
            best[s] = stop_cost[s]
            heap.append((stop_cost[s], s))
    heapq.heapify(heap)
    while heap:
        cost, stop = heapq.heappop(heap)
        if cost > best.get(stop, budget + 1):
            continue
        if sg.kind(stop) == "offboard" or sg.graph.is_blocked(stop, company):
            continue
        for link in sg.links_at[stop]:
            other = link.other(stop)
            if other not in allowed:
                continue
            c = cost + link_cost[link.index] + stop_cost[other]
            if c <= budget and c < best.get(other, budget + 1):
                best[other] = c
                heapq.heappush(heap, (c, other))
    stops = set(best)
    links: set[int] = set()
    for link in sg.links:
        if link.a not in stops or link.b not in stops:
            continue
        costs = [
            best[here] + link_cost[link.index] + stop_cost[link.other(here)]
            for here in (link.a, link.b)
            if sg.kind(here) != "offboard" and not sg.graph.is_blocked(here, company)
        ]
        if costs and min(costs) <= budget:
            links.add(link.index)
    return stops, links
