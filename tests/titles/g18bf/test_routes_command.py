"""``python -m solver routes`` on 18BF positions: the answer in the shape of 1862's and 1860's (the G-trains among
the routes), pins of routes and G-trains, exit codes of docs/optimizer.md, and one message per bad input with exit
code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main
from solver.cli.routes import result_to_dict
from solver.titles.g1862.routes.model import Evaluation, SolveResult

ROOT = Path(__file__).resolve().parents[3]
LATE = str(Path(__file__).parent / "data" / "late-lms.json")
EARLY = str(ROOT / "examples" / "position-18bf-early.json")
BAD = sorted((Path(__file__).parent / "bad").glob("*.json"))


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["routes", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _write(tmp_path: Path, data: Any, name: str = "pin.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_best_run_is_answered_in_the_shape_of_1862s_with_the_g_trains(capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _json(capsys, LATE, "--company", "lms")
    assert code == 0
    assert set(answer) == set(result_to_dict(SolveResult("X", "optimal", (), Evaluation("X", True), 0, 0.0)))
    assert (answer["company"], answer["status"], answer["subsidy"]) == ("LMS", "optimal", 0)
    assert answer["bound"] == answer["revenue"] == sum(r["revenue"] for r in answer["routes"])
    trains = {r["train"]: r for r in answer["routes"]}
    assert set(trains) == {"5+5E", "4+4", "2+2", "6G"}
    assert trains["6G"]["goods"] and not trains["5+5E"]["goods"]
    assert "Mine bonus +60" in trains["6G"]["notes"]
    assert "5+5E doubles the route and its bonuses" in trains["5+5E"]["notes"]
    assert {s["note"] for s in trains["5+5E"]["stops"]} >= {"counted", "skipped"}


def test_the_text_answer_names_each_stop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", EARLY, "--company", "LR"]) == 0
    out = capsys.readouterr().out
    assert "proven optimal" in out and "U23:1 london: 40 (counted)" in out and "Revenue 50" in out


def test_no_legal_run_exits_0_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _json(capsys, EARLY, "--company", "LB")
    assert (code, answer["status"], answer["routes"]) == (0, "infeasible", [])
    assert answer["reason"]


def test_pinned_routes_and_g_trains_are_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pin = {"company": "LMS", "routes": [{"train": "2+2", "nodes": ["M17", "M19"]}, {"train": "6G", "nodes": ["K19"]}]}
    code, answer = _json(capsys, LATE, "--company", "LMS", "--pin", _write(tmp_path, pin))
    assert code == 0 and answer["status"] == "optimal"
    routes = {r["train"]: r["nodes"] for r in answer["routes"]}
    assert routes["2+2"] == ["M17:0", "M19:0"] and routes["6G"] == ["K19:0"]


def test_a_time_limit_before_the_proof_exits_3_or_4(capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _json(capsys, LATE, "--company", "LMS", "--time-limit", "0.001")
    assert (code, answer["status"]) in ((0, "optimal"), (3, "feasible"), (4, "unknown"))
    if code == 4:
        assert answer["routes"] == [] or all(r["goods"] for r in answer["routes"])


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--company", "XYZ"], "company XYZ"),
        (["--company", "LMS", "--exclude", "3+3"], "excluded train 3+3"),
        (["--company", "LMS", "--time-limit", "0"], "--time-limit"),
        (["--company", "LMS", "--time-limit", "nan"], "--time-limit"),
        (["--company", "LMS", "--workers", "0"], "--workers"),
    ],
)
def test_bad_input_exits_2_naming_it(argv: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", LATE, *argv]) == 2
    assert named in capsys.readouterr().err


def test_a_company_without_trains_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(Path(EARLY).read_text(encoding="utf-8"))
    data["companies"]["LR"]["trains"] = []
    assert main(["routes", _write(tmp_path, data, "position.json"), "--company", "LR"]) == 2
    assert "company LR" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("pin", "named"),
    [
        ({"routes": [{"train": "3+3", "nodes": ["M17", "M19"]}]}, "pinned route 1 (3+3)"),
        ({"routes": [{"train": "2+2", "nodes": ["M17", "A13"]}]}, "pinned route 1 (2+2)"),
        ({"routes": [{"train": "6G", "nodes": ["U23:0"]}]}, "pinned route 1 (6G)"),
        ({"routes": [{"train": "2+2", "nodes": []}]}, "nodes"),
        ({"routes": [{"train": "2+2", "nodes": ["M17", "M19"], "halts": 1}]}, "halts"),
        ({"company": "GWR", "routes": []}, "is for GWR"),
        (
            {
                "routes": [
                    {"train": "2+2", "nodes": ["M17", "M19"]},
                    {"train": "4+4", "nodes": ["M17", "M19", "P18", "O19"]},
                ]
            },
            "pinned routes",
        ),
    ],
)
def test_a_bad_pin_file_exits_2_naming_the_route(
    pin: dict[str, Any], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["routes", LATE, "--company", "LMS", "--pin", _write(tmp_path, pin)]) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err


def test_a_pin_file_that_is_not_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pin.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["routes", LATE, "--company", "LMS", "--pin", str(path)]) == 2
    assert "pin.json" in capsys.readouterr().err


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_a_faulty_position_exits_2_naming_the_company_and_train(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    company = next(iter(data["companies"]))
    assert main(["routes", str(path), "--company", company]) == 2
    assert data["name"] in capsys.readouterr().err
