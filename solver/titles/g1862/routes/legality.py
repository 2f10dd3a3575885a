"""Legality of one train's route (7.4, 7.6.5, 7.8, 7.8.1-7.8.3) and of a company's whole run (7.8).

`trace_route` turns a route written as hexes into a `TracedRoute` (its track nodes, stations and segments) and
lists every single-route rule it breaks. `run_problems` checks the rules that concern all the company's trains
together: the main run through the home station and runs meeting at large stations (7.8, second bullet);
`missing_home` says why a company whose Home Station marker is not on the board has no legal run (7.8).
Freight chains (7.8.1) are checked in `solver.titles.g1862.routes.chains`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solver.core.lazy import lazy
from solver.errors import Problem
from solver.titles.g1862.position import Position
from solver.titles.g1862.track import NodeId, Station, TrackGraph, describe, large_id
from solver.titles.g1862.trains import Train, TrainType


@dataclass(frozen=True)
class TracedRoute:
    """One train's route followed on the track graph.

    `label` names the train in messages (``3F``, or ``3F #2`` when the company runs two 3F trains); `index`
    is the route's position in the list given to the evaluator.
    """

    index: int
    train: Train
    label: str
    hexes: tuple[str, ...]
    nodes: tuple[NodeId, ...]
    stations: tuple[NodeId, ...]
    segments: tuple[int, ...]

    @property
    def start(self) -> NodeId:
        return self.stations[0]

    @property
    def end(self) -> NodeId:
        return self.stations[-1]

    @property
    def ends(self) -> tuple[NodeId, NodeId]:
        return self.stations[0], self.stations[-1]

    @lazy
    def station_set(self) -> frozenset[NodeId]:
        return frozenset(self.stations)

    @lazy
    def large(self) -> tuple[NodeId, ...]:
        """Large stations visited, in order (``L:`` nodes)."""
        return tuple(n for n in self.stations if n.startswith("L:"))

    @lazy
    def large_set(self) -> frozenset[NodeId]:
        return frozenset(self.large)

    @lazy
    def small(self) -> tuple[NodeId, ...]:
        """Small stations visited, in order (``S:`` nodes)."""
        return tuple(n for n in self.stations if n.startswith("S:"))

    @lazy
    def offboard(self) -> tuple[NodeId, ...]:
        """Off-board nodes visited (at most the two ends, 7.4)."""
        return tuple(n for n in self.stations if n.startswith("O:"))

    @lazy
    def land_hexes(self) -> frozenset[str]:
        """Land hexes on the route: every hex but an off-board end (Local subsidy, 7.8.2)."""
        inner = self.hexes[1:-1]
        ends = [h for h, n in ((self.hexes[0], self.start), (self.hexes[-1], self.end)) if not n.startswith("O:")]
        return frozenset((*inner, *ends))

    def end_hex(self, node: NodeId) -> str:
        """The hex an end is measured from for the Freight bonus (7.8.1): a town's own hex, or for an off-board
        end the land hex the route enters it from (RULES-NOTES: the off-board end counts one hex beyond)."""
        if node == self.start:
            return self.hexes[1] if node.startswith("O:") else self.hexes[0]
        return self.hexes[-2] if node.startswith("O:") else self.hexes[-1]

    @property
    def hexes_travelled(self) -> int:
        """Hexes travelled after the start hex; entering an off-board hex counts one (7.8.1)."""
        return len(self.hexes) - 1


def node_path_segments(graph: TrackGraph, nodes: Sequence[NodeId]) -> tuple[int, ...]:
    """Segment indices used, in order, by a path of adjacent nodes."""
    out: list[int] = []
    for a, b in itertools.pairwise(nodes):
        for n, index in graph.adjacency.get(a, ()):
            if n == b:
                out.append(index)
                break
    return tuple(out)


def station_name(graph: TrackGraph, node: NodeId) -> str:
    """A stop as a player says it: 'F5 Norwich', 'small station in G6 Acle', 'Cromer port (F1)'."""
    st = graph.stations.get(node)
    game = graph.game
    if st is None:
        return describe(node)
    if st.kind == "large":
        return f"{st.hex} {game.hex_name(st.hex)}"
    if st.kind == "small":
        return f"small station in {st.hex} {game.hex_name(st.hex)}"
    assert st.area is not None
    return f"{game.areas[st.area].name} ({st.hex})"


def _area_kind(st: Station) -> str:
    return "port" if st.area_type == "port" else "red off-board area"


def trace_route(
    graph: TrackGraph, company: str, train: Train, hexes: Sequence[str], label: str, index: int = 0
) -> tuple[TracedRoute | None, list[Problem]]:
    """Follow one train's route and list every single-route rule it breaks.

    Returns the traced route (None when the hexes do not follow track, so nothing else can be judged) and
    the problems, each naming the train, the hex and the rulebook section:
    continuous track and ends at large stations or off-board areas (7.4, 7.8 first bullet, via `path_of`);
    no station or off-board area reached twice and no segment used twice (7.4); red areas and ports only as
    ends, at most one of each, never port to port or red area to red area (7.4, 7.8); no passing through a
    town full of other companies' markers (7.4); one of the company's own non-London markers on the route
    (7.4); into London only with a London link (7.6.5); two large stations, or one and an off-board area
    (7.8 first bullet); the train's reach (Freight 7.8.1, Local 7.8.2, Express 7.8.3) and a permit for its
    type (7.8, 7.9).
    """
    where = f"train {label}"
    nodes, problems = graph.path_of(tuple(hexes), where=where)
    if problems:
        return None, problems
    stations = tuple(n for n in nodes if n in graph.stations)
    route = TracedRoute(index, train, label, tuple(hexes), tuple(nodes), stations, node_path_segments(graph, nodes))
    return route, route_problems(graph, company, route)


def route_problems(graph: TrackGraph, company: str, route: TracedRoute) -> list[Problem]:
    """Every single-route rule a traced route breaks (see `trace_route`)."""
    problems: list[Problem] = []
    where = f"train {route.label}"
    position = graph.position
    stations = route.stations

    # 7.4: no station (or off-board node) reached twice; no segment of track used twice.
    for node, n in Counter(stations).items():
        if n > 1:
            problems.append(
                Problem(
                    f"{where} at {station_name(graph, node)}", "7.4", f"the route reaches {describe(node)} {n} times"
                )
            )
    for seg_index, n in Counter(route.segments).items():
        if n > 1:
            seg = graph.segments[seg_index]
            problems.append(
                Problem(
                    f"{where} hex {seg.hex}",
                    "7.4",
                    f"the route uses the same track segment in {seg.hex} {n} times",
                )
            )

    # 7.4 / 7.8: off-board areas are terminal (path_of guarantees ends only); at most one red area and one
    # port; no port to port, no red area to red area.
    off = [graph.stations[n] for n in route.offboard]
    if len(off) == 2 and off[0].area_type == off[1].area_type:
        kind = _area_kind(off[0])
        problems.append(
            Problem(
                f"{where} {off[0].hex}->{off[1].hex}",
                "7.8",
                f"the route runs from a {kind} to a {kind} ({station_name(graph, off[0].id)} to "
                f"{station_name(graph, off[1].id)}); a route has at most one red area and one port (7.4) and may "
                "not run port to port or red area to red area (7.8)",
            )
        )

    # 7.4: a town full of other companies' markers may end a route but not be passed through.
    for node in stations[1:-1]:
        if graph.is_blocked(node, company):
            st = graph.stations[node]
            problems.append(
                Problem(
                    f"{where} hex {st.hex}",
                    "7.4",
                    f"{station_name(graph, node)} is full of other companies' station markers "
                    f"({', '.join(st.markers)}): a route may end there but not pass through",
                )
            )

    # 7.4: at least one of the company's own station markers (London markers never count).
    mine = graph.marker_stations(company)
    if not any(n in mine for n in stations):
        problems.append(
            Problem(
                where,
                "7.4",
                f"the route includes none of {company}'s station markers (London markers do not count)",
            )
        )

    # 7.6.5 / 7.4: into London only with a London link.
    london = graph.game.london.area
    for st in off:
        if st.area == london and company not in position.london:
            problems.append(
                Problem(
                    f"{where} hex {st.hex}",
                    "7.6.5",
                    f"{company} has no station marker in London, so it may not run into London",
                )
            )

    # 7.8 first bullet: two large stations, or one large station and an off-board area.
    n_large = len(set(route.large))
    if not (n_large >= 2 or (n_large >= 1 and off)):
        problems.append(
            Problem(
                where,
                "7.8",
                "a route must include at least two large stations, or one large station and one red off-board "
                f"area or port; it has {n_large} large station{'s' if n_large != 1 else ''}",
            )
        )

    problems += _reach_problems(graph, route)

    # 7.8 / 7.9: only trains of a type the company holds a permit for may run.
    state = position.companies[company]
    if not state.can_score(route.train):
        problems.append(
            Problem(
                where,
                "7.8",
                f"{company} has no {route.train.type.value} permit, so it may not run its {route.train.name} "
                "train (7.8, 7.9)",
            )
        )
    return problems


def _reach_problems(graph: TrackGraph, route: TracedRoute) -> list[Problem]:
    """How far the train may go: Freight N hexes (7.8.1), Local M large stations and no off-board area
    (7.8.2), Express M large stations and off-board areas (7.8.3)."""
    train = route.train
    where = f"train {route.label}"
    n_large = len(set(route.large))
    n_off = len(set(route.offboard))
    if train.type is TrainType.FREIGHT:
        if route.hexes_travelled > train.visits:
            return [
                Problem(
                    f"{where} hex {route.hexes[train.visits + 1]}",
                    "7.8.1",
                    f"a Freight-{train.visits} travels at most {train.visits} hexes after its start; this route "
                    f"travels {route.hexes_travelled}",
                )
            ]
        return []
    if train.type is TrainType.LOCAL:
        out: list[Problem] = []
        for node in route.offboard:
            out.append(
                Problem(
                    f"{where} hex {graph.stations[node].hex}",
                    "7.8.2",
                    f"a Local train may not run to an off-board area or port ({station_name(graph, node)})",
                )
            )
        if n_large > train.visits:
            out.append(
                Problem(
                    f"{where} hex {graph.stations[route.large[train.visits]].hex}",
                    "7.8.2",
                    f"a {train.name} Local visits at most {train.visits} large stations; this route visits {n_large}",
                )
            )
        return out
    if n_large + n_off > train.visits:
        stops = [n for n in route.stations if not n.startswith("S:")]
        return [
            Problem(
                f"{where} hex {graph.stations[stops[train.visits]].hex}",
                "7.8.3",
                f"a {train.name} Express visits at most {train.visits} large stations and off-board areas; this "
                f"route visits {n_large + n_off}",
            )
        ]
    return []


def meeting_station(graph: TrackGraph, company: str, a: TracedRoute, b: TracedRoute) -> NodeId | None:
    """A large station where two runs intersect and so connect (7.8 second bullet), or None.

    Runs meet only at a large station, never at a small station, off-board area or port. A town full of
    other companies' markers joins two runs only where both end there.
    """
    for node in a.large:
        if node not in b.station_set:
            continue
        if not graph.is_blocked(node, company) or (node in a.ends and node in b.ends):
            return node
    return None


def missing_home(position: Position, company: str) -> Problem | None:
    """Why the company has no legal run at all when its Home Station marker is not on the board, or None when
    it is (the company has a marker on its home hex, the printed one or the one the position names).

    7.8: "At least one run for a company must include the town occupied by the company's Home Station
    marker." With no such marker no run can meet this, so no run is legal (RULES-NOTES "The home station"; the
    18xx.games engine reads it the same way). A company loses its home marker only in the trim of markers
    after a merger or acquisition (7.5.6)."""
    state = position.companies[company]
    if company in position.stations.get(state.home, ()):
        return None
    home = f"{state.home} {position.game.hex_name(state.home)}"
    return Problem(
        f"company {company}",
        "7.8",
        f"{company}'s Home Station marker is not on the board (no {company} marker on its home {home}), so no run "
        f"can include the town it occupies: {company} has no legal run and earns nothing until one of its markers "
        f"stands on {state.home} again (a home marker is lost only in the trim of markers after a merger or "
        "acquisition, 7.5.6)",
    )


def home_station(graph: TrackGraph, company: str) -> NodeId | None:
    """The company's home station, which one run must include (7.8 second bullet), or None when its Home
    Station marker is not on the board (then no run is legal: `missing_home`)."""
    if missing_home(graph.position, company) is not None:
        return None
    return large_id(graph.position.companies[company].home)


def run_problems(graph: TrackGraph, company: str, routes: Sequence[TracedRoute]) -> list[Problem]:
    """Rules on the whole run (7.8 second bullet): one run includes the home station town (the main run), and
    every run intersects the main run, or a run connected to it, at a large station. With no Home Station
    marker on the board no run is legal (`missing_home`, which the evaluator reports whatever the routes);
    the runs are then only checked to meet one another."""
    if not routes:
        return []
    problems: list[Problem] = []
    home = home_station(graph, company)
    main = [r for r in routes if home is not None and home in r.station_set]
    if home is not None and not main:
        problems.append(
            Problem(
                f"company {company}",
                "7.8",
                f"no train's route includes the home station {station_name(graph, home)}: one run (the main run) "
                "must include it",
            )
        )
    # Union-find over the runs: two runs are connected when they meet at a large station.
    parent = list(range(len(routes)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(routes)):
        for j in range(i + 1, len(routes)):
            if meeting_station(graph, company, routes[i], routes[j]) is not None:
                parent[find(i)] = find(j)
    roots = {find(i) for i in range(len(routes))}
    if len(roots) == 1:
        return problems
    anchor = find(routes.index(main[0])) if main else find(0)
    anchor_group = [r for i, r in enumerate(routes) if find(i) == anchor]
    what = "the main run" if main else f"the run of train {anchor_group[0].label}"
    for i, r in enumerate(routes):
        if find(i) == anchor:
            continue
        shared = sorted({n for other in anchor_group for n in r.station_set & other.station_set})
        detail = ""
        if shared:
            detail = (
                f"; it shares only {', '.join(station_name(graph, n) for n in shared)}, and runs meet only at a "
                "large station (a town full of other companies' markers only where both runs end there)"
            )
        problems.append(
            Problem(
                f"train {r.label}",
                "7.8",
                f"the run does not intersect {what}, or a run connected to it, at a large station{detail}",
            )
        )
    return problems
