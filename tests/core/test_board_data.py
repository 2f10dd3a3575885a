"""The board loader (solver.core.board_data): the good mini board loads as immutable objects in each map variant,
and each bad-data fixture (tests/core/data/bad/<case>.<file>.json, the mini board with one fault) is refused
with a DataError naming the file and the field."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from solver.core.board_data import load_board, load_board_from
from solver.errors import DataError

DATA = Path(__file__).resolve().parent / "data"
MINI = DATA / "mini"

#: case, file replaced, field named, start of the message
BAD = [
    ("bad-layout", "title.json", "layout.orientation", "Input should be 'flat' or 'pointy'"),
    ("becomes-unknown-kind", "title.json", "node_kinds.dot.becomes", "'village' is not one of the node_kinds"),
    ("border-edge-range", "map.json", "borders.0 (B2).edge", "Input should be less than or equal to 5"),
    ("border-edge", "map.json", "borders.0 (B2 edge 3).edge", "edge 3 of B2 does not face another hex of the"),
    ("border-hex", "map.json", "borders.0 (D2 edge 0).hex", "D2 is not a hex of the map 'big'"),
    ("border-twice", "map.json", "borders.1 (B4 edge 3)", "the side B4 edge 3 is listed twice"),
    ("coerced-type", "tiles.json", "tiles.0 (1).count", "Input should be a valid integer"),
    ("company-colour", "companies.json", "companies.0 (AB).color", "String should match pattern '^#[0-9a-fA-F]{6}"),
    (
        "company-home-node",
        "companies.json",
        "companies.0 (AB).home_node",
        "B2 has no node 1 with a station-marker space",
    ),
    ("company-home", "companies.json", "companies.0 (AB).home", "D2 is not a hex of the map 'big'"),
    ("company-kind", "companies.json", "companies.0 (AB).kind", "'minor' is not a company kind"),
    ("company-twice", "companies.json", "companies.1 (AB).id", "AB is listed twice"),
    ("count-and-counts", "tiles.json", "tiles.2 (3)", "give either count or counts (by map)"),
    ("counts-by-map", "tiles.json", "tiles.2 (3).counts", "give a count for each of its maps"),
    ("counts-negative", "tiles.json", "tiles.2 (3).counts", "a count is negative"),
    ("hex-id", "map.json", "hexes.1 (4B).hex", "'4B' is not a hex id (a capital letter and a "),
    ("hex-parity", "map.json", "hexes.1 (B5).hex", "B5 is not on this map's grid: its letter and "),
    ("hex-twice", "map.json", "hexes.1 (B2).hex", "B2 is listed twice for the map 'big'"),
    ("hex-unknown-map", "map.json", "hexes.2 (C3).maps", "'huge' is not a map of title.json"),
    ("negative-count", "tiles.json", "tiles.0 (1).count", "Input should be greater than or equal to 0"),
    ("no-count", "tiles.json", "tiles.1 (2)", "give either count or counts (by map)"),
    ("node-kind", "map.json", "hexes.1 (B4).printed.nodes.0.kind", "'village' is not a node kind of title.json (c"),
    ("not-json", "companies.json", "(top level)", "Invalid JSON: EOF while parsing a list at lin"),
    ("path-edge", "map.json", "hexes.3 (A3).printed.paths.0", "e6 is not an edge: edges are e0-e5"),
    ("path-end", "map.json", "hexes.3 (A3).printed.paths.0", "'x5' is not a path end (e0-e5 for an edge, n0"),
    ("path-node", "map.json", "hexes.3 (A3).printed.paths.0", "n1 is not a node: 1 node(s) listed"),
    ("path-to-itself", "map.json", "hexes.3 (A3).printed.paths.0", "the path joins n0 to itself"),
    ("path-twice", "map.json", "hexes.3 (A3).printed.paths.1", "the path n0-e5 is listed twice"),
    ("phase-twice", "title.json", "phases", "a name is listed twice"),
    ("phase-values", "map.json", "hexes.3 (A3).printed.nodes.0.value", "a value by phase lists every phase of title.j"),
    ("printed-color", "map.json", "hexes.0 (B2).printed.color", "'purple' is not a printed colour (white, red,"),
    ("printed-tile", "map.json", "hexes.0 (B2).printed.tile", "no tile '99' in tiles.json"),
    ("region-hex", "map.json", "regions.north", "D2 is not a hex of the map 'big'"),
    ("tile-color", "tiles.json", "tiles.1 (2).color", "'grey' is not a colour of title.json"),
    ("tile-node-kind", "tiles.json", "tiles.0 (1).nodes.0.kind", "'station' is not a node kind of title.json (c"),
    ("tile-twice", "tiles.json", "tiles", "a tile id is listed twice"),
    ("title-not-folder", "title.json", "title", "'other' is not the folder's name 'mini'"),
    ("unknown-field", "tiles.json", "tiles.0 (1).colour", "Extra inputs are not permitted"),
    ("upgrade-colour", "tiles.json", "tiles.0 (1).upgrades", "2 is yellow, not the next colour after yellow"),
    ("upgrade-missing", "tiles.json", "tiles.0 (1).upgrades", "no tile '4'"),
    ("value-columns", "title.json", "value_columns", "the columns list every phase of phases once, in order"),
]


def test_every_bad_fixture_is_listed() -> None:
    assert sorted(p.name.split(".", 1)[0] for p in (DATA / "bad").iterdir()) == sorted(c[0] for c in BAD)


@pytest.mark.parametrize(("case", "file", "field", "message"), BAD, ids=[c[0] for c in BAD])
def test_bad_board_data_is_refused_naming_the_file_and_field(
    tmp_path: Path, case: str, file: str, field: str, message: str
) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    shutil.copy(DATA / "bad" / f"{case}.{file}", folder / file)
    with pytest.raises(DataError) as caught:
        load_board_from(folder, "big")
    assert caught.value.file == str(folder / file)
    assert caught.value.field == field
    assert message in str(caught.value)


def test_a_value_that_differs_within_a_printed_column_is_refused(tmp_path: Path) -> None:
    """`value_columns` says which phases share one printed value; A3's 10/30 cannot be one column of 1 and 2."""
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    title = json.loads((folder / "title.json").read_text(encoding="utf-8"))
    title["value_columns"] = [["1", "2"]]
    (folder / "title.json").write_text(json.dumps(title), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_board_from(folder, "big")
    assert (caught.value.file, caught.value.field) == (str(folder / "map.json"), "hexes.3 (A3).printed.nodes.0.value")
    assert "differs within the printed column of phases 1, 2" in str(caught.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    (folder / "companies.json").unlink()
    with pytest.raises(DataError, match=r"companies.json: \(file\): missing"):
        load_board_from(folder)


def test_an_unknown_map_variant_is_refused() -> None:
    with pytest.raises(DataError, match=r"no map variant 'huge' \(the title has big, small\)"):
        load_board_from(MINI, "huge")


def test_the_mini_board_loads_in_each_variant() -> None:
    big = load_board_from(MINI)
    small = load_board_from(MINI, "small")
    assert big.map_variant == "big" and small.map_variant == "small"
    assert set(big.hexes) - set(small.hexes) == {"C3"}
    assert (big.tiles["3"].count, small.tiles["3"].count) == (2, 1)
    assert big.tiles["2"].count is None
    assert big.tile_total() == 4 and small.tile_total() == 3
    port = big.hexes["A3"].face.nodes[0]
    assert (port.value_in("1"), port.value_in("2")) == (10, 30)
    assert big.hexes["B2"].face.nodes[0].value_in("2") == 0
    assert big.companies["AB"].rules["par"] == 100
    assert big.becomes["dot"] == frozenset({"town"})
    assert big.regions["north"] == frozenset({"B2"})


def test_a_border_is_found_from_either_side() -> None:
    board = load_board_from(MINI)
    river = board.border("B2", 0)
    assert river is not None and river.other == "B4" and river.name == "River"
    assert board.border("B4", 3) is river
    assert board.border("B4", 0) is None


def test_the_loaded_board_cannot_be_changed() -> None:
    board = load_board_from(MINI)
    with pytest.raises(TypeError):
        board.hexes["Z9"] = board.hexes["B2"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.tiles["1"].count = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        board.companies["AB"].rules["par"] = 1  # type: ignore[index]
    assert board.companies["AB"].rules["base_costs"] == (0, 40)  # JSON arrays become tuples


def test_load_board_reads_each_title_and_variant_once() -> None:
    assert load_board("1860") is load_board("1860")
    assert load_board("1860", "two_player") is not load_board("1860")
