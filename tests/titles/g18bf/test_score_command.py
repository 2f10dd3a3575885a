"""``python -m solver score`` on 18BF positions (§10.6): a whole run given node by node, G-trains by their marker
cities, judged by 18BF's evaluator; the JSON answer, the text answer, and one bad-input file per error path exiting
2 with a message naming the train, node, company or field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main
from solver.core.board_position import parse_position
from solver.core.evaluator import RouteSpec
from solver.jsonfile import read_json_file
from solver.titles.g18bf.evaluator import evaluate

HERE = Path(__file__).parent
LATE = str(HERE / "data" / "late-lms.json")
ROUTES = str(HERE / "data" / "late-lms.routes.json")
BAD = HERE / "bad_score"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["score", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_a_legal_run_with_a_g_train_is_scored_by_18bfs_evaluator(capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _json(capsys, LATE, "--routes", ROUTES)
    assert code == 0 and answer["legal"] and answer["problems"] == []
    assert (answer["company"], answer["subsidy"]) == ("LMS", 0)
    data = read_json_file(ROUTES, "routes")
    run = [RouteSpec(r["train"], tuple(r["nodes"])) for r in data["routes"]]
    expected = evaluate(parse_position(read_json_file(LATE, "position"), LATE), "LMS", run)
    assert answer["revenue"] == expected.revenue == sum(r["revenue"] for r in answer["routes"])
    trains = {r["train"]: r for r in answer["routes"]}
    assert trains["6G"]["goods"] and not trains["4+4"]["goods"]
    assert "Mine bonus +60" in trains["6G"]["notes"]
    assert {s["note"] for s in trains["6G"]["stops"]} == {"marker city"}
    assert "5+5E doubles the route and its bonuses" in trains["5+5E"]["notes"]


def test_the_run_the_optimizer_proves_best_scores_the_same_revenue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", LATE, "--company", "LMS", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)
    _, answer = _json(capsys, LATE, "--routes", ROUTES)
    assert best["status"] == "optimal" and answer["revenue"] == best["revenue"]


def test_the_text_answer_names_each_stop_and_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", LATE, "--company", "lms", "--routes", ROUTES]) == 0
    out = capsys.readouterr().out
    assert "LMS run, phase 8: legal" in out
    assert "K19:0 city: 30 (marker city)" in out and "Mine bonus +60" in out and "M13:0 town: - (skipped)" in out
    assert out.strip().endswith("Revenue 1430")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("route-not-connected", "error: train 1 (2+2) M17:0-A13:0: no track joins M17:0 to A13:0"),
        ("g-train-city-without-marker", "error: train 1 (6G) U23:0: U23:0 holds no LMS station marker (§10.6)"),
        ("track-shared", "train 1 (2+2) and train 2 (4+4): two trains run over the same track in M17, M19 (§10.6)"),
        ("train-run-twice", "company LMS: 2 route(s) for 2+2 but the company has 1"),
        ("train-not-owned", "company LMS: 1 route(s) for 3+3 but the company has 0"),
        ("company-unknown", "company XYZ: is not in this position; companies: LMS"),
        ("no-company", "company: name the company with --company or in the route file"),
        ("nodes-empty", "routes.0.nodes: List should have at least 1 item"),
        ("field-unknown", "routes.0.halts: Extra inputs are not permitted"),
        ("not-json", "not valid JSON"),
    ],
)
def test_each_bad_route_file_exits_2_with_its_message(
    name: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", LATE, "--routes", str(BAD / f"{name}.json")]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_a_route_file_for_another_company_exits_2_naming_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(BAD / "for-another-company.json")
    assert main(["score", LATE, "--company", "LMS", "--routes", path]) == 2
    assert f"route file {path}: is for GWR, not LMS" in capsys.readouterr().err


def test_an_illegal_run_in_json_lists_each_problem_with_its_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, answer = _json(capsys, LATE, "--routes", str(BAD / "track-shared.json"))
    assert (code, answer["legal"], answer["routes"]) == (2, False, [])
    [problem] = answer["problems"]
    assert problem["where"] == "train 1 (2+2) and train 2 (4+4)" and problem["rule"] == "§10.6"
