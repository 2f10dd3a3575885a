"""What any title's tile lays and markers share (solver.core.tile_lays), checked on 1860's and 18BF's boards: a first
tile is of the colour after the printed one, keeps the printed track and points to every stub; every lay a chain
reaches is a first lay or an upgrade of one it reaches; the open edges are exactly those no track is blocked on;
each company's markers and the homes without one."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.any_position import load_any_position
from solver.core import tile_lays
from solver.core.board_data import Board, load_board
from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.core.upgrades import upgrade_rotations

BOARDS = {title: load_board(title) for title in ("1860", "18bf")}
EXAMPLES = Path(__file__).parents[2] / "examples"


def _land(board: Board) -> list[str]:
    return sorted(h for h, x in board.hexes.items() if x.kind == "land")


@st.composite
def _hex_and_tile(draw: st.DrawFn) -> tuple[Board, str, str]:
    board = BOARDS[draw(st.sampled_from(sorted(BOARDS)))]
    return board, draw(st.sampled_from(_land(board))), draw(st.sampled_from(sorted(board.tiles)))


@settings(max_examples=300, deadline=None)
@given(_hex_and_tile())
def test_a_first_tile_follows_the_printed_colour_keeps_its_track_and_points_to_its_stubs(
    case: tuple[Board, str, str],
) -> None:
    board, hex_, tile_id = case
    printed, tile = board.hexes[hex_], board.tiles[tile_id]
    rotations = tile_lays.first_rotations(board, hex_, tile)
    if rotations:
        after = board.colors.index(printed.color) + 1 if printed.color in board.colors else 0
        assert tile.color == board.colors[after]
    for rotation in rotations:
        assert set(printed.stubs) <= tile.face.exits(rotation)
        kept = upgrade_rotations(printed.face, 0, tile.face, board.becomes, tile.fixed_rotation, board.joining)
        assert rotation in kept


@settings(max_examples=300, deadline=None)
@given(_hex_and_tile(), st.integers(0, 5))
def test_the_open_edges_are_those_no_track_is_blocked_on(case: tuple[Board, str, str], rotation: int) -> None:
    board, hex_, tile_id = case
    tile = board.tiles[tile_id]
    blocked = tile_lays.blocked_track(board, hex_, tile, rotation)
    assert (blocked is None) == (tile.face.exits(rotation) <= tile_lays.open_edges(board, hex_))
    if blocked is not None:
        assert blocked.startswith(f"tile {tile_id} at rotation {rotation} runs track on edge ")


@pytest.mark.parametrize("title", sorted(BOARDS))
def test_every_lay_a_chain_reaches_is_a_first_lay_or_an_upgrade_of_a_reached_lay(title: str) -> None:
    board = BOARDS[title]
    for hex_ in _land(board)[::7]:
        reach = tile_lays.reachable_lays(board, hex_, lambda tile: True)
        for tile_id, rotations in reach.items():
            for rotation in rotations:
                first = rotation in tile_lays.first_rotations(board, hex_, board.tiles[tile_id])
                upgrades = (tile_lays.next_rotations(board, old, r, tile_id) for old, rs in reach.items() for r in rs)
                upgraded = any(rotation in rotations for rotations in upgrades)
                assert first or upgraded, (hex_, tile_id, rotation)


def test_markers_by_company_and_the_homes_without_one() -> None:
    """The 18BF early example: nine minors, each with its one marker on its home; EG's taken away."""
    early = load_any_position(EXAMPLES / "position-18bf-early.json")
    assert isinstance(early, BoardPosition)
    placed = tile_lays.markers_by_company(early)
    assert sum(len(p) for p in placed.values()) == sum(len(n) for nodes in early.stations.values() for n in nodes)
    assert placed["GC"] == [("D6", 1)] and placed["EC"] == [("U23", 4)]
    assert tile_lays.homes_without_marker(early, early.companies) == []
    data = position_to_data(early)
    data["stations"] = {h: n for h, n in data["stations"].items() if h != "D10"}
    assert tile_lays.homes_without_marker(parse_position(data), early.companies) == ["EG"]
