"""One test per single-route rule (7.4, 7.6.5, 7.8, 7.8.1-7.8.3): the evaluator names the rule, train and hex.

Most use the 7.8.4 board (examples/rulebook/lh-multiple-types.json: the L&H at King's Lynn C4 and Wisbech B5,
phase D, with a 3L, a 4E and a 5F), changed where a test needs it.
"""

from __future__ import annotations

import pytest

from routes.conftest import RouteKit
from solver.errors import InputError
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import RouteSpec


@pytest.fixture
def lh(kit: RouteKit) -> Position:
    return kit.rulebook_position("lh-multiple-types")


# ---------------------------------------------------------------- continuous track (7.4)


def test_route_through_a_hex_without_track_is_illegal(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "B5 C6 C8"))  # C6 Downham Market has no tile
    assert not ev.legal
    assert kit.has(ev, "7.4", "train 4E", "C6", "no tile")


def test_route_between_hexes_that_are_not_adjacent_is_illegal(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "C4 E2"))
    assert kit.has(ev, "7.4", "4E", "C4", "E2", "not adjacent")


def test_route_must_follow_the_track_inside_a_village_hex(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "C4 D3 E4"))  # D3's track joins C4 and E2, not E4
    assert kit.has(ev, "7.4", "4E", "D3", "no track")


def test_route_hex_off_the_map_is_illegal(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "C4 Z9"))
    assert kit.has(ev, "7.4", "Z9", "not a hex of the map")


# ---------------------------------------------------------------- no station twice, no segment twice (7.4)


def test_route_may_not_reach_a_station_twice_nor_reuse_a_segment(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("3L", "C4 D5 C4"))
    assert kit.has(ev, "7.4", "3L", "C4", "2 times")
    assert kit.has(ev, "7.4", "3L", "same track segment")


# ---------------------------------------------------------------- red areas and ports (7.4, 7.8)


def test_offboard_area_is_terminal(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("5F", "B5 A6 B7"))
    assert kit.has(ev, "7.4", "5F", "A6", "route ends there")


def test_port_to_port_is_illegal(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "D1 E2 F1"))  # both nodes of the Wells port
    assert kit.has(ev, "7.8", "4E", "port to a port")


def test_red_area_to_red_area_is_illegal(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("5F", "A6 B5 B7 B9 A10"))  # Midlands to The West
    assert kit.has(ev, "7.8", "5F", "A6", "A10", "red off-board area to a red off-board area")


# ---------------------------------------------------------------- towns full of other companies' markers (7.4)


def test_route_may_not_pass_through_a_town_full_of_other_markers(kit: RouteKit) -> None:
    position = kit.rulebook_position("lh-multiple-types", stations={"B5": ["L&H"], "C4": ["L&H"], "B7": ["WStI"]})
    ev = kit.run(position, "L&H", ("4E", "A10 B9 B7 B5"))
    assert not ev.legal
    assert kit.has(ev, "7.4", "4E", "B7", "full of other companies")


def test_route_may_end_at_a_town_full_of_other_markers(kit: RouteKit) -> None:
    position = kit.rulebook_position("lh-multiple-types", stations={"B5": ["L&H"], "C4": ["L&H"], "B7": ["WStI"]})
    ev = kit.run(position, "L&H", ("4E", "C4 B5 B7"))
    assert ev.legal
    assert ev.revenue == 50 + 30 + 20


# ---------------------------------------------------------------- own marker, London (7.4, 7.6.5)


def test_route_must_include_one_of_the_companys_markers(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "A10 B9 B7"))
    assert kit.has(ev, "7.4", "4E", "none of L&H's station markers")


def test_london_marker_does_not_count_as_the_routes_marker(kit: RouteKit) -> None:
    position = kit.rulebook_position("colchester-london", stations={})
    ev = kit.run(position, "EUR", ("5F", "E12 D13 D15"))
    assert kit.has(ev, "7.4", "5F", "London markers do not count")


def test_route_into_london_needs_a_london_link(kit: RouteKit) -> None:
    position = kit.rulebook_position("colchester-london", london=[])
    ev = kit.run(position, "EUR", ("5F", "E12 D13 D15"))
    assert kit.has(ev, "7.6.5", "5F", "D15", "London")


def test_route_may_not_be_traced_out_of_london(kit: RouteKit) -> None:
    position = kit.rulebook_position("colchester-london")
    ev = kit.run(position, "EUR", ("5F", "E12 D13 D15 C14"))
    assert not ev.legal
    assert kit.has(ev, "7.4", "5F", "D15", "route ends there")


# ---------------------------------------------------------------- ends and stops (7.8 first bullet)


def test_route_may_not_end_at_a_small_station(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "C4 D3"))
    assert kit.has(ev, "7.8", "4E", "D3", "not a village")


