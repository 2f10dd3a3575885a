"""The track graph of a position (2.3, 7.4, 7.8): stations, hex sides, segments, tokened-out towns, London,
off-board entries, small stations on separate tracks, and routes written as hexes."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.titles.g1862 import track
from solver.titles.g1862.loading import load_position, parse_position
from solver.titles.g1862.position import Position
from solver.titles.g1862.track import TrackGraph, build_graph, describe, large_id, offboard_id, side_id, small_id

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def worked() -> TrackGraph:
    """The worked example: North Norfolk in phase D (docs/position.md)."""
    return build_graph(load_position(EXAMPLES / "position-example.json"))


@pytest.fixture(scope="module")
def late() -> TrackGraph:
    return build_graph(load_position(EXAMPLES / "position-late-game.json"))


@pytest.fixture(scope="module")
def brandon() -> TrackGraph:
    """Brandon D7 holds green tile 19 with two crossing tracks: Swaffham-Bury (no station) and Ely-Thetford
    (a small station). Each town has a yellow tile pointing at Brandon."""
    return build_graph(
        parse_position(
            {
                "phase": "B",
                "tiles": [
                    {"hex": "D7", "tile": "19", "rotation": 3, "small_stations": [[1, 5]]},
                    {"hex": "D5", "tile": "57", "rotation": 0},
                    {"hex": "D9", "tile": "621", "rotation": 0},
                    {"hex": "C8", "tile": "202", "rotation": 2},
                    {"hex": "E8", "tile": "6", "rotation": 0},
                ],
                "stations": {"D5": ["L&D"], "C8": ["E&H"]},
                "companies": [{"id": "L&D"}, {"id": "E&H"}],
            }
        )
    )


# ---------------------------------------------------------------- nodes and neighbours


def test_node_ids() -> None:
    assert large_id("F5") == "L:F5"
    assert small_id("E6", (0, 4)) == "S:E6:0-4"
    assert offboard_id("A4:midlands") == "O:A4:midlands"
    assert side_id("B5", "B3") == side_id("B3", "B5") == "X:B3|B5"


def test_stations_of_the_worked_example(worked: TrackGraph) -> None:
    kinds = {n: s.kind for n, s in worked.stations.items()}
    assert [n for n, k in sorted(kinds.items()) if k == "large"] == ["L:B13", "L:E2", "L:E4", "L:F3", "L:F5", "L:H5"]
    assert [n for n, k in sorted(kinds.items()) if k == "small"] == ["S:E6:0-4", "S:G4:0-1", "S:G4:2-5"]
    assert worked.stations["L:F5"].value == 60  # green N tile 791 (2.3)
    assert worked.stations["S:G4:0-1"].value == 20
    assert worked.stations["L:F5"].markers == ("Y&N", "ENR", "N&B")


def test_neighbours_of_a_large_station_are_the_sides_its_track_reaches(worked: TrackGraph) -> None:
    """Cromer's green tile 14 points at Norwich, Wells, the Cromer port and N Walsham; all are joined."""
    assert sorted(worked.neighbours("L:F3")) == ["X:E2|F3", "X:F1|F3", "X:F3|F5", "X:F3|G4"]
    assert sorted(worked.neighbours("X:F3|F5")) == ["L:F3", "L:F5"]


def test_a_side_without_track_on_both_hexes_is_not_in_the_graph(worked: TrackGraph) -> None:
    """Norwich points at Diss F7, which has no tile: that side leads nowhere and is dropped."""
    assert "X:F5|F7" not in worked.sides
    assert "X:F5|F7" not in worked.neighbours("L:F5")


def test_station_values_follow_the_phase() -> None:
    """Off-board areas pay the A-B, C-D or E-H column (9.0)."""
    data = {"tiles": [{"hex": "F3", "tile": "57", "rotation": 0}]}
    values = {}
    for phase in "ACE":
        graph = build_graph(parse_position({**data, "phase": phase}))
        values[phase] = graph.stations["O:F1:port_cromer"].value
    assert values == {"A": 80, "C": 90, "E": 100}


