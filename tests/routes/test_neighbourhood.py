"""The neighbourhood search before the last round (solver/titles/g1862/routes/neighbourhood.py, docs/optimizer.md
step 6): its runs are legal for the evaluator and worth at least what the model counts, it leaves the model as
it was, it raises the last round's floor above the local search's run on the stress boards where that run is
below the optimum, and a stop ends it at its next check."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model
from stop_checks import CountedCalls

from routes.test_optimizer_vs_enumerator import small_board
from solver.titles.g1862.position import Position
from solver.titles.g1862.random_board import stress_positions
from solver.titles.g1862.routes import optimizer
from solver.titles.g1862.routes.cpsat_model import REVENUE_WEIGHT, RunModel
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import RouteSpec, SolveOptions
from solver.titles.g1862.routes.neighbourhood import improve_by_pairs


def _stress(name: str) -> Position:
    return next(p for p in stress_positions() if p.companies and next(iter(p.companies)) == name)


def _start(position: Position, company: str) -> tuple[RunModel, cp_model.CpSolver] | None:
    """The model with every option (every chain listed), started from the local search's run."""
    prepared = optimizer.prepare(position, company)
    if prepared.plan is None:
        return None
    plan = prepared.plan.complete()
    state = position.companies[company]
    found = optimizer._improved(prepared.graph, state, plan, None, "revenue", lambda: False)
    if found is None:
        return None
    run = RunModel(prepared.sg, state, plan, "revenue")
    filled = optimizer._hint(run, found[1])
    assert filled is not None
    return run, filled


def _solve(model: cp_model.CpModel) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = optimizer.NEIGHBOURHOOD_WORK
    return solver, solver.solve(model)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6), late=st.booleans(), free=st.integers(1, 2))
def test_a_neighbourhood_run_is_legal_and_worth_at_least_the_models_count(seed: int, late: bool, free: int) -> None:
    """7.4, 7.8, 7.8.1-7.8.3: a better run found with some runners held is a run the evaluator accepts, worth
    at least what the model counts it (the last round's floor), and the model is left as it was."""
    position = small_board(seed, late)
    company = next(iter(position.companies))
    started = _start(position, company)
    if started is None:
        return
    run, start = started
    before = str(run.model.proto)
    better, ended = improve_by_pairs(run, start, _solve, lambda: False, free)
    assert not ended
    assert str(run.model.proto) == before
    if better is None:
        return
    assert better.objective_value > start.objective_value
    routes = [RouteSpec(slot.train.name, run.sg.route_hexes(r.stops[0], r.links)) for slot, r in run.routes(better)]
    evaluation = evaluate(position, company, tuple(routes))
    assert evaluation.legal, evaluation.problems
    assert REVENUE_WEIGHT * evaluation.revenue + evaluation.subsidy >= better.objective_value


@pytest.mark.parametrize(
    ("company", "searched", "floor"), [("W&F", 990, 1020), ("SVR", 1230, 1400), ("L&D", 1230, 1310)]
)
def test_the_neighbourhoods_raise_the_last_rounds_floor_above_the_searched_run(
    company: str, searched: int, floor: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stress boards W&F, SVR and L&D: the local search finds 990, 1,230 and 1,230 (optima 1,030, 1,400 and
    1,340); the runs where two trains change together raise the last round's floor to 1,020, 1,400 (the optimum)
    and 1,310, so that round keeps fewer options and starts nearer the optimum."""
    values: list[int] = []
    search = optimizer._improved

    def recorded_search(*args: object) -> object:
        found = search(*args)  # type: ignore[arg-type]
        values.append(found[0] // REVENUE_WEIGHT)  # type: ignore[index]
        return found

    floors: list[int] = []
    solve = optimizer._run_solver

    def recorded(model: object, options: SolveOptions, search: object, ceiling: int, *rest: object) -> object:
        if rest[1] is None:  # the last round
            floors.append((ceiling + 1) // REVENUE_WEIGHT)
        return solve(model, options, search, ceiling, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(optimizer, "_improved", recorded_search)
    monkeypatch.setattr(optimizer, "_run_solver", recorded)
    result = optimizer.optimize(_stress(company), company, SolveOptions(time_limit=60))
    assert result.status == "optimal"
    assert values == [searched]
    assert floors == [floor]


def test_a_stop_ends_the_neighbourhood_search_at_its_next_check() -> None:
    """A stop (time limit or Stop) between two solves: the search returns its best run at the next check and
    says it was stopped."""
    started = _start(_stress("SVR"), "SVR")
    assert started is not None
    run, start = started
    stopped = CountedCalls(lambda: True)
    better, ended = improve_by_pairs(run, start, _solve, stopped)
    assert ended and better is None
    assert stopped.calls == 1 and stopped.calls_after_stop == 1
