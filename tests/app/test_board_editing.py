"""Board edits (solver.titles.g1862.editing): the tile offer of a hex follows 7.6.1-7.6.3, 9.0 and 2.3, and every edit
either returns a valid position or is refused with the rule, leaving the position as it was."""

from __future__ import annotations

import dataclasses

import pytest

from solver.errors import InputError
from solver.titles.g1862 import editing as ed
from solver.titles.g1862.position import Position, position_to_dict
from solver.titles.g1862.trains import TrainType
from solver.titles.g1862.validation import validate_position

EMPTY_A = Position()
EMPTY_B = dataclasses.replace(Position(), phase="B")
EMPTY_D = dataclasses.replace(Position(), phase="D")
EMPTY_E = dataclasses.replace(Position(), phase="E")


def offer(position: Position, hex_: str) -> dict[str, tuple[int, ...]]:
    return {o.tile: o.rotations for o in ed.tile_offer(position, hex_)}


def rules(exc: pytest.ExceptionInfo[InputError]) -> set[str]:
    return {p.rule for p in exc.value.problems}


def test_empty_unlettered_town_is_offered_the_plain_yellow_large_station_tiles_7_6_1() -> None:
    # Sudbury D11: no letter, no barrier, every side land.
    assert offer(EMPTY_A, "D11") == {"5": (0, 1, 2, 3, 4, 5), "6": (0, 1, 2, 3, 4, 5), "57": (0, 1, 2)}


def test_n_hex_takes_only_n_tiles_and_y_hex_only_y_tiles_7_6_1() -> None:
    assert set(offer(EMPTY_A, "F5")) == {"790"}  # Norwich, N
    assert set(offer(EMPTY_A, "C4")) == {"201", "202", "621"}  # King's Lynn, Y


def test_village_is_offered_only_small_station_tiles_7_6_1() -> None:
    assert set(offer(EMPTY_A, "E6")) == {"8850", "8851", "8852"}


def test_rotations_giving_the_same_track_are_offered_once() -> None:
    assert offer(EMPTY_A, "F5")["790"] == (0, 1, 2)  # 790 has two-fold symmetry
    assert offer(EMPTY_A, "E6")["8852"] == (0, 1, 2)  # a straight track


def test_harwich_barriers_leave_one_rotation_per_tile_7_6_1() -> None:
    # Harwich F13: barriers on edges 1, 3 and 4; edges 0 and 5 enter the ports; edge 2 is land.
    assert offer(EMPTY_A, "F13") == {"201": (5,), "202": (0,), "621": (2,)}
    assert offer(EMPTY_A, "F11") == {"790": (1,)}  # Ipswich: barrier to Harwich on edge 0


def test_off_board_hex_is_offered_nothing() -> None:
    assert ed.tile_offer(EMPTY_A, "A6") == []
    with pytest.raises(InputError) as exc:
        ed.lay_tile(EMPTY_A, "A6", "57", 0)
    assert rules(exc) == {"7.6.1"}


def test_upgrade_offer_keeps_the_old_track_on_the_same_sides_7_6_3() -> None:
    board = ed.lay_tile(EMPTY_B, "D11", "57", 1)
    got = {o.tile: (o.rotations, o.replaces) for o in ed.tile_offer(board, "D11")}
    # 57 -> 14 at relative 0, 2, 3, 5, so 1, 3, 4, 0 (1 = 4 and 0 = 3 look the same); 15 and 619 at 0, 3.
    assert got == {"14": ((0, 1), "57"), "15": ((1, 4), "57"), "619": ((1, 4), "57")}
    for tile, (rotations, _) in got.items():
        for r in rotations:
            new = board.game.tiles[tile]
            assert set(board.game.tiles["57"].exits_at(1)) <= set(new.exits_at(r))


def test_green_tiles_are_not_offered_before_phase_b_9_0() -> None:
    board = ed.lay_tile(EMPTY_A, "D11", "57", 0)
    assert ed.tile_offer(board, "D11") == []
    with pytest.raises(InputError) as exc:
        ed.lay_tile(board, "D11", "14", 0)
    assert rules(exc) == {"9.0"}


def test_ipswich_takes_only_its_own_russet_tile_795_7_6_1() -> None:
    board = ed.lay_tile(EMPTY_D, "F11", "790", 1)
    board = ed.lay_tile(board, "F11", "791", 1)
    assert set(offer(board, "F11")) == {"795"}
    norwich = ed.lay_tile(ed.lay_tile(EMPTY_D, "F5", "790", 0), "F5", "791", 0)
    assert set(offer(norwich, "F5")) == {"794"}
    with pytest.raises(InputError) as exc:
        ed.lay_tile(norwich, "F5", "795", 0)
    assert rules(exc) == {"7.6.3"}