def test_a_lay_worked_out_once_still_takes_each_positions_markers_and_values() -> None:
    """Each tile lay's track is worked out once per process (`track._lay_track`); the large station's markers
    (7.4) and the off-board values of the phase (9.0) still come from each position."""
    data = {"tiles": [{"hex": "F3", "tile": "57", "rotation": 0}], "companies": [{"id": "ENR"}, {"id": "N&B"}]}
    first = build_graph(parse_position({**data, "phase": "A", "stations": {"F3": ["ENR"]}}))
    second = build_graph(parse_position({**data, "phase": "E", "stations": {"F3": ["N&B"]}}))
    assert first.stations["L:F3"].markers == ("ENR",)
    assert second.stations["L:F3"].markers == ("N&B",)
    assert (first.stations["O:F1:port_cromer"].value, second.stations["O:F1:port_cromer"].value) == (80, 100)
    assert first.segments == second.segments


def test_the_graph_from_worked_out_lays_is_the_graph_worked_out_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """The late-game board built from the lays' stored track equals the board built with none stored."""
    position = load_position(EXAMPLES / "position-late-game.json")
    stored = build_graph(position)
    monkeypatch.setattr(track, "_LAY_TRACK", {})
    anew = build_graph(position)
    assert stored.segments == anew.segments and stored.adjacency == anew.adjacency
    assert dict(stored.stations) == dict(anew.stations) and stored.sides == anew.sides


# ---------------------------------------------------------------- tokened-out towns (7.4, 7.8)


def test_a_town_full_of_other_markers_is_tokened_out(worked: TrackGraph) -> None:
    """Norwich's three slots hold Y&N, ENR and N&B: the WNR may end a route there but not pass through."""
    assert worked.is_blocked("L:F5", "WNR")
    assert not worked.is_blocked("L:F5", "ENR")
    assert "L:F5" in worked.blocked_for("WNR")
    assert "L:F5" not in worked.blocked_for("Y&N")


def test_a_town_with_a_free_slot_is_open(worked: TrackGraph) -> None:
    assert worked.stations["L:F3"].slots == 2
    assert not worked.is_blocked("L:F3", "WNR")
    assert not worked.is_blocked("L:E4", "WNR")  # no marker at all


def test_small_and_off_board_stations_are_never_tokened_out(worked: TrackGraph) -> None:
    assert not worked.is_blocked("S:G4:0-1", "WNR")
    assert not worked.is_blocked("O:F1:port_cromer", "WNR")
    assert not worked.is_blocked("X:F3|G4", "WNR")


def test_tokened_out_towns_in_the_late_game(late: TrackGraph) -> None:
    assert late.blocked_for("ECR") == {"L:D9", "L:G12"}
    assert {"L:C8", "L:D13", "L:E12", "L:F5"} <= late.blocked_for("ESR")


def test_marker_stations_leave_london_out(worked: TrackGraph) -> None:
    """London markers are not stations a route can start from (7.4, 7.6.5)."""
    assert worked.marker_stations("N&E") == {"L:B13"}
    assert worked.marker_stations("ENR") == {"L:F3", "L:F5"}


# ---------------------------------------------------------------- London and off-board entries


def test_london_nodes_are_one_area(late: TrackGraph) -> None:
    """Whichever hex London is entered by, it is one scoring unit worth 200 in phase E (7.8, 9.0)."""
    london = {n: s for n, s in late.stations.items() if s.area == "london"}
    assert set(london) == {"O:A14:london", "O:C14:london", "O:D15:london"}
    assert {s.scoring_unit for s in london.values()} == {"area:london"}
    assert {s.value for s in london.values()} == {200}
    assert {s.area_type for s in london.values()} == {"red"}


