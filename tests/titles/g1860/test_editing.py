"""Edits of an 1860 board (solver/titles/g1860/editing.py, docs/board-1860.md "Editing"): each refused edit names the
hex or company and the rule and changes nothing; the company's lay rules when it is named (Laying Track, RB
L483-L485; Upgrading Track, RB L495-L499) and the rules of the bases it builds (Building Bases, RB L509, L511, from
the early example and the recorded games, with the bad file tests/titles/g1860/data/build-bad/); properties: every
offered tile lays and keeps the position valid, and a lay or a base followed by its undo gives the position back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.core.tile_lays import markers_by_company
from solver.errors import InputError
from solver.titles.g1860 import editing, rulebook
from solver.titles.g1860.board_rules import build_problems, position_problems
from solver.titles.g1860.importer import import_game

EARLY_FILE = Path(__file__).parents[3] / "examples" / "position-1860-early.json"
GAMES = Path(__file__).parents[3] / "tests" / "data" / "importer" / "1860"
EARLY: BoardPosition = load_any_position(EARLY_FILE)  # type: ignore[assignment]


def _changed(position: BoardPosition, **changes: Any) -> BoardPosition:
    return parse_position({**position_to_data(position), **changes})


#: The early example in phase 3.
PHASE_3 = editing.set_phase(EARLY, "3")


def _refused(edit: Any, *args: Any) -> tuple[str, str]:
    with pytest.raises(InputError) as exc:
        edit(*args)
    problem = exc.value.problems[0]
    return problem.where, problem.rule


def _brading(trains: list[str]) -> BoardPosition:
    """IOW's line of the rulebook's example (Upgrading Track, RB L495): Ryde Esplanade I3 (its home), Ryde J4 and
    Brading J6 joined by yellow tiles, phase 3."""
    tiles = [t for t in position_to_data(PHASE_3)["tiles"] if t["hex"] != "J4"]
    tiles += [{"hex": "J4", "tile": "6", "rotation": 0}, {"hex": "J6", "tile": "746", "rotation": 0}]
    companies = {**position_to_data(PHASE_3)["companies"], "IOW": {"trains": trains, "rules": {}}}
    return _changed(PHASE_3, tiles=tiles, companies=companies)


def test_iow_cannot_upgrade_brading_with_a_2_1_rb_l495() -> None:
    """The rulebook's own example: from Ryde Esplanade a 2+1 does not reach Brading (three large stations)."""
    assert _refused(editing.lay_tile, _brading(["2+1"]), "J6", "757", 0, "IOW") == (
        "J6 (Brading)",
        rulebook.UPGRADE_REACH,
    )
    assert editing.tile_offer(_brading(["2+1"]), "J6", "IOW") == []
    offered = editing.tile_offer(_brading(["3+2"]), "J6", "IOW")
    assert {o.tile for o in offered} == {"757", "762"}
    editing.lay_tile(_brading(["3+2"]), "J6", offered[0].tile, offered[0].rotations[0], "IOW")


def test_copying_the_board_needs_no_company_to_reach_the_tile() -> None:
    """No company named: only what is on the board is checked (like 1862's editing)."""
    after = editing.lay_tile(_brading(["2+1"]), "J6", "757", 0)
    assert after.tiles["J6"].tile == "757"


def test_a_company_without_a_train_cannot_upgrade_rb_l499() -> None:
    position = _changed(
        _brading(["3+2"]),
        companies={**position_to_data(_brading(["3+2"]))["companies"], "IOW": {"trains": [], "rules": {}}},
    )
    where, rule = _refused(editing.lay_tile, position, "J4", "12", 0, "IOW")
    assert (where, rule) == ("J4 (Ryde)", rulebook.UPGRADE_REACH)


def test_a_first_tile_connects_with_qualifying_track_rb_l483() -> None:
    assert _refused(editing.lay_tile, EARLY, "K7", "7", 1, "IOW") == ("K7", rulebook.QUALIFYING_TRACK)
    editing.lay_tile(EARLY, "K7", "7", 1)  # copying the table: no company, no reach


def test_no_track_after_the_southern_and_its_stock_round_rb_l656() -> None:
    southern = _changed(EARLY, rules={"halts_ignored": True})
    assert _refused(editing.lay_tile, southern, "K7", "7", 1, "IOW") == ("K7", rulebook.NO_BUILDING_AFTER_SOUTHERN)
    assert editing.tile_offer(southern, "J4", "IOW") == editing.tile_offer(southern, "K7", "IOW") == []


def test_yellow_does_not_replace_yellow_rb_l491() -> None:
    where, rule = _refused(editing.lay_tile, EARLY, "F4", "741", 0)
    assert (where, rule) == ("F4 (Cement Mills)", rulebook.KEEP_TRACK)


def test_green_waits_for_phase_3_rb_l491() -> None:
    assert _refused(editing.lay_tile, EARLY, "G5", "763", 0) == ("G5 (Newport)", rulebook.PHASE_TILES)


