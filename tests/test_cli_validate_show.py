"""`python -m solver validate` and `show`: exit codes 0 and 2, readable and JSON output, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "position-example.json"
LATE = ROOT / "examples" / "position-late-game.json"
BAD = ROOT / "tests" / "data" / "bad"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solver", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_validate_as_a_program_exits_0_for_a_valid_position() -> None:
    result = _run("validate", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    assert "valid position (8 tiles, 4 companies)" in result.stdout
    assert result.stderr == ""


def test_validate_counts_one_company_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    """A position of one company says "1 company", not "1 companies"."""
    assert main(["validate", str(ROOT / "examples" / "position-18bf-trains.json")]) == 0
    assert "(6 tiles, 1 company)" in capsys.readouterr().out


def test_validate_as_a_program_exits_2_with_the_messages() -> None:
    result = _run("validate", str(BAD / "rotation-into-barrier.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "error: F13 (Harwich): tile 202 at rotation 2 runs track into a barrier on its NE side (edge 4) (rule 7.6.1)"
    )
    assert "Traceback" not in result.stderr


def test_validate_json_for_a_valid_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(EXAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"ok": True, "problems": [], "name": "Worked example: North Norfolk in phase D", "phase": "D"}


def test_validate_json_lists_every_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BAD / "wrong-field-types.json"), "--json"]) == 2
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["ok"] is False
    assert [p["where"] for p in out["problems"]] == ["position tiles.0.rotation", "position companies.0.trains"]
    assert {p["rule"] for p in out["problems"]} == {"format"}
    assert captured.err == ""


@pytest.mark.parametrize("name", sorted(p.stem for p in BAD.glob("*.json")))
def test_every_bad_file_exits_2_without_a_traceback(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BAD / f"{name}.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert "Traceback" not in err


def test_show_bad_input_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(BAD / "marker-twice-in-hex.json")]) == 2
    assert "EUR has 2 markers here" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_missing_file_exits_2(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, str(tmp_path / "none.json")]) == 2
    assert "position file not found" in capsys.readouterr().err


def test_a_directory_is_not_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path)]) == 2
    assert "is a folder, not a position file" in capsys.readouterr().err


def test_a_file_that_is_not_utf8_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"name": "Caf\xe9"}')
    assert main(["validate", str(path)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err


def test_show_prints_a_readable_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Worked example: North Norfolk in phase D: phase D, standard game, 7 markers per company")
    assert "F5   Norwich              tile 791   green   rot 0  markers Y&N, ENR, N&B" in out
    assert "G4   N Walsham            tile 18    green   rot 5  small stations on [[0, 1], [2, 5]]" in out
    assert "London links: N&E" in out
    assert "tokened out for it: B13, F5, H5" in out


def test_show_lists_markers_on_untiled_towns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "home.json"
    path.write_text(json.dumps({"stations": {"F7": ["ENR"]}}), encoding="utf-8")
    assert main(["show", str(path)]) == 0
    assert "F7   Diss                 (no tile)  markers ENR" in capsys.readouterr().out


def test_show_json_describes_tiles_companies_and_stations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(LATE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["phase"] == "E"
    assert out["variant"] == {"length": "standard", "max_markers": 7}
    assert len(out["tiles"]) == 37
    assert out["london"] == ["ECR", "ESR", "N&E", "NGC"]
    ecr = next(c for c in out["companies"] if c["id"] == "ECR")
    assert ecr["trains"] == ["6F", "5F", "3F", "4/5E", "4L"]
    assert len(ecr["markers"]) == 7 and "London" in ecr["markers"]
    assert ecr["tokened_out"] == ["D9", "G12"]
    norwich = next(t for t in out["tiles"] if t["hex"] == "F5")
    assert norwich == {
        "hex": "F5",
        "name": "Norwich",
        "tile": "794",
        "color": "russet",
        "rotation": 0,
        "exits": [0, 1, 2, 3, 4, 5],
        "small_stations": [],
        "markers": ["ECR", "Y&N", "N&B", "WVR"],
    }
    assert out["stations"] == 63


def test_show_as_a_program_survives_a_closed_pipe() -> None:
    """`show ... | head -1` must not print a broken-pipe traceback."""
    show = subprocess.Popen(
        [sys.executable, "-m", "solver", "show", str(LATE)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert show.stdout is not None and show.stderr is not None
    show.stdout.readline()
    show.stdout.close()
    err = show.stderr.read().decode()
    show.stderr.close()
    assert show.wait(timeout=120) == 0
    assert "Traceback" not in err


def test_unknown_command_and_missing_argument_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["frobnicate"], ["validate"]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
    assert "usage: python -m solver" in capsys.readouterr().err
