"""`review --jobs N` (issue 16 item 3): the same answer as one job, Ctrl-C ends every worker, and the
timeline that `benchmarks.importer --review` prints (its speed is measured there, never here)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from solver.cli import main
from solver.timeline import Span
from solver.titles.g1862.importer import import_game
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.routes.batch import OPTIMIZER, Solved, SolverPool, Task, estimated_cost, task_for
from solver.titles.g1862.routes.model import SolveOptions

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "tests" / "data" / "importer").glob("*.json"))
BANK_END = ROOT / "tests" / "data" / "importer" / "1862_game_end_bank.json"
EXAMPLE = ROOT / "examples" / "position-example.json"


def review_in_a_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m solver review ...` as a user runs it (a fresh process: its pool's server starts from it)."""
    command = [sys.executable, "-m", "solver", "review", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


def without_times(text: str) -> str:
    """The --json answer with each solve's own clock reading blanked: everything else must be equal."""
    return re.sub(r'"solve_seconds": [0-9.e-]+', '"solve_seconds": -', text)


def test_two_jobs_print_the_same_answer_as_one_byte_for_byte_but_the_clock() -> None:
    # the game twice: the second game's positions were all solved for the first (an empty batch for the pool)
    one = review_in_a_process(str(BANK_END), str(BANK_END), "--json", "--quiet", "--jobs", "1")
    two = review_in_a_process(str(BANK_END), str(BANK_END), "--json", "--quiet", "--jobs", "2")
    assert one.returncode == two.returncode == 0
    runs = json.loads(one.stdout)
    assert len(runs) == 88 and all(r["solve_seconds"] == 0 for r in runs[44:])
    assert without_times(two.stdout) == without_times(one.stdout)


class RecordingExecutor:
    """Stands in for the pool's process executor: records what is sent (and when: `sent` is set), answers at once."""

    def __init__(self) -> None:
        self.companies: list[str] = []
        self.sent = threading.Event()

    def submit(self, fn: object, task: Task) -> Future[Solved]:
        self.companies.append(task.company)
        self.sent.set()
        future: Future[Solved] = Future()
        future.set_result(Solved("optimal", 0, (), 0, 0.0, Span("worker", f"solve {task.company}", 0.0, 0.0, 0.0)))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def test_a_batch_of_work_goes_to_the_pool_before_the_next_is_asked_for() -> None:
    # the review sends a game's positions as soon as it has read the game, so the workers solve them while
    # the next game is read (docs/importer.md "Measured"); each batch the most expensive first
    position = load_position(EXAMPLE)
    options = SolveOptions(time_limit=10)
    executor = RecordingExecutor()
    sent_before_the_next: list[bool] = []

    def batches() -> Iterator[dict[str, Task]]:
        yield {"cheap": task_for(position, "N&E", options), "dear": task_for(position, "ENR", options)}
        sent_before_the_next.append(executor.sent.wait(timeout=60))
        yield {"next": task_for(position, "WNR", options)}

    pool = SolverPool(1)
    pool.executor = executor  # type: ignore[assignment]
    with pool:
        solved = pool.solve_all(batches())
    assert sent_before_the_next == [True]
    assert executor.companies == ["ENR", "N&E", "WNR"]  # 4L reaches 4 stations, 5F 2/3E 5 hexes and 3
    assert list(solved) == ["cheap", "dear", "next"]  # in the order given


def session_processes(session: int) -> list[int]:
    """The processes still alive in a session (Linux's /proc; zombies, already ended, are left out)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while being read
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes of a session in /proc")
@pytest.mark.parametrize("to_the_group", [True, False], ids=["ctrl-c", "sigint-to-the-command"])
def test_an_interrupt_ends_the_review_and_every_worker_at_once(to_the_group: bool) -> None:
    # A terminal's Ctrl-C signals the whole foreground group (command, server, workers); `kill -INT` the
    # command alone. Either way the command says "interrupted", exits 130, prints no traceback, and no
    # process it started is left solving.
    command = [sys.executable, "-m", "solver", "review", *map(str, GAMES), "--jobs", "2", "--time-limit", "60"]
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    assert child.stderr is not None
    try:
        seen = b""
        while b"solving position" not in seen:  # a worker has answered: the pool is solving
            chunk = os.read(child.stderr.fileno(), 256)
            assert chunk, "the review ended before its pool solved anything"
            seen += chunk
        assert len(session_processes(child.pid)) >= 3  # the command, the server, the workers
        if to_the_group:
            os.killpg(child.pid, signal.SIGINT)
        else:
            child.send_signal(signal.SIGINT)
        started = time.monotonic()
        err = seen + child.communicate(timeout=30)[1]
        ended_in = time.monotonic() - started
        while session_processes(child.pid) and time.monotonic() - started < 10:
            time.sleep(0.05)
        left = session_processes(child.pid)
    finally:
        if session_processes(child.pid):
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    assert child.returncode == 130
    assert b"interrupted" in err and b"Traceback" not in err
    assert left == []
    assert ended_in < 10  # not after the solves running at the interrupt reach their 60 s limit


def children(pid: int) -> list[int]:
    """The living children of a process (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes of a session in /proc")
def test_a_worker_killed_mid_review_stops_it_with_a_message_and_no_process_left() -> None:
    # A worker killed (by the out-of-memory killer, or a user) must not leave the review waiting for its
    # answer: exit code 5, one line naming --jobs and what happened, no traceback, the other worker ended.
    command = [sys.executable, "-m", "solver", "review", *map(str, GAMES), "--jobs", "2", "--time-limit", "60"]
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    assert child.stderr is not None
    try:
        seen = b""
        while b"solving position" not in seen:
            chunk = os.read(child.stderr.fileno(), 256)
            assert chunk, "the review ended before its pool solved anything"
            seen += chunk
        workers = [w for server in children(child.pid) for w in children(server)]
        assert len(workers) == 2  # forked by the server, the command's child
        os.kill(workers[0], signal.SIGKILL)
        err = seen + child.communicate(timeout=30)[1]
        started = time.monotonic()
        while session_processes(child.pid) and time.monotonic() - started < 10:
            time.sleep(0.05)
        left = session_processes(child.pid)
    finally:
        if session_processes(child.pid):
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    assert child.returncode == 5
    assert b"error: --jobs 2: a worker process ended before its solve did" in err
    assert b"Traceback" not in err
    assert left == []


def test_the_timeline_has_each_phase_the_server_and_every_solve_in_the_workers(tmp_path: Path) -> None:
    timeline = tmp_path / "timeline.json"
    done = review_in_a_process(str(BANK_END), "--quiet", "--json", "--jobs", "2", "--timeline", str(timeline))
    assert done.returncode == 0
    spans = json.loads(timeline.read_text(encoding="utf-8"))["spans"]
    phases = [s["what"] for s in spans if s["process"] == "command"]
    assert phases == [
        "modules imported",
        "game read, its positions sent as work items",
        "recorded runs judged",
        "positions solved in the pool",
        "pool ended",
        "answer written",
    ]
    assert [s["process"] for s in spans].count("server") == 1
    solves = [s for s in spans if s["what"].startswith("solve ")]
    assert len(solves) == 44 and all(s["process"].startswith("worker ") for s in solves)
    assert all(s["cpu"] >= 0 and s["began"] <= s["ended"] for s in spans)
    server = next(s for s in spans if s["process"] == "server")
    assert server["ended"] <= min(s["began"] for s in solves)  # the workers forked from the ready server


def test_a_timeline_in_a_missing_folder_is_refused_before_any_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(BANK_END), "--timeline", "/nonexistent/t.json", "--quiet"]) == 2
    assert "--timeline /nonexistent/t.json: the folder /nonexistent does not exist" in capsys.readouterr().err


