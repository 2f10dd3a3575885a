"""18BF's best run of the route trains as one CP-SAT model of their paths along the track graph, without listing
routes: each train's route a path (`solver.core.search.paths`: a Boolean per link and direction, a circuit over
the nodes and "off the board"), 18BF's rules for a route as linear constraints over the nodes it visits, and its
value as variables.

Why: a 5+5E counts its best five stops of a route of any length (§10.6), so on a board built up by the rules it
has tens of thousands of routes, and listing them was the optimizer's whole cost (docs/routes-18bf.md,
"The optimizer"), while the track graph itself has some thirty nodes and fifty links.

The model of train t (the rules `route_walk.Walk18BF` reads, cited there):

- no route runs to a port (appendix §10.6) or to a part of London without the company's marker there (§10.6):
  those nodes are left out; it begins and ends at two different stops;
- it runs on from no red area (§10.1), part of London (§5) or city filled with other companies' markers (§10.1);
- at most one node of a hex: one space of a multi-space city (§10.1), no London-London (§10.6); at most one area
  of Ireland (§10.6); a city with one of the company's markers on the route (§10.1);
- the stops it counts (§10.6): a Boolean per stop at most its visit; an N-train (and a plus train) counts every
  large city, part of London and red area it visits and the small cities at its ends, at most N in all; the 5+5E
  any five; every train at least two;
- its value: the counted stops' values (with the privates' additions, §7.1), each route bonus (a Boolean at most
  the counted stops of each of its two kinds: England-Scotland, England-Wales, London and a red area, §10.6), and
  for each area of Ireland it counts, an Irish Sea ferry's 10 when a ferry is assigned to that area (a Boolean per
  area, at most as many as the company's Irish ferries, §10.6), all doubled for a plus train;
- the trains together use no path or hex side twice (§10.6); identical trains run in order, the first earning at
  least what the second does.

The objective is the revenue; the model takes the best counting of each route, as the evaluator does (the highest
earnings are declared, §10.6), which re-checks every answer (`run_search.checked_result`).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from solver.core.cp_sat_model import CpModel
from solver.core.evaluator import RouteSpec
from solver.core.search.candidates import Objective, Weights
from solver.core.search.model import solve_model
from solver.core.search.paths import (
    TrainPath,
    add_path,
    at_most_one_per_hex,
    in_order,
    path_candidates,
    path_nodes,
    track_once,
    ways_shared,
    weighted_bound,
)
from solver.core.search.run_search import ProgressInfo, RunProblem, SearchResult, checked_result
from solver.core.track_graph import NodeRef, TrackGraph
from solver.titles.g18bf.route_walk import Walk18BF
from solver.titles.g18bf.scoring import LARGE, bonus_pairs
from solver.titles.g18bf.trains import train_sides


class PathModel:
    """The model of one company's route trains `trains` (names, in order) on `graph`, with the rules and values
    `walk` was built for."""

    def __init__(self, graph: TrackGraph, walk: Walk18BF, trains: Sequence[str]) -> None:
        self.trains = list(trains)
        m = self.model = CpModel()
        bonuses = walk.rules.bonuses
        # No train runs to a port (appendix §10.6), nor to a part of London without its marker there (§10.6).
        left_out = {
            ref for ref, kind in walk.kind.items() if kind == "port" or (kind == "london" and ref not in walk.own)
        }
        nodes = path_nodes(graph, left_out)
        stops = [ref for ref in nodes if ref in walk.stop]
        irish = sorted({ref.hex for ref in nodes if ref.hex in bonuses.ireland})
        ferry = bonuses.irish_amount if bonuses.irish_ferries else 0
        amounts = [walk.stop[ref] for ref in stops] + [amount for *_, amount in bonus_pairs(bonuses)] + [ferry]
        # Every value a multiple of `unit` (10 on the printed map): the model counts in units, so that CP-SAT's
        # bound, rounded down to a whole unit, is a worth a run can have.
        self.unit = math.gcd(*amounts) or 1
        granted = {area: m.new_bool_var(f"granted_{area}") for area in irish} if ferry else {}
        if len(granted) > len(bonuses.irish_ferries):
            m.add(sum(granted.values()) <= len(bonuses.irish_ferries))
        self.paths: list[TrainPath] = []
        self.revenue: list[cp_model.LinearExpr] = []
        for t, train in enumerate(self.trains):
            side = train_sides()[train]
            path = add_path(m, graph, nodes, set(stops), f"t{t}")
            for ref in nodes:
                # Not run on from a city filled with other companies' markers (§10.1); red areas and London's parts
                # are the graph's end_only (§10.1, §5), kept by add_path.
                if ref in walk.blocked and ref not in graph.end_only:
                    m.add(path.through(ref) <= 0)
            at_most_one_per_hex(m, path)  # one space of a multi-space city (§10.1), no London-London (§10.6)
            irish_visits = [path.visit[ref] for ref in nodes if ref.hex in bonuses.ireland]
            if len(irish_visits) > 1:  # no Ireland-Ireland (§10.6)
                m.add_at_most_one(irish_visits)
            m.add(sum(path.visit[ref] for ref in nodes if ref in walk.own) >= path.run)  # a marker city (§10.1)
            counted = self._counted(path, walk, stops, side.kind == "express")
            m.add(sum(counted.values()) <= side.stops)  # N stops, the 5+5E five (§10.6)
            m.add(sum(counted.values()) >= 2 * path.run)  # every train counts two (§10.6)
            value: list[cp_model.LinearExprT] = [walk.stop[ref] // self.unit * counted[ref] for ref in stops]
            for name, bit, other, amount in bonus_pairs(bonuses):  # from counted stops only (§10.6)
                one = [counted[ref] for ref in stops if walk.bits[ref] & bit]
                two = [counted[ref] for ref in stops if walk.bits[ref] & other]
                if amount and one and two:
                    earned = m.new_bool_var(f"t{t}_{name}")
                    m.add(earned <= sum(one))
                    m.add(earned <= sum(two))
                    value.append(amount // self.unit * earned)
            for area, given in granted.items():  # an Irish Sea ferry assigned to the area (§10.6)
                earned = m.new_bool_var(f"t{t}_ferry_{area}")
                m.add(earned <= given)
                m.add(earned <= sum(counted[ref] for ref in stops if ref.hex == area))
                value.append(ferry // self.unit * earned)
            self.paths.append(path)
            # A plus train doubles the route and every bonus (§10.6, appendix §10.6).
            self.revenue.append(cp_model.LinearExpr.sum(value) * side.multiplier)
        track_once(m, self.paths)  # no track shared (§10.6), none used twice by a route (§10.1)
        ways_shared(m, graph, self.paths)
        in_order(m, self.trains, self.paths, self.revenue)
        m.maximize(sum(self.revenue))

    def cap(self, train: str, most: int) -> None:
        """No route of `train` is worth more than `most` units."""
        for name, worth in zip(self.trains, self.revenue, strict=True):
            if name == train:
                self.model.add(worth <= most)

    def _counted(
        self, path: TrainPath, walk: Walk18BF, stops: Sequence[NodeRef], any_five: bool
    ) -> dict[NodeRef, cp_model.LinearExprT]:
        """Whether each stop is counted (§10.6): the 5+5E any it visits; an N-train each large stop it visits and
        the small cities at its ends, the others as it chooses."""
        m = self.model
        counted: dict[NodeRef, cp_model.LinearExprT] = {}
        for ref in stops:
            if not any_five and walk.kind[ref] in LARGE:
                counted[ref] = path.visit[ref]
                continue
            var = m.new_bool_var(f"c_{path.run.name}_{ref}")
            m.add(var <= path.visit[ref])
            if not any_five:
                m.add(var >= path.begin[ref] + path.end[ref])
            counted[ref] = var
        return counted

    def routes(self, solver: cp_model.CpSolver) -> list[RouteSpec]:
        """The routes of the solver's run, each from the node it begins at."""
        out = []
        for train, path in zip(self.trains, self.paths, strict=True):
            nodes = path.nodes(solver)
            if nodes:
                out.append(RouteSpec(train, tuple(str(ref) for ref in nodes)))
        return out