def test_a_tile_whose_copies_are_all_on_the_board_is_not_offered_2_3() -> None:
    board = ed.lay_tile(EMPTY_A, "C4", "201", 0)
    board = ed.lay_tile(board, "C8", "201", 0)  # tile 201: two copies
    assert "201" not in offer(board, "D9")
    with pytest.raises(InputError) as exc:
        ed.lay_tile(board, "D9", "201", 0)
    assert rules(exc) == {"2.3"}


def test_every_offered_lay_gives_a_valid_position(late_game: Position) -> None:
    for hex_ in sorted(late_game.game.land_hexes):
        for option in ed.tile_offer(late_game, hex_):
            for r in option.rotations:
                assert validate_position(ed.lay_tile(late_game, hex_, option.tile, r)) == []


def test_yellow_village_tile_carries_its_printed_small_station_and_the_upgrade_keeps_it_7_6_2_7_6_3() -> None:
    board = ed.lay_tile(EMPTY_B, "E6", "8852", 1)
    assert board.tiles["E6"].small_stations == ((1, 4),)
    green = ed.lay_tile(board, "E6", "20", 1)
    assert green.tiles["E6"].small_stations == ((1, 4),)


def test_small_station_only_on_plain_track_of_an_upgraded_village_tile_7_6_2_7_6_4() -> None:
    board = ed.lay_tile(EMPTY_B, "E6", "8852", 0)
    with pytest.raises(InputError) as exc:
        ed.add_small_station(board, "E6", (0, 3))
    assert rules(exc) == {"7.6.4"}  # already has one
    green = ed.lay_tile(board, "E6", "20", 0)  # tracks 0-3 and 1-4
    two = ed.add_small_station(green, "E6", (4, 1))
    assert two.tiles["E6"].small_stations == ((0, 3), (1, 4))
    with pytest.raises(InputError) as exc:
        ed.add_small_station(green, "E6", (0, 2))  # no such track
    assert rules(exc) == {"7.6.4"}
    with pytest.raises(InputError) as exc:
        ed.remove_small_station(board, "E6", (0, 3))
    assert rules(exc) == {"7.6.2"}
    assert ed.remove_small_station(two, "E6", (1, 4)).tiles["E6"].small_stations == ((0, 3),)


def test_markers_follow_the_slots_one_per_company_per_hex_and_only_on_towns_7_7() -> None:
    board = ed.place_marker(EMPTY_A, "D11", "SVR")  # an empty town prints one slot
    with pytest.raises(InputError) as exc:
        ed.place_marker(board, "D11", "EUR")
    assert rules(exc) == {"7.7"}
    with pytest.raises(InputError) as exc:
        ed.place_marker(board, "D11", "SVR")
    assert rules(exc) == {"7.7"}
    with pytest.raises(InputError) as exc:
        ed.place_marker(board, "E6", "SVR")  # a village
    assert rules(exc) == {"7.7"}
    with pytest.raises(InputError) as exc:
        ed.place_marker(board, "D13", "XYZ")
    assert rules(exc) == {"2.1"}
    assert ed.remove_marker(board, "D11", "SVR").stations == {}


def test_eighth_marker_is_refused_without_optional_rule_11_4_7_5_6() -> None:
    towns = ["B5", "B7", "B9", "B13", "C6", "C10", "D5"]
    board = EMPTY_A
    for town in towns:
        board = ed.place_marker(board, town, "ECR")
    with pytest.raises(InputError) as exc:
        ed.set_london(board, "ECR", True)
    assert rules(exc) == {"7.5.6"}
    eight = ed.set_variant(board, "standard", True, list(TrainType))
    assert ed.set_london(eight, "ECR", True).london == ("ECR",)


def test_london_has_four_spaces_and_one_per_company_7_6_5() -> None:
    board = EMPTY_A
    for company in ("ECR", "ESR", "N&E", "NGC"):
        board = ed.set_london(board, company, True)
    with pytest.raises(InputError) as exc:
        ed.set_london(board, "EUR", True)
    assert rules(exc) == {"7.6.5"}
    with pytest.raises(InputError) as exc:
        ed.set_london(board, "ECR", True)
    assert rules(exc) == {"7.6.5"}
    assert ed.set_london(board, "ESR", False).london == ("ECR", "N&E", "NGC")


def test_phase_cannot_go_back_below_the_colour_of_a_laid_tile_9_0(late_game: Position) -> None:
    before = position_to_dict(late_game)
    with pytest.raises(InputError) as exc:
        ed.set_phase(late_game, "A")
    assert rules(exc) == {"9.0"}
    assert position_to_dict(late_game) == before  # nothing half-applied
    assert ed.set_phase(late_game, "H").phase == "H"
    with pytest.raises(InputError):
        ed.set_phase(late_game, "Z")


