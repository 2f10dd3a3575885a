"""The path building blocks of the core's search (solver.core.search.paths): a train's route as a circuit over the
track graph in a CP-SAT model, checked against a brute force over every simple path (no node, path or hex side
twice, never through a node that may only end a route) on the track graph of a real 1860 stretch, alone and for
two trains sharing no track, with and without each of the two ways cuts and the identical trains' order; and the
weighted bound."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model
from titles.g1860.boards import hub

from solver.core.search.candidates import RUNNER_WEIGHT, SECONDARY_WEIGHT, Weights
from solver.core.search.paths import (
    TrainPath,
    add_path,
    in_order,
    path_nodes,
    through_at_most,
    track_once,
    ways_shared,
    weighted_bound,
)
from solver.core.track_graph import Link, NodeRef, TrackGraph

GRAPH = TrackGraph(hub({"S&C": ["2+1"]}))
NODES = path_nodes(GRAPH)

Route = tuple[tuple[NodeRef, ...], frozenset[object]]


def _simple_paths(longest: int) -> list[Route]:
    """Every route of 2 to `longest` nodes (its nodes and track), each once (from the end that sorts first)."""
    out: list[Route] = []

    def grow(nodes: list[NodeRef], track: frozenset[object]) -> None:
        if len(nodes) > 1 and nodes[0] < nodes[-1]:
            out.append((tuple(nodes), track))
        if len(nodes) == longest or (len(nodes) > 1 and nodes[-1] in GRAPH.end_only):
            return
        for nxt in GRAPH.neighbours(nodes[-1]):
            for link in GRAPH.links(nodes[-1], nxt):
                if nxt not in nodes and not link.track & track:
                    grow([*nodes, nxt], track | link.track)

    for ref in NODES:
        grow([ref], frozenset())
    return out


PATHS = _simple_paths(4)


def _model(trains: int, values: Mapping[NodeRef, int], longest: int, cut: str = "", ordered: bool = False) -> int:
    """The most `trains` routes of at most `longest` nodes each, sharing no track, earn (each the values of the
    nodes it visits), solved by CP-SAT with the cut `cut` ('ways': `ways_shared`, 'through': `through_at_most`) and,
    when `ordered`, the identical trains in order; each route it finds is checked to be a simple path."""
    model = cp_model.CpModel()
    paths = [add_path(model, GRAPH, NODES, set(NODES), f"t{t}") for t in range(trains)]
    for path in paths:
        model.add(sum(path.visit.values()) <= longest)
    track_once(model, paths)
    if cut == "ways":
        ways_shared(model, GRAPH, paths)
    if cut == "through":
        through_at_most(model, paths)
    worths = [sum(values[ref] * path.visit[ref] for ref in NODES) for path in paths]
    if ordered:
        in_order(model, ["train"] * trains, paths, worths)
    model.maximize(sum(worths))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(model) == cp_model.OPTIMAL
    for path in paths:
        _assert_simple(path, path.nodes(solver), solver)
    return int(solver.objective_value)


def _assert_simple(path: TrainPath, nodes: tuple[NodeRef, ...], solver: cp_model.CpSolver) -> None:
    """The route read from the answer is a simple path along the links taken, from the end that sorts first."""
    taken: list[Link] = [arc.link for arc in path.arcs if solver.boolean_value(arc.var)]
    if not nodes:
        assert not taken
        return
    assert len(nodes) >= 2 and len(set(nodes)) == len(nodes) and nodes[0] < nodes[-1]
    assert sorted((link.a, link.b) for link in taken) == sorted(itertools.pairwise(nodes))
    assert not any(ref in GRAPH.end_only for ref in nodes[1:-1])
    assert {ref for ref in NODES if solver.boolean_value(path.visit[ref])} == set(nodes)


values_st = st.lists(st.integers(0, 9), min_size=len(NODES), max_size=len(NODES)).map(
    lambda vs: dict(zip(NODES, vs, strict=True))
)


@settings(max_examples=15, deadline=None)
@given(values=values_st, longest=st.integers(2, 4))
def test_one_path_earns_the_best_simple_path(values: dict[NodeRef, int], longest: int) -> None:
    best = max((sum(values[r] for r in nodes) for nodes, _ in PATHS if len(nodes) <= longest), default=0)
    assert _model(1, values, longest) == best


@settings(max_examples=10, deadline=None)
@given(values=values_st)
def test_two_paths_sharing_no_track_earn_the_best_pair_with_or_without_a_ways_cut_or_their_order(
    values: dict[NodeRef, int],
) -> None:
    short = [(nodes, track) for nodes, track in PATHS if len(nodes) <= 3]
    worth = [sum(values[r] for r in nodes) for nodes, _ in short]
    best = max(worth, default=0)
    for (i, (_, a)), (j, (_, b)) in itertools.combinations(enumerate(short), 2):
        if not a & b:
            best = max(best, worth[i] + worth[j])
    assert _model(2, values, 3) == best
    assert _model(2, values, 3, cut="ways") == best
    assert _model(2, values, 3, cut="through", ordered=True) == best


def test_the_weighted_bound_is_above_every_run_of_that_revenue_and_below_the_next() -> None:
    weights = Weights("revenue")
    for revenue in (0, 10, 370):
        bound = weighted_bound(revenue)
        assert Weights.primary(bound) == revenue
        assert weights.value(revenue, SECONDARY_WEIGHT - 1) + RUNNER_WEIGHT - 1 <= bound < weights.value(revenue + 1, 0)
