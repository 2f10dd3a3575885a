"""The random 18BF boards are boards a game can reach (§10.4 tile lays, §10.5 markers, §8 train limits), checked by
`tile_lays.board_problems` on every benchmark seed, and built by companies alone (every tile joined to a marker
city, `unjoined_problems`); and the check refuses each rule it applies (one bad file per rule:
tests/titles/g18bf/test_board_rules.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from benchmarks.run_18bf import SUITES, positions
from solver.core.board_position import BoardPosition, parse_position
from solver.errors import Problem
from solver.titles.g18bf.random_board import random_position
from solver.titles.g18bf.tile_lays import (
    MARKERS,
    PHASES,
    TILE_LAY,
    TRAINS,
    board_problems,
    lay_rotations,
    unjoined_problems,
)


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_every_benchmark_board_is_reachable_by_the_rules_and_dense(suite: str) -> None:
    for name, company, position in positions(suite):
        assert board_problems(position) == [], name
        assert unjoined_problems(position) == [], name
        colours = Counter(position.board.tiles[lay.tile].color for lay in position.tiles.values())
        # Late-game and dense: most tiles upgraded, a third or more to brown and grey (the box holds 55 such tiles
        # in all, §18, so a board of 40-110 tiles cannot be mostly brown).
        assert colours["yellow"] < 0.25 * len(position.tiles), (name, colours)
        assert colours["brown"] + colours["grey"] >= max(20, 0.33 * len(position.tiles)), (name, colours)
        trains = position.companies[company].trains
        assert trains[:2] == ("5+5E", "4+4") and len(trains) == 4, name
        own = sum(1 for nodes in position.stations.values() for node in nodes if company in node)
        assert own >= 3, name  # round F8 (Galloway and Ayrshire) has few cities


#: A company and trains each phase allows (§8: a public's limit 3 in phase 5; Systems from phase 6, four trains).
OWNERS = {"5": ("LNW", ["5", "4"]), "7": ("LMS", ["6", "5", "4G"]), "8": ("LMS", ["5+5E", "4+4"])}


@pytest.mark.parametrize("phase", sorted(OWNERS))
@pytest.mark.parametrize("seed", range(6))
def test_random_boards_of_every_phase_pass_the_check(seed: int, phase: str) -> None:
    company, trains = OWNERS[phase]
    position = random_position(seed, "P16", 3, company, trains, phase=phase, share=0.9, markers=4)
    assert board_problems(position) == []
    assert unjoined_problems(position) == []
    assert position.tiles


def _position(tiles: list[dict[str, Any]], stations: dict[str, Any] | None = None, **more: Any) -> BoardPosition:
    data = {"game": "18bf", "phase": "8", "tiles": tiles, "stations": stations or {}, "companies": {}, **more}
    return parse_position(data)


def _on(problems: list[Problem], where: str) -> list[str]:
    return [p.rule for p in problems if p.where == where]


def test_a_yellow_tile_is_laid_on_its_kind_of_hex_pointing_off_no_edge() -> None:
    # §10.4: plain track on a plain hex, not run off the map (A5 has neighbours on edges 0, 4 and 5 only).
    fitting = lay_rotations("A5", None, "7")
    assert fitting
    assert board_problems(_position([{"hex": "A5", "tile": "7", "rotation": fitting[0]}])) == []
    off = next(r for r in range(6) if r not in fitting)
    problems = board_problems(_position([{"hex": "A5", "tile": "7", "rotation": off}]))
    assert [p.rule for p in problems if p.where == "tiles A5" and "into the sea" in p.message] == [TILE_LAY]


def test_a_tile_of_another_kind_or_on_a_printed_hex_is_refused() -> None:
    # A town tile on a plain hex; a city without Y on a Y hex (M17); a yellow tile on printed Manchester (M15).
    takes = (
        ("A5", "3", "plain track"),
        ("M17", "5", "a city tile with a Y"),
        ("M15", "9", "the BGM tiles that upgrade its printed track"),
    )
    for hex_id, tile, need in takes:
        problems = board_problems(_position([{"hex": hex_id, "tile": tile, "rotation": 0}]))
        assert [p.message.split(";")[0] for p in problems if p.where == f"tiles {hex_id}"] == [
            f"the hex takes {need}"
        ], hex_id


def test_an_upgrade_keeps_the_track_of_some_tile_it_replaces() -> None:
    # Brown 45 has no rotation on A5 whose track a yellow or green tile there could have had (edges 0, 4, 5 only).
    for rotation in range(6):
        problems = board_problems(_position([{"hex": "A5", "tile": "45", "rotation": rotation}]))
        assert [p.rule for p in problems if p.where == "tiles A5"] == [TILE_LAY], rotation


def test_colours_follow_the_phase() -> None:
    # §8: grey from phase 7; X14 on Manchester in phase 5 is refused, in phase 8 it stands.
    grey = [{"hex": "M15", "tile": "X14", "rotation": 0}]
    stations = {"M15": [["LMS"]]}
    assert PHASES in _on(board_problems(_position(grey, stations, phase="5")), "tiles M15")
    assert _on(board_problems(_position(grey, stations)), "tiles M15") == []


def test_a_y_city_upgraded_to_brown_takes_the_most_exits_that_fit() -> None:
    # §10.4: 801 (4 exits) on M17, where 216 (5) and 623 (6) fit and are in the box, is refused; on C11, where
    # only 801 keeps the track within the open edges, it stands.
    assert _on(
        board_problems(_position([{"hex": "M17", "tile": "801", "rotation": 0}], {"M17": [["LMS"]]})), "tiles M17"
    ) == [TILE_LAY]
    assert (
        _on(board_problems(_position([{"hex": "M17", "tile": "623", "rotation": 0}], {"M17": [["LMS"]]})), "tiles M17")
        == []
    )
    assert (
        _on(board_problems(_position([{"hex": "C11", "tile": "801", "rotation": 1}], {"C11": [["LMS"]]})), "tiles C11")
        == []
    )


def test_markers_within_each_companys_count_one_per_hex() -> None:
    # §10.5: a public has four markers, one per hex; a System may hold two in one city (by merger).
    cities = ["M17", "O19", "P14", "U13", "D10"]
    tiles = [
        {"hex": h, "tile": t, "rotation": lay_rotations(h, None, t)[0]}
        for h, t in zip(cities, ["201", "202", "201", "202", "201"], strict=True)
    ]
    five = board_problems(_position(tiles, {h: [["MR"]] for h in cities}))
    assert "company MR" in [p.where for p in five if p.rule == MARKERS]
    manchester = {"M15": [["MR"], ["MR"], []]}
    assert _on(board_problems(_position([], manchester)), "stations M15") == [MARKERS]
    assert _on(board_problems(_position([], {"M15": [["LMS"], ["LMS"], []]})), "stations M15") == []


def test_the_train_limit_and_one_5_plus_5e() -> None:
    # §8: a System holds four trains in phase 8; §10.10: one 5+5E.
    marker = {"M15": [["LMS"], [], []]}
    companies = {"LMS": {"trains": ["5+5E", "4+4", "4+4", "6G", "5G"]}}
    assert _on(board_problems(_position([], marker, companies=companies)), "company LMS") == [PHASES]
    companies = {"LMS": {"trains": ["5+5E", "5+5E"]}}
    assert _on(board_problems(_position([], marker, companies=companies)), "company LMS") == [TRAINS]


def test_every_tile_of_a_generated_board_joins_a_marker_city() -> None:
    # §10.4 with §10.1: a tile no route could include (no marker reachable by its track) is found; a property of
    # the generated boards, not a rule of a position (P2-P5 lay track with no connection, §7.1.1).
    tiles = [{"hex": "M17", "tile": "201", "rotation": lay_rotations("M17", None, "201")[0]}]
    assert _on(unjoined_problems(_position(tiles)), "tiles M17") == [TILE_LAY]
    assert _on(board_problems(_position(tiles)), "tiles M17") == []
    assert _on(unjoined_problems(_position(tiles, {"M17": [["LMS"]]})), "tiles M17") == []
