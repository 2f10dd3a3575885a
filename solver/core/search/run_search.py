"""The best run of a company's trains: candidates listed through the title's rules, a floor from a quick first
run, rounds of CP-SAT over the candidates that can still reach the floor, and the answer re-checked by the title's
evaluator.

Bounds and floors (docs/search.md). The trains are listed by bound: each keeps its routes within FIRST_SHARE of
its best. Each train's candidates are sorted by score; no run is worth more than the sum of each train's best
(`ceiling`), and a candidate can only be part of a run worth at most its score plus every other train's best (its
bound: admissible, because the run rules, and stops scored once per company, only take value away). A quick search
(`solver.core.search.incumbent`) gives a first run; a first CP-SAT round over each train's FIRST_ROUND best
candidates looks for a better one; the last round keeps every candidate whose bound beats the best run found (and
that run's own), so its optimum is the optimum of everything listed. It is the optimum of the whole problem when it
is worth at least every run using a route the listing left out; when it is not, the trains are listed again down to
what could beat it, and the rounds run again.

Every answer is re-checked by the title's evaluator: an illegal run, or one it scores differently from the model,
raises OptimizerMismatch (a bug, never an answer). The time limit and the stop event hold while listing (checked
every CHECK_EVERY steps), while building a model and while solving (CP-SAT's limit, and the event checked every
50 ms).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.gc_pause import gc_paused
from solver.core.search.candidates import (
    Candidate,
    Listing,
    ListingStopped,
    Objective,
    RouteWalk,
    TooManyRoutes,
    TrackBits,
    Weights,
    list_candidates,
    node_numbers,
    pinned_candidates,
)
from solver.core.search.incumbent import PROOF_BUDGET, STEP_BUDGET, searched_run
from solver.core.search.model import BuildingStopped, Lane, Outcome, RunModel
from solver.core.search.run_rules import NodeMasks, RunRules, run_score
from solver.core.track_graph import TrackGraph

Status = Literal["optimal", "feasible", "infeasible", "unknown"]
"""'optimal': proven. 'feasible': stopped with a run not proven, with a bound. 'infeasible': proven that no legal
run exists (the reason says why). 'unknown': stopped before any run was found."""

#: The first round keeps each train's this many best candidates: a small model that finds a good run quickly.
FIRST_ROUND = 200
#: The first listing leaves out each train's routes below (1 - FIRST_SHARE) times its best (listing by bound); when
#: the run found cannot be shown to beat every route left out, the trains are listed again down to what could.
FIRST_SHARE = 0.2
#: Deterministic work (about a second a unit on this machine) the first round may take.
ROUND_WORK = 0.25

LISTING_STOPPED = "stopped while listing routes"
LISTING_BUDGET = "more routes than the listing budget allows"
SEARCH_STOPPED = "stopped before any run was found"
NO_ROUTE = "no train has a route it may run"
NO_RUN = "no choice of routes makes a legal run"
NO_ANCHOR = "no node a run must include is on the board"


class OptimizerMismatch(AssertionError):
    """The evaluator disagrees with the search's model: a bug in one of them, never a user error."""


@dataclass(frozen=True)
class ProgressInfo:
    """A better run found during a search: its worth (revenue, or revenue plus money beside it), the bound that
    holds for every run, and the seconds since the search began."""

    objective: int
    bound: int
    seconds: float


@dataclass(frozen=True)
class RunProblem:
    """What a title hands to the search: its track graph, its rules for one route (`walk`) and for a run
    (`rules`), the trains that may run in order (`trains`, names), pinned routes by index into `trains`, and its
    evaluator (the one source of truth) for a run of route specs. `beside` is the revenue of trains the title
    settled before the search (trains that run no route, say) when `evaluate` judges them with every run: the
    answer's one evaluation is then the whole run's, and its check expects the search's worth plus `beside`."""

    graph: TrackGraph
    walk: RouteWalk[Any]
    rules: RunRules
    trains: Sequence[str]
    evaluate: Callable[[Sequence[RouteSpec]], Evaluation]
    pins: Mapping[int, RouteSpec] = field(default_factory=dict)
    beside: int = 0


@dataclass(frozen=True)
class SearchResult:
    """The answer, re-checked by the evaluator: status, the routes (in the order of the trains), the evaluator's
    verdict, the bound (for 'optimal' the run's own worth), seconds, why no run (for 'infeasible' and 'unknown'),
    and how many candidates were listed and kept for the last round."""

    status: Status
    routes: tuple[RouteSpec, ...]
    evaluation: Evaluation
    bound: int | None
    seconds: float
    reason: str = ""
    listed: int = 0
    kept: int = 0


@dataclass
class _Best:
    value: int
    run: tuple[Candidate | None, ...]


