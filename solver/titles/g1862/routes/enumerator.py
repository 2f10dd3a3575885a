"""An exact, exhaustive search for a company's best run, independent of the CP-SAT optimizer.

`legal_routes` lists every legal route of one train: every simple path of the track graph between two
possible ends that obeys the single-route rules (7.4, 7.6.5, 7.8, 7.8.1-7.8.3). `enumerate_best` tries every
combination of those routes (each train may also not run) and scores each legal combination with the
evaluator's own functions. The only pruning is a bound that can never cut off a better run: no train earns
more than the values of the stops it may score (Freight: both ends plus 30 per hex travelled), whatever the
other trains do. It is slow on dense boards by design: it is the reference the optimizer is tested against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.errors import InputError, Problem
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.chains import freight_groupings
from solver.titles.g1862.routes.evaluator import (
    best_scoring,
    evaluate,
    resolve_trains,
    route_labels,
    subsidy_hexes,
    unit_values,
)
from solver.titles.g1862.routes.legality import TracedRoute, missing_home, trace_route
from solver.titles.g1862.routes.model import Evaluation, Objective, RouteSpec
from solver.titles.g1862.routes.scoring import FREIGHT_PORT_BONUS, LOCAL_SUBSIDY, Scorer
from solver.titles.g1862.track import NodeId, TrackGraph, build_graph, large_id
from solver.titles.g1862.trains import Train, TrainType, parse_train


@dataclass(frozen=True)
class _Path:
    nodes: tuple[NodeId, ...]
    stations: tuple[NodeId, ...]
    segments: tuple[int, ...]
    hexes: tuple[str, ...]


class _Walker:
    """Depth-first walk of simple paths from one stop, within a train's reach (7.8.1-7.8.3)."""

    def __init__(self, graph: TrackGraph, company: str, train: Train) -> None:
        self.graph = graph
        self.company = company
        self.train = train
        self.local = train.type is TrainType.LOCAL
        self.freight = train.is_freight
        self.london = graph.game.london.area
        self.may_enter_london = company in graph.position.london
        self.out: list[_Path] = []

    def usable(self, node: NodeId) -> bool:
        """Local trains never reach an off-board area (7.8.2); London only with a link (7.6.5)."""
        st = self.graph.stations.get(node)
        if st is None or st.kind != "offboard":
            return True
        return not self.local and (st.area != self.london or self.may_enter_london)

    def walk_from(self, start: NodeId) -> None:
        self.start = start
        self.nodes = [start]
        self.segs: list[int] = []
        self.hexes = [self.graph.stations[start].hex]
        self.on_path = {start}
        self.stops = 1  # large stations and off-board nodes so far
        self._dfs(start)

    def _dfs(self, node: NodeId) -> None:
        graph, stations, train = self.graph, self.graph.stations, self.train
        for nxt, seg_index in graph.adjacency.get(node, ()):
            if nxt in self.on_path or not self.usable(nxt):
                continue
            seg_hex = graph.segments[seg_index].hex
            new_hex = seg_hex != self.hexes[-1]
            if self.freight and new_hex and len(self.hexes) > train.visits:
                continue  # a Freight-N travels N hexes after its start hex (7.8.1)
            st = stations.get(nxt)
            is_stop = st is not None and st.kind != "small"
            if is_stop and not self.freight and self.stops + 1 > train.visits:
                continue  # Local/Express: at most M large stations (and off-board areas) (7.8.2, 7.8.3)
            self.nodes.append(nxt)
            self.segs.append(seg_index)
            self.on_path.add(nxt)
            if new_hex:
                self.hexes.append(seg_hex)
            if is_stop:
                assert st is not None
                self.stops += 1
                if nxt > self.start:  # each route once, from its smaller end
                    self.out.append(
                        _Path(
                            tuple(self.nodes),
                            tuple(n for n in self.nodes if n in stations),
                            tuple(self.segs),
                            tuple(self.hexes),
                        )
                    )
                # Off-board areas are terminal; a town full of other markers may not be passed (7.4).
                if st.kind == "large" and not graph.is_blocked(nxt, self.company):
                    self._dfs(nxt)
                self.stops -= 1
            else:
                self._dfs(nxt)
            if new_hex:
                self.hexes.pop()
            self.on_path.discard(nxt)
            self.segs.pop()
            self.nodes.pop()


def _walk(graph: TrackGraph, company: str, train: Train) -> list[_Path]:
    """Every simple path between two stops within the train's reach, each once (from its smaller end id)."""
    walker = _Walker(graph, company, train)
    for start, st in sorted(graph.stations.items()):
        if st.kind in ("large", "offboard") and walker.usable(start):
            walker.walk_from(start)
    return walker.out


