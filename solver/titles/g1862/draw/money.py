"""Pictures of money outcomes: the zigzag stock market with company tokens and a move arrow (6.4.2, 7.1,
7.8.5), and holdings before and after a merge as bars per holder (5.2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.money.market import Market
from solver.titles.g1862.money.merge import BESIDE_BOARD
from solver.titles.g1862.money.scenario import IPO, POOL, TREASURY

ZONE_FILL = {
    "bankrupt": "#7a7a7a",
    "game_end": "#c9a227",
    "ignore_first_two_shares_sold": "#f2b8b5",
    "ignore_first_share_sold": "#f9dcc4",
    "chartered_par": "#cfe8cf",
    "non_chartered_start": "#dfe9f5",
    "plain": "#fbf8ef",
}
ZONE_TEXT = {
    "bankrupt": "bankrupt",
    "game_end": "game ends",
    "ignore_first_two_shares_sold": "first two shares sold ignored",
    "ignore_first_share_sold": "first share sold ignored",
    "chartered_par": "chartered par value",
    "non_chartered_start": "non-chartered start",
    "plain": "",
}
CELL_W, CELL_H = 1.0, 1.0
#: Where a move's label is written: under the lower row of spaces (whose bottom edge is at -CELL_H).
LABEL_Y = -CELL_H * 1.08


def market_figure(
    market: Market,
    game: GameData,
    tokens: Mapping[int, Sequence[str]] | None = None,
    move: tuple[int, int] | None = None,
    move_label: str = "",
    height: int = 330,
) -> go.Figure:
    """The stock market as two zigzag rows of spaces (the lower row half a space to the right, 6.4.2),
    coloured by zone, with each company's token stacked on its price (top of the stack first, 7.1) and,
    if `move` = (from price, to price), an arrow showing the move."""
    shapes: list[dict[str, object]] = []
    xs: list[float] = []
    ys: list[float] = []
    labels: list[str] = []
    hover: list[str] = []
    for cell in market.cells:
        x0 = cell.x * CELL_W
        y0 = -cell.row * CELL_H
        shapes.append(
            {
                "type": "rect",
                "x0": x0,
                "x1": x0 + CELL_W,
                "y0": y0,
                "y1": y0 + CELL_H,
                "fillcolor": ZONE_FILL[cell.zone],
                "line": {"color": "#8a8270", "width": 1},
                "layer": "below",
            }
        )
        xs.append(x0 + CELL_W / 2)
        ys.append(y0 + CELL_H * 0.8)
        labels.append(str(cell.price))
        zone = ZONE_TEXT[cell.zone]
        hover.append(f"£{cell.price}" + (f": {zone}" if zone else ""))
    traces: list[go.Scatter] = [
        go.Scatter(
            x=xs,
            y=ys,
            mode="text",
            text=labels,
            textfont={"size": 10},
            hovertext=hover,
            hoverinfo="text",
            showlegend=False,
            name="prices",
        )
    ]
    tx: list[float] = []
    ty: list[float] = []
    tcol: list[str] = []
    ttext: list[str] = []
    tline: list[str] = []
    for price, stack in (tokens or {}).items():
        cell = market.cell(price)
        for depth, company in enumerate(stack):
            info = game.companies.get(company)
            tx.append(cell.x * CELL_W + CELL_W / 2)
            ty.append(-cell.row * CELL_H + CELL_H * 0.5 - depth * 0.22)
            tcol.append(info.color if info else "#ccc")
            tline.append(info.text_color if info else "#000")
            ttext.append(company)
    if tx:
        traces.append(
            go.Scatter(
                x=tx,
                y=ty,
                mode="markers+text",
                marker={"size": 24, "color": tcol, "line": {"color": tline, "width": 2}, "symbol": "square"},
                text=ttext,
                textfont={"size": 8, "color": tline},
                hovertext=ttext,
                hoverinfo="text",
                showlegend=False,
                name="tokens",
            )
        )
    annotations: list[dict[str, object]] = []
    if move is not None:
        a, b = market.cell(move[0]), market.cell(move[1])
        ax, ay = a.x * CELL_W + CELL_W / 2, -a.row * CELL_H + CELL_H * 0.15
        bx, by = b.x * CELL_W + CELL_W / 2, -b.row * CELL_H + CELL_H * 0.15
        annotations.append(
            {
                "x": bx,
                "y": by,
                "ax": ax,
                "ay": ay,
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "showarrow": True,
                "arrowhead": 3,
                "arrowsize": 1.5,
                "arrowwidth": 3,
                "arrowcolor": "#c2185b",
                "text": "",
            }
        )
        if move_label:
            # Below the lower row, under the arrow's end: never over a price.
            annotations.append(
                {
                    "x": bx,
                    "y": LABEL_Y,
                    "yanchor": "top",
                    "text": move_label,
                    "showarrow": False,
                    "font": {"color": "#c2185b", "size": 13},
                }
            )
    fig = go.Figure(traces)
    width_spaces = max(c.x for c in market.cells) + 1
    fig.update_layout(
        shapes=shapes,
        annotations=annotations,
        height=height,
        margin={"l": 4, "r": 4, "t": 4, "b": 4},
        xaxis={"visible": False, "range": [-0.2, width_spaces * CELL_W + 0.2]},
        yaxis={"visible": False, "range": [-CELL_H * 1.7, CELL_H * 1.1], "fixedrange": True},
        plot_bgcolor="rgba(0,0,0,0)",
        paper_bgcolor="rgba(0,0,0,0)",
        dragmode="pan",
        showlegend=False,
    )
    return fig


#: The places that hold shares in a merge (solver.titles.g1862.money.merge), as a player reads them.
HOLDER_WORDS = {TREASURY: "treasury", POOL: "Bank Pool", IPO: "IPO", BESIDE_BOARD: "beside the board"}


def holdings_figure(
    before: Mapping[str, Mapping[str, int]],
    after: Mapping[str, Mapping[str, int]],
    survivor: str,
    height: int = 360,
) -> go.Figure:
    """Bars per holder: shares of each company before the merge beside shares of the surviving company after
    it (5.2)."""
    holders: list[str] = []
    for table in (*before.values(), *after.values()):
        for holder, n in table.items():
            if n and holder not in holders:
                holders.append(holder)
    fig = go.Figure()
    for company, table in before.items():
        fig.add_trace(
            go.Bar(
                x=holders,
                y=[table.get(h, 0) for h in holders],
                name=f"{company} before",
                text=[table.get(h, 0) or "" for h in holders],
            )
        )
    fig.add_trace(
        go.Bar(
            x=holders,
            y=[after.get(survivor, {}).get(h, 0) for h in holders],
            name=f"{survivor} after",
            marker={"pattern": {"shape": "/"}},
            text=[after.get(survivor, {}).get(h, 0) or "" for h in holders],
        )
    )
    fig.update_layout(
        barmode="group",
        height=height,
        margin={"l": 4, "r": 4, "t": 30, "b": 4},
        # the places that hold shares are named in words under their bars (a player keeps the name given)
        xaxis={"tickmode": "array", "tickvals": holders, "ticktext": [HOLDER_WORDS.get(h, h) for h in holders]},
        yaxis={"title": "shares", "dtick": 1},
        legend={"orientation": "h", "y": 1.12},
    )
    return fig
