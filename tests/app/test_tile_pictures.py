"""Tile pictures of the board editor's offer (titles.g1862.draw.tiles): the whole hex and the neighbouring track fit
in the picture's view box (nothing is cut off whatever the width, since the SVG scales to its container),
each offered rotation gives a different picture, and the stubs show the track coming in from the neighbours."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from solver.titles.g1862 import editing as ed
from solver.titles.g1862.draw.tiles import joins, neighbour_track, tile_svg
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position

ROOT = Path(__file__).resolve().parents[2]
EMPTY_B = dataclasses.replace(Position(), phase="B")
NUMBER = r"-?\d+(?:\.\d+)?"


def view_box(svg: str) -> tuple[float, float, float, float]:
    match = re.search(rf'viewBox="({NUMBER}) ({NUMBER}) ({NUMBER}) ({NUMBER})"', svg)
    assert match
    x, y, w, h = (float(g) for g in match.groups())
    return x, y, x + w, y + h


def drawn_points(svg: str) -> list[tuple[float, float]]:
    """Every point of every polyline and polygon, and each circle's extreme points."""
    points = [
        (float(x), float(y))
        for attr in re.findall(r'points="([^"]+)"', svg)
        for x, y in (pair.split(",") for pair in attr.split())
    ]
    for cx, cy, r in re.findall(rf'cx="({NUMBER})" cy="({NUMBER})" r="({NUMBER})"', svg):
        points += [
            (float(cx) + dx * float(r), float(cy) + dy * float(r)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ]
    return points


def test_every_offered_picture_lies_inside_its_view_box_and_scales_to_its_container() -> None:
    late = load_position(ROOT / "examples" / "position-late-game.json")
    for board in (EMPTY_B, late):
        game = board.game
        for hex_ in sorted(game.land_hexes):
            blocked = frozenset(range(6)) - game.buildable_edges(hex_)
            incoming = neighbour_track(board, hex_)
            for option in ed.tile_offer(board, hex_):
                for r in option.rotations:
                    svg = tile_svg(game, option.tile, r, (), blocked, incoming)
                    x0, y0, x1, y1 = view_box(svg)
                    for x, y in drawn_points(svg):
                        assert x0 <= x <= x1 and y0 <= y <= y1, (hex_, option.tile, r, x, y)
                    assert 'width="100%"' in svg and "height=" not in svg.split(">")[0]


def test_the_offered_rotations_of_a_tile_are_drawn_differently() -> None:
    game = EMPTY_B.game
    for hex_ in ("D13", "D11", "E10", "F11"):
        for option in ed.tile_offer(EMPTY_B, hex_):
            pictures = {tile_svg(game, option.tile, r) for r in option.rotations}
            assert len(pictures) == len(option.rotations), (hex_, option.tile)


def test_stubs_show_the_neighbouring_track_and_off_board_entries_7_6_1() -> None:
    board = ed.lay_tile(EMPTY_B, "D11", "57", 0)  # Sudbury, track S-N: points at Witham D13 (its N side)
    assert 3 in neighbour_track(board, "D13")  # Witham's N side (edge 3) faces Sudbury
    assert {0, 1} <= neighbour_track(board, "D13")  # London entries on Witham's S and SW sides
    assert joins(board.game, "57", 0, neighbour_track(board, "D13")) == 2  # 57 at r0 runs S-N: London and Sudbury
    assert 'stroke="#777"' in tile_svg(board.game, "57", 0, incoming=neighbour_track(board, "D13"))
