"""1860's board data (data/1860/) cross-checked against the rulebook (../shared/rules/001_3977acb489cb912c.txt,
cited as heading and line, "RB L<n>") and against the 18xx.games facts summarised in the reference
(../shared/reference/1860/README.md §3): counts, companies and homes, preprinted and labelled hexes, terrain,
barriers, Ryde Pier, fixed rotations, upgrades, and the two maps."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from solver.core.board_data import Board, load_board
from solver.core.upgrades import upgrade_rotations

RULEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "001_3977acb489cb912c.txt"
FULL = load_board("1860")
TWO = load_board("1860", "two_player")


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    if not RULEBOOK.is_file():
        pytest.skip(f"the 1860 rulebook is not present at {RULEBOOK} (only the cross-checks need it)")
    return RULEBOOK.read_text(encoding="utf-8").splitlines()


def _hex_named(board: Board, name: str) -> str:
    found = [h.hex for h in board.hexes.values() if h.name == name]
    assert len(found) == 1, name
    return found[0]


def test_the_full_map_has_44_land_hexes_and_ryde_pier() -> None:
    kinds = Counter(h.kind for h in FULL.hexes.values())
    assert kinds == {"land": 44, "offboard": 1}
    assert FULL.hexes["J2"].name == "Ryde Pier"


def test_the_two_player_map_drops_norton_green_totland_e11_and_their_barrier() -> None:
    """Reference §3.1 (game.rb OPTION_REMOVE_HEXES / OPTION_ADD_HEXES): A5, A7 and E11 go, B4 stays a plain
    large station without the A5|B4 barrier; every other hex is the same."""
    assert set(FULL.hexes) - set(TWO.hexes) == {"A5", "A7", "E11"}
    assert set(TWO.hexes) <= set(FULL.hexes)
    assert all(TWO.hexes[h] == FULL.hexes[h] for h in TWO.hexes)
    assert {(b.hex, b.edge) for b in FULL.borders} - {(b.hex, b.edge) for b in TWO.borders} == {("A5", 4)}
    assert FULL.border("B4", 1) is not None and TWO.border("B4", 1) is None


def test_139_tiles_on_the_full_map_and_137_on_the_two_player_map_by_colour() -> None:
    """Reference §3.2 (map.rb TILES; game.rb OPTION_TILES removes one 776 and one 770): 47 yellow, 56 green,
    36 russet. The rulebook names the three colours (Components, RB L27) but prints no manifest."""

    def by_colour(board: Board) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for t in board.tiles.values():
            counts[t.color] += t.count or 0
        return dict(counts)

    assert by_colour(FULL) == {"yellow": 47, "green": 56, "russet": 36}
    assert by_colour(TWO) == {"yellow": 47, "green": 56, "russet": 34}
    assert FULL.tile_total() == 139 and TWO.tile_total() == 137
    differ = {t: (FULL.tiles[t].count, TWO.tiles[t].count) for t in FULL.tiles if FULL.tiles[t] != TWO.tiles[t]}
    assert differ == {"770": (2, 1), "776": (3, 2)}
    assert len(FULL.tiles) == 68


def test_the_eight_companies_and_their_homes_are_the_rulebooks(rulebook: list[str]) -> None:
    """Major Companies (RB L171-L179): layer, abbreviation, name, bases, par range, home base."""
    table = [line.split("\t") for line in rulebook[171:179]]
    assert len(table) == 8
    for layer, abbreviation, name, bases, par, home, _destinations in table:
        company = FULL.companies[abbreviation]
        assert company.name == name
        assert company.rules["layer"] == int(layer)
        assert len(company.rules["base_costs"]) == int(bases)
        low, high = (int(p) for p in re.findall(r"\d+", par))
        assert company.rules["par_range"] == (low, high)
        assert company.home is not None
        assert FULL.hexes[company.home].name == home, abbreviation
        home_node = FULL.hexes[company.home].face.nodes[company.home_node]
        assert home_node.kind == "large" and home_node.slots == 1
    assert len(FULL.companies) == 8
    assert TWO.companies == FULL.companies


def test_base_costs_are_free_then_40_then_100(rulebook: list[str]) -> None:
    """Building Bases (RB L509): the home base is free, the second costs 40cc, each further one 100cc."""
    assert "The home base is free" in rulebook[508] and "40 company credits" in rulebook[508]
    for company in FULL.companies.values():
        costs = company.rules["base_costs"]
        assert costs[:2] == (0, 40) and all(c == 100 for c in costs[2:])


def test_the_preprinted_yellow_towns_are_ryde_newport_ventnor_and_merstone(rulebook: list[str]) -> None:
    """Track Tiles (RB L463)."""
    assert "(Ryde / Newport / Ventnor / Merstone) are marked in yellow" in rulebook[462]
    yellow = {h.name for h in FULL.hexes.values() if h.color == "yellow"}
    assert yellow == {"Ryde Esplanade", "Newport", "Ventnor", "Merstone"}
    assert all(h.face.paths for h in FULL.hexes.values() if h.color == "yellow")


def test_the_lettered_towns_are_the_rulebooks(rulebook: list[str]) -> None:
    """Track Tiles (RB L465): Ryde (R), Cowes (C), Newport (N), Ventnor (V), Brading/Godshill/Shorwell (B),
    Merstone (M)."""
    assert "Brading/Godshill/Shorwell (B) and Merstone (M)" in rulebook[464]
    labels = {h.name: h.label for h in FULL.hexes.values() if h.label}
    assert labels == {
        "Ryde Esplanade": "R",
        "Cowes": "C",
        "Newport": "N",
        "Ventnor": "V",
        "Brading": "B",
        "Godshill": "B",
        "Shorwell": "B",
        "Merstone": "M",
    }
    tile_labels = {t.label for t in FULL.tiles.values() if t.label}
    assert tile_labels == set(labels.values())


def test_difficult_terrain_costs_60_and_lies_where_the_rulebook_says(rulebook: list[str]) -> None:
    """The Map (RB L61): hills, plus St. Helens, Fishbourne and north of Calbourne; Track Tiles (RB L475): 60cc."""
    assert "St. Helens, Fishbourne, and north of Calbourne" in rulebook[60]
    assert "60 company credits" in rulebook[474]
    terrain = {h.hex: h for h in FULL.hexes.values() if h.terrain}
    assert all(h.cost == 60 for h in terrain.values())
    water = {h for h, x in terrain.items() if x.terrain == "water"}
    assert water == {_hex_named(FULL, "St. Helens"), "H2", FULL.layout.neighbour(_hex_named(FULL, "Calbourne"), 3)}
    assert FULL.layout.distance("H2", _hex_named(FULL, "Wootton & Havenstreet")) == 1  # Fishbourne, by Wootton
    assert _hex_named(FULL, "Wroxall") in terrain  # the tunnel to Ventnor via Wroxall


def test_the_three_barrier_areas_of_the_rulebook(rulebook: list[str]) -> None:
    """The Map (RB L59): the Medina in the north, a ridge just south of Ashe(y), and the Earl of Yarborough's
    land on the way to Ventnor. The site's full map has a fourth, unnamed barrier (A5|B4; docs/data-1860.md)."""
    assert "three thick red border areas" in rulebook[58]
    named = {b.name for b in FULL.borders if b.name}
    assert named == {"River Medina", "Ashey ridge", "Earl of Yarborough's land"}
    assert all(b.type == "impassable" for b in FULL.borders)
    ashey = _hex_named(FULL, "Ashey")
    assert FULL.border(ashey, 0) is not None and FULL.border(ashey, 0).name == "Ashey ridge"  # type: ignore[union-attr]
    ventnor = _hex_named(FULL, "Ventnor")
    assert any(b.name == "Earl of Yarborough's land" and ventnor in (b.hex, b.other) for b in FULL.borders)
    cowes = _hex_named(FULL, "Cowes")
    assert {b.other for b in FULL.borders if b.name == "River Medina" and b.hex == cowes} == {
        _hex_named(FULL, "East Cowes"),
        _hex_named(FULL, "Whippingham"),
    }


