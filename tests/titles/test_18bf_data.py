"""18BF's data (data/18bf/, docs/data-18bf.md) loaded by the core and cross-checked against rules v0.19 itself:
the tile manifest (§18) per tile, per colour and in total; the companies (Tables 1-3, §7.2-§7.4, §10.5, §19);
the trains (Table 4), bonuses (§10.6) and market ranges (§9.2, §9.3, §10.7, §12.2); London's six parts (§5);
the red areas (§10.6); the regions and province borders; the yellow triangles (§10.4); every upgrade (§10.4)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.core.board_data import Board, load_board, load_board_from
from solver.core.faces import End, Face
from solver.core.geometry import EDGE_NAMES, opposite
from solver.core.upgrades import upgrade_fits, upgrade_rotations
from solver.errors import DataError

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "data" / "18bf"
RULEBOOK = ROOT.parent / "shared" / "rules" / "002_af0f8bd4e8a1e8cc.txt"
BOARD = load_board("18bf")
PHASE_GROUPS = (("2",), ("3", "4"), ("5", "6"), ("7", "8"))  # "2/3-4/5-6/7-8" (§7.1.3, §10.6)


def _json(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rulebook() -> str:
    """The text of rules v0.19; skips the test when ../shared is absent (only these cross-checks need it)."""
    if not RULEBOOK.is_file():
        pytest.skip(f"the 18BF rulebook is not present at {RULEBOOK}")
    return RULEBOOK.read_text(encoding="utf-8")


def _section(text: str, start: str, end: str) -> list[str]:
    """The lines from the first line equal to `start` up to the next line equal to `end`."""
    lines = text.splitlines()
    first = lines.index(start)
    return lines[first + 1 : lines.index(end, first + 1)]


def _manifest(text: str) -> dict[str, tuple[str, int, bool, list[str]]]:
    """§18 as printed: tile id -> (colour, quantity, "(U)" unlimited, upgrade ids). The table has two columns of
    (tile, quantity, upgrades), each with its own colour headings; tile 8's "30(U)" is displaced into its upgrade
    list by the text extraction."""
    tiles: dict[str, tuple[str, int, bool, list[str]]] = {}
    colour = {0: "", 3: ""}
    for line in _section(text, "18 TILE MANIFEST", "19 APPENDIX")[2:]:
        cells = (line.split("\t") + [""] * 6)[:6]
        for at in (0, 3):
            tile, qty, upgrades = (c.strip() for c in cells[at : at + 3])
            if tile in ("Yellow", "Green", "Brown", "Grey"):
                colour[at] = tile.lower()
                continue
            if not tile:
                continue
            displaced = re.search(r"\s(\d+)\(U\)\s", upgrades)
            if not qty and displaced:
                qty, upgrades = f"{displaced.group(1)}(U)", upgrades.replace(displaced.group(0), ",")
            ids = [] if upgrades == "None" else [u.strip() for u in upgrades.split(",") if u.strip()]
            tiles[tile] = (colour[at], int(qty.removesuffix("(U)")), qty.endswith("(U)"), ids)
    return tiles


def _by_phase(values: str) -> dict[str, int]:
    """ "10/15/20/25" for phases 2/3-4/5-6/7-8; a shorter list names the last groups ("-/-/75": 7-8 only, the
    reading of docs/data-18bf.md for U2); "-" is no income."""
    parts = values.split("/")
    out: dict[str, int] = {}
    for group, value in zip(PHASE_GROUPS[len(PHASE_GROUPS) - len(parts) :], parts, strict=True):
        if value != "-":
            out.update(dict.fromkeys(group, int(value)))
    return out


def _fits_joining_spaces(old: Face, new: Face, fixed_rotation: bool) -> list[int]:
    """The rotations at which `new` keeps every path of `old`, where several old cities may become one new city
    (§10.4: "When cities such as Birmingham in green are upgraded, some of the separate spaces are linked into
    one city"): the core's check with 18BF's joinable kinds (title.json: `city` joins)."""
    return list(upgrade_rotations(old, 0, new, BOARD.becomes, fixed_rotation, BOARD.joining))


def _stops(board: Board) -> dict[str, str]:
    """Every hex with a node, by its printed name."""
    return {h.name: h.hex for h in board.hexes.values() if h.name and h.face.nodes}


# ---------------------------------------------------------------- the map


def test_the_board_has_221_hexes_209_land_8_red_3_blue_1_grey() -> None:
    kinds = [h.kind for h in BOARD.hexes.values()]
    assert len(kinds) == 221
    assert (kinds.count("land"), kinds.count("offboard"), kinds.count("water"), kinds.count("fixed")) == (209, 8, 3, 1)
    assert sorted(h.hex for h in BOARD.hexes.values() if h.color == "yellow") == [
        "D6",
        "L16",
        "M11",
        "M15",
        "Q15",
        "U23",
    ]
    land = [h for h in BOARD.hexes.values() if h.kind == "land" and h.color == "white"]
    printed = [[n.kind for n in h.face.nodes] for h in land]
    cities = [h for h in land if h.face.nodes and h.face.nodes[0].kind == "city"]
    assert (printed.count([]), printed.count(["town"]), printed.count(["city"])) == (150, 29, 24)
    assert len([h for h in cities if h.label == "Y"]) == 9 and {h.label for h in cities} == {None, "Y"}
    assert (BOARD.layout.orientation, BOARD.layout.letter_axis) == ("pointy", "row")
    # §5: London is hex U23; the prototype's London inset and bonus legends are display devices, not hexes.
    assert BOARD.hexes["U23"].name == "London"
    assert not {"L28", "K27", "K29", "L26", "L30", "M27", "M29", "J6", "L6", "G28", "I28"} & set(BOARD.hexes)


def test_london_has_six_parts_of_two_spaces_with_one_exit_each() -> None:
    """§5: "London (hex U23) has two token spaces for each of its six exits"; the parts are named as §19 names
    the minors' homes, node i on edge i; the same on every London tile, which keeps its rotation."""
    faces = {"U23": BOARD.hexes["U23"].face} | {t: BOARD.tiles[t].face for t in ("X9", "X10", "X11")}
    values = {"U23": 40, "X9": 50, "X10": 70, "X11": 100}
    for where, face in faces.items():
        assert [n.kind for n in face.nodes] == ["london"] * 6
        assert [n.slots for n in face.nodes] == [2] * 6
        assert [n.value for n in face.nodes] == [values[where]] * 6
        assert [n.name for n in face.nodes] == [f"London({d})" for d in EDGE_NAMES["pointy"]]
        for i in range(6):
            exits = [p for p in face.paths if End("node", i) in p.ends]
            assert [sorted(map(str, p.ends)) for p in exits] == [[f"e{i}", f"n{i}"]]
            assert exits[0].terminal
    assert all(BOARD.tiles[t].fixed_rotation and BOARD.tiles[t].label == "London" for t in ("X9", "X10", "X11"))
    assert BOARD.hexes["U23"].label == "London"


def test_every_red_area_has_four_values_by_phase_and_terminal_entries() -> None:
    """§10.6: the lowest value in phase 2, the second in 3-4, the third in 5-6, the highest in 7-8; §10.1: a
    route that visits a red area ends there; every entry faces a land hex."""
    red = {h.hex: h for h in BOARD.hexes.values() if h.kind == "offboard"}
    assert sorted(red) == ["A13", "H2", "L22", "N4", "S29", "S3", "V30", "X8"]
    for hex_, h in red.items():
        (node,) = h.face.nodes
        assert node.kind == "offboard" and not isinstance(node.value, int)
        four = [node.value_in(group[0]) for group in PHASE_GROUPS]
        assert all(node.value_in(p) == v for group, v in zip(PHASE_GROUPS, four, strict=True) for p in group)
        assert four == sorted(four), hex_
        assert h.face.paths and all(p.terminal for p in h.face.paths)
        for edge in h.face.exits():
            beyond = BOARD.layout.neighbour(hex_, edge)
            assert beyond is not None and BOARD.hexes[beyond].kind == "land", (hex_, edge)
    assert [red["S29"].face.nodes[0].value_in(p) for p in ("2", "3", "5", "7")] == [10, 20, 30, 40]  # Harwich


def test_yellow_triangles_point_at_london_and_the_bgm_cities() -> None:
    """§10.4: a yellow tile laid in a hex with a yellow triangle must point towards it; every triangle faces a
    preprinted multi-space city, and every hex beside London has one towards London."""
    stubs = {h.hex: h.stubs for h in BOARD.hexes.values() if h.stubs}
    assert len(stubs) == 10
    for hex_, edges in stubs.items():
        for edge in edges:
            beyond = BOARD.layout.neighbour(hex_, edge)
            assert beyond is not None and BOARD.hexes[beyond].label in ("London", "BGM"), (hex_, edge)
    for edge in range(6):
        beside = BOARD.layout.neighbour("U23", edge)
        assert beside is not None and stubs[beside] == (opposite(edge),)


def test_ports_take_track_from_a_land_city_and_no_route() -> None:
    """Appendix §10.6: "A train may not run to a port. (Ports are included solely to allow certain hexes to
    upgrade.)" Each blue hex has a port node that land track may point at, reached only by terminal paths."""
    for h in (h for h in BOARD.hexes.values() if h.kind == "water"):
        (port,) = h.face.nodes
        assert port.kind == "port" and port.slots == 0
        to_port = [p for p in h.face.paths if End("node", 0) in p.ends]
        assert to_port and all(p.terminal for p in to_port)
        facing = {BOARD.layout.neighbour(h.hex, e.index) for p in to_port for e in p.ends if e.kind == "edge"}
        assert any(BOARD.hexes[f].face.nodes for f in facing if f is not None and f in BOARD.hexes), h.hex


def test_regions_agree_with_the_province_borders() -> None:
    """The England/Scotland and England/Wales borders (hex sides of type province) each join a hex of the named
    region to an English one; the minors' Scottish and Welsh homes lie in their regions."""
    scotland, wales = BOARD.regions["scotland"], BOARD.regions["wales"]
    assert not scotland & wales
    province = [b for b in BOARD.borders if b.type == "province"]
    assert len(province) == 20
    for b in province:
        region = {"England/Scotland": scotland, "England/Wales": wales}[b.name or ""]
        assert len({b.hex, b.other} & region) == 1 and not {b.hex, b.other} & (scotland | wales) - region, b
    stops = _stops(BOARD)
    assert {stops[n] for n in ("Edinburgh", "Glasgow", "Kirkcaldy", "Perth", "Aberdeen")} <= scotland
    assert {stops[n] for n in ("Cardiff", "Swansea", "Rhondda", "Merthyr Tydfil")} <= wales
    assert not {stops[n] for n in ("Berwick", "Carlisle", "Newcastle", "Bristol", "Liverpool", "London")} & (
        scotland | wales
    )
    # The reading of docs/data-18bf.md: the Irish areas belong to the region they are reached from.
    assert stops["North Ireland"] in scotland and {stops["Mid-Ireland"], stops["South Ireland"]} <= wales


# ---------------------------------------------------------------- tiles


def test_every_tile_matches_the_section_18_manifest(rulebook: str) -> None:
    """Colour, quantity ("(U)": unlimited, count null, §10.4) and upgrades of each tile; tile 7's 624, 625 and 626
    are named in §18 but are no tiles of the manifest, so they are left out (docs/data-18bf.md)."""
    manifest = _manifest(rulebook)
    assert sorted(manifest) == sorted(BOARD.tiles)
    for tile_id, (colour, qty, unlimited, upgrades) in manifest.items():
        tile = BOARD.tiles[tile_id]
        assert tile.color == colour, tile_id
        assert tile.count == (None if unlimited else qty), tile_id
        named = [u for u in upgrades if u in manifest]
        assert list(tile.upgrades) == named, tile_id
        assert set(upgrades) - set(named) == ({"624", "625", "626"} if tile_id == "7" else set())


def test_tile_counts_per_colour_and_in_total_match_section_18(rulebook: str) -> None:
    """Designs and tiles of each colour; 278 in all (with 6, 30 and 34 of the unlimited 7, 8, 9), against §1's
    "287 Tiles" (the conflict docs/data-18bf.md records)."""
    manifest = _manifest(rulebook)
    for colour in BOARD.colors:
        printed = {t: m for t, m in manifest.items() if m[0] == colour}
        ours = {t.id: t for t in BOARD.tiles.values() if t.color == colour}
        assert set(ours) == set(printed), colour
        limited = sum(m[1] for m in printed.values() if not m[2])
        assert sum(t.count or 0 for t in ours.values()) == limited, colour
    assert [len([t for t in BOARD.tiles.values() if t.color == c]) for c in BOARD.colors] == [12, 30, 21, 3]
    assert BOARD.tile_total() + sum(m[1] for m in manifest.values() if m[2]) == sum(m[1] for m in manifest.values())
    assert sum(m[1] for m in manifest.values()) == 278
    assert "287 Tiles" in rulebook


def test_tile_values_are_those_of_the_tiles_of_each_class() -> None:
    """Towns 10; cities 20/30/40; Y cities 30/40/50; BGM 40/50/70; Liverpool 40/50/70 (docs/data-18bf.md)."""
    expected = {
        10: ["3", "4", "58", "87", "88", "204", "911"],
        20: ["5", "6", "57"],
        30: ["14", "15", "619", "201", "202", "621"],
        40: ["63", "448", "611", "207", "208", "622", "X1", "X4", "X5", "X12"],
        50: ["216", "623", "801", "X6", "X7", "X13"],
        70: ["X14", "49"],
    }
    for value, ids in expected.items():
        for tile_id in ids:
            assert {n.value for n in BOARD.tiles[tile_id].face.nodes} == {value}, tile_id
    assert {BOARD.tiles[t].face.nodes[0].kind for t in expected[10]} == {"town"}
    labels = {t.id: t.label for t in BOARD.tiles.values() if t.label}
    assert labels == {
        **dict.fromkeys(["201", "202", "621", "207", "208", "622", "216", "623", "801"], "Y"),
        **dict.fromkeys(["X1", "X4", "X5", "X6", "X7", "X14"], "BGM"),
        **dict.fromkeys(["X12", "X13", "49"], "L"),
        **dict.fromkeys(["X9", "X10", "X11"], "London"),
    }


def test_every_upgrade_of_the_manifest_has_a_rotation_keeping_every_path() -> None:
    """§10.4: "Track segments on the old tile must be represented in the same orientations on the new tile." Where
    the new tile has at least as many nodes, the core's own check finds the rotation; where spaces are joined
    (X1, X4, X5 to X6, X7; X6, X7 to X14; X12 to X13) old cities may share a new one: without the title's
    joinable kinds exactly those seven are refused."""
    joined = []
    for tile in BOARD.tiles.values():
        for target in tile.upgrades:
            new = BOARD.tiles[target]
            assert _fits_joining_spaces(tile.face, new.face, new.fixed_rotation), (tile.id, target)
            if not upgrade_rotations(tile.face, 0, new.face, BOARD.becomes, new.fixed_rotation):
                joined.append((tile.id, target))
    assert sorted(joined) == [
        ("X1", "X7"),
        ("X12", "X13"),
        ("X4", "X6"),
        ("X4", "X7"),
        ("X5", "X6"),
        ("X6", "X14"),
        ("X7", "X14"),
    ]


UPGRADES = sorted((t.id, u) for t in BOARD.tiles.values() for u in t.upgrades)


@given(st.sampled_from(UPGRADES), st.integers(0, 5))
def test_an_upgrade_fits_whatever_rotation_the_old_tile_lies_at(pair: tuple[str, str], rotation: int) -> None:
    """Property: laying the old tile at another rotation turns the new tile's fitting rotations with it (a London
    tile, laid only at rotation 0, is only ever replaced at rotation 0)."""
    old, new = (BOARD.tiles[t] for t in pair)
    if new.fixed_rotation:
        rotation = 0
    at_zero = _fits_joining_spaces(old.face, new.face, new.fixed_rotation)
    turned = _fits_joining_spaces(old.face.rotated(rotation), new.face, new.fixed_rotation)
    assert turned == sorted((r + rotation) % 6 for r in at_zero)


def test_preprinted_cities_upgrade_to_the_green_tiles_of_their_label() -> None:
    """§10.4: London, Liverpool and Birmingham/Manchester/Leeds/Glasgow have special upgrade tiles reserved for
    them. Each preprinted hex keeps every path on each green tile of its label, its cities kept apart; London only
    at rotation 0 with each part on its own exit."""
    green = {
        label: [t for t in BOARD.tiles.values() if t.color == "green" and t.label == label]
        for label in ("BGM", "L", "London")
    }
    assert {k: sorted(t.id for t in v) for k, v in green.items()} == {
        "BGM": ["X1", "X4", "X5"],
        "L": ["X12"],
        "London": ["X9"],
    }
    for h in (h for h in BOARD.hexes.values() if h.color == "yellow"):
        assert h.label is not None
        for tile in green[h.label]:
            assert upgrade_rotations(h.face, 0, tile.face, BOARD.becomes, tile.fixed_rotation), (h.hex, tile.id)
    fits = upgrade_fits(BOARD.hexes["U23"].face, 0, BOARD.tiles["X9"].face, BOARD.becomes, fixed_rotation=True)
    assert [(f.rotation, f.node_map) for f in fits] == [(0, (0, 1, 2, 3, 4, 5))]


# ---------------------------------------------------------------- companies


def test_minor_homes_match_section_19(rulebook: str) -> None:
    """Each of the 24 minors of §19 with its name and home: the hex, and the node named as §19 names the space in
    a multi-space city ("Birmingham(SW)", "London(E)"); the groups of §7.2."""
    rows = [line.split("\t") for line in _section(rulebook, "Minor Companies", "Public Companies") if "\t" in line]
    assert len(rows) == 24
    for minor_id, name, home, *_ in rows:
        company = BOARD.companies[minor_id]
        place, hex_ = re.fullmatch(r"(.+?)\s*\(([A-Z]\d+)\)", home).groups()  # type: ignore[union-attr]
        assert (company.kind, company.name, company.home) == ("minor", name, hex_)
        assert company.home is not None
        nodes = BOARD.hexes[company.home].face.nodes
        node = nodes[company.home_node]
        if len(nodes) == 1:
            assert BOARD.hexes[company.home].name == place == company.rules["home_name"]
        else:
            assert node.name == place == company.rules["home_name"]
        assert node.slots >= 1 and company.rules["markers"] == 1  # §10.5: minors have one marker
    # Two minors share a home only in a London part, which has two spaces (LB and LS; EK and SE).
    homes = [(c.home or "", c.home_node) for c in BOARD.companies.values() if c.kind == "minor"]
    for hex_, index in set(homes):
        assert homes.count((hex_, index)) <= BOARD.hexes[hex_].face.nodes[index].slots, (hex_, index)
    for group, ids in re.findall(r"Group ([ABC]): ([A-Z, ]+) \(8\)", rulebook):
        assert {BOARD.companies[i.strip()].rules["group"] for i in ids.split(",")} == {group}


def test_private_companies_match_tables_1_to_3(rulebook: str) -> None:
    """Minimum bid, face value, income by phase and bonus of each private railway (Table 1), ferry (Table 2) and
    underground (Table 3); the bonus places are the hexes of those names (Ireland: the three Irish areas)."""
    stops = _stops(BOARD)
    rows = re.findall(r"^([PFU]\d+) ([^\t]+)\t(.+)$", rulebook, re.M)
    assert sorted(r[0] for r in rows) == sorted(
        c.id for c in BOARD.companies.values() if c.kind in ("private", "ferry", "underground")
    )
    for company_id, name, rest in rows:
        company = BOARD.companies[company_id]
        rules = company.rules
        cells = rest.split("\t")
        assert company.name == name
        if company.kind == "private":
            bid, face, income, bonus = cells
            assert (rules["min_bid"], rules["face_value"]) == (int(bid), int(face))
            assert rules["income"] == {p: int(income) for p in "234567"} and rules["closes_in_phase"] == "8"
        else:
            face, income, bonus = cells
            assert rules["min_bid"] == rules["face_value"] == int(face)  # §7.1.3: the minimum bid is face value
            assert rules["income"] == _by_phase(income)
        lay = re.fullmatch(r"([A-Z]\d+) Free track lay", bonus)
        plus = re.fullmatch(r"\+(\d+) (.+)", bonus)
        if lay:
            assert rules["free_tile_lay"] == lay.group(1) and "bonus" not in rules
            # §7.1.1: a free yellow tile in the private's hex; each of the four is a small city (a town tile).
            assert [n.kind for n in BOARD.hexes[lay.group(1)].face.nodes] == ["town"], company_id
        elif plus:
            places = [n for n in stops if n.endswith(plus.group(2))]
            assert rules["bonus"]["amount"] == int(plus.group(1))
            assert sorted(rules["bonus"]["hexes"]) == sorted(stops[p] for p in places), company_id
        else:
            assert bonus == "None" and "bonus" not in rules and "free_tile_lay" not in rules
    assert {c.rules["available_from_phase"] for c in BOARD.companies.values() if c.kind == "underground"} == {"5", "7"}


def test_publics_and_systems_and_their_station_markers(rulebook: str) -> None:
    """§7.3's eleven publics with four markers (§10.5); §7.4's Systems, three with 12 markers and two with 8; and
    §1's 161 tokens: a share-price marker per company plus its station markers, and the round marker."""
    publics = re.search(r"eleven Public Companies in the game \(([^)]+)\)", rulebook)
    assert publics is not None
    ids = [i.strip().removeprefix("and ") for i in publics.group(1).split(",")]
    assert sorted(ids) == sorted(c.id for c in BOARD.companies.values() if c.kind == "public")
    assert "Each Public Company has four Station Markers" in rulebook
    assert all(BOARD.companies[i].rules["markers"] == 4 and BOARD.companies[i].rules["shares"] == 10 for i in ids)
    systems = re.search(r"Three have up to 12 Station Markers \(([^)]+)\) and two have up to 8 \(([^)]+)\)", rulebook)
    assert systems is not None
    for count, group in ((12, systems.group(1)), (8, systems.group(2))):
        for system_id in group.split(", "):
            system = BOARD.companies[system_id]
            assert (system.kind, system.rules["markers"], system.rules["shares"]) == ("system", count, 20)
    assert len([c for c in BOARD.companies.values() if c.kind == "system"]) == 5
    markers = [c.rules["markers"] for c in BOARD.companies.values() if c.kind in ("minor", "public", "system")]
    assert "161 Tokens" in rulebook and sum(m + 1 for m in markers) + 1 == 161


# ---------------------------------------------------------------- trains, bonuses, market


def test_trains_match_table_4(rulebook: str) -> None:
    """Cost, quantity ("Unlimited": null), the trains a card makes obsolete, and trade-in values of every card."""
    trains = {t["id"]: t for t in _json("trains.json")["trains"]}
    lines = _section(
        rulebook,
        "Train type\t\t\t\t\t",
        "Only Systems may buy or own 5+5E trains. Systems may only own one 5+5E train each.",
    )
    rows = [line.split("\t") for line in lines if line.strip()]
    assert sorted(r[0] for r in rows) == sorted(trains)
    for card_id, cost, quantity, rusts, _effect, trade_in in rows:
        card = trains[card_id]
        assert card["count"] == (None if quantity == "Unlimited" else int(quantity)), card_id
        assert card.get("obsoletes", []) == ([rusts] if rusts else []), card_id
        assert [s["cost"] for s in card["sides"]] == [int(c) for c in cost.split("/")], card_id
        assert [s["trade_in"] for s in card["sides"]] == [None if t == "-" else int(t) for t in trade_in.split("/")]
        assert [s["id"] for s in card["sides"]] == card_id.split("/")
    assert trains["5+5E"]["owners"] == ["system"] and trains["5+5E"]["most_per_company"] == 1


def test_phases_match_section_8(rulebook: str) -> None:
    """Per phase: the tile colours, the train limits, the card whose first purchase starts it and the trains that
    become obsolete then (§8); the certificate limits (§9.3: 32/24/19 for 3/4/5 players, 21/16/13 in phase 8)."""
    data = _json("trains.json")
    phases = {p["id"]: p for p in data["phases"]}
    cards = {t["id"]: t for t in data["trains"]}
    assert list(phases) == list(BOARD.phases)
    words = {"one": 1, "two": 2, "three": 3, "four": 4}
    text = rulebook[rulebook.index("The game starts in Phase 2.") : rulebook.index("9 STOCK ROUNDS\n\nA Stock")]
    blocks = re.findall(r"During Phase (\d):\n(.*?)(?=\nPhase \d starts|\Z)", text, re.S)
    assert [phase_id for phase_id, _ in blocks] == list(BOARD.phases)
    for phase_id, block in blocks:
        phase = phases[phase_id]
        tiles = re.search(r"- ([A-Za-z, ]+) track is available", block)
        assert tiles is not None
        assert phase["tiles"] == re.findall(r"[a-z]+", tiles.group(1).lower().replace("and", "")), phase_id
        limits = {"minor": 0} if "Minor Companies may not own any train" in block else {}
        for who, count in re.findall(
            r"(Public Companies|Minor Companies|Systems) may own no more than (\w+) train", block
        ):
            limits[{"Public Companies": "public", "Minor Companies": "minor", "Systems": "system"}[who]] = words[count]
        assert phase["train_limit"] == limits, phase_id
        limit = {"3": 21, "4": 16, "5": 13} if phase_id == "8" else {"3": 32, "4": 24, "5": 19}
        assert phase["certificate_limit"] == limit, phase_id
    assert (
        "Certificate Limits are 32/24/19 for 3/4/5 players in Phases 2 to 7; in Phase 8 they drop to 21/16/13"
        in rulebook
    )
    started = dict(re.findall(r"Phase (\d) starts on the purchase of the first ([\w+/]+)-train", text))
    assert started == {c["starts_phase"]: card_id for card_id, c in cards.items() if "starts_phase" in c}
    obsolete = dict(re.findall(r"At the start of Phase (\d), (\d)-trains become obsolete", text))
    assert obsolete == {c["starts_phase"]: c["obsoletes"][0] for c in cards.values() if "obsoletes" in c}


def test_bonuses_match_section_10_6(rulebook: str) -> None:
    bonuses = _json("bonuses.json")
    wales, scotland = re.findall(r"£([\d/]+) and £([\d/]+) respectively in phases 2/3-4/5-6/7-8", rulebook)[0]
    assert bonuses["england_wales"] == _by_phase(wales) and bonuses["england_scotland"] == _by_phase(scotland)
    assert "this is £20 in phases 2 to 4, and £30 in phases 5 to 8" in rulebook
    assert bonuses["london_red"] == _by_phase("20/20/30/30")
    assert "The Mine bonus is 50 in Phases 5 to 6 and 60 in Phases 7 to 8" in rulebook
    assert bonuses["mine"] == _by_phase("-/-/50/60")


def test_the_market_rises_to_the_right_within_the_rulebook_ranges(rulebook: str) -> None:
    """One row from the Closed box (§6); every move right is a rise (§10.7), which reads the prototype's 500 after
    540 as 600; zones as §9.2, §9.3 and §12.2 bound them; minors stop at 165 (§10.7)."""
    market = _json("market.json")
    prices = market["prices"]
    assert market["closed_index"] == 0 and prices[0] == 0 and len(prices) == 32
    assert prices == sorted(set(prices)) and prices[prices.index(540) + 1] == 600
    ranges = {
        "minor_start": "(£50 to £135)",
        "public_start": "(£70 to £200)",
        "convert": "(£100 to £165)",
    }
    for zone, text in ranges.items():
        assert text in rulebook
        low, high = (int(x) for x in re.findall(r"\d+", text))
        assert market["zones"][zone] == [p for p in prices if low <= p <= high], zone
    assert "Minor Company stock prices may not go higher than 165" in rulebook and market["minor_max"] == 165
    assert market["money"]["starting_cash"] == {"3": 630, "4": 470, "5": 375}
    assert all(
        f"£{cash} each for {n} players" in rulebook for n, cash in (("three", 630), ("four", 470), ("five", 375))
    )


# ---------------------------------------------------------------- bad data


def test_a_yellow_triangle_on_no_edge_is_refused_naming_the_hex(tmp_path: Path) -> None:
    folder = tmp_path / "18bf"
    shutil.copytree(DATA, folder)
    data = json.loads((folder / "map.json").read_text(encoding="utf-8"))
    index = next(i for i, h in enumerate(data["hexes"]) if h["hex"] == "C5")
    data["hexes"][index]["stubs"] = [6]
    (folder / "map.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_board_from(folder)
    assert caught.value.field == f"hexes.{index} (C5).stubs.0"
    assert "Input should be less than or equal to 5" in str(caught.value)
