"""Geometry of the 1862 grid: hex ids, edges, neighbours, rotation and crow-flies distance (7.8.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.titles.g1862 import hexgrid

GRID = [hexgrid.hex_id(c, r) for c in range(9) for r in range(c % 2, 17, 2)]


def test_parse_hex_reads_column_and_row() -> None:
    assert hexgrid.parse_hex("F5") == (5, 5)
    assert hexgrid.parse_hex("B13") == (1, 13)
    assert hexgrid.hex_id(5, 5) == "F5"


@pytest.mark.parametrize("text", ["F4", "E3", "J2", "f5", "F", "5F", "F05x", ""])
def test_parse_hex_rejects_positions_off_the_doubled_grid(text: str) -> None:
    assert not hexgrid.is_hex_id(text)
    with pytest.raises(ValueError, match=r"hex id|not on the grid"):
        hexgrid.parse_hex(text)


def test_odd_columns_use_odd_rows() -> None:
    with pytest.raises(ValueError, match="column F has only odd rows"):
        hexgrid.parse_hex("F4")


def test_neighbours_of_norwich() -> None:
    """Edges 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE."""
    assert [hexgrid.neighbour("F5", e) for e in range(6)] == ["F7", "E6", "E4", "F3", "G4", "G6"]


def test_no_neighbour_beyond_the_west_or_north_edge_of_the_grid() -> None:
    assert hexgrid.neighbour("A2", 1) is None
    assert hexgrid.neighbour("A0", 3) is None


@given(st.sampled_from(GRID), st.integers(0, 5))
def test_crossing_an_edge_and_back_returns_home(hex_: str, edge: int) -> None:
    other = hexgrid.neighbour(hex_, edge)
    if other is not None and hexgrid.is_hex_id(other):
        assert hexgrid.neighbour(other, hexgrid.opposite(edge)) == hex_
        assert hexgrid.edge_towards(hex_, other) == edge
        assert hexgrid.distance(hex_, other) == 1


@given(st.sampled_from(GRID), st.sampled_from(GRID))
def test_distance_is_symmetric_and_zero_only_at_home(a: str, b: str) -> None:
    assert hexgrid.distance(a, b) == hexgrid.distance(b, a)
    assert (hexgrid.distance(a, b) == 0) == (a == b)


@given(st.sampled_from(GRID), st.sampled_from(GRID), st.sampled_from(GRID))
def test_distance_obeys_the_triangle_inequality(a: str, b: str, c: str) -> None:
    assert hexgrid.distance(a, c) <= hexgrid.distance(a, b) + hexgrid.distance(b, c)


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [
        ("F5", "E2", 2),  # Norwich to Wells: one intervening hex, +20 (7.8.1)
        ("F5", "F3", 1),
        ("E12", "B13", 3),
        ("B5", "E2", 3),
        ("F11", "F13", 1),  # barriers are ignored when measuring (7.8.1)
    ],
)
def test_crow_flies_distance(a: str, b: str, steps: int) -> None:
    assert hexgrid.distance(a, b) == steps


def test_rotation_moves_edges_clockwise() -> None:
    assert [hexgrid.rotate(0, r) for r in range(6)] == [0, 1, 2, 3, 4, 5]
    assert hexgrid.rotate(5, 2) == 1
    assert hexgrid.opposite(4) == 1
