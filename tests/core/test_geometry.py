"""The core's hex geometry (docs/board-data.md, "Geometry and coordinates"): properties on both orientations and
both letter axes, and equality with today's 1862 grid (titles.g1862.hexgrid, draw.geometry) on every hex of the
1862 map, which is the proof that 1862 can move onto the core."""

from __future__ import annotations

import math
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.core.geometry import EDGE_DELTAS, Layout, opposite, rotate
from solver.draw import geometry as draw_1862
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData

LAYOUTS = [Layout(o, a) for o in ("flat", "pointy") for a in ("column", "row")]
layouts = st.sampled_from(LAYOUTS)
edges = st.integers(0, 5)


@st.composite
def places(draw: st.DrawFn, parity: int | None = None) -> tuple[Layout, str]:
    """A layout and a hex id well inside the letters and numbers, so that every neighbour has an id."""
    layout = draw(layouts)
    x = draw(st.integers(2, 20))
    y = draw(st.integers(2, 20))
    wanted = draw(st.integers(0, 1)) if parity is None else parity
    if (x + y) % 2 != wanted:
        y += 1
    return layout, layout.format(x, y)


def _same_map(layout: Layout, data: st.DataObject, parity: int) -> str:
    x = data.draw(st.integers(2, 20))
    y = data.draw(st.integers(2, 20))
    return layout.format(x, y + ((x + y + parity) % 2))


@given(places(), edges)
def test_neighbour_of_the_neighbour_across_the_opposite_edge_is_the_hex_itself(
    place: tuple[Layout, str], e: int
) -> None:
    layout, hex_ = place
    other = layout.neighbour(hex_, e)
    assert other is not None
    assert layout.neighbour(other, opposite(e)) == hex_
    assert layout.edge_towards(hex_, other) == e
    assert layout.edge_towards(other, hex_) == opposite(e)
    assert layout.distance(hex_, other) == 1
    assert layout.parity(other) == layout.parity(hex_)


@given(places(), st.data())
def test_distance_is_symmetric_and_obeys_the_triangle_inequality(
    place: tuple[Layout, str], data: st.DataObject
) -> None:
    layout, a = place
    b = _same_map(layout, data, layout.parity(a))
    c = _same_map(layout, data, layout.parity(a))
    assert layout.distance(a, b) == layout.distance(b, a)
    assert layout.distance(a, c) <= layout.distance(a, b) + layout.distance(b, c)
    assert (layout.distance(a, b) == 0) == (a == b)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: f"{lay.orientation}-{lay.letter_axis}")
def test_distance_is_the_number_of_steps_between_neighbours(layout: Layout) -> None:
    """Breadth-first search over a 24 x 24 patch of the grid gives the formula's count for every hex within five
    steps of the centre (farther ones may need a detour around the patch's edge)."""
    start = layout.format(12, 12)
    steps = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for e in range(6):
            there = layout.neighbour(here, e)
            if there is None or there in steps or not all(0 <= v <= 24 for v in layout.parse(there)):
                continue
            steps[there] = steps[here] + 1
            queue.append(there)
    assert len(steps) > 250
    assert sum(1 for n in steps.values() if n <= 5) == 1 + 6 * (1 + 2 + 3 + 4 + 5)
    assert all(layout.distance(start, h) == n for h, n in steps.items() if n <= 5)
    assert all(layout.distance(start, h) <= n for h, n in steps.items())


@given(places())
def test_ids_read_back_and_the_centre_is_inside_its_own_hex(place: tuple[Layout, str]) -> None:
    layout, hex_ = place
    x, y = layout.parse(hex_)
    assert layout.format(x, y) == hex_
    cx, cy = layout.centre(hex_)
    assert layout.hex_at(cx + 0.3, cy - 0.2, layout.parity(hex_)) == (x, y)
    for px, py in layout.corners(hex_):
        assert math.isclose(math.hypot(px - cx, py - cy), 1.0)


@given(places(), edges)
def test_the_shared_edge_has_one_midpoint_seen_from_either_hex(place: tuple[Layout, str], e: int) -> None:
    layout, hex_ = place
    other = layout.neighbour(hex_, e)
    assert other is not None
    ax, ay = layout.edge_midpoint(hex_, e)
    bx, by = layout.edge_midpoint(other, opposite(e))
    assert math.isclose(ax, bx, abs_tol=1e-9) and math.isclose(ay, by, abs_tol=1e-9)


