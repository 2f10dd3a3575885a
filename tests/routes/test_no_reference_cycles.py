"""1862's evaluation and enumerator leave nothing for the cyclic garbage collector (`cycles.cycle_garbage`,
docs/architecture.md): the orders of a Freight chain (7.8.1, `chains._joined_orderings`) and the enumerator's
search called a recursive nested function through its closure's cell, a reference cycle that outlived the call
while solves paused the collector. Checked on the rulebook's chain board, whose best run chains three Freight
trains."""

from __future__ import annotations

from cycles import cycle_garbage

from routes.conftest import RouteKit
from solver.titles.g1862.routes.enumerator import enumerate_best
from solver.titles.g1862.routes.evaluator import evaluate


def test_the_evaluation_of_a_freight_chain_leaves_no_reference_cycle(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f1-f1-f3")
    _, run = enumerate_best(position, "L&H")
    found = []
    assert cycle_garbage(lambda: found.append(evaluate(position, "L&H", run))) == []
    assert found[0].legal and sum(1 for spec in run if spec.train.endswith("F")) > 1


def test_the_enumerators_search_leaves_no_reference_cycle(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f1-f1-f3")
    assert cycle_garbage(lambda: enumerate_best(position, "L&H")) == []