def _route_ok(graph: TrackGraph, company: str, path: _Path, markers: frozenset[NodeId]) -> bool:
    """The single-route rules the walk does not already enforce: an own marker (7.4), two large stations or one
    and an off-board area (7.8), not port to port or red area to red area (7.4, 7.8)."""
    if not any(n in markers for n in path.stations):
        return False
    large = sum(1 for n in path.stations if n.startswith("L:"))
    off = [graph.stations[n] for n in path.stations if n.startswith("O:")]
    if len(off) == 2 and off[0].area_type == off[1].area_type:
        return False
    return large >= 2 or (large >= 1 and bool(off))


def _traced_routes(graph: TrackGraph, company: str, train: Train, label: str = "") -> list[TracedRoute]:
    state = graph.position.companies[company]
    if not state.can_score(train):
        return []
    markers = graph.marker_stations(company)
    return [
        TracedRoute(0, train, label or train.name, p.hexes, p.nodes, p.stations, p.segments)
        for p in _walk(graph, company, train)
        if _route_ok(graph, company, p, markers)
    ]


def _distinct(graph: TrackGraph, company: str, routes: list[TracedRoute]) -> list[TracedRoute]:
    """One route of each class of interchangeable Local or Express routes (the shortest).

    Two such routes are interchangeable in every run when they score the same stops (Express: large stations
    and off-board areas; Local: large and small stations), reach the same large stations (where runs meet, 7.8)
    with the same tokened-out ends, and (Local) visit the same hexes (subsidy, 7.8.2). Freight routes are all
    kept: a chain also depends on the track they use (7.8.1)."""
    if not routes or routes[0].train.is_freight:
        return routes
    blocked = graph.blocked_for(company)
    local = routes[0].train.type is TrainType.LOCAL
    best: dict[tuple[frozenset[str], ...], TracedRoute] = {}
    for r in sorted(routes, key=lambda r: (len(r.hexes), r.hexes)):
        stops = frozenset(n for n in r.stations if local or not n.startswith("S:"))
        key = (stops, frozenset(r.ends) & blocked, r.land_hexes if local else frozenset())
        best.setdefault(key, r)
    return list(best.values())


def legal_routes(graph: TrackGraph, company: str, train: Train) -> list[tuple[str, ...]]:
    """Every legal route of one train of the company, as hex lists (each route once, in one direction).

    A route is a simple path of the track graph between two large stations or off-board nodes that obeys
    every single-route rule: 7.4 (no station or segment twice, off-board areas terminal, not through a town
    full of other companies' markers, an own non-London marker), 7.6.5 (London only with a link), 7.8 (two
    large stations or one and an area; not port to port or red to red; a permit for the train's type) and the
    train's reach (7.8.1-7.8.3). Empty when the company has no permit for the train.
    """
    return [r.hexes for r in _traced_routes(graph, company, train)]


# ---------------------------------------------------------------- the combination search


def _route_bound(graph: TrackGraph, route: TracedRoute, values: dict[str, int]) -> int:
    """Most this route can add to the company's revenue, whatever the other trains do."""
    train = route.train
    if train.is_freight:
        # A Freight run scores the ends of its first and last train, plus at most 30 per intervening hex. By the
        # triangle inequality a chain's crow-flies distance is at most the sum of its trains' end-to-end
        # distances (joints are towns, measured from their own hex), and it has no more off-board ends than its
        # trains have. So ends + 30 x (distance + off-board ends) bounds this train's share of any run.
        a, b = route.ends
        ends = {graph.stations[n].scoring_unit for n in route.ends}
        offboard = sum(1 for n in route.ends if n.startswith("O:"))
        reach = hexgrid.distance(route.end_hex(a), route.end_hex(b)) + offboard
        return sum(values[u] for u in ends) + FREIGHT_PORT_BONUS * reach
    if train.type is TrainType.LOCAL:
        large = sorted((values[u] for u in {graph.stations[n].scoring_unit for n in route.large}), reverse=True)
        small = sum(values[graph.stations[n].scoring_unit] for n in set(route.small))
        return sum(large[: train.scored]) + small
    stops = {graph.stations[n].scoring_unit for n in route.stations if not n.startswith("S:")}
    return sum(sorted((values[u] for u in stops), reverse=True)[: train.scored])


def _subsidy_bound(route: TracedRoute) -> int:
    return LOCAL_SUBSIDY * len(route.land_hexes) if route.train.type is TrainType.LOCAL else 0


