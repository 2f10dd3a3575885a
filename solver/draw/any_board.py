"""Any title's board as a Plotly figure, from the core's board data (`solver.core.board_data.load_board`), in the
title's own hex orientation: hexes coloured as printed, names and labels, terrain costs, printed nodes (several
to a hex, each placed towards the edges its track leaves by) and paths, and borders; with a position's tiles
and station markers (`position_figure`). Yellow triangles (18BF §10.4) are drawn on the edges that carry them until a
tile is laid on the hex; each type of hex side has its own line (a province border dashed) and a legend entry.

What a node kind looks like is chosen from how the title describes it (`title.json` → `node_kinds`): a kind
whose nodes take station markers is drawn as circles, one per marker space: white when empty, else in the
colour of the company whose marker stands there, with its id; an off-board kind as the
value by phase; the others as dots, grey for kinds worth nothing on any tile (halts) and black otherwise.
The lines and marks of one style are gathered into one trace each, as the 1862 board does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from solver.core.board_data import Board, Hex
from solver.core.board_position import BoardPosition
from solver.core.faces import End, Face, Node
from solver.core.geometry import Point
from solver.draw import geometry, palette
from solver.draw.traces import Lines, Marks, fill_trace, line_trace, marks_trace, text_trace

#: Fill of each printed colour that is not a tile colour.
PRINTED_FILL = {"white": palette.LAND_FILL, "red": palette.RED_AREA_FILL, "blue": palette.PORT_FILL, "grey": "#b0b0b0"}
#: How each type of hex side is drawn: colour, dash (None: solid) and the legend's words. A province border
#: (18BF's England, Scotland and Wales) stops no track, so it is dashed, unlike an impassable side.
BORDER_STYLES = {
    "impassable": ("#c62828", None, "impassable side"),
    "water": ("#1e88e5", None, "water side"),
    "mountain": ("#6d4c41", None, "mountain side"),
    "province": ("#6a1b9a", "dash", "national border"),
}
TRIANGLE_FILL = "#f2c500"
TERRAIN_MARK = {"mountain": "▲", "water": "≈"}
#: Distance from the centre, in hex units, of a node drawn towards its exits when a hex has several nodes.
NODE_PULL = 0.5
HALT_GREY = "#8c8c8c"


def _fill(board: Board, colour: str) -> str:
    return palette.TILE_FILL.get(colour, "#cccccc") if colour in board.colors else PRINTED_FILL[colour]


def node_points(board: Board, hex_: str, face: Face) -> list[Point]:
    """Where each node of `face` (as it lies on `hex_`) is drawn. A lone node sits at the centre; when a
    hex holds several, each is pulled towards the mean direction of the edges its track leaves by, and a node
    without track to an edge takes the free place (the centre or an edge direction) farthest from the others."""
    layout = board.layout
    cx, cy = layout.centre(hex_)
    if len(face.nodes) == 1:
        return [(cx, cy)]
    placed: list[Point | None] = []
    for i in range(len(face.nodes)):
        exits = [end.index for p in face.paths if End("node", i) in p.ends for end in (p.a, p.b) if end.kind == "edge"]
        if not exits:
            placed.append(None)
            continue
        dx = sum(layout.edge_direction(e)[0] for e in exits) / len(exits)
        dy = sum(layout.edge_direction(e)[1] for e in exits) / len(exits)
        length = math.hypot(dx, dy)
        placed.append((cx, cy) if length < 0.2 else (cx + dx / length * NODE_PULL, cy + dy / length * NODE_PULL))
    candidates = [(cx, cy)] + [
        (cx + layout.edge_direction(e)[0] * NODE_PULL, cy + layout.edge_direction(e)[1] * NODE_PULL) for e in range(6)
    ]
    for i, point in enumerate(placed):
        if point is None:
            taken = [p for p in placed if p is not None]
            placed[i] = max(
                candidates, key=lambda c: min((math.hypot(c[0] - t[0], c[1] - t[1]) for t in taken), default=9.0)
            )
    return [p for p in placed if p is not None]


def _is_station(node: Node) -> bool:
    return node.slots > 0


def _value_text(node: Node, board: Board) -> str:
    """The value as printed: one number, or by phase one per printed column (`board.value_columns`), else the
    phases' values with equal neighbours merged."""
    if isinstance(node.value, int):
        return str(node.value) if node.value else ""
    if board.value_columns:
        return "/".join(str(node.value[column[0]]) for column in board.value_columns)
    seen: list[int] = []
    for phase in board.phases:
        if not seen or seen[-1] != node.value[phase]:
            seen.append(node.value[phase])
    return "/".join(str(v) for v in seen)


