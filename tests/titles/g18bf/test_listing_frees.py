"""The core's listing (`list_candidates`) leaves nothing for the cyclic garbage collector: its recursive walk
called itself through its closure's cell, a reference cycle that kept every route found (and, after a stop, the
whole walk) alive until the collector ran. Solves pause the collector (solver/core/gc_pause.py), so that cycle was
collected after the solve, at the first allocation once the collector was enabled again: on 1860's board of the
time-limit test a 0.3 s solve took 0.40-0.50 s of thread CPU, the last 0.1 s that collection. Checked on 18BF's
late board, listed to the end and stopped midway."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.core.board_position import read_position
from solver.core.search.candidates import ListingStopped, TrackBits, Weights, list_candidates
from solver.core.track_graph import TrackGraph
from solver.titles.g18bf.evaluator import rules_for
from solver.titles.g18bf.route_walk import Walk18BF
from solver.titles.g18bf.trains import train_sides

LATE = Path(__file__).parent / "data" / "late-lms.json"


@pytest.fixture
def collector_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _listing(stop_after: int | None) -> None:
    position = read_position(LATE)
    graph = TrackGraph(position)
    trains = [t for t in position.companies["LMS"].trains if not train_sides()[t].goods]
    walk = Walk18BF(rules_for(position, "LMS"), graph, trains)
    checks = 0

    def should_stop() -> bool:
        nonlocal checks
        checks += 1
        return stop_after is not None and checks > stop_after

    try:
        listing = list_candidates(graph, walk, trains, Weights("revenue"), TrackBits(), should_stop)
    except ListingStopped:
        return
    assert listing.candidates and stop_after is None


@pytest.mark.parametrize("stop_after", [None, 3], ids=["to the end", "stopped"])
def test_the_listing_leaves_no_reference_cycle(collector_paused: None, stop_after: int | None) -> None:
    _listing(stop_after)
    assert gc.collect() == 0
