"""A Freight-N route is legal for every Freight train of at least N hexes (7.8.1: the length is the only rule
that depends on the train), so a plan lists the longest Freight train's routes once and gives each shorter
one those within its length: the same routes, in the same order, as listing that train on its own."""

from __future__ import annotations

import pytest

from benchmarks.boards import long_freight_positions
from solver.titles.g1862.position import Position
from solver.titles.g1862.random_board import stress_positions
from solver.titles.g1862.routes.candidates import Candidate, legal_candidates
from solver.titles.g1862.routes.cpsat_model import TrainSlot, plan_run
from solver.titles.g1862.routes.stop_graph import build_stop_graph
from solver.titles.g1862.track import build_graph

BOARDS = [(name, p) for name, p in long_freight_positions()] + [(p.name, p) for p in stress_positions(6)]


@pytest.mark.parametrize(("name", "position"), BOARDS, ids=[name for name, _ in BOARDS])
def test_shorter_freight_trains_get_exactly_their_own_listing(name: str, position: Position) -> None:
    company = next(iter(position.companies))
    trains = position.companies[company].trains
    sg = build_stop_graph(build_graph(position))
    slots = [TrainSlot(i, t) for i, t in enumerate(trains)]
    plan = plan_run(sg, company, slots)
    assert plan.lister is not None
    london = company in position.london
    own = [c for members in plan.groups for c in legal_candidates(sg, company, members[0].train, london)]

    def routes(cands: list[Candidate]) -> list[tuple[object, ...]]:
        return [(c.stops, tuple(lk.index for lk in c.links), c.sides) for c in cands]

    assert routes(plan.lister.member_routes()) == routes(own), name
