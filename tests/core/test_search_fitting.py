"""The quick search with the candidates that fit found as bit sets (`searched_run(filtered=True)`, used by 1860's
search over the routes its bound keeps) searches the same runs in the same order and counts the same steps as the
plain search, one candidate at a time: the same run (the same candidates, not only the same worth) and the same
verdict on whether it ended within its budget, for any budget, costs, allowance, run to beat, marks, shared or
unshared track, anchors and meeting nodes, and identical trains. Checked on random candidates and on the pass of
1860's dense boards (tests/titles/g1860/test_priced_search.py). The search leaves no reference cycle (its recursive
search called itself through its closure's cell, which kept the run found alive until the cyclic collector ran:
solves pause it)."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.search.candidates import Candidate, Option, Weights, candidate
from solver.core.search.incumbent import searched_run
from solver.core.search.run_rules import NodeMasks, RunRules
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


def _searched(
    rules: RunRules,
    masks: NodeMasks,
    options: Sequence[Sequence[Candidate]],
    must_run: Sequence[bool],
    budget: int,
    costs: Sequence[Sequence[int]] | None,
    allowance: int,
    beat: int | None,
    filtered: bool,
) -> Searched:
    found, complete = searched_run(
        rules, masks, WEIGHTS, options, must_run, lambda: False, budget, costs, allowance, beat, filtered=filtered
    )
    run = None if found is None else (found[0], tuple(None if c is None else id(c) for c in found[1]))
    return run, complete


@settings(max_examples=150, deadline=None)
@given(
    drawn=lanes(),
    shared=st.booleans(),
    anchors=st.one_of(st.none(), st.integers(0, (1 << 6) - 1)),
    meets=st.one_of(st.none(), st.integers(0, (1 << 6) - 1)),
    with_costs=st.booleans(),
    allowance=st.integers(0, 40),
    beat=st.one_of(st.none(), st.integers(0, 200)),
    must=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_the_search_by_bit_sets_finds_the_plain_searchs_run_at_any_budget(
    drawn: tuple[list[list[Candidate]], list[list[int]]],
    shared: bool,
    anchors: int | None,
    meets: int | None,
    with_costs: bool,
    allowance: int,
    beat: int | None,
    must: list[bool],
) -> None:
    options, costs = drawn
    rules = RunRules(shared_track=shared, limits={"pass": 1})
    masks = NodeMasks(anchors, meets)
    worth_to_beat = None if beat is None else WEIGHTS.value(beat, 0)
    for budget in (*range(60), 100_000):  # every budget that can end it midway: the same steps counted
        args = (rules, masks, options, must[: len(options)], budget, costs if with_costs else None, allowance)
        plain = _searched(*args, worth_to_beat, filtered=False)
        assert _searched(*args, worth_to_beat, filtered=True) == plain, budget


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
