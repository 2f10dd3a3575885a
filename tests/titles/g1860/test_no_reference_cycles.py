"""1860's work leaves nothing for the cyclic garbage collector (`cycles.cycle_garbage`, docs/architecture.md): the
core evaluator's tracing and overlap search, the enumerator's paths (listed to the end and left midway) and its
best run, and the importer's reading of a recorded route's connections each called a recursive nested function
through its closure's cell, a reference cycle that outlived the call while solves paused the collector."""

from __future__ import annotations

import itertools

import pytest
from cycles import cycle_garbage

from solver.core.track_graph import TrackGraph
from solver.titles.g1860.enumerator import best_run, simple_paths
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.importer.connections import entry_index, link_entry, station_lists
from solver.titles.g1860.optimizer import best_run as optimized_run
from solver.titles.g1860.route_bound import node_sets

from .boards import hub

HUB = hub({"S&C": ["3+2", "3+2"]})


def test_the_evaluation_of_a_run_leaves_no_reference_cycle() -> None:
    best = best_run(HUB, "S&C")
    found = []
    assert cycle_garbage(lambda: found.append(evaluate(HUB, "S&C", best.run))) == []
    assert found[0] == best.evaluation and len(best.run) == 2


def test_the_enumerators_best_run_leaves_no_reference_cycle() -> None:
    assert cycle_garbage(lambda: best_run(HUB, "S&C")) == []


@pytest.mark.parametrize("paths", [None, 5], ids=["to the end", "left midway"])
def test_the_enumerators_paths_leave_no_reference_cycle(paths: int | None) -> None:
    graph = TrackGraph(HUB)
    assert cycle_garbage(lambda: list(itertools.islice(simple_paths(graph), paths))) == []


@pytest.mark.parametrize("sets", [None, 5], ids=["to the end", "left midway"])
def test_the_route_bounds_node_sets_leave_no_reference_cycle(sets: int | None) -> None:
    graph = TrackGraph(HUB)
    found: list[frozenset[object]] = []
    assert cycle_garbage(lambda: found.extend(itertools.islice(node_sets(graph, 4), sets))) == []
    assert found and len(found) == (sets or len(found))


def test_reading_a_routes_connections_leaves_no_reference_cycle() -> None:
    """The connections of the longest path on the board, read back as its stations."""
    graph = TrackGraph(HUB)
    path = max(simple_paths(graph), key=len)
    entries = [link_entry(graph, graph.links(a, b)[0]) for a, b in itertools.pairwise(path)]
    index = entry_index(graph)
    found: list[object] = []
    assert cycle_garbage(lambda: found.extend(station_lists(index, entries))) == []
    assert path in found or path[::-1] in found


def test_a_path_model_solve_leaves_no_reference_cycle() -> None:
    """The path model's CP-SAT models are the core's `CpModel`: OR-Tools' own holds itself in a cycle through its
    camel-case aliases, which kept every model of a solve alive until the collector ran."""
    found = []
    assert cycle_garbage(lambda: found.append(optimized_run(HUB, "S&C", method="path_model"))) == []
    best = best_run(HUB, "S&C").evaluation
    assert found[0].status == "optimal"
    assert (found[0].evaluation.revenue, found[0].evaluation.subsidy) == (best.revenue, best.subsidy)
