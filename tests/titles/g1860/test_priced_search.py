"""The search over the routes the route bound keeps (solver.titles.g1860.priced_search) once a target is out of
reach: the one pass that proves the run found best (by the quick search with each route's slack as its cost, or
by CP-SAT where that search runs out of steps) and the handover to the path model with that run as its floor and
hint. Each way is forced in turn and compared with the independent exhaustive enumerator on random stretches,
with the bound raised three steps (a looser bound is still a bound) so that every example with a run goes past an
unreached target; the dense boards show the ways on real positions, and that a handed-over run that is not the best
is beaten."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given, settings

from solver.core.search import incumbent
from solver.core.search.candidates import Weights
from solver.core.search.paths import path_candidates
from solver.core.search.run_rules import run_score
from solver.core.search.run_search import ProgressInfo, RunProblem, SearchResult
from solver.titles.g1860 import enumerator, path_model, priced_search, search_choice
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.optimizer import best_run
from solver.titles.g1860.priced_search import Undecided
from solver.titles.g1860.route_bound import RouteBound, route_bound

from .boards import late_board
from .test_importer import OLD_FORMAT
from .test_optimizer import key
from .test_route_bound import three_trains

#: How each way is forced: the quick pass as it is; CP-SAT's pass with no steps for the quick one; the path model
#: with neither (CP-SAT's searches over the routes kept given no work at all).
WAYS: dict[str, dict[str, float]] = {
    "quick pass": {},
    "CP-SAT pass": {"PASS_STEPS": 0},
    "path model": {"PASS_STEPS": 0, "PRICED_WORK": 0.0},
}


@pytest.mark.parametrize("way", sorted(WAYS))
@settings(max_examples=8, deadline=None)
@given(board=three_trains(4))
def test_each_way_past_an_unreached_target_finds_the_enumerators_best_run_and_proves_it(
    way: str, board: tuple[object, str, str]
) -> None:
    position, company, objective = board
    exhaustive = enumerator.best_run(position, company, objective, time_limit=5.0)  # type: ignore[arg-type]
    assume(exhaustive.complete)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in WAYS[way].items():
            patch.setattr(priced_search, name, value)
        patch.setattr(search_choice, "route_bound", _looser)
        found = best_run(position, company, objective=objective)  # type: ignore[arg-type]
    mine, theirs = found.evaluation, exhaustive.evaluation
    assert key(mine.revenue, mine.subsidy, objective) == key(theirs.revenue, theirs.subsidy, objective)
    if found.routes:
        assert found.status == "optimal" and found.bound == key(mine.revenue, mine.subsidy, objective)[0]
        assert evaluate(position, company, found.routes) == mine  # type: ignore[arg-type]
    else:
        assert found.status == "infeasible" and exhaustive.run == ()


def _looser(*args: Any) -> RouteBound:
    """The route bound three steps higher: its value and rounded bound raised alike, the routes' slacks kept."""
    bound = route_bound(*args)
    raised = 3 * (bound.step or 10)
    return replace(bound, most=bound.most + raised, value=bound.value + raised)


def test_one_pass_proves_s_and_c_s_660_three_steps_below_the_bound() -> None:
    """S&C with 9+5 9+5 8+4 7+4 on 19354's last board (site mode): the bound is 690 and the best run 660. The quick
    search over the routes kept for 690 finds 660 and proves no run reaches 690; one pass over the routes kept for
    660 (each costing its slack, 30 in all) then proves that none beats it, where before each of 680 and 670 needed
    its own proof and the second handed over to the path model (about 12 s of CPU, docs/benchmarks.md)."""
    seen: list[ProgressInfo] = []
    result = best_run(late_board(OLD_FORMAT, "S&C", "site"), "S&C", time_limit=600, progress=seen.append)
    assert result.status == "optimal" and result.evaluation.revenue == result.bound == 660
    assert [p.objective for p in seen] == [660]


