"""The `routes` command's status line for every title (docs/optimizer.md, "Time limit and Ctrl-C"): Ctrl-C during the
search stops it and the answer says Ctrl-C ended it, never the time limit; only a search its time limit ended speaks
of the time limit; and an answer whose status already gives the time ("stopped after N s", "best found in N s")
does not print it again as "Solved in N s".

The searches here are stand-ins for each title's optimizer that answer as a search ended early does (status, bound,
reason and time); the last test ends a real CP-SAT search on a dense 1860 board with SIGINT."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from benchmarks.run_1860 import FOUR_TRAINS, GAMES, dense_board
from solver.cli import main
from solver.core.board_position import position_to_data
from solver.core.evaluator import Evaluation as CoreEvaluation
from solver.core.search.run_search import SEARCH_STOPPED, SearchResult
from solver.titles.g1860.importer import import_game
from solver.titles.g1862.routes.model import Evaluation, SolveResult

ROOT = Path(__file__).resolve().parents[1]
#: (title, module whose search is replaced, its name there, position, company)
TITLES = [
    ("1862", "solver.cli.routes", "optimize", ROOT / "examples" / "rulebook" / "west-norfolk.json", "WNR"),
    ("1860", "solver.cli.routes_1860", "best_run", ROOT / "examples" / "position-1860-early.json", "C&N"),
    ("18BF", "solver.cli.routes_18bf", "best_run", ROOT / "examples" / "position-18bf-early.json", "LR"),
]
SECONDS, BOUND = 1.25, 870


def _answer(title: str, company: str, status: str) -> SolveResult | SearchResult:
    """An answer not proven, as the title's search gives it after 1.25 s: no routes, bound 870."""
    if title == "1862":
        return SolveResult(company, status, (), Evaluation(company, True), BOUND, SECONDS, SEARCH_STOPPED)  # type: ignore[arg-type]
    return SearchResult(status, (), CoreEvaluation(company, True), BOUND, SECONDS, SEARCH_STOPPED)  # type: ignore[arg-type]


def _search(title: str, company: str, status: str, ctrl_c: bool) -> Callable[..., Any]:
    """A stand-in search: with `ctrl_c`, the user presses Ctrl-C while it runs and it ends when its stop event is
    set (within 5 s); otherwise its time limit ends it."""

    def search(*args: Any, stop: threading.Event | None = None, **kwargs: Any) -> Any:
        if ctrl_c:
            os.kill(os.getpid(), signal.SIGINT)
            assert stop is not None and stop.wait(5), "Ctrl-C did not stop the search"
        return _answer(title, company, status)

    return search


Routes = Callable[[str, bool], tuple[int, str]]


@pytest.fixture(params=TITLES, ids=[t[0] for t in TITLES])
def routes(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Routes:
    """The routes command on each title's position, its search answering with a status, with or without a press of
    Ctrl-C: the exit code and everything printed."""
    title, module, name, path, company = request.param

    def run(status: str, ctrl_c: bool) -> tuple[int, str]:
        monkeypatch.setattr(f"{module}.{name}", _search(title, company, status, ctrl_c))
        code = main(["routes", str(path), "--company", company, "--time-limit", "60"])
        out, err = capsys.readouterr()
        return code, out + err

    return run


def test_ctrl_c_before_any_run_says_ctrl_c_ended_the_search_not_the_time_limit(routes: Routes) -> None:
    code, text = routes("unknown", True)
    assert code == 4, text
    assert "best run, phase" in text and "stopped by Ctrl-C after 1.2 s: no run found yet" in text, text
    assert "time limit" not in text and "interrupted" not in text, text


def test_ctrl_c_after_a_run_says_ctrl_c_and_gives_the_time_once(routes: Routes) -> None:
    code, text = routes("feasible", True)
    assert code == 3, text
    assert f"stopped by Ctrl-C after 1.2 s: best run so far, bound {BOUND}" in text, text
    assert "Solved in" not in text, text


@pytest.mark.parametrize(
    ("status", "words"),
    [
        ("unknown", "after 1.2 s: the time limit came before any run was found"),
        ("feasible", f"best found in 1.2 s, bound {BOUND}"),
    ],
)
def test_a_search_the_time_limit_ended_says_so_and_gives_the_time_once(routes: Routes, status: str, words: str) -> None:
    code, text = routes(status, False)
    assert code == {"unknown": 4, "feasible": 3}[status], text
    assert words in text and "Ctrl-C" not in text, text
    assert "Solved in" not in text, text


def test_ctrl_c_leaves_the_previous_handler_in_place(routes: Routes) -> None:
    before = signal.getsignal(signal.SIGINT)
    routes("unknown", True)
    assert signal.getsignal(signal.SIGINT) is before
    assert signal.set_wakeup_fd(-1) == -1  # no wakeup descriptor left behind


#: The child: the command on a dense 1860 board with a 60 s limit, Ctrl-C pressed 1.5 s into the search.
CTRL_C_DURING_A_SEARCH = """
import os, signal, sys, threading
import solver.cli.routes_1860 as command
from solver.cli import main

search = command.best_run

def pressed_during_the_search(*args, **kwargs):
    threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    return search(*args, **kwargs)

command.best_run = pressed_during_the_search
sys.exit(main(["routes", sys.argv[1], "--company", "IWNJ", "--time-limit", "60"]))
"""


def test_ctrl_c_ends_a_real_cp_sat_search_at_once_with_its_best_run(tmp_path: Path) -> None:
    """Before the fix Ctrl-C ended the command with no answer when it came while routes were listed (exit 130), and did
    nothing while CP-SAT searched (Python runs no signal handler until the solver's C++ code returns): the command
    ran to its limit and then said "best found in N s", the time limit's words. IWNJ's dense board of game 19354's
    last board (rulebook mode, 9+5 9+5 8+4 7+4) takes more than 10 s of CPU to prove."""
    board = dense_board(import_game(GAMES[0])[-1].position, "IWNJ", "rulebook", FOUR_TRAINS[0])
    dense = tmp_path / "dense-iwnj.json"
    dense.write_text(json.dumps(position_to_data(board)))
    started = time.perf_counter()
    child = subprocess.run(
        [sys.executable, "-c", CTRL_C_DURING_A_SEARCH, str(dense)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    seconds = time.perf_counter() - started
    assert child.returncode in (0, 3, 4), child.stderr
    stopped = child.stdout.splitlines()[0]
    assert stopped.startswith("IWNJ best run") and ("stopped by Ctrl-C after" in stopped or "proven optimal" in stopped)
    assert "time limit" not in child.stdout and seconds < 40, (seconds, child.stdout)
