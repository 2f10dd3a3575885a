"""The best legal run for a company, found and proven by CP-SAT (7.4, 7.8, 7.8.1-7.8.3).

`optimize` builds the model of `solver.routes.cpsat_model`, solves it with an explicit time limit and
worker count, and re-checks the answer with the evaluator, the single source of truth for scoring. A
disagreement (the evaluator finds the routes illegal, or scores them differently from the model) is a bug
and raises `OptimizerMismatch`; an unchecked answer is never returned.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.errors import InputError, Problem
from solver.position import CompanyState, Position
from solver.routes.candidates import legal_candidates
from solver.routes.cpsat_model import REVENUE_WEIGHT, RunModel, TrainSlot, plan_run
from solver.routes.model import Evaluation, RouteSpec, SolveOptions, SolveResult, Status
from solver.routes.stop_graph import StopGraph, build_stop_graph
from solver.track import TrackGraph, build_graph
from solver.trains import parse_train


@dataclass(frozen=True)
class ProgressInfo:
    """An improving solution found during a solve: its objective value (revenue, or revenue plus subsidy
    for the 'cash' objective), the best proven bound, and the seconds since the solve began."""

    objective: int
    bound: int
    seconds: float


class OptimizerMismatch(AssertionError):
    """The evaluator disagrees with the optimizer's model: a bug in one of them, never a user error."""


def _problem(company: str, message: str, rule: str = "7.8") -> Problem:
    return Problem(f"company {company}", rule, message)


def _check_company(position: Position, company: str) -> CompanyState:
    state = position.companies.get(company)
    if state is None:
        listed = ", ".join(position.companies) or "none"
        raise InputError([_problem(company, f"is not in this position; companies listed: {listed}", "2.1")])
    return state


def _slots(
    position: Position, state: CompanyState, options: SolveOptions, sg: StopGraph
) -> tuple[list[TrainSlot], list[str]]:
    """The trains the model may run (permits held, not excluded; pinned ones with their routes), and the
    reasons some trains cannot run. InputError for excluded or pinned trains the company does not own and
    for pinned routes that do not follow track."""
    game = position.game
    short = position.variant.length == "short"
    problems: list[Problem] = []
    free = list(range(len(state.trains)))
    for name in options.excluded:
        try:
            wanted = parse_train(name, game, short).name
        except ValueError as exc:
            problems.append(_problem(state.id, f"cannot exclude {name!r}: {exc}", "2.2"))
            continue
        match = [i for i in free if state.trains[i].name == wanted]
        if not match:
            problems.append(_problem(state.id, f"cannot exclude {name!r}: the company has no such train", "2.2"))
            continue
        free.remove(match[0])
    pinned: dict[int, tuple[str, tuple[object, ...]]] = {}
    slots: list[TrainSlot] = []
    for k, spec in enumerate(options.pinned):
        where = f"pinned route {k + 1} ({spec.train})"
        try:
            wanted = parse_train(spec.train, game, short).name
        except ValueError as exc:
            problems.append(Problem(where, "2.2", str(exc)))
            continue
        match = [i for i in free if state.trains[i].name == wanted and i not in pinned]
        if not match:
            problems.append(Problem(where, "2.2", f"{state.id} has no other {wanted} train to pin"))
            continue
        nodes, path_problems = sg.graph.path_of(spec.hexes, where)
        if path_problems:
            problems += path_problems
            continue
        route = sg.links_of_path(nodes)
        if route is None:
            problems.append(Problem(where, "7.8", "a route must begin and end at a large station or off-board area"))
            continue
        train = state.trains[match[0]]
        wanted_links = [lk.index for lk in route[1]]
        london = state.id in position.london
        legal = [
            c
            for c in legal_candidates(sg, state.id, train, london)
            if [lk.index for lk in c.links] in (wanted_links, wanted_links[::-1])
        ]
        if not legal:
            problems.append(
                Problem(
                    where,
                    "7.4",
                    f"not a legal route for a {train.name} of {state.id} (check its ends, length, markers, "
                    "ports and red areas, tokened-out cities and London link)",
                )
            )
            continue
        pinned[match[0]] = (spec.train, ())
        slots.append(TrainSlot(match[0], train, legal[0]))
    if problems:
        raise InputError(problems)
    reasons: list[str] = []
    for i in free:
        if i in pinned:
            continue
        train = state.trains[i]
        if not state.can_score(train):
            reasons.append(f"{train.name} needs a {train.type.value} permit, which {state.id} does not hold")
            continue
        slots.append(TrainSlot(i, train))
    for slot in slots:
        if slot.pinned is not None and not state.can_score(slot.train):
            raise InputError(
                [Problem(f"pinned route ({slot.train.name})", "7.8", f"{state.id} holds no {slot.train.type} permit")]
            )
    slots.sort(key=lambda s: s.index)
    return slots, reasons


