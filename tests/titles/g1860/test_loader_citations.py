"""1860's faults found by a new board and by the editing checks cite the rulebook's heading and line (RB L<n>), as
every other 1860 message does, never "board data" (the loader's own faults: tests/titles/test_loader_citations.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.errors import InputError
from solver.title_positions import new_title_position
from solver.titles.g1860 import editing, rulebook

ROOT = Path(__file__).resolve().parents[3]
EARLY: BoardPosition = load_any_position(ROOT / "examples" / "position-1860-early.json")  # type: ignore[assignment]


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
