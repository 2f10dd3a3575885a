"""Strong dominance in the run search (`solver.core.search.candidates.drop_dominated`): a route is dropped only for
one through the same nodes earning no less on a subset of its track. Track is a bit set held in an int: a route on
other track is no subset however its number compares (a defect found on an 18BF board, where the CP-SAT optimizer
missed the enumerator's optimum because a way round Birmingham on track of a smaller number was dropped)."""

from __future__ import annotations

from solver.core.search.candidates import Candidate, Option, drop_dominated
from solver.core.track_graph import NodeRef

NODES = (NodeRef("A1", 0), NodeRef("B2", 0))


def _route(score: int, track: int) -> Candidate:
    return Candidate("2", NODES, 0b11, track, Option(score), score)


def test_a_route_on_other_track_is_not_dominated_however_its_track_number_compares() -> None:
    low = _route(50, 0b001)
    high = _route(50, 0b110)
    assert drop_dominated([low, high]) == [low, high]


def test_a_route_on_a_superset_of_the_track_earning_no_more_is_dominated() -> None:
    low = _route(50, 0b001)
    assert drop_dominated([low, _route(50, 0b101)]) == [low]