def test_route_needs_two_large_stations_or_one_and_an_area(kit: RouteKit) -> None:
    tiles = [{"hex": "B3", "tile": "8850", "rotation": 2}, {"hex": "C4", "tile": "793", "rotation": 4}]
    position = kit.position(
        {
            "tiles": tiles,
            "stations": {"C4": ["L&H"]},
            "companies": [{"id": "L&H", "trains": ["5F"], "permits": ["freight"]}],
        }
    )
    ev = kit.run(position, "L&H", ("5F", "A2 B3 A4"))  # Midlands to Midlands past Holbeach's small station
    assert kit.has(ev, "7.8", "5F", "at least two large stations")
    assert kit.has(ev, "7.8", "red off-board area to a red off-board area")


# ---------------------------------------------------------------- reach of each train type (7.8.1-7.8.3)


def test_freight_travels_at_most_n_hexes_after_its_start(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("5F", "A10 B9 B7 B5 C4 D3 E2"))
    assert kit.has(ev, "7.8.1", "5F", "E2", "at most 5 hexes", "travels 6")


def test_entering_an_offboard_hex_counts_as_a_hex_for_freight(kit: RouteKit, lh: Position) -> None:
    ok = kit.run(lh, "L&H", ("5F", "A6 B5 C4 D3 E2 D1"))
    assert ok.legal and ok.trains[0].hexes == ("A6", "B5", "C4", "D3", "E2", "D1")
    position = kit.rulebook_position("chain-f2-f3")
    ev = kit.run(position, "L&H", ("3F", "A6 B5 C4 D3"))  # 3 hexes after the Midlands, but ends in a village
    assert not ev.legal
    ev = kit.run(position, "L&H", ("2F", "A6 B5 C4"))
    assert ev.legal
    ev = kit.run(position, "L&H", ("2F", "D1 E2 D3 C4"))
    assert kit.has(ev, "7.8.1", "2F", "at most 2 hexes")


def test_local_may_not_run_to_an_offboard_area(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("3L", "C4 B5 A6"))
    assert kit.has(ev, "7.8.2", "3L", "A6", "Local train may not run to an off-board area")


def test_local_visits_at_most_m_large_stations(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("3L", "E4 E6 D5 C4 B5"))
    assert kit.has(ev, "7.8.2", "3L", "B5", "at most 3 large stations", "visits 4")


def test_express_visits_at_most_m_large_stations_and_areas(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "A10 B9 B7 B5 C4"))
    assert kit.has(ev, "7.8.3", "4E", "C4", "at most 4", "visits 5")


def test_express_does_not_count_small_stations_towards_m(kit: RouteKit) -> None:
    position = kit.rulebook_position("west-norfolk")
    ev = kit.run(position, "WNR", ("3E", "C2 C4 D3 E2"))  # port, King's Lynn, (Hunstanton), Wells
    assert ev.legal


# ---------------------------------------------------------------- permits (7.8, 7.9)


def test_train_without_a_permit_may_not_run(kit: RouteKit) -> None:
    position = kit.rulebook_position(
        "lh-multiple-types",
        companies=[{"id": "L&H", "trains": ["3L", "4E", "5F"], "permits": ["freight", "express"]}],
    )
    ev = kit.run(position, "L&H", ("3L", "C4 D5 E6 E4"))
    assert kit.has(ev, "7.8", "3L", "no local permit")


def test_every_rule_broken_is_listed(kit: RouteKit, lh: Position) -> None:
    ev = kit.run(lh, "L&H", ("4E", "A10 B9 B7 B5 C4"), ("3L", "C4 B5 A6"))
    assert {"7.8.3", "7.8.2"} <= {p.rule for p in ev.problems}
    assert all(p.where.startswith("train ") for p in ev.problems)


# ---------------------------------------------------------------- input that cannot be judged


def test_unknown_company_is_an_input_error(lh: Position) -> None:
    with pytest.raises(InputError) as err:
        evaluate(lh, "XYZ", [RouteSpec("3L", ("C4", "D5"))])
    assert "XYZ" in str(err.value) and "L&H" in str(err.value)


def test_train_the_company_does_not_own_is_an_input_error(lh: Position) -> None:
    with pytest.raises(InputError) as err:
        evaluate(lh, "L&H", [RouteSpec("6F", ("C4", "D5"))])
    assert "does not own a 6F" in str(err.value)


def test_not_a_train_name_is_an_input_error(lh: Position) -> None:
    with pytest.raises(InputError) as err:
        evaluate(lh, "L&H", [RouteSpec("9Q", ("C4", "D5"))])
    assert err.value.problems[0].rule == "2.2"


def test_more_routes_than_trains_of_that_name_is_an_input_error(lh: Position) -> None:
    with pytest.raises(InputError) as err:
        evaluate(lh, "L&H", [RouteSpec("3L", ("C4", "D5")), RouteSpec("3L", ("D5", "E6", "E4"))])
    assert "2 routes are given for 3L but L&H has 1" in str(err.value)


def test_train_names_are_read_either_way_round(kit: RouteKit, lh: Position) -> None:
    a = evaluate(lh, "L&H", [RouteSpec("E4", ("C4", "B5", "B7", "B9"))])
    b = evaluate(lh, "L&H", [RouteSpec("4E", ("C4", "B5", "B7", "B9"))])
    assert a.legal and b.legal
    assert a.revenue == b.revenue == 50 + 30 + 20 + 60
