"""The local search before the first round (solver/titles/g1862/routes/improve.py, docs/optimizer.md): its run is
legal for the evaluator and worth at least the value it claims (the optimizer uses that value as a floor), it
never changes the optimizer's answer, it decides the solve where its run reaches the first floor, and it ends
at the first stop check after a stop."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stop_checks import CountedCalls

from benchmarks.boards import long_freight_positions
from routes.test_optimizer_vs_enumerator import small_board
from solver.titles.g1862.position import Position
from solver.titles.g1862.random_board import stress_positions
from solver.titles.g1862.routes import optimizer
from solver.titles.g1862.routes.cpsat_model import REVENUE_WEIGHT, RunModel
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.improve import Judge, _Climb, improve
from solver.titles.g1862.routes.model import Objective, RouteSpec, SolveOptions
from solver.titles.g1862.track import large_id


def _stress(name: str) -> Position:
    return next(p for p in stress_positions() if p.companies and next(iter(p.companies)) == name)


def _searched_run(position: Position, company: str, objective: Objective) -> tuple[int, list[RouteSpec]] | None:
    """The local search over every option of the company (every chain listed): its value in model units and
    its routes, read from the model with the route choices fixed to it."""
    prepared = optimizer.prepare(position, company)
    if prepared.plan is None:
        return None
    plan = prepared.plan.complete()
    state = position.companies[company]
    found = optimizer._improved(prepared.graph, state, plan, None, objective, lambda: False)
    if found is None:
        return None
    value, chosen = found
    run = RunModel(prepared.sg, state, plan, objective)
    filled = optimizer._hint(run, chosen)
    assert filled is not None, "the local search's run is not a legal run for the model"
    routes = [RouteSpec(slot.train.name, run.sg.route_hexes(r.stops[0], r.links)) for slot, r in run.routes(filled)]
    return value, routes


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    late=st.booleans(),
    objective=st.sampled_from(["revenue", "cash"]),
)
def test_the_local_search_run_is_legal_and_worth_at_least_its_value(
    seed: int, late: bool, objective: Objective
) -> None:
    """7.4, 7.8, 7.8.1-7.8.3: the run is one the evaluator accepts, and the evaluator scores it at least at the
    value the search claims, so a floor set to that value is reached by a real run."""
    position = small_board(seed, late)
    company = next(iter(position.companies))
    searched = _searched_run(position, company, objective)
    if searched is None:
        return
    value, routes = searched
    evaluation = evaluate(position, company, tuple(routes))
    assert evaluation.legal, evaluation.problems
    weight = 1 if objective == "cash" else REVENUE_WEIGHT  # the model's objective (docs/optimizer.md)
    assert weight * evaluation.revenue + evaluation.subsidy >= value


@pytest.mark.parametrize("name", ["L&H", "ECR", "WStI"])
def test_the_local_search_run_on_stress_boards_is_legal_and_worth_its_value(name: str) -> None:
    position = _stress(name)
    searched = _searched_run(position, name, "revenue")
    assert searched is not None
    value, routes = searched
    evaluation = evaluate(position, name, tuple(routes))
    assert evaluation.legal, evaluation.problems
    assert REVENUE_WEIGHT * evaluation.revenue + evaluation.subsidy >= value


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6), late=st.booleans())
def test_the_local_search_never_changes_the_optimum(seed: int, late: bool) -> None:
    """The search only picks the first round's floor and hint: the proven answer is the same without it."""
    position = small_board(seed, late)
    company = next(iter(position.companies))
    with_search = optimizer.optimize(position, company, SolveOptions(time_limit=30))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(optimizer, "_improved", lambda *args: None)
        without = optimizer.optimize(position, company, SolveOptions(time_limit=30))
    assert with_search.status == without.status
    assert (with_search.revenue, with_search.subsidy) == (without.revenue, without.subsidy)