@gc_paused()
def best_run(
    problem: RunProblem,
    objective: Objective = "revenue",
    time_limit: float = 30.0,
    stop: threading.Event | None = None,
    progress: Callable[[ProgressInfo], None] | None = None,
    workers: int = 1,
    search_proves: bool = False,
    listing_budget: int | None = None,
    first_share: float | None = FIRST_SHARE,
    listing_routes: int | None = None,
) -> SearchResult:
    """The best run of `problem`'s trains by `objective`, proven where the time limit allows. With
    `search_proves`, a quick first run that searched every choice of the listed candidates within its budget
    (`incumbent.searched_run`) proves the best of them without CP-SAT (worth it where few trains run and the
    candidates conflict little). With `listing_budget`, the first listing gives up after that many of its checks
    (one every CHECK_EVERY steps): status 'unknown', reason LISTING_BUDGET, for a title that then searches the
    run its own way (a fixed amount of work, so the outcome depends on nothing but the problem); with
    `listing_routes`, likewise once it has recorded more than that many routes. `first_share` is
    the first listing's share (listing by bound); None lists every route at once, for a title whose boards of few
    routes list them all in less time than a listing by bound and a second listing take."""
    started = time.perf_counter()
    deadline = started + time_limit
    weights = Weights(objective)
    rules = problem.rules

    def should_stop() -> bool:
        return (stop is not None and stop.is_set()) or time.perf_counter() >= deadline

    def empty(status: Status, reason: str, bound: int | None = None, listed: int = 0) -> SearchResult:
        evaluation = problem.evaluate(())
        return SearchResult(status, (), evaluation, bound, time.perf_counter() - started, reason, listed)

    if rules.anchors is not None and not rules.anchors:
        return empty("infeasible", NO_ANCHOR)
    track_bits = TrackBits()
    free = {t for i, t in enumerate(problem.trains) if i not in problem.pins}

    def listing(share: float | None, least: Mapping[str, int] | None, trains: Iterable[str] = free) -> Listing:
        return list_candidates(
            problem.graph, problem.walk, trains, weights, track_bits, should_stop, share, least, rules.track_only
        )

    checks = 0

    def first_should_stop() -> bool:
        nonlocal checks
        checks += 1
        return (listing_budget is not None and checks > listing_budget) or should_stop()

    try:
        listed = list_candidates(
            problem.graph,
            problem.walk,
            free,
            weights,
            track_bits,
            first_should_stop,
            first_share,
            None,
            rules.track_only,
            listing_routes,
        )
    except ListingStopped as stopped:
        over = isinstance(stopped, TooManyRoutes) or (listing_budget is not None and checks > listing_budget)
        return empty("unknown", LISTING_BUDGET if over else LISTING_STOPPED)
    pinned = {
        i: pinned_candidates(problem.graph, problem.walk, spec, weights, track_bits) for i, spec in problem.pins.items()
    }
    for i, found_pins in pinned.items():
        if not found_pins:
            raise OptimizerMismatch(f"pinned route {problem.pins[i]} is not a route the title's walk accepts")
    lanes = _lanes(problem.trains, listed, pinned)
    if not any(lane.candidates for lane in lanes):
        return empty("infeasible", NO_ROUTE)
    best = [lane.candidates[0].score if lane.candidates else 0 for lane in lanes]
    ceiling = sum(best)
    masks = rules.masks(node_numbers(problem.graph))
    reported = -1

    def report(value: int, bound: int) -> None:
        nonlocal reported
        if progress is not None and value > reported:
            reported = value
            progress(
                ProgressInfo(
                    Weights.primary(value), Weights.primary(min(bound, ceiling)), time.perf_counter() - started
                )
            )

    def quick_run(lanes: Sequence[Lane]) -> tuple[_Best | None, bool]:
        quick, complete = searched_run(
            rules,
            masks,
            weights,
            [lane.candidates for lane in lanes],
            [lane.pinned for lane in lanes],
            should_stop,
            PROOF_BUDGET if search_proves else STEP_BUDGET,
        )
        return (_Best(*quick) if quick else None), complete and search_proves

    found, searched = quick_run(lanes)
    if found is not None:
        report(found.value, ceiling)
    relisted = False
    while True:
        # Every run using a route left out of the listing is worth less than this.
        unlisted = max(
            (
                least - 1 + ceiling - top
                for lane, top in zip(lanes, best, strict=True)
                if (least := listed.least.get(lane.train)) is not None and not lane.pinned
            ),
            default=-1,
        )
        count = sum(len(lane.candidates) for lane in lanes)
        if found is not None and found.value >= max(ceiling, unlisted):
            return _answer(problem, rules, weights, found, "optimal", None, started, count, 0)
        status: Status = "feasible" if found is not None and any(found.run) else "unknown"
        if searched:
            # The first run is the best of the candidates listed: proven when it beats every route left out.
            worth = found.value if found is not None else -1
            if relisted or worth >= unlisted:
                return _answer(problem, rules, weights, found, "optimal", None, started, count, 0)
            if should_stop():
                return _answer(problem, rules, weights, found, status, min(ceiling, unlisted), started, count, 0)
        else:
            outcome = _rounds(rules, masks, weights, lanes, best, found, deadline, workers, stop, report)
            if outcome.found is not None:
                found = outcome.found
            if outcome.proven and (found is None or found.value >= unlisted or relisted):
                return _answer(problem, rules, weights, found, "optimal", None, started, count, outcome.kept)
            if outcome.stopped or should_stop() or relisted:
                bound = min(ceiling, max(outcome.bound, unlisted))
                status = "feasible" if found is not None and any(found.run) else "unknown"
                return _answer(problem, rules, weights, found, status, bound, started, count, outcome.kept)
        # The run found does not yet beat every route left out: list again down to what could still beat it.
        floor = found.value if found is not None else 0
        thresholds = {
            lane.train: max(0, floor - (ceiling - top))
            for lane, top in zip(lanes, best, strict=True)
            if not lane.pinned
        }
        try:
            listed = _relisted(listed, thresholds, lambda again: listing(None, again, again))
        except ListingStopped:
            status = "feasible" if found is not None and any(found.run) else "unknown"
            return _answer(problem, rules, weights, found, status, max(unlisted, ceiling), started, count, 0)
        lanes = _lanes(problem.trains, listed, pinned)
        if found is not None:
            found = _Best(found.value, tuple(_same(c, lane) for c, lane in zip(found.run, lanes, strict=True)))
        relisted = True
        if search_proves:
            again, searched = quick_run(lanes)
            if again is not None and (found is None or again.value > found.value):
                found = again
                report(found.value, ceiling)