def test_a_handed_over_run_below_the_best_is_the_path_models_floor_and_is_beaten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """C&N with 9+5 9+5 9+5 8+4 on 19354's last board (rulebook), best run 850: the route bound's search made to
    hand over a legal run worth less (the best run less one of its routes) with the target 850, as it does where
    CP-SAT runs out of its work at the target; the path model takes over from that run (its floor and hint) and
    proves 850: the run handed over is not the answer when a better one exists."""
    handed: list[int] = []

    def worse(problem: RunProblem, bound: RouteBound, weights: Weights, *rest: Any) -> Undecided:
        found = real(problem, bound, weights, *rest)
        assert isinstance(found, SearchResult) and found.status == "optimal"
        for k in range(len(found.routes)):
            less = path_candidates(problem, weights, found.routes[:k] + found.routes[k + 1 :])
            if not evaluate(problem_position, "C&N", [c.spec() for c in less]).problems:
                handed.append(Weights.primary(run_score(problem.rules, weights, less)))
                return Undecided(bound.most, tuple(less))
        raise AssertionError("no legal run of three of the four routes")

    real = priced_search.priced_run
    monkeypatch.setattr(path_model, "priced_run", worse)
    seen: list[ProgressInfo] = []
    problem_position = late_board(OLD_FORMAT, "C&N", "rulebook", ("9+5", "9+5", "9+5", "8+4"))
    result = best_run(problem_position, "C&N", time_limit=600, progress=seen.append)
    assert result.status == "optimal" and result.evaluation.revenue == result.bound == 850
    assert handed and handed[0] < 850 and seen[-1].objective == 850


def test_a_target_out_of_work_with_a_run_below_it_goes_to_the_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """FYN with 9+5 9+5 8+4 7+4 on 19354's last board (rulebook): the bound is 790 and the best run 780. The quick
    search at 790 finds 780 without ending and CP-SAT's search at 790 runs out of its work; the one pass over the
    routes kept for 780 (UNREACHED_PASS_STEPS) proves that no run beats it, where the path model handed the run
    did not prove it in 10 s of CPU (docs/routes-1860.md). The path model is never reached."""

    def unreached(*_: object) -> None:
        raise AssertionError("the path model ran")

    monkeypatch.setattr(path_model, "PathModel", unreached)
    result = best_run(late_board(OLD_FORMAT, "FYN", "rulebook"), "FYN", time_limit=600)
    assert result.status == "optimal" and result.evaluation.revenue == result.bound == 780


@pytest.mark.parametrize(
    ("company", "mode"), [("S&C", "site"), ("FYN", "rulebook")], ids=["S&C site, one pass", "FYN rulebook, short pass"]
)
def test_the_quick_searches_by_bit_sets_give_the_plain_searches_answer_on_dense_boards(company: str, mode: str) -> None:
    """The quick search and the one pass find the candidates that fit as bit sets (`searched_run(filtered=True)`,
    about ten times quicker on S&C's pass: docs/routes-1860.md, "Measured"); with the plain search, one candidate at
    a time, the same routes, status and bound come out. The pass's own answers are compared too, at budgets that end
    it midway (the same steps counted)."""
    position = late_board(OLD_FORMAT, company, mode)
    passes: list[tuple[Any, ...]] = []
    real = incumbent.searched_run

    def plain(*args: Any, **kwargs: Any) -> Any:
        passes.append(args)
        return real(*args, **{**kwargs, "filtered": False})

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(priced_search, "searched_run", plain)
        before = best_run(position, company, time_limit=600)
    after = best_run(position, company, time_limit=600)
    assert after.status == before.status == "optimal"
    assert (after.routes, after.evaluation, after.bound) == (before.routes, before.evaluation, before.bound)
    rules, masks, weights, options, must_run, stopped, _, costs, allowance, beat = passes[-1]
    for budget in (10_000, 250_000):
        one = real(rules, masks, weights, options, must_run, stopped, budget, costs, allowance, beat)
        other = real(rules, masks, weights, options, must_run, stopped, budget, costs, allowance, beat, filtered=True)
        assert one == other and not one[1]
