"""The 1862 map as a Plotly figure: hexes in their true layout, names, letters, off-board areas with their
current values, barriers, laid tiles with track and stations, station markers and London links.

Everything is drawn in map units (see `solver.draw.geometry`). Lines and areas of one kind are gathered into
one trace each (with gaps between pieces) so that a full late-game board stays a light figure. An invisible
"click layer" of points covers every map hex; a click on the map selects one of its points, whose map
coordinates `geometry.hex_at` turns back into the hex.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import plotly.graph_objects as go

from solver.draw import geometry as geo
from solver.draw import palette
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.position import Position, TileLay

#: Height of the board figure in pixels; marker and font sizes are tuned to it.
BOARD_HEIGHT = 820
#: Roughly how many pixels one map unit takes at BOARD_HEIGHT (the map is about 15 units tall).
UNIT_PX = BOARD_HEIGHT / 15.5
CLICK_LAYER = "hexes"
#: A light outline around place names and hex ids, so that track drawn under them does not hide them.
TEXT_HALO = ", ".join(f"{dx}px {dy}px 0 #fff" for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy) + ", 0 0 3px #fff"


@dataclass
class _Lines:
    """Polylines of one style, gathered into one trace with None gaps between pieces."""

    xs: list[float | None] = field(default_factory=list)
    ys: list[float | None] = field(default_factory=list)

    def add(self, points: Iterable[geo.Point]) -> None:
        for x, y in points:
            self.xs.append(x)
            self.ys.append(y)
        self.xs.append(None)
        self.ys.append(None)


@dataclass
class _Marks:
    """Markers (with optional text) of one trace."""

    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    text_colours: list[str] = field(default_factory=list)
    hover: list[str] = field(default_factory=list)

    def add(
        self, p: geo.Point, colour: str, text: str = "", text_colour: str = "#000", line: str = "#000", hover: str = ""
    ) -> None:
        self.xs.append(p[0])
        self.ys.append(p[1])
        self.colours.append(colour)
        self.lines.append(line)
        self.text.append(text)
        self.text_colours.append(text_colour)
        self.hover.append(hover)


def area_label_hexes(game: GameData) -> dict[str, str]:
    """The off-board hex on which each area's name and values are written: a display-only hex if the area has
    one, else the hex printed with its name, else the first hex that holds only that area."""
    chosen: dict[str, str] = {}
    for area in game.areas.values():
        holders = [h for h in game.offboard_hexes.values() if area.id in h.areas]
        pick = (
            next((h for h in holders if h.display_only), None)
            or next((h for h in holders if h.label == area.name), None)
            or next((h for h in holders if h.areas == (area.id,)), None)
            or holders[0]
        )
        chosen[area.id] = pick.hex
    return chosen


def _offboard_fill(game: GameData, hex_: str) -> str:
    areas = game.offboard_hexes[hex_].areas
    if game.offboard_hexes[hex_].london_token_spaces or areas == ("london",):
        return palette.LONDON_FILL
    return palette.PORT_FILL if game.areas[areas[0]].type == "port" else palette.RED_AREA_FILL


def _fill_trace(polys: _Lines, colour: str, name: str) -> go.Scatter:
    return go.Scatter(
        x=polys.xs,
        y=polys.ys,
        mode="lines",
        fill="toself",
        fillcolor=colour,
        line={"color": palette.OUTLINE, "width": 1},
        hoverinfo="skip",
        showlegend=False,
        name=name,
    )


def _line_trace(lines: _Lines, colour: str, width: float, name: str, dash: str | None = None) -> go.Scatter:
    line: dict[str, object] = {"color": colour, "width": width}
    if dash:
        line["dash"] = dash
    return go.Scatter(x=lines.xs, y=lines.ys, mode="lines", line=line, hoverinfo="skip", showlegend=False, name=name)


def _marks_trace(marks: _Marks, size: float, name: str, symbol: str = "circle", font_size: int = 9) -> go.Scatter:
    return go.Scatter(
        x=marks.xs,
        y=marks.ys,
        mode="markers+text" if any(marks.text) else "markers",
        marker={
            "size": size,
            "color": marks.colours,
            "symbol": symbol,
            "line": {"color": marks.lines, "width": 1.5},
        },
        text=marks.text,
        textfont={"size": font_size, "color": marks.text_colours},
        textposition="middle center",
        hovertext=marks.hover,
        hoverinfo="text" if any(marks.hover) else "skip",
        showlegend=False,
        name=name,
    )


def _text_trace(
    points: Sequence[geo.Point],
    text: Sequence[str],
    size: int,
    colour: str | Sequence[str],
    name: str,
    halo: str = "none",
) -> go.Scatter:
    """Text at map points; `halo` (a CSS text-shadow, or "auto" for the text colour's contrast) keeps it
    readable where track or markers run underneath."""
    return go.Scatter(
        x=[p[0] for p in points],
        y=[p[1] for p in points],
        mode="text",
        text=list(text),
        textfont={"size": size, "color": colour, "shadow": halo},
        textposition="middle center",
        hoverinfo="skip",
        showlegend=False,
        name=name,
    )


def hex_description(position: Position, hex_: str) -> str:
    """A hex as its hover text says it: id, place, tile and markers, or an off-board area and its value."""
    game = position.game
    lines = [f"<b>{hex_}</b> {game.hex_name(hex_)}"]
    if hex_ in game.offboard_hexes:
        for area_id in game.offboard_hexes[hex_].areas:
            area = game.areas[area_id]
            lines.append(f"{area.name}: {game.area_value(area_id, position.phase)} in phase {position.phase}")
        return "<br>".join(lines)
    town = game.towns.get(hex_)
    if town is not None and town.letter:
        lines.append(f"letter {town.letter}")
    lay = position.tiles.get(hex_)
    if lay is None:
        lines.append("no tile")
    else:
        tile = game.tiles[lay.tile]
        lines.append(f"tile {tile.id} ({tile.color}), rotation {lay.rotation}")
        if lay.small_stations:
            lines.append(f"{len(lay.small_stations)} small station(s)")
    owners = position.stations.get(hex_, ())
    if owners:
        lines.append("markers: " + ", ".join(owners))
    homes = [c.id for c in game.companies.values() if c.home == hex_]
    if homes:
        lines.append("home of " + ", ".join(homes))
    return "<br>".join(lines)


def click_layer_points(game: GameData) -> list[tuple[str, geo.Point]]:
    """Invisible points covering every map hex (the centre and six points around it), each tagged with its hex.
    A click anywhere on a hex lands on one of them."""
    points: list[tuple[str, geo.Point]] = []
    for hex_ in sorted([*game.land_hexes, *game.offboard_hexes], key=hexgrid.parse_hex):
        cx, cy = geo.centre(hex_)
        points.append((hex_, (cx, cy)))
        for k in range(6):
            a = math.radians(60 * k + 30)
            points.append((hex_, (cx + 0.55 * math.cos(a), cy + 0.55 * math.sin(a))))
    return points


def board_figure(
    position: Position,
    *,
    selected: Iterable[str] = (),
    height: int = BOARD_HEIGHT,
    title: str | None = None,
    preview: TileLay | None = None,
) -> go.Figure:
    """The map of `position`, with the hexes in `selected` outlined and, if given, the tile `preview` drawn on
    its hex in place of what is there (a tile being chosen in the board editor). Returns a Plotly figure whose
    traces are: hex fills, outlines, barriers, track, stations and markers, labels, and (last) the click layer
    named ``"hexes"`` whose points carry their hex id as customdata."""
    game = position.game
    laid = dict(position.tiles)
    if preview is not None:
        laid[preview.hex] = preview
    unit = height / 15.5
    fills: dict[str, _Lines] = {}
    track = _Lines()
    offboard_track = _Lines()
    barriers = _Lines()
    small = _Marks()
    slots = _Marks()
    label_pts: list[geo.Point] = []
    label_txt: list[str] = []
    id_pts: list[geo.Point] = []
    id_txt: list[str] = []
    letter_pts: list[geo.Point] = []
    letter_txt: list[str] = []
    revenue = _Marks()

    def fill(colour: str) -> _Lines:
        return fills.setdefault(colour, _Lines())

    # Land hexes: the tile's colour, or the printed map.
    for hex_ in sorted(game.land_hexes, key=hexgrid.parse_hex):
        cx, cy = geo.centre(hex_)
        lay = laid.get(hex_)
        tile = game.tiles.get(lay.tile) if lay is not None else None
        fill(palette.TILE_FILL[tile.color] if tile is not None else palette.LAND_FILL).add(geo.corners(hex_))
        name = game.hex_name(hex_)
        label_pts.append((cx, cy + 0.62))
        label_txt.append(name if len(name) <= 14 else name.split("-")[0].split(" ")[0])
        id_pts.append((cx, cy - 0.74))
        id_txt.append(hex_)
        town = game.towns.get(hex_)
        if town is not None and town.letter:
            letter_pts.append((cx - 0.62, cy - 0.32))
            letter_txt.append(f"<b>{town.letter}</b>")
        owners = position.stations.get(hex_, ())
        if town is not None:
            n_slots = tile.slots if tile is not None else 1
            if tile is not None:
                for edge in tile.exits_at(lay.rotation if lay else 0):
                    track.add([(cx, cy), geo.edge_midpoint(hex_, edge)])
                if tile.revenue:
                    revenue.add((cx + 0.55, cy - 0.34), "#fff", str(tile.revenue), line="#555")
            for i, (dx, dy) in enumerate(geo.slot_offsets(n_slots)):
                owner = owners[i] if i < len(owners) else None
                info = game.companies.get(owner) if owner else None
                if info is not None:
                    slots.add(
                        (cx + dx, cy + dy),
                        info.color,
                        owner or "",
                        info.text_color,
                        line="#000",
                        hover=f"{owner} marker in {hex_} {name}",
                    )
                else:
                    slots.add((cx + dx, cy + dy), palette.SLOT_FILL, "", line="#000", hover=f"empty slot in {name}")
            continue
        # A village: its printed dot, or the tile's tracks with their small stations.
        if tile is None or lay is None:
            small.add((cx, cy), "#000", hover=f"village {name}")
            continue
        for a, b in tile.tracks:
            ma, mb = hexgrid.rotate(a, lay.rotation), hexgrid.rotate(b, lay.rotation)
            track.add(geo.track_curve(hex_, ma, mb))
            if (min(ma, mb), max(ma, mb)) in lay.small_stations:
                small.add(geo.track_middle(hex_, ma, mb), "#000", hover=f"small station in {name}")

    # Off-board hexes: red areas and ports, with the entries track can use.
    label_hex = area_label_hexes(game)
    area_pts: list[geo.Point] = []
    area_txt: list[str] = []
    column = game.phases[position.phase].offboard_column
    for hex_ in sorted(game.offboard_hexes, key=hexgrid.parse_hex):
        fill(_offboard_fill(game, hex_)).add(geo.corners(hex_))
    for area_id, hex_ in label_hex.items():
        area = game.areas[area_id]
        values = " ".join(f"<b>{v}</b>" if col == column else str(v) for col, v in area.values.items())
        cx, cy = geo.centre(hex_)
        short = area.name.replace(" port", "")
        area_pts.append((cx, cy))
        area_txt.append(f"{short}<br>{values}")
    for node in game.nodes.values():
        for entry in node.entries:
            ex, ey = geo.edge_midpoint(entry.hex, entry.edge)
            cx, cy = geo.centre(node.hex)
            offboard_track.add([(ex, ey), (ex + (cx - ex) * 0.45, ey + (cy - ey) * 0.45)])

    # London links: the token spaces printed on the London hexes (7.6.5).
    london = _Marks()
    spaces = [h for h in game.offboard_hexes.values() if h.london_token_spaces]
    k = 0
    for off in sorted(spaces, key=lambda h: hexgrid.parse_hex(h.hex)):
        cx, cy = geo.centre(off.hex)
        for i in range(off.london_token_spaces):
            p = (cx + (i - (off.london_token_spaces - 1) / 2) * 0.5, cy - 0.3)
            owner = position.london[k] if k < len(position.london) else None
            info = game.companies.get(owner) if owner else None
            if info is not None and owner is not None:
                london.add(p, info.color, owner, info.text_color, hover=f"{owner} London link")
            else:
                london.add(p, palette.SLOT_FILL, "", hover="free London space")
            k += 1

    for pair in sorted(tuple(sorted(pair)) for pair in game.barriers):
        side = hexgrid.edge_towards(pair[0], pair[1])
        assert side is not None
        barriers.add(geo.edge_corners(pair[0], side))

    sel = _Lines()
    for hex_ in selected:
        if hexgrid.is_hex_id(hex_):
            sel.add(geo.corners(hex_, 0.94))

    traces: list[go.Scatter] = [_fill_trace(p, colour, f"fill {colour}") for colour, p in fills.items()]
    traces += [
        _line_trace(offboard_track, palette.TRACK, max(2.0, unit * 0.09), "off-board entries"),
        _line_trace(track, palette.TRACK, max(2.0, unit * 0.09), "track"),
        _line_trace(barriers, palette.BARRIER, max(3.0, unit * 0.14), "barriers"),
        _line_trace(sel, palette.SELECTED, 4, "selected"),
        _marks_trace(small, unit * 0.2, "small stations"),
        _marks_trace(slots, unit * 0.42, "station slots", font_size=max(7, int(unit * 0.15))),
        _marks_trace(london, unit * 0.42, "London links", font_size=max(7, int(unit * 0.15))),
        _marks_trace(revenue, unit * 0.3, "revenue", font_size=max(7, int(unit * 0.15))),
        _text_trace(label_pts, label_txt, max(9, int(unit * 0.19)), "#111", "names", halo=TEXT_HALO),
        _text_trace(id_pts, id_txt, max(8, int(unit * 0.15)), "#333", "hex ids", halo=TEXT_HALO),
        _text_trace(letter_pts, letter_txt, max(9, int(unit * 0.24)), "#000", "letters"),
        _text_trace(area_pts, area_txt, max(8, int(unit * 0.16)), "#fff", "off-board values"),
    ]
    pts = click_layer_points(game)
    hover = {h: hex_description(position, h) for h in {p[0] for p in pts}}
    traces.append(
        go.Scatter(
            x=[p[1][0] for p in pts],
            y=[p[1][1] for p in pts],
            mode="markers",
            marker={"size": unit * 0.5, "color": "rgba(0,0,0,0)"},
            customdata=[p[0] for p in pts],
            hovertext=[hover[p[0]] for p in pts],
            hoverinfo="text",
            showlegend=False,
            name=CLICK_LAYER,
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        )
    )
    fig = go.Figure(traces)
    x_range, y_range = map_ranges(game)
    fig.update_layout(
        height=height,
        margin=_margins(bool(title)),
        title={"text": title} if title else None,
        plot_bgcolor="#cfe3ef",
        paper_bgcolor="rgba(0,0,0,0)",
        xaxis={"visible": False, "range": list(x_range), "fixedrange": False},
        yaxis={"visible": False, "range": list(y_range), "scaleanchor": "x", "scaleratio": 1},
        dragmode="pan",
        clickmode="event+select",
        hoverlabel={"bgcolor": "#fff"},
        showlegend=False,
    )
    return fig


def map_ranges(game: GameData) -> tuple[tuple[float, float], tuple[float, float]]:
    """The x and y ranges, in map units, that show every hex of the map with a little sea around it."""
    centres = [geo.centre(h) for h in [*game.land_hexes, *game.offboard_hexes]]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    return (min(xs) - 1.1, max(xs) + 1.1), (min(ys) - 1.0, max(ys) + 1.0)


def _margins(titled: bool) -> dict[str, int]:
    return {"l": 4, "r": 4, "t": 30 if titled else 4, "b": 4}


def height_for_width(game: GameData, width: int, titled: bool = False) -> int:
    """The figure height at which the whole map exactly fills a figure `width` pixels wide (hexes keep their
    shape), so that nothing is letterboxed and the marker and text sizes, tuned to the height, fit the map."""
    (x0, x1), (y0, y1) = map_ranges(game)
    m = _margins(titled)
    return round((width - m["l"] - m["r"]) * (y1 - y0) / (x1 - x0)) + m["t"] + m["b"]


def trace_index(fig: go.Figure, name: str) -> int:
    """Index of the trace called `name` in a figure made here (ValueError if absent)."""
    for i, trace in enumerate(fig.data):
        if trace.name == name:
            return i
    raise ValueError(f"no trace named {name!r}")