def _worthless_kinds(board: Board) -> frozenset[str]:
    """Node kinds never printed with a value on any tile of the title (drawn grey)."""
    valued = {n.kind for t in board.tiles.values() for n in t.face.nodes if not isinstance(n.value, int) or n.value > 0}
    used = {n.kind for t in board.tiles.values() for n in t.face.nodes}
    return frozenset(used - valued)


def _triangle(board: Board, hex_: str, edge: int) -> list[Point]:
    """A yellow triangle on `edge` pointing out of the hex towards the city beyond it: its tip on the edge's
    midpoint, its base inside the hex (closed, for a filled trace)."""
    cx, cy = board.layout.centre(hex_)
    mx, my = board.layout.edge_midpoint(hex_, edge)
    ux, uy = mx - cx, my - cy
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    bx, by = mx - 0.3 * ux, my - 0.3 * uy
    return [(mx, my), (bx - 0.17 * uy, by + 0.17 * ux), (bx + 0.17 * uy, by - 0.17 * ux), (mx, my)]


def _border_legend(board: Board, kind: str) -> str:
    """The legend's words for one type of hex side: with the names the data gives the borders (England/Scotland)
    or the costs of crossing them (£80)."""
    words = BORDER_STYLES.get(kind, ("", None, f"{kind} side"))[2]
    of_kind = [b for b in board.borders if b.type == kind]
    names = sorted({b.name for b in of_kind if b.name}) if kind == "province" else []
    costs = sorted({b.cost for b in of_kind if b.cost})
    if names:
        return f"{words} ({', '.join(names)})"
    return f"{words} ({', '.join(f'£{c}' for c in costs)})" if costs else words


