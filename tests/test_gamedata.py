"""The 1862 data files: counts and facts from the rulebook, geometry, upgrades, and failing loudly on bad data."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from solver.core.board_data import DATA_ROOT
from solver.errors import DataError
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData, load_game

# ---------------------------------------------------------------- the map (2.4.3, 7.6.1)


def test_map_has_37_land_hexes_12_villages_and_25_towns(game: GameData) -> None:
    assert len(game.villages) == 12
    assert len(game.towns) == 25
    assert len(game.land_hexes) == 37


def test_every_land_hex_has_a_name_and_a_grid_position(game: GameData) -> None:
    for hex_ in game.land_hexes:
        assert hexgrid.is_hex_id(hex_)
        assert game.hex_name(hex_) not in ("", hex_)


def test_named_places_sit_on_their_hexes(game: GameData) -> None:
    assert game.towns["F5"].name == "Norwich"
    assert game.towns["F11"].name == "Ipswich"
    assert game.towns["F13"].name == "Harwich"
    assert game.towns["E2"].name == "Wells-next-the-Sea"
    assert game.villages["G4"].name == "N Walsham"


def test_n_and_y_letters_are_on_the_printed_hexes(game: GameData) -> None:
    """7.6.1: bold N and Y letters on the map."""
    letters = {h: t.letter for h, t in game.towns.items() if t.letter}
    assert {h for h, x in letters.items() if x == "N"} == {"B9", "E12", "F5", "F11"}
    assert {h for h, x in letters.items() if x == "Y"} == {"C4", "C8", "D9", "F13", "H5"}


def test_ipswich_and_harwich_reserve_their_russet_tiles(game: GameData) -> None:
    """7.6.1: Ipswich and Harwich have russet tiles reserved for them alone."""
    reserved = {h: t.reserved_russet_tile for h, t in game.towns.items() if t.reserved_russet_tile}
    assert reserved == {"F11": "795", "F13": "797"}
    assert game.tiles["795"].letter == "I" and game.tiles["795"].color == "russet"
    assert game.tiles["797"].letter == "H" and game.tiles["797"].color == "russet"


def test_barriers_surround_harwich(game: GameData) -> None:
    """The three red barriers (7.6.1) all border Harwich, which joins land only towards Colchester."""
    assert game.barriers == {frozenset(p) for p in (("E14", "F13"), ("F11", "F13"), ("F13", "G12"))}
    kinds = [link.kind for link in game.edges["F13"]]
    assert kinds == ["offboard", "barrier", "land", "barrier", "barrier", "offboard"]
    assert game.buildable_edges("F13") == {0, 2, 5}


def test_adjacency_is_symmetric_and_barriers_are_seen_from_both_sides(game: GameData) -> None:
    for hex_, links in game.edges.items():
        for edge, link in enumerate(links):
            if link.kind in ("land", "barrier"):
                assert link.neighbour is not None
                back = game.edges[link.neighbour][hexgrid.opposite(edge)]
                assert back.neighbour == hex_ and back.kind == link.kind


AREA_VALUES = {
    "midlands": (40, 90, 140),
    "the_west": (70, 100, 120),
    "london": (100, 150, 200),
    "port_kings_lynn": (80, 90, 100),
    "port_wells": (80, 90, 100),
    "port_cromer": (80, 90, 100),
    "port_great_yarmouth": (80, 100, 120),
    "port_lowestoft": (60, 90, 120),
    "port_denmark": (70, 100, 130),
    "port_holland": (70, 100, 130),
}


def test_off_board_areas_and_ports_have_three_phase_values(game: GameData) -> None:
    """9.0: off-board areas pay the lowest value in A-B, the middle in C-D and the highest in E-H."""
    assert {a: (v.values["A-B"], v.values["C-D"], v.values["E-H"]) for a, v in game.areas.items()} == AREA_VALUES
    assert [a for a, v in game.areas.items() if v.type == "red"] == ["midlands", "the_west", "london"]
    assert game.area_value("london", "A") == 100
    assert game.area_value("london", "D") == 150
    assert game.area_value("london", "E") == 200


ENTRIES = {
    "midlands": {("B3", 2), ("B3", 1), ("B5", 2), ("B5", 1), ("B7", 2), ("B7", 1)},
    "the_west": {("B9", 2), ("B9", 1), ("B11", 2), ("B11", 1)},
    "london": {("B13", 2), ("B13", 1), ("B13", 0), ("B13", 5), ("C12", 0), ("D13", 1), ("D13", 0), ("E14", 1)},
    "port_kings_lynn": {("C4", 3)},
    "port_wells": {("E2", 2), ("E2", 4)},
    "port_cromer": {("F3", 3)},
    "port_great_yarmouth": {("H5", 4), ("H5", 5)},
    "port_lowestoft": {("H7", 0), ("H7", 4), ("H7", 5)},
    "port_denmark": {("G12", 0), ("G12", 4), ("G12", 5)},
    "port_holland": {("F13", 0), ("F13", 5)},
}


def test_every_area_is_entered_at_its_entry_points(game: GameData) -> None:
    entries: dict[str, set[tuple[str, int]]] = {}
    for node in game.nodes.values():
        entries.setdefault(node.area, set()).update((e.hex, e.edge) for e in node.entries)
    assert entries == ENTRIES
    assert len(game.nodes) == 26


def test_every_off_board_entry_lands_on_an_existing_hex_side_without_a_barrier(game: GameData) -> None:
    """7.6.1: track may run into a port or off-board area only where the map shows an entry."""
    for node in game.nodes.values():
        assert not game.offboard_hexes[node.hex].display_only
        for entry in node.entries:
            assert entry.hex in game.land_hexes, node.id
            assert hexgrid.neighbour(entry.hex, entry.edge) == node.hex, node.id
            assert frozenset((entry.hex, node.hex)) not in game.barriers
            link = game.edges[entry.hex][entry.edge]
            assert (link.kind, link.node) == ("offboard", node.id)
            assert entry.edge in game.buildable_edges(entry.hex)


def test_display_only_hexes_take_no_track(game: GameData) -> None:
    """E0 and G2 only show the Wells and Cromer port values: E2 and F3 may not build towards them."""
    assert {h for h, o in game.offboard_hexes.items() if o.display_only} == {"E0", "G2"}
    assert game.edges["E2"][3].kind == "none"
    assert game.edges["F3"][4].kind == "none"
    assert game.edges["E14"][5].kind == "none"  # F15 is Holland, entered from Harwich only


def test_london_has_four_token_spaces(game: GameData) -> None:
    """7.6.5: the four London spaces."""
    assert game.london.token_spaces == 4
    assert game.london.area == "london"
    assert sum(o.london_token_spaces for o in game.offboard_hexes.values()) == 4


# ---------------------------------------------------------------- tiles (2.3, 7.6.3)


def test_tile_counts_by_colour(game: GameData) -> None:
    per_colour: Counter[str] = Counter()
    for tile in game.tiles.values():
        per_colour[tile.color] += tile.count
    assert per_colour == {"yellow": 70, "green": 72, "russet": 35}


LARGE_STATIONS = [
    ("57", 20, 1),
    ("201", 30, 1),
    ("790", 40, 2),
    ("14", 30, 2),
    ("53y", 50, 2),
    ("791", 60, 3),
    ("611", 40, 2),
    ("61y", 60, 2),
    ("797", 60, 2),
    ("794", 80, 4),
    ("795", 80, 4),
]


@pytest.mark.parametrize(("tile_id", "revenue", "slots"), LARGE_STATIONS)
def test_large_station_values_and_slots(game: GameData, tile_id: str, revenue: int, slots: int) -> None:
    tile = game.tiles[tile_id]
    assert (tile.station, tile.revenue, tile.slots) == ("large", revenue, slots)


def test_small_station_tiles_have_separate_tracks_of_two_edges(game: GameData) -> None:
    """2.3: small-station tiles have no junctions; each track can hold one small station (7.6.4)."""
    for tile in game.tiles.values():
        if tile.station == "small":
            assert all(len(t) == 2 for t in tile.tracks)
            expected = {"yellow": 1, "green": 2, "russet": 3}[tile.color]
            assert len(tile.tracks) == expected
            assert tile.printed_small_stations == (1 if tile.color == "yellow" else 0)
    assert game.small_station_revenue == 20


def _upgrades(game: GameData) -> list[tuple[str, str, int]]:
    return [(t.id, up.tile, r) for t in game.tiles.values() for up in t.upgrades for r in up.rotations]


def test_every_upgrade_keeps_the_old_track(game: GameData) -> None:
    """7.6.3: the new tile contains all the old track, on the same hex sides, at each listed rotation."""
    checked = 0
    for old_id, new_id, rotation in _upgrades(game):
        old, new = game.tiles[old_id], game.tiles[new_id]
        if old.station == "large":
            assert set(old.exits) <= set(new.exits_at(rotation)), (old_id, new_id, rotation)
        else:
            assert set(old.tracks_at(0)) <= set(new.tracks_at(rotation)), (old_id, new_id, rotation)
        checked += 1
    assert checked > 60


def test_no_track_keeping_upgrade_is_missing(game: GameData) -> None:
    """The listed rotations are all the rotations that keep the track (7.6.3), not a sample of them."""
    for old in game.tiles.values():
        for up in old.upgrades:
            new = game.tiles[up.tile]
            keeps = [
                r
                for r in range(6)
                if (
                    set(old.exits) <= set(new.exits_at(r))
                    if old.station == "large"
                    else set(old.tracks_at(0)) <= set(new.tracks_at(r))
                )
            ]
            assert tuple(keeps) == up.rotations, (old.id, new.id)


def test_upgrades_go_one_colour_up_and_keep_the_letter(game: GameData) -> None:
    """7.6.3 one colour up; 7.6.1 letters: N to I only on Ipswich, Y to H only on Harwich."""
    order = ["yellow", "green", "russet"]
    for old in game.tiles.values():
        for up in old.upgrades:
            new = game.tiles[up.tile]
            assert order.index(new.color) == order.index(old.color) + 1
            assert new.station == old.station
            if new.letter in ("I", "H"):
                assert (old.letter, new.letter, up.only_on) in (("N", "I", "F11"), ("Y", "H", "F13"))
            else:
                assert new.letter == old.letter and up.only_on is None


def test_russet_tiles_are_the_end_of_the_line(game: GameData) -> None:
    assert all(not t.upgrades for t in game.tiles.values() if t.color == "russet")


# ---------------------------------------------------------------- companies, market, trains


def test_twenty_companies_each_at_home_in_a_town(game: GameData) -> None:
    """2.1: the list of companies and their home stations; every home is a large station."""
    assert len(game.companies) == 20
    homes = [c.home for c in game.companies.values()]
    assert len(set(homes)) == 20
    assert all(h in game.towns for h in homes)
    assert game.companies["ECR"].home == "D13"
    assert game.companies["ESR"].home == "F11"
    assert game.companies["WStI"].home == "B5"
    assert set(game.towns) - set(homes) == {"B7", "B9", "F5", "F7", "F13"}


def test_station_marker_limits(game: GameData) -> None:
    """7.5.6 and 11.4: at most seven markers on the map, or eight with the optional rule."""
    rules = game.company_rules.station_markers
    assert (rules.max_on_map, rules.max_on_map_optional_11_4) == (7, 8)


def test_stock_market(game: GameData) -> None:
    """6.4.2, 6.5.3: the zigzag market from 0 to 1000 and the par values."""
    market = game.market
    assert len(market.prices) == 67
    assert (market.prices[0], market.prices[-1]) == (0, 1000)
    assert market.par_values == (54, 58, 62, 68, 74, 82, 90, 100)
    assert all(p in market.prices for p in market.par_values)
    assert market.zones.game_end == 1000


TRAIN_COUNTS = {
    "A": (6, 7, 7),
    "B": (5, 6, 6),
    "C": (4, 4, 5),
    "D": (3, 3, 4),
    "E": (3, 3, 3),
    "F": (2, 2, 2),
    "G": (1, 1, 1),
}


def test_train_bands_and_counts_for_each_game_length(game: GameData) -> None:
    """2.4.3 and the phase table of 9.0: trains per band in the short, standard and long games."""
    assert "".join(game.bands) == "ABCDEFGH"
    for band, (short, standard, long_) in TRAIN_COUNTS.items():
        assert game.bands[band].count == {"short": short, "standard": standard, "long": long_}
    assert game.bands["H"].count is None  # unlimited
    assert [b.freight for b in game.bands.values()] == [1, 2, 3, 5, 6, 7, 8, 9]
    assert [b.freight_permanent for b in game.bands.values()] == [False] * 4 + [True] * 4
    assert game.bands["E"].express == (4, 5)
    assert game.bands["G"].local == (5, 6)


def test_phases_bring_tiles_and_off_board_columns(game: GameData) -> None:
    """9.0: green from B, russet from D; off-board columns A-B, C-D, E-H."""
    assert [p.tiles[-1] for p in game.phases.values()] == ["yellow"] + ["green"] * 2 + ["russet"] * 5
    assert [p.offboard_column for p in game.phases.values()] == ["A-B"] * 2 + ["C-D"] * 2 + ["E-H"] * 4


def test_game_data_is_immutable(game: GameData) -> None:
    with pytest.raises(TypeError):
        game.towns["Z9"] = game.towns["F5"]  # type: ignore[index]
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen-instance error
        game.towns["F5"].name = "Elsewhere"  # type: ignore[misc]


# ---------------------------------------------------------------- cross-checks with the collected facts


def test_buildable_edges_match_the_reference(game: GameData, reference: Any) -> None:
    facts = reference("map")
    land = {h["id"]: h for h in facts["hexes"] if h["kind"] in ("town", "village")}
    assert set(land) == set(game.land_hexes)
    for hex_, fact in land.items():
        assert sorted(game.buildable_edges(hex_)) == fact["buildable_edges"], hex_
        assert (hex_ in game.towns) == (fact["kind"] == "town")
        if hex_ in game.towns:
            assert game.towns[hex_].letter == fact["letter"]


def test_off_board_nodes_match_the_reference(game: GameData, reference: Any) -> None:
    facts = reference("map")
    ours = {n.id: {(e.hex, e.edge) for e in n.entries} for n in game.nodes.values()}
    theirs = {n["id"]: {(x["land_hex"], x["land_edge"]) for x in n["links"]} for n in facts["offboard_nodes"]}
    assert ours == theirs
    for area in facts["offboard_areas"]:
        assert game.areas[area["id"]].values == area["values"]


def test_tiles_and_upgrade_lists_match_the_reference(game: GameData, reference: Any) -> None:
    facts = {t["id"]: t for t in reference("tiles")["tiles"]}
    assert set(facts) == set(game.tiles)
    for tile_id, fact in facts.items():
        tile = game.tiles[tile_id]
        assert (tile.color, tile.count, tile.letter) == (fact["color"], fact["count"], fact["letter"]), tile_id
        assert sorted(tuple(sorted(t["edges"])) for t in fact["tracks"]) == sorted(
            tuple(sorted(t)) for t in tile.tracks
        )
        ours = {(u.tile, u.rotations, u.only_on) for u in tile.upgrades}
        theirs = {(u["tile"], tuple(u["relative_rotations"]), u.get("only_on")) for u in fact["upgrades_to"]}
        assert ours == theirs, tile_id


def test_companies_and_trains_match_the_reference(game: GameData, reference: Any) -> None:
    homes = {c["id"]: c["home_hex"] for c in reference("companies")["companies"]}
    assert homes == {c.id: c.home for c in game.companies.values()}
    for band in reference("trains")["bands"]:
        ours = game.bands[band["band"]]
        assert ours.cost == band["cost"]
        assert ours.freight == band["freight"]["hexes"]
        assert ours.freight_permanent == band["freight"]["permanent"]
        if ours.count is not None:
            assert ours.count == {k: band["count"][k] for k in ("short", "standard", "long")}


# ---------------------------------------------------------------- bad data fails loudly


def _copy_data(tmp_path: Path) -> Path:
    shutil.copytree(DATA_ROOT / "1862", tmp_path / "1862")
    return tmp_path


def _edit(root: Path, name: str, change: Any) -> Path:
    path = root / "1862" / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _load(root: Path) -> GameData:
    return load_game.__wrapped__("1862", root)


def test_a_copy_of_the_data_loads(tmp_path: Path) -> None:
    assert len(_load(_copy_data(tmp_path)).tiles) == 35


def _town(hex_: str) -> Any:
    def change(data: dict[str, Any]) -> None:
        next(t for t in data["towns"] if t["hex"] == hex_)["letter"] = "Q"

    return change


def _tile(tile_id: str, field: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        next(t for t in data["tiles"] if t["id"] == tile_id)[field] = value

    return change


WRONG_RESERVED = {"tile": "795", "rotations": [2], "only_on": "F5"}

BAD_DATA = [
    ("map.json", _town("F5"), "towns.17.letter"),
    ("map.json", lambda d: d["barriers"].append(["B5", "H7"]), "barriers"),
    ("map.json", lambda d: d["offboard_nodes"][0]["entries"].append({"hex": "F5", "edge": 0}), "offboard_nodes.A2"),
    ("map.json", lambda d: d["areas"][0]["values"].pop("C-D"), "areas.0.values"),
    ("tiles.json", _tile("57", "tracks", [[0, 3, 3]]), "tiles.2.tracks"),
    ("tiles.json", _tile("57", "tracks", [[0, 7]]), "tiles.2.tracks"),
    ("tiles.json", _tile("57", "count", 0), "tiles.2.count"),
    ("tiles.json", _tile("57", "upgrades", [{"tile": "999", "rotations": [0]}]), "tiles.57.upgrades"),
    ("tiles.json", _tile("57", "upgrades", [{"tile": "611", "rotations": [0]}]), "tiles.57.upgrades.611"),
    ("tiles.json", _tile("57", "upgrades", [{"tile": "14", "rotations": [1]}]), "tiles.57.upgrades.14.rotations"),
    ("tiles.json", _tile("202", "upgrades", [{"tile": "619", "rotations": [0]}]), "tiles.202.upgrades.619"),
    ("tiles.json", _tile("791", "upgrades", [WRONG_RESERVED]), "tiles.791.upgrades.795.only_on"),
    ("map.json", lambda d: d["offboard_nodes"][0].update(area="london"), "offboard_nodes.A2"),
    ("map.json", lambda d: d["london"].update(token_spaces=5), "london.token_spaces"),
    ("companies.json", lambda d: d["companies"][0].update(home="E6"), "companies.E&H.home"),
    ("companies.json", lambda d: d["companies"][0].update(colour="red"), "companies.0.colour"),
    ("market.json", lambda d: d["prices"].reverse(), "prices"),
    ("trains.json", lambda d: d["phases"].pop(), "phases"),
]


@pytest.mark.parametrize(("name", "change", "field"), BAD_DATA, ids=[f"{b[0]}:{b[2]}" for b in BAD_DATA])
def test_a_bad_data_file_fails_naming_the_file_and_field(tmp_path: Path, name: str, change: Any, field: str) -> None:
    root = _copy_data(tmp_path)
    path = _edit(root, name, change)
    with pytest.raises(DataError) as caught:
        _load(root)
    assert caught.value.file == str(path)
    assert caught.value.field.startswith(field), caught.value
    assert str(path) in str(caught.value)


def test_malformed_json_names_the_file_and_line(tmp_path: Path) -> None:
    root = _copy_data(tmp_path)
    path = root / "1862" / "trains.json"
    path.write_text('{\n  "about": "x",\n  "bands": [,]\n}', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        _load(root)
    assert caught.value.file == str(path)
    assert caught.value.field == "line 3 column 13"


def test_a_missing_data_file_is_reported(tmp_path: Path) -> None:
    root = _copy_data(tmp_path)
    (root / "1862" / "market.json").unlink()
    with pytest.raises(DataError, match=r"market\.json: \(file\): data file not found"):
        _load(root)