def test_an_area_node_entered_from_two_hexes_is_one_station(late: TrackGraph) -> None:
    """C14 London is entered from Bishop's Stortford, Great Dunmow and Witham (7.8)."""
    assert sorted(late.neighbours("O:C14:london")) == ["X:B13|C14", "X:C12|C14", "X:C14|D13"]


def test_off_board_nodes_exist_only_where_track_enters_them(worked: TrackGraph) -> None:
    offboard = sorted(n for n, s in worked.stations.items() if s.kind == "offboard")
    assert offboard == [
        "O:B15:london",
        "O:D1:port_wells",
        "O:F1:port_cromer",
        "O:F1:port_wells",
        "O:I4:port_great_yarmouth",
    ]
    assert worked.stations["O:F1:port_wells"].scoring_unit == worked.stations["O:D1:port_wells"].scoring_unit


def test_one_off_board_hex_holds_two_areas(worked: TrackGraph) -> None:
    """F1 shows the Wells port (entered from Wells) and the Cromer port (entered from Cromer)."""
    assert worked.neighbours("O:F1:port_wells") == ["X:E2|F1"]
    assert worked.neighbours("O:F1:port_cromer") == ["X:F1|F3"]


# ---------------------------------------------------------------- small stations on separate tracks (2.3, 7.6.4)


def test_each_track_of_a_village_tile_is_separate(brandon: TrackGraph) -> None:
    assert sorted(brandon.neighbours("S:D7:1-5")) == ["X:C8|D7", "X:D7|E8"]
    assert sorted(brandon.neighbours("X:D5|D7")) == ["L:D5", "X:D7|D9"]
    assert brandon.segment_between("X:D5|D7", "S:D7:1-5") is None


def test_path_through_a_village_on_its_station_track_visits_the_station(brandon: TrackGraph) -> None:
    nodes, problems = brandon.path_of(["C8", "D7", "E8"])
    assert problems == []
    assert nodes == ["L:C8", "X:C8|D7", "S:D7:1-5", "X:D7|E8", "L:E8"]


def test_path_across_the_other_track_does_not_visit_the_station(brandon: TrackGraph) -> None:
    """A train may cross a village hex on a track without a station (RULES-NOTES, 2.3)."""
    nodes, problems = brandon.path_of(["D5", "D7", "D9"])
    assert problems == []
    assert nodes == ["L:D5", "X:D5|D7", "X:D7|D9", "L:D9"]


def test_path_may_not_switch_tracks_inside_a_village(brandon: TrackGraph) -> None:
    nodes, problems = brandon.path_of(["C8", "D7", "D9"])
    assert nodes == []
    assert len(problems) == 1
    assert problems[0].where == "route hex D7 (Brandon)"
    assert problems[0].rule == "7.4"
    assert "tile 19 has no track from its SW side to its S side" in problems[0].message


def test_a_yellow_village_tile_station_is_on_its_track(worked: TrackGraph) -> None:
    assert sorted(worked.neighbours("S:G4:2-5")) == ["X:F3|G4", "X:G4|H5"]
    assert sorted(worked.neighbours("S:G4:0-1")) == ["X:F5|G4"]  # G6 has no tile


# ---------------------------------------------------------------- routes written as hexes


def test_path_of_a_route_through_a_village_station(worked: TrackGraph) -> None:
    nodes, problems = worked.path_of(["F3", "G4", "H5"])
    assert problems == []
    assert nodes == ["L:F3", "X:F3|G4", "S:G4:2-5", "X:G4|H5", "L:H5"]


def test_path_of_a_route_from_a_port(worked: TrackGraph) -> None:
    nodes, problems = worked.path_of(["D1", "E2", "F3"])
    assert problems == []
    assert nodes == ["O:D1:port_wells", "X:D1|E2", "L:E2", "X:E2|F3", "L:F3"]


def test_path_of_a_route_to_a_port_picks_the_node_entered(worked: TrackGraph) -> None:
    assert worked.path_of(["F3", "F1"]) == (["L:F3", "X:F1|F3", "O:F1:port_cromer"], [])
    assert worked.path_of(["E2", "F1"]) == (["L:E2", "X:E2|F1", "O:F1:port_wells"], [])