def test_ryde_pier_is_worth_0_20_40_with_the_tile_colours_and_joins_ryde_esplanade(rulebook: list[str]) -> None:
    """The Map (RB L65): 0, 20 or 40 as new colours become available; green from phase 3, russet from phase 5
    (Phases, RB L274-L283). Its track leaves towards Ryde Esplanade, which the R tiles join (RB L473)."""
    assert "(0, 20, or 40)" in rulebook[64]
    pier = FULL.hexes["J2"].face
    assert [pier.nodes[0].value_in(p) for p in FULL.phases] == [0, 20, 20, 40, 40, 40, 40, 40]
    ((edge,),) = [[e.index for e in (p.a, p.b) if e.kind == "edge"] for p in pier.paths]
    esplanade = _hex_named(FULL, "Ryde Esplanade")
    assert FULL.layout.neighbour("J2", edge) == esplanade
    towards_pier = FULL.layout.edge_towards(esplanade, "J2")
    for tile in ("758", "786"):
        assert FULL.tiles[tile].label == "R" and FULL.tiles[tile].fixed_rotation
        assert towards_pier in FULL.tiles[tile].face.exits(0)


def test_the_newport_and_merstone_tiles_are_fixed_as_the_rulebook_says(rulebook: list[str]) -> None:
    """Special rules for tile placement (RB L469-L471): Shide, the lower-value station, on the south side;
    Blackwater, the halt of the green Merstone tile, on the north side towards Newport."""
    for tile in ("763", "773"):
        face = FULL.tiles[tile].face
        newport, shide = face.nodes
        assert (newport.name, shide.name) == ("Newport", "Shide") and shide.value < newport.value  # type: ignore[operator]
        assert any({str(e) for e in p.ends} == {"e0", "n1"} for p in face.paths)
        assert FULL.tiles[tile].fixed_rotation
    merstone = FULL.tiles["761"].face
    assert merstone.nodes[1].kind == "halt" and merstone.nodes[1].name == "Blackwater"
    assert any({str(e) for e in p.ends} == {"e3", "n1"} for p in merstone.paths)
    assert FULL.layout.neighbour(_hex_named(FULL, "Merstone"), 3) == _hex_named(FULL, "Newport")
    assert {t.id for t in FULL.tiles.values() if t.fixed_rotation} == {"758", "761", "763", "773", "786"}
    # The site fixes 775 rather than 786 (docs/data-1860.md, D14): keeping the old track allows only 0 for both.
    assert upgrade_rotations(merstone, 0, FULL.tiles["775"].face, FULL.becomes) == (0,)
    assert upgrade_rotations(FULL.tiles["758"].face, 0, FULL.tiles["786"].face, FULL.becomes) == (0,)


