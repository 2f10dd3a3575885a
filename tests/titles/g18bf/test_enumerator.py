"""The exhaustive 18BF enumerator (solver.titles.g18bf.enumerator) against brute force on small stretches of the
real map: every choice of one legal route or none per train judged by the evaluator alone, and every choice of
cities for the G-trains; its answer is the evaluator's, and a time limit stops it."""

from __future__ import annotations

import itertools

import pytest

from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.track_graph import NodeRef, TrackGraph
from solver.titles.g18bf.enumerator import best_run
from solver.titles.g18bf.evaluator import evaluate
from solver.titles.g18bf.trains import train_sides

from .boards import BIRMINGHAM_LOOP_TILES, GLASGOW_TO_MIDDLESBROUGH, SCOTLAND_AND_WALES, london_east, position


def _paths(graph: TrackGraph) -> list[tuple[NodeRef, ...]]:
    """Every sequence of two or more distinct nodes along links, with no pruning at all."""
    out: list[tuple[NodeRef, ...]] = []

    def extend(path: list[NodeRef]) -> None:
        if len(path) > 1:
            out.append(tuple(path))
        for nxt in graph.neighbours(path[-1]):
            if nxt not in path:
                path.append(nxt)
                extend(path)
                path.pop()

    for start in sorted(graph.nodes):
        extend([start])
    return out


def _brute_force(pos: BoardPosition, company: str) -> int:
    """The best revenue over every run of legal single routes (and every choice of G-train cities), each run
    judged by the evaluator."""
    graph = TrackGraph(pos)
    trains = pos.companies[company].trains
    paths = _paths(graph)
    options: list[list[RouteSpec | None]] = []
    for train in trains:
        if train_sides()[train].goods:
            cities = sorted({str(r) for r in graph.nodes if company in pos.markers(r.hex, r.index)})
            picks = [
                RouteSpec(train, combo)
                for n in range(1, train_sides()[train].stops + 1)
                for combo in itertools.combinations(cities, n)
            ]
            options.append([None, *picks])
            continue
        legal = [
            RouteSpec(train, tuple(map(str, p)))
            for p in paths
            if evaluate(pos, company, [RouteSpec(train, tuple(map(str, p)))], graph).legal
        ]
        options.append([None, *legal])
    best = 0
    for choice in itertools.product(*options):
        run = [spec for spec in choice if spec is not None]
        if run:
            verdict = evaluate(pos, company, run, graph)
            if verdict.legal:
                best = max(best, verdict.revenue)
    return best


BOARDS = {
    "london-harwich, a 3 and a 2": (london_east("3", "EC", ["3", "2"], ["F5"]), "EC"),
    "london-harwich, two 2s": (london_east("3", "EC", ["2", "2"]), "EC"),
    "birmingham loop, 3 and 2": (
        position("3", BIRMINGHAM_LOOP_TILES, {"Q15": [["BG"], [], []]}, {"BG": ["3", "2"]}),
        "BG",
    ),
    "scotland and wales with ferries": (
        position(
            "6",
            SCOTLAND_AND_WALES,
            {"D4": [["LMS"]], "D6": [["LMS"], [], []], "U7": [["LMS"]]},
            {"LMS": ["4", "5"]},
            {"LMS": ["F1"]},
        ),
        "LMS",
    ),
    "express and a G-train": (
        position(
            "8",
            GLASGOW_TO_MIDDLESBROUGH,
            {"D6": [[], ["LMS"], []], "G17": [["LMS"]], "H18": [["LMS"]]},
            {"LMS": ["5+5E", "3G"]},
        ),
        "LMS",
    ),
}


@pytest.mark.parametrize("name", BOARDS)
def test_the_enumerator_finds_the_brute_force_optimum(name: str) -> None:
    pos, company = BOARDS[name]
    best = best_run(pos, company)
    assert best.complete and best.evaluation.legal
    assert best.evaluation.revenue == _brute_force(pos, company)
    again = evaluate(pos, company, best.run)
    assert again == best.evaluation


def test_the_best_run_of_the_rulebook_example_is_the_three_train_to_harwich() -> None:
    """R3c's position with a 3-train and a 2-train: the 3-train London(E)-Colchester-Harwich (120 with F5 and
    P7); the 2-train cannot run out of London(E) too (one exit, §5) and has no other marker."""
    pos = london_east("3", "EC", ["3", "2"], ["F5", "P7"])
    best = best_run(pos, "EC")
    assert best.evaluation.revenue == 120
    assert [spec.train for spec in best.run] == ["3"]


def test_a_time_limit_stops_the_search() -> None:
    pos, company = BOARDS["express and a G-train"]
    best = best_run(pos, company, time_limit=0.0)
    assert not best.complete
    assert best.evaluation.legal
