"""What every title's `routes` command shares (cli/routes.py for 1862, cli/core_routes.py for the titles on the core's
protocol): the exit codes of a solve's status and the check of its time limit and worker count."""

from __future__ import annotations

import math

from solver.errors import InputError, Problem

MAX_WORKERS = 64  # CP-SAT refuses absurd worker counts (MODEL_INVALID); no machine this runs on has more cores
EXIT_PROVEN, EXIT_NOT_PROVEN, EXIT_NO_RUN_YET, EXIT_SOLVER_FAILED = 0, 3, 4, 5
EXIT_CODES = {
    "optimal": EXIT_PROVEN,
    "infeasible": EXIT_PROVEN,
    "feasible": EXIT_NOT_PROVEN,
    "unknown": EXIT_NO_RUN_YET,
}
EPILOG = """exit codes: 0 proven optimal, or proven that no legal run exists; 3 time limit or stop: best run found,
not proven optimal; 4 time limit or stop before any run was found; 5 the CP-SAT solver failed; 2 bad input;
130 interrupted (Ctrl-C)"""


def check_limits(time_limit: float, workers: int) -> None:
    """InputError naming the flag for a time limit that is not a finite positive number of seconds, or a
    worker count outside 1-MAX_WORKERS."""
    problems = []
    if not (math.isfinite(time_limit) and time_limit > 0):
        problems.append(
            Problem("--time-limit", "format", f"must be a finite positive number of seconds, not {time_limit}")
        )
    if not 1 <= workers <= MAX_WORKERS:
        problems.append(
            Problem("--workers", "format", f"must be a whole number from 1 to {MAX_WORKERS}, not {workers}")
        )
    if problems:
        raise InputError(problems)
