"""Plotly pictures of 1860's money previews: the market with the companies' tokens and a preview's move (dividend,
sale), a leased run's earnings against the most it may earn (insolvency), each player's assets (end of the game) and
the prices of the nationalisation rounds with the companies closed after each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from solver.core.board_data import load_board
from solver.core.market import Move
from solver.draw.stock_market import stock_market_figure
from solver.titles.g1860.money.dividend import DividendOutcome
from solver.titles.g1860.money.insolvency import InsolvencyOutcome
from solver.titles.g1860.money.market import market
from solver.titles.g1860.money.nationalisation import NationalisationOutcome
from solver.titles.g1860.money.sale import SaleOutcome
from solver.titles.g1860.money.value import ValueOutcome
from solver.titles.g1860.scoring import LEASE_BASE

#: Cell colours by zone, the first that applies (data/1860/market.json; Share Price Movement, RB L378).
FILLS = {"bankrupt": "#5c5c5c", "game_end": "#c9a227", "red": "#f4c7c3", "par": "#cfe8cf"}
ZONE_WORDS = {
    "bankrupt": "bankrupt",
    "game_end": "the game ends",
    "red": "red letters: the first share sold does not move the price",
    "par": "par price",
    "repar": "par when refloated",
}


def _colours() -> dict[str, tuple[str, str]]:
    return {c.id: (c.color, c.text_color) for c in load_board("1860").companies.values()}


def market_picture(tokens: Mapping[int, Sequence[str]] | None = None, moves: Sequence[Move] = ()) -> go.Figure:
    """The 1860 market with the tokens (price -> companies, top first) and the moves drawn as arrows."""
    return stock_market_figure(market(), FILLS, ZONE_WORDS, tokens, _colours(), moves)


def dividend_picture(outcome: DividendOutcome, tokens: Mapping[int, Sequence[str]] | None = None) -> go.Figure:
    return market_picture(tokens, [outcome.move])


def sale_picture(outcome: SaleOutcome, tokens: Mapping[int, Sequence[str]] | None = None) -> go.Figure:
    return market_picture(tokens, [outcome.move])


def insolvency_picture(outcome: InsolvencyOutcome) -> go.Figure:
    """The leased run's revenue, the 40 base and 20 a stop, beside the most the leased train may earn."""
    stops = max(0, outcome.revenue - LEASE_BASE) if outcome.insolvent else 0
    fig = go.Figure(
        [
            go.Bar(name="base", x=["leased run", "most"], y=[LEASE_BASE if outcome.insolvent else 0, LEASE_BASE]),
            go.Bar(name="stops", x=["leased run", "most"], y=[stops, max(0, outcome.most - LEASE_BASE)]),
        ]
    )
    fig.update_layout(
        barmode="stack", height=300, title=f"{outcome.company}: leased {outcome.train}", yaxis={"title": "credits"}
    )
    return fig


def values_picture(values: ValueOutcome) -> go.Figure:
    """Each player's assets as stacked bars: money, each company's shares, private companies."""
    players = [v.player for v in values.players]
    companies = sorted({c for v in values.players for c in v.shares})
    bars = [go.Bar(name="money", x=players, y=[v.cash for v in values.players])]
    bars += [go.Bar(name=c, x=players, y=[v.shares.get(c, 0) for v in values.players]) for c in companies]
    bars.append(go.Bar(name="private companies", x=players, y=[v.privates for v in values.players]))
    fig = go.Figure(bars)
    fig.update_layout(barmode="stack", height=360, yaxis={"title": "£"}, legend={"orientation": "h", "y": 1.12})
    return fig


def nationalisation_picture(outcome: NationalisationOutcome) -> go.Figure:
    """Each company's price before the first round and after each round it operated; a cross where it closed."""
    colours = _colours()
    fig = go.Figure()
    for company in outcome.revenues:
        xs = [0]
        ys = [next(r.prices_before[company] for r in outcome.rounds if company in r.prices_before)]
        closed_at = None
        for r in outcome.rounds:
            if company in r.prices_after:
                xs.append(r.number)
                ys.append(r.prices_after[company])
            if company in r.closed:
                closed_at = r.number
        symbols = ["circle"] * (len(xs) - 1) + ["x" if closed_at else "circle"]
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines+markers",
                name=f"{company} ({outcome.revenues[company]})",
                marker={"symbol": symbols, "size": 11, "color": colours.get(company, ("#888", ""))[0]},
                line={"color": colours.get(company, ("#888", ""))[0]},
            )
        )
    fig.update_layout(
        height=360,
        xaxis={"title": "round of British Rail", "dtick": 1},
        yaxis={"title": "price"},
        legend={"orientation": "h", "y": 1.15},
    )
    return fig
