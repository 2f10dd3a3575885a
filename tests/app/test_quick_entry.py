"""Quick entry (solver.titles.g1862.quick_entry): the grammar, the same rule messages as the clicks, all-or-nothing
application, and the round trip board -> text -> board on real and random positions."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862 import editing as ed
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position, position_to_dict
from solver.titles.g1862.quick_entry import apply_quick_entry, board_text, parse_quick_entry
from solver.titles.g1862.random_board import stress_positions
from solver.titles.g1862.trains import TrainType

ROOT = Path(__file__).resolve().parents[2]
TABLE_BOARD = ROOT / "tests" / "data" / "table-board.json"
EMPTY_A = Position()
EMPTY_B = dataclasses.replace(Position(), phase="B")


def empty_like(position: Position) -> Position:
    """The printed map at the position's phase and variant, with its name."""
    return Position(phase=position.phase, variant=position.variant, name=position.name)


def refused(position: Position, text: str) -> InputError:
    with pytest.raises(InputError) as exc:
        apply_quick_entry(position, text)
    return exc.value


@pytest.mark.parametrize(
    "path", [ROOT / "examples" / "position-late-game.json", ROOT / "examples" / "position-early-game.json", TABLE_BOARD]
)
def test_a_board_written_as_text_and_typed_back_is_the_same_board(path: Path) -> None:
    """Quick entry is the board only: the money of a version-2 position (players, prices, holdings) is not
    typed, so the comparison leaves it out."""
    board = load_position(path)
    typed = apply_quick_entry(empty_like(board), board_text(board))
    assert _board_only(position_to_dict(typed)) == _board_only(position_to_dict(board))


_MONEY_KEYS = ("par", "chartered", "cash", "holdings", "director", "receivership", "operated")


def _board_only(data: dict[str, Any]) -> dict[str, Any]:
    rest = {k: v for k, v in data.items() if k not in ("players", "market")}
    rest["companies"] = [{k: v for k, v in c.items() if k not in _MONEY_KEYS} for c in data["companies"]]
    return rest


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=11))
def test_a_random_legal_board_round_trips_through_quick_entry(index: int) -> None:
    board = stress_positions(12)[index]
    assert position_to_dict(apply_quick_entry(empty_like(board), board_text(board))) == position_to_dict(board)


def test_the_example_line_lays_the_tile_at_the_rotation_and_places_the_marker() -> None:
    board = apply_quick_entry(EMPTY_A, "D13 57 r1 ECR")
    assert (board.tiles["D13"].tile, board.tiles["D13"].rotation) == ("57", 1)
    assert board.stations["D13"] == ("ECR",)


def test_case_comments_and_blank_lines_do_not_matter() -> None:
    board = apply_quick_entry(EMPTY_A, "# the south\n\nd13 57 R1 ecr   # Witham\n")
    assert board.stations["D13"] == ("ECR",) and board.tiles["D13"].rotation == 1


def test_a_rotation_may_be_left_out_when_the_tile_fits_one_way_only_7_6_1() -> None:
    # Harwich F13: barriers leave tile 201 a single rotation (r5).
    assert apply_quick_entry(EMPTY_A, "F13 201").tiles["F13"].rotation == 5


def test_a_missing_rotation_with_several_choices_lists_them() -> None:
    error = refused(EMPTY_A, "D11 57")
    (problem,) = error.problems
    assert problem.where.startswith("line 1 (D11 57): D11")
    assert "r0, r1, r2" in problem.message


def test_a_refused_line_names_the_line_the_hex_and_the_rule_of_the_click_and_nothing_is_applied() -> None:
    text = "D11 57 r0 SVR\nE12 791 r0\nF11 790 r1"
    error = refused(EMPTY_A, text)  # green 791 in phase A
    (problem,) = error.problems
    with pytest.raises(InputError) as click:
        ed.lay_tile(EMPTY_A, "E12", "791", 0)
    (same,) = click.value.problems
    assert problem.where == f"line 2 (E12 791 r0): {same.where}"
    assert (problem.rule, problem.message) == (same.rule, same.message) == ("9.0", same.message)


