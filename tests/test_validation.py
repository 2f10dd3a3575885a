"""Rule checks on positions built in code: what is accepted as well as what is refused, and an independent
oracle for every (hex, tile, rotation) of the board."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from solver.errors import InputError
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.loading import load_position, parse_position
from solver.titles.g1862.position import CompanyState, Position, TileLay, Variant
from solver.titles.g1862.trains import TrainType, parse_train
from solver.titles.g1862.validation import train_supply_problems, validate_position

#: 1862's example positions (the examples of other titles, position-1860-*.json and position-18bf-*.json, are
#: tested in tests/test_any_position.py).
EXAMPLES = sorted(
    p
    for p in (Path(__file__).resolve().parent.parent / "examples").glob("position-*.json")
    if not p.name.startswith(("position-1860-", "position-18bf-"))
)


def _rules(data: dict[str, Any]) -> list[str]:
    try:
        parse_position(data)
    except InputError as exc:
        return [p.rule for p in exc.problems]
    return []


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_break_no_rule(path: Path) -> None:
    assert validate_position(load_position(path), check_supply=True) == []


# ---------------------------------------------------------------- tiles on every hex (7.6.1, 9.0)


def _oracle(game: GameData, hex_: str, tile_id: str, rotation: int) -> bool:
    """Whether 7.6.1 allows `tile_id` at `rotation` on `hex_` of an empty board, written from the rule text
    independently of solver.titles.g1862.validation."""
    tile = game.tiles[tile_id]
    town = game.towns.get(hex_)
    if (tile.station == "large") != (town is not None):
        return False
    if town is not None:
        if tile.letter in ("I", "H"):
            letter_ok = town.reserved_russet_tile == tile_id
        elif tile.color == "russet" and town.reserved_russet_tile is not None:
            letter_ok = False
        else:
            letter_ok = tile.letter == town.letter
        if not letter_ok:
            return False
    return set(tile.exits_at(rotation)) <= game.buildable_edges(hex_)


def test_every_single_tile_lay_is_judged_as_rule_761_says(game: GameData) -> None:
    accepted = 0
    for hex_ in sorted(game.land_hexes):
        for tile_id in game.tiles:
            for rotation in range(6):
                tile = game.tiles[tile_id]
                printed: tuple[tuple[int, int], ...] = ()
                if tile.color == "yellow" and tile.station == "small":
                    a, b = sorted(tile.tracks_at(rotation)[0])
                    printed = ((a, b),)
                lay = TileLay(hex_, tile_id, rotation, printed)
                position = Position(phase="H", tiles=MappingProxyType({hex_: lay}))
                ok = validate_position(position) == []
                assert ok == _oracle(game, hex_, tile_id, rotation), (hex_, tile_id, rotation)
                accepted += ok
    assert accepted > 1000


def test_harwich_takes_only_tiles_that_avoid_its_barriers(game: GameData) -> None:
    """Harwich F13 joins only Colchester and the two Holland entries; 53y and 792 fit at no rotation."""
    fits = {
        t
        for t in game.tiles
        for r in range(6)
        if validate_position(Position(phase="H", tiles=MappingProxyType({"F13": TileLay("F13", t, r)}))) == []
    }
    assert fits == {"201", "202", "621", "793", "797"}


@pytest.mark.parametrize(("phase", "tile", "ok"), [("A", "57", True), ("A", "14", False), ("B", "14", True)])
def test_tile_colours_arrive_with_their_phase(phase: str, tile: str, ok: bool) -> None:
    rotation = {"57": 0, "14": 2}[tile]
    assert (_rules({"phase": phase, "tiles": [{"hex": "F3", "tile": tile, "rotation": rotation}]}) == []) is ok


@pytest.mark.parametrize(("phase", "ok"), [("C", False), ("D", True), ("H", True)])
def test_russet_tiles_from_phase_d(phase: str, ok: bool) -> None:
    assert (_rules({"phase": phase, "tiles": [{"hex": "D13", "tile": "611"}]}) == []) is ok


def test_the_tile_supply_is_counted_over_the_board() -> None:
    """Tile 797 exists once (2.3); it can only go on Harwich anyway, but 201 has two copies."""
    assert _rules({"tiles": [{"hex": "C4", "tile": "201"}, {"hex": "C8", "tile": "201"}]}) == []


# ---------------------------------------------------------------- markers (7.7, 7.6.5, 7.5.6, 11.4)

SEVEN_TOWNS = ["B5", "B7", "B9", "B13", "C4", "C6", "C8"]


@pytest.mark.parametrize(
    ("towns", "london", "extra", "ok"),
    [
        (SEVEN_TOWNS, False, False, True),
        (SEVEN_TOWNS[:6], True, False, True),  # London counts: 6 + 1 = 7
        (SEVEN_TOWNS, True, False, False),  # 8 markers
        (SEVEN_TOWNS, True, True, True),  # 11.4 allows 8
    ],
)
def test_marker_limit_counts_london(towns: list[str], london: bool, extra: bool, ok: bool) -> None:
    data = {
        "variant": {"extra_marker": extra},
        "stations": {h: ["ECR"] for h in towns},
        "london": ["ECR"] if london else [],
    }
    assert (_rules(data) == []) is ok


def test_a_green_n_tile_has_three_slots() -> None:
    data: dict[str, Any] = {"phase": "B", "tiles": [{"hex": "F5", "tile": "791"}]}
    assert _rules({**data, "stations": {"F5": ["ECR", "Y&N", "N&B"]}}) == []
    assert _rules({**data, "stations": {"F5": ["ECR", "Y&N", "N&B", "WVR"]}}) == ["7.7"]


def test_four_london_links_are_allowed() -> None:
    assert _rules({"london": ["ECR", "N&E", "NGC", "SVR"]}) == []


# ---------------------------------------------------------------- small stations (7.6.2-7.6.4)


def test_a_russet_village_tile_holds_three_small_stations() -> None:
    data = {"phase": "D", "tiles": [{"hex": "E10", "tile": "798", "small_stations": [[0, 3], [1, 4], [2, 5]]}]}
    assert _rules(data) == []


def test_a_yellow_village_tile_may_list_its_printed_station() -> None:
    assert _rules({"tiles": [{"hex": "E10", "tile": "8852", "small_stations": [[3, 0]]}]}) == []
    assert _rules({"tiles": [{"hex": "E10", "tile": "8852", "rotation": 1, "small_stations": [[0, 3]]}]}) == ["7.6.2"]


# ---------------------------------------------------------------- trains (2.4.3, 7.9, 7.10, 9.0, 11.2)


def _company(game: GameData, trains: list[str], short: bool = False) -> CompanyState:
    return CompanyState("ECR", tuple(parse_train(t, game, short) for t in trains), frozenset(TrainType), "D13")


def test_train_supply_is_checked_only_on_request(game: GameData) -> None:
    """Code that builds synthetic positions may skip the supply check; files never do."""
    position = Position(phase="C", companies=MappingProxyType({"ECR": _company(game, ["6F"])}))
    assert validate_position(position) == []
    assert [p.rule for p in validate_position(position, check_supply=True)] == ["9.0"]
    assert [p.rule for p in train_supply_problems(position)] == ["9.0"]


@pytest.mark.parametrize(
    ("length", "trains", "ok"),
    [
        ("standard", ["2E"] * 7, True),
        ("standard", ["2E"] * 8, False),
        ("short", ["2E"] * 7, True),  # 11.2: the standard numbers with five or more players
        ("long", ["3F"] * 5, True),
        ("standard", ["3F"] * 5, False),
        ("standard", ["9F"] * 12, True),  # H is unlimited
    ],
)
def test_train_counts_per_game_length(length: str, trains: list[str], ok: bool) -> None:
    data = {"phase": "H", "variant": {"length": length}, "companies": [{"id": "ECR", "trains": trains}]}
    assert (_rules(data) == []) is ok


def test_rusted_trains_and_trains_over_the_limit_are_accepted() -> None:
    """7.10 warranties keep rusted trains; 7.9 excess trains are not discarded."""
    data = {"phase": "G", "companies": [{"id": "SVR", "trains": ["2E", "3F", "5F", "7F", "6F", "5L", "4/5E"]}]}
    assert _rules(data) == []


def test_a_train_of_the_current_phase_is_accepted_and_the_next_is_not() -> None:
    assert _rules({"phase": "E", "companies": [{"id": "ECR", "trains": ["4/5E"]}]}) == []
    assert _rules({"phase": "E", "companies": [{"id": "ECR", "trains": ["5E"]}]}) == ["9.0"]


def test_simple_freight_game() -> None:
    """11.1: Freight only."""
    variant = {"train_types": ["freight"]}
    assert _rules({"variant": variant, "companies": [{"id": "ENR", "trains": ["1F"], "permits": ["freight"]}]}) == []
    position = parse_position({"variant": variant})
    assert position.variant == Variant("standard", False, frozenset({TrainType.FREIGHT}))


def test_hexes_each_tile_may_go_on_match_the_reference(game: GameData, reference: Any) -> None:
    """The collected facts list, per tile, the hexes whose kind and letter allow it (7.6.1), whatever the
    rotation. A tile is allowed on a hex when the validator raises no kind or letter problem there."""
    for fact in reference("tiles")["tiles"]:
        allowed = set()
        for hex_ in game.land_hexes:
            position = Position(phase="H", tiles=MappingProxyType({hex_: TileLay(hex_, fact["id"], 0)}))
            problems = validate_position(position)
            if not any(p.rule == "7.6.1" and "runs track" not in p.message for p in problems):
                allowed.add(hex_)
        assert allowed == set(fact["allowed_hexes"]), fact["id"]
