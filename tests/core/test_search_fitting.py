"""The quick search with the candidates that fit found as bit sets (`searched_run(filtered=True)`, used by 1860's
search over the routes its bound keeps) searches the same runs in the same order and counts the same steps as the
plain search, one candidate at a time: the same run (the same candidates, not only the same worth) and the same
verdict on whether it ended within its budget, for any budget, costs, allowance, run to beat, marks, shared or
unshared track, anchors and meeting nodes, and identical trains. Checked on random candidates and on the pass of
1860's dense boards (tests/titles/g1860/test_priced_search.py). The search leaves no reference cycle (its recursive
search called itself through its closure's cell, which kept the run found alive until the cyclic collector ran:
solves pause it). Searched to the end, either finds the best run an exhaustive search over every choice per train
finds, under the same rules."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from itertools import product
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.search.candidates import Candidate, Option, Weights, candidate
from solver.core.search.incumbent import searched_run
from solver.core.search.run_rules import NodeMasks, RunRules, joined, run_score
from solver.core.track_graph import NodeRef

WEIGHTS = Weights("revenue")
Searched = tuple[tuple[int, tuple[int | None, ...]] | None, bool]


@st.composite
def lanes(draw: st.DrawFn) -> tuple[list[list[Candidate]], list[list[int]]]:
    """Up to four trains' candidates best first (the first two often the same list, identical trains), each with a
    cost."""
    kinds = draw(st.integers(1, 3))
    pool: list[list[Candidate]] = []
    for kind in range(kinds):
        size = draw(st.integers(0, 14))
        made = []
        for _ in range(size):
            revenue = draw(st.integers(0, 9)) * 10
            marks = frozenset({"pass"}) if draw(st.booleans()) and draw(st.booleans()) else frozenset()
            track = draw(st.integers(1, (1 << 12) - 1))
            node_mask = draw(st.integers(1, (1 << 6) - 1))
            nodes = (NodeRef("A1", 0),)
            made.append(candidate(f"t{kind}", nodes, node_mask, track, Option(revenue, 0, {}, marks), WEIGHTS))
        pool.append(sorted(made, key=lambda c: -c.score))
    picks = draw(st.lists(st.integers(0, kinds - 1), min_size=1, max_size=4))
    options = [pool[p] for p in picks]
    costs = [[draw(st.integers(0, 20)) for _ in lane] for lane in options]
    return options, costs


class Search(NamedTuple):
    """A search's input as `searched_run` takes it, less the weights, stop, budget and way."""

    rules: RunRules
    masks: NodeMasks
    options: list[list[Candidate]]
    must_run: list[bool]
    costs: list[list[int]] | None
    allowance: int
    beat: int | None


@st.composite
def searches(draw: st.DrawFn) -> Search:
    """Lanes as `lanes` draws them, under shared track or not, anchors and meeting nodes or none, costs or none, an
    allowance, a run to beat or none, and trains that must run or may not."""
    options, costs = draw(lanes())
    rules = RunRules(shared_track=draw(st.booleans()), limits={"pass": 1})
    nodes = st.one_of(st.none(), st.integers(0, (1 << 6) - 1))
    masks = NodeMasks(draw(nodes), draw(nodes))
    must = draw(st.lists(st.booleans(), min_size=len(options), max_size=len(options)))
    beat = draw(st.one_of(st.none(), st.integers(0, 200)))
    allowance = draw(st.integers(0, 40))
    worth = None if beat is None else WEIGHTS.value(beat, 0)
    return Search(rules, masks, options, must, costs if draw(st.booleans()) else None, allowance, worth)


def _searched(search: Search, budget: int, filtered: bool) -> Searched:
    rules, masks, options, must_run, costs, allowance, beat = search
    found, complete = searched_run(
        rules, masks, WEIGHTS, options, must_run, lambda: False, budget, costs, allowance, beat, filtered=filtered
    )
    run = None if found is None else (found[0], tuple(None if c is None else id(c) for c in found[1]))
    return run, complete


@settings(max_examples=150, deadline=None)
@given(search=searches())
def test_the_search_by_bit_sets_finds_the_plain_searchs_run_at_any_budget(search: Search) -> None:
    for budget in (*range(60), 100_000):  # every budget that can end it midway: the same steps counted
        assert _searched(search, budget, filtered=True) == _searched(search, budget, filtered=False), budget


def _brute_force(search: Search) -> int | None:
    """The worth of the best run over every choice per train (a candidate, or not running where the train may
    not), worth more than the run to beat; None when there is none with a route."""
    rules, masks, options, must_run, costs, allowance, beat = search
    best = beat
    choices = [[*range(len(lane)), *([None] if not must else [])] for lane, must in zip(options, must_run, strict=True)]
    for picks in product(*choices):
        run = [options[i][j] for i, j in enumerate(picks) if j is not None]
        cost = sum(costs[i][j] for i, j in enumerate(picks) if j is not None) if costs is not None else 0
        tracks = [c.track for c in run]
        apart = rules.shared_track or all(not a & b for k, a in enumerate(tracks) for b in tracks[k + 1 :])
        within = all(sum(m in c.option.marks for c in run) <= most for m, most in rules.limits.items())
        if not run or cost > allowance or not apart or not within or not joined(masks, run):
            continue
        worth = run_score(rules, WEIGHTS, run)
        if best is None or worth > best:
            best = worth
    return None if best == beat else best


@settings(max_examples=100, deadline=None)
@given(search=searches(), filtered=st.booleans())
def test_searched_to_the_end_it_finds_the_brute_forces_best_run(search: Search, filtered: bool) -> None:
    rules, masks, options, must_run, costs, allowance, beat = search
    found, complete = searched_run(
        rules, masks, WEIGHTS, options, must_run, lambda: False, 10**7, costs, allowance, beat, filtered=filtered
    )
    assert complete
    assert (None if found is None else found[0]) == _brute_force(search)
    if found is not None:
        run = [c for c in found[1] if c is not None]
        assert found[0] == run_score(rules, WEIGHTS, run) and joined(masks, run)


@pytest.fixture
def collector_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("filtered", [False, True], ids=["plain", "bit sets"])
@pytest.mark.parametrize("budget", [3, 10_000], ids=["stopped by its budget", "to the end"])
def test_the_search_leaves_no_reference_cycle(collector_paused: None, filtered: bool, budget: int) -> None:
    track = [1 << k for k in range(12)]
    lane = [candidate("t", (NodeRef("A1", 0),), 1, t, Option(100 - k), WEIGHTS) for k, t in enumerate(track)]
    found, _ = searched_run(
        RunRules(), NodeMasks(None, None), WEIGHTS, [lane, lane, lane], [False] * 3, budget=budget, filtered=filtered
    )
    assert found is not None
    del found
    assert gc.collect() == 0
