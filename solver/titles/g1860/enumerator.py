"""An exhaustive search for a company's best 1860 run on small boards, independent of any optimizer: it lists
every simple path along the track graph (each with every `halts` choice), keeps for each train the routes the
evaluator accepts alone (but for the run rules of Running Trains, RB L525, which only a whole run can meet), and
tries every choice of one route or none per train, judging each run with the evaluator alone. What it shares with
an optimizer is the evaluator, the one source of truth, so the two can check each other.

The objective is the director's (Running Trains, RB L544): `"revenue"` (the most revenue, then the most subsidy)
or `"cash"` (the most revenue plus subsidy, then the most revenue).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.track_graph import NodeRef, TrackGraph
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate

Objective = Literal["revenue", "cash"]


@dataclass(frozen=True)
class Best:
    """The best run found (no routes when no run earns anything), how many runs were judged, and whether the
    search was complete (False when the time limit stopped it: then the run is the best found so far)."""

    run: tuple[RouteSpec, ...]
    evaluation: Evaluation
    runs_judged: int
    complete: bool = True


def simple_paths(graph: TrackGraph) -> Iterator[tuple[NodeRef, ...]]:
    """Every path of two or more distinct nodes along links, once per direction pair (the path or its reverse,
    whichever sorts first)."""

    def extend(path: list[NodeRef]) -> Iterator[tuple[NodeRef, ...]]:
        if len(path) > 1 and path[0] < path[-1]:
            yield tuple(path)
        for nxt in graph.neighbours(path[-1]):
            if nxt not in path:
                path.append(nxt)
                yield from extend(path)  # noqa: F821 (its cell is emptied when the listing ends, below)
                path.pop()

    try:
        for start in sorted(graph.nodes):
            yield from extend([start])
    finally:
        del extend  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)


def objective_key(evaluation: Evaluation, objective: Objective) -> tuple[int, int]:
    """What the director maximises: (revenue, subsidy), or (revenue + subsidy, revenue)."""
    if objective == "cash":
        return evaluation.revenue + evaluation.subsidy, evaluation.revenue
    return evaluation.revenue, evaluation.subsidy


def routes_for(
    position: BoardPosition, company: str, train: str, graph: TrackGraph, deadline: float = math.inf
) -> list[RouteSpec] | None:
    """Every route `train` may run alone: each simple path with each `halts` choice from 0 to its halts, kept
    when the evaluator finds no fault but the run rules (home base, meeting) that a whole run settles; None when
    the clock passes `deadline` (time.monotonic()) first."""
    kept: list[RouteSpec] = []
    for path in simple_paths(graph):
        if time.monotonic() > deadline:
            return None
        nodes = tuple(str(ref) for ref in path)
        halts = sum(1 for ref in path if graph.nodes[ref].kind == "halt")
        for counted in range(halts + 1):
            spec = RouteSpec(train, nodes, {"halts": counted})
            verdict = evaluate(position, company, [spec], graph)
            if verdict.legal or all(p.rule == rulebook.HOME_AND_MEETING for p in verdict.problems):
                kept.append(spec)
    return kept


def best_run(
    position: BoardPosition, company: str, objective: Objective = "revenue", time_limit: float | None = None
) -> Best:
    """The best legal run of `company`'s trains by trying every choice of one route or none per train, within
    `time_limit` seconds if given (stopped, it returns the best run judged so far, marked incomplete)."""
    deadline = math.inf if time_limit is None else time.monotonic() + time_limit
    graph = TrackGraph(position)
    trains = position.companies[company].trains
    best_run_: tuple[RouteSpec, ...] = ()
    best = evaluate(position, company, [], graph)
    listed: dict[str, list[RouteSpec]] = {}
    for train in sorted(set(trains)):
        routes = routes_for(position, company, train, graph, deadline)
        if routes is None:
            return Best(best_run_, best, 0, complete=False)
        listed[train] = routes
    judged = 0
    options = [[None, *listed[train]] for train in trains]
    for choice in itertools.product(*options):
        if time.monotonic() > deadline:
            return Best(best_run_, best, judged, complete=False)
        run = tuple(spec for spec in choice if spec is not None)
        if not run:
            continue
        judged += 1
        verdict = evaluate(position, company, run, graph)
        if verdict.legal and objective_key(verdict, objective) > objective_key(best, objective):
            best_run_, best = run, verdict
    return Best(best_run_, best, judged)