def test_the_ryde_tile_is_laid_joining_ryde_pier_only_rb_l473() -> None:
    assert [(o.tile, o.rotations) for o in editing.tile_offer(PHASE_3, "I3")] == [("758", (0,))]


def test_upgrade_keeps_the_bases_in_place_rb_l505() -> None:
    """C&N's base on Newport's printed town stays on Newport (node 0), not on Shide, when 763 is laid."""
    based = editing.place_marker(PHASE_3, "G5", 0, "C&N")
    after = editing.lay_tile(based, "G5", "763", 0)
    assert after.stations["G5"] == (("C&N",), ())
    assert after.board.tiles["763"].face.nodes[0].name == "Newport"


def test_removing_a_tile_takes_its_bases_back_to_the_printed_town() -> None:
    after = editing.remove_tile(EARLY, "F2")
    assert after.stations["F2"] == (("C&N",), (), ())
    assert "F2" not in after.tiles


def test_removing_a_tile_refuses_a_base_on_a_station_the_hex_does_not_print() -> None:
    shide = editing.place_marker(editing.lay_tile(PHASE_3, "G5", "763", 0), "G5", 1, "C&N")
    assert _refused(editing.remove_tile, shide, "G5") == ("G5 (Newport)", rulebook.KEEP_TRACK)


def test_no_base_on_a_full_station_rb_l511() -> None:
    assert _refused(editing.place_marker, EARLY, "F2", 0, "IOW") == ("F2 (Cowes)", rulebook.BASE_REACH)


def test_no_base_on_a_halt_rb_l511() -> None:
    assert _refused(editing.place_marker, EARLY, "F2", 2, "IOW") == ("F2 (Cowes)", rulebook.BASE_REACH)


BUILD_BAD = Path(__file__).parent / "data" / "build-bad"


def test_a_base_built_on_its_turn_is_on_a_station_the_company_reaches_rb_l511() -> None:
    """The early example: C&N's bases at Cowes reach Newport (G5) by track; IOW's at Ryde Esplanade do not."""
    assert _refused(editing.place_marker, EARLY, "G5", 0, "IOW", True) == ("G5 (Newport)", rulebook.BASE_REACH)
    assert editing.place_marker(EARLY, "G5", 0, "C&N", True).stations["G5"] == (("C&N",),)
    assert editing.place_marker(EARLY, "G5", 0, "IOW").stations["G5"] == (("IOW",),)  # copying the table


def test_the_bad_file_holds_a_base_its_company_could_not_have_built_rb_l511() -> None:
    """tests/titles/g1860/data/build-bad/base-out-of-reach.json: a valid board (copied from the table, its bases
    may have been built when reached), whose IOW base on Newport is refused when IOW builds it on its turn."""
    position = load_any_position(BUILD_BAD / "base-out-of-reach.json")
    assert isinstance(position, BoardPosition) and position_problems(position) == []
    without = editing.remove_marker(position, "G5", 0, "IOW")
    assert _refused(editing.place_marker, without, "G5", 0, "IOW", True) == ("G5 (Newport)", rulebook.BASE_REACH)
    assert editing.place_marker(without, "G5", 0, "IOW") == position


def test_no_base_is_built_past_a_tokened_out_station_rb_l511() -> None:
    """A recorded position (1860_game_end_bank.json, the run of action 232): Freshwater (B6) has a free space, and
    C&N's track reaches it only through stations filled by FYN's bases; with FYN's bases turned over (a bankrupt
    company's, RB L691) C&N may build there."""
    run = next(r for r in import_game(GAMES / "1860_game_end_bank.json") if r.action_id == 232)
    where, rule = _refused(editing.place_marker, run.position, "B6", 0, "C&N", True)
    assert (where, rule) == ("B6 (Freshwater)", rulebook.BASE_REACH)
    turned = _changed(run.position, rules={**run.position.rules, "flipped": ["FYN"]})
    assert editing.place_marker(turned, "B6", 0, "C&N", True).stations["B6"] == (("C&N",),)


def test_every_base_built_in_the_recorded_games_was_on_a_reached_station_rb_l511() -> None:
    """Each base a company has at a run of the recorded games that it did not have at its previous run (or, at its
    first run, beside its home base) was built on its turn: without it, the board at that run lets the company build
    it (bases are built after the tiles, before the run, RB L437-L441)."""
    checked = 0
    for game in sorted(GAMES.glob("*.json")):
        last: dict[str, set[tuple[str, int]]] = {}
        for run in import_game(game):
            position, company = run.position, run.company
            now = set(markers_by_company(position).get(company, []))
            info = position.board.companies[company]
            before = last.get(company, {(info.home or "", info.home_node)})
            last[company] = now
            for hex_, node in sorted(now - before):
                without = editing.remove_marker(position, hex_, node, company)
                assert build_problems(without, hex_, node, company) == [], (game.stem, run.action_id, hex_)
                checked += 1
    assert checked == 21


