"""Routes left out of the listing because a shorter route they extend earns the same (`list_candidates` with
`prefixes_dominate`, on for 18BF's run: a route matters there only by its track, score and Irish grant, §10.6):
on a late board every route left out has a listed route of its train on part of its track earning the same with
the same grant, and the best run is unchanged (the optimizer's property test against the enumerator covers the
rest)."""

from __future__ import annotations

from pathlib import Path

from solver.core.board_position import read_position
from solver.core.search.candidates import TrackBits, Weights, list_candidates
from solver.core.search.run_rules import RunRules
from solver.core.track_graph import TrackGraph
from solver.titles.g18bf.evaluator import rules_for
from solver.titles.g18bf.route_walk import Walk18BF
from solver.titles.g18bf.trains import train_sides

LATE = Path(__file__).parent / "data" / "late-lms.json"


def test_a_route_earning_what_a_shorter_route_it_extends_earns_is_left_out_for_that_route() -> None:
    position = read_position(LATE)
    graph = TrackGraph(position)
    trains = [t for t in position.companies["LMS"].trains if not train_sides()[t].goods]
    walk = Walk18BF(rules_for(position, "LMS"), graph, trains)
    weights = Weights("revenue")
    every = list_candidates(graph, walk, trains, weights, TrackBits())
    bits = TrackBits()
    fewer = list_candidates(graph, walk, trains, weights, bits, prefixes_dominate=True)
    assert RunRules(shared_track=False, grants=1).track_only
    left_out = 0
    for train in every.candidates:
        # Same track numbering in both listings: compare routes by nodes.
        kept = {c.nodes: c for c in fewer.candidates[train]}
        assert set(kept) <= {c.nodes for c in every.candidates[train]}
        for c in every.candidates[train]:
            if c.nodes in kept:
                continue
            left_out += 1
            shorter = [
                k
                for k in kept.values()
                if c.nodes[: len(k.nodes)] == k.nodes or c.nodes[::-1][: len(k.nodes)] == k.nodes
            ]
            assert any(k.score == c.score and k.option.grant == c.option.grant for k in shorter), c.spec()
        assert kept and max(k.score for k in kept.values()) == every.candidates[train][0].score
    assert left_out > 0
