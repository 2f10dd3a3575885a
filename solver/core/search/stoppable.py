"""A CP-SAT solve that a stop event can end (the app's Stop button, a command's Ctrl-C handled elsewhere).

A module of its own, holding nothing but OR-Tools' `cp_model`: a title's own optimizer uses it without the core
run search's model, whose imports (the core evaluator, the board files and their schemas) a process that only
runs that optimizer does not need (a pool's server loads it before its workers can start, docs/importer.md).
"""

from __future__ import annotations

import threading

from ortools.sat.python import cp_model


def solve_stoppable(
    cp_solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    watcher: cp_model.CpSolverSolutionCallback,
    stop: threading.Event | None,
) -> cp_model.CpSolverStatus:
    """`cp_solver.solve(model, watcher)` with the stop event (a `threading.Event` or None) checked every 50 ms: when it
    is set the search ends at once with what it has. The status code."""
    done = threading.Event()
    thread = None
    if stop is not None:

        def watch() -> None:
            while not done.wait(0.05):
                if stop.is_set():
                    cp_solver.stop_search()
                    return

        thread = threading.Thread(target=watch, daemon=True)
        thread.start()
    try:
        return cp_solver.solve(model, watcher)
    finally:
        done.set()
        if thread is not None:
            thread.join()