def test_path_of_a_route_to_london(worked: TrackGraph) -> None:
    assert worked.path_of(["B13", "B15"]) == (["L:B13", "X:B13|B15", "O:B15:london"], [])


def test_path_of_a_route_through_a_tokened_out_town_still_reads(worked: TrackGraph) -> None:
    """Reading the hexes is separate from legality: the solver decides whether WNR may pass Norwich."""
    nodes, problems = worked.path_of(["E4", "F5", "F3"])
    assert problems == []
    assert nodes == ["L:E4", "X:E4|F5", "L:F5", "X:F3|F5", "L:F3"]


@pytest.mark.parametrize(
    ("hexes", "where", "rule", "message"),
    [
        (["F3"], "route", "7.8", "at least two stations"),
        (["F3", "Z9"], "route hex Z9", "7.4", "not a hex of the map"),
        (["F3", "F7"], "route F3->F7", "7.4", "not adjacent"),
        (["F5", "F7"], "route hex F7 (Diss)", "7.4", "there is no tile"),
        (["F3", "G4"], "route hex G4 (N Walsham)", "7.8", "not a village"),
        (["E2", "F1", "F3"], "route hex F1", "7.4", "an off-board area: a route ends there"),
        (["H5", "I6"], "route H5->I6", "7.4", "no track runs from H5 into the off-board hex I6"),
        (["E4", "F5", "G4", "H5"], "route hex G4 (N Walsham)", "7.4", "no track from its SW side to its SE side"),
        (["E2", "E4", "F3"], "route", "7.4", "no track between E4 and side E4/F3"),
    ],
)
def test_path_of_errors_name_the_hex_and_rule(
    worked: TrackGraph, hexes: list[str], where: str, rule: str, message: str
) -> None:
    nodes, problems = worked.path_of(hexes)
    assert nodes == []
    assert problems, hexes
    assert (problems[0].where, problems[0].rule) == (where, rule)
    assert message in problems[0].message


def test_path_of_names_missing_track_between_two_towns() -> None:
    """Two adjacent towns whose tiles do not point at each other."""
    tiles = [{"hex": "F3", "tile": "57", "rotation": 0}, {"hex": "E2", "tile": "57", "rotation": 1}]
    graph = build_graph(parse_position({"tiles": tiles}))
    nodes, problems = graph.path_of(["E2", "F3"], where="train 1")
    assert nodes == []
    assert [(p.where, p.rule, p.message) for p in problems] == [
        ("train 1", "7.4", "no track between E2 and side E2/F3"),
        ("train 1", "7.4", "no track between side E2/F3 and F3"),
    ]


def test_describe_nodes_for_players() -> None:
    assert describe("L:F5") == "F5"
    assert describe("S:E6:0-4") == "small station in E6"
    assert describe("O:A4:midlands") == "midlands (A4)"
    assert describe("X:B3|B5") == "side B3/B5"


def test_every_segment_lies_in_one_hex_and_joins_known_nodes(late: TrackGraph) -> None:
    nodes = set(late.nodes)
    for seg in late.segments:
        assert seg.a in nodes and seg.b in nodes
        assert seg.other(seg.a) == seg.b and seg.other(seg.b) == seg.a
        assert seg.hex in seg.a or seg.hex in seg.b or seg.b.startswith("O:")


def test_the_late_game_network_is_one_piece(late: TrackGraph) -> None:
    start = "L:F5"
    seen = {start}
    stack = [start]
    while stack:
        for n in late.neighbours(stack.pop()):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert seen == set(late.nodes)
    assert len([s for s in late.stations.values() if s.kind == "small"]) == 15


def test_an_empty_board_has_no_track() -> None:
    graph = build_graph(Position())
    assert graph.stations == {} and graph.segments == () and graph.nodes == ()