@pytest.mark.parametrize(
    ("position", "company"),
    [
        (dict(long_freight_positions())["long-freight-02-F-7F-7F-45E-45E.json"], "WStI"),
        (_stress("SVR"), "SVR"),
    ],
    ids=["long WStI 7F 7F 4/5E 4/5E", "stress SVR"],
)
def test_a_searched_run_that_reaches_the_first_floor_makes_one_round(
    position: Position, company: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On these boards the search finds a run above the first round's floor (0.75 of the bound on every run):
    the first round is then the last, keeping only what could beat that run, and proves the same optimum
    as the rounds without the search. On SVR only a climb from another runner's start gets there (the next
    test)."""
    rounds: list[int] = []
    solve = optimizer._run_solver

    def counted(*args: object, **kwargs: object) -> object:
        rounds.append(1)
        return solve(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(optimizer, "_run_solver", counted)
    result = optimizer.optimize(position, company, SolveOptions(time_limit=60))
    assert result.status == "optimal" and len(rounds) == 1
    rounds.clear()
    monkeypatch.setattr(optimizer, "_improved", lambda *args: None)
    without = optimizer.optimize(position, company, SolveOptions(time_limit=60))
    assert without.status == "optimal" and len(rounds) > 1
    assert (result.revenue, result.subsidy) == (without.revenue, without.subsidy)


@pytest.mark.parametrize("company", ["ECR", "W&F", "WNR"])
def test_a_searched_run_below_the_first_floor_is_the_floor_of_the_only_round(
    company: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On these stress boards the search's run falls short of the first round's floor: no round runs at that
    floor, the one round keeps what could beat the searched run and starts from it, and it proves the same
    optimum as the rounds without the search."""
    searched: list[int] = []
    search = optimizer._improved

    def recorded_search(*args: object) -> object:
        found = search(*args)  # type: ignore[arg-type]
        searched.append(found[0])  # type: ignore[index]
        return found

    rounds: list[int] = []  # the floor of each round not limited by ROUND_WORK
    limited: list[float] = []
    solve = optimizer._run_solver

    def recorded(model: object, options: SolveOptions, search: object, ceiling: int, *rest: object) -> object:
        work = rest[1]
        if work is None:
            rounds.append(ceiling + 1)
        else:
            limited.append(work)  # type: ignore[arg-type]
        return solve(model, options, search, ceiling, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(optimizer, "_improved", recorded_search)
    monkeypatch.setattr(optimizer, "_run_solver", recorded)
    result = optimizer.optimize(position := _stress(company), company, SolveOptions(time_limit=60))
    assert result.status == "optimal" and len(rounds) == 1
    assert optimizer.ROUND_WORK not in limited  # no first round
    assert rounds[0] >= searched[0]
    monkeypatch.setattr(optimizer, "_improved", lambda *args: None)
    without = optimizer.optimize(position, company, SolveOptions(time_limit=60))
    assert without.status == "optimal"
    assert (result.revenue, result.subsidy) == (without.revenue, without.subsidy)


@pytest.mark.parametrize(
    ("company", "first", "best", "optimum"),
    [("N&S", 660, 1000, 1000), ("SVR", 1230, 1400, 1400), ("W&F", 990, 1030, 1030)],
)
def test_a_climb_from_each_runners_start_finds_what_the_first_climb_misses(
    company: str, first: int, best: int, optimum: int
) -> None:
    """Stress boards N&S, SVR and W&F: the climb from the option through the home station that adds most on
    its own stops at 660, 1,230 and 990 (each change of one runner lowers the run: on N&S the 6F train runs
    alone and the 3F train cannot run beside it, 7.8.1); the climbs from the other runners' starts reach the
    optima, 1,000, 1,400 and 1,030, and the search returns the best of them."""
    position = _stress(company)
    prepared = optimizer.prepare(position, company)
    assert prepared.plan is not None
    state = position.companies[company]
    plan = optimizer._chains_for(prepared.graph, prepared.plan, "revenue", 0, None)
    bounds = optimizer._bounds(prepared.graph, plan, "revenue")
    floor = optimizer._floors(bounds.total)[0]
    keep = [[b >= floor for b in row] for row in bounds.per_option]  # the first round's options
    values, unit_of = optimizer._values(prepared.graph)
    climb = _Climb(Judge(plan, values, unit_of, "revenue", large_id(state.home)), keep, lambda: False)
    starts = climb.starts()
    reached = [climb.from_option(i, j)[0] // REVENUE_WEIGHT for i, j in starts]
    assert reached[0] == first and max(reached) == best
    found = improve(plan, keep, values, unit_of, "revenue", large_id(state.home), lambda: False)
    assert found is not None and found[0] // REVENUE_WEIGHT == best
    result = optimizer.optimize(position, company, SolveOptions(time_limit=60))
    assert result.status == "optimal" and result.revenue == optimum


def test_the_local_search_ends_at_its_first_stop_check_after_a_stop() -> None:
    """A stop (time limit or Stop) during the search: it returns its best run so far at the next check."""
    position = _stress("W&F")
    prepared = optimizer.prepare(position, "W&F")
    assert prepared.plan is not None
    plan = prepared.plan.complete()
    values, unit_of = optimizer._values(prepared.graph)
    home = large_id(position.companies["W&F"].home)
    stopped = CountedCalls(lambda: True)
    found = improve(plan, None, values, unit_of, "revenue", home, stopped)
    assert found is not None
    assert stopped.calls == 1 and stopped.calls_after_stop == 1
