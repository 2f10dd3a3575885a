"""18BF's work leaves nothing for the cyclic garbage collector (`cycles.cycle_garbage`): a recursive nested
function called itself through its closure's cell, a reference cycle that kept all it reached alive until the
collector ran; solves pause the collector (solver/core/gc_pause.py), so that cycle was collected inside a later
solve (docs/architecture.md). Checked on the late board: the core's listing (to the end and stopped midway: on
1860's time-limit board a 0.3 s solve took 0.40-0.50 s of thread CPU, the last 0.1 s that collection), the core
evaluator's tracing and overlap search with 18BF's choice of counted stops, the enumerator's paths (listed to the
end and left midway), and whole solves by each method (the quick first run, the pinned routes of the path model and
OR-Tools' model)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from cycles import cycle_garbage

from solver.core.board_position import read_position
from solver.core.search.candidates import ListingStopped, TrackBits, Weights, list_candidates
from solver.core.track_graph import TrackGraph
from solver.titles.g18bf.enumerator import simple_paths
from solver.titles.g18bf.evaluator import evaluate, rules_for
from solver.titles.g18bf.optimizer import Method, best_run
from solver.titles.g18bf.route_walk import Walk18BF
from solver.titles.g18bf.trains import train_sides

LATE = read_position(Path(__file__).parent / "data" / "late-lms.json")


def _listing(stop_after: int | None) -> None:
    graph = TrackGraph(LATE)
    trains = [t for t in LATE.companies["LMS"].trains if not train_sides()[t].goods]
    walk = Walk18BF(rules_for(LATE, "LMS"), graph, trains)
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
def test_the_listing_leaves_no_reference_cycle(stop_after: int | None) -> None:
    assert cycle_garbage(lambda: _listing(stop_after)) == []


@pytest.mark.parametrize("method", ["listed", "paths"])
def test_a_solve_leaves_no_reference_cycle(method: Method) -> None:
    """The quick first run (incumbent.searched_run), the path model's pinned routes (`pinned_candidates`) and its
    OR-Tools model (solver/core/cp_sat_model.py), and the answer re-checked by the evaluator."""
    found = []
    assert cycle_garbage(lambda: found.append(best_run(LATE, "LMS", time_limit=60, method=method))) == []
    assert found[0].status == "optimal"


def test_the_evaluation_of_a_run_leaves_no_reference_cycle() -> None:
    """The core evaluator's tracing (`_ways`) and overlap search (`_first_without_overlap`), and the counted stops
    (`scoring.best_stops`) of the best run's routes."""
    run = best_run(LATE, "LMS", time_limit=60).routes
    found = []
    assert cycle_garbage(lambda: found.append(evaluate(LATE, "LMS", run))) == []
    assert found[0].legal and len(run) > 1


@pytest.mark.parametrize("paths", [None, 5], ids=["to the end", "left midway"])
def test_the_enumerators_paths_leave_no_reference_cycle(paths: int | None) -> None:
    graph = TrackGraph(LATE)
    rules = rules_for(LATE, "LMS")
    assert cycle_garbage(lambda: list(itertools.islice(simple_paths(graph, rules, 4), paths))) == []
