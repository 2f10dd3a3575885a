"""Ctrl-C in every command that searches, for every title, and while `python -m solver` starts and ends: each test
sends a real SIGINT to a real child process at a chosen moment (a module being imported, a search beginning, the
interpreter shutting down), so the moment does not depend on the machine's speed.

- A money preview that searches (18BF's `market trains` and `dividend|loans --best-run`, 1860's `market
  nationalise|insolvency`) takes Ctrl-C as its Stop, as the routes commands do (cli/solving.py): the searches end with
  what they found, the answer says Ctrl-C ended them, and the exit code is the not-proven one, not 130. Before, the
  KeyboardInterrupt ended the command with `interrupted` and no answer.
- During start-up (while `solver.cli` or the command's module loads) and at shut-down the command exits 130 with the
  one line `interrupted`, never a traceback (docs/reliability.md, "Ctrl-C")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

#: The child: Ctrl-C pressed as the first search of the command begins (argv[1] is the module whose `best_run` the
#: money previews call; the handler of Ctrl-C runs before the search's first check).
CTRL_C_AS_THE_SEARCH_BEGINS = """
import importlib, os, signal, sys
module = importlib.import_module(sys.argv[1])
search = module.best_run

def pressed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)
    return search(*args, **kwargs)

module.best_run = pressed
from solver.cli import main
sys.exit(main(sys.argv[2:]))
"""
G18BF, G1860 = "solver.titles.g18bf.optimizer", "solver.titles.g1860.optimizer"


def _child(code: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("module", "argv", "exit_code"),
    [
        (G18BF, ["market", "trains", "examples/position-18bf-trains.json", "--company", "NER", "--train", "5"], 3),
        (G18BF, ["market", "dividend", "--position", "examples/position-18bf-trains.json", "--company", "NER",
                 "--best-run"], 4),
        (G18BF, ["market", "loans", "examples/position-18bf-trains.json", "--company", "NER", "--best-run"], 4),
        (G1860, ["market", "nationalise", "examples/position-1860-nationalisation.json"], 0),
        (G1860, ["market", "insolvency", "examples/position-1860-insolvent.json", "--company", "C&N"], 0),
    ],
    ids=["18bf-trains", "18bf-dividend-best-run", "18bf-loans-best-run", "1860-nationalise", "1860-insolvency"],
)  # fmt: skip
def test_ctrl_c_stops_a_money_preview_search_and_the_answer_says_so(
    module: str, argv: list[str], exit_code: int
) -> None:
    text = _child(CTRL_C_AS_THE_SEARCH_BEGINS, module, *argv)
    assert text.returncode == exit_code, (text.returncode, text.stdout, text.stderr)
    assert "Traceback" not in text.stderr and "interrupted" not in text.stderr, text.stderr
    assert "stopped by Ctrl-C" in text.stderr, text.stderr
    as_json = _child(CTRL_C_AS_THE_SEARCH_BEGINS, module, *argv, "--json")
    assert as_json.returncode == exit_code, as_json.stderr
    assert json.loads(as_json.stdout)["stopped_by"] == "Ctrl-C"


def test_a_run_ctrl_c_stopped_is_not_said_to_be_ended_by_the_time_limit() -> None:
    """18BF's train decision: every run is marked stopped, none "best found" as if the time limit had come."""
    argv = ["market", "trains", "examples/position-18bf-trains.json", "--company", "NER", "--train", "5", "--json"]
    out = json.loads(_child(CTRL_C_AS_THE_SEARCH_BEGINS, G18BF, *argv).stdout)
    runs = [out["current"], *(o["run"] for o in out["options"])]
    assert all(not r["proven"] and r["status_text"].startswith("stopped after") for r in runs), runs


#: The child: `python -m solver ARGS` (as runpy runs it) with Ctrl-C pressed as the module argv[1] is imported.
CTRL_C_WHILE_IMPORTING = """
import importlib.abc, os, runpy, signal, sys
target = sys.argv[1]

class PressWhenImported(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target_module=None):
        if name == target:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, PressWhenImported())
sys.argv = ["solver", *sys.argv[2:]]
runpy.run_module("solver", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    ("module", "argv"),
    [
        ("solver.cli", ["validate", "examples/position-example.json"]),
        ("solver.cli.validate", ["validate", "examples/position-example.json"]),
        ("ortools.sat.python.cp_model", ["routes", "examples/position-example.json", "--company", "ECR"]),
    ],
    ids=["entry-point", "command-module", "or-tools"],
)
def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback(module: str, argv: list[str]) -> None:
    child = _child(CTRL_C_WHILE_IMPORTING, module, *argv)
    assert child.returncode == 130, (child.returncode, child.stderr)
    assert child.stderr == "interrupted\n" and child.stdout == ""


#: The child: the command runs to its end, then Ctrl-C is pressed while the interpreter shuts down.
CTRL_C_AT_SHUT_DOWN = """
import atexit, os, runpy, signal, sys, time

def pressed():
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)

atexit.register(pressed)
sys.argv = ["solver", *sys.argv[1:]]
runpy.run_module("solver", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_while_the_interpreter_shuts_down_keeps_the_answer_and_exits_130() -> None:
    child = _child(CTRL_C_AT_SHUT_DOWN, "validate", "examples/position-example.json")
    assert child.returncode == 130, child.stderr
    assert "Traceback" not in child.stderr and child.stdout.strip(), (child.stdout, child.stderr)
