"""`python -m benchmarks.quick_search` (docs/search.md, "How it searches"): the calls of the core's quick search
that the optimizers make are recorded by title and kind, the optimizers' own search put back afterwards, and a
recording replays to the answers the optimizers got."""

from __future__ import annotations

from benchmarks import run_18bf, run_1860
from benchmarks.quick_search import recorded, replayed
from solver.core.search import incumbent, run_search
from solver.titles.g18bf.optimizer import best_run as best_18bf
from solver.titles.g1860 import priced_search
from solver.titles.g1860.optimizer import best_run as best_1860


def test_the_calls_are_recorded_by_title_and_kind_and_replay_to_the_same_answers() -> None:
    _, company, position = run_1860.dense_positions()[0]
    _, bf_company, bf_position = run_18bf.positions("dense")[2]
    calls, answers = recorded(
        [
            ("1860", lambda: best_1860(position, company, time_limit=60)),
            ("18BF", lambda: best_18bf(bf_position, bf_company, time_limit=60)),
        ]
    )
    assert vars(run_search)["searched_run"] is vars(priced_search)["searched_run"] is incumbent.searched_run
    assert {name for name, _, _ in calls} == {"1860, bit sets", "18BF, one at a time"}
    sums, digest = replayed(calls, rounds=2)
    assert sum(count for count, _ in sums.values()) == len(calls)
    assert digest == answers
