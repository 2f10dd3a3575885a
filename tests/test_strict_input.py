"""Strict reading of every JSON file a user gives (positions, route files, scenarios, game exports): input that
would be read otherwise than written, or that could exhaust memory, recursion or time, is refused with a
message naming the field or file and exit code 2, never a traceback (issue 13, items 3, 4, 10 and 11)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main
from solver.errors import InputError
from solver.jsonfile import MAX_DEPTH, MAX_FILE_BYTES
from solver.storage import parse_upload
from solver.titles.g1862.position import Position

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
POSITION = EXAMPLES / "position-example.json"
SCENARIO = EXAMPLES / "merge-5.2.6-example1.json"
ROUTES = EXAMPLES / "rulebook" / "enr-table.2f.routes.json"
ROUTES_POSITION = EXAMPLES / "rulebook" / "enr-table.json"
EXPORT = ROOT / "tests" / "data" / "importer" / "46925.json"


def _program(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solver", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _edited(path: Path, edit: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data.update(edit)
    return data


def _errors(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


# ---------------------------------------------------------------- lone surrogates (item 3)

LONE_SURROGATE_NAME = json.dumps(_edited(POSITION, {"name": "Norfolk \ud800"}))


@pytest.mark.parametrize("args", [("validate",), ("validate", "--json"), ("show",), ("show", "--json")])
def test_lone_surrogate_in_a_position_name_is_refused_naming_the_field(args: tuple[str, ...], tmp_path: Path) -> None:
    assert "\\ud800" in LONE_SURROGATE_NAME
    path = _write(tmp_path, "surrogate.json", LONE_SURROGATE_NAME)
    result = _program(args[0], str(path), *args[1:])
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    text = result.stdout + result.stderr
    assert "name" in text and "lone surrogate" in text


def test_lone_surrogate_in_a_scenario_player_is_refused_by_merge(tmp_path: Path) -> None:
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["players"][0]["name"] = "\udc00"
    result = _program("merge", str(_write(tmp_path, "s.json", json.dumps(data))), "--json")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    problems = json.loads(result.stdout)["problems"]
    assert [p["where"] for p in problems] == [f"{tmp_path / 's.json'} players[0].name"]


def test_a_surrogate_pair_is_one_character_and_accepted(tmp_path: Path) -> None:
    path = _write(tmp_path, "pair.json", json.dumps(_edited(POSITION, {"name": "Norfolk \U0001f682"})))
    result = _program("validate", str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["name"] == "Norfolk \U0001f682"


def test_an_uploaded_position_with_a_lone_surrogate_is_refused_naming_the_field() -> None:
    with pytest.raises(InputError) as info:
        parse_upload(LONE_SURROGATE_NAME.encode("utf-8"), "up.json")
    [problem] = info.value.problems
    assert problem.where == "up.json name"
    assert "lone surrogate" in problem.message


def test_a_lone_surrogate_in_a_key_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "key.json", '{"stations": {"F5\\udfff": ["ECR"]}}')
    assert main(["validate", str(path)]) == 2
    assert "stations" in _errors(capsys)


# ---------------------------------------------------------------- nesting (item 4)


def _deep(levels: int) -> str:
    return '{"name": ' + "[" * levels + "]" * levels + "}"


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "{file}"],
        ["show", "{file}"],
        ["routes", "{file}", "--company", "ENR"],
        ["score", str(ROUTES_POSITION), "--routes", "{file}"],
        ["merge", "{file}"],
        ["review", "{file}"],
    ],
)
def test_deeply_nested_json_is_refused_by_every_command(command: list[str], tmp_path: Path) -> None:
    path = _write(tmp_path, "deep.json", _deep(100_000))
    result = _program(*[arg.format(file=path) for arg in command])
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"nested more than {MAX_DEPTH} levels deep" in result.stderr


def test_an_uploaded_position_nested_too_deep_is_refused() -> None:
    with pytest.raises(InputError) as info:
        parse_upload(_deep(1000).encode(), "deep.json")
    assert f"nested more than {MAX_DEPTH} levels deep" in str(info.value)


def test_nesting_just_within_the_limit_reaches_the_format_check(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InputError) as info:
        parse_upload(_deep(MAX_DEPTH - 1).encode(), "deep.json")
    assert "nested" not in str(info.value)
    assert "position name" in str(info.value)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps(_edited(POSITION, {"name": "[[[{{{" * 50 + '\\"' + "]]]" * 60}))
    assert parse_upload(text.encode(), "brackets.json").name.startswith("[[[{{{")


# ---------------------------------------------------------------- duplicated keys and coercion (item 10)


def test_a_duplicated_key_is_refused_naming_the_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = POSITION.read_text(encoding="utf-8").replace('"F3": ["ENR"],', '"F3": ["ENR"], "F3": [],')
    assert text.count('"F3":') == 2
    assert main(["validate", str(_write(tmp_path, "dup.json", text))]) == 2
    err = _errors(capsys)
    assert "'F3'" in err and "twice" in err


def test_a_duplicated_key_in_an_upload_is_refused() -> None:
    with pytest.raises(InputError, match="'phase'"):
        parse_upload(b'{"phase": "B", "phase": "D"}', "dup.json")


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        ({"tiles": [{"hex": "F5", "tile": "791", "rotation": "3"}]}, "tiles.0.rotation"),
        ({"tiles": [{"hex": "F5", "tile": "791", "rotation": True}]}, "tiles.0.rotation"),
        ({"tiles": [{"hex": "F5", "tile": "791", "rotation": 3.0}]}, "tiles.0.rotation"),
        ({"variant": {"extra_marker": "yes"}}, "variant.extra_marker"),
        ({"variant": {"extra_marker": 1}}, "variant.extra_marker"),
        ({"tiles": [{"hex": "G4", "tile": "18", "rotation": 5, "small_stations": [["2", 5]]}]}, "small_stations"),
        ({"companies": [{"id": "ENR", "trains": [3]}]}, "companies.0.trains.0"),
    ],
)
def test_a_position_value_of_the_wrong_type_is_refused_not_coerced(edit: dict[str, Any], where: str) -> None:
    with pytest.raises(InputError) as info:
        parse_upload(json.dumps(_edited(POSITION, edit)).encode(), "p.json")
    assert any(where in p.where for p in info.value.problems), info.value.problems


def test_train_types_and_small_station_pairs_are_still_read_from_json() -> None:
    position = parse_upload(POSITION.read_bytes(), "p.json")
    assert isinstance(position, Position)
    assert position.tiles["G4"].small_stations == ((0, 1), (2, 5))
    assert {t.value for t in position.companies["WNR"].permits} == {"local", "express"}


@pytest.mark.parametrize(
    ("path", "edit", "where"),
    [
        (SCENARIO, lambda d: d["companies"][0].update(price="82"), "companies.0.price"),
        (SCENARIO, lambda d: d["companies"][0].update(chartered="yes"), "companies.0.chartered"),
        (SCENARIO, lambda d: d["players"][0].update(cash=True), "players.0.cash"),
    ],
)
def test_a_scenario_value_of_the_wrong_type_is_refused(
    path: Path, edit: Any, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    assert main(["merge", str(_write(tmp_path, "s.json", json.dumps(data))), "--json"]) == 2
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert any(where in p["where"] for p in problems), problems


def test_a_route_file_value_of_the_wrong_type_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "r.json", json.dumps({"company": "ENR", "routes": [{"train": 2, "hexes": ["F3", "F5"]}]}))
    assert main(["score", str(ROUTES_POSITION), "--routes", str(path)]) == 2
    assert "routes routes.0.train" in _errors(capsys)


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e400", "9007199254740993", "1" * 5000])
def test_numbers_json_cannot_carry_exactly_are_refused(literal: str) -> None:
    with pytest.raises(InputError, match="number"):
        parse_upload(f'{{"name": "x", "players": [{{"name": "A", "cash": {literal}}}]}}'.encode(), "n.json")


# ---------------------------------------------------------------- size, file kinds and the byte-order mark (item 11)


def test_a_file_over_the_size_limit_is_refused_from_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    assert main(["validate", str(path)]) == 2
    assert "larger than 2000 kB" in _errors(capsys)


def test_an_upload_over_the_size_limit_is_refused() -> None:
    with pytest.raises(InputError, match="larger than 2000 kB"):
        parse_upload(b" " * (MAX_FILE_BYTES + 1), "big.json")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_a_device_is_refused_at_once() -> None:
    started = time.monotonic()
    result = _program("validate", "/dev/zero")
    assert result.returncode == 2
    assert "not a regular file" in result.stderr
    assert time.monotonic() - started < 30


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result = _program("validate", str(fifo))
    assert result.returncode == 2
    assert "not a regular file" in result.stderr


def test_a_byte_order_mark_is_accepted_by_the_cli_and_the_app_alike(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + POSITION.read_bytes()
    path = tmp_path / "bom.json"
    path.write_bytes(data)
    result = _program("validate", str(path))
    assert result.returncode == 0, result.stderr
    assert parse_upload(data, "bom.json").name == "Worked example: North Norfolk in phase D"


# ---------------------------------------------------------------- a game export given as a position


def test_a_game_export_given_to_validate_says_to_use_the_importer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(EXPORT)]) == 2
    lines = _errors(capsys).strip().splitlines()
    assert lines == [
        f"error: {EXPORT}: this is an 18xx.games game export: open it with Import review (or `python -m solver review`)"
    ]


def test_a_game_export_uploaded_as_a_position_says_to_use_the_importer() -> None:
    with pytest.raises(InputError) as info:
        parse_upload(EXPORT.read_bytes(), "46925.json")
    [problem] = info.value.problems
    assert problem.where == "46925.json"
    assert "open it with Import review" in problem.message