def test_every_upgrade_pair_has_a_legal_rotation() -> None:
    for tile in FULL.tiles.values():
        for target in tile.upgrades:
            new = FULL.tiles[target]
            assert upgrade_rotations(tile.face, 0, new.face, FULL.becomes, new.fixed_rotation), (tile.id, target)


def test_each_labelled_hex_takes_its_first_tile() -> None:
    """The printed face of each lettered hex keeps its track under the first tile of its letter: Cowes 787,
    Newport 763, Merstone 761, Ventnor 760, Ryde Esplanade 758, and the B towns 746."""
    first = {"C": "787", "N": "763", "M": "761", "V": "760", "R": "758", "B": "746"}
    for h in FULL.hexes.values():
        if h.label:
            tile = FULL.tiles[first[h.label]]
            assert tile.label == h.label
            assert upgrade_rotations(h.face, 0, tile.face, FULL.becomes, tile.fixed_rotation), h.hex


def test_villages_and_towns_take_tiles_with_as_many_stops(rulebook: list[str]) -> None:
    """Track Tiles (RB L450-L453): one village takes one halt or small station, two villages two, a town one
    large station. Every unlabelled printed hex has at least one yellow tile that fits it that way."""
    assert "Two villages - tile played must have two halts or 2 small stations" in rulebook[451]
    yellow = [t for t in FULL.tiles.values() if t.color == "yellow" and not t.label]
    for h in FULL.hexes.values():
        if h.kind != "land" or h.label:
            continue
        kinds = Counter(n.kind for n in h.face.nodes)
        fitting = [
            t.id
            for t in yellow
            if Counter("large" if n.kind == "large" else "village" for n in t.face.nodes) == kinds
            and upgrade_rotations(h.face, 0, t.face, FULL.becomes)
        ]
        assert fitting, h.hex


