"""``python -m solver routes`` on 1860 positions: the answer in the shape of 1862's, pins, and one message per
bad input with exit code 2; the exit codes of docs/optimizer.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main
from solver.cli.routes import result_to_dict
from solver.core.board_position import position_to_data
from solver.titles.g1862.routes.model import Evaluation, SolveResult

from .boards import hub
from .test_importer import STOCK_MARKET, reviews

ROOT = Path(__file__).resolve().parents[3]
EARLY = str(ROOT / "examples" / "position-1860-early.json")


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["routes", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _write(tmp_path: Path, data: Any, name: str) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_best_run_is_answered_in_the_shape_of_1862s(capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _json(capsys, EARLY, "--company", "c&n")
    assert code == 0
    assert set(answer) == set(result_to_dict(SolveResult("X", "optimal", (), Evaluation("X", True), 0, 0.0)))
    assert answer["status"] == "optimal"
    assert (answer["company"], answer["revenue"], answer["bound"]) == ("C&N", 60, 60)
    assert answer["routes"][0]["nodes"] == ["F2:0", "F2:1", "F2:2", "F4:0", "G5:0"]
    assert [s["note"] for s in answer["routes"][0]["stops"]][:2] == ["scored", "scored"]


def test_the_text_answer_names_each_stop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", EARLY, "--company", "C&N", "--objective", "cash"]) == 0
    out = capsys.readouterr().out
    assert "proven optimal" in out and "F2:1 small: 10 (scored)" in out and "halt subsidy" in out


def test_a_pinned_route_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pin = {"company": "C&N", "routes": [{"train": "2+1", "nodes": ["F2:0", "F2:1"]}]}
    code, answer = _json(capsys, EARLY, "--company", "C&N", "--pin", _write(tmp_path, pin, "pin.json"))
    assert code == 0 and answer["routes"][0]["nodes"] == ["F2:0", "F2:1"] and answer["revenue"] == 30


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--company", "XYZ"], "company XYZ"),
        (["--company", "IWNJ"], "company IWNJ"),
        (["--company", "C&N", "--exclude", "5+3"], "excluded train 5+3"),
        (["--company", "C&N", "--time-limit", "0"], "--time-limit"),
        (["--company", "C&N", "--workers", "0"], "--workers"),
    ],
)
def test_bad_input_exits_2_naming_it(argv: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", EARLY, *argv]) == 2
    assert named in capsys.readouterr().err


@pytest.mark.parametrize(
    ("pin", "named"),
    [
        ({"routes": [{"train": "2+1", "nodes": ["F2:0", "B4"]}]}, "pinned route 1 (2+1)"),
        ({"routes": [{"train": "4+2", "nodes": ["F2:0", "F2:1"]}]}, "pinned route 1 (4+2)"),
        ({"routes": [{"train": "2+1", "nodes": ["F2:0", "F2:1"], "halts": "one"}]}, "halts"),
        ({"company": "IOW", "routes": []}, "is for IOW"),
    ],
)
def test_a_bad_pin_file_exits_2_naming_the_route(
    pin: dict[str, Any], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["routes", EARLY, "--company", "C&N", "--pin", _write(tmp_path, pin, "pin.json")]) == 2
    assert named in capsys.readouterr().err


def test_a_time_limit_before_the_proof_exits_3_or_4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    review = next(r for r in reviews(STOCK_MARKET) if r.run.action_id == 648)
    path = _write(tmp_path, position_to_data(review.run.position), "late.json")
    code, answer = _json(capsys, path, "--company", review.run.company, "--time-limit", "0.05")
    assert (code, answer["status"]) in ((3, "feasible"), (4, "unknown"))


def test_the_same_position_gives_the_same_answer_under_any_hash_seed(tmp_path: Path) -> None:
    """Determinism (docs/search.md): nothing depends on the order of a set, which Python's hash seed changes."""
    path = _write(tmp_path, position_to_data(hub({"S&C": ["3+2", "3+2", "2+1"]})), "hub.json")
    answers = []
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "solver", "routes", path, "--company", "S&C", "--json"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            cwd=ROOT,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
        answers.append((answer["routes"], answer["revenue"], answer["subsidy"]))
    assert answers[0] == answers[1]
