"""1860's best run, found and proven by a CP-SAT model of each train's path (`solver.titles.g1860.path_model`, no
routes listed; for three trains or more a bound from every listed route and a search over the routes it leaves,
`route_bound` and `priced_search`) or, where a route is pinned or the train is leased, by the core's run search over
listed routes (`solver.core.search`), with 1860's rules: each train
scores its own stations (Running Trains, RB L542), no track is shared between trains (RB L540), one train of the
run may pass one tokened-out station (RB L530), one route includes the home base and every other meets the run at
a station of any kind (RB L525). Every rule mode and game state of the position (docs/routes-1860.md) applies:
the rulebook's or the site's, a leased train, nationalisation, halts ignored. The objective is the director's
(RB L544): `revenue` (then subsidy) or `cash` (revenue plus subsidy, then revenue). Ties go to the run with more
trains running (each train must run if it can, RB L521).

`best_run(position, company, ...)` is the plain function the money previews call; the answer is re-checked by
1860's evaluator (`solver.titles.g1860.evaluator`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Literal

from solver.core.board_position import BoardPosition, plain
from solver.core.evaluator import RouteSpec
from solver.core.gc_pause import gc_paused
from solver.core.search.candidates import Objective
from solver.core.search.run_rules import RunRules
from solver.core.search.run_search import ProgressInfo, RunProblem, SearchResult
from solver.core.search.run_search import best_run as search
from solver.core.track_graph import TrackGraph
from solver.errors import InputError, Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate, rules_for
from solver.titles.g1860.path_model import best_paths
from solver.titles.g1860.route_walk import PASS, Walk1860

Method = Literal["paths", "path_model", "routes"]


def with_nationalisation(position: BoardPosition, nationalisation: bool | None) -> BoardPosition:
    """The position with British Rail's allowance on or off (Railway Nationalisation, RB L673); None keeps the
    position's own."""
    if nationalisation is None or bool(position.rules.get("nationalisation", False)) == nationalisation:
        return position
    rules = dict(plain(position.rules))
    rules["nationalisation"] = nationalisation
    return replace(position, rules=rules)


def _trains(
    position: BoardPosition, company: str, pins: Sequence[RouteSpec], excluded: Sequence[str]
) -> tuple[list[str], dict[int, RouteSpec]]:
    """The trains that may run, in the company's order, and the pinned routes by index; InputError naming an
    excluded or pinned train the company does not have, or a pinned route that is not legal for its train alone."""
    owned = list(position.companies[company].trains)
    problems: list[Problem] = []
    for name in excluded:
        if name in owned:
            owned.remove(name)
        else:
            problems.append(
                Problem(f"excluded train {name}", rulebook.OWN_TRAINS, f"{company} has no (other) {name} train")
            )
    pinned: dict[int, RouteSpec] = {}
    for k, spec in enumerate(pins):
        where = f"pinned route {k + 1} ({spec.train})"
        free = [i for i, t in enumerate(owned) if t == spec.train and i not in pinned]
        if not free:
            problems.append(Problem(where, rulebook.OWN_TRAINS, f"{company} has no (other) {spec.train} train to pin"))
            continue
        verdict = evaluate(position, company, [spec])
        alone = [p for p in verdict.problems if p.rule != rulebook.HOME_AND_MEETING]
        if alone:
            problems += [Problem(f"{where}: {p.where}", p.rule, p.message) for p in alone]
            continue
        pinned[free[0]] = spec
    if problems:
        raise InputError(problems)
    return owned, pinned


@gc_paused()
def best_run(
    position: BoardPosition,
    company: str,
    *,
    nationalisation: bool | None = None,
    objective: Objective = "revenue",
    time_limit: float = 30.0,
    pins: Sequence[RouteSpec] = (),
    excluded: Sequence[str] = (),
    stop: threading.Event | None = None,
    progress: Callable[[ProgressInfo], None] | None = None,
    workers: int = 1,
    method: Method = "paths",
) -> SearchResult:
    """The best run of `company`'s trains in `position` (with nationalisation's allowance when `nationalisation`
    says so), proven optimal when the time limit allows: status, routes, the evaluator's verdict and the bound.
    InputError for an unknown company, faulty rule modes, an excluded or pinned train the company does not have,
    or a pinned route its train may not run alone. The time limit counts from the call, preparation included.

    `method`: 'paths' (the path model, `solver.titles.g1860.path_model`, wherever it applies: no pinned route,
    no leased train, a home base on the board; for BOUND_TRAINS trains or more after the route bound),
    'path_model' (the same, but the path model alone whatever the number of trains: no route bound, for measuring
    it: `python -m benchmarks.run_1860 --method path_model`) or 'routes' (the core's search over listed routes, always).

    Python's cyclic garbage collector is paused throughout (`solver.core.gc_pause`): the route bound lists up to
    hundreds of thousands of routes, which set off collections that walk the whole heap between two checks of
    the time limit (a quarter to a third of the bound's time on the dense boards, docs/routes-1860.md)."""
    started = time.perf_counter()
    position = with_nationalisation(position, nationalisation)
    rules = rules_for(position, company)
    trains, pinned = _trains(position, company, pins, excluded)
    graph = TrackGraph(position)
    home = rules.home(graph)
    walk = Walk1860(rules, graph, trains)
    problem = RunProblem(
        graph=graph,
        walk=walk,
        rules=RunRules(
            shared_track=False,
            limits={PASS: 1},
            anchors=frozenset({home}) if home is not None else frozenset(),
            meets=frozenset(graph.nodes),
        ),
        trains=trains,
        evaluate=lambda run: evaluate(position, company, run, graph),
        pins=pinned,
    )
    if method != "routes" and home is not None and not pinned and not rules.mode.leased:
        listing = method == "paths"
        return best_paths(problem, walk, home, objective, started + time_limit, stop, progress, workers, listing)
    left = max(0.0, time_limit - (time.perf_counter() - started))
    result = search(problem, objective, left, stop, progress, workers)
    if home is None and result.status == "infeasible":
        hex_id = position.board.companies[company].home
        return replace(result, reason=f"no {company} base stands on its home {hex_id} ({rulebook.HOME_AND_MEETING})")
    return result
