"""`python -m solver review` of 1860 games (solver/cli/review_1860.py): every recorded run judged in the game's mode
and the rulebook's, the optimizer's best run beside it in both modes, proven; a bad export named with its action and
exit 2, the other games still reviewed; a mix of 1860 games and others refused before any work; `--out` writes one
flat table. The games are the site's fixtures cut after their first runs (a game in progress, as a player imports
it during a game)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from solver.cli import main

GAMES = Path(__file__).parent / "data" / "importer"
BANK = GAMES / "1860" / "1860_game_end_bank.json"
GAME_1862 = GAMES / "46925.json"
#: The bank game's runs up to action 100: C&N 71, IOW 76, C&N 98 (phases 2-3, played in the site's mode).
FIRST_RUNS = [71, 76, 98]


def _cut(tmp_path: Path, last_action: int = 100, name: str = "game.json", **changes: Any) -> Path:
    data = json.loads(BANK.read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["id"] <= last_action]
    for action_id, routes in changes.get("routes", {}).items():
        next(a for a in data["actions"] if a["id"] == action_id)["routes"] = routes
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _worth(best: dict[str, Any]) -> tuple[int, int]:
    return best["revenue"], best["subsidy"]


def test_each_recorded_run_has_its_proven_best_in_both_modes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(_cut(tmp_path)), "--json", "--quiet"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["action_id"] for r in rows] == FIRST_RUNS
    for row in rows:
        assert row["difference"] == "match" and row["recorded_revenue"] == row["evaluated_revenue"]
        assert set(row["best"]) == {"site", "rulebook"}  # a game played in the site's mode: the rulebook's too
        assert {b["status"] for b in row["best"].values()} == {"optimal"}
        recorded = (row["evaluated_revenue"], row["evaluated_subsidy"])
        assert _worth(row["best"]["site"]) >= recorded  # the optimizer maximises revenue, then subsidy
        assert row["beaten_in"] == []
        for route in row["best"]["site"]["routes"]:
            assert set(route) >= {"train", "nodes"} and route["nodes"]
    # IOW's recorded 100+10 (action 76) leaves 10 of revenue on the table: 110+0 is its best.
    assert _worth(rows[1]["best"]["site"]) == (110, 0)


def test_the_plain_output_sums_up_each_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(_cut(tmp_path)), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(
        "3 runs reviewed; 3 reproduce the recorded revenue and subsidy; 6 of 6 best runs proven optimal"
    )
    assert len(lines) == 4 and "best(site) 110+0 proven" in lines[2]


def test_a_bad_export_is_named_with_its_action_and_the_other_games_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _cut(tmp_path, name="good.json")
    data = json.loads(good.read_text(encoding="utf-8"))
    next(a for a in data["actions"] if a["id"] == 71)["routes"][0]["connections"][0] = ["I5", "K7"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["review", str(bad), str(good), "--json", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert "action 71 (run_routes by C&N) train 2+1-0" in captured.err and "Traceback" not in captured.err
    assert [r["action_id"] for r in json.loads(captured.out)] == FIRST_RUNS


def test_1860_games_mixed_with_another_titles_are_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_1860 = _cut(tmp_path)
    assert main(["review", str(GAME_1862), str(game_1860), "--quiet"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"error: {game_1860}: an 1860 game among games of another title: review the 1860 games in a command of their "
        "own"
    )


def test_out_writes_one_flat_row_per_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs.csv"
    assert main(["review", str(_cut(tmp_path)), "--out", str(out), "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == f"wrote 3 runs to {out}"
    table = pl.read_csv(out)
    assert table["action_id"].to_list() == FIRST_RUNS
    assert table["best_site_status"].to_list() == ["optimal"] * 3
    assert table["best_site_revenue"].to_list()[1] == 110