@dataclass(frozen=True)
class _Rounds:
    """What the rounds gave: the best run found, whether it is proven the best of the candidates listed, whether
    the time limit or the stop event ended them, the bound on every run of those candidates, and how many
    candidates the last round kept."""

    found: _Best | None
    proven: bool
    stopped: bool
    bound: int
    kept: int


def _rounds(
    rules: RunRules,
    masks: NodeMasks,
    weights: Weights,
    lanes: Sequence[Lane],
    best: Sequence[int],
    found: _Best | None,
    deadline: float,
    workers: int,
    stop: threading.Event | None,
    report: Callable[[int, int], None],
) -> _Rounds:
    """Two CP-SAT rounds: each train's FIRST_ROUND best candidates (and the run found), for a good run quickly;
    then every candidate whose bound beats the best run found (and that run's own), which proves it."""
    ceiling = sum(best)

    def should_stop() -> bool:
        return (stop is not None and stop.is_set()) or time.perf_counter() >= deadline

    own = {id(c) for c in found.run if c is not None} if found is not None else set()
    if any(len(lane.candidates) > FIRST_ROUND for lane in lanes):
        first = [
            Lane(lane.train, [c for i, c in enumerate(lane.candidates) if i < FIRST_ROUND or id(c) in own], lane.pinned)
            for lane in lanes
        ]
        try:
            model = RunModel(rules, masks, weights, first, should_stop)
        except BuildingStopped:
            return _Rounds(found, False, True, ceiling, 0)
        outcome = _solve(model, found, deadline, ROUND_WORK, workers, stop, report, 0)
        if outcome.run is not None and (found is None or outcome.value > found.value):
            found = _Best(outcome.value, outcome.run)
    floor = found.value if found is not None else -1
    kept = [
        Lane(
            lane.train,
            [
                c
                for c in lane.candidates
                if c.score + ceiling - top > floor or (found is not None and any(c is r for r in found.run))
            ],
            lane.pinned,
        )
        for lane, top in zip(lanes, best, strict=True)
    ]
    kept_count = sum(len(lane.candidates) for lane in kept)
    try:
        model = RunModel(rules, masks, weights, kept, should_stop)
    except BuildingStopped:
        return _Rounds(found, False, True, ceiling, kept_count)
    outcome = _solve(model, found, deadline, None, workers, stop, report, floor)
    if outcome.run is not None and (found is None or outcome.value > found.value):
        found = _Best(outcome.value, outcome.run)
    if outcome.status in ("OPTIMAL", "INFEASIBLE"):
        return _Rounds(found, True, False, found.value if found else 0, kept_count)
    return _Rounds(found, False, True, min(ceiling, max(_bound(outcome), floor)), kept_count)


