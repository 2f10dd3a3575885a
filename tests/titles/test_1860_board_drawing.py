"""1860's board drawn from the core's data (solver.draw.any_board): every printed hex and station, several
stations in one hex placed apart, Ryde Pier with its values, barriers; and a pointy-topped board drawn too."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import plotly.graph_objects as go

from solver.core.board_data import load_board, load_board_from
from solver.core.geometry import Layout
from solver.draw import palette
from solver.draw.any_board import HALT_GREY, any_board_figure, node_points
from solver.titles.g1862.draw.board import trace_index

BOARD = load_board("1860")


def _trace(fig: go.Figure, name: str) -> go.Scatter:
    return fig.data[trace_index(fig, name)]


def test_every_station_space_and_hex_is_drawn() -> None:
    fig = any_board_figure(BOARD)
    slots = sum(n.slots for h in BOARD.hexes.values() for n in h.face.nodes)
    assert len(_trace(fig, "stations").x) == slots == 16  # the 16 large stations of the full map, one space each
    names = set(_trace(fig, "names").text)
    assert {"Cowes", "Newport", "Ventnor", "Ryde Pier", "Ryde Esplanade"} <= names
    assert "0/20/40" in _trace(fig, "off-board").text
    assert len([x for x in _trace(fig, "border impassable").x if x is None]) == len(BOARD.borders) == 6


def test_the_stations_of_one_hex_are_drawn_apart() -> None:
    """Cowes printed (a large station and two villages), Cowes' russet 789 (large, small and halt), Newport's 773
    (Newport and Shide) and Ventnor's 774 (two stations) each show every node at its own place."""
    faces = [
        ("F2", BOARD.hexes["F2"].face),
        ("F2", BOARD.tiles["789"].face),
        ("G5", BOARD.tiles["773"].face),
        ("I11", BOARD.tiles["774"].face),
    ]
    for hex_, face in faces:
        points = node_points(BOARD, hex_, face)
        assert len(points) == len(face.nodes)
        for i, a in enumerate(points):
            for b in points[i + 1 :]:
                assert math.dist(a, b) > 0.3, (hex_, points)


def test_shide_is_drawn_south_of_newport_on_the_russet_tile() -> None:
    """RB L469: the Newport tiles keep Shide, the lower-value station, on the south side."""
    newport, shide = node_points(BOARD, "G5", BOARD.tiles["773"].face)
    assert shide[1] < newport[1]


def test_laid_tiles_are_drawn_in_their_colour_and_rotation() -> None:
    fig = any_board_figure(BOARD, {"G5": ("773", 0), "I11": ("774", 0)})
    assert f"fill {palette.TILE_FILL['russet']}" in {t.name for t in fig.data}
    assert len(_trace(fig, "stations").x) == 16 + 2 + 1  # Newport 2 spaces and Shide 1; Ventnor 1 + 1


def test_a_pointy_topped_board_is_drawn_in_its_own_orientation() -> None:
    mini = load_board_from(Path(__file__).resolve().parents[1] / "core" / "data" / "mini")
    pointy = dataclasses.replace(mini, layout=Layout("pointy", "column"))
    fig = any_board_figure(pointy)
    outline = _trace(fig, f"fill {palette.LAND_FILL}")
    corners = pointy.layout.corners("B2")
    drawn = list(zip(outline.x, outline.y, strict=True))
    assert all(any(math.isclose(c[0], x) and math.isclose(c[1], y) for x, y in drawn if x is not None) for c in corners)
    assert math.isclose(corners[1][0], pointy.layout.centre("B2")[0])  # a pointy hex has a corner straight up


def test_halts_are_grey_dots_and_small_stations_black_on_cowes_russet_tile() -> None:
    """Cowes' russet 789: a large station, a small station and a halt (RB L523, L532): the halt is drawn grey
    (worth nothing), the small station black, each hovering its kind."""
    fig = any_board_figure(BOARD, {"F2": ("789", 0)})
    dots = _trace(fig, "dots")
    cowes = [(c, h) for c, h in zip(dots.marker.color, dots.hovertext or dots.text, strict=True) if "F2" in str(h)]
    kinds = {str(h).split(": ")[-1]: c for c, h in cowes}
    assert kinds["halt"] == HALT_GREY and kinds["small station"] == palette.TRACK


def test_a_two_slot_station_draws_both_companies_markers_side_by_side() -> None:
    """Newport's 773 has two spaces (RB L469): two companies' markers stand there apart, Shide's space stays free."""
    fig = any_board_figure(BOARD, {"G5": ("773", 0)}, stations={"G5": [["IWNJ", "C&N"], []]})
    markers = _trace(fig, "markers")
    placed = dict(zip(markers.text, zip(markers.x, markers.y, strict=True), strict=True))
    assert set(placed) == {"IWNJ", "C&N"}
    assert placed["IWNJ"][1] == placed["C&N"][1] and math.dist(placed["IWNJ"], placed["C&N"]) >= 0.29
    assert len(_trace(fig, "stations").x) == 16 - 1 + 1  # G5 printed had one space; now Shide has the free one
