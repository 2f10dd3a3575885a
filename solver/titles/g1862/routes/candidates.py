"""Every legal route of one train, as candidates for the optimizer (7.4, 7.6.5, 7.8, 7.8.1-7.8.3).

A route is a simple path of links in the `StopGraph` between two stops. One train's route is legal when it
begins and ends at large stations or off-board nodes (the stop graph has no other stops), passes through no
off-board node and no city full of other companies' markers (7.4), holds at most one port and one red area
(7.4, so never port to port or red to red, 7.8), enters London only with a London link (7.6.5), includes at
least one large station and one of the company's own markers (7.4, 7.8), and fits the train: Freight-N
crosses at most N hex sides (7.8.1), Local N/M visits at most M large stations and no off-board area
(7.8.2), Express N/M at most M large stations and off-board areas (7.8.3).

The 1862 map is small, so even on a full late-game board a train has only hundreds or a few thousand legal
routes; listing them is fast. What makes the run hard is combining trains, which the CP-SAT model does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from solver.core.lazy import lazy
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.routes.stop_graph import LONDON_AREA, Link, StopGraph
from solver.titles.g1862.track import NodeId
from solver.titles.g1862.trains import Train, TrainType

BONUS_PLAIN, BONUS_PORT = 20, 30  # 7.8.1: per intervening hex; 30 if either end is a port


@dataclass(frozen=True, order=True)
class EndKey:
    """A route's end as the Freight bonus sees it (7.8.1): the stop, and the land hex it is measured from
    (the town's own hex, or for an off-board node the land hex the route enters it from)."""

    stop: NodeId
    hex: str
    offboard: bool
    port: bool


def freight_bonus(a: EndKey, b: EndKey) -> int:
    """20 per intervening hex as the crow flies between two ends, 30 if either is a port, barriers ignored
    (7.8.1); an off-board end counts as its entry land hex plus one hex (RULES-NOTES)."""
    hexes = hexgrid.distance(a.hex, b.hex) + int(a.offboard) + int(b.offboard) - 1
    return max(0, hexes) * (BONUS_PORT if a.port or b.port else BONUS_PLAIN)


@dataclass(frozen=True)
class Candidate:
    """One legal route of one train, read from its first stop to its last."""

    stops: tuple[NodeId, ...]
    links: tuple[Link, ...]
    start: EndKey
    end: EndKey
    large: frozenset[NodeId]
    units: frozenset[str]
    sides: int

    @lazy
    def small(self) -> frozenset[NodeId]:
        """The small stations on the route (they count for a Local only, 7.8.2): worked out when asked for,
        since most routes listed are Freight routes, which never ask."""
        return frozenset(s for lk in self.links for s in lk.small)

    @lazy
    def hexes(self) -> frozenset[str]:
        """The land hexes the route visits (a Local's subsidy, 7.8.2): worked out when asked for."""
        return frozenset().union(*(lk.hexes for lk in self.links))

    @lazy
    def link_ids(self) -> frozenset[int]:
        return frozenset(lk.index for lk in self.links)

    @lazy
    def stop_set(self) -> frozenset[NodeId]:
        return frozenset(self.stops)

    @lazy
    def bonus(self) -> int:
        """The Freight bonus between the route's ends (7.8.1): asked for many times per listing."""
        return freight_bonus(self.start, self.end)

    def reversed(self) -> Candidate:
        return Candidate(
            tuple(reversed(self.stops)),
            tuple(reversed(self.links)),
            self.end,
            self.start,
            self.large,
            self.units,
            self.sides,
        )


def _end_key(sg: StopGraph, stop: NodeId, link: Link) -> EndKey:
    st = sg.graph.stations[stop]
    if st.kind == "offboard":
        entry = link.entry_at(stop)
        assert entry is not None
        return EndKey(stop, entry, True, st.area_type == "port")
    return EndKey(stop, st.hex, False, False)


class ListingStopped(Exception):
    """The time limit or the stop event ended a listing of routes before it was complete."""


CHECK_EVERY = 2048  # steps of a listing between two calls of the caller's stop check


def legal_candidates(
    sg: StopGraph, company: str, train: Train, london: bool, stopped: Callable[[], bool] | None = None
) -> list[Candidate]:
    """Every legal route of `train` for `company` (see the module docstring), each once, in one direction.
    `stopped` is called every few thousand steps; when it returns True the listing ends with ListingStopped."""
    graph = sg.graph
    stations = graph.stations
    markers = graph.marker_stations(company)
    kind = train.type
    freight = kind is TrainType.FREIGHT
    limit = train.visits
    # per stop, looked up once (a listing visits each stop thousands of times)
    unit_of = {s: stations[s].scoring_unit for s in sg.stops}
    large_stops = frozenset(s for s in sg.stops if stations[s].kind == "large")
    # 7.4: red areas and ports end a route, and a full city may only end it
    terminal = frozenset(s for s in sg.stops if stations[s].kind == "offboard" or graph.is_blocked(s, company))
    port = {s: int(stations[s].area_type == "port") for s in sg.stops}
    red = {s: int(stations[s].area_type == "red") for s in sg.stops}

    def usable(s: NodeId) -> bool:
        st = stations[s]
        if st.kind != "offboard":
            return True
        if kind is TrainType.LOCAL:
            return False  # 7.8.2: Local trains never run to off-board areas
        return st.area != LONDON_AREA or london  # 7.6.5

    allowed = frozenset(filter(usable, sg.stops))
    # what a stop costs an N/M train: Express counts every stop, Local only large stations (7.8.2, 7.8.3)
    cost = {s: 0 if freight else int(s in large_stops or kind is TrainType.EXPRESS) for s in sg.stops}
    end_keys: dict[tuple[NodeId, int], EndKey] = {}

    def end_key(stop: NodeId, link: Link) -> EndKey:
        key = end_keys.get((stop, link.index))
        if key is None:
            key = end_keys[stop, link.index] = _end_key(sg, stop, link)
        return key

    found: list[Candidate] = []
    steps = [0]

    def record(path: list[NodeId], links: list[Link], sides: int) -> None:
        large = large_stops.intersection(path)
        if not large or markers.isdisjoint(large):
            return  # 7.8: a large station; 7.4: one of the company's markers
        found.append(
            Candidate(
                tuple(path),
                tuple(links),
                end_key(path[0], links[0]),
                end_key(path[-1], links[-1]),
                large,
                frozenset(unit_of[s] for s in path),
                sides,
            )
        )

    # per stop, the steps a route may take from it: (link, next stop, what the step costs, port, red area)
    steps_from = {
        s: [
            (lk, nxt, lk.sides if freight else cost[nxt], port[nxt], red[nxt])
            for lk in sg.links_at[s]
            if (nxt := lk.other(s)) in allowed
        ]
        for s in sg.stops
    }

    def extend(path: list[NodeId], links: list[Link], seen: set[NodeId], used: int, ports: int, reds: int) -> None:
        here = path[-1]
        steps[0] += 1
        if stopped is not None and steps[0] % CHECK_EVERY == 0 and stopped():
            raise ListingStopped
        if len(path) > 1:
            if path[0] < here:  # each route once; its reverse is found from the other end
                record(path, links, used if freight else sum(lk.sides for lk in links))
            if here in terminal:
                return  # 7.4: red areas and ports end a route; a full city may only end it
        for lk, nxt, step, is_port, is_red in steps_from[here]:
            if nxt in seen:
                continue
            c = used + step
            p = ports + is_port
            r = reds + is_red
            if c > limit or p > 1 or r > 1:
                continue
            seen.add(nxt)
            path.append(nxt)
            links.append(lk)
            extend(path, links, seen, c, p, r)  # noqa: F821 - deleted once the walk is over
            links.pop()
            path.pop()
            seen.discard(nxt)

    try:
        for s in sg.stops:
            if s in allowed:
                extend([s], [], {s}, cost[s], port[s], red[s])
    finally:
        del extend  # the recursive closure refers to itself: freed now rather than by the garbage collector
    return found


def maximal(
    cands: Iterable[Candidate],
    key: str,
    scoring_unit: Callable[[NodeId], str] | None = None,
    stopped: Callable[[], bool] | None = None,
) -> list[Candidate]:
    """Drop routes another route dominates, for trains whose route matters only through what it visits.

    key "express": the scoring units and large stations visited (7.8.3: an Express train scores stations and
    off-board areas, each area once whichever of its hexes the route enters, and meets other runs at large
    stations, 7.8 bullet 2; so two routes into one area by different hexes are one option); "local": stops,
    small stations and hexes (7.8.2); "lone": a
    Freight train running alone scores its two ends (each its station or off-board area, `scoring_unit`)
    and the bonus between them, and meets other runs at its large stations (7.8.1), so a route is dropped
    when another with the same scoring ends earns at least its bonus and visits all its large stations.
    Visiting more never costs the company anything: an N/M train may drop any stop, trains may share
    stations and track, and more large stations only give more ways to meet the other runs (7.8).
    `stopped` is called every few hundred routes; when it returns True, ListingStopped."""
    bits: dict[object, int] = {}  # each item's bit

    def mask(items: Iterable[object]) -> int:
        m = 0
        for item in items:
            bit = bits.get(item)
            if bit is None:
                bit = bits[item] = 1 << len(bits)
            m |= bit
        return m

    buckets: dict[object, list[tuple[int, int, Candidate]]] = {}
    for c in cands:
        if key == "lone":
            assert scoring_unit is not None
            group: object = frozenset((scoring_unit(c.start.stop), scoring_unit(c.end.stop)))
            buckets.setdefault(group, []).append((mask(c.large), c.bonus, c))
        elif key == "local":
            # stops (L:, O:), small stations (S:) and hexes (E5) are told apart by their names
            buckets.setdefault(None, []).append((mask(itertools.chain(c.stops, c.small, c.hexes)), 0, c))
        else:
            # 7.8.3: what an Express route is worth to a run is its scoring units (an off-board area counts once,
            # whichever hex it is entered by) and its large stations (where runs meet, 7.8 bullet 2); units and
            # station ids are told apart by the tag
            buckets.setdefault(None, []).append((mask(itertools.chain(c.units, (("large", s) for s in c.large))), 0, c))
    result: list[Candidate] = []
    for rows in buckets.values():
        kept: list[tuple[int, int]] = []
        # larger sets first, then higher bonus: a route can only be dominated by one before it
        for n, (m, b, c) in enumerate(sorted(rows, key=lambda r: (-r[0].bit_count(), -r[1]))):
            if stopped is not None and n % 256 == 255 and stopped():
                raise ListingStopped
            if not any(m & k == m and b <= kb for k, kb in kept):
                kept.append((m, b))
                result.append(c)
    return result


def both_ways(cands: Iterable[Candidate]) -> Iterator[Candidate]:
    """Each route in both directions (a Freight chain joins the end of one train to the start of the next)."""
    for c in cands:
        yield c
        yield c.reversed()
