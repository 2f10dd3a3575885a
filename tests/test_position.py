"""The position file format: examples, defaults, round trips and the committed JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.loading import load_position, parse_position
from solver.titles.g1862.position import (
    Position,
    TileLay,
    Variant,
    position_from_dict,
    position_json_schema,
    position_to_dict,
)
from solver.titles.g1862.trains import TrainType

ROOT = Path(__file__).resolve().parent.parent
#: 1862's example positions (the examples of other titles, position-1860-*.json and position-18bf-*.json, are
#: tested in tests/test_any_position.py).
EXAMPLES = sorted(
    p
    for p in (ROOT / "examples").glob("position-*.json")
    if not p.name.startswith(("position-1860-", "position-18bf-"))
)
SCHEMA = ROOT / "docs" / "position.schema.json"


def test_the_committed_schema_is_the_generated_one() -> None:
    """docs/position.schema.json is regenerated from the code whenever the format changes."""
    committed = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert committed == position_json_schema(), "regenerate docs/position.schema.json (see docs/position.md)"


def test_there_are_worked_early_and_late_examples() -> None:
    names = {p.name for p in EXAMPLES}
    assert {"position-example.json", "position-early-game.json", "position-late-game.json"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_are_valid_and_match_the_schema(path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    data = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    position = load_position(path)
    assert position.name == data["name"]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_round_trip_through_the_file_format(path: Path) -> None:
    position = load_position(path)
    again = parse_position(json.loads(json.dumps(position_to_dict(position))))
    assert again == position


def test_late_game_example_is_the_promised_board(game: GameData) -> None:
    """Phase E-G, most of the map green or russet, London links, small stations, and a company running a
    permanent Freight, two non-permanent Freights, an N/M Express and a Local."""
    position = load_position(ROOT / "examples" / "position-late-game.json")
    assert position.phase in "EFG"
    colours = [game.tiles[lay.tile].color for lay in position.tiles.values()]
    assert sum(c != "yellow" for c in colours) >= 0.75 * len(game.land_hexes)
    assert len(position.london) >= 2
    assert sum(len(lay.small_stations) for lay in position.tiles.values()) >= 8
    assert sum(1 for c in position.companies if position.markers_of(c)) >= 6
    ecr = position.companies["ECR"]
    freight = [t for t in ecr.trains if t.is_freight]
    assert 4 <= len(ecr.trains) <= 5
    assert sum(t.permanent for t in freight) >= 1 and sum(not t.permanent for t in freight) == 2
    assert any(t.type is TrainType.EXPRESS and t.scored < t.visits for t in ecr.trains)
    assert any(t.type is TrainType.LOCAL for t in ecr.trains)
    assert ecr.permits == frozenset(TrainType)


def test_an_empty_file_is_the_empty_board_in_phase_a() -> None:
    position = parse_position({})
    assert position == Position()
    assert position.variant == Variant("standard", False, frozenset(TrainType))
    assert position.variant.max_markers == 7


def test_optional_rule_11_4_allows_eight_markers() -> None:
    assert parse_position({"variant": {"extra_marker": True}}).variant.max_markers == 8


def test_a_yellow_village_tile_carries_its_printed_station() -> None:
    """7.6.2: the small station of a yellow village tile is mandatory; the file need not list it."""
    position = parse_position({"tiles": [{"hex": "E6", "tile": "8851", "rotation": 0}]})
    assert position.tiles["E6"] == TileLay("E6", "8851", 0, ((0, 4),))
    rotated = parse_position({"tiles": [{"hex": "E6", "tile": "8851", "rotation": 3}]})
    assert rotated.tiles["E6"].small_stations == ((1, 3),)


def test_small_stations_are_read_in_either_order() -> None:
    data = {"phase": "B", "tiles": [{"hex": "F9", "tile": "20", "rotation": 0, "small_stations": [[3, 0], [4, 1]]}]}
    assert parse_position(data).tiles["F9"].small_stations == ((0, 3), (1, 4))


def test_a_company_defaults_to_its_printed_home() -> None:
    position = parse_position({"companies": [{"id": "ENR"}]})
    assert position.companies["ENR"].home == "F3"
    assert position.companies["ENR"].trains == ()


def test_can_score_needs_a_permit() -> None:
    """7.8: a company may only run trains it has a permit for."""
    position = load_position(ROOT / "examples" / "position-example.json")
    enr = position.companies["ENR"]
    assert [enr.can_score(t) for t in enr.trains] == [True, False]


def test_markers_of_lists_hexes_but_not_london() -> None:
    position = load_position(ROOT / "examples" / "position-example.json")
    assert sorted(position.markers_of("ENR")) == ["F3", "F5"]
    assert position.markers_of("N&E") == ["B13"]
    assert "N&E" in position.london


def test_position_from_dict_reports_structure_without_raising() -> None:
    position, problems = position_from_dict({"tiles": "F3"})
    assert position is None
    assert [(p.where, p.rule) for p in problems] == [("position tiles", "format")]


def test_positions_are_immutable() -> None:
    position = load_position(ROOT / "examples" / "position-example.json")
    with pytest.raises(TypeError):
        position.tiles["F7"] = TileLay("F7", "57", 0)  # type: ignore[index]
    with pytest.raises(AttributeError):
        position.phase = "H"  # type: ignore[misc]


def test_load_position_reports_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_position(tmp_path / "nowhere.json")
    assert "position file not found" in str(caught.value)


# ---------------------------------------------------------------- property: legal single lays round-trip


def _legal_lays(game: GameData) -> list[tuple[str, str, int]]:
    """Every (hex, yellow tile, rotation) the validator accepts on an empty board: first lays (7.6.1, 7.6.2)."""
    lays = []
    for hex_ in sorted(game.land_hexes):
        town = game.towns.get(hex_)
        for tile in game.tiles.values():
            if tile.color != "yellow" or (tile.station == "large") != (town is not None):
                continue
            if (town.letter if town else None) != tile.letter:
                continue
            for rotation in range(6):
                if set(tile.exits_at(rotation)) <= game.buildable_edges(hex_):
                    lays.append((hex_, tile.id, rotation))
    return lays


def test_every_land_hex_has_a_legal_first_tile(game: GameData) -> None:
    assert {h for h, _, _ in _legal_lays(game)} == set(game.land_hexes)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_legal_lays_validate_and_round_trip(game: GameData, data: Any) -> None:
    lays = _legal_lays(game)
    chosen = data.draw(st.lists(st.sampled_from(lays), max_size=8, unique_by=lambda x: x[0]))
    counts: dict[str, int] = {}
    for _, tile_id, _ in chosen:
        counts[tile_id] = counts.get(tile_id, 0) + 1
    if any(n > game.tiles[t].count for t, n in counts.items()):
        return
    raw = {"tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in chosen]}
    position = parse_position(raw)
    assert parse_position(position_to_dict(position)) == position