def test_company_trains_and_permits_unknown_train_names_are_each_reported_2_2() -> None:
    board = ed.set_company(EMPTY_E, "ENR", ["3F", "4/5L", "2/3E"], [TrainType.FREIGHT])
    assert [t.name for t in board.companies["ENR"].trains] == ["3F", "4/5L", "2/3E"]
    with pytest.raises(InputError) as exc:
        ed.set_company(board, "ENR", ["3F", "9X", "7/8L"], [TrainType.FREIGHT])
    assert len(exc.value.problems) == 2 and rules(exc) == {"2.2"}
    assert "ENR" not in ed.remove_company(board, "ENR").companies


def test_variant_without_express_refuses_a_company_holding_an_express_train_11_1() -> None:
    board = ed.set_company(EMPTY_B, "ENR", ["2/3E"], [TrainType.EXPRESS])
    with pytest.raises(InputError) as exc:
        ed.set_variant(board, "standard", False, [TrainType.FREIGHT, TrainType.LOCAL])
    assert rules(exc) == {"11.1"}


def test_removing_a_tile_under_two_markers_is_refused_7_7(late_game: Position) -> None:
    with pytest.raises(InputError) as exc:
        ed.remove_tile(late_game, "F5")  # four markers; the empty hex prints one slot
    assert rules(exc) == {"7.7"}
    assert "E6" not in ed.remove_tile(late_game, "E6").tiles


def test_a_train_of_a_later_band_is_refused_so_the_edited_board_loads_again_9_0() -> None:
    # Defect: the editor accepted a 6F in phase B, a position that parse_position (a refresh, a saved file)
    # then refuses.
    with pytest.raises(InputError) as exc:
        ed.set_company(EMPTY_B, "ECR", ["6F"], [TrainType.FREIGHT])
    assert rules(exc) == {"9.0"}
    board = ed.set_company(EMPTY_D, "ECR", ["5F"], [TrainType.FREIGHT])
    with pytest.raises(InputError) as exc:
        ed.set_phase(board, "B")
    assert rules(exc) == {"9.0"}


def test_more_trains_of_a_band_than_the_game_has_are_refused_2_4_3() -> None:
    board = EMPTY_D
    for company in ("ECR", "ESR", "EUR"):  # band D: three cards in the standard game
        board = ed.set_company(board, company, ["5F"], [TrainType.FREIGHT])
    with pytest.raises(InputError) as exc:
        ed.set_company(board, "FDR", ["4L"], [TrainType.LOCAL])
    assert rules(exc) == {"2.4.3"}


def test_an_empty_hex_is_offered_the_green_tiles_its_yellow_tiles_upgrade_to_7_6_3() -> None:
    # Copying a table board: a green tile on a hex stands for the yellow tile it replaced.
    got = offer(EMPTY_B, "D11")
    assert set(got) == {"5", "6", "57", "14", "15", "619"}
    assert got["14"] == (0, 1, 2)  # 14 is symmetric under a half turn
    assert ed.lay_tile(EMPTY_B, "D11", "15", 4).tiles["D11"].tile == "15"
    assert set(offer(EMPTY_A, "D11")) == {"5", "6", "57"}  # no green before phase B (9.0)


def test_ipswich_empty_hex_in_phase_d_reaches_its_own_russet_795_only_there_7_6_1() -> None:
    assert "795" in offer(EMPTY_D, "F11")
    assert "795" not in offer(EMPTY_D, "F5")
    with pytest.raises(InputError) as exc:
        ed.lay_tile(EMPTY_D, "F5", "795", 0)
    assert rules(exc) == {"7.6.1"}


def test_a_tile_no_yellow_tile_of_the_hex_leads_to_is_refused_with_the_upgrade_rule_7_6_3() -> None:
    with pytest.raises(InputError) as exc:
        ed.lay_tile(EMPTY_D, "E6", "611", 0)  # a large-station tile on a village
    assert rules(exc) == {"7.6.1"}


@pytest.mark.parametrize("phase", ["A", "B", "D", "H"])
def test_every_tile_offered_on_the_printed_map_lays_to_a_valid_position_7_6_1_9_0(phase: str) -> None:
    board = dataclasses.replace(Position(), phase=phase)
    colours = set(board.game.phases[phase].tiles)
    for hex_ in sorted(board.game.land_hexes):
        offered = ed.tile_offer(board, hex_)
        assert offered, f"{hex_} takes a tile in phase {phase}"
        for option in offered:
            assert board.game.tiles[option.tile].color in colours
            for r in option.rotations:
                assert validate_position(ed.lay_tile(board, hex_, option.tile, r), check_supply=True) == []
