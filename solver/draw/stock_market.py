"""A picture of a stock market of any shape (`solver.core.market.StockMarket`): its cells where the market puts
them, filled by the first zone the caller colours, each price written in its cell, the companies' tokens stacked on
their prices (top of the stack first) and an arrow for each move, labelled below the market. The title gives the
colours, the zones' words and, if it likes, the moves' labels; nothing here knows a title."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from solver.core.market import Move, StockMarket
from solver.draw.palette import OUTLINE, text_on

PLAIN = "#fbf8ef"
ARROW = "#c2185b"
LABEL_LINE = 0.3  # spaces between two moves' labels under the market


def stock_market_figure(
    market: StockMarket,
    fills: Mapping[str, str],
    zone_words: Mapping[str, str],
    tokens: Mapping[int, Sequence[str]] | None = None,
    token_colours: Mapping[str, tuple[str, str]] | None = None,
    moves: Sequence[Move] = (),
    height: int = 330,
    labels: Sequence[str] | None = None,
) -> go.Figure:
    """The market: `fills` maps zone names to cell colours (the first zone listed that a cell is in wins),
    `zone_words` the zones to their hover text; `tokens` price -> companies (top first) with `token_colours`
    company -> (fill, text); `moves` drawn as arrows from each start to each end, each labelled below the market
    by `labels` (one a move, "" for none; by default "start → end: why"). Each price is written in the colour
    readable on its cell's fill."""
    shapes: list[dict[str, object]] = []
    xs: list[float] = []
    ys: list[float] = []
    prices: list[str] = []
    inks: list[str] = []
    hover: list[str] = []
    for cell in market.cells:
        zone = next((z for z in fills if z in cell.zones), None)
        fill = fills[zone] if zone else PLAIN
        shapes.append(
            {
                "type": "rect",
                "x0": cell.x,
                "x1": cell.x + 1,
                "y0": -cell.row,
                "y1": -cell.row + 1,
                "fillcolor": fill,
                "line": {"color": OUTLINE, "width": 1},
                "layer": "below",
            }
        )
        xs.append(cell.x + 0.5)
        ys.append(-cell.row + 0.8)
        prices.append(str(cell.price))
        inks.append(text_on(fill))
        words = [zone_words[z] for z in sorted(cell.zones) if z in zone_words]
        hover.append(f"£{cell.price}" + (f": {', '.join(words)}" if words else ""))
    traces: list[go.Scatter] = [
        go.Scatter(
            x=xs,
            y=ys,
            mode="text",
            text=prices,
            textfont={"size": 10, "color": inks},
            hovertext=hover,
            hoverinfo="text",
            showlegend=False,
            name="prices",
        )
    ]
    tx: list[float] = []
    ty: list[float] = []
    colours: list[str] = []
    line: list[str] = []
    names: list[str] = []
    for price, stack in (tokens or {}).items():
        cell = market.cell_of(price)
        for depth, company in enumerate(stack):
            colour, text = (token_colours or {}).get(company, ("#cccccc", "#000000"))
            tx.append(cell.x + 0.5)
            ty.append(-cell.row + 0.5 - depth * 0.22)
            colours.append(colour)
            line.append(text)
            names.append(company)
    if tx:
        traces.append(
            go.Scatter(
                x=tx,
                y=ty,
                mode="markers+text",
                text=names,
                hovertext=names,
                hoverinfo="text",
                marker={"size": 24, "color": colours, "line": {"color": line, "width": 2}, "symbol": "square"},
                textfont={"size": 8, "color": line},
                showlegend=False,
                name="tokens",
            )
        )
    annotations: list[dict[str, object]] = []
    rows = max(c.row for c in market.cells) + 1
    texts = list(labels) if labels is not None else [f"{m.start} → {m.end}: {m.why}" for m in moves]
    for i, (move, text) in enumerate(zip(moves, texts, strict=True)):
        a, b = market.cell_of(move.start), market.cell_of(move.end)
        annotations.append(
            {
                "x": b.x + 0.5,
                "y": -b.row + 0.15,
                "ax": a.x + 0.5,
                "ay": -a.row + 0.15,
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "showarrow": True,
                "arrowhead": 3,
                "arrowsize": 1.5,
                "arrowwidth": 3,
                "arrowcolor": ARROW,
                "text": "",
            }
        )
        if text:  # under the lower row, below the arrow's end: never over a price
            annotations.append(
                {
                    "x": b.x + 0.5,
                    "y": -rows + 1 - 0.1 - LABEL_LINE * i,
                    "yanchor": "top",
                    "showarrow": False,
                    "text": text,
                    "font": {"color": ARROW, "size": 12},
                }
            )
    fig = go.Figure(traces)
    width = max(c.x for c in market.cells) + 1
    fig.update_layout(
        shapes=shapes,
        annotations=annotations,
        height=height,
        margin={"l": 4, "r": 4, "t": 4, "b": 4},
        xaxis={"visible": False, "range": [-0.2, width + 0.2]},
        # room below the lowest row for one line of text a move, and one more
        yaxis={"visible": False, "range": [-rows + 1 - 0.1 - LABEL_LINE * (len(moves) + 1), 1.1], "fixedrange": True},
        plot_bgcolor="rgba(0,0,0,0)",
        paper_bgcolor="rgba(0,0,0,0)",
        dragmode="pan",
        showlegend=False,
    )
    return fig
