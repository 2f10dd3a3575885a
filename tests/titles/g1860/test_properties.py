"""Properties of the 1860 evaluator over routes walked at random along the track of real stretches of the board:
a legal run's revenue is the sum of its trains' and each train's the sum of the stops it counts; a legal route
never calls at more stations than its train allows nor ends at a halt; a bigger train never makes a legal route
illegal nor earns less on it; counting one halt fewer keeps a route legal and costs only its subsidy; and the
site's options never refuse a route the rulebook allows, nor pay less for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.track_graph import TrackGraph
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.trains import train_sizes

from .boards import cowes, hub, south_west, ventnor, walk

TRAINS = list(train_sizes())
BOARDS: list[tuple[Callable[..., BoardPosition], str]] = [
    (south_west, "VY&SC"),
    (cowes, "C&N"),
    (hub, "S&C"),
    (ventnor, "NGStL"),
]


@st.composite
def walks(draw: st.DrawFn) -> tuple[Callable[..., BoardPosition], str, list[str], str]:
    board, company = draw(st.sampled_from(BOARDS))
    train = draw(st.sampled_from(TRAINS))
    graph = TrackGraph(board({company: [train]}))
    nodes = sorted(ref for ref in graph.nodes if graph.neighbours(ref))
    path = walk(graph, nodes, draw(st.integers(0, 50)), draw(st.lists(st.integers(0, 5), min_size=1, max_size=7)))
    return board, company, [str(r) for r in path], train


def _run(board: Callable[..., BoardPosition], company: str, train: str, nodes: list[str], **kw: Any) -> Evaluation:
    choices = kw.pop("choices", {})
    return evaluate(board({company: [train]}, **kw), company, [RouteSpec(train, tuple(nodes), choices)])


@settings(max_examples=150, deadline=None)
@given(walks(), st.sampled_from(["rulebook", "site"]))
def test_a_legal_route_earns_the_sum_of_the_stops_it_counts_within_its_allowance(
    walk: tuple[Callable[..., BoardPosition], str, list[str], str], mode: str
) -> None:
    board, company, nodes, train = walk
    result = _run(board, company, train, nodes, rules={"mode": mode})
    if not result.legal:
        return
    (score,) = result.trains
    size = train_sizes()[train]
    counted = [s for s in score.stops if s.counted]
    assert result.revenue == sum(t.revenue for t in result.trains) == sum(s.value for s in counted)
    assert result.subsidy == 10 * sum(1 for s in counted if s.kind == "halt")
    assert sum(1 for s in counted if s.kind in ("large", "offboard")) <= size.n
    assert len(counted) <= size.n + size.m
    assert score.stops[0].kind != "halt" and score.stops[-1].kind != "halt"


@settings(max_examples=150, deadline=None)
@given(walks(), st.sampled_from(TRAINS))
def test_a_bigger_train_keeps_a_legal_route_legal_and_earns_no_less(
    walk: tuple[Callable[..., BoardPosition], str, list[str], str], other: str
) -> None:
    board, company, nodes, train = walk
    small, big = train_sizes()[train], train_sizes()[other]
    if big.n < small.n or big.m < small.m:
        return
    before = _run(board, company, train, nodes)
    after = _run(board, company, other, nodes)
    if before.legal:
        assert after.legal, after.problems
        assert after.revenue >= before.revenue and after.revenue + after.subsidy >= before.revenue + before.subsidy


@settings(max_examples=150, deadline=None)
@given(walks())
def test_counting_one_halt_fewer_keeps_a_route_legal_and_costs_only_its_subsidy(
    walk: tuple[Callable[..., BoardPosition], str, list[str], str],
) -> None:
    board, company, nodes, train = walk
    result = _run(board, company, train, nodes)
    if not result.legal or result.subsidy == 0:
        return
    halts = result.subsidy // 10
    fewer = _run(board, company, train, nodes, choices={"halts": halts - 1})
    assert fewer.legal, fewer.problems
    assert (fewer.revenue, fewer.subsidy) == (result.revenue, result.subsidy - 10)


@settings(max_examples=150, deadline=None)
@given(walks())
def test_the_site_options_allow_every_route_the_rulebook_allows_and_pay_the_same(
    walk: tuple[Callable[..., BoardPosition], str, list[str], str],
) -> None:
    board, company, nodes, train = walk
    book = _run(board, company, train, nodes)
    site = _run(board, company, train, nodes, rules={"mode": "site", "reenter_hexes": True})
    if book.legal:
        assert site.legal, site.problems
        assert (site.revenue, site.subsidy) == (book.revenue, book.subsidy)
    elif site.legal:
        # What only the site allows is a skipped small station or a re-entered hex.
        assert {p.rule for p in book.problems} <= {rulebook.NO_REENTRY, rulebook.CALL_AT_ALL}


@settings(max_examples=150, deadline=None)
@given(walks(), st.integers(0, 10))
def test_a_route_that_leaves_out_a_station_on_its_track_is_never_legal(
    walk: tuple[Callable[..., BoardPosition], str, list[str], str], drop: int
) -> None:
    """Running Trains, RB L526 and L528: a route lists every station its track passes through; leaving one out
    makes it illegal unless other track joins the stations either side directly."""
    board, company, nodes, train = walk
    if len(nodes) < 3 or not _run(board, company, train, nodes).legal:
        return
    i = 1 + drop % (len(nodes) - 2)
    graph = TrackGraph(board({company: [train]}))
    if graph.links(graph.node_ref(nodes[i - 1]), graph.node_ref(nodes[i + 1])):
        return
    shorter = _run(board, company, train, nodes[:i] + nodes[i + 1 :])
    assert rulebook.CONTINUOUS_TRACK in {p.rule for p in shorter.problems}


@settings(max_examples=150, deadline=None)
@given(walks(), st.booleans())
def test_under_the_rulebook_a_legal_part_of_a_legal_route_never_earns_more(
    walk: tuple[Callable[..., BoardPosition], str, list[str], str], from_start: bool
) -> None:
    """Every large and small station counts under the rulebook (RB L528), so a part counts a part of them. (Not
    so under the site's options: dropping a large station worth 10 can make room for a small station worth 20.)"""
    board, company, nodes, train = walk
    whole = _run(board, company, train, nodes)
    part = _run(board, company, train, nodes[1:] if from_start else nodes[:-1])
    if whole.legal and part.legal:
        assert part.revenue <= whole.revenue