def _key(objective: Objective, revenue: int, subsidy: int) -> tuple[int, int]:
    """What is maximised: revenue then subsidy ('revenue'), or revenue plus subsidy then revenue ('cash')."""
    return (revenue, subsidy) if objective == "revenue" else (revenue + subsidy, revenue)


def _remove(trains: list[Train], names: Sequence[str], position: Position, what: str) -> list[Problem]:
    """Take one train per name out of `trains`; problems for names that are not trains the company has."""
    problems = []
    for name in names:
        try:
            train = parse_train(name, position.game, position.variant.length == "short")
        except ValueError as exc:
            problems.append(Problem(f"{what} train {name!r}", "2.2", str(exc)))
            continue
        if train in trains:
            trains.remove(train)
        else:
            problems.append(Problem(f"{what} train {name!r}", "7.8", f"the company has no (other) {train.name} train"))
    return problems


Option = tuple[TracedRoute | None, int, int]


def enumerate_best(
    position: Position,
    company: str,
    objective: Objective = "revenue",
    excluded: Sequence[str] = (),
    pinned: Sequence[RouteSpec] = (),
) -> tuple[Evaluation, tuple[RouteSpec, ...]]:
    """The company's best legal run found by exhaustive enumeration (no CP-SAT), and its routes.

    Every train the company owns and may run (a permit for its type, 7.8) either runs one of its legal routes
    or does not run; `pinned` routes always run as given; each name in `excluded` keeps one train of that name
    from running. The best run maximises revenue, then subsidy (objective 'revenue'), or revenue plus Local
    subsidy, then revenue (objective 'cash'). Returns the evaluator's verdict on it (an empty, legal run when no
    train can run; the pinned routes' problems when they cannot run; no legal run, with rule 7.8 and the reason,
    when the company's Home Station marker is not on the board) and its routes: pinned routes first, then
    the others in the search's train order. Raises InputError for an unknown company or train, or a pinned or
    excluded train the company does not have.
    """
    graph = build_graph(position)
    pinned = tuple(pinned)
    pinned_trains = resolve_trains(position, company, pinned)
    state = position.companies[company]
    free = list(state.trains)
    problems = _remove(free, [t.name for t in pinned_trains], position, "pinned")
    problems += _remove(free, excluded, position, "excluded")
    if problems:
        raise InputError(problems)
    no_home = missing_home(position, company)
    if no_home is not None:  # 7.8: no run can include the town of a Home Station marker that is not there
        return Evaluation(company=company, legal=False, problems=(no_home,)), ()
    # Freight first: once every Freight train has its route, illegal Freight groupings (7.8.1) are cut at once.
    free = sorted((t for t in free if state.can_score(t)), key=lambda t: (not t.is_freight, t.type.value, -t.visits))
    n_freight = sum(1 for t in free if t.is_freight)
    labels = route_labels([t.name for t in pinned_trains] + [t.name for t in free])

    pinned_traced: list[TracedRoute] = []
    for i, (spec, train) in enumerate(zip(pinned, pinned_trains, strict=True)):
        route, issues = trace_route(graph, company, train, spec.hexes, labels[i], i)
        if route is None or issues:
            return evaluate(position, company, pinned, graph), pinned
        pinned_traced.append(route)

    values = unit_values(graph)
    options: list[list[Option]] = []
    cache: dict[Train, list[TracedRoute]] = {}
    for k, train in enumerate(free):
        index = len(pinned) + k
        if train not in cache:
            cache[train] = _distinct(graph, company, _traced_routes(graph, company, train))
        opts: list[Option] = []
        for r in cache[train]:
            placed = TracedRoute(index, train, labels[index], r.hexes, r.nodes, r.stations, r.segments)
            rev_ub, sub_ub = _route_bound(graph, placed, values), _subsidy_bound(placed)
            opts.append((placed, rev_ub if objective == "revenue" else rev_ub + sub_ub, sub_ub))
        opts.sort(key=lambda o: -o[1])
        opts.append((None, 0, 0))  # the train does not run
        options.append(opts)

    # Bounds of what the trains from each level on can still add.
    rest = [0] * (len(free) + 1)
    rest_sub = [0] * (len(free) + 1)
    for k in range(len(free) - 1, -1, -1):
        rest[k] = rest[k + 1] + options[k][0][1]
        rest_sub[k] = rest_sub[k + 1] + max(o[2] for o in options[k])

    home = large_id(state.home)  # its marker is there (checked above); one run must include it (7.8)
    best_key: tuple[int, int] | None = None
    best_combo: tuple[TracedRoute, ...] = ()
    chosen: list[TracedRoute] = list(pinned_traced)

    blocked = graph.blocked_for(company)
    scorer_cache: dict[int, Scorer] = {}

    def connected(routes: list[TracedRoute]) -> bool:
        """7.8 second bullet, as `run_problems` judges it: the runs form one group meeting at large stations
        (a town full of other markers only where both end there); the main run is checked by the caller."""
        group = [routes[0]]
        rest = list(routes[1:])
        while rest:
            joined = [
                r
                for r in rest
                if any(
                    n not in blocked or (n in r.ends and n in g.ends) for g in group for n in r.large_set & g.large_set
                )
            ]
            if not joined:
                return False
            group += joined
            rest = [r for r in rest if r not in joined]
        return True

    def judge(routes: list[TracedRoute]) -> tuple[int, int] | None:
        """The run's objective key, or None when it is not legal (route rules already hold)."""
        if not routes:
            return _key(objective, 0, 0)
        if not any(home in r.station_set for r in routes):
            return None
        if not connected(routes):
            return None
        groupings, issues = freight_groupings(graph, company, [r for r in routes if r.train.is_freight])
        if issues:
            return None
        scored = best_scoring(graph, routes, groupings, values, scorer_cache)
        return _key(objective, scored.revenue, LOCAL_SUBSIDY * len(subsidy_hexes(routes)))

    # A legal run found greedily (add the train and route that raise the objective most, while any does) gives
    # the search a good bound to start with.
    seed: list[TracedRoute] = list(pinned_traced)
    seed_key = judge(seed)
    unused = set(range(len(free)))
    while unused:
        step: tuple[tuple[int, int], int, TracedRoute] | None = None
        for k in sorted(unused):
            for route, _, _ in options[k]:
                if route is None:
                    continue
                key = judge([*seed, route])
                if key is not None and (seed_key is None or key > seed_key) and (step is None or key > step[0]):
                    step = (key, k, route)
        if step is None:
            break
        seed_key, k, route = step
        seed.append(route)
        unused.discard(k)
    if seed_key is not None:
        best_key, best_combo = seed_key, tuple(seed)

    def cut(total: int, sub_total: int) -> bool:
        """True when no run under these bounds can beat the best found (revenue ties: by subsidy)."""
        if best_key is None:
            return False
        if total != best_key[0]:
            return total < best_key[0]
        return objective == "revenue" and sub_total <= best_key[1]

    def search(level: int, bound_so_far: int, sub_so_far: int, floor: int) -> None:
        nonlocal best_key, best_combo
        if level == n_freight and level < len(free):
            _, issues = freight_groupings(graph, company, [r for r in chosen if r.train.is_freight])
            if issues:
                return
        if level == len(free):
            key = judge(chosen)
            if key is not None and (best_key is None or key > best_key):
                best_key, best_combo = key, tuple(chosen)
            return
        opts = options[level]
        # Identical trains: take their routes in a fixed order, so each set of routes is tried once.
        first = floor if level > 0 and free[level] == free[level - 1] else 0
        for pos in range(first, len(opts)):
            route, bound, sub = opts[pos]
            total = bound_so_far + bound + rest[level + 1]
            if best_key is not None and total < best_key[0] and route is not None:
                # Routes are sorted by bound, so no later route can do better; only not running remains.
                none = len(opts) - 1
                if not cut(bound_so_far + rest[level + 1], sub_so_far + rest_sub[level + 1]):
                    search(level + 1, bound_so_far, sub_so_far, none)  # noqa: F821 (its cell is emptied below)
                return
            if cut(total, sub_so_far + sub + rest_sub[level + 1]):
                continue
            if route is not None:
                chosen.append(route)
            search(level + 1, bound_so_far + bound, sub_so_far + sub, pos)  # noqa: F821 (emptied below)
            if route is not None:
                chosen.pop()

    pinned_bound = sum(_route_bound(graph, r, values) for r in pinned_traced)
    pinned_sub = sum(_subsidy_bound(r) for r in pinned_traced)
    try:
        search(0, pinned_bound + (pinned_sub if objective == "cash" else 0), pinned_sub, 0)
    finally:
        del search  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)
    if best_key is None:
        return evaluate(position, company, pinned, graph), pinned
    combo = list(best_combo)
    # Of equally good runs, prefer one without trains that add nothing (a train earning no revenue and no new
    # subsidy whose removal keeps the run legal).
    for route in reversed(best_combo[len(pinned_traced) :]):
        rest_combo = [r for r in combo if r is not route]
        if judge(rest_combo) == best_key:
            combo = rest_combo
    specs = tuple(RouteSpec(r.train.name, r.hexes) for r in combo)
    return evaluate(position, company, specs, graph), specs