class _Drawing:
    """The marks and lines of one board, gathered by style."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.fills: dict[str, Lines] = {}
        self.track = Lines()
        self.borders: dict[str, Lines] = {}
        self.triangles = Lines()
        self.stations, self.markers, self.dots, self.offboards = Marks(), Marks(), Marks(), Marks()
        self.texts: dict[str, list[tuple[Point, str]]] = {"values": [], "names": [], "labels": []}
        self.worthless = _worthless_kinds(board)

    def hex(self, h: Hex, laid: tuple[str, int] | None, markers: Sequence[Sequence[str]]) -> None:
        layout = self.board.layout
        colour, face = h.color, h.face
        if laid is not None:
            tile = self.board.tiles[laid[0]]
            colour, face = tile.color, tile.face.rotated(laid[1])
        self.fills.setdefault(_fill(self.board, colour), Lines()).add(geometry.outline(layout, h.hex))
        if laid is None:
            for edge in h.stubs:
                self.triangles.add(_triangle(self.board, h.hex, edge))
        cx, cy = layout.centre(h.hex)
        if h.name:
            self.texts["names"].append(((cx, cy + 0.62), h.name))
        if h.label:
            self.texts["labels"].append(((cx - 0.55, cy - 0.42), h.label))
        if h.terrain:
            self.texts["names"].append(((cx + 0.4, cy - 0.5), f"{TERRAIN_MARK.get(h.terrain, h.terrain)} {h.cost}"))
        self.face(h.hex, face, f"{h.hex} {h.name or ''}".strip(), markers)

    def face(self, hex_: str, face: Face, hover: str, markers: Sequence[Sequence[str]] = ()) -> None:
        """The paths and nodes of `face` on `hex_`; `markers[i]` are the companies whose station markers stand
        on node i, drawn in its spaces in their colours, in order."""
        layout = self.board.layout
        points = node_points(self.board, hex_, face)

        def at(end: End) -> Point:
            return layout.edge_midpoint(hex_, end.index) if end.kind == "edge" else points[end.index]

        for path in face.paths:
            if path.a.kind == "edge" and path.b.kind == "edge":
                self.track.add(geometry.track_curve(layout, hex_, path.a.index, path.b.index, steps=10))
            else:
                self.track.add([at(path.a), at(path.b)])
        for i, (node, (x, y)) in enumerate(zip(face.nodes, points, strict=True)):
            value = _value_text(node, self.board)
            kind = self.board.node_kinds[node.kind].name
            if not isinstance(node.value, int):
                self.offboards.add((x, y), palette.RED_AREA_FILL, value, "#fff", hover=f"{hover}: {kind} {value}")
                continue
            if _is_station(node):
                owners = markers[i] if i < len(markers) else ()
                for k in range(node.slots):
                    offset = (k - (node.slots - 1) / 2) * 0.3
                    company = self.board.companies.get(owners[k]) if k < len(owners) else None
                    if company is None:
                        self.stations.add((x + offset, y), palette.SLOT_FILL, hover=f"{hover}: {kind} {value}")
                    else:
                        self.markers.add(
                            (x + offset, y),
                            company.color,
                            company.id,
                            company.text_color,
                            hover=f"{hover}: {company.id} ({company.name}) marker on the {kind}",
                        )
                if value:
                    self.texts["values"].append(((x + 0.15 * node.slots + 0.12, y + 0.2), value))
            else:
                colour = HALT_GREY if node.kind in self.worthless else palette.TRACK
                self.dots.add((x, y), colour, line=colour, hover=f"{hover}: {kind}")
                if value:
                    self.texts["values"].append(((x + 0.2, y + 0.15), value))
            if node.name:
                self.texts["names"].append(((x, y - 0.25), node.name))

    def border(self, hex_: str, edge: int, kind: str) -> None:
        self.borders.setdefault(kind, Lines()).add(geometry.edge_corners(self.board.layout, hex_, edge))


def any_board_figure(
    board: Board,
    laid: Mapping[str, tuple[str, int]] | None = None,
    height: int = 820,
    title: str | None = None,
    stations: Mapping[str, Sequence[Sequence[str]]] | None = None,
) -> go.Figure:
    """The board in its own orientation, as printed or with tiles laid (`laid`: hex -> (tile id, rotation)) and
    station markers (`stations`: hex -> the companies on each node of what lies there, as a position gives them);
    hovering a node names it."""
    layout = board.layout
    drawing = _Drawing(board)
    for h in board.hexes.values():
        drawing.hex(h, (laid or {}).get(h.hex), (stations or {}).get(h.hex, ()))
    for b in board.borders:
        drawing.border(b.hex, b.edge, b.type)
    xs = [layout.centre(h)[0] for h in board.hexes]
    ys = [layout.centre(h)[1] for h in board.hexes]
    unit = height / (max(ys) - min(ys) + 2.2)
    font = max(7, int(unit * 0.13))
    traces: list[go.Scatter] = [fill_trace(p, colour, f"fill {colour}") for colour, p in drawing.fills.items()]
    traces.append(line_trace(drawing.track, palette.TRACK, max(2.0, unit * 0.08), "track"))
    traces.append(fill_trace(drawing.triangles, TRIANGLE_FILL, "yellow triangles"))
    for kind, lines in drawing.borders.items():
        colour, dash, _ = BORDER_STYLES.get(kind, ("#c62828", None, ""))
        trace = line_trace(lines, colour, max(3.0, unit * 0.1), _border_legend(board, kind), dash)
        trace.update(showlegend=True, meta=f"border {kind}")
        traces.append(trace)
    traces.append(marks_trace(drawing.dots, unit * 0.14, "dots"))
    traces.append(marks_trace(drawing.stations, unit * 0.3, "stations"))
    traces.append(marks_trace(drawing.markers, unit * 0.3, "markers", font_size=max(6, int(unit * 0.09))))
    traces.append(marks_trace(drawing.offboards, unit * 0.5, "off-board", symbol="hexagon", font_size=font))
    for name, size in (("values", font + 1), ("names", font), ("labels", font + 4)):
        items = drawing.texts[name]
        traces.append(text_trace([p for p, _ in items], [t for _, t in items], size, "#222", name))
    fig = go.Figure(traces)
    fig.update_layout(
        height=height,
        margin={"l": 4, "r": 4, "t": 30 if title else 4, "b": 4},
        title={"text": title} if title else None,
        plot_bgcolor="#cfe3ef",
        paper_bgcolor="rgba(0,0,0,0)",
        xaxis={"visible": False, "range": [min(xs) - 1.1, max(xs) + 1.1]},
        yaxis={"visible": False, "range": [min(ys) - 1.1, max(ys) + 1.1], "scaleanchor": "x", "scaleratio": 1},
        dragmode="pan",
        showlegend=bool(drawing.borders),
        # below the board, in rows, off the map (in its corner it hid 18BF's Scotland); Plotly widens the bottom
        # margin to hold it
        legend={
            "orientation": "h",
            "x": 0,
            "xanchor": "left",
            "y": 0,
            "yanchor": "top",
            "bgcolor": "rgba(255,255,255,0.85)",
            "font": {"size": font + 1},
        },
    )
    return fig


def position_figure(position: BoardPosition, height: int = 820) -> go.Figure:
    """A position of any title drawn on its board: the tiles laid and the station markers on their nodes."""
    laid = {t.hex: (t.tile, t.rotation) for t in position.tiles.values()}
    return any_board_figure(position.board, laid, height, stations=position.stations)
