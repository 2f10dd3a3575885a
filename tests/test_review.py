"""The review (issue 6): recorded, evaluated and optimal revenue per run; the CLI's table, JSON and batch table."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import polars as pl
import pytest

import solver.titles.g1862.review as review_module
from solver.cli import main
from solver.titles.g1862.importer import import_game
from solver.titles.g1862.importer.replay import ImportedGame
from solver.titles.g1862.review import COLUMNS, RunReview, review_game, review_games, review_summary, review_table
from solver.titles.g1862.routes.batch import SolverPool
from solver.titles.g1862.routes.model import SolveOptions

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


# Review's worker processes (--jobs, default: the cores) start as `python -m solver` does (conftest.py).
pytestmark = pytest.mark.usefixtures("plain_main_module")


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
    assert "4 runs reviewed" in out and "4 runs: 3 matched the recorded revenue" in out
    assert "illegal, breaking rule 7.8.1, rule 7.8: 1" in out  # the port-to-port chain of action 120


def test_cli_rejects_a_bad_output_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(GAME_FILE), "--out", str(tmp_path / "x.xlsx")]) == 2
    assert ".csv or .parquet" in capsys.readouterr().err


def short_export(tmp_path: Path, name: str, last_action: int) -> Path:
    data = json.loads(GAME_FILE.read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["id"] <= last_action]
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_out_in_a_missing_folder_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 13 item 6: the crash came after all the work, losing every result
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the review ran before the output path was checked")

    monkeypatch.setattr(review_module, "review_games", no_work)
    assert main(["review", str(GAME_FILE), "--out", "/nonexistent/x.csv", "--quiet"]) == 2
    assert "--out /nonexistent/x.csv: the folder /nonexistent does not exist" in capsys.readouterr().err


def test_a_table_that_cannot_be_written_at_the_end_is_printed_instead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(self: pl.DataFrame, path: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pl.DataFrame, "write_csv", disk_full)
    path = short_export(tmp_path, "g.json", 116)
    assert main(["review", str(path), "--out", str(tmp_path / "runs.csv"), "--quiet", "--jobs", "1"]) == 2
    captured = capsys.readouterr()
    assert "not written (" in captured.err and "No space left on device" in captured.err
    assert "3 runs reviewed" in captured.out and "   102 " in captured.out  # nothing finished is lost


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_one_bad_file_in_a_folder_is_reported_and_the_others_reviewed(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # with a pool the games are read while it solves the first one's positions: a bad file between two good
    # ones is reported and skipped there too
    folder = tmp_path / "games"
    folder.mkdir()
    good = [short_export(folder, "a.json", 116), short_export(folder, "c.json", 120)]
    (folder / "b.json").write_text('{"title": "1862", "actions": [', encoding="utf-8")
    out = tmp_path / "runs.csv"
    assert main(["review", str(folder), "--out", str(out), "--quiet", "--jobs", jobs]) == 2  # some failed
    assert "b.json line 1" in capsys.readouterr().err
    runs = [(r.action_id, r.company) for path in good for r in import_game(path).runs]  # in the files' order
    assert len(runs) > 3 and list(pl.read_csv(out).select("action_id", "company").iter_rows()) == runs


@pytest.mark.parametrize("option", [["--jobs", "0"], ["--time-limit", "nan"], ["--time-limit", "inf"]])
def test_bad_review_options_are_refused(option: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(GAME_FILE), *option]) == 2
    assert option[0] in capsys.readouterr().err


def test_two_jobs_give_the_same_reviews_as_one() -> None:
    # issue 16 item 3: positions solved in processes, same figures (times aside)
    game = early_game()

    def figures(reviews: list[RunReview]) -> list[tuple[object, ...]]:
        return [(r.action_id, r.optimal_revenue, r.status, r.bound, r.optimal_routes) for r in reviews]

    with SolverPool(2) as pool:
        reviews = review_games([game], SolveOptions(time_limit=10), pool=pool)[0]
    assert figures(reviews) == figures(list(early_reviews()))


def test_summary_counts_matches_illegal_runs_and_money_left_per_company_and_player() -> None:
    reviews = early_reviews()
    summary = review_summary(reviews)
    assert summary.runs == 12 and summary.differences["match"] == 7
    assert summary.illegal_by_rules == {"rule 7.8.1, rule 7.8": 4}
    assert sum(summary.left_by_company.values()) == sum(r.left_on_table or 0 for r in reviews)
    assert sum(summary.left_by_player.values()) == sum(summary.left_by_company.values())
    assert set(summary.left_by_player) <= {"Player 1", "Player 2", "Player 3", "receivership"}
    assert list(summary.left_by_company.values()) == sorted(summary.left_by_company.values(), reverse=True)
