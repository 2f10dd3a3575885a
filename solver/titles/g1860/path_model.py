"""1860's best run as one CP-SAT model of the trains' paths along the track graph, without listing routes: a Boolean
per train and way along track (a link, in each direction), each train's route a path kept by CP-SAT's circuit
constraint, and 1860's rules as linear constraints over which nodes each train visits.

Why: on a late board each train has tens of thousands of routes; choosing among listed routes (the core's run
search, docs/search.md) must hold them all to prove a four-train run, while the track graph itself has some forty
nodes and a hundred links (docs/routes-1860.md, "The optimizer").

The model of train t (rules as `solver.titles.g1860.route_walk` reads them, cited there):

- the core's path (`solver.core.search.paths.add_path`): a circuit over the nodes and one node `D` standing for
  "off the board": D -> n begins the route at n, n -> D ends it there, a node's loop means t does not visit it, D's
  loop that t does not run (RB L521); the arc a -> b is the sum of t's links from a to b (at most one);
- a route begins and ends at a large or small station, at two different nodes (RB L523, L526), and never runs
  through a node that may only end a route (Ryde Pier, The Map, RB L65);
- it visits a large station with a base of the company (RB L524);
- each path and hex side is used once by the whole run (RB L540, and once within a route; the core's
  `track_once`);
- unless the site's option allows it, a hex is begun in or entered at most once (RB L527);
- tokened-out stations run through (not ended at): at most one in the whole run (RB L530);
- large stations at most N; large plus counted small stations plus counted halts within the allowance; under the
  rulebook every small station visited is counted (RB L528, L534), under the site's options any may be skipped
  (reference D1); halts count only while the Southern has not formed (RB L660); nationalisation's allowance
  (RB L673) comes from `scoring.allowance`;
- revenue is the counted stations' values, subsidy 10 a counted halt (RB L532, L542).

The run: one route visits the home base when any train runs, and every route meets the run at a node of any kind
(RB L525: for every split of the trains in two, when both sides run some pair across it meets; the core's
`routes_meet`); identical trains run in order and the first earns at least what the second does (a swap of their
routes is the same run; the core's `in_order`); a route begins at the end that sorts first. Two cuts the linear
relaxation lacks: a node is run through by at most half the ways track leaves it (RB L540; the core's
`through_at_most`), and each train earns at most its best route alone (a one-train model). The
objective is the core's `Weights` in order, one step each (`best_paths`). Leased trains (a revenue rounded or
counted per stop) and pinned routes are left to the core's run search (`solver.titles.g1860.optimizer`).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from solver.core.cp_sat_model import CpModel
from solver.core.evaluator import RouteSpec
from solver.core.search.candidates import (
    Candidate,
    Objective,
    Weights,
)
from solver.core.search.meeting import routes_meet
from solver.core.search.model import solve_model
from solver.core.search.paths import (
    TrainPath,
    add_path,
    in_order,
    path_candidates,
    path_nodes,
    through_at_most,
    track_once,
)
from solver.core.search.run_rules import run_score
from solver.core.search.run_search import (
    ProgressInfo,
    RunProblem,
    SearchResult,
    Status,
    checked_result,
)
from solver.core.track_graph import NodeRef, TrackGraph
from solver.titles.g1860.priced_search import priced_run
from solver.titles.g1860.route_bound import BoundStopped, weighted_bound
from solver.titles.g1860.route_rules import LARGE, ROUTE_END_KINDS
from solver.titles.g1860.route_walk import Walk1860
from solver.titles.g1860.scoring import HALT_SUBSIDY, allowance
from solver.titles.g1860.search_choice import listed_bound
from solver.titles.g1860.trains import train_sizes


class PathModel:
    """The model of one company's run: `trains` (names, in order) on `graph` with the rules `walk` was built for,
    the home base `home`, scored by `weights`."""

    def __init__(
        self, graph: TrackGraph, walk: Walk1860, trains: Sequence[str], home: NodeRef | None, weights: Weights
    ) -> None:
        self.trains = list(trains)
        m = self.model = CpModel()
        nodes = path_nodes(graph)
        # A route begins and ends at a large or small station (RB L523, L526); Ryde Pier and The Map only end one
        # (RB L65: the graph's end_only, kept by add_path).
        ends = {ref for ref in nodes if walk.kind[ref] in ROUTE_END_KINDS}
        large = [ref for ref in nodes if walk.kind[ref] in LARGE]
        small = [ref for ref in nodes if walk.kind[ref] == "small"]
        halts_passed = [ref for ref in nodes if walk.kind[ref] == "halt"]
        # Halts count only while the Southern has not formed (RB L660), 10 of subsidy each (RB L532, L542).
        most_halts = 0 if walk.mode.halts_ignored else len(halts_passed)
        #: Whether a route can count a halt: if not, the subsidy is 0 and revenue is the whole worth in either
        #: objective, so the secondary quantity is fixed by the primary one.
        self.counts_halts = most_halts > 0
        self.paths: list[TrainPath] = []
        self.halts: list[cp_model.IntVar] = []
        self.scores: list[cp_model.LinearExpr] = []
        self.primary: list[cp_model.LinearExprT] = []
        self.secondary: list[cp_model.LinearExprT] = []
        passing: list[cp_model.IntVar] = []
        per_revenue, per_extra = weights.value(1, 0), weights.value(0, 1)
        for t, train in enumerate(self.trains):
            path = add_path(m, graph, nodes, ends, f"t{t}")
            visit = path.visit
            m.add(sum(visit[ref] for ref in nodes if ref in walk.bases) >= path.run)  # a base on it (RB L524)
            if not walk.mode.reenter_hexes:
                self._hexes_once(path)
            for ref in nodes:
                if ref in walk.tokened_out:
                    # Run through a station filled with other companies' bases: the pass, once a run (RB L530).
                    through = m.new_bool_var(f"pass{t}_{ref}")
                    m.add(through >= path.through(ref))
                    passing.append(through)
            large_cap, total, _ = allowance(train_sizes()[train], walk.mode)
            if walk.mode.skip_small:
                # The site's option: any small station may be skipped (reference D1).
                counted = {ref: m.new_bool_var(f"c{t}_{ref}") for ref in small}
                for ref in small:
                    m.add(counted[ref] <= visit[ref])
            else:
                # The rulebook: every small station visited is counted (RB L528, L534).
                counted = {ref: visit[ref] for ref in small}
            halts = m.new_int_var(0, most_halts, f"h{t}")
            if most_halts:
                m.add(halts <= sum(visit[ref] for ref in halts_passed))
            m.add(sum(visit[ref] for ref in large) <= large_cap)
            m.add(sum(visit[ref] for ref in large) + sum(counted.values()) + halts <= total)
            revenue = sum(walk.value[ref] * visit[ref] for ref in large) + sum(
                walk.value[ref] * counted[ref] for ref in small
            )
            self.scores.append(per_revenue * revenue + per_extra * HALT_SUBSIDY * halts + path.run)
            cash = weights.objective == "cash"
            self.primary.append(revenue + HALT_SUBSIDY * halts if cash else revenue)
            self.secondary.append(revenue if cash else HALT_SUBSIDY * halts)
            self.paths.append(path)
            self.halts.append(halts)
        track_once(m, self.paths)  # each path and hex side once in the run (RB L540)
        if passing:
            m.add(sum(passing) <= 1)
        if len(self.trains) > 1:
            # A node is run through by at most half the ways track leaves it (RB L540): measured several times
            # faster on the proof of a four-train run (docs/routes-1860.md, "Measured").
            through_at_most(m, self.paths)
        if home is not None:
            self._joined(home)
        in_order(m, self.trains, self.paths, self.scores)

    @property
    def runs(self) -> list[cp_model.IntVar]:
        """Whether each train runs."""
        return [path.run for path in self.paths]

    def hint(self, run: Sequence[Candidate]) -> None:
        """Start the search from `run` (routes the title's walk listed): each route on the first train of its name
        not yet given one, best routes first (identical trains run in order of worth), from the end that sorts
        first (where the model begins it); a link the route could take by two ways of track is left to the
        solver."""
        free = list(range(len(self.trains)))
        given: dict[int, Candidate] = {}
        for c in sorted(run, key=lambda c: -c.score):
            t = next(t for t in free if self.trains[t] == c.train)
            free.remove(t)
            given[t] = c
        m = self.model
        for t, path in enumerate(self.paths):
            chosen = given.get(t)
            nodes = () if chosen is None else chosen.nodes
            if nodes and nodes[0] > nodes[-1]:
                nodes = nodes[::-1]
            m.add_hint(path.run, chosen is not None)
            for ref, var in path.visit.items():
                m.add_hint(var, ref in nodes)
            for ref, var in path.begin.items():
                m.add_hint(var, bool(nodes) and ref == nodes[0])
            for ref, var in path.end.items():
                m.add_hint(var, bool(nodes) and ref == nodes[-1])
            steps = set(itertools.pairwise(nodes))
            ways = Counter((arc.link.a, arc.link.b) for arc in path.arcs)
            for arc in path.arcs:
                pair = (arc.link.a, arc.link.b)
                if pair not in steps:
                    m.add_hint(arc.var, False)
                elif ways[pair] == 1:
                    m.add_hint(arc.var, True)

    def cap(self, train: str, most: int) -> None:
        """No route of `train` is worth more than `most` (the objective's primary quantity)."""
        for name, worth in zip(self.trains, self.primary, strict=True):
            if name == train:
                self.model.add(worth <= most)

    def _hexes_once(self, path: TrainPath) -> None:
        """A route begins in or enters each hex at most once (RB L527; the hexes a link runs into after the one it
        leaves, counted as often as it enters them)."""
        entering: dict[str, list[cp_model.LinearExprT]] = defaultdict(list)
        for ref, var in path.begin.items():
            entering[ref.hex].append(var)
        for arc in path.arcs:
            for h, n in Counter(arc.link.hexes()[1:]).items():
                entering[h].append(n * arc.var)
        for h in sorted(entering):
            if len(entering[h]) > 1:
                self.model.add(sum(entering[h]) <= 1)

    def _joined(self, home: NodeRef) -> None:
        """The home base on one route whenever a train runs; every route meeting the run (RB L525)."""
        at_home = sum(path.visit[home] for path in self.paths if home in path.visit)
        for path in self.paths:
            self.model.add(at_home >= path.run)
        routes_meet(self.model, [path.visit for path in self.paths], self.runs)

    def routes(self, solver: cp_model.CpSolver) -> list[RouteSpec]:
        """The routes of the solver's run, each from the node it begins at, with its halt choice."""
        out: list[RouteSpec] = []
        for train, path, halts in zip(self.trains, self.paths, self.halts, strict=True):
            nodes = path.nodes(solver)
            if nodes:
                out.append(RouteSpec(train, tuple(str(ref) for ref in nodes), {"halts": solver.value(halts)}))
        return out


#: CP-SAT's linear relaxation with the circuit's cuts (level 2): measured on the dense four-train boards of
#: docs/benchmarks.md it closes the gap to the best run several times faster than level 1.
LINEARIZATION = 2
#: Runs of this many trains or more are bounded by their listed routes first (solver.titles.g1860.route_bound).
BOUND_TRAINS = 3
#: Deterministic work (about a second a unit on this machine) the search for more trains running may take where the
#: path model takes over from the route bound's search (runs of BOUND_TRAINS trains or more); for fewer it is proven.
RUNNERS_WORK = 0.25


def best_paths(
    problem: RunProblem,
    walk: Walk1860,
    home: NodeRef,
    objective: Objective,
    deadline: float,
    stop: threading.Event | None,
    progress: Callable[[ProgressInfo], None] | None,
    workers: int,
    listing: bool = True,
) -> SearchResult:
    """The best run of `problem` (no pinned route) by the path model, proven where the deadline (a
    `time.perf_counter()` instant) allows, re-checked by the evaluator like every answer of the core's search.

    In three steps, each holding what the ones before proved and starting from their run: the most of the
    objective's primary quantity (revenue, or revenue plus subsidy), then of the secondary one (subsidy, or
    revenue), then of the trains running: the order of the core's `Weights`. The values of the first two are
    multiples of 10, so CP-SAT rounds its bound down to the next worth a run can have; measured on the dense
    boards, this proves several boards that one weighted objective (with its one point per train) does not
    prove in 10 s (docs/routes-1860.md). For one or two trains the answer is 'optimal' when all three steps are
    proven; where the path model takes over from the route bound's search, when the first two are (the third, more
    trains running among runs worth the same, has RUNNERS_WORK there and is not proven).

    Runs of BOUND_TRAINS trains or more are answered instead by the bound from every listed route and the search
    over the routes its reduced costs leave (`route_bound`, `priced_search`), which proves all three steps; with
    `listing` False by the path model alone (as where the listing passes LISTING_CHECKS)."""
    started = time.perf_counter()
    weights = Weights(objective)
    if stop is not None and stop.is_set():
        # Stop pressed before the search: no run, and nothing claimed proven (a small model would be solved
        # before CP-SAT's watcher first looks at the event).
        return checked_result(problem, weights, (), "unknown", None, started)

    halted = False

    def stopped() -> bool:
        # Once true, true without asking the event again: the work ends at the first check after a stop.
        nonlocal halted
        halted = halted or time.perf_counter() > deadline or (stop is not None and stop.is_set())
        return halted

    def solve(
        model: cp_model.CpModel,
        aim: cp_model.LinearExprT,
        on_run: Callable[[int, int], None] | None,
        work: float | None = None,
    ) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
        model.maximize(aim)
        return solve_model(
            model, deadline - time.perf_counter(), work, workers, stop, on_run, linearization=LINEARIZATION
        )

    caps: dict[str, int] = {}
    most: int | None = None
    start: list[Candidate] = []
    bound = None
    if listing and len(problem.trains) >= BOUND_TRAINS:
        # Several trains: the bound from whole routes and the search over the routes it leaves
        # (solver.titles.g1860.route_bound, priced_search); the arc model's relaxation is far looser there
        # (docs/routes-1860.md, "Measured"). Where the routes are too many to list quickly, the path model alone is
        # quicker (a measured rule, solver.titles.g1860.search_choice).
        try:
            bound = listed_bound(problem.graph, walk, problem.trains, weights, stopped)
        except BoundStopped:
            return checked_result(problem, weights, (), "unknown", None, started)
    if bound is not None:
        priced = priced_run(problem, bound, weights, deadline, stop, stopped, progress, workers, started)
        if isinstance(priced, SearchResult):
            return priced
        # Not decided within its work: the path model, with no run worth more than the target reached, no train
        # more than its best route alone, and the search's best run as its first run and floor.
        caps, most = bound.alone, priced.most
        start = [c for c in priced.run or () if c is not None]
    elif len(problem.trains) > 1:
        for train in sorted(set(problem.trains)):
            # No route of a run earns more than the train's best route alone (with a base, RB L524): a cap on each
            # train's worth that the linear relaxation lacks (docs/routes-1860.md, "Measured").
            alone = PathModel(problem.graph, walk, [train], None, weights)
            solver, code = solve(alone.model, sum(alone.primary), None)
            if code == cp_model.UNKNOWN:
                return checked_result(problem, weights, (), "unknown", None, started)
            caps[train] = int(solver.best_objective_bound) if code != cp_model.INFEASIBLE else 0
    paths = PathModel(problem.graph, walk, problem.trains, home, weights)
    for train, cap in caps.items():
        paths.cap(train, cap)
    if most is not None:
        paths.model.add(sum(paths.primary) <= most)
    if start:
        # Only runs at least as good as the search's (its worth a floor), starting from it: the answer is never
        # worse than the run the search handed over, even when the path model finds none in the time left.
        paths.model.add(sum(paths.primary) >= Weights.primary(run_score(problem.rules, weights, start)))
        paths.hint(start)

    def seen(value: int, bound: int) -> None:
        if progress is not None:
            progress(ProgressInfo(value, bound, time.perf_counter() - started))

    solver, code = solve(paths.model, sum(paths.primary), seen)
    if code == cp_model.UNKNOWN:
        status: Status = "feasible" if start else "unknown"
        return checked_result(
            problem, weights, start, status, weighted_bound(int(solver.best_objective_bound)), started
        )
    if code == cp_model.INFEASIBLE:
        return checked_result(problem, weights, start, "optimal", None, started)
    best_possible = weighted_bound(int(solver.best_objective_bound))
    proven = code == cp_model.OPTIMAL
    if proven:
        # The worth proven, the secondary quantity (subsidy, or revenue) at its most among runs of that worth; where
        # no route can count a halt (none on the board, or the Southern formed, RB L660) it is fixed by the worth
        # and the step would prove nothing new.
        paths.model.add(sum(paths.primary) >= int(solver.objective_value))
        if paths.counts_halts:
            solver, proven = _then(paths, solver, sum(paths.secondary), solve, None)
            if proven:
                paths.model.add(sum(paths.secondary) >= int(solver.objective_value))
    if proven and not all(solver.value(run) for run in paths.runs):
        # Of runs worth the same, the one running more trains (RB L521); a run found running every train already
        # has the most. Proven for one or two trains (on the two-train dense boards 3.5 % of the solve's work,
        # docs/routes-1860.md "Measured"); within a budget of work where the path model takes over from the route
        # bound's search or answers alone, whose boards it can cost as much as the proof of the worth itself.
        few = len(problem.trains) < BOUND_TRAINS
        solver, tied = _then(paths, solver, sum(paths.runs), solve, None if few else RUNNERS_WORK)
        proven = tied or not few
    run = path_candidates(problem, weights, paths.routes(solver))
    if start and not proven and run_score(problem.rules, weights, start) > run_score(problem.rules, weights, run):
        run = start
    return checked_result(problem, weights, run, "optimal" if proven else "feasible", best_possible, started)


def _then(
    paths: PathModel,
    before: cp_model.CpSolver,
    aim: cp_model.LinearExprT,
    solve: Callable[..., tuple[cp_model.CpSolver, cp_model.CpSolverStatus]],
    work: float | None,
) -> tuple[cp_model.CpSolver, bool]:
    """The next step of the search: `aim` at its most, starting from the run `before` found (the solver of the
    better run, and whether it is proven; `before` itself, unproven, when the step found nothing)."""
    paths.model.clear_hints()  # type: ignore[no-untyped-call]
    for k in range(len(paths.model.proto.variables)):
        var = paths.model.get_int_var_from_proto_index(k)
        paths.model.add_hint(var, before.value(var))
    solver, code = solve(paths.model, aim, None, work)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver, code == cp_model.OPTIMAL
    return before, False
