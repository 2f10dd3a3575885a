"""``python -m solver score``: a legal run prints each train's stops and exits 0; an illegal run lists every
rule broken and exits 2; input that cannot be judged gives one clear line per problem, exit 2, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from routes.conftest import RULEBOOK
from solver.cli import main
from solver.titles.g1862.routes.routes_file import load_routes, parse_routes, routes_json_schema, routes_to_dict

DATA = Path(__file__).resolve().parent / "data"
WNR = str(RULEBOOK / "west-norfolk.json")


def score(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_run_prints_stops_bonus_subsidy_and_total(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = score(
        capsys, str(RULEBOOK / "lh-multiple-types.json"), "--routes", str(RULEBOOK / "lh-multiple-types.routes.json")
    )
    assert code == 0
    assert "Freight bonus: 4 intervening hexes x 30" in out
    assert "Revenue 640; Local subsidy 40" in out
    assert "small station in E6 Watton" in out


def test_dropped_and_scored_by_another_train_are_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = score(
        capsys, str(RULEBOOK / "enr-table.json"), "--routes", str(RULEBOOK / "enr-table.2e-2-3e.routes.json")
    )
    assert code == 0
    assert "scored by 2E" in out
    code, out, _ = score(
        capsys, str(RULEBOOK / "enr-table.json"), "--routes", str(RULEBOOK / "enr-table.2-3l.routes.json")
    )
    assert "dropped" in out and "Local subsidy 40" in out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = score(
        capsys, str(RULEBOOK / "enr-table.json"), "--routes", str(RULEBOOK / "enr-table.2f-2l.routes.json"), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert {"company", "legal", "revenue", "subsidy", "problems", "routes"} <= set(data)
    assert (data["company"], data["legal"], data["revenue"], data["subsidy"]) == ("ENR", True, 170, 20)
    first = data["routes"][0]
    assert {"train", "hexes", "stops", "revenue"} <= set(first)
    assert first["train"] == "2F" and first["revenue"] == 150 and first["freight_bonus"] == 30
    assert [s["status"] for s in data["routes"][1]["stops"]] == ["scored", "scored by 2F"]


def test_illegal_run_lists_every_rule_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = score(capsys, WNR, "--routes", str(DATA / "wnr-illegal.routes.json"))
    assert code == 2
    assert "(rule 7.8.1)" in err  # the 3F travels four hexes
    assert "(rule 7.8.2)" in err  # a Local into the Wells port
    assert "Traceback" not in err


def test_illegal_run_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = score(capsys, WNR, "--routes", str(DATA / "wnr-illegal.routes.json"), "--json")
    assert code == 2
    data = json.loads(out)
    assert data["legal"] is False
    assert {p["rule"] for p in data["problems"]} >= {"7.8.1", "7.8.2"}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ([WNR, "--routes", str(DATA / "wnr-not-owned.routes.json")], "does not own a 6F"),
        ([WNR, "--routes", str(DATA / "wnr-no-track.routes.json")], "no tile, so no track"),
        ([WNR, "--routes", str(DATA / "no-company.routes.json")], "--company"),
        (
            [WNR, "--routes", str(DATA / "no-company.routes.json"), "--company", "XYZ"],
            "company XYZ: is not in this position",
        ),
        (
            [WNR, "--routes", str(RULEBOOK / "west-norfolk.local-3.routes.json"), "--company", "ENR"],
            "route file is for",
        ),
        ([WNR, "--routes", str(DATA / "bad-routes-not-a-list.routes.json")], "routes routes"),
        ([WNR, "--routes", str(DATA / "bad-routes-unknown-field.routes.json")], "stops"),
        ([WNR, "--routes", str(DATA / "bad-routes-not-json.routes.json")], "not valid JSON"),
        ([WNR, "--routes", str(DATA / "missing.routes.json")], "routes file not found"),
        ([str(DATA / "missing-position.json"), "--routes", str(DATA / "no-company.routes.json")], "not found"),
    ],
)
def test_bad_input_gives_a_clear_error_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, _, err = score(capsys, *args)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err


def test_company_may_come_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = score(capsys, WNR, "--routes", str(DATA / "no-company.routes.json"), "--company", "WNR")
    assert code == 0
    assert "Revenue 110; Local subsidy 40" in out


def test_python_dash_m_solver_score_runs_as_a_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "score", WNR, "--routes", str(DATA / "wnr-not-owned.routes.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")


def test_route_file_schema_in_docs_is_current() -> None:
    schema = json.loads((RULEBOOK.parents[1] / "docs" / "routes-file.schema.json").read_text(encoding="utf-8"))
    assert schema == routes_json_schema()


def test_route_file_round_trips() -> None:
    company, routes = load_routes(RULEBOOK / "lh-multiple-types.routes.json")
    assert company is not None
    assert parse_routes(routes_to_dict(company, routes)) == (company, routes)