#: CP-SAT's linear relaxation with the circuit's cuts (level 2): measured on the legal dense boards of
#: docs/benchmarks.md ("18BF") it proves the hardest ones two to three times faster than level 1.
LINEARIZATION = 2


def best_paths(
    problem: RunProblem,
    walk: Walk18BF,
    objective: Objective,
    deadline: float,
    stop: threading.Event | None,
    progress: Callable[[ProgressInfo], None] | None,
    workers: int,
) -> SearchResult:
    """The best run of `problem`'s route trains (no pinned route) by the path model, proven where the deadline (a
    `time.perf_counter()` instant) allows, re-checked by the evaluator like every answer of the core's search.
    18BF pays nothing beside revenue, so `objective` only names the weights of the result."""
    started = time.perf_counter()
    weights = Weights(objective)
    if (stop is not None and stop.is_set()) or started >= deadline:
        # Stop pressed, or the time limit come, before the search: no run, and nothing claimed proven (CP-SAT
        # would be given at least 10 ms, and its watcher looks at the stop every 50 ms).
        return checked_result(problem, weights, (), "unknown", None, started)
    paths = PathModel(problem.graph, walk, problem.trains)

    unit = paths.unit

    def solve(
        model: cp_model.CpModel, on_run: Callable[[int, int], None] | None
    ) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
        return solve_model(
            model, deadline - time.perf_counter(), None, workers, stop, on_run, linearization=LINEARIZATION
        )

    if len(problem.trains) > 1:
        for train in sorted(set(problem.trains)):
            # No route of a run earns more than the train's best route alone: a cap on each train's worth that the
            # linear relaxation lacks (docs/routes-18bf.md, "The optimizer").
            alone = PathModel(problem.graph, walk, [train])
            solver, code = solve(alone.model, None)
            if code == cp_model.UNKNOWN:
                return checked_result(problem, weights, (), "unknown", None, started)
            paths.cap(train, math.floor(solver.best_objective_bound))

    def seen(value: int, bound: int) -> None:
        if progress is not None:
            progress(ProgressInfo(value * unit, bound * unit, time.perf_counter() - started))

    solver, code = solve(paths.model, seen)
    bound = weighted_bound(math.floor(solver.best_objective_bound) * unit)
    if code == cp_model.UNKNOWN:
        return checked_result(problem, weights, (), "unknown", bound, started)
    if code == cp_model.INFEASIBLE:
        return checked_result(problem, weights, (), "optimal", None, started)
    proven = code == cp_model.OPTIMAL
    run = path_candidates(problem, weights, paths.routes(solver))
    return checked_result(problem, weights, run, "optimal" if proven else "feasible", bound, started)
