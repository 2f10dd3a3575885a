"""1862's evaluation and enumerator leave nothing for the cyclic garbage collector (`cycles.cycle_garbage`,
docs/architecture.md): the orders of a Freight chain (7.8.1, `chains._joined_orderings`) and the enumerator's
search called a recursive nested function through its closure's cell, a reference cycle that outlived the call
while solves paused the collector. Checked on the rulebook's chain board, whose best run chains three Freight
trains."""

from __future__ import annotations

import itertools

import pytest
from cycles import cycle_garbage

from benchmarks.boards import long_freight_positions
from routes.conftest import RouteKit
from solver.titles.g1862.routes.candidates import ListingStopped
from solver.titles.g1862.routes.enumerator import enumerate_best
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import SolveOptions
from solver.titles.g1862.routes.optimizer import optimize, prepare


def test_the_evaluation_of_a_freight_chain_leaves_no_reference_cycle(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f1-f1-f3")
    _, run = enumerate_best(position, "L&H")
    found = []
    assert cycle_garbage(lambda: found.append(evaluate(position, "L&H", run))) == []
    assert found[0].legal and sum(1 for spec in run if spec.train.endswith("F")) > 1


def test_the_enumerators_search_leaves_no_reference_cycle(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f1-f1-f3")
    assert cycle_garbage(lambda: enumerate_best(position, "L&H")) == []


@pytest.mark.parametrize("checks", [1, 2])
def test_a_listing_stopped_midway_leaves_no_reference_cycle(checks: int) -> None:
    """A stop ends the walks by an exception (ListingStopped): the recursive closures' cells are emptied in a
    `finally`, so even then nothing is left for the collector (docs/architecture.md)."""
    position = dict(long_freight_positions())["long-freight-01-F-7F-7F-45E-45L.json"]
    company = next(iter(position.companies))
    asked = itertools.count(1)
    stopped: list[bool] = []

    def listing() -> None:
        try:
            prepare(position, company, stopped=lambda: next(asked) >= checks)
        except ListingStopped:
            stopped.append(True)

    assert cycle_garbage(listing) == []
    assert stopped == [True]


def test_a_run_without_freight_trains_leaves_no_reference_cycle(kit: RouteKit) -> None:
    """`plan_run` answers early where no Freight train runs: the listing's closure is freed on that path too."""
    position = kit.rulebook_position("lh-multiple-types")
    freight = tuple(t.name for t in position.companies["L&H"].trains if t.is_freight)
    found = []
    assert cycle_garbage(lambda: found.append(optimize(position, "L&H", SolveOptions(excluded=freight)))) == []
    assert freight and found[0].status == "optimal"
    assert not any(spec.train in freight for spec in found[0].routes)
