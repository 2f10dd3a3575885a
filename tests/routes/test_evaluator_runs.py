"""Rules of a whole run (7.8 second bullet), Freight chains and permanent Freight (7.8.1, 11.2), and the
once-only scoring with N/M drops (7.8, 7.8.2, 7.8.3), including where 18xx.games differs from the rulebook."""

from __future__ import annotations

from typing import Any

import pytest

from routes.conftest import RouteKit
from solver.titles.g1862.position import Position, position_to_dict

# ---------------------------------------------------------------- the main run and connected runs (7.8)


def test_one_run_must_include_the_home_station(kit: RouteKit) -> None:
    position = kit.rulebook_position("lh-multiple-types")
    ev = kit.run(position, "L&H", ("4E", "A10 B9 B7 B5"))  # reaches the Wisbech marker, not King's Lynn
    assert kit.has(ev, "7.8", "L&H", "home station", "C4")


def test_every_run_must_intersect_the_main_run_at_a_large_station(kit: RouteKit) -> None:
    position = kit.rulebook_position("lh-multiple-types")
    ev = kit.run(position, "L&H", ("3L", "C4 D5 E6 E4"), ("4E", "A10 B9 B7 B5"))
    assert not ev.legal
    assert kit.has(ev, "7.8", "train 4E", "does not intersect the main run")


def test_runs_may_connect_through_a_chain_of_runs(kit: RouteKit) -> None:
    position = kit.rulebook_position("lh-multiple-types")
    ev = kit.run(
        position, "L&H", ("3L", "C4 D5 E6 E4"), ("5F", "A6 B5 C4 D3 E2 D1"), ("4E", "A10 B9 B7 B5")
    )  # the Express meets the Freight at Wisbech, the Freight meets the Local (main run) at King's Lynn
    assert ev.legal


def _midlands_board(kit: RouteKit) -> Position:
    """The WStI (home Wisbech B5, also at March B7), phase D: both towns reach the Midlands node A6 and each
    other."""
    return kit.position(
        {
            "tiles": [{"hex": "B5", "tile": "14", "rotation": 0}, {"hex": "B7", "tile": "5", "rotation": 2}],
            "stations": {"B5": ["WStI"], "B7": ["WStI"]},
            "companies": [{"id": "WStI", "trains": ["2E", "2/3E"], "permits": ["express"]}],
        }
    )


def test_runs_meeting_only_at_an_offboard_area_are_not_connected(kit: RouteKit) -> None:
    # 18xx.games accepts any shared stop; the rulebook wants a large station (7.8 second bullet).
    ev = kit.run(_midlands_board(kit), "WStI", ("2E", "B5 A6"), ("2/3E", "B7 A6"))
    assert not ev.legal
    assert kit.has(ev, "7.8", "2/3E", "shares only Midlands (A6)", "large station")


def test_runs_meeting_at_a_large_station_are_connected(kit: RouteKit) -> None:
    ev = kit.run(_midlands_board(kit), "WStI", ("2E", "B5 A6"), ("2/3E", "B7 B5"))
    assert ev.legal
    assert ev.revenue == 30 + 90 + 20  # Wisbech and the Midlands; March (Wisbech is scored once)


def test_crossing_a_village_hex_on_another_track_does_not_connect_runs(kit: RouteKit) -> None:
    # Watton E6 with green tile 19: one line Fakenham-Thetford (with the small station), one Swaffham-Norwich.
    position = kit.position(
        {
            "phase": "D",
            "tiles": [
                {"hex": "E4", "tile": "57", "rotation": 0},
                {"hex": "E8", "tile": "57", "rotation": 0},
                {"hex": "D5", "tile": "5", "rotation": 5},
                {"hex": "F5", "tile": "790", "rotation": 0},
                {"hex": "E6", "tile": "19", "rotation": 0, "small_stations": [[0, 3]]},
            ],
            "stations": {"E4": ["W&F"], "D5": ["W&F"]},
            "companies": [{"id": "W&F", "trains": ["3L", "3E"], "permits": ["local", "express"]}],
        }
    )
    ev = kit.run(position, "W&F", ("3L", "E4 E6 E8"), ("3E", "D5 E6 F5"))
    assert not ev.legal
    assert kit.has(ev, "7.8", "3E", "does not intersect")


