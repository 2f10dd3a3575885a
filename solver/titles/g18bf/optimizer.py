"""18BF's best run, found and proven with 18BF's rules (§10.6): each train scores its own stops, no track is shared
between a company's trains, no route need meet another (any marker will do for each, §10.1). Two searches answer:

- with no route pinned, on a board of many routes, the path model (`path_model.best_paths`): every route train a
  path along the track graph in one CP-SAT model, no route listed (a 5+5E has tens of thousands of routes on a
  built-up board);
- with a route pinned, or on a board of few routes (`FEW_ROUTES`), the core's run search (`solver.core.search`,
  every route listed at once where none is pinned): the walk (`route_walk.Walk18BF`) applies the
  rules of one route and values it, doubled trains and the 5+5E included; the Irish Sea ferries, each assigned to
  one area of Ireland for the whole run, are the search's grants (one label per area, as many as the company has
  Irish ferries).

The G-trains run no route (§10.6): their part is chosen apart, exactly (`goods.best_goods`: the Mine bonus and the
company's marker cities), since nothing of it depends on the route trains (a city may be counted by both).

`best_run(position, company, ...)` is the plain function the command line and the money previews call; the answer
is re-checked by 18BF's evaluator (`solver.titles.g18bf.evaluator`): the route trains' run inside the core search,
then the whole run with the G-trains, which must be worth exactly the sum (else `OptimizerMismatch`).
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.search.candidates import Objective
from solver.core.search.run_rules import RunRules
from solver.core.search.run_search import (
    FIRST_SHARE,
    LISTING_BUDGET,
    OptimizerMismatch,
    ProgressInfo,
    RunProblem,
    SearchResult,
)
from solver.core.search.run_search import best_run as search
from solver.core.track_graph import TrackGraph
from solver.errors import InputError, Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.evaluator import evaluate, rules_for
from solver.titles.g18bf.goods import best_goods
from solver.titles.g18bf.path_model import best_paths
from solver.titles.g18bf.route_walk import Walk18BF
from solver.titles.g18bf.trains import train_sides

#: Which search answers (docs/routes-18bf.md, "The optimizer"): `auto` the path model unless the board's routes
#: are few (`FEW_ROUTES`) or a route is pinned; `paths` the path model unless a route is pinned; `listed` the core's
#: run search over listed routes.
Method = Literal["auto", "paths", "listed"]


@dataclass(frozen=True)
class _Trains:
    """The company's trains as the search takes them: the route trains that may run (in the company's order) with
    the pinned ones by index, and the G-trains left to choose cities with the pinned G-trains' routes."""

    routes: list[str]
    pinned: dict[int, RouteSpec]
    goods: list[str]
    goods_pinned: list[RouteSpec]


def _trains(
    position: BoardPosition, company: str, graph: TrackGraph, pins: Sequence[RouteSpec], excluded: Sequence[str]
) -> _Trains:
    """The trains that may run and the pins; InputError naming an excluded or pinned train the company does not
    have, a pinned route its train may not run alone, or pinned routes that break a rule together (shared track,
    a city counted by two G-trains)."""
    owned = list(position.companies[company].trains)
    problems: list[Problem] = []
    for name in excluded:
        if name in owned:
            owned.remove(name)
        else:
            problems.append(
                Problem(f"excluded train {name}", rulebook.EARNINGS, f"{company} has no (other) {name} train")
            )
    left = Counter(owned)
    accepted: list[RouteSpec] = []
    for k, spec in enumerate(pins):
        where = f"pinned route {k + 1} ({spec.train})"
        if left[spec.train] < 1:
            problems.append(Problem(where, rulebook.EARNINGS, f"{company} has no (other) {spec.train} train to pin"))
            continue
        left[spec.train] -= 1
        verdict = evaluate(position, company, [spec], graph)
        if verdict.problems:
            problems += [Problem(f"{where}: {p.where}", p.rule, p.message) for p in verdict.problems]
            continue
        accepted.append(spec)
    if not problems and len(accepted) > 1:
        together = evaluate(position, company, accepted, graph)
        problems += [Problem(f"pinned routes: {p.where}", p.rule, p.message) for p in together.problems]
    if problems:
        raise InputError(problems)
    routes = [t for t in owned if not train_sides()[t].goods]
    pinned: dict[int, RouteSpec] = {}
    for spec in (s for s in accepted if not train_sides()[s.train].goods):
        pinned[next(i for i, t in enumerate(routes) if t == spec.train and i not in pinned)] = spec
    goods_pinned = [s for s in accepted if train_sides()[s.train].goods]
    goods = [t for t in owned if train_sides()[t].goods]
    for spec in goods_pinned:
        goods.remove(spec.train)
    return _Trains(routes, pinned, goods, goods_pinned)


