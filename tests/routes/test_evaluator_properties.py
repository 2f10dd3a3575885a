"""Properties of the evaluator on real boards (the rulebook example positions), checked with hypothesis on
random combinations of each company's legal routes (legal runs and illegal ones alike)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from routes.conftest import RouteKit
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.enumerator import legal_routes
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import Evaluation, RouteSpec
from solver.titles.g1862.track import TrackGraph, build_graph
from solver.titles.g1862.trains import TrainType

BOARDS = [
    ("west-norfolk", "WNR"),
    ("lh-multiple-types", "L&H"),
    ("enr-table", "ENR"),
    ("enr-table-late-trains", "ENR"),
    ("chain-f1-f1-f3", "L&H"),
    ("colchester-london", "EUR"),
]


@cache
def board(index: int) -> tuple[Position, TrackGraph, str, tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]]:
    name, company = BOARDS[index]
    position = RouteKit().rulebook_position(name)
    graph = build_graph(position)
    trains = tuple((t.name, tuple(legal_routes(graph, company, t))) for t in position.companies[company].trains)
    return position, graph, company, trains


@st.composite
def runs(draw: st.DrawFn) -> tuple[int, list[RouteSpec]]:
    """A board and, for each of its company's trains, one of its legal routes or none (in random order)."""
    index = draw(st.integers(0, len(BOARDS) - 1))
    _, _, _, trains = board(index)
    routes = []
    for name, options in trains:
        pick = draw(st.integers(-1, len(options) - 1))
        if pick >= 0:
            hexes = options[pick]
            if draw(st.booleans()):
                hexes = tuple(reversed(hexes))
            routes.append(RouteSpec(name, hexes))
    order = draw(st.permutations(range(len(routes))))
    return index, [routes[i] for i in order]


def judge(index: int, routes: list[RouteSpec]) -> Evaluation:
    position, graph, company, _ = board(index)
    return evaluate(position, company, routes, graph)


@settings(max_examples=150, deadline=None)
@given(runs())
def test_evaluation_is_deterministic_and_ignores_the_order_of_routes(case: tuple[int, list[RouteSpec]]) -> None:
    index, routes = case
    first = judge(index, routes)
    assert judge(index, routes) == first
    shuffled = list(routes)
    random.Random(len(routes)).shuffle(shuffled)
    other = judge(index, list(reversed(shuffled)))
    assert (other.legal, other.revenue, other.subsidy) == (first.legal, first.revenue, first.subsidy)
    assert sorted(p.rule for p in other.problems) == sorted(p.rule for p in first.problems)


@settings(max_examples=150, deadline=None)
@given(runs())
def test_the_direction_of_a_route_does_not_matter(case: tuple[int, list[RouteSpec]]) -> None:
    index, routes = case
    first = judge(index, routes)
    flipped = judge(index, [RouteSpec(r.train, tuple(reversed(r.hexes))) for r in routes])
    assert (flipped.legal, flipped.revenue, flipped.subsidy) == (first.legal, first.revenue, first.subsidy)


@settings(max_examples=150, deadline=None)
@given(runs())
def test_totals_add_up_and_each_unit_is_scored_once(case: tuple[int, list[RouteSpec]]) -> None:
    index, routes = case
    ev = judge(index, routes)
    assert ev.revenue >= 0 and ev.subsidy >= 0 and ev.subsidy % 10 == 0
    if not ev.legal:
        assert ev.problems and not ev.trains and ev.revenue == 0
        return
    assert ev.revenue == sum(t.revenue for t in ev.trains)
    _, graph, _, _ = board(index)
    scored = Counter(graph.stations[s.node].scoring_unit for t in ev.trains for s in t.stops if s.status == "scored")
    assert all(n == 1 for n in scored.values())  # 7.8: each station and off-board area scored once
    labels = {t.index: t.train for t in ev.trains}
    for t in ev.trains:
        for s in t.stops:
            if s.status.startswith("scored by "):
                unit = graph.stations[s.node].scoring_unit
                assert scored[unit] == 1 and s.status[len("scored by ") :].split(" #")[0] in labels.values()
    local_hexes = {h for r in routes if r.train.endswith("L") for h in r.hexes}
    assert ev.subsidy == 10 * len(local_hexes)  # 7.8.2: each hex visited by Local trains once


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(BOARDS) - 1), st.data())
def test_a_lone_train_earns_what_the_rulebook_formula_gives(index: int, data: st.DataObject) -> None:
    position, graph, company, trains = board(index)
    name, options = data.draw(st.sampled_from(trains))
    hexes = data.draw(st.sampled_from(options))
    ev = judge(index, [RouteSpec(name, hexes)])
    if not ev.legal:  # a lone route may miss the home station (7.8); nothing else can be wrong with it
        assert all(p.rule == "7.8" and "home station" in p.message for p in ev.problems)
        return
    train = next(t for t in position.companies[company].trains if t.name == name)
    path, _ = graph.path_of(hexes)
    stops = [graph.stations[n] for n in path if n in graph.stations]
    if train.type is TrainType.FREIGHT:
        # 7.8.1: both ends plus 20 (30 with a port) per intervening hex, off-board ends one hex beyond entry.
        a, b = stops[0], stops[-1]
        ha = hexes[1] if a.kind == "offboard" else hexes[0]
        hb = hexes[-2] if b.kind == "offboard" else hexes[-1]
        offboard = (a.kind == "offboard") + (b.kind == "offboard")
        between = max(0, hexgrid.distance(ha, hb) + offboard - 1)
        per = 30 if "port" in (a.area_type, b.area_type) else 20
        assert ev.revenue == a.value + b.value + per * between
    elif train.type is TrainType.LOCAL:
        large = sorted((s.value for s in stops if s.kind == "large"), reverse=True)
        assert ev.revenue == sum(large[: train.scored]) + 20 * sum(1 for s in stops if s.kind == "small")
        assert ev.subsidy == 10 * len(set(hexes))
    else:
        values = sorted((s.value for s in stops if s.kind != "small"), reverse=True)
        assert ev.revenue == sum(values[: train.scored])


@settings(max_examples=150, deadline=None)
@given(runs(), st.data())
def test_removing_a_local_or_express_train_never_raises_revenue(
    case: tuple[int, list[RouteSpec]], data: st.DataObject
) -> None:
    index, routes = case
    ev = judge(index, routes)
    others = [i for i, r in enumerate(routes) if not r.train.endswith("F")]
    if not ev.legal or not others:
        return
    drop = data.draw(st.sampled_from(others))
    fewer = judge(index, [r for i, r in enumerate(routes) if i != drop])
    if fewer.legal:
        assert fewer.revenue <= ev.revenue
        assert fewer.subsidy <= ev.subsidy
