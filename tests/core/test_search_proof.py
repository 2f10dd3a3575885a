"""The run search's proof by the quick first run (`best_run(search_proves=True)`): a first run that searched every
choice of the listed candidates within its budget is their best, so with the listing's bound it proves the answer
without CP-SAT. Checked with the toy title of test_search.py against the brute force under every run rule, and
against the search's own CP-SAT proof."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.search.run_rules import RunRules
from solver.core.search.run_search import best_run

from .test_search import RUN_RULES, brute_force, problem


@settings(max_examples=25, deadline=None)
@given(trains=st.lists(st.sampled_from(["2", "3", "4"]), min_size=1, max_size=3), rules=RUN_RULES)
def test_a_first_run_that_searched_every_choice_proves_the_brute_force_optimum(
    trains: list[str], rules: RunRules
) -> None:
    once = rules.once_per_company
    searched = best_run(problem(trains, rules, once), time_limit=60, search_proves=True)
    solved = best_run(problem(trains, rules, once), time_limit=60)
    expected = brute_force(trains, rules, once) if len(trains) < 3 else solved.evaluation.revenue
    assert searched.evaluation.revenue == solved.evaluation.revenue == expected
    assert searched.status == solved.status == ("optimal" if expected else "infeasible")
