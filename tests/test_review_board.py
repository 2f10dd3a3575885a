"""The Review page's boards (issue 14: recorded routes were drawn as straight lines between stops, cutting across
hexes). A run is drawn along the track it uses, hex by hex: it crosses from each hex of its route to the next
through the middle of their shared edge, where every track crosses, and never enters a hex off its route.
Checked on recorded runs of game 46925 (tests/data/importer/46925.json)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from solver.draw import geometry as geo
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.draw.review import run_figure
from solver.titles.g1862.draw.routes import ROUTE_TRACE_PREFIX, stop_point
from solver.titles.g1862.importer import ImportedGame, import_game
from solver.titles.g1862.importer.replay import RecordedRun
from solver.titles.g1862.review import evaluate_recorded

GAME_FILE = Path(__file__).resolve().parent / "data" / "importer" / "46925.json"
# ENR's 9F at action 701 runs A10 B9 C8 D7 E6 F5 F3 F1 and stops at small stations off the hex centres, so a
# straight line from stop to stop misses edges it crosses; NGC's 6F at action 549 passes C12 (its small
# station unused) between Newmarket (C10) and London. Both companies run one train, drawn without offset.
BENDING_RUN, RUN_PASSING_A_HEX = 701, 549


@pytest.fixture(scope="module")
def game() -> ImportedGame:
    return import_game(GAME_FILE)


def _run(game: ImportedGame, action_id: int) -> RecordedRun:
    return next(r for r in game.runs if r.action_id == action_id)


def _distance_to_line(point: geo.Point, line: list[geo.Point]) -> float:
    """The shortest distance from `point` to the polyline `line`."""
    best = math.inf
    (px, py) = point
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def _crossings(hexes: tuple[str, ...]) -> list[geo.Point]:
    """The middle of the edge between each two hexes following each other on the route."""
    edges = [(a, hexgrid.edge_towards(a, b)) for a, b in itertools.pairwise(hexes)]
    return [geo.edge_midpoint(a, edge) for a, edge in edges if edge is not None]


def _drawn_routes(run: RecordedRun) -> list[tuple[tuple[str, ...], list[geo.Point]]]:
    """Each train's hexes (by the evaluator) with the line the review's board draws for it."""
    evaluation, routes = evaluate_recorded(run)
    assert evaluation.legal
    fig = run_figure(run.position, run.company, routes, "Recorded run")
    lines = [t for t in fig.data if (t.name or "").startswith(ROUTE_TRACE_PREFIX)]
    assert len(lines) == len(evaluation.trains)
    return [(t.hexes, list(zip(line.x, line.y, strict=True))) for t, line in zip(evaluation.trains, lines, strict=True)]


@pytest.mark.parametrize("action_id", [BENDING_RUN, RUN_PASSING_A_HEX])
def test_a_recorded_run_is_drawn_through_the_middle_of_every_edge_it_crosses(
    game: ImportedGame, action_id: int
) -> None:
    [(hexes, line)] = _drawn_routes(_run(game, action_id))
    crossings = _crossings(hexes)
    assert len(crossings) == len(hexes) - 1
    assert max(_distance_to_line(p, line) for p in crossings) < 1e-6


def test_a_straight_line_between_the_stops_of_the_bending_run_would_miss_its_edges(game: ImportedGame) -> None:
    """The run the test above checks tells the drawings apart: from stop to stop in straight lines, ENR's 9F
    misses an edge it crosses by more than a quarter of a hex."""
    run = _run(game, BENDING_RUN)
    evaluation, _ = evaluate_recorded(run)
    [train] = evaluation.trains
    straight = [p for stop in train.stops if (p := stop_point(stop.node)) is not None]
    assert max(_distance_to_line(p, straight) for p in _crossings(train.hexes)) > 0.25


def test_the_run_passing_a_hex_between_stops_is_drawn_through_it(game: ImportedGame) -> None:
    run = _run(game, RUN_PASSING_A_HEX)
    evaluation, _ = evaluate_recorded(run)
    [train] = evaluation.trains
    stops = [stop.node.split(":")[1] for stop in train.stops]
    assert stops[-2:] == ["C10", "C14"] and train.hexes[-3:] == ("C10", "C12", "C14")  # C12 passed
    [(_, line)] = _drawn_routes(run)
    c12_edges = [
        geo.edge_midpoint("C12", e)
        for e in (hexgrid.edge_towards("C12", "C10"), hexgrid.edge_towards("C12", "C14"))
        if e is not None
    ]
    assert len(c12_edges) == 2
    assert all(any(math.dist(p, q) < 1e-6 for q in line) for p in c12_edges)


@pytest.mark.parametrize("action_id", [BENDING_RUN, RUN_PASSING_A_HEX])
def test_a_drawn_run_never_enters_a_hex_off_its_route(game: ImportedGame, action_id: int) -> None:
    run = _run(game, action_id)
    for hexes, line in _drawn_routes(run):
        for (ax, ay), (bx, by) in itertools.pairwise(line):
            for step in range(11):
                t = step / 10
                where = geo.hex_at(ax + (bx - ax) * t, ay + (by - ay) * t)
                assert where in hexes, (where, hexes)
