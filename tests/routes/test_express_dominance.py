"""An Express route is worth to a run only its scoring units (an off-board area counts once, whichever of its hexes
the route enters: 7.8.3, 7.8) and its large stations (where runs meet: 7.8 bullet 2), so routes with the same
units and large stations are one option, and a route whose units and large stations lie within another's is
dropped. Measured on stress board WNR (`stress_positions()[16]`), whose 4/5E enters port Denmark by three hexes."""

from __future__ import annotations

from solver.titles.g1862.random_board import stress_positions
from solver.titles.g1862.routes.candidates import Candidate, legal_candidates, maximal
from solver.titles.g1862.routes.stop_graph import build_stop_graph
from solver.titles.g1862.track import build_graph
from solver.titles.g1862.trains import TrainType


def worth(c: Candidate) -> tuple[frozenset[str], frozenset[str]]:
    return c.units, frozenset(c.large)


def test_express_routes_into_one_offboard_area_by_other_hexes_are_one_option() -> None:
    position = stress_positions(17)[16]
    company = next(iter(position.companies))
    sg = build_stop_graph(build_graph(position))
    express = [t for t in position.companies[company].trains if t.type is TrainType.EXPRESS]
    assert express, "WNR runs Express trains"
    for train in express:
        listed = legal_candidates(sg, company, train, company in position.london)
        kept = maximal(listed, "express")
        # the board has routes that differ only by the hex they enter an off-board area from
        by_worth: dict[tuple[frozenset[str], frozenset[str]], list[Candidate]] = {}
        for c in listed:
            by_worth.setdefault(worth(c), []).append(c)
        assert any(len(routes) > 1 for routes in by_worth.values()), train.name
        # one option per worth, and none within another's
        assert len({worth(c) for c in kept}) == len(kept), train.name
        for c in kept:
            assert not any(c is not d and c.units <= d.units and c.large <= d.large for d in kept), train.name
        # every listed route is matched or beaten by a kept one (nothing a run could use is lost)
        for c in listed:
            assert any(c.units <= d.units and c.large <= d.large for d in kept), train.name
