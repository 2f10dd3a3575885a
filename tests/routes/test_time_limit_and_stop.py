"""The time limit and the stop event hold while routes and Freight chains are listed, not only while CP-SAT
searches; the command line refuses limits it cannot honour, tells a solver failure from "no run found",
and keeps Python's Ctrl-C handler after a CP-SAT solve.

Positions: `three-9F.json` (phase H, ECR with three permanent 9F trains: before chains were listed on
demand, listing them took 12-16 s) and `nine-trains.json` (ECR with six 9F, two 6E and a 6L), both from
the project's reference positions."""

from __future__ import annotations

import contextlib
import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from stop_checks import StopAtCheck

from solver.cli import build_parser, main
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.routes.model import SolveOptions
from solver.titles.g1862.routes.optimizer import LISTING_STOPPED, SEARCH_STOPPED, SolverFailure, optimize

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
THREE_9F = POSITIONS / "three-9F.json"
NINE_TRAINS = POSITIONS / "nine-trains.json"
ROOT = Path(__file__).resolve().parents[2]
# The limit and the stop event are checked against the wall clock, so on a busy machine the work gets less CPU
# before they end it, never more: the CPU time of the thread that runs the command (CP-SAT's one worker runs
# in it) is bounded by the limit plus the work after it (re-checking the run), whatever the load. The wall
# time is not asserted (it grows with the load; measured figures: docs/reliability.md). Before the fix the
# listing ignored both for 12-350 s of CPU.
MARGIN = 0.5


def test_cli_time_limit_1_on_three_9f_works_under_1_5_s() -> None:
    """Issue 13: `routes --time-limit 1` on the three-9F board took 12-14 s and said "no run found". The
    command's own work, after the modules are imported (Python's start-up and imports take 0.4-0.9 s of CPU),
    takes less than 1.5 s of CPU."""
    build_parser(["routes"])  # imports the routes command's modules, as the process does before it runs it
    out = io.StringIO()
    started = time.thread_time()
    with contextlib.redirect_stdout(out):
        code = main(["routes", str(THREE_9F), "--company", "ECR", "--time-limit", "1", "--json"])
    cpu = time.thread_time() - started
    data = json.loads(out.getvalue())
    assert cpu < 1.5, cpu
    # a run (proven or not), or on a machine too busy to list the routes in time a status that says so
    assert code == {"optimal": 0, "feasible": 3, "unknown": 4}[data["status"]]
    if data["status"] == "unknown":
        assert data["reason"] in (LISTING_STOPPED, SEARCH_STOPPED)
    else:
        assert data["routes"] and data["revenue"] > 0


def test_three_9f_is_proven_without_listing_every_chain() -> None:
    """The board's best run is its three 9F trains running alone (1310); no chain can reach it, so none is
    listed (docs/optimizer.md)."""
    position = load_position(THREE_9F)
    result = optimize(position, "ECR")
    assert result.status == "optimal"
    assert result.revenue == 1310
    assert len(result.routes) == 3


@pytest.mark.parametrize("limit", [0.5, 1.0])
def test_time_limit_holds_while_listing_nine_trains(limit: float) -> None:
    """Issue 13: a position with nine trains and a 60 s limit ran about 350 s, listing chains. The answer now
    comes at the limit: a run (not proven) or the status that says listing was cut short; the CPU used is
    within the limit and a margin for the work after it."""
    position = load_position(NINE_TRAINS)
    started = time.thread_time()
    result = optimize(position, "ECR", SolveOptions(time_limit=limit))
    cpu = time.thread_time() - started
    assert cpu < limit + MARGIN, cpu
    assert result.status in ("feasible", "unknown")
    if result.status == "unknown":
        assert result.reason == LISTING_STOPPED
    else:
        assert result.evaluation.legal and result.bound is not None and result.bound >= result.revenue


@pytest.mark.parametrize("at", [1, 20])
def test_stop_event_ends_the_listing_at_its_next_check(at: int) -> None:
    """Stop pressed while the routes are listed (the stop event is set by the listing's own `at`-th check of
    it; the nine-train listing checks it hundreds of times): the listing ends at the first check after that,
    nothing more is listed or searched, and the answer says the listing was stopped."""
    position = load_position(NINE_TRAINS)
    stop = StopAtCheck(at)
    result = optimize(position, "ECR", SolveOptions(time_limit=600), stop=stop)
    assert stop.pressed and stop.checks_after_stop == 1, (stop.checks, stop.checks_after_stop)
    assert result.status == "unknown" and result.reason == LISTING_STOPPED


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["--time-limit", "nan"], "--time-limit"),
        (["--time-limit", "inf"], "--time-limit"),
        (["--time-limit", "-1"], "--time-limit"),
        (["--workers", "1000000"], "--workers"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_cli_refuses_limits_it_cannot_honour(capsys: pytest.CaptureFixture[str], args: list[str], flag: str) -> None:
    """Issue 13: `--workers 1000000` gave MODEL_INVALID reported as "no run found" with exit 0, and
    `--time-limit nan` was accepted."""
    code = main(["routes", str(THREE_9F), "--company", "ECR", *args])
    out, err = capsys.readouterr()
    assert code == 2
    assert flag in err
    assert "Traceback" not in out + err


def test_a_solver_failure_is_never_no_run_found() -> None:
    """CP-SAT refuses a model with a million workers (MODEL_INVALID): the optimizer raises instead of
    answering "unknown"."""
    position = load_position(ROOT / "examples" / "rulebook" / "west-norfolk.json")
    with pytest.raises(SolverFailure, match="CP-SAT"):
        optimize(position, "WNR", SolveOptions(workers=10**6))


def test_cli_reports_a_solver_failure_with_exit_5(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import solver.cli.routes as routes_cli

    def failing(*_: object, **__: object) -> None:
        raise SolverFailure("CP-SAT refused the model: MODEL_INVALID")

    monkeypatch.setattr(routes_cli, "optimize", failing)
    code = main(["routes", str(THREE_9F), "--company", "ECR"])
    out, err = capsys.readouterr()
    assert code == 5
    assert "solver failed" in err and "MODEL_INVALID" in err
    assert "no run found" not in out + err


CTRL_C_AFTER_A_SOLVE = """
import sys, time
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.routes.optimizer import optimize
optimize(load_position(sys.argv[1]), "WNR")
try:
    print("solved", flush=True)
    time.sleep(30)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
"""


def test_ctrl_c_after_a_solve_reaches_python() -> None:
    """Issue 13: OR-Tools replaced the SIGINT handler during a solve and kept it, so a later Ctrl-C killed
    the process without cleanup or message."""
    child = subprocess.Popen(
        [sys.executable, "-c", CTRL_C_AFTER_A_SOLVE, str(ROOT / "examples" / "rulebook" / "west-norfolk.json")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "solved"
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=10)
    finally:
        child.kill()
    assert child.returncode == 130
    assert "interrupted" in out
