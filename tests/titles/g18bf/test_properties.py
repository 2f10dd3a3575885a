"""Hypothesis properties of 18BF's route rules over random walks along the track of stretches of the real map:
a plus train earns exactly twice its single train's value; a route's legality and revenue do not depend on its
direction; the 5+5E's five stops are the best five and an N-train's small cities the best ones; a bigger train
never earns less; adding a marker never lowers the G-trains' best value; and no run walked at random beats the
enumerator's optimum."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.track_graph import NodeRef, TrackGraph
from solver.titles.g18bf.enumerator import best_run
from solver.titles.g18bf.evaluator import evaluate, rules_for
from solver.titles.g18bf.goods import best_goods
from solver.titles.g18bf.scoring import route_bonuses, stop_value, value_route
from solver.titles.g18bf.trains import train_sides

from .boards import GLASGOW_TO_MIDDLESBROUGH, LONDON_HARWICH, SCOTLAND_AND_WALES, line, position

#: Scotland to Middlesbrough, London to Harwich and round to London(W), the west of Scotland and Wales to
#: Ireland: one board with borders, red areas, London's parts, towns and a plus train's doubling to test.
TILES = [
    *GLASGOW_TO_MIDDLESBROUGH,
    *LONDON_HARWICH,
    *line(["U23", "T22", "U21", "U23"]),
    *[t for t in SCOTLAND_AND_WALES if t[0] not in {h for h, _, _ in GLASGOW_TO_MIDDLESBROUGH}],
]
STATIONS = {
    "D6": [["LMS"], ["LMS"], []],
    "D4": [["LMS"]],
    "U7": [["LMS"]],
    "H18": [["LMS"]],
    "G17": [["NER"]],
    "U23": [[], ["LMS"], ["LMS"], [], ["LMS"], []],
}
BOARD = position("6", TILES, STATIONS, {"LMS": ["4", "5", "6"], "NER": []}, {"LMS": ["F1", "F5"]})
GRAPH = TrackGraph(BOARD)
BONUSES = rules_for(BOARD, "LMS").bonuses


@st.composite
def walks(draw: st.DrawFn, graph: TrackGraph = GRAPH) -> tuple[NodeRef, ...]:
    """A path of distinct nodes along links, from a random node, stopping at random."""
    start = draw(st.sampled_from([n for n in sorted(graph.nodes) if graph.neighbours(n)]))
    path = [start]
    for _ in range(draw(st.integers(1, 9))):
        options = [n for n in graph.neighbours(path[-1]) if n not in path]
        if not options:
            break
        path.append(draw(st.sampled_from(options)))
    return tuple(path)


@given(walks(), st.sampled_from([("2", "2+2"), ("3", "3+3"), ("4", "4+4")]))
def test_a_plus_train_earns_exactly_twice_its_single_trains_value(
    path: tuple[NodeRef, ...], pair: tuple[str, str]
) -> None:
    """§10.6: 2+2, 3+3 and 4+4 run as 2-, 3- and 4-trains and double the route and all its bonuses."""
    single, double = (value_route(GRAPH, "t", path, train_sides()[t], BONUSES) for t in pair)
    assert single.counted == double.counted and [p.message for p in single.problems] == [
        p.message.replace(pair[1], pair[0]) for p in double.problems
    ]
    assert double.revenue == 2 * single.revenue


@given(walks(), st.sampled_from(["4", "5", "6"]))
def test_a_routes_legality_and_revenue_do_not_depend_on_its_direction(path: tuple[NodeRef, ...], train: str) -> None:
    forward = evaluate(BOARD, "LMS", [RouteSpec(train, tuple(map(str, path)))], GRAPH)
    back = evaluate(BOARD, "LMS", [RouteSpec(train, tuple(map(str, path[::-1])))], GRAPH)
    assert forward.legal == back.legal
    assert forward.revenue == back.revenue
    assert {p.rule for p in forward.problems} == {p.rule for p in back.problems}


@given(walks())
def test_the_express_counts_the_best_five_stops(path: tuple[NodeRef, ...]) -> None:
    """§10.6: a 5+5E counts any five stops of its route; the chosen five are worth as much as the best of every
    choice of five (or of all, when fewer), bonuses included."""
    value = value_route(GRAPH, "t", path, train_sides()["5+5E"], BONUSES)
    stops = [r for r in path if GRAPH.nodes[r].kind in ("city", "london", "offboard", "town")]
    ferry = BONUSES.irish_amount if BONUSES.irish_ferries else 0

    def worth(combo: tuple[NodeRef, ...]) -> int:
        own = sum(stop_value(GRAPH, r, BONUSES) + (ferry if r.hex in BONUSES.ireland else 0) for r in combo)
        return own + sum(b for _, b in route_bonuses(GRAPH, combo, BONUSES))

    best = max(worth(c) for c in itertools.combinations(stops, min(5, len(stops))))
    assert worth(value.counted) == best


@given(walks(), st.sampled_from(["2", "3", "4", "5", "6"]))
def test_an_n_train_counts_the_best_intermediate_small_cities(path: tuple[NodeRef, ...], train: str) -> None:
    """§10.6: every large city, part of London and red area counts, and the ends (a reading); intermediate small
    cities fill the rest of the train's number. The counted ones are worth the best of every choice of them."""
    side = train_sides()[train]
    value = value_route(GRAPH, "t", path, side, BONUSES)
    if value.problems:
        return
    stops = [r for r in path if GRAPH.nodes[r].kind in ("city", "london", "offboard", "town")]
    must = [r for r in stops if GRAPH.nodes[r].kind != "town" or r in (path[0], path[-1])]
    towns = [r for r in stops if r not in must]

    def worth(combo: tuple[NodeRef, ...]) -> int:
        counted = [*must, *combo]
        return sum(stop_value(GRAPH, r, BONUSES) for r in counted) + sum(
            b for _, b in route_bonuses(GRAPH, counted, BONUSES)
        )

    best = max(
        worth(c) for n in range(len(towns) + 1) if len(must) + n <= side.stops for c in itertools.combinations(towns, n)
    )
    assert value.revenue == best
    assert len(value.counted) == min(side.stops, len(stops))


