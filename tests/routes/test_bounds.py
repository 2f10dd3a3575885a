"""The per-option upper bounds that let the optimizer leave options out (titles.g1862.routes.bounds), and the rounds
that use them: every bound must hold for the best run that uses its option, and the rounds must reach the
same proven optimum as one solve of the whole model."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position
from solver.titles.g1862.random_board import random_position, stress_positions
from solver.titles.g1862.routes import optimizer as optimizer_module
from solver.titles.g1862.routes.bounds import option_bounds
from solver.titles.g1862.routes.cpsat_model import RunModel, plan_run
from solver.titles.g1862.routes.model import Objective, SolveOptions
from solver.titles.g1862.routes.optimizer import _slots, optimize
from solver.titles.g1862.routes.stop_graph import build_stop_graph
from solver.titles.g1862.track import build_graph

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAINS = ["2F", "3F", "5F", "6F", "7F", "3E", "4/5E", "6E", "3L", "4L", "4/5L"]


def _full_optimum(
    position: Position, company: str, objective: Objective
) -> tuple[int, list[tuple[int, int]], list[list[int]], int]:
    """Solve the whole model (no option left out): its proven value, the (runner, option) pairs it chose,
    and the bounds of every option and of every run."""
    graph = build_graph(position)
    sg = build_stop_graph(graph)
    state = position.companies[company]
    slots, _ = _slots(position, state, SolveOptions(objective=objective), sg)
    plan = plan_run(sg, company, slots).complete()
    values = {st.scoring_unit: st.value for st in graph.stations.values()}
    unit_of = {s: st.scoring_unit for s, st in graph.stations.items()}
    bounds = option_bounds(plan, values, unit_of, objective)
    run = RunModel(sg, state, plan, objective)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 2
    solver.parameters.max_time_in_seconds = 60
    solver.parameters.cp_model_presolve = False
    solver.parameters.add_lp_constraints_lazily = False
    assert solver.solve(run.model) == cp_model.OPTIMAL
    chosen = [
        (i, j) for i, r in enumerate(run.runners) for j, (_, x) in enumerate(r.options) if solver.boolean_value(x)
    ]
    return int(solver.objective_value), chosen, [list(row) for row in bounds.per_option], bounds.total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6), objective=st.sampled_from(["revenue", "cash"]))
def test_bounds_hold_for_the_best_run_on_random_boards(seed: int, objective: Objective) -> None:
    """The bound of every option the best run takes, and the bound on every run, are at least its value."""
    rng = random.Random(seed)
    trains = rng.sample(TRAINS, rng.randint(2, 4))
    position = random_position(seed, density=rng.uniform(0.3, 0.7), phase="E", trains=trains, markers=2)
    company = next(iter(position.companies))
    value, chosen, per_option, total = _full_optimum(position, company, objective)
    assert total >= value
    for i, j in chosen:
        assert per_option[i][j] >= value


@pytest.mark.parametrize("example", ["position-late-game.json", "position-early-game.json"])
def test_bounds_hold_on_the_example_boards(example: str) -> None:
    position = load_position(EXAMPLES / example)
    for company in position.companies:
        if not position.companies[company].trains or not position.markers_of(company):
            continue
        value, chosen, per_option, total = _full_optimum(position, company, "revenue")
        assert total >= value
        assert all(per_option[i][j] >= value for i, j in chosen)


@pytest.mark.parametrize("index", [1, 7, 16])
def test_rounds_reach_the_same_proven_optimum_as_one_whole_solve(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stress boards where the first round's floor is too high (the runs must connect, 7.8): the rounds still
    end with the optimum of the whole model."""
    position = stress_positions()[index]
    company = next(iter(position.companies))
    in_rounds = optimize(position, company, SolveOptions(time_limit=60))
    monkeypatch.setattr(optimizer_module, "FLOOR_FRACTIONS", ())
    whole = optimize(position, company, SolveOptions(time_limit=60))
    assert in_rounds.status == whole.status == "optimal"
    assert (in_rounds.revenue, in_rounds.subsidy) == (whole.revenue, whole.subsidy)