def test_every_unreadable_line_is_reported_at_once() -> None:
    error = refused(EMPTY_A, "D11 57 r9\nE12 790 r1\nXX 57\nE10 8852 s:N-Q\nECR 4X")
    wheres = [p.where for p in error.problems]
    assert [w.split(" ")[1] for w in wheres] == ["1", "3", "4", "5"]
    assert {p.rule for p in error.problems} == {"format", "2.2"}


def test_a_green_tile_typed_on_an_empty_hex_stands_for_its_yellow_tile_7_6_3() -> None:
    board = apply_quick_entry(EMPTY_B, "D13 14 r0 ECR")
    assert board.tiles["D13"].tile == "14"
    error = refused(EMPTY_B, "D13 611 r0")  # russet: not before phase D
    assert error.problems[0].rule == "9.0"
    error = refused(EMPTY_B, "E6 14 r0")  # a large-station tile on a village
    assert error.problems[0].rule == "7.6.1"


def test_small_stations_by_side_names_or_numbers_7_6_4() -> None:
    board = apply_quick_entry(EMPTY_B, "E10 20 r0 s:N-S s:1-4")
    assert board.tiles["E10"].small_stations == ((0, 3), (1, 4))
    error = refused(EMPTY_B, "E10 20 r0 s:N-SW")  # no track joins N and SW
    assert error.problems[0].rule == "7.6.4"


def test_markers_follow_the_slot_rule_of_the_clicks_7_7() -> None:
    error = refused(EMPTY_A, "D11 SVR EUR")  # an empty town prints one slot
    assert error.problems[0].rule == "7.7" and error.problems[0].where.startswith("line 1 (D11 SVR EUR): D11")
    assert apply_quick_entry(EMPTY_A, "D11 SVR\nD11 SVR").stations["D11"] == ("SVR",)  # typed twice: one marker


def test_company_lines_set_trains_permits_and_home_and_london_lines_the_links() -> None:
    board = apply_quick_entry(EMPTY_B, "ecr 2E 2/3E\nN&E 2F permits local express\nlondon ECR N&E")
    assert [t.name for t in board.companies["ECR"].trains] == ["2E", "2/3E"]
    assert board.companies["ECR"].permits == {TrainType.EXPRESS}  # inferred from the trains
    assert board.companies["N&E"].permits == {TrainType.LOCAL, TrainType.EXPRESS}
    assert board.london == ("ECR", "N&E")
    assert apply_quick_entry(board, "london N&E").london == ("N&E",)
    moved = apply_quick_entry(board, "ECR home:F5")
    assert moved.companies["ECR"].home == "F5" and moved.companies["ECR"].permits == {TrainType.EXPRESS}
    assert refused(board, "ECR 6F").problems[0].rule == "9.0"  # a band F train in phase B
    assert refused(board, "london XYZ").problems[0].rule == "2.1"


def test_phase_line_follows_rule_9_0() -> None:
    assert apply_quick_entry(EMPTY_A, "phase c").phase == "C"
    assert refused(apply_quick_entry(EMPTY_B, "D13 14 r0"), "phase A").problems[0].rule == "9.0"


def test_parse_names_each_kind_of_line() -> None:
    lines = parse_quick_entry("D13 57 r1 ECR s:N-S\nECR 2E\nlondon ECR\nphase B", EMPTY_A.game)
    assert [type(line).__name__ for line in lines] == ["HexLine", "CompanyLine", "LondonLine", "PhaseLine"]


def test_typing_a_hex_tile_at_another_rotation_corrects_it_and_the_same_line_again_changes_nothing() -> None:
    board = apply_quick_entry(EMPTY_A, "D11 57 r0 SVR")
    assert apply_quick_entry(board, "D11 57 r0 SVR") == board
    turned = apply_quick_entry(board, "D11 57 r1")
    assert (turned.tiles["D11"].rotation, turned.stations["D11"]) == (1, ("SVR",))
    assert refused(board, "D11 5 r0").problems[0].rule == "7.6.3"  # another tile is an upgrade, or refused
