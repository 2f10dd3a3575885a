"""Positions of any title (solver.any_position, solver.title_positions): each title's example loads through the
core's loader and is legal as far as the board data tells; the game field chooses the format (1862's files read
as before); the store keeps a position's title; a new board of a title puts each company on its home; `validate`
and `show` read 1860 and 18BF files and exit 2 with one line per problem for bad ones; markers are drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver import storage
from solver.any_position import any_position_to_dict, load_any_position, parse_any_position, title_of
from solver.cli import main
from solver.core.board_data import DATA_ROOT
from solver.core.board_position import BoardPosition
from solver.core.upgrades import upgrade_rotations
from solver.draw.any_board import position_figure
from solver.errors import InputError
from solver.title_positions import new_title_position
from solver.titles.g1862.draw.board import trace_index
from solver.titles.g1862.position import Position

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("position-18[6b][0f]-*.json"))
BAD = ROOT / "tests" / "core" / "data" / "positions" / "bad"


def _phase_colours(game: str, phase: str) -> list[str]:
    phases = json.loads((DATA_ROOT / game / "trains.json").read_text(encoding="utf-8"))["phases"]
    colours: list[str] = next(p["tiles"] for p in phases if p["id"] == phase)
    return colours


def test_there_are_examples_of_1860_on_both_maps_and_of_18bf() -> None:
    loaded = [load_any_position(p) for p in EXAMPLES]
    assert all(isinstance(p, BoardPosition) for p in loaded)
    kinds = {(title_of(p), p.board.map_variant) for p in loaded if isinstance(p, BoardPosition)}
    assert kinds == {("1860", "full"), ("1860", "two_player"), ("18bf", "full")}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_is_legal_as_far_as_the_board_data_tells(path: Path) -> None:
    """Each tile is of a colour the phase allows, carries the hex's label, keeps the printed track (the upgrade
    rule both titles share: 1860 RB L491, 18BF §10.4) and runs no track off the map, into an impassable border
    or past a yellow triangle; each company's home holds its marker."""
    pos = load_any_position(path)
    assert isinstance(pos, BoardPosition)
    board = pos.board
    allowed = _phase_colours(board.title, pos.phase)
    for lay in pos.tiles.values():
        hex_, tile = board.hexes[lay.hex], board.tiles[lay.tile]
        assert tile.color in allowed, lay
        assert tile.label == hex_.label, lay
        expected = board.colors[0] if hex_.color == "white" else board.colors[board.colors.index(hex_.color) + 1]
        assert tile.color == expected, lay
        assert lay.rotation in upgrade_rotations(hex_.face, 0, tile.face, board.becomes, tile.fixed_rotation), lay
        for edge in tile.face.exits(lay.rotation):
            assert board.layout.neighbour(lay.hex, edge) in board.hexes, (lay, edge)
            border = board.border(lay.hex, edge)
            assert border is None or border.type != "impassable", (lay, edge)
        assert set(hex_.stubs) <= tile.face.exits(lay.rotation), lay
    for company in pos.companies:
        info = board.companies[company]
        if info.home is not None:
            assert company in pos.markers(info.home, info.home_node), company


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_round_trips_through_json_with_its_title_and_name(path: Path) -> None:
    pos = load_any_position(path)
    again = parse_any_position(json.loads(json.dumps(any_position_to_dict(pos))))
    assert again == pos and again.name and title_of(again) == title_of(pos)


def test_a_file_without_game_or_of_1862_is_read_as_1862s() -> None:
    data = json.loads((ROOT / "examples" / "position-example.json").read_text(encoding="utf-8"))
    assert isinstance(parse_any_position(data), Position)
    data.pop("game")
    assert isinstance(parse_any_position(data), Position)


def test_an_unknown_title_is_refused_naming_every_title() -> None:
    with pytest.raises(InputError) as err:
        parse_any_position({"game": "1863", "phase": "2"})
    [problem] = err.value.problems
    assert problem.where == "position game"
    assert "'1863' is not a title of this assistant (1862, 1860, 18bf)" in str(problem)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_store_keeps_a_positions_title(tmp_path: Path, path: Path) -> None:
    store = storage.PositionStore(tmp_path / "db.sqlite3")
    pos = load_any_position(path)
    store.save("mine", pos)
    back = store.load("mine")
    assert back == pos and title_of(back) == title_of(pos)
    [row] = store.list()
    assert row.title == title_of(pos) and row.phase == pos.phase and row.companies == tuple(pos.companies)
    store.save_draft("tab", pos, "mine")
    assert store.load_draft("tab") == (pos, "mine")
    assert storage.parse_upload(storage.position_json(pos).encode("utf-8"), path.name) == pos


def test_the_store_lists_an_1862_position_as_1862(tmp_path: Path) -> None:
    store = storage.PositionStore(tmp_path / "db.sqlite3")
    store.save("late", load_any_position(ROOT / "examples" / "position-late-game.json"))
    [row] = store.list()
    assert row.title == "1862" and "ECR" in row.companies


@pytest.mark.parametrize(("game", "variant"), [("1860", "full"), ("1860", "two_player"), ("18bf", None)])
def test_a_new_board_puts_each_company_on_its_home_node(game: str, variant: str | None) -> None:
    pos = new_title_position(game, variant, "2", [])
    homed = [c for c in pos.board.companies.values() if c.home is not None][:4]
    pos = new_title_position(game, variant, "2", [c.id for c in homed])
    assert not pos.tiles and list(pos.companies) == [c.id for c in homed]
    for c in homed:
        assert c.id in pos.markers(c.home or "", c.home_node)


def test_a_new_board_refuses_a_company_the_title_does_not_have() -> None:
    with pytest.raises(InputError) as err:
        new_title_position("18bf", None, "2", ["LB", "LS", "PX"])
    [problem] = err.value.problems
    assert problem.where == "company PX" and "'PX' is not a company of 18bf" in str(problem)


def test_two_companies_share_a_home_node_with_two_spaces() -> None:
    """18BF §5, §19: London(SW) has two spaces, the homes of LB and LS."""
    pos = new_title_position("18bf", None, "2", ["LB", "LS"])
    assert pos.markers("U23", 0) == ("LB", "LS")


def test_markers_are_drawn_in_their_companies_colours_on_their_nodes() -> None:
    pos = load_any_position(ROOT / "examples" / "position-18bf-early.json")
    assert isinstance(pos, BoardPosition)
    fig = position_figure(pos)
    markers = fig.data[trace_index(fig, "markers")]
    placed = sum(len(node) for nodes in pos.stations.values() for node in nodes)
    assert len(markers.x) == placed == 9
    assert set(markers.text) == {c for nodes in pos.stations.values() for node in nodes for c in node}
    assert markers.marker.color[list(markers.text).index("EG")] == pos.board.companies["EG"].color
    fills = [t for t in fig.data if (t.name or "").startswith("fill ")]
    assert sum(list(t.x).count(None) for t in fills) == len(pos.board.hexes)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_validate_and_show_read_a_position_of_another_title(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pos = load_any_position(path)
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "valid 18" in out and "checked against its board data" in out
    assert main(["show", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["game"] == title_of(pos) and shown["name"] == pos.name
    assert {t["hex"] for t in shown["tiles"]} == set(pos.tiles)


@pytest.mark.parametrize("name", ["tile-count", "stations-over-slots", "unknown-game", "not-json"])
def test_a_bad_position_of_another_title_exits_2_with_one_line_per_problem(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("validate", "show"):
        assert main([command, str(BAD / f"{name}.json")]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        assert all(line.startswith("error: ") for line in captured.err.splitlines())
