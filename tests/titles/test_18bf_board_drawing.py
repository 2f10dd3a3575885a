"""18BF's board drawn from its data (solver.draw.any_board): pointy-topped hexes with lettered rows, every
station-marker space (London's twelve, the BGM and Liverpool cities), London's parts each towards its exit, the
red areas' values by phase."""

from __future__ import annotations

import math

import plotly.graph_objects as go

from solver.core.board_data import load_board
from solver.core.geometry import EDGE_NAMES
from solver.draw.any_board import any_board_figure, node_points
from solver.titles.g1862.draw.board import trace_index

BOARD = load_board("18bf")


def _trace(fig: go.Figure, name: str) -> go.Scatter:
    return fig.data[trace_index(fig, name)]


def test_every_station_space_and_red_area_is_drawn() -> None:
    """24 one-space cities (15 plain, 9 Y), Glasgow, Leeds, Manchester and Birmingham 3 each, Liverpool 2 and
    London 6 x 2: 50 spaces; a value box on each of the 8 red areas."""
    fig = any_board_figure(BOARD)
    assert len(_trace(fig, "stations").x) == sum(n.slots for h in BOARD.hexes.values() for n in h.face.nodes) == 50
    names = set(_trace(fig, "names").text)
    assert {f"London({d})" for d in EDGE_NAMES["pointy"]} | {"Glasgow(SW)", "Birmingham(SW)", "Liverpool(NE)"} <= names
    assert len(_trace(fig, "off-board").text) == 8


def test_red_areas_show_their_four_printed_values() -> None:
    """§10.6: "the lowest value in Phase 2, the second value in Phases 3 and 4, the third value in Phases 5 and 6,
    and the highest value in Phases 7 to 8" - the four values as printed (title.json `value_columns`), Ireland's
    and Hull's with repeats."""
    texts = set(_trace(any_board_figure(BOARD), "off-board").text)
    assert {"20/30/40/50", "10/20/30/40", "20/20/30/40", "20/30/40/40"} <= texts
    assert BOARD.value_columns == (("2",), ("3", "4"), ("5", "6"), ("7", "8"))


def test_national_borders_are_drawn_apart_from_impassable_sides_with_a_legend() -> None:
    """The England/Scotland and England/Wales lines cost nothing and stop no track (§10.6 pays for crossing them);
    they are drawn dashed in a colour of their own, and a legend names every kind of hex side."""
    fig = any_board_figure(BOARD)
    province, impassable = _trace(fig, "border province"), _trace(fig, "border impassable")
    assert province.line.dash == "dash" and impassable.line.dash is None
    assert province.line.color != impassable.line.color
    legend = {t.name for t in fig.data if t.showlegend}
    assert legend == {
        "national border (England/Scotland, England/Wales)",
        "impassable side",
        "water side (£80)",
        "mountain side (£40)",
    }
    assert len([x for x in province.x if x is None]) == len([b for b in BOARD.borders if b.type == "province"]) == 20


def test_the_legend_stands_below_the_board_not_over_scotland() -> None:
    """Defect: the legend stood in the map's top left corner, over Scotland's hexes (and a route's rings there); it
    now stands below the board, off the map, in rows."""
    legend = any_board_figure(BOARD).layout.legend
    assert legend.yanchor == "top" and legend.y <= 0  # its top edge at or below the bottom of the board
    assert legend.orientation == "h" and legend.xanchor == "left" and legend.x == 0


def test_yellow_triangles_point_at_their_city_until_a_tile_is_laid() -> None:
    """§10.4: "Certain hexes adjacent to cities contain a yellow triangle at the edge of the hex": one triangle
    on each of the ten hexes' edges, its tip on the edge's midpoint; a hex with a tile laid no longer shows it."""
    fig = any_board_figure(BOARD)
    triangles = _trace(fig, "yellow triangles")
    stubs = [(h.hex, e) for h in BOARD.hexes.values() for e in h.stubs]
    assert len(stubs) == 10
    tips = {(round(x, 6), round(y, 6)) for x, y in zip(triangles.x[::5], triangles.y[::5], strict=False)}
    for hex_id, edge in stubs:
        mx, my = BOARD.layout.edge_midpoint(hex_id, edge)
        assert (round(mx, 6), round(my, 6)) in tips, (hex_id, edge)
    laid = _trace(any_board_figure(BOARD, {"U25": ("8", 1)}), "yellow triangles")
    assert len([x for x in laid.x if x is None]) == 9


def test_hexes_are_pointy_topped_with_lettered_rows() -> None:
    """A pointy hex has a corner straight up; the letter counts rows: Perth (A9) lies north of London (U23), and
    hexes of one row share their height."""
    layout = BOARD.layout
    corners = layout.corners("U23")
    assert math.isclose(max(c[1] for c in corners) - layout.centre("U23")[1], 1.0)
    assert layout.centre("A9")[1] > layout.centre("U23")[1]
    assert math.isclose(layout.centre("U21")[1], layout.centre("U25")[1])


def test_each_part_of_london_is_drawn_towards_its_own_exit() -> None:
    london = BOARD.hexes["U23"]
    centre = BOARD.layout.centre("U23")
    points = node_points(BOARD, "U23", london.face)
    for edge, point in enumerate(points):
        towards = BOARD.layout.edge_direction(edge)
        pulled = (point[0] - centre[0], point[1] - centre[1])
        assert pulled[0] * towards[0] + pulled[1] * towards[1] > 0.3, london.face.nodes[edge].name
