"""Bad game files: a clear message naming the file, field or action; exit code 2; never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main
from solver.errors import InputError
from solver.titles.g1862.importer import import_export
from solver.titles.g1862.importer.export_file import parse_export

from .builder import P1, Export, wvr_start

GAME_FILE = Path(__file__).resolve().parents[1] / "data" / "importer" / "46925.json"


def real_game() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GAME_FILE.read_text(encoding="utf-8"))
    return data


def cli(tmp_path: Path, data: Any, capsys: pytest.CaptureFixture[str], raw: str | None = None) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    code = main(["review", str(path), "--quiet"])
    return code, capsys.readouterr().err


def test_corrupt_file_is_reported_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = cli(tmp_path, None, capsys, raw='{"title": "1862", "actions": [')
    assert code == 2 and "not valid JSON" in err and "line 1" in err and "Traceback" not in err


def test_truncated_file_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GAME_FILE.read_text(encoding="utf-8")
    code, err = cli(tmp_path, None, capsys, raw=text[: len(text) // 2])
    assert code == 2 and "not valid JSON" in err


def test_wrong_title_names_the_title(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = real_game()
    data["title"] = "1830"
    code, err = cli(tmp_path, data, capsys)
    assert code == 2 and "'1830'" in err and "only 1862" in err


def test_a_file_that_is_not_an_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = cli(tmp_path, {"game": "1862", "tiles": []}, capsys)
    assert code == 2 and "not an 18xx.games game export" in err


def test_hand_edited_train_names_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = real_game()
    run = next(a for a in data["actions"] if a["id"] == 102)
    run["routes"][0]["train"] = "B-5"
    code, err = cli(tmp_path, data, capsys)
    assert code == 2 and "action 102 (run_routes by WVR)" in err and "does not own" in err


def test_hand_edited_tile_names_the_lay() -> None:
    data = real_game()
    next(a for a in data["actions"] if a["id"] == 57)["tile"] = "999-0"
    with pytest.raises(InputError, match=r"action 57 \(lay_tile by WVR\).*'999'"):
        import_export(parse_export(data))


def test_out_of_order_ids_are_reported() -> None:
    data = real_game()
    data["actions"][5]["id"] = 2
    with pytest.raises(InputError, match="action ids must increase"):
        parse_export(data)


def test_a_route_off_the_rebuilt_track_names_the_run() -> None:
    data = real_game()
    route = next(a for a in data["actions"] if a["id"] == 102)["routes"][0]
    route["hexes"], route["connections"] = ["F11", "G12", "G8"], [["F11", "G12"], ["G12", "G8"]]
    with pytest.raises(InputError, match=r"action 102 \(run_routes by WVR\).*does not follow the rebuilt track"):
        import_export(parse_export(data))


def test_a_company_removed_at_setup_cannot_act() -> None:
    export = Export()
    export.par(P1, "ESR")  # removed from game 46925's set-up
    export.lay("ESR", "F11", "790-0", 1)
    with pytest.raises(InputError, match=r"action 1 \(par by 1\).*ESR was removed from this game at set-up"):
        import_export(parse_export(export.data()))


def test_a_marker_on_a_full_town_names_the_action() -> None:
    export = Export()
    wvr_start(export)
    export.token("WVR", "57-0-0", 0)  # its own home marker is already there
    with pytest.raises(InputError, match=r"action \d+ \(place_token by WVR\).*already has a station marker"):
        import_export(parse_export(export.data()))


def test_missing_game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["review", str(tmp_path / "nope.json"), "--quiet"])
    assert code == 2 and "not found" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN", "1e400", "100000000000000000000000000000"])
def test_non_finite_or_huge_warranties_in_a_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    # issue 13 item 7: "warranties": Infinity gave OverflowError; the strict reader refuses the number itself
    data = real_game()
    purchase = next(a for a in data["actions"] if a["type"] == "buy_train")
    purchase["warranties"] = "__W__"
    code, err = cli(tmp_path, None, capsys, raw=json.dumps(data).replace('"__W__"', value))
    assert code == 2 and "Traceback" not in err and "game.json" in err


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**30, 2.5, -1, 4, True, "2"])
def test_warranties_must_be_a_whole_number_from_0_to_3(value: object) -> None:
    # 7.10: no train may have more than three Warranty tokens; anything else names the action
    data = real_game()
    purchase = next(a for a in data["actions"] if a["type"] == "buy_train")
    purchase["warranties"] = value
    with pytest.raises(
        InputError, match=r"action 59 \(buy_train by WVR\).*'warranties' must be a whole number from 0 to 3"
    ):
        import_export(parse_export(data))


def test_a_deleted_action_is_flagged_as_an_edited_export() -> None:
    # issue 13 item 10: 595 of 702 single-action deletions imported without a word
    data = real_game()
    data["actions"] = [a for a in data["actions"] if a["id"] != 300]
    game = import_export(parse_export(data))
    assert "check: action 300 missing from the export (ids jump from 299 to 301)" in game.notes


def test_an_action_moved_in_time_is_flagged() -> None:
    data = real_game()
    moved = next(a for a in data["actions"] if a["id"] == 400)
    moved["created_at"] = 1_000
    game = import_export(parse_export(data))
    assert "check: action 400 is stamped earlier than the action before it" in game.notes
