"""Pictures of money outcomes: the zigzag stock market with company tokens and a move arrow (6.4.2, 7.1,
7.8.5), and holdings before and after a merge as bars per holder (5.2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from solver.core.market import Move, StockMarket
from solver.draw.stock_market import stock_market_figure
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.money.market import Market
from solver.titles.g1862.money.merge import BESIDE_BOARD
from solver.titles.g1862.money.scenario import IPO, POOL, TREASURY

ZONE_FILL = {
    "bankrupt": "#5c5c5c",
    "game_end": "#c9a227",
    "ignore_first_two_shares_sold": "#f2b8b5",
    "ignore_first_share_sold": "#f9dcc4",
    "chartered_par": "#cfe8cf",
    "non_chartered_start": "#dfe9f5",
}
ZONE_TEXT = {
    "bankrupt": "bankrupt",
    "game_end": "game ends",
    "ignore_first_two_shares_sold": "first two shares sold ignored",
    "ignore_first_share_sold": "first share sold ignored",
    "chartered_par": "chartered par value",
    "non_chartered_start": "non-chartered start",
}


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
    if `move` = (from price, to price), an arrow showing the move: the title-free market drawing given
    1862's zones (a plain space has none), colours and label."""
    zones = {zone: [c.price for c in market.cells if c.zone == zone] for zone in ZONE_FILL}
    colours = {company: (info.color, info.text_color) for company, info in game.companies.items()}
    moves = [Move(move[0], move[1], move_label, "6.4.2")] if move is not None else []
    return stock_market_figure(
        StockMarket.zigzag(market.prices, 2, zones),
        ZONE_FILL,
        ZONE_TEXT,
        tokens,
        colours,
        moves,
        height,
        labels=[move_label] * len(moves),
    )


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
