"""The exact search without CP-SAT for companies whose only trains are one to three Freight trains
(solver/titles/g1862/routes/small_search.py, 7.8.1): the same optimum as the enumerator on random boards and as
the CP-SAT rounds on the long-Freight boards, no CP-SAT run on the way, and the stop, the time limit and its
branch budget hand the run back to the rounds with nothing claimed."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stop_checks import CountedCalls

from benchmarks.boards import long_freight_positions
from routes.test_optimizer_vs_enumerator import enumerated_best
from solver.titles.g1862.position import Position
from solver.titles.g1862.random_board import random_position
from solver.titles.g1862.routes import optimizer, small_search
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import Objective, SolveOptions
from solver.titles.g1862.routes.small_search import best_freight_run, is_small
from solver.titles.g1862.track import large_id

LONG = dict(long_freight_positions())
FREIGHT_ONLY = [
    name for name, p in LONG.items() if all(t.is_freight for t in p.companies[next(iter(p.companies))].trains)
]


def freight_board(seed: int, late: bool) -> Position:
    """A random legal board whose company runs one to three Freight trains: non-permanent ones that must chain
    in phases B-D, permanent and non-permanent ones in phase E (7.8.1)."""
    rng = random.Random(seed)
    if late:
        trains = rng.choices(["3F", "5F", "6F"], k=rng.randint(1, 3))
        density, phase = rng.uniform(0.3, 0.55), "E"
    else:
        trains = rng.choices(["1F", "2F", "3F"], k=rng.randint(1, 3))
        density, phase = rng.uniform(0.5, 0.9), rng.choice("BCD")
    return random_position(seed, density=density, phase=phase, trains=trains, markers=rng.randint(1, 3))


def _answered_without_cp_sat(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Records every CP-SAT run of the optimizer (none when the small search answers)."""
    runs: list[object] = []
    solve = optimizer._run_solver

    def counted(*args: object, **kwargs: object) -> object:
        runs.append(args)
        return solve(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(optimizer, "_run_solver", counted)
    return runs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    late=st.booleans(),
    objective=st.sampled_from(["revenue", "cash"]),
)
def test_the_small_search_equals_the_enumerator_on_random_freight_boards(
    seed: int, late: bool, objective: Objective
) -> None:
    position = freight_board(seed, late)
    company = next(iter(position.companies))
    best = enumerated_best(position, company, objective)
    with pytest.MonkeyPatch.context() as patch:
        runs = _answered_without_cp_sat(patch)
        result = optimizer.optimize(position, company, SolveOptions(objective=objective, time_limit=30))
    if result.status == "infeasible":
        assert best.revenue == 0 and best.subsidy == 0 and not best.trains
        return
    assert result.status == "optimal"
    assert result.evaluation.objective_value(objective) == best.objective_value(objective)
    prepared = optimizer.prepare(position, company)
    if prepared.plan is not None and is_small(prepared.plan):
        assert not runs, "a small Freight run with a legal run is answered without CP-SAT"
    again = evaluate(position, company, result.routes)
    assert again.legal and (again.revenue, again.subsidy) == (result.revenue, result.subsidy)


@pytest.mark.parametrize("name", FREIGHT_ONLY)
def test_the_small_search_proves_the_rounds_optimum_on_the_long_freight_boards(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ESR 7F 7F, 8F 7F 7F, 9F 9F 8F, 9F 7F 7F, 9F 9F 9F, 9F 8F 7F and the three-9F board: answered without
    CP-SAT, proven, and worth what the CP-SAT rounds prove."""
    position = LONG[name]
    company = next(iter(position.companies))
    runs = _answered_without_cp_sat(monkeypatch)
    small = optimizer.optimize(position, company, SolveOptions(time_limit=60))
    assert small.status == "optimal" and not runs
    monkeypatch.setattr(optimizer, "is_small", lambda plan: False)
    rounds = optimizer.optimize(position, company, SolveOptions(time_limit=60))
    assert rounds.status == "optimal" and runs
    assert (small.revenue, small.subsidy) == (rounds.revenue, rounds.subsidy)


def _small_plan(name: str) -> tuple[optimizer.Prepared, dict[str, int], dict[str, str]]:
    position = LONG[name]
    prepared = optimizer.prepare(position, next(iter(position.companies)))
    assert prepared.plan is not None and is_small(prepared.plan)
    values, unit_of = optimizer._values(prepared.graph)
    return prepared, values, unit_of


@pytest.mark.parametrize("at", [1, 2, 3, 5, 8])
def test_a_stop_during_the_small_search_ends_it_at_the_next_check_with_nothing_claimed(at: int) -> None:
    """Stopped at its at-th check (the local search, the chain listing, the branches): None, so that the
    rounds answer for the stop, and no check after the first that saw it."""
    prepared, values, unit_of = _small_plan("long-freight-11-H-9F-8F-7F.json")
    assert prepared.plan is not None
    pressed: list[bool] = []
    stopped = CountedCalls(lambda: bool(pressed), at=at, then=lambda: pressed.append(True))
    home = large_id(prepared.position.companies[prepared.company].home)
    found = best_freight_run(prepared.plan, values, unit_of, "revenue", home, stopped)
    if stopped.calls >= at:
        assert found is None and stopped.calls_after_stop == 1
    else:  # the search made fewer checks than `at`: it ran to the end
        assert found is not None


def test_a_small_search_over_its_branch_budget_leaves_the_run_to_the_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    prepared, values, unit_of = _small_plan("long-freight-11-H-9F-8F-7F.json")
    assert prepared.plan is not None
    home = large_id(prepared.position.companies[prepared.company].home)
    monkeypatch.setattr(small_search, "BRANCHES", 10)
    assert best_freight_run(prepared.plan, values, unit_of, "revenue", home, lambda: False) is None
    runs = _answered_without_cp_sat(monkeypatch)
    result = optimizer.optimize(prepared.position, prepared.company, SolveOptions(time_limit=60))
    assert result.status == "optimal" and result.revenue == 1150 and runs
