"""What every title's `routes` command shares (cli/routes.py for 1862, cli/core_routes.py for the titles on the core's
protocol): the exit codes of a solve's status, the check of its time limit and worker count, Ctrl-C as the search's
stop, and the status line that says what ended the search. The money previews that search (18BF's `market
dividend|loans --best-run` and `market trains`, 1860's `market nationalise|insolvency`) take Ctrl-C as their stop the
same way (`ctrl_c_stops`, `stopped_by_ctrl_c`)."""

from __future__ import annotations

import math
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from solver.core.run_report import TIMED, proof_status
from solver.errors import InputError, Problem

MAX_WORKERS = 64  # CP-SAT refuses absurd worker counts (MODEL_INVALID); no machine this runs on has more cores
EXIT_PROVEN, EXIT_NOT_PROVEN, EXIT_NO_RUN_YET, EXIT_SOLVER_FAILED = 0, 3, 4, 5
EXIT_CODES = {
    "optimal": EXIT_PROVEN,
    "infeasible": EXIT_PROVEN,
    "feasible": EXIT_NOT_PROVEN,
    "unknown": EXIT_NO_RUN_YET,
}
EPILOG = """Ctrl-C during the search stops it: the best run found so far is printed, as at the time limit.

exit codes: 0 proven optimal, or proven that no legal run exists; 3 time limit or Ctrl-C: best run found,
not proven optimal; 4 time limit or Ctrl-C before any run was found; 5 the CP-SAT solver failed; 2 bad input;
130 interrupted (Ctrl-C before the search began)"""
#: What the status line names as the stop when Ctrl-C ended the search.
CTRL_C = "Ctrl-C"


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


def check_preview_time_limit(seconds: float) -> None:
    """InputError naming `--time-limit` of a money preview's searches (seconds for each best run) that is not a finite
    number from 0 (0: no search, the preview says no run was found): `nan` passed every comparison and `-1` was
    taken as no time at all."""
    if not (math.isfinite(seconds) and seconds >= 0):
        raise InputError(
            [Problem("--time-limit", "format", f"must be a finite number of seconds from 0, not {seconds:g}")]
        )


@contextmanager
def ctrl_c_stops() -> Iterator[threading.Event]:
    """A stop event for the search run in the block, set by Ctrl-C: the search ends at once with what it has and the
    command prints it (docs/optimizer.md, "Time limit and Ctrl-C"). While CP-SAT searches, the main thread is in
    the solver's C++ code and Python runs no signal handler until it returns (at the time limit), so the signal is
    also read from Python's wakeup file descriptor by a thread that sets the event at once; CP-SAT's own watcher
    (the core's `solve_stoppable`) then ends the search within 50 ms. Outside the main thread (where no signal
    arrives) the event is only returned. The previous handler and wakeup descriptor are restored after the block."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    def read() -> None:
        while (byte := reader.recv(1)) and byte[0] != 0:
            if byte[0] == signal.SIGINT:
                stop.set()

    handler = signal.signal(signal.SIGINT, on_signal)
    wakeup = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    watcher = threading.Thread(target=read, name="ctrl-c watcher", daemon=True)
    watcher.start()
    try:
        yield stop
    finally:
        signal.set_wakeup_fd(wakeup)
        signal.signal(signal.SIGINT, handler)
        writer.send(b"\0")  # ends the watcher
        watcher.join()
        reader.close()
        writer.close()


def status_line(status: str, seconds: float, bound: int | None, reason: str, stop: threading.Event) -> str:
    """The answer's proof status, naming what ended a search not proven: Ctrl-C when `stop` is set, else the time
    limit."""
    stopped = stop.is_set()
    return proof_status(status, seconds, bound, reason, stopped, CTRL_C if stopped else "")


def stopped_by_ctrl_c(stop: threading.Event, as_json: bool) -> dict[str, str]:
    """For a command whose answer holds searches (a money preview's best runs): when Ctrl-C ended them, say so (a line
    on stderr; with `--json` the answer's `stopped_by` field, returned here to add to it), so an answer not proven
    names what ended it as the routes command's status line does. Nothing when Ctrl-C was not pressed."""
    if not stop.is_set():
        return {}
    if not as_json:
        print(f"stopped by {CTRL_C}: each run not proven above is the best found before it", file=sys.stderr)
    return {"stopped_by": CTRL_C}


def solved_line(status: str, seconds: float) -> str | None:
    """`Solved in N s`, the answer's last line, or None when its status already gives the time (never twice)."""
    return None if status in TIMED else f"Solved in {seconds:.2f} s"