def test_upgrades_go_one_colour_up_keep_the_label_and_the_number_of_stops() -> None:
    order = FULL.colors
    for tile in FULL.tiles.values():
        for target in tile.upgrades:
            new = FULL.tiles[target]
            assert order.index(new.color) == order.index(tile.color) + 1
            assert new.label == tile.label
            small = [sum(n.kind in ("small", "halt") for n in t.face.nodes) for t in (tile, new)]
            assert small[0] == small[1], (tile.id, target)


# ---------------------------------------------------------------- trains.json and market.json

DATA_1860 = Path(__file__).resolve().parents[2] / "data" / "1860"


def _json(name: str) -> Any:
    return json.loads((DATA_1860 / name).read_text(encoding="utf-8"))


def _train(cell: str) -> str:
    """'2 ⁺¹' in the rulebook's table is the 2+1 train."""
    digits = [unicodedata.digit(c) for c in cell if unicodedata.digit(c, None) is not None]
    return f"{digits[0]}+{digits[1]}"


def test_trains_and_phases_are_the_rulebooks_phase_table(rulebook: list[str]) -> None:
    """Phases (RB L274-L283): train, number, price, phase, ORs per SR, trains per company, what it rusts, tiles."""
    data = _json("trains.json")
    trains = {t["id"]: t for t in data["trains"]}
    phases = {p["id"]: p for p in data["phases"]}
    assert [p["id"] for p in data["phases"]] == list(FULL.phases)
    limit, tiles = None, ["yellow"]
    rows = [line.split("\t") for line in rulebook[274:282]]
    for name, count, price, phase, rounds, per_company, rusts, colour, _notes in rows:
        train = trains[_train(name)]
        assert (train["n"], train["m"]) == tuple(int(x) for x in train["id"].split("+"))
        assert train["price"] == int(price.lstrip("£"))
        assert train["phase"] == phase
        assert train["count"] == (None if count == "6+" else int(count.rstrip("*")))
        if rusts:
            assert trains[_train(rusts)]["rusts_on"] == train["id"]
        limit = int(per_company.rstrip("*")) if per_company else limit
        tiles = [*tiles, colour.lstrip("+").lower()] if colour.startswith("+") else tiles
        assert phases[phase]["train_limit"] == limit
        assert phases[phase]["operating_rounds"] == int(rounds)
        assert phases[phase]["tiles"] == tiles
    assert trains["7+4"]["variant_count"] == 2  # RB L287
    assert {t["id"] for t in data["trains"] if t["rusts_on"]} == {"2+1", "3+2", "4+2", "5+3"}
    assert tiles == list(FULL.colors)


def test_the_market_runs_from_0_to_340_in_two_tiers(rulebook: list[str]) -> None:
    """Share Price Movement (RB L364-L378) and the par chart (RB L248)."""
    market = _json("market.json")
    places = market["places"]
    assert places[0] == market["bankrupt"] == 0 and places[-1] == market["game_end"] == 340
    assert places == sorted(set(places))
    assert len(places) % 2 == 1  # both ends on the top tier
    par_row = [int(v) for v in rulebook[247].split("\t")[1:] if v]
    assert sorted(par_row) == market["par_prices"]
    assert all(places.index(p) % 2 == 0 for p in market["par_prices"])  # companies start on the top tier (RB L364)
    assert market["repar_minimum"] == 40 and 40 in places


def test_bills_sale_of_three_shares_at_182_drops_the_price_two_places_to_166(rulebook: list[str]) -> None:
    """Share Price Movement (RB L378): the first share sold in a red-letter zone has no effect."""
    assert "the share price drops two places (instead of three), to £166" in rulebook[377]
    market = _json("market.json")
    places, zone = market["places"], market["red_zone"]
    price, sold = 182, 3
    moves = sold - (1 if price < zone["below"] or price > zone["above"] else 0)
    assert places[places.index(price) - moves * market["places_per_share_sold"]] == 166


