"""Plotly pictures of 18BF's money previews: the one-row market with the companies' markers and a preview's moves
(dividend, sale, end of turn, game end), who holds what before and after a Merger Round action, and each player's
worth at the game's end, and the train decision's options by their best runs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from solver.core.board_data import load_board
from solver.core.market import Move
from solver.draw.stock_market import stock_market_figure, token_colours
from solver.titles.g18bf.money.kinds import POOL, TREASURY
from solver.titles.g18bf.money.market import market
from solver.titles.g18bf.money.outcome import MergerOutcome
from solver.titles.g18bf.money.train_decision import TrainDecision
from solver.titles.g18bf.money.value import GameEndOutcome

#: Cell colours by zone, the first that applies (data/18bf/market.json; §6, §9.2, §9.3, §12.2).
FILLS = {"convert": "#fff3a8", "any_start": "#f6d2c9", "minor_start": "#e6cfb3", "public_start": "#e8d3f0"}
ZONE_WORDS = {
    "convert": "a minor converts here (100-165, §12.2)",
    "any_start": "a minor or a public starts here",
    "public_start": "a public starts here (70-200, §9.3, §12.4)",
    "minor_start": "a minor starts here (50-135, §9.2)",
}
#: The colours' meaning, for a caption under the market.
LEGEND = (
    "Yellow: a minor may convert (100-165, §12.2); red: a minor or a public may start (70-135); brown: minors only "
    "(50-65, §9.2); purple: publics only (150-200, §9.3); 165 is a minor's highest price (§10.7)."
)
HOLDER_WORDS = {TREASURY: "treasury", POOL: "Pool"}


def market_picture(tokens: Mapping[int, Sequence[str]] | None = None, moves: Sequence[Move] = ()) -> go.Figure:
    """The 18BF market with the markers (price -> companies, top first) and the moves drawn as arrows."""
    return stock_market_figure(
        market(), FILLS, ZONE_WORDS, tokens, token_colours(load_board("18bf")), moves, height=170 + 24 * len(moves)
    )


def holdings_picture(outcome: MergerOutcome) -> go.Figure:
    """Who holds what: each holder's shares of the old companies (left) and of the new or taking-over company
    (right), each bar labelled with its company, the treasury and the Pool named as such."""
    colours = token_colours(load_board("18bf"))
    holders = list(dict.fromkeys([*[h for hs in outcome.holdings_before.values() for h in hs], *outcome.holdings]))
    names = [HOLDER_WORDS.get(h, h) for h in holders]
    fig = make_subplots(
        rows=1,
        cols=2,
        shared_yaxes=True,
        subplot_titles=("shares before", f"shares after: {outcome.company}"),
        horizontal_spacing=0.06,
    )
    columns = [(1, company, held) for company, held in outcome.holdings_before.items()]
    columns.append((2, outcome.company, outcome.holdings))
    for col, company, held in columns:
        fill, ink = colours.get(company, ("#888888", "#000000"))
        fig.add_trace(
            go.Bar(
                name=company,
                y=names,
                x=[held.get(h, 0) for h in holders],
                text=[f"{company} {held[h]}" if held.get(h) else "" for h in holders],
                textfont={"color": ink},
                insidetextanchor="middle",
                orientation="h",
                marker={"color": fill, "line": {"color": "#333333", "width": 1}},
                hovertemplate=f"{company}: %{{x}} share(s)<extra>%{{y}}</extra>",
            ),
            row=1,
            col=col,
        )
    fig.update_layout(
        barmode="stack", height=120 + 36 * len(holders), margin={"l": 10, "r": 10, "t": 40, "b": 30}, showlegend=False
    )
    fig.update_yaxes(autorange="reversed")
    fig.update_xaxes(dtick=2)
    return fig


def values_picture(outcome: GameEndOutcome) -> go.Figure:
    """Each player's worth at the end as stacked bars: cash and each holding."""
    players = [p.player for p in outcome.players]
    parts = list(dict.fromkeys(what for p in outcome.players for what, _ in p.holdings))
    bars = [go.Bar(name="cash", x=players, y=[p.cash for p in outcome.players])]
    for part in parts:
        bars.append(go.Bar(name=part, x=players, y=[dict(p.holdings).get(part, 0) for p in outcome.players]))
    fig = go.Figure(bars)
    fig.update_layout(barmode="stack", height=360, yaxis={"title": "£"}, legend={"orientation": "h", "y": 1.15})
    return fig


def train_decision_picture(decision: TrainDecision) -> go.Figure:
    """Each way to buy a train as a bar of its best run's revenue (grey when the company cannot pay for it), labelled
    with the change against the run without the purchase and the price; a dashed line at that run."""
    options = decision.options
    labels = [o.label for o in options]
    fig = go.Figure(
        go.Bar(
            x=[o.run.revenue for o in options],
            y=labels,
            orientation="h",
            marker={"color": ["#2b7bb9" if o.affordable else "#b8b8b8" for o in options]},
            text=[
                f"£{o.run.revenue} ({o.revenue_change:+d}) · price £{o.price}"
                + ("" if o.run.proven else " · not proven")
                for o in options
            ],
            textposition="auto",
            hovertemplate="%{y}: best run £%{x}<extra></extra>",
        )
    )
    fig.add_vline(
        x=decision.current.revenue,
        line={"dash": "dash", "color": "#444444"},
        annotation_text=f"without a purchase £{decision.current.revenue}",
        annotation_position="top",
    )
    fig.update_layout(
        height=110 + 40 * len(options),
        margin={"l": 10, "r": 10, "t": 40, "b": 30},
        xaxis={"title": "best run (£)", "rangemode": "tozero"},
        yaxis={"autorange": "reversed", "type": "category"},
    )
    return fig
