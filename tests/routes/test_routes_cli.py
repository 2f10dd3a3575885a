"""``python -m solver routes``: the best run as a table or JSON with its status and time; pins, exclusions
and the cash objective; bad input gives one clear line per problem and exit code 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from routes.conftest import RULEBOOK
from solver.cli import main

LH = str(RULEBOOK / "lh-multiple-types.json")
WNR = str(RULEBOOK / "west-norfolk.json")
CASH = str(Path(__file__).resolve().parent / "data" / "optimizer" / "cash-vs-revenue.json")


def routes(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["routes", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_table_shows_trains_stops_bonus_subsidy_total_status_and_time(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = routes(capsys, LH, "--company", "L&H")
    assert code == 0
    assert "proven optimal" in out
    assert "Freight bonus" in out
    assert "Local subsidy" in out and "Total to the company" in out
    assert "Solved in" in out


def test_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = routes(capsys, LH, "--company", "L&H", "--json")
    data = json.loads(out)
    assert code == 0
    for key in ("company", "revenue", "subsidy", "status", "bound", "solve_seconds", "routes"):
        assert key in data
    assert data["status"] == "optimal" and data["bound"] == data["revenue"]
    assert data["revenue"] >= 640  # 7.8.4's run earns 640
    for route in data["routes"]:
        assert {"train", "hexes", "stops", "revenue"} <= set(route)
    assert sum(r["revenue"] for r in data["routes"]) == data["revenue"]


def test_cash_objective_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, out_rev, _ = routes(capsys, CASH, "--company", "Y&N", "--json")
    _, out_cash, _ = routes(capsys, CASH, "--company", "Y&N", "--objective", "cash", "--json")
    rev, cash = json.loads(out_rev), json.loads(out_cash)
    assert (rev["revenue"], rev["subsidy"]) == (220, 30)
    assert (cash["revenue"], cash["subsidy"]) == (210, 50)


def test_pin_file_fixes_a_route(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = routes(capsys, LH, "--company", "L&H", "--json")
    best = json.loads(out)
    pinned = best["routes"][0]
    pin = tmp_path / "pin.json"
    pin.write_text(json.dumps({"company": "L&H", "routes": [{"train": pinned["train"], "hexes": pinned["hexes"]}]}))
    code, out, _ = routes(capsys, LH, "--company", "L&H", "--pin", str(pin), "--json")
    data = json.loads(out)
    assert code == 0 and data["revenue"] == best["revenue"]
    assert any(r["hexes"] in (pinned["hexes"], pinned["hexes"][::-1]) for r in data["routes"])


def test_exclude_option_keeps_a_train_from_running(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = routes(capsys, LH, "--company", "L&H", "--exclude", "5F", "--json")
    data = json.loads(out)
    assert code == 0
    assert all(r["train"] != "5F" for r in data["routes"])


def test_short_time_limit_reports_best_found_and_bound(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = routes(capsys, LH, "--company", "L&H", "--time-limit", "0.001", "--json")
    data = json.loads(out)
    assert data["status"] in ("optimal", "feasible", "unknown")
    assert code == {"optimal": 0, "feasible": 3, "unknown": 4}[data["status"]]  # the exit codes say which
    if data["status"] == "feasible":
        assert data["bound"] >= data["revenue"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--company", "XYZ"], "is not in this position"),
        (["--company", "WNR", "--exclude", "9F"], "cannot exclude"),
        (["--company", "WNR", "--time-limit", "0"], "positive"),
    ],
)
def test_bad_input_exits_2_with_a_clear_line(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    code, out, err = routes(capsys, WNR, *args)
    assert code == 2
    assert words in err
    assert "Traceback" not in err + out


def test_company_without_trains_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(Path(WNR).read_text())
    for c in data["companies"]:
        c["trains"] = []
    board = tmp_path / "no-trains.json"
    board.write_text(json.dumps(data))
    code, _, err = routes(capsys, str(board), "--company", "WNR")
    assert code == 2 and "has no trains" in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({"routes": [{"train": "9F", "hexes": ["E2", "F3"]}]}), "no other 9F"),
        (json.dumps({"routes": [{"train": "3F", "hexes": ["E2", "A2"]}]}), "not adjacent"),
        (json.dumps({"company": "ENR", "routes": []}), "is for ENR"),
        (json.dumps({"routes": [{"train": "3F"}]}), "routes.0.hexes"),
    ],
)
def test_bad_pin_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, words: str) -> None:
    pin = tmp_path / "pin.json"
    pin.write_text(content)
    code, out, err = routes(capsys, WNR, "--company", "WNR", "--pin", str(pin))
    assert code == 2
    assert words in err, err
    assert "Traceback" not in err + out


def test_missing_pin_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = routes(capsys, WNR, "--company", "WNR", "--pin", str(tmp_path / "none.json"))
    assert code == 2 and "not found" in err


def test_module_entry_point_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "solver", "routes", WNR, "--company", "WNR", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["company"] == "WNR"