def test_the_costliest_positions_are_estimated_so_from_the_reach_of_the_trains() -> None:
    # 46925's runs: the estimate orders the late runs of long trains (ECR 4/5E 8F 9F, the slowest solve)
    # before the first runs of 2F trains on an empty board
    game = import_game(ROOT / "tests" / "data" / "importer" / "46925.json")
    costs = [estimated_cost(run.position, run.company) for run in game.runs]
    trains = [[t.name for t in run.position.companies[run.company].trains] for run in game.runs]
    assert costs[0] < costs[-1]
    ecr_late = max(c for c, t in zip(costs, trains, strict=True) if t == ["4/5E", "8F", "9F"])
    assert all(c < ecr_late for c, t in zip(costs, trains, strict=True) if t == ["2F"])


@pytest.mark.usefixtures("plain_main_module")
def test_the_pools_workers_solve_with_cp_sat_loaded_without_pandas() -> None:
    # the server loads OR-Tools without pandas (half its start's CPU, docs/importer.md "Measured"); the
    # workers it forks hold CP-SAT and the optimizer, never pandas
    loaded = "[m in __import__('sys').modules for m in ('ortools.sat.python.cp_model', {}, 'pandas')]"
    with SolverPool(2) as pool:
        assert pool.executor is not None
        answer = pool.executor.submit(eval, loaded.format(repr(OPTIMIZER))).result(timeout=120)
    assert answer == [True, True, False]