def _infeasible(company: str, reason: str, started: float) -> SolveResult:
    evaluation = Evaluation(company=company, legal=False, problems=(_problem(company, reason),))
    return SolveResult(company, "infeasible", (), evaluation, None, time.perf_counter() - started, reason)


class _Watcher(cp_model.CpSolverSolutionCallback):
    """Reports improving solutions to `progress`."""

    def __init__(self, run: RunModel, progress: Callable[[ProgressInfo], None] | None, started: float):
        super().__init__()
        self.run = run
        self.progress = progress
        self.started = started

    def on_solution_callback(self) -> None:
        if self.progress is None:
            return
        scale = 1 if self.run.objective == "cash" else REVENUE_WEIGHT
        self.progress(
            ProgressInfo(
                int(self.objective_value) // scale,
                int(self.best_objective_bound) // scale,
                time.perf_counter() - self.started,
            )
        )


def optimize(
    position: Position,
    company: str,
    options: SolveOptions = SolveOptions(),  # noqa: B008 - frozen dataclass
    progress: Callable[[ProgressInfo], None] | None = None,
    stop: threading.Event | None = None,
) -> SolveResult:
    """The company's best legal run (7.4, 7.8, 7.8.1-7.8.3) under `options`.

    Returns a SolveResult: status "optimal" when CP-SAT proves it, "feasible" with `bound` when stopped by
    the time limit or `stop`, "infeasible" with a reason when no train can run, "unknown" when stopped
    before any run was found. Its evaluation comes from the evaluator. Raises InputError for a company not
    in the position, excluded or pinned trains it does not own and pinned routes off the track, and
    OptimizerMismatch if the evaluator disagrees with the model.
    """
    started = time.perf_counter()
    state = _check_company(position, company)
    graph = build_graph(position)
    sg = build_stop_graph(graph)
    slots, reasons = _slots(position, state, options, sg)
    if not state.trains:
        return _infeasible(company, f"{company} has no trains", started)
    if not slots:
        why = "; ".join(reasons) if reasons else "every train is excluded"
        return _infeasible(company, f"no train can run: {why} (7.8)", started)
    if not graph.marker_stations(company):
        return _infeasible(
            company, f"{company} has no station marker on a tile with track, so no route can include one (7.4)", started
        )
    run = RunModel(sg, state, plan_run(sg, company, slots), options.objective)
    return _solve(position, graph, run, options, progress, stop, started)