def best_run(
    position: BoardPosition,
    company: str,
    *,
    objective: Objective = "revenue",
    time_limit: float | None = None,
    pins: Sequence[RouteSpec] = (),
    excluded: Sequence[str] = (),
    stop: threading.Event | None = None,
    progress: Callable[[ProgressInfo], None] | None = None,
    workers: int = 1,
    method: Method = "auto",
) -> SearchResult:
    """The best run of `company`'s trains in `position`, proven optimal when the time limit allows (None: no
    limit): status, routes (the route trains', then the G-trains'), the evaluator's verdict of the whole run, and
    the bound (revenue). InputError for a position the evaluator refuses (an unknown company, a faulty train or
    private), an excluded or pinned train the company does not have, or a pinned route its train may not run
    alone or that breaks a rule with another pin. The time limit counts from the call. `objective` is the core's
    (18BF pays nothing beside revenue, so `revenue` and `cash` give the same run); `method` chooses the search
    (`Method`)."""
    started = time.perf_counter()
    rules = rules_for(position, company)
    graph = TrackGraph(position)
    trains = _trains(position, company, graph, pins, excluded)
    taken = frozenset(graph.node_ref(n).hex for spec in trains.goods_pinned for n in spec.nodes)
    goods = [*trains.goods_pinned, *best_goods(graph, company, trains.goods, rules.bonuses, taken)]
    goods_value = evaluate(position, company, goods, graph).revenue

    def judge(run: Sequence[RouteSpec]) -> Evaluation:
        # The route trains' run with the G-trains: the answer's one evaluation is the whole run's (`beside`).
        return evaluate(position, company, (*run, *goods), graph)

    walk = Walk18BF(rules, graph, trains.routes)
    problem = RunProblem(
        graph=graph,
        walk=walk,
        rules=RunRules(shared_track=False, grants=len(rules.bonuses.irish_ferries)),
        trains=trains.routes,
        evaluate=judge,
        pins=trains.pinned,
        beside=goods_value,
    )

    def report(info: ProgressInfo) -> None:
        if progress is not None:
            progress(replace(info, objective=info.objective + goods_value, bound=info.bound + goods_value))

    limit = math.inf if time_limit is None else time_limit
    deadline = started + limit
    free = not trains.pinned
    if not trains.routes:
        routes = SearchResult("infeasible", (), judge(()), None, 0.0, "the company has no route train")
    elif method == "paths" and free:
        routes = best_paths(problem, walk, objective, deadline, stop, report, workers)
    else:
        left = max(0.0, deadline - time.perf_counter())
        few = method == "auto" and free
        # With no route pinned every route is listed at once (`first_share=None`); with a pin, by bound.
        share = None if free else FIRST_SHARE
        routes = search(
            problem,
            objective,
            left,
            stop,
            report,
            workers,
            search_proves=True,
            listing_budget=FEW_ROUTES_CHECKS if few else None,
            first_share=share,
            listing_routes=FEW_ROUTES if few else None,
        )
        if routes.reason == LISTING_BUDGET:
            routes = best_paths(problem, walk, objective, deadline, stop, report, workers)
    return _with_goods(routes, goods, goods_value, time.perf_counter() - started)


#: A board's routes are few, and the listed search answers, when its listing of every route (no route pinned)
#: ends within FEW_ROUTES_CHECKS checks (one every CHECK_EVERY steps of the walk: 32,768 steps) having recorded at
#: most FEW_ROUTES routes; else it gives up there and the path model answers. Chosen from both searches measured on
#: the 32 boards of docs/benchmarks.md ("18BF"; the table is in docs/routes-18bf.md, "The optimizer"): below 3,700
#: routes the listed search was the faster on 15 of 17 boards (dense seed 113 and mid seed 114 the exceptions, by
#: 0.04 s and 0.01 s), and on mid seed 100 (3,674 routes) 0.5 s against the path model's 4.7 s; above 3,900 the
#: path model on 8 of 10 (the listed search up to 4.1 s on mid seed 115), dense seed 103 a tie and mid seed 112 the
#: exception (the path model 0.77 s against 0.38 s).
FEW_ROUTES_CHECKS = 128
FEW_ROUTES = 3_800


def _with_goods(routes: SearchResult, goods: Sequence[RouteSpec], goods_value: int, seconds: float) -> SearchResult:
    """The route trains' answer with the G-trains' routes added. Its evaluation is already the whole run's (the
    search judged each answer with the G-trains, `RunProblem.beside`): its revenue must be the route trains' plus
    the G-trains' (checked there for a run of routes, and here for every answer, an empty one too)."""
    run = (*routes.routes, *goods)
    verdict = routes.evaluation
    expected = sum(t.revenue for t in verdict.trains[: len(routes.routes)]) + goods_value
    if not verdict.legal or verdict.revenue != expected or len(verdict.trains) != len(run):
        raise OptimizerMismatch(
            f"the evaluator finds the run with its G-trains {'illegal' if not verdict.legal else verdict.revenue}, "
            f"not {expected}: {verdict.problems}"
        )
    bound = None if routes.bound is None else routes.bound + goods_value
    if routes.status == "infeasible" and goods:
        return replace(
            routes, status="optimal", routes=run, evaluation=verdict, bound=expected, seconds=seconds, reason=""
        )
    return replace(routes, routes=run, bound=bound, seconds=seconds)
