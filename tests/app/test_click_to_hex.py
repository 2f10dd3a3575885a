"""Map clicks land on the right hex: `geometry.hex_at` is the inverse of the drawing layout."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from solver.draw import geometry as geo
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.draw.board import CLICK_LAYER, board_figure, click_layer_points, trace_index
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.hexgrid import LAYOUT
from solver.titles.g1862.position import Position

ALL_GRID = [LAYOUT.format(c, r) for c in range(9) for r in range(16) if r % 2 == c % 2]
GRID = frozenset(ALL_GRID)  # every position of the 1862 grid's columns A-I, rows 0-15


def test_click_on_each_hex_centre_gives_that_hex() -> None:
    for h in ALL_GRID:
        assert geo.hex_at(LAYOUT, *LAYOUT.centre(h), GRID) == h


def test_norwich_f5_is_drawn_north_of_diss_f7_and_east_of_swaffham_d5() -> None:
    (fx, fy), (_, dy), (sx, _) = LAYOUT.centre("F5"), LAYOUT.centre("F7"), LAYOUT.centre("D5")
    assert fy > dy  # rows grow southward, north is up
    assert fx > sx


def test_neighbours_are_one_hex_width_apart_in_every_direction() -> None:
    for edge in range(6):
        other = hexgrid.neighbour("E8", edge)
        assert other is not None
        (ax, ay), (bx, by) = LAYOUT.centre("E8"), LAYOUT.centre(other)
        assert math.isclose(math.hypot(bx - ax, by - ay), 2 * geo.APOTHEM)
        mx, my = LAYOUT.edge_midpoint("E8", edge)
        assert math.isclose(mx, (ax + bx) / 2) and math.isclose(my, (ay + by) / 2)


def test_click_just_inside_an_edge_stays_in_the_hex_and_just_outside_goes_to_the_neighbour() -> None:
    for edge in range(6):
        ux, uy = LAYOUT.edge_direction(edge)
        cx, cy = LAYOUT.centre("E8")
        inside = (cx + ux * geo.APOTHEM * 0.97, cy + uy * geo.APOTHEM * 0.97)
        outside = (cx + ux * geo.APOTHEM * 1.03, cy + uy * geo.APOTHEM * 1.03)
        assert geo.hex_at(LAYOUT, *inside, GRID) == "E8"
        assert geo.hex_at(LAYOUT, *outside, GRID) == hexgrid.neighbour("E8", edge)


def test_click_near_a_corner_goes_to_the_hex_whose_corner_it_is() -> None:
    cx, cy = LAYOUT.centre("E8")
    # The east corner (angle 0) is shared by E8, F7 and F9; a point just west of it is inside E8.
    assert geo.hex_at(LAYOUT, cx + 0.95, cy, GRID) == "E8"
    assert geo.hex_at(LAYOUT, cx + 1.05, cy + 0.01, GRID) == "F7"
    assert geo.hex_at(LAYOUT, cx + 1.05, cy - 0.01, GRID) == "F9"


def test_click_outside_the_grid_or_off_the_map_gives_none(game: GameData) -> None:
    assert geo.hex_at(LAYOUT, -2.0, 0.0, GRID) is None  # west of column A
    assert geo.hex_at(LAYOUT, 5.0, 3.0, GRID) is None  # north of row 0
    map_hexes = frozenset(game.land_hexes | set(game.offboard_hexes))
    assert geo.hex_at(LAYOUT, *LAYOUT.centre("A0"), hexes=map_hexes) is None  # a grid position that is not on the map
    assert geo.hex_at(LAYOUT, *LAYOUT.centre("F5"), hexes=map_hexes) == "F5"


@given(st.sampled_from(ALL_GRID), st.floats(0, 2 * math.pi), st.floats(0, 0.999))
def test_any_point_within_the_inscribed_circle_maps_to_its_hex(h: str, angle: float, r: float) -> None:
    cx, cy = LAYOUT.centre(h)
    x, y = cx + r * geo.APOTHEM * math.cos(angle), cy + r * geo.APOTHEM * math.sin(angle)
    assert geo.hex_at(LAYOUT, x, y, GRID) == h


def test_every_click_layer_point_maps_back_to_its_own_hex(game: GameData) -> None:
    for hex_, (x, y) in click_layer_points(game):
        assert geo.hex_at(LAYOUT, x, y, GRID) == hex_


def test_board_click_layer_carries_hex_ids_and_covers_every_map_hex(late_game: Position) -> None:
    fig = board_figure(late_game)
    layer = fig.data[trace_index(fig, CLICK_LAYER)]
    game = late_game.game
    assert set(layer.customdata) == set(game.land_hexes) | set(game.offboard_hexes)
    for x, y, hex_ in zip(layer.x, layer.y, layer.customdata, strict=True):
        assert geo.hex_at(LAYOUT, x, y, GRID) == hex_