def _solve(
    position: Position,
    graph: TrackGraph,
    run: RunModel,
    options: SolveOptions,
    progress: Callable[[ProgressInfo], None] | None,
    stop: threading.Event | None,
    started: float,
) -> SolveResult:
    company = run.company.id
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, options.time_limit)
    solver.parameters.num_workers = max(1, options.workers)
    # Presolve would turn the linear constraints into clauses, which leave the linear relaxation; the
    # relaxation of this model is tight, so it is measured to be much faster without (docs/optimizer.md).
    solver.parameters.cp_model_presolve = False
    # CP-SAT normally adds linear constraints to its LP only once they are violated; the full relaxation
    # of this model is within a few percent of the optimum, and having it from the start is measured to
    # prove the dense boards several times faster (docs/optimizer.md).
    solver.parameters.add_lp_constraints_lazily = False
    watcher = _Watcher(run, progress, started)
    done = threading.Event()
    thread = None
    if stop is not None:

        def watch() -> None:
            while not done.wait(0.05):
                if stop.is_set():
                    solver.stop_search()
                    return

        thread = threading.Thread(target=watch, daemon=True)
        thread.start()
    try:
        code = solver.solve(run.model, watcher)
    finally:
        done.set()
        if thread is not None:
            thread.join()
    if code == cp_model.INFEASIBLE:
        return _infeasible(company, "no legal run contains the pinned routes (7.4, 7.8)", started)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        evaluation = Evaluation(company=company, legal=False, problems=(_problem(company, "stopped before any run"),))
        return SolveResult(company, "unknown", (), evaluation, None, time.perf_counter() - started, "stopped")

    routes = [
        RouteSpec(slot.train.name, run.sg.route_hexes(route.stops[0], route.links))
        for slot, route in run.routes(solver)
    ]
    status: Status = "optimal" if code == cp_model.OPTIMAL else "feasible"
    scale = 1 if options.objective == "cash" else REVENUE_WEIGHT
    bound = int(solver.best_objective_bound) // scale
    if not routes:
        if status == "optimal":
            return _infeasible(
                company,
                "no train has a legal route: each needs track between two stops, one of them a large station, "
                "and one of the company's station markers on it (7.4, 7.8)",
                started,
            )
        evaluation = Evaluation(company=company, legal=False, problems=(_problem(company, "no run found in time"),))
        return SolveResult(company, "unknown", (), evaluation, bound, time.perf_counter() - started, "time limit")

    evaluation = _recheck(position, graph, run, solver, routes, status, options)
    return SolveResult(
        company=company,
        status=status,
        routes=tuple(routes),
        evaluation=evaluation,
        bound=bound if status == "feasible" else evaluation.objective_value(options.objective),
        solve_seconds=time.perf_counter() - started,
    )


def _recheck(
    position: Position,
    graph: TrackGraph,
    run: RunModel,
    solver: cp_model.CpSolver,
    routes: list[RouteSpec],
    status: Status,
    options: SolveOptions,
) -> Evaluation:
    """The evaluator's verdict on the model's answer; OptimizerMismatch if it is illegal or scores
    differently (at the optimum it must score exactly as the model; a time-limited answer may only be
    worth more, because the model's scores are lower bounds until proven)."""
    from solver.routes.evaluator import evaluate

    evaluation = evaluate(position, run.company.id, tuple(routes), graph)
    revenue, subsidy = int(solver.value(run.revenue)), int(solver.value(run.subsidy))
    described = ", ".join(f"{r.train} {'-'.join(r.hexes)}" for r in routes)
    if not evaluation.legal:
        broken = "; ".join(str(p) for p in evaluation.problems)
        raise OptimizerMismatch(f"optimizer run {described} is illegal for the evaluator: {broken}")
    model_value = revenue + subsidy if options.objective == "cash" else revenue
    value = evaluation.objective_value(options.objective)
    exact = status == "optimal"
    if (exact and (evaluation.revenue, evaluation.subsidy) != (revenue, subsidy)) or value < model_value:
        raise OptimizerMismatch(
            f"optimizer run {described}: model revenue {revenue} subsidy {subsidy}, evaluator revenue "
            f"{evaluation.revenue} subsidy {evaluation.subsidy}"
        )
    return evaluation


def model_value(run: RunModel, solver: cp_model.CpSolver) -> tuple[int, int]:
    """(revenue, subsidy) of the solver's current solution as the model counts them."""
    return int(solver.value(run.revenue)), int(solver.value(run.subsidy))


__all__ = ["OptimizerMismatch", "ProgressInfo", "optimize"]
