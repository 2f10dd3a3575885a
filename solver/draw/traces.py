"""Plotly traces for drawing a board of any title in map units: polylines and filled areas gathered into one trace
per style (None gaps between pieces, so that a full board stays a light figure), markers with text, and text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import plotly.graph_objects as go

from solver.core.geometry import Point
from solver.draw import palette


@dataclass
class Lines:
    """Polylines of one style, gathered into one trace with None gaps between pieces."""

    xs: list[float | None] = field(default_factory=list)
    ys: list[float | None] = field(default_factory=list)

    def add(self, points: Iterable[Point]) -> None:
        for x, y in points:
            self.xs.append(x)
            self.ys.append(y)
        self.xs.append(None)
        self.ys.append(None)


@dataclass
class Marks:
    """Markers (with optional text) of one trace."""

    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    text_colours: list[str] = field(default_factory=list)
    hover: list[str] = field(default_factory=list)

    def add(
        self, p: Point, colour: str, text: str = "", text_colour: str = "#000", line: str = "#000", hover: str = ""
    ) -> None:
        self.xs.append(p[0])
        self.ys.append(p[1])
        self.colours.append(colour)
        self.lines.append(line)
        self.text.append(text)
        self.text_colours.append(text_colour)
        self.hover.append(hover)


def fill_trace(polys: Lines, colour: str, name: str) -> go.Scatter:
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


def line_trace(lines: Lines, colour: str, width: float, name: str, dash: str | None = None) -> go.Scatter:
    line: dict[str, object] = {"color": colour, "width": width}
    if dash:
        line["dash"] = dash
    return go.Scatter(x=lines.xs, y=lines.ys, mode="lines", line=line, hoverinfo="skip", showlegend=False, name=name)


def marks_trace(marks: Marks, size: float, name: str, symbol: str = "circle", font_size: int = 9) -> go.Scatter:
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


def text_trace(
    points: Sequence[Point],
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