@given(edges, st.integers(0, 5), st.integers(0, 5))
def test_rotations_compose(e: int, r1: int, r2: int) -> None:
    assert rotate(rotate(e, r1), r2) == rotate(e, (r1 + r2) % 6)
    assert opposite(opposite(e)) == e


def test_edges_run_clockwise_from_the_bottom_in_both_orientations() -> None:
    """Flat 0 S .. 5 SE; pointy 0 SW .. 5 SE: each edge's direction turns 60° clockwise from the last."""
    for orientation in ("flat", "pointy"):
        layout = Layout(orientation, "column")
        angles = [math.degrees(math.atan2(*reversed(layout.edge_direction(e)))) for e in range(6)]
        turns = [round((angles[e] - angles[e + 1]) % 360) for e in range(5)]
        assert turns == [60] * 5, orientation
        assert len(EDGE_DELTAS[orientation]) == 6


def test_pointy_lettered_rows_read_the_letter_as_the_row() -> None:
    """18BF's ids: `U23` is row U, column 23; its east neighbour is U25, its north-east neighbour T24."""
    layout = Layout("pointy", "row")
    assert layout.parse("U23") == (23, 20)
    assert layout.neighbour("U23", 4) == "U25"
    assert layout.neighbour("U23", 3) == "T24"
    assert layout.distance("U23", "U27") == 2


def test_a_map_whose_letters_start_later_reads_its_first_letter_as_zero() -> None:
    layout = Layout("flat", "column", first_letter="B")
    assert layout.parse("B4") == (0, 4)
    assert layout.neighbour("B4", 1) is None


@pytest.mark.parametrize("text", ["f5", "5F", "F", "", "F1234", "FF5", "F-1"])
def test_a_hex_id_is_one_capital_letter_and_a_number(text: str) -> None:
    layout = Layout("flat", "column")
    assert not layout.is_hex_id(text)
    with pytest.raises(ValueError, match="is not a hex id"):
        layout.parse(text)


def test_a_layout_refuses_a_first_letter_that_is_not_a_capital() -> None:
    with pytest.raises(ValueError, match="first_letter"):
        Layout("flat", "column", first_letter="ab")


# ---------------------------------------------------------------- the 1862 grid

LAYOUT_1862 = Layout("flat", "column")


def _hexes_1862(game: GameData) -> list[str]:
    return sorted(game.land_hexes | set(game.offboard_hexes))


def test_1862_ids_neighbours_and_edges_equal_the_1862_grid(game: GameData) -> None:
    hexes = _hexes_1862(game)
    assert "F5" in hexes and len(hexes) >= 60  # Norwich; every land and off-board hex of 1862
    for h in hexes:
        assert LAYOUT_1862.parse(h) == hexgrid.parse_hex(h)
        for e in range(6):
            old = hexgrid.neighbour(h, e)
            new = LAYOUT_1862.neighbour(h, e)
            if old is not None:
                assert new == old, (h, e)
            else:  # beyond the 1862 grid's columns A-I or row 0: the core names the place but no map holds it
                assert new is None or not hexgrid.is_hex_id(new), (h, e)
        for other in hexes:
            assert LAYOUT_1862.distance(h, other) == hexgrid.distance(h, other), (h, other)
            assert LAYOUT_1862.edge_towards(h, other) == hexgrid.edge_towards(h, other), (h, other)


def test_1862_drawing_geometry_equals_the_1862_board_drawing(game: GameData) -> None:
    for h in _hexes_1862(game):
        assert LAYOUT_1862.centre(h) == pytest.approx(draw_1862.centre(h))
        for new, old in zip(LAYOUT_1862.corners(h), draw_1862.corners(h)[:6], strict=True):
            assert new == pytest.approx(old)
        for e in range(6):
            assert LAYOUT_1862.edge_direction(e) == pytest.approx(draw_1862.edge_direction(e))
            assert LAYOUT_1862.edge_midpoint(h, e) == pytest.approx(draw_1862.edge_midpoint(h, e))
        cx, cy = draw_1862.centre(h)
        assert LAYOUT_1862.format(*LAYOUT_1862.hex_at(cx + 0.5, cy + 0.1, 0)) == draw_1862.hex_at(cx + 0.5, cy + 0.1)
