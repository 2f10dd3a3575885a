"""1860's faults found by the core's loader (data/1860/title.json → `rules`), by a new board and by the editing
checks cite the rulebook's heading and line (RB L<n>), as every other 1860 message does, never "board data": each
bad file (tests/core/data/positions/bad/, all of 1860) exits 2 from `validate` and `show` with the hex, node or
company named and the rule cited."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.any_position import load_any_position
from solver.cli import main
from solver.core.board_data import DATA_ROOT
from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.errors import InputError
from solver.title_positions import new_title_position
from solver.titles.g1860 import editing, rulebook

ROOT = Path(__file__).resolve().parents[3]
BAD = ROOT / "tests" / "core" / "data" / "positions" / "bad"
EARLY: BoardPosition = load_any_position(ROOT / "examples" / "position-1860-early.json")  # type: ignore[assignment]

#: bad file, where its fault is, the rule it cites
CITED = [
    ("tile-off-map", "tiles Z9", rulebook.THE_MAP),
    ("tile-on-offboard", "tiles J2", rulebook.THE_MAP),
    ("tile-unknown", "tiles F6", rulebook.TILES_IN_BOX),
    ("tile-fixed-rotation", "tiles G5", rulebook.TILE_PLACEMENT),
    ("tile-count", "tiles F2, F6", rulebook.TILES_IN_BOX),
    ("company-unknown", "companies LSWR", rulebook.COMPANIES),
    ("stations-off-map", "stations Z9", rulebook.THE_MAP),
    ("stations-company-unknown", "stations F2 node 0", rulebook.COMPANIES),
    ("stations-over-slots", "stations F2 node 0", rulebook.BASE_SPACES),
    ("stations-twice", "stations F2 node 0", rulebook.ONE_BASE_PER_HEX),
    ("stations-on-node-without-space", "stations F2 node 1", rulebook.BASE_SPACES),
    ("unknown-phase", "phase", rulebook.PHASES),
]


def test_the_board_data_cites_the_rulebook_for_every_fact_the_loader_checks() -> None:
    """title.json's `rules` are the rulebook module's citations, one for each fact (`BoardRule`)."""
    rules = json.loads((DATA_ROOT / "1860" / "title.json").read_text(encoding="utf-8"))["rules"]
    assert rules == {
        "hexes": rulebook.THE_MAP,
        "land": rulebook.THE_MAP,
        "tiles": rulebook.TILES_IN_BOX,
        "rotations": rulebook.TILE_PLACEMENT,
        "tile_counts": rulebook.TILES_IN_BOX,
        "companies": rulebook.COMPANIES,
        "markers": rulebook.ONE_BASE_PER_HEX,
        "spaces": rulebook.BASE_SPACES,
        "phase": rulebook.PHASES,
    }


@pytest.mark.parametrize(("name", "where", "rule"), CITED, ids=[c[0] for c in CITED])
def test_a_bad_1860_file_exits_2_citing_the_rulebook(
    name: str, where: str, rule: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("validate", "show"):
        assert main([command, str(BAD / f"{name}.json")]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        lines = captured.err.splitlines()
        assert any(line.startswith(f"error: {where}") and rule in line for line in lines), lines
        assert "board data" not in captured.err


def test_a_new_board_cites_the_companies_of_the_rulebook() -> None:
    with pytest.raises(InputError) as err:
        new_title_position("1860", "full", "2", ["IOW", "LSWR"])
    [problem] = err.value.problems
    assert (problem.where, problem.rule) == ("company LSWR", rulebook.COMPANIES)


def test_laying_a_tile_the_box_does_not_hold_cites_the_rulebook() -> None:
    with pytest.raises(InputError) as err:
        editing.lay_tile(EARLY, "K7", "999", 0)
    [problem] = err.value.problems
    assert (problem.where, problem.rule) == ("K7", rulebook.TILES_IN_BOX)


def test_laying_the_third_copy_of_a_tile_the_box_holds_two_of_cites_the_rulebook() -> None:
    """Tile 7 (plain yellow track) has two copies: with both on the board, none is left for K7."""
    data = position_to_data(EARLY)
    data["tiles"] = [*data["tiles"], *({"hex": h, "tile": "7", "rotation": 0} for h in ("D4", "D8"))]
    both_laid = parse_position(data)
    with pytest.raises(InputError) as err:
        editing.lay_tile(both_laid, "K7", "7", 1)
    [problem] = err.value.problems
    assert problem.rule == rulebook.TILES_IN_BOX and "no tile 7 is left in the box (2 in all)" in problem.message
    assert editing.lay_tile(EARLY, "K7", "7", 1).tiles["K7"].tile == "7"
