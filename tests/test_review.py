"""The review (issue 6): recorded, evaluated and optimal revenue per run; the CLI's table, JSON and batch table."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import polars as pl
import pytest

from solver.cli import main
from solver.importer import import_game
from solver.importer.replay import ImportedGame
from solver.review import COLUMNS, RunReview, review_game, review_table
from solver.routes.model import SolveOptions

GAME_FILE = Path(__file__).resolve().parent / "data" / "importer" / "46925.json"
JSON_KEYS = {
    "action_id",
    "round",
    "company",
    "recorded_revenue",
    "evaluated_revenue",
    "optimal_revenue",
    "status",
    "solve_seconds",
}


@cache
def early_game() -> ImportedGame:
    """The first operating rounds of game 46925 (small boards, solved in well under a second each)."""
    game = import_game(GAME_FILE)
    return dataclasses.replace(game, runs=game.runs[:12])


@cache
def early_reviews() -> tuple[RunReview, ...]:
    return tuple(review_game(early_game(), SolveOptions(time_limit=10)))


def test_optimum_is_proven_and_never_below_a_legal_recorded_run() -> None:
    for review in early_reviews():
        assert review.status == "optimal"
        assert review.optimal_revenue is not None
        if review.evaluated_revenue is not None:
            assert review.optimal_revenue >= review.evaluated_revenue


def test_port_to_port_chains_are_flagged_illegal_with_the_reason() -> None:
    flagged = {r.action_id: r for r in early_reviews() if r.difference == "illegal"}
    assert set(flagged) == {120, 136, 151, 167}
    assert all("from a port to a port" in r.reason and r.evaluated_revenue is None for r in flagged.values())


def test_money_left_on_the_table_is_optimal_minus_recorded() -> None:
    wvr = next(r for r in early_reviews() if r.action_id == 145)
    assert wvr.left_on_table == wvr.optimal_revenue - wvr.recorded_revenue  # type: ignore[operator]


def test_table_has_one_row_per_run_and_the_documented_columns() -> None:
    table = review_table(early_reviews())
    assert table.height == 12
    assert set(COLUMNS) <= set(table.columns)
    assert table.filter(pl.col("difference") == "match").height == 7


def test_cli_json_lists_every_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(GAME_FILE.read_text(encoding="utf-8"))
    last_run = next(a["id"] for a in data["actions"] if a["type"] == "run_routes" and a["id"] >= 136)
    data["actions"] = [a for a in data["actions"] if a["id"] <= last_run]  # a game cut short still imports
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["review", str(path), "--json", "--quiet", "--time-limit", "5"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert [r["action_id"] for r in runs] == [102, 110, 115, 120, 126, 136]
    assert all(set(r) >= JSON_KEYS for r in runs)


def test_cli_batch_writes_one_table_for_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(GAME_FILE.read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["id"] <= 116]
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("a.json", "b.json"):
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "runs.csv"
    assert main(["review", str(folder), "--out", str(out), "--quiet"]) == 0
    table = pl.read_csv(out)
    assert table.height == 6 and set(JSON_KEYS) <= set(table.columns)
    assert "wrote 6 runs of 2 games" in capsys.readouterr().out


def test_cli_table_shows_the_differences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(GAME_FILE.read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["id"] <= 121]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["review", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "4 runs reviewed" in out and "illegal: " in out and "differences: illegal 1, match 3" in out


def test_cli_rejects_a_bad_output_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(GAME_FILE), "--out", str(tmp_path / "x.xlsx")]) == 2
    assert ".csv or .parquet" in capsys.readouterr().err