def test_a_dividend_moves_the_price_along_its_tier(rulebook: list[str]) -> None:
    """Paying Dividends (RB L558-L570): two places up per multiple of the price (one space along the same tier),
    at most four spaces; two places down without a dividend."""
    assert "(1 space left on the same level" in rulebook[557]
    market = _json("market.json")
    places = market["places"]
    assert market["places_per_dividend_multiple"] == market["places_down_without_dividend"] == 2
    assert market["most_places_up"] == 4 * market["places_per_dividend_multiple"]
    at_90 = places.index(90)
    assert places[at_90 + 2] == 100 and places[at_90 - 2] == 82  # both on the top tier, beside 90


# ---------------------------------------------------------------- the reference's tables (../shared/reference/1860)

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "1860" / "README.md"
#: Our spelling where the reference keeps the site's short form (docs/data-1860.md, D10).
SPELLING = {"Ryde Esp": "Ryde Esplanade", "—": None}


@pytest.fixture(scope="module")
def reference_tables() -> dict[str, list[list[str]]]:
    """The rows of the reference's hex table (§3.1) and tile table (§3.2), each as its cells."""
    if not REFERENCE.is_file():
        pytest.skip(f"the 1860 reference is not present at {REFERENCE} (only the cross-checks need it)")
    tables: dict[str, list[list[str]]] = {"hex": [], "tile": []}
    current = None
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        if line.startswith("| hex | name | printed content"):
            current = "hex"
        elif line.startswith("| tile | colour | count"):
            current = "tile"
        elif not line.startswith("|"):
            current = None
        elif current and not line.startswith("|---"):
            tables[current].append([c.strip() for c in line.strip("|").split("|")])
    return tables


def test_every_hex_matches_the_reference_table(reference_tables: dict[str, list[list[str]]]) -> None:
    """Names, labels, terrain, barrier sides and printed content of each hex of the full map (§3.1)."""
    seen = set()
    for ids, name, content, label, terrain, borders in reference_tables["hex"]:
        for hex_ in ids.split(", "):
            h = FULL.hexes[hex_]
            seen.add(hex_)
            assert h.name == SPELLING.get(name, name), hex_
            assert h.label == (label or None), hex_
            assert h.terrain == (terrain.split()[0] if terrain else None), hex_
            sides = {e for e in range(6) if FULL.border(hex_, e) is not None}
            assert sides == {int(e) for e in borders.split(",") if e}, hex_
            kinds = Counter(n.kind for n in h.face.nodes)
            villages = 2 if "2 villages" in content else int("village" in content)
            assert kinds["village"] == villages, hex_
            assert kinds["large"] == int("large" in content), hex_
            if "preprinted yellow" in content:
                value = int(re.search(r"large (\d+)", content).group(1))  # type: ignore[union-attr]
                exits = {int(e) for e in re.findall(r"\d", content.split("exit")[1].split(")")[0])}
                assert (h.color, h.face.nodes[0].value, set(h.face.exits())) == ("yellow", value, exits), hex_
            if content.startswith("off-board"):
                assert h.kind == "offboard" and set(h.face.exits()) == {int(content[-1])}
    assert seen == set(FULL.hexes)


def test_upgrades_and_their_rotations_match_the_reference_table(reference_tables: dict[str, list[list[str]]]) -> None:
    """The reference's upgrade column (§3.2), derived there with the site's rule: targets, and where it gives
    them, the rotations relative to the old tile. Rows with ranges ("764–769") are not exact and are skipped."""
    checked = 0
    for ids, _colour, _count, _content, _label, upgrades in reference_tables["tile"]:
        if "–" in upgrades or upgrades in ("—", ""):
            continue
        if ":" in upgrades:
            listed = dict(part.split(": ") for part in upgrades.split("; "))
        else:
            listed = {tile: upgrades for tile in ids.split(" / ")}
        for tile, targets in listed.items():
            expected = {t.split("[")[0]: t for t in targets.split()}
            assert set(FULL.tiles[tile].upgrades) == set(expected), tile
            for target, text in expected.items():
                if "[" in text:
                    rotations = tuple(int(r) for r in text.split("[")[1].rstrip("]").split(","))
                    new = FULL.tiles[target]
                    got = upgrade_rotations(FULL.tiles[tile].face, 0, new.face, FULL.becomes, new.fixed_rotation)
                    assert got == rotations, (tile, target)
            checked += 1
    assert checked >= 20