def test_the_first_base_is_the_home_base_rb_l509() -> None:
    """A company in play with no base on the map (a board copied with that fault) builds its home base first."""
    homeless = _changed(EARLY, stations={h: n for h, n in position_to_data(EARLY)["stations"].items() if h != "G7"})
    assert _refused(editing.place_marker, homeless, "G5", 0, "IWNJ", True) == ("company IWNJ", rulebook.HOME_BASE)
    assert editing.place_marker(homeless, "G7", 0, "IWNJ", True).stations["G7"][0] == ("IWNJ",)


def test_no_base_is_built_after_the_southern_and_its_stock_round_rb_l656() -> None:
    southern = _changed(EARLY, rules={"halts_ignored": True})
    where, rule = _refused(editing.place_marker, southern, "G5", 0, "C&N", True)
    assert (where, rule) == ("G5 (Newport)", rulebook.NO_BUILDING_AFTER_SOUTHERN)


def test_one_base_per_hex_rb_l517() -> None:
    ventnor = editing.place_marker(editing.lay_tile(PHASE_3, "I11", "760", 0), "I11", 0, "IOW")
    assert _refused(editing.place_marker, ventnor, "I11", 1, "IOW") == ("I11 (Ventnor)", rulebook.ONE_BASE_PER_HEX)


def test_no_more_bases_than_tokens_rb_l509() -> None:
    two = editing.place_marker(editing.place_marker(EARLY, "G9", 0, "NGStL"), "J4", 0, "NGStL")
    assert _refused(editing.place_marker, two, "B6", 0, "NGStL") == ("company NGStL", rulebook.BASE_COUNT)


def test_trains_within_the_limit_rb_l612() -> None:
    assert _refused(editing.set_trains, EARLY, "C&N", ["2+1"] * 4) == ("trains 2+1", rulebook.TRAIN_COUNTS)
    alone = _changed(EARLY, companies={"C&N": {"trains": []}})
    assert _refused(editing.set_trains, alone, "C&N", ["2+1"] * 5) == ("companies C&N.trains", rulebook.TRAIN_LIMIT)
    no_limit = editing.set_option(alone, "no_train_limit", True)
    assert editing.set_trains(no_limit, "C&N", ["2+1"] * 5).companies["C&N"].trains == ("2+1",) * 5
    assert _refused(editing.set_option, no_limit, "limitless", True) == ("rules.limitless", rulebook.TRAIN_LIMIT)


def test_a_company_enters_play_after_its_home_base() -> None:
    assert _refused(editing.set_trains, EARLY, "NGStL", ["2+1"]) == ("company NGStL", rulebook.HOME_BASE)
    homed = editing.place_marker(EARLY, "G9", 0, "NGStL")
    assert editing.set_trains(homed, "NGStL", []).companies["NGStL"].trains == ()


def test_phase_4_rusts_the_2_1_rb_l293() -> None:
    assert _refused(editing.set_phase, EARLY, "4") == ("companies C&N.trains", rulebook.PHASE_TRAINS)


def test_unknown_tile_company_and_hex_are_named() -> None:
    assert _refused(editing.lay_tile, EARLY, "K7", "999", 0) == ("K7", rulebook.TILES_IN_BOX)
    assert _refused(editing.lay_tile, EARLY, "J2", "7", 0)[0] == "J2"
    assert _refused(editing.place_marker, EARLY, "G9", 0, "GWR") == ("company 'GWR'", rulebook.BASE_COUNT)


def test_a_refused_edit_changes_nothing() -> None:
    before = position_to_data(EARLY)
    with pytest.raises(InputError):
        editing.set_trains(EARLY, "C&N", ["2+1"] * 5)
    assert position_to_data(EARLY) == before


LAND = sorted(h for h, x in EARLY.board.hexes.items() if x.kind == "land")


@settings(max_examples=25, deadline=None)
@given(hex_=st.sampled_from(LAND), phase=st.sampled_from([EARLY, PHASE_3]), data=st.data())
def test_every_offered_tile_lays_and_keeps_the_position_valid(
    hex_: str, phase: BoardPosition, data: st.DataObject
) -> None:
    offers = editing.tile_offer(phase, hex_)
    if not offers:
        return
    offer = data.draw(st.sampled_from(offers))
    rotation = data.draw(st.sampled_from(offer.rotations))
    after = editing.lay_tile(phase, hex_, offer.tile, rotation)
    assert position_problems(after) == []
    if hex_ not in phase.tiles:
        assert position_to_data(editing.remove_tile(after, hex_)) == position_to_data(phase)


@settings(max_examples=25, deadline=None)
@given(hex_=st.sampled_from(LAND), company=st.sampled_from(sorted(EARLY.board.companies)))
def test_a_base_and_its_removal_give_the_position_back(hex_: str, company: str) -> None:
    for node, spot in enumerate(PHASE_3.face(hex_).nodes):
        try:
            after = editing.place_marker(PHASE_3, hex_, node, company)
        except InputError as exc:
            assert exc.problems  # refused with a reason
            continue
        assert spot.slots > 0 and position_problems(after) == []
        assert position_to_data(editing.remove_marker(after, hex_, node, company)) == position_to_data(PHASE_3)
