"""The exhaustive 1860 enumerator (solver.titles.g1860.enumerator) on small stretches of the board: it finds the
rulebook's example as the best run where it is, its best run is legal by the evaluator, no legal run walked at
random beats it, and the two objectives order revenue and subsidy as the director asks (RB L544)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.evaluator import RouteSpec
from solver.core.track_graph import TrackGraph
from solver.titles.g1860.enumerator import best_run, objective_key, simple_paths
from solver.titles.g1860.evaluator import evaluate

from .boards import cowes, hub, south_west, ventnor, walk

HUB = hub({"S&C": ["3+2", "3+2"]})
HUB_BEST = best_run(HUB, "S&C")


def test_the_best_run_of_the_rulebook_example_board_is_the_rulebook_example() -> None:
    """RB L542's 3+2 route is the best a 3+2 can do on the south-west line: £80 and 10 subsidy."""
    best = best_run(south_west({"VY&SC": ["3+2"]}), "VY&SC")
    assert (best.evaluation.revenue, best.evaluation.subsidy) == (80, 10)
    assert set(best.run[0].nodes) == {"B6:0", "C7:0", "E9:0", "F10:0", "F12:0"}


def test_the_best_run_is_legal_by_the_evaluator_and_uses_both_trains() -> None:
    again = evaluate(HUB, "S&C", HUB_BEST.run)
    assert again.legal and again == HUB_BEST.evaluation
    assert len(HUB_BEST.run) == 2 and HUB_BEST.evaluation.revenue == 140


def test_simple_paths_list_each_path_once_in_one_direction() -> None:
    paths = list(simple_paths(TrackGraph(HUB)))
    assert len(paths) == len(set(paths))
    assert not {p[::-1] for p in paths} & set(paths)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 30), st.lists(st.integers(0, 4), min_size=1, max_size=5)), min_size=1, max_size=2)
)
def test_no_legal_run_walked_at_random_beats_the_enumerators_best(walks: list[tuple[int, list[int]]]) -> None:
    graph = TrackGraph(HUB)
    nodes = sorted(graph.nodes)
    run = []
    for start, turns in walks:
        path = walk(graph, nodes, start, turns)
        run.append(RouteSpec("3+2", tuple(str(r) for r in path)))
    verdict = evaluate(HUB, "S&C", run, graph)
    if verdict.legal:
        assert objective_key(verdict, "revenue") <= objective_key(HUB_BEST.evaluation, "revenue")


def test_the_cash_objective_trades_revenue_for_subsidy_and_never_loses_cash() -> None:
    for pos, company in (
        (cowes({"C&N": ["2+1", "3+2"]}), "C&N"),
        (cowes({"C&N": ["2+1"]}, rules={"mode": "site"}), "C&N"),
        (ventnor({"NGStL": ["3+2", "3+2"]}, rules={"mode": "site", "reenter_hexes": True}), "NGStL"),
    ):
        by_revenue = best_run(pos, company, "revenue").evaluation
        by_cash = best_run(pos, company, "cash").evaluation
        assert by_revenue.revenue >= by_cash.revenue
        assert by_cash.revenue + by_cash.subsidy >= by_revenue.revenue + by_revenue.subsidy


def test_the_time_limit_holds_and_says_the_search_is_incomplete() -> None:
    stopped = best_run(HUB, "S&C", time_limit=0.0)
    assert not stopped.complete and stopped.run == () and stopped.evaluation.legal
    assert HUB_BEST.complete
