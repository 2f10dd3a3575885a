"""Edits of an 18BF board (solver/titles/g18bf/editing.py on solver/core/editing.py, docs/board-18bf.md "Editing"):
each verb on the early example and the route tests' boards; each refused edit names the hex or company and the
section it breaks (§10.4 tiles, §10.5 station markers, §8 phases, §10.10 trains, §7 companies) and changes nothing;
properties: a random sequence of offered edits from a legal board keeps `board_problems` empty, and a refused edit
leaves the position as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition, position_to_data
from solver.core.editing import operating
from solver.errors import InputError
from solver.titles.g18bf import editing
from solver.titles.g18bf.tile_lays import HOME, MARKERS, PHASES, TILE_LAY, TRAINS, board_problems
from solver.titles.g18bf.trains import train_sides

from .boards import position

EARLY_FILE = Path(__file__).parents[3] / "examples" / "position-18bf-early.json"
EARLY: BoardPosition = load_any_position(EARLY_FILE)  # type: ignore[assignment]
#: The early example in phase 3 (green tiles; its minors' 2-trains still run).
PHASE_3 = editing.set_phase(EARLY, "3")
#: Table 4's trains (§10.10) in the order of a position's names.
TABLE_4 = "§10.10, §8"


def _refused(edit: Any, *args: Any) -> tuple[str, str]:
    """The place and section of the first problem of a refused edit, the position given checked unchanged."""
    before = position_to_data(args[0])
    with pytest.raises(InputError) as exc:
        edit(*args)
    assert position_to_data(args[0]) == before
    problem = exc.value.problems[0]
    return problem.where, problem.rule


# Tiles (§10.4, §8)


def test_a_plain_hex_takes_plain_track_at_the_offered_rotations_s10_4() -> None:
    offers = {o.tile: o.rotations for o in editing.tile_offer(EARLY, "N10")}
    assert {"7", "8", "9"} <= set(offers)
    laid = editing.lay_tile(EARLY, "N10", "8", offers["8"][0])
    assert laid.tiles["N10"].tile == "8" and board_problems(laid) == []
    assert _refused(editing.lay_tile, EARLY, "N10", "57", 0) == ("tiles N10", TILE_LAY)


def test_green_tiles_wait_for_phase_3_s8() -> None:
    assert _refused(editing.lay_tile, EARLY, "K19", "14", 0) == ("tiles K19", PHASES)
    assert "14" not in {o.tile for o in editing.tile_offer(EARLY, "K19")}
    assert "14" in {o.tile for o in editing.tile_offer(PHASE_3, "K19")}


def test_no_track_off_the_map_s10_4() -> None:
    assert _refused(editing.lay_tile, EARLY, "A5", "7", 0) == ("tiles A5", TILE_LAY)
    for option in editing.tile_offer(EARLY, "A5"):
        for rotation in option.rotations:
            assert board_problems(editing.lay_tile(EARLY, "A5", option.tile, rotation)) == []


def test_a_hex_printed_with_track_takes_no_yellow_tile_s10_4() -> None:
    """Birmingham (Q15) is printed with yellow track: it is upgraded by its BGM tiles, never given a yellow tile."""
    assert _refused(editing.lay_tile, PHASE_3, "Q15", "7", 0) == ("tiles Q15", TILE_LAY)
    assert {o.tile for o in editing.tile_offer(PHASE_3, "Q15")} == {"X1", "X4", "X5"}


def test_a_yellow_tile_points_to_the_yellow_triangle_s10_4() -> None:
    """C5's small city points to its yellow triangle towards Glasgow: of tile 3's rotations only those do."""
    offered = {o.tile: o.rotations for o in editing.tile_offer(EARLY, "C5")}
    assert offered["3"] == (4, 5)
    assert _refused(editing.lay_tile, EARLY, "C5", "3", 3) == ("tiles C5", TILE_LAY)


def test_an_upgrade_keeps_the_track_and_the_station_marker_s10_4() -> None:
    """York (K19: tile 57 with YNM's marker) upgraded to green: the marker stays on the city."""
    assert _refused(editing.lay_tile, PHASE_3, "K19", "14", 2) == ("K19 (York)", TILE_LAY)
    upgraded = editing.lay_tile(PHASE_3, "K19", "14", 0)
    assert upgraded.stations["K19"] == (("YNM",),)
    assert _refused(editing.lay_tile, PHASE_3, "K19", "X9", 0) == ("K19 (York)", TILE_LAY)


def test_glasgows_markers_keep_their_spaces_on_the_green_tile_s10_4() -> None:
    """Glasgow (D6) holds GA in its SW space and GC in its NW one: the green tile keeps both where they were."""
    green = editing.lay_tile(PHASE_3, "D6", "X5", 0)
    assert green.stations["D6"] == (("GA",), ("GC",), ())
    assert board_problems(green) == []


def test_london_upgraded_keeps_its_six_parts_and_their_markers_s10_4() -> None:
    assert [o.tile for o in editing.tile_offer(PHASE_3, "U23")] == ["X9"]
    green = editing.lay_tile(PHASE_3, "U23", "X9", 0)
    assert green.stations["U23"] == EARLY.stations["U23"]


def test_a_y_city_upgraded_to_brown_takes_the_most_exits_s10_4() -> None:
    """Sheffield (M17) with a green Y tile in phase 5: tile 801 (four exits) is refused while 623 (six) fits and is
    in the box; the offer holds only the brown tiles with the most exits."""
    green = position("5", [("M17", "207", 0)], {}, {})
    brown = {o.tile for o in editing.tile_offer(green, "M17")}
    assert "801" not in brown and "623" in brown
    assert _refused(editing.lay_tile, green, "M17", "801", 0) == ("tiles M17", TILE_LAY)


def test_a_tile_is_removed_and_its_marker_goes_back_to_the_printed_city() -> None:
    removed = editing.remove_tile(EARLY, "K19")
    assert "K19" not in removed.tiles and removed.stations["K19"] == (("YNM",),)
    assert _refused(editing.remove_tile, EARLY, "N10") == ("N10", TILE_LAY)


def test_unknown_tile_rotation_and_off_board_hex_are_named() -> None:
    assert _refused(editing.lay_tile, EARLY, "N10", "999", 0) == ("N10", "board data")
    assert _refused(editing.lay_tile, EARLY, "N10", "7", 6) == ("N10", "format")
    assert _refused(editing.lay_tile, EARLY, "S29", "7", 0) == ("S29", TILE_LAY)  # Harwich, a red area
    assert _refused(editing.lay_tile, EARLY, "Z99", "7", 0) == ("Z99", TILE_LAY)
    assert editing.tile_offer(EARLY, "S29") == [] and editing.tile_offer(EARLY, "Z99") == []


# Station markers (§10.5)


def test_a_public_may_hold_two_markers_in_london_only_s10_5() -> None:
    """London's parts are nodes of U23: a public places in two parts (London, by merger or takeover), but not twice
    in Manchester; a System may (by merger)."""
    london = editing.place_marker(editing.place_marker(EARLY, "U23", 2, "LNW"), "U23", 1, "LNW")
    assert london.stations["U23"][1] == ("LR", "LNW") and london.stations["U23"][2] == ("LNW",)
    manchester = editing.place_marker(EARLY, "M15", 0, "MR")
    assert _refused(editing.place_marker, manchester, "M15", 2, "MR") == ("stations M15", MARKERS)
    system = editing.place_marker(editing.place_marker(EARLY, "M15", 0, "LMS"), "M15", 2, "LMS")
    assert board_problems(system) == []


def test_a_minors_home_space_is_not_held_back_when_copying_the_table_s10_5_reading() -> None:
    """London(SW) holds LB and is LS's home too; LS is not in play. §10.5 keeps a space for a minor "not yet
    started" before phase 5, but an absent minor may also have closed (§11) or merged (§12): the position cannot tell,
    so the marker is placed (docs/routes-18bf.md, "Reserved spaces are not checked")."""
    assert editing.place_marker(EARLY, "U23", 0, "LNW").stations["U23"][0] == ("LB", "LNW")
    assert _refused(editing.place_marker, editing.place_marker(EARLY, "U23", 0, "LNW"), "U23", 0, "LS") == (
        "U23 (London)",
        MARKERS,
    )


def test_no_marker_on_a_full_space_nor_where_there_is_no_city_s10_5() -> None:
    assert _refused(editing.place_marker, EARLY, "K19", 0, "NER") == ("K19 (York)", MARKERS)
    assert _refused(editing.place_marker, EARLY, "N10", 0, "NER") == ("N10", MARKERS)
    assert _refused(editing.place_marker, EARLY, "U23", 6, "NER") == ("U23 (London)", MARKERS)


def test_no_more_markers_than_the_company_has_s10_5() -> None:
    """A minor has one station marker."""
    assert _refused(editing.place_marker, EARLY, "M15", 0, "YNM") == ("company YNM", MARKERS)


def test_a_minor_in_play_keeps_its_home_marker_s10_5_s19() -> None:
    assert _refused(editing.remove_marker, EARLY, "K19", 0, "YNM") == ("company YNM", HOME)
    out = editing.remove_company(EARLY, "YNM")
    assert "K19" not in editing.remove_marker(out, "K19", 0, "YNM").stations
    assert _refused(editing.remove_marker, EARLY, "K19", 0, "NER") == ("K19 (York)", editing.COMPANIES)


def test_an_unknown_company_is_named() -> None:
    assert _refused(editing.place_marker, EARLY, "U23", 2, "XYZ") == ("company 'XYZ'", editing.COMPANIES)
    assert _refused(editing.set_trains, EARLY, "XYZ", ["2"]) == ("company 'XYZ'", editing.COMPANIES)
    assert _refused(editing.remove_company, EARLY, "NER") == ("company NER", editing.COMPANIES)


def test_the_companies_offered_hold_markers_and_trains_those_in_play_first_s7() -> None:
    """Privates, ferries and undergrounds hold no station marker and no train (§7.1): the page does not offer them."""
    offered = operating(editing.RULES, EARLY)
    assert offered[: len(EARLY.companies)] == [c for c in EARLY.board.companies if c in EARLY.companies]
    kinds = {EARLY.board.companies[c].kind for c in offered}
    assert kinds == {"minor", "public", "system"} and len(offered) == len(set(offered))


# Trains and phases (§8, §10.10)


def test_trains_are_table_4s_in_their_phase_within_the_limit_s8_s10_10() -> None:
    assert editing.set_trains(PHASE_3, "LB", ["2", "3"]).companies["LB"].trains == ("2", "3")
    assert _refused(editing.set_trains, EARLY, "LB", ["2", "2", "2"]) == ("company LB", PHASES)
    assert _refused(editing.set_trains, EARLY, "LB", ["9"]) == ("company LB train 9", TABLE_4)
    assert _refused(editing.set_trains, EARLY, "LB", ["4"]) == ("company LB train 4", TABLE_4)
    assert "9" not in train_sides()


def test_the_5_5e_is_a_systems_one_train_s10_10() -> None:
    late = position("8", [], {}, {"LMS": [], "NER": []})
    assert editing.set_trains(late, "LMS", ["5+5E"]).companies["LMS"].trains == ("5+5E",)
    assert _refused(editing.set_trains, late, "NER", ["5+5E"]) == ("company NER train 5+5E", TABLE_4)
    assert _refused(editing.set_trains, late, "LMS", ["5+5E", "5+5E"])[1] in (TRAINS, TABLE_4)


def test_a_minor_enters_play_with_its_home_marker_s10_5() -> None:
    assert _refused(editing.set_trains, EARLY, "BE", ["2"]) == ("company BE", HOME)
    homed = editing.place_marker(EARLY, "U13", 0, "BE")
    assert editing.set_trains(homed, "BE", ["2"]).companies["BE"].trains == ("2",)


def test_phase_4_makes_the_2_trains_obsolete_s8() -> None:
    """The early example's nine minors each hold a 2: phase 4 is refused, naming each company's train."""
    with pytest.raises(InputError) as exc:
        editing.set_phase(EARLY, "4")
    assert {p.where for p in exc.value.problems} == {f"company {c} train 2" for c in EARLY.companies}
    assert _refused(editing.set_phase, EARLY, "9") == ("phase", PHASES)


def test_back_to_phase_2_with_a_green_tile_is_refused_s8() -> None:
    green = editing.lay_tile(PHASE_3, "K19", "14", 0)
    assert _refused(editing.set_phase, green, "2") == ("tiles K19", PHASES)


# Properties

LAND = sorted(h for h, x in EARLY.board.hexes.items() if x.kind == "land")
CITIES = sorted((h, i) for h in EARLY.board.hexes for i, n in enumerate(EARLY.face(h).nodes) if n.slots)
COMPANIES = sorted(c for c, info in EARLY.board.companies.items() if info.kind in ("minor", "public", "system"))


def _edit(data: st.DataObject, pos: BoardPosition) -> BoardPosition:
    """One edit drawn by hypothesis: a tile from the offer of a hex (it must be accepted), or a marker, trains or a
    phase that may be refused (then the position must be unchanged)."""
    kind = data.draw(st.sampled_from(["lay", "lay", "marker", "trains", "phase", "remove"]))
    if kind == "lay":
        hex_ = data.draw(st.sampled_from(LAND))
        offers = editing.tile_offer(pos, hex_)
        if not offers:
            return pos
        option = data.draw(st.sampled_from(offers))
        return editing.lay_tile(pos, hex_, option.tile, data.draw(st.sampled_from(option.rotations)))
    if kind == "marker":
        hex_, node = data.draw(st.sampled_from(CITIES))
        edit: Any = lambda: editing.place_marker(pos, hex_, node, data.draw(st.sampled_from(COMPANIES)))  # noqa: E731
    elif kind == "trains":
        trains = data.draw(st.lists(st.sampled_from(sorted(train_sides())), max_size=3))
        edit = lambda: editing.set_trains(pos, data.draw(st.sampled_from(COMPANIES)), trains)  # noqa: E731
    elif kind == "phase":
        edit = lambda: editing.set_phase(pos, data.draw(st.sampled_from(pos.board.phases)))  # noqa: E731
    else:
        edit = lambda: editing.remove_tile(pos, data.draw(st.sampled_from(sorted(pos.tiles))))  # noqa: E731
    before = position_to_data(pos)
    try:
        return edit()  # type: ignore[no-any-return]
    except InputError:
        assert position_to_data(pos) == before
        return pos


@settings(max_examples=20)
@given(st.data())
def test_offered_edits_keep_a_legal_board_legal_and_refused_ones_change_nothing(data: st.DataObject) -> None:
    pos = PHASE_3
    for _ in range(6):
        pos = _edit(data, pos)
        assert board_problems(pos) == []
        assert editing.edit_problems(pos) == []


@settings(max_examples=8)
@given(st.sampled_from(LAND))
def test_every_offered_rotation_is_one_lay_tile_accepts(hex_: str) -> None:
    for option in editing.tile_offer(PHASE_3, hex_):
        for rotation in option.rotations:
            laid = editing.lay_tile(PHASE_3, hex_, option.tile, rotation)
            assert laid.tiles[hex_].tile == option.tile and board_problems(laid) == []
