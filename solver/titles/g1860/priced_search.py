"""1860's best run of several trains from the bound over whole routes (`solver.titles.g1860.route_bound`): the
core's CP-SAT choice of one route per train (`solver.core.search.model.RunModel`, with every run rule: no track
shared, RB L540; one pass, RB L530; the home base and every route meeting the run, RB L525) over only the routes
a run worth the target can hold, the target lowered step by step until a run reaches it.

Why it is exact: the bound's duals give every route a slack (at most 0) such that a run worth w holds only routes
whose slack is at least w minus the bound (reduced costs, route_bound's docstring). So every run worth the
target or more is made of the routes kept for it, and the best run of those routes, when it reaches the target,
is the best run of all, its subsidy and its trains running included (any run worth as much is among them). When
it does not reach the target, no run does: the target falls to the next worth a run can have (a multiple of the
routes' common divisor) and more routes are kept. On the dense four-train boards the bound is within one or two
steps of the best run, and the routes kept are a few hundred of tens of thousands (docs/routes-1860.md).

Once a target is out of reach and a run has been found (worth p), the targets between are not tried one by one:
one pass proves the run best or finds a better one. Every run worth p or more holds only routes kept for p, and
the slacks of its routes sum to at least its worth minus the bound (the same weak duality), so the quick search
over the routes kept for p, each costing its slack and all of them at most the bound minus p, that looks only for
runs better than the one found, is exhaustive over every run that could beat it; where that search runs out of
steps, CP-SAT takes the same question (`_beating`).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from ortools.sat.python import cp_model

from solver.core.search.candidates import RUNNER_WEIGHT, SECONDARY_WEIGHT, Candidate, Weights, node_numbers
from solver.core.search.incumbent import searched_run
from solver.core.search.model import BuildingStopped, Lane, RunModel
from solver.core.search.run_search import ProgressInfo, RunProblem, SearchResult, Status, checked_result
from solver.titles.g1860.route_bound import RouteBound, weighted_bound

#: The slacks, fractions from the LP, in CP-SAT's whole numbers.
SLACK_SCALE = 1000
#: Deterministic work (about a second a unit on this machine) each CP-SAT solve of the search may take before the
#: search hands the run over to the path model with the target it reached (`Undecided`).
PRICED_WORK = 0.5
#: Steps the quick search may take in the one pass that proves the run found best (about a second of this
#: machine's CPU: S&C's four trains on 19354's last board take about 0.6 s, docs/routes-1860.md, "Measured").
PASS_STEPS = 20_000_000
#: The same pass's steps where CP-SAT ran out of work at the target before showing it out of reach; then the path
#: model takes over, floored at the run found (docs/routes-1860.md, "Measured").
UNREACHED_PASS_STEPS = 4_000_000


@dataclass(frozen=True)
class Undecided:
    """The search stopped at its work's end: no run is worth more than `most`; `run` is the best run found (per
    train its route or None; None when none was found)."""

    most: int
    run: tuple[Candidate | None, ...] | None


def priced_run(
    problem: RunProblem,
    bound: RouteBound,
    weights: Weights,
    deadline: float,
    stop: threading.Event | None,
    stopped: Callable[[], bool],
    progress: Callable[[ProgressInfo], None] | None,
    workers: int,
    started: float,
) -> SearchResult | Undecided:
    """The best run of `problem` (no pinned route) given its route bound, proven where the deadline (a
    `time.perf_counter()` instant) allows; re-checked by the evaluator (`checked_result`). `stopped()` says
    whether the deadline or the stop event has come (and keeps saying so without asking the event again).
    `Undecided` when a CP-SAT solve ran out of PRICED_WORK without the deadline or the stop having come."""
    masks = problem.rules.masks(node_numbers(problem.graph))
    target = bound.most
    found: tuple[Candidate | None, ...] | None = None
    worth = -1

    def answer(status: Status, best_possible: int | None) -> SearchResult:
        run = [c for c in found or () if c is not None]
        return checked_result(problem, weights, run, status, weighted_bound(best_possible), started)

    def seen(value: int, _: int) -> None:
        if progress is not None:
            progress(ProgressInfo(Weights.primary(value), target, time.perf_counter() - started))

    def better(run: tuple[int, tuple[Candidate | None, ...]] | None) -> None:
        nonlocal found, worth
        if run is not None and run[0] > worth:
            worth, found = run
            seen(worth, 0)

    def solved(lanes: list[Lane], constrain: Callable[[RunModel], None], hinted: bool) -> str | None:
        """CP-SAT's choice of routes among `lanes` with `constrain`'s rows, started from the run found when `hinted`
        (and there is one), within PRICED_WORK: its status, its run kept if better; None if stopped while built."""
        try:
            model = RunModel(problem.rules, masks, weights, lanes, stopped)
        except BuildingStopped:
            return None
        constrain(model)
        if hinted and found is not None:
            model.hint(found)
        outcome = model.solve(deadline - time.perf_counter(), PRICED_WORK, workers, stop, seen)
        if outcome.run is not None:
            better((outcome.value, outcome.run))
        return outcome.status

    def lanes_for(least: int) -> list[Lane]:
        kept = bound.routes_within(least)
        return [Lane(train, [c for c in kept if c.train == train]) for train in problem.trains]

    if masks.anchors is not None and not any(c.node_mask & masks.anchors for c in bound.routes):
        # No route includes the home base: no run is legal (RB L525), the empty run is the answer.
        return answer("optimal", None)
    while True:
        if target < 0:
            # No run with a route reaches a worth of 0: there is none (the empty run is the answer).
            return answer("optimal", None)
        if stopped():
            return answer("feasible" if found else "unknown", target)
        lanes = lanes_for(target)
        options = [lane.candidates for lane in lanes]
        quick, complete = searched_run(
            problem.rules, masks, weights, options, [False] * len(lanes), stopped, filtered=True
        )
        better(quick)
        if Weights.primary(worth) >= target:
            if complete or worth >= _ceiling(target, options):
                # Worth the target, which no run exceeds, and (searched in full, or at each train's best below the
                # worth) the best of the runs worth it.
                return answer("optimal", None)
        elif complete:
            # The best run of the routes kept falls short of the target: no run reaches it.
            if found is not None:
                most = target - bound.step
                break
            target -= bound.step
            continue
        if stopped():
            return answer("feasible" if found else "unknown", target)
        status = solved(lanes, partial(_reaching, bound=bound, target=target), Weights.primary(worth) >= target)
        if status is None:
            return answer("feasible" if found else "unknown", target)
        if status == "OPTIMAL":
            # Every run worth the target is in the model: its best is the best run.
            return answer("optimal", None)
        if status != "INFEASIBLE":
            if stopped():
                return answer("feasible" if found else "unknown", target)
            if found is None or Weights.primary(worth) >= target:
                # No run, or one worth the target whose ties are left: the path model takes over, floored at it.
                return Undecided(target, found)
            # Out of work at the target with a run below it in hand: the one pass below asks whether any run beats
            # it, the target included (measured: FYN's four trains on 19354's last board, rulebook, 780 under a
            # bound of 790, proven so in about a second where the path model did not prove it in 10 s of CPU,
            # docs/routes-1860.md). Its CP-SAT step is left to the path model there (`reached`).
            most = target
            break
        # No run reaches the target: the next worth a run can have, and the routes that can reach it.
        if found is not None:
            most = target - bound.step
            break
        target -= bound.step
    reached = most == target - bound.step
    # A run worth less than the target was found: one pass over every run that could beat it (module docstring),
    # rather than a target at a time; a shorter one where the target itself was not shown out of reach.
    least = Weights.primary(worth)
    lanes = lanes_for(least)
    options = [lane.candidates for lane in lanes]
    beating, complete = searched_run(
        problem.rules,
        masks,
        weights,
        options,
        [False] * len(lanes),
        stopped,
        PASS_STEPS if reached else UNREACHED_PASS_STEPS,
        _costs(bound, options),
        _allowance(bound, least),
        worth,
        filtered=True,
    )
    better(beating)
    if complete:
        return answer("optimal", None)
    if stopped():
        return answer("feasible", most)
    if not reached:
        # The target itself was not shown out of reach: the path model, floored at the run found, takes over.
        return Undecided(most, found)
    status = solved(lanes, partial(_beating, bound=bound, least=least), True)
    if status is None:
        return answer("feasible", most)
    if status == "OPTIMAL":
        # Every run that could beat the one found is in the model: its best is the best run.
        return answer("optimal", None)
    if stopped():
        return answer("feasible", most)
    return Undecided(most, found)


def _costs(bound: RouteBound, options: Sequence[Sequence[Candidate]]) -> list[list[int]]:
    """Each route's slack as a cost (at least 0) in whole numbers: scaled by SLACK_SCALE and rounded down, which
    only loosens what the costs prune."""
    slack = dict(zip(map(id, bound.routes), bound.slack.tolist(), strict=True))
    return [[math.floor(-slack[id(c)] * SLACK_SCALE) for c in lane] for lane in options]


def _allowance(bound: RouteBound, worth: int) -> int:
    """What the costs of a run worth `worth` or more sum to at most (the bound less the worth, rounded up)."""
    return math.ceil((bound.value - worth) * SLACK_SCALE) + 1


def _ceiling(target: int, options: Sequence[Sequence[Candidate]]) -> int:
    """The most a run worth `target` can score (`Weights`): the target, and each train's best secondary quantity
    and its point for running."""
    unit = SECONDARY_WEIGHT * RUNNER_WEIGHT
    rest = sum(max((c.score - Weights.primary(c.score) * unit for c in lane), default=0) for lane in options)
    return target * unit + rest


def _reaching(model: RunModel, bound: RouteBound, target: int) -> None:
    """Only runs worth exactly `target` (no run is worth more), with the slack of their routes at least the target
    minus the bound (route_bound: true of every such run, and it prunes CP-SAT's search; the slacks are scaled by
    SLACK_SCALE and rounded up, which only loosens it)."""
    worth, spent = _worth_and_slack(model, bound)
    model.model.add(worth == target)
    model.model.add(spent >= math.floor((target - bound.value) * SLACK_SCALE))


def _beating(model: RunModel, bound: RouteBound, least: int) -> None:
    """Only runs worth `least` or more, with the slack of their routes at least their worth minus the bound
    (route_bound: true of every run; scaled by SLACK_SCALE, the slacks and the bound's value rounded up, which
    only loosens it)."""
    worth, spent = _worth_and_slack(model, bound)
    model.model.add(worth >= least)
    model.model.add(spent >= SLACK_SCALE * worth - math.ceil(bound.value * SLACK_SCALE) - 1)


def _worth_and_slack(model: RunModel, bound: RouteBound) -> tuple[cp_model.LinearExpr, cp_model.LinearExpr]:
    """The run's worth (the objective's primary quantity) and the slack of its routes scaled by SLACK_SCALE and
    rounded up, as sums over the model's routes."""
    slack = dict(zip(map(id, bound.routes), bound.slack.tolist(), strict=True))
    worth: list[cp_model.LinearExprT] = []
    spent: list[cp_model.LinearExprT] = []
    for lane, xs in zip(model.lanes, model.x, strict=True):
        for c, x in zip(lane.candidates, xs, strict=True):
            worth.append(Weights.primary(c.score) * x)
            spent.append(math.ceil(slack[id(c)] * SLACK_SCALE) * x)
    return cp_model.LinearExpr.sum(worth), cp_model.LinearExpr.sum(spent)
