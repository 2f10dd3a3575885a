"""Pictures of a game review: a run on the board, revenue per run against the optimum, and the money left on
the table by company and by player (issues 14, 15)."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.colors
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from solver.titles.g1862.draw.board import board_figure
from solver.titles.g1862.draw.routes import route_traces
from solver.titles.g1862.position import Position
from solver.titles.g1862.review import ReviewSummary, RunReview
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import RouteSpec


def run_figure(position: Position, company: str, routes: Sequence[RouteSpec], title: str) -> go.Figure:
    """The board with a company's run (recorded or best) drawn over it: each train along the track it uses,
    hex by hex between its stops (never a straight line from stop to stop), with its stops numbered when the
    run is legal; an illegal run is drawn by its hexes alone."""
    tiles = {h: (lay.tile, lay.rotation) for h, lay in position.tiles.items()}
    evaluation = evaluate(position, company, routes) if routes else None
    fig = board_figure(position, title=title)
    if evaluation is not None and evaluation.legal:
        traces = route_traces(position.game, tiles, trains=evaluation.trains)
    else:
        traces = route_traces(position.game, tiles, routes=routes)
    for trace in traces:
        fig.add_trace(trace)
    return fig


def revenue_figure(reviews: Sequence[RunReview]) -> go.Figure:
    """Plotly chart of recorded (solid) against optimal (dashed) revenue per company across the game, one
    colour per company, runs in game order on the x axis (labelled by operating round). The legend names each
    company once (clicking it shows or hides both its lines), so that it fits the chart's height for every
    company of a game; the title says which line is which."""
    fig = go.Figure()
    order = {r.action_id: i for i, r in enumerate(reviews)}
    companies = sorted({r.company for r in reviews})
    palette = plotly.colors.qualitative.Dark24
    for n, company in enumerate(companies):
        runs = [r for r in reviews if r.company == company]
        colour = palette[n % len(palette)]
        x = [order[r.action_id] for r in runs]
        text = [f"{r.round} action {r.action_id}" for r in runs]
        fig.add_trace(
            go.Scatter(
                x=x,
                y=[r.recorded_revenue for r in runs],
                mode="lines+markers",
                name=company,
                line={"color": colour},
                text=text,
                hovertemplate=f"%{{text}}<br>{company} recorded: £%{{y}}<extra></extra>",
                legendgroup=company,
            )
        )
        fig.add_trace(
            go.Scatter(
                x=x,
                y=[r.optimal_revenue for r in runs],
                mode="lines+markers",
                name=f"{company} optimal",
                line={"color": colour, "dash": "dash"},
                marker={"symbol": "diamond-open"},
                text=text,
                hovertemplate=f"%{{text}}<br>{company} best: £%{{y}}<extra></extra>",
                legendgroup=company,
                showlegend=False,
            )
        )
    ticks = [(i, r.round) for i, r in enumerate(reviews) if i == 0 or reviews[i - 1].round != r.round]
    fig.update_layout(
        xaxis={"title": "operating round", "tickvals": [t[0] for t in ticks], "ticktext": [t[1] for t in ticks]},
        yaxis={"title": "revenue (£)"},
        title={"text": "Revenue per run: recorded (solid) and best (dashed)", "font": {"size": 14}},
        height=420,
        margin={"l": 40, "r": 10, "t": 40, "b": 40},
        legend={"orientation": "v", "title": {"text": "company"}},
    )
    return fig


def left_on_table_figure(summary: ReviewSummary) -> go.Figure:
    """Two bar charts side by side: the money left on the table (optimal - recorded revenue, £) summed per
    company and per player who directed the run, largest first."""
    fig = make_subplots(rows=1, cols=2, subplot_titles=("by company", "by player (director at the run)"))
    for col, table in ((1, summary.left_by_company), (2, summary.left_by_player)):
        fig.add_trace(
            go.Bar(
                x=list(table),
                y=list(table.values()),
                text=[f"£{v}" for v in table.values()],
                textposition="outside",
                marker={"color": "#8c564b" if col == 1 else "#1f77b4"},
                hovertemplate="%{x}: £%{y} left on the table<extra></extra>",
                showlegend=False,
            ),
            row=1,
            col=col,
        )
    fig.update_yaxes(title_text="left on the table (£)", row=1, col=1)
    fig.update_layout(height=340, margin={"l": 50, "r": 10, "t": 40, "b": 40})
    return fig
