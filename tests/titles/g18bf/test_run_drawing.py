"""A G-train runs no route (§10.6): the Routes page's map (solver.draw.run_traces, told by the registry's
`unrouted` which trains count cities apart) marks its cities with rings in its colour and joins none of them, while
each route train keeps its line along its track."""

from __future__ import annotations

from pathlib import Path

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition
from solver.core.track_graph import TrackGraph
from solver.draw.palette import train_colour
from solver.draw.run_traces import run_traces
from solver.titles import registry
from solver.titles.g18bf.optimizer import best_run

LATE = Path(__file__).parent / "data" / "late-lms.json"


def test_the_registry_tells_the_g_trains_from_the_route_trains() -> None:
    bf = registry.TITLES["18bf"]
    assert not bf.runs_route("6G") and not bf.runs_route("3G")
    assert bf.runs_route("4+4") and bf.runs_route("5+5E") and bf.runs_route("2")
    assert registry.TITLES["1860"].runs_route("8+4") and registry.TITLES["1862"].runs_route("6")


def test_a_g_train_is_drawn_as_rings_on_its_cities_with_no_line() -> None:
    position = load_any_position(LATE)
    assert isinstance(position, BoardPosition)
    trains = best_run(position, "LMS").evaluation.trains
    title = registry.TITLES["18bf"]
    routes = [(f"{i}: {t.train}", t.nodes) for i, t in enumerate(trains, start=1)]
    unrouted = [i for i, t in enumerate(trains) if not title.runs_route(t.train)]
    [g] = unrouted
    assert trains[g].train == "6G" and len(trains[g].nodes) >= 2
    traces = run_traces(TrackGraph(position), routes, unrouted)
    lines = {t.name for t in traces if t.mode == "lines"}
    assert lines == {label for i, (label, _) in enumerate(routes) if i != g}
    [rings] = [t for t in traces if t.name == routes[g][0]]
    assert rings.mode == "markers" and rings.showlegend
    assert rings.marker.line.color == train_colour(g) and len(rings.x) == len(trains[g].nodes)


def test_without_unrouted_trains_every_train_gets_its_line() -> None:
    position = load_any_position(LATE)
    assert isinstance(position, BoardPosition)
    trains = best_run(position, "LMS").evaluation.trains
    traces = run_traces(TrackGraph(position), [(t.train, t.nodes) for t in trains])
    assert [t.name for t in traces if t.mode == "lines"] == [t.train for t in trains]