@given(walks(), st.sampled_from([("2", "3"), ("3", "4"), ("4", "5"), ("5", "6")]))
def test_a_bigger_train_never_earns_less_on_the_same_route(path: tuple[NodeRef, ...], pair: tuple[str, str]) -> None:
    small, big = (value_route(GRAPH, "t", path, train_sides()[t], BONUSES) for t in pair)
    if not small.problems:
        assert not big.problems and big.revenue >= small.revenue


CITIES = [("U23", "X11", 0), ("L16", "X14", 0), ("G17", "623", 0), ("K19", "63", 0), ("H18", "63", 0)]
PLACES = ["U23:0", "U23:3", "L16", "G17", "K19", "H18"]


def _goods(markers: set[str], trains: list[str]) -> tuple[BoardPosition, int]:
    stations: dict[str, list[list[str]]] = {"U23": [[] for _ in range(6)]}
    for place in markers:
        hex_id, _, index = place.partition(":")
        if hex_id == "U23":
            stations["U23"][int(index)] = ["LNE"]
        else:
            stations[hex_id] = [["LNE"]]
    pos = position("7", CITIES, stations, {"LNE": trains})
    rules = rules_for(pos, "LNE")
    run = best_goods(TrackGraph(pos), "LNE", trains, rules.bonuses)
    verdict = evaluate(pos, "LNE", run)
    assert verdict.legal
    return pos, verdict.revenue


@settings(max_examples=40)
@given(
    st.sets(st.sampled_from(PLACES), max_size=5),
    st.sampled_from(PLACES),
    st.lists(st.sampled_from(["3G", "4G", "5G"]), min_size=1, max_size=3),
)
def test_adding_a_marker_never_lowers_the_g_trains_value(markers: set[str], extra: str, trains: list[str]) -> None:
    """§10.6: the G-trains count cities with the company's markers; one more marker never earns less, and the
    best choice is as good as every choice of cities (checked by brute force)."""
    pos, before = _goods(markers, trains)
    _, after = _goods(markers | {extra}, trains)
    assert after >= before
    graph = TrackGraph(pos)
    cities = sorted(str(r) for r in graph.nodes if "LNE" in pos.markers(r.hex, r.index))
    for assignment in itertools.product(range(len(trains) + 1), repeat=len(cities)):
        picks = [tuple(c for c, a in zip(cities, assignment, strict=True) if a == i + 1) for i in range(len(trains))]
        run = [RouteSpec(t, p) for t, p in zip(trains, picks, strict=True) if p]
        verdict = evaluate(pos, "LNE", run, graph)
        if verdict.legal:
            assert verdict.revenue <= before


HUB = position(
    "5",
    [*LONDON_HARWICH, *line(["U23", "T22", "U21", "U23"])],
    {"U23": [[], ["GER"], ["GER"], [], ["GER"], []]},
    {"GER": ["5", "4"]},
    {"GER": ["F5"]},
)
HUB_BEST = best_run(HUB, "GER")


@settings(max_examples=40)
@given(walks(TrackGraph(HUB)), walks(TrackGraph(HUB)))
def test_no_run_walked_at_random_beats_the_enumerators_optimum(a: tuple[NodeRef, ...], b: tuple[NodeRef, ...]) -> None:
    for run in (
        [RouteSpec("5", tuple(map(str, a)))],
        [RouteSpec("5", tuple(map(str, a))), RouteSpec("4", tuple(map(str, b)))],
    ):
        verdict = evaluate(HUB, "GER", run)
        if verdict.legal:
            assert verdict.revenue <= HUB_BEST.evaluation.revenue
