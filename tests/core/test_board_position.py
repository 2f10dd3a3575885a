"""Positions of any title (solver.core.board_position): a good file loads, round-trips through JSON unchanged, and
gives each hex's face; every bad file (tests/core/data/positions/bad/) is refused with one Problem per fault,
naming the field, hex, node or company."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.core.board_position import parse_position, position_to_data, read_position
from solver.errors import InputError

DATA = Path(__file__).resolve().parent / "data" / "positions"
GOOD = DATA / "good" / "newport.json"

#: case, where the (first) Problem is, a part of its message
BAD = [
    ("unknown-field", "position owner", "Extra inputs are not permitted"),
    ("rotation-range", "position tiles.0.rotation", "less than or equal to 5"),
    ("train-not-string", "position companies.C&N.trains.0", "valid string"),
    ("unknown-game", "game", "'1899' is not a title with board data (1860"),
    ("unknown-map", "map", "'three_player' is not a map of 1860 (full, two_player)"),
    ("unknown-phase", "phase", "'10' is not a phase of 1860"),
    ("tile-off-map", "tiles Z9", "Z9 is not a hex of the full map"),
    ("tile-on-offboard", "tiles J2", "J2 is not a land hex (it is offboard): tiles are laid on land hexes"),
    ("tile-twice", "tiles F4", "F4 is given a tile twice"),
    ("tile-unknown", "tiles F6", "no tile '999' in the 1860 box"),
    ("tile-fixed-rotation", "tiles G5", "tile 763 is laid at rotation 0 only, not 1"),
    ("tile-count", "tiles F2, F6", "tile 787 is laid 2 times; the box holds 1"),
    ("company-unknown", "companies LSWR", "'LSWR' is not a company of 1860"),
    ("stations-off-map", "stations Z9", "Z9 is not a hex of the full map"),
    ("stations-node-count", "stations G5", "G5 has 2 node(s) now; give one list of markers per node"),
    ("stations-company-unknown", "stations F2 node 0", "'LSWR' is not a company of 1860"),
    ("stations-over-slots", "stations F2 node 0", "2 markers on a large node with 1 space(s)"),
    ("stations-twice", "stations F2 node 0", "a company has two markers on one node"),
    ("stations-on-node-without-space", "stations F2 node 1", "1 markers on a small node with 0 space(s)"),
]


def test_a_position_loads_with_the_face_of_each_hex() -> None:
    pos = read_position(GOOD)
    assert (pos.board.title, pos.board.map_variant, pos.phase) == ("1860", "full", "3")
    newport = pos.face("G5")
    assert [n.name for n in newport.nodes] == ["Newport", "Shide"]
    assert pos.markers("G5", 0) == ("FYN",) and pos.markers("G5", 1) == ()
    assert pos.face("F6") == pos.board.hexes["F6"].face
    assert pos.companies["C&N"].trains == ("2+1", "3+2")
    assert pos.companies["FYN"].rules == {"insolvent": False}


def test_a_laid_tile_turns_its_edges_by_its_rotation() -> None:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["tiles"] = [{"hex": "F4", "tile": "749", "rotation": 2}]
    data["stations"] = {}
    assert parse_position(data).face("F4").exits() == {2, 5}


def test_a_position_round_trips_through_json_unchanged() -> None:
    pos = read_position(GOOD)
    data = position_to_data(pos)
    again = parse_position(json.loads(json.dumps(data)))
    assert again == pos
    assert position_to_data(again) == data


@pytest.mark.parametrize(("case", "where", "message"), BAD, ids=[c[0] for c in BAD])
def test_a_bad_position_file_is_refused_naming_the_place(case: str, where: str, message: str) -> None:
    path = DATA / "bad" / f"{case}.json"
    with pytest.raises(InputError) as err:
        read_position(path)
    first = err.value.problems[0]
    # Faults of the file's structure are named after the file, the others after the field.
    expected = where.replace("position", str(path), 1) if where.startswith("position ") else where
    assert first.where == expected and message in first.message, first


def test_every_bad_file_has_its_case() -> None:
    assert {p.stem for p in (DATA / "bad").glob("*.json")} == {c[0] for c in BAD} | {"not-json"}


def test_a_file_that_is_not_json_is_refused_naming_the_file() -> None:
    with pytest.raises(InputError) as err:
        read_position(DATA / "bad" / "not-json.json")
    assert err.value.problems[0].where.endswith("not-json.json")
    assert "not a readable JSON file" in err.value.problems[0].message