def _solve(
    model: RunModel,
    found: _Best | None,
    deadline: float,
    work: float | None,
    workers: int,
    stop: threading.Event | None,
    report: Callable[[int, int], None],
    floor: int,
) -> Outcome:
    """Solve one round, starting from the run found when the round holds it."""
    if found is not None and all(
        c is None or any(c is k for k in lane.candidates) for c, lane in zip(found.run, model.lanes, strict=True)
    ):
        model.hint(found.run)

    def seen(value: int, bound: int) -> None:
        report(value, max(bound, floor))

    return model.solve(deadline - time.perf_counter(), work, workers, stop, seen)


def _relisted(
    listed: Listing, thresholds: Mapping[str, int], list_again: Callable[[Mapping[str, int]], Listing]
) -> Listing:
    """The candidates of each train down to its threshold: a train listed before down to its threshold or lower
    keeps those of its candidates at or above it (a candidate dominated there is dominated by one scoring no less,
    which is kept too); the others are listed again (`list_again`)."""
    again = {t: least for t, least in thresholds.items() if least < listed.least.get(t, least)}
    fresh = list_again(again) if again else Listing({}, {})
    candidates = {
        t: list(fresh.candidates[t]) if t in again else [c for c in listed.candidates[t] if c.score >= least]
        for t, least in thresholds.items()
    }
    return Listing(candidates, dict(thresholds))


def _lanes(trains: Sequence[str], listed: Listing, pinned: Mapping[int, list[Candidate]]) -> list[Lane]:
    return [
        Lane(train, pinned[i], True) if i in pinned else Lane(train, listed.candidates[train])
        for i, train in enumerate(trains)
    ]


def _same(chosen: Candidate | None, lane: Lane) -> Candidate | None:
    """The candidate of a new listing that is the same route as `chosen` (the listing keeps every route at least as
    good as a run found, so it is there)."""
    if chosen is None:
        return None
    for c in lane.candidates:
        if c.score == chosen.score and c.nodes == chosen.nodes and c.track == chosen.track:
            return c
    raise OptimizerMismatch(f"the route {chosen.spec()} of the run found is not listed again")


def _bound(outcome: Outcome) -> int:
    return outcome.bound if outcome.status != "INFEASIBLE" else 0


def checked_result(
    problem: RunProblem,
    weights: Weights,
    run: Sequence[Candidate],
    status: Status,
    bound: int | None,
    started: float,
) -> SearchResult:
    """The result for a run found by another search of the same problem (its routes as candidates, a weighted
    bound), re-checked by the title's evaluator as every answer of this search is: OptimizerMismatch when it is
    illegal or scored differently. An 'optimal' empty run is 'infeasible' (no choice of routes makes a legal run),
    another empty one 'unknown'."""
    found = _Best(run_score(problem.rules, weights, run), tuple(run))
    return _answer(problem, problem.rules, weights, found, status, bound, started, 0, 0)


def _answer(
    problem: RunProblem,
    rules: RunRules,
    weights: Weights,
    found: _Best | None,
    status: Status,
    bound: int | None,
    started: float,
    listed: int,
    kept: int,
) -> SearchResult:
    """The result for the run found, re-checked by the evaluator."""
    run = [c for c in found.run if c is not None] if found is not None else []
    seconds = time.perf_counter() - started
    primary_bound = Weights.primary(bound) if bound is not None else None
    if not run:
        evaluation = problem.evaluate(())
        if status == "optimal":
            return SearchResult("infeasible", (), evaluation, None, seconds, NO_RUN, listed, kept)
        return SearchResult("unknown", (), evaluation, primary_bound, seconds, SEARCH_STOPPED, listed, kept)
    specs = tuple(c.spec() for c in run)
    evaluation = problem.evaluate(specs)
    described = "; ".join(f"{s.train} {' '.join(s.nodes)} {dict(s.choices)}" for s in specs)
    if not evaluation.legal:
        broken = "; ".join(str(p) for p in evaluation.problems)
        raise OptimizerMismatch(f"searched run {described} is illegal for the evaluator: {broken}")
    expected = run_score(rules, weights, run)
    if weights.value(evaluation.revenue - problem.beside, evaluation.subsidy) + len(run) != expected:
        beside = f" (with {problem.beside} beside the search)" if problem.beside else ""
        raise OptimizerMismatch(
            f"searched run {described}: the model's worth {Weights.primary(expected)}, the evaluator's revenue "
            f"{evaluation.revenue}{beside} and subsidy {evaluation.subsidy}"
        )
    if status == "optimal":
        primary_bound = Weights.primary(expected)
    return SearchResult(status, specs, evaluation, primary_bound, seconds, "", listed, kept)
