"""The run search's proof by the quick first run (`best_run(search_proves=True)`): a first run that searched every
choice of the listed candidates within its budget is their best, so with the listing's bound it proves the answer
without CP-SAT. Checked with the toy title of test_search.py against the brute force under every run rule, and
against the search's own CP-SAT proof."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.search.run_rules import RunRules
from solver.core.search.run_search import best_run
from solver.core.track_graph import NodeRef

from .test_search import GRAPH, brute_force, problem


@settings(max_examples=25, deadline=None)
@given(
    trains=st.lists(st.sampled_from(["2", "3", "4"]), min_size=1, max_size=3),
    shared=st.booleans(),
    once=st.booleans(),
    limit=st.sampled_from([None, 1, 0]),
    anchored=st.booleans(),
    meeting=st.booleans(),
)
def test_a_first_run_that_searched_every_choice_proves_the_brute_force_optimum(
    trains: list[str], shared: bool, once: bool, limit: int | None, anchored: bool, meeting: bool
) -> None:
    rules = RunRules(
        shared_track=shared,
        once_per_company=once,
        limits={} if limit is None else {"through": limit},
        anchors=frozenset({NodeRef("G9", 0)}) if anchored else None,
        meets=frozenset(GRAPH.nodes) if meeting else None,
    )
    searched = best_run(problem(trains, rules, once), time_limit=60, search_proves=True)
    solved = best_run(problem(trains, rules, once), time_limit=60)
    expected = brute_force(trains, rules, once) if len(trains) < 3 else solved.evaluation.revenue
    assert searched.evaluation.revenue == solved.evaluation.revenue == expected
    assert searched.status == solved.status == ("optimal" if expected else "infeasible")