def test_a_tokened_out_town_joins_runs_that_both_end_there(kit: RouteKit) -> None:
    position = kit.rulebook_position(
        "lh-multiple-types", stations={"C4": ["L&H"], "B5": ["L&H"], "B9": ["L&H"], "B7": ["WStI"]}
    )
    ev = kit.run(position, "L&H", ("3L", "C4 B5 B7"), ("4E", "A10 B9 B7"))
    assert ev.legal
    both_end_there = ev.revenue
    assert both_end_there == 50 + 30 + 20 + 100 + 60  # March scored once


# ---------------------------------------------------------------- Freight chains (7.8.1)


def test_non_permanent_freights_must_join_end_to_end(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f1-f1-f3")
    ev = kit.run(position, "L&H", ("3F", "D1 E2 D3 C4"), ("1F", "B5 A6"))
    assert not ev.legal
    assert kit.has(ev, "7.8.1", "3F", "1F", "join end to end")


def test_a_chain_may_not_reach_a_station_twice(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f1-f1-f3")
    ev = kit.run(position, "L&H", ("3F", "D1 E2 D3 C4"), ("1F", "C4 B5"), ("1F", "B5 C4"))
    assert not ev.legal
    assert kit.has(ev, "7.8.1", "chain", "C4", "2 times")


def test_a_chain_run_port_to_port_is_illegal(kit: RouteKit) -> None:
    # 18xx.games does not check chained Freight for port-to-port ends.
    position = kit.rulebook_position(
        "chain-f1-f1-f3",
        stations={"E2": ["WNR"]},
        companies=[{"id": "WNR", "trains": ["1F", "1F"], "permits": ["freight"]}],
    )
    ev = kit.run(position, "WNR", ("1F", "D1 E2"), ("1F", "E2 F1"))
    assert not ev.legal
    assert kit.has(ev, "7.8", "chain", "port to a port")
    alone = kit.run(position, "WNR", ("1F", "D1 E2"))
    assert alone.legal and alone.revenue == 90 + 30


def test_a_chain_may_not_join_at_a_town_full_of_other_markers(kit: RouteKit) -> None:
    position = kit.rulebook_position("chain-f2-f3", stations={"C4": ["WNR", "E&H"], "E2": ["L&H"], "B5": ["L&H"]})
    ev = kit.run(position, "L&H", ("3F", "D1 E2 D3 C4"), ("2F", "C4 B5 A6"))
    assert not ev.legal
    assert kit.has(ev, "7.8.1", "C4", "full of other companies")


def _permanent_board(kit: RouteKit, trains: list[str], *, length: str = "standard", phase: str = "E") -> Position:
    """ENR at Cromer F3 and Norwich F5 (russet 80): Cromer port north, Wells west through Fakenham."""
    return kit.position(
        {
            "phase": phase,
            "variant": {"length": length},
            "tiles": [
                {"hex": "F3", "tile": "57", "rotation": 0},
                {"hex": "F5", "tile": "794", "rotation": 0},
                {"hex": "E4", "tile": "14", "rotation": 2},
                {"hex": "E2", "tile": "15", "rotation": 5},
            ],
            "stations": {"F3": ["ENR"], "F5": ["ENR"]},
            "companies": [{"id": "ENR", "trains": trains, "permits": ["freight"]}],
        },
        check_supply=False,
    )


def test_permanent_freights_may_run_separately_and_that_can_beat_joining(kit: RouteKit) -> None:
    # 18xx.games always joins permanent Freight that share an end (its issue 5925); 7.8.1 lets them run apart.
    ev = kit.run(_permanent_board(kit, ["6F", "6F"]), "ENR", ("6F", "F1 F3 F5"), ("6F", "F5 E4 E2"))
    assert ev.legal
    assert [t.chain for t in ev.trains] == [None, None]
    # Separately: port 100 + Norwich 80 + 1 hex at 30; Wells 30 + 1 hex at 20 (Norwich scored once).
    assert [t.revenue for t in ev.trains] == [210, 50]
    assert ev.revenue == 260  # joined it would be port + Wells + 1 hex at 30 = 160


def test_a_non_permanent_freight_must_join_the_permanent_one(kit: RouteKit) -> None:
    ev = kit.run(_permanent_board(kit, ["6F", "5F"]), "ENR", ("6F", "F1 F3 F5"), ("5F", "F5 E4 E2"))
    assert ev.legal
    assert [t.chain for t in ev.trains] == [0, 0]
    assert ev.revenue == 100 + 30 + 30


def test_a_non_permanent_freight_that_cannot_join_the_permanent_one_is_illegal(kit: RouteKit) -> None:
    position = _permanent_board(kit, ["6F", "5F"])
    position = kit.position(
        {
            **_board_dict(position),
            "stations": {"F3": ["ENR"], "F5": ["ENR"], "E4": ["ENR"]},
        },
        check_supply=False,
    )
    ev = kit.run(position, "ENR", ("6F", "F1 F3 F5"), ("5F", "E4 E2"))
    assert kit.has(ev, "7.8.1", "together with a permanent Freight")


def _board_dict(position: Position) -> dict[str, Any]:
    return position_to_dict(position)


@pytest.mark.parametrize(("length", "revenue", "chains"), [("short", 250, [None, None]), ("standard", 150, [0, 0])])
def test_d_trains_are_permanent_in_the_short_game(
    kit: RouteKit, length: str, revenue: int, chains: list[int | None]
) -> None:
    position = _permanent_board(kit, ["5F", "5F"], length=length, phase="D")
    ev = kit.run(position, "ENR", ("5F", "F1 F3 F5"), ("5F", "F5 E4 E2"))
    assert ev.legal
    assert ev.revenue == revenue  # short: 90+80+30 and 30+20; standard: one chain 90+30+30
    assert [t.chain for t in ev.trains] == chains


# ---------------------------------------------------------------- scored once (7.8), N/M drops (7.8.2, 7.8.3)


def test_london_is_scored_once_by_two_trains(kit: RouteKit) -> None:
    position = kit.rulebook_position(
        "colchester-london", companies=[{"id": "EUR", "trains": ["5F", "4E"], "permits": ["freight", "express"]}]
    )
    ev = kit.run(position, "EUR", ("5F", "E12 D13 C12 B13 A14"), ("4E", "E12 D13 D15"))
    assert ev.legal
    london = [s.status for t in ev.trains for s in t.stops if s.node.endswith(":london")]
    assert sorted(london) == ["scored", "scored by 5F"]
    assert ev.revenue == 270 + 30  # the Express adds only Witham


def test_nm_express_drops_the_stop_another_train_already_scores(kit: RouteKit) -> None:
    position = kit.rulebook_position("enr-table")
    ev = kit.run(position, "ENR", ("2E", "F1 F3"), ("2/3E", "F3 F5 G6 G8"))
    assert ev.revenue == 170
    assert ev.trains[1].dropped == "L:F3"


def test_nm_drop_is_chosen_to_maximise_the_company_total(kit: RouteKit) -> None:
    # The 2/3L alone drops Cromer (cheapest); beside the 2E, which scores Cromer, it still drops Cromer and the
    # total is what the table gives: 100 + Norwich 40 + Acle 20 + Beccles 30.
    position = kit.rulebook_position("enr-table")
    ev = kit.run(position, "ENR", ("2E", "F1 F3"), ("2/3L", "F3 F5 G6 G8"))
    assert ev.revenue == 190
    assert kit.statuses(ev, 1)["L:F3"] == "scored by 2E"


def test_local_subsidy_counts_each_hex_once_and_is_not_revenue(kit: RouteKit) -> None:
    position = kit.rulebook_position("enr-table")
    ev = kit.run(position, "ENR", ("2/3L", "F3 F5 G6 G8"), ("2L", "F3 F5"))
    assert ev.subsidy == 40  # F3, F5, G6, G8: the 2L adds no new hex
    assert ev.trains[1].subsidy_hexes == ()
    assert ev.revenue == sum(t.revenue for t in ev.trains)
