"""Review of an imported 18xx.games game: every recorded run against our evaluator and our optimum (issue 6).

For each recorded run the review gives the site's recorded revenue, our evaluator's verdict on the recorded
routes (7.4, 7.8, 7.8.1-7.8.3) and the optimizer's best run, and classifies the difference between the
recorded and the evaluated revenue:

* ``match``: the evaluator reproduces the recorded revenue;
* ``freight_offboard_bonus``: a Freight run ending at an off-board area scores one bonus hex more under
  the rulebook (7.8.1; the site counted one hex less before its fix of issue 6234);
* ``illegal``: the recorded routes break a rule (for example a Freight chain from port to port, 7.8.1,
  which the site accepted); the reason lists the rules broken;
* ``unexplained``: anything else (a bug to report).

The money left on the table is the optimal revenue minus the recorded revenue.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import plotly.colors
import plotly.graph_objects as go
import polars as pl

from solver.importer.replay import ImportedGame, RecordedRun
from solver.position import position_to_dict
from solver.routes.evaluator import evaluate
from solver.routes.model import Evaluation, RouteSpec, SolveOptions, SolveResult
from solver.routes.optimizer import optimize

Difference = Literal["match", "freight_offboard_bonus", "illegal", "unexplained"]
CHAIN_WORDS = ("join end to end",)


@dataclass(frozen=True)
class RunReview:
    """The review of one recorded run."""

    game_id: int | None
    action_id: int
    round: str
    company: str
    recorded_revenue: int
    evaluated_revenue: int | None
    optimal_revenue: int | None
    status: str
    solve_seconds: float
    difference: Difference
    reason: str
    recorded_routes: tuple[RouteSpec, ...]
    optimal_routes: tuple[RouteSpec, ...]
    bound: int | None = None

    @property
    def left_on_table(self) -> int | None:
        """Optimal minus recorded revenue (None without an optimum)."""
        return None if self.optimal_revenue is None else self.optimal_revenue - self.recorded_revenue

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "action_id": self.action_id,
            "round": self.round,
            "company": self.company,
            "recorded_revenue": self.recorded_revenue,
            "evaluated_revenue": self.evaluated_revenue,
            "optimal_revenue": self.optimal_revenue,
            "left_on_table": self.left_on_table,
            "status": self.status,
            "bound": self.bound,
            "solve_seconds": round(self.solve_seconds, 3),
            "difference": self.difference,
            "reason": self.reason,
            "recorded_routes": [{"train": r.train, "hexes": list(r.hexes)} for r in self.recorded_routes],
            "optimal_routes": [{"train": r.train, "hexes": list(r.hexes)} for r in self.optimal_routes],
        }


def _orientations(routes: Sequence[RouteSpec]) -> list[list[RouteSpec]]:
    """The recorded routes with the Freight routes in every order and direction (the site records a route's
    hexes in either direction and chain members in any order; 7.8.1 joins them end to end)."""
    freight = [i for i, r in enumerate(routes) if r.train.upper().endswith("F")]
    if len(freight) < 2 or len(freight) > 4:
        return [list(routes)]
    others = [r for i, r in enumerate(routes) if i not in freight]
    out: list[list[RouteSpec]] = []
    for order in itertools.permutations(freight):
        for flips in itertools.product((False, True), repeat=len(order)):
            chain = [
                RouteSpec(routes[i].train, tuple(reversed(routes[i].hexes)) if f else routes[i].hexes)
                for i, f in zip(order, flips, strict=True)
            ]
            out.append(chain + others)
    return out


def evaluate_recorded(run: RecordedRun) -> tuple[Evaluation, tuple[RouteSpec, ...]]:
    """Our evaluator's verdict on the recorded routes, with Freight routes oriented into a chain when the
    recording's order or direction is all that keeps them apart (7.8.1)."""
    specs = run.route_specs
    first = evaluate(run.position, run.company, specs)
    if first.legal or not any(word in p.message for p in first.problems for word in CHAIN_WORDS):
        return first, specs
    best: tuple[Evaluation, tuple[RouteSpec, ...]] = (first, specs)
    for candidate in _orientations(specs)[1:]:
        ev = evaluate(run.position, run.company, candidate)
        if ev.legal:
            return ev, tuple(candidate)
        joins = sum(any(w in p.message for w in CHAIN_WORDS) for p in ev.problems)
        best_joins = sum(any(w in p.message for w in CHAIN_WORDS) for p in best[0].problems)
        if joins < best_joins or (joins == best_joins and len(ev.problems) < len(best[0].problems)):
            best = (ev, tuple(candidate))
    return best


def _offboard_bonus_units(run: RecordedRun, evaluation: Evaluation) -> int:
    """The sum, over Freight groups (chains or lone trains) with an off-board end and a bonus, of one bonus
    hex (30 with a port end, else 20; 7.8.1)."""
    game = run.position.game
    groups: dict[object, list[int]] = {}
    for i, t in enumerate(evaluation.trains):
        if t.train.upper().endswith("F"):
            groups.setdefault(t.chain if t.chain is not None else ("lone", i), []).append(i)
    units = 0
    for members in groups.values():
        ends = [h for i in members for h in (evaluation.trains[i].hexes[0], evaluation.trains[i].hexes[-1])]
        free_ends = [h for h in ends if ends.count(h) == 1]
        bonus = [evaluation.trains[i] for i in members if evaluation.trains[i].bonus_hexes > 0]
        if any(h in game.offboard_hexes for h in free_ends) and bonus:
            units += bonus[0].freight_bonus // bonus[0].bonus_hexes
    return units


def classify(run: RecordedRun, evaluation: Evaluation) -> tuple[Difference, str]:
    """Why the evaluated revenue differs from the recorded one (module docstring lists the kinds)."""
    if not evaluation.legal:
        return "illegal", "; ".join(str(p) for p in evaluation.problems)
    delta = evaluation.revenue - run.recorded_revenue
    if delta == 0:
        return "match", ""
    if delta > 0 and delta == _offboard_bonus_units(run, evaluation):
        return (
            "freight_offboard_bonus",
            f"+{delta}: one more Freight bonus hex for an off-board end (7.8.1; recorded before the site's fix 6234)",
        )
    return "unexplained", f"evaluated {evaluation.revenue}, recorded {run.recorded_revenue}"


def _key(run: RecordedRun) -> str:
    return json.dumps([run.company, position_to_dict(run.position)], sort_keys=True)


def review_game(
    game: ImportedGame,
    options: SolveOptions = SolveOptions(time_limit=10.0),  # noqa: B008 - frozen dataclass
    progress: Callable[[int, int, RecordedRun], None] | None = None,
) -> list[RunReview]:
    """Review every recorded run of an imported game (module docstring). Identical positions of the same
    company (late in a game, when nothing changes between operating rounds) are solved once."""
    solved: dict[str, SolveResult] = {}
    reviews: list[RunReview] = []
    for n, run in enumerate(game.runs):
        if progress is not None:
            progress(n, len(game.runs), run)
        evaluation, recorded_specs = evaluate_recorded(run)
        difference, reason = classify(run, evaluation)
        key = _key(run)
        result = solved.get(key)
        seconds = 0.0  # the same position was solved for an earlier run
        if result is None:
            result = optimize(run.position, run.company, options)
            solved[key] = result
            seconds = result.solve_seconds
        optimal = result.revenue if result.status in ("optimal", "feasible") else None
        optimal_routes = result.routes
        if result.status != "optimal" and evaluation.legal and (optimal is None or evaluation.revenue > optimal):
            # an unproven solve that found less than the recorded legal run: the recorded run is the best known
            optimal, optimal_routes = evaluation.revenue, recorded_specs
        reviews.append(
            RunReview(
                game_id=game.export.game_id,
                action_id=run.action_id,
                round=run.round,
                company=run.company,
                recorded_revenue=run.recorded_revenue,
                evaluated_revenue=evaluation.revenue if evaluation.legal else None,
                optimal_revenue=optimal,
                status=result.status,
                solve_seconds=seconds,
                difference=difference,
                reason=reason,
                recorded_routes=run.route_specs,
                optimal_routes=optimal_routes,
                bound=result.bound,
            )
        )
    return reviews


COLUMNS = [
    "game_id",
    "action_id",
    "round",
    "company",
    "recorded_revenue",
    "evaluated_revenue",
    "optimal_revenue",
    "left_on_table",
    "status",
    "bound",
    "solve_seconds",
    "difference",
    "reason",
]


def review_table(reviews: Sequence[RunReview]) -> pl.DataFrame:
    """The reviews as one polars table (one row per run, the columns of `COLUMNS`, routes as text)."""
    rows = []
    for r in reviews:
        d = r.to_dict()
        row = {c: d[c] for c in COLUMNS}
        row["recorded_routes"] = "; ".join(f"{s.train}: {'-'.join(s.hexes)}" for s in r.recorded_routes)
        row["optimal_routes"] = "; ".join(f"{s.train}: {'-'.join(s.hexes)}" for s in r.optimal_routes)
        rows.append(row)
    schema = {
        "game_id": pl.Int64,
        "action_id": pl.Int64,
        "round": pl.Utf8,
        "company": pl.Utf8,
        "recorded_revenue": pl.Int64,
        "evaluated_revenue": pl.Int64,
        "optimal_revenue": pl.Int64,
        "left_on_table": pl.Int64,
        "status": pl.Utf8,
        "bound": pl.Int64,
        "solve_seconds": pl.Float64,
        "difference": pl.Utf8,
        "reason": pl.Utf8,
        "recorded_routes": pl.Utf8,
        "optimal_routes": pl.Utf8,
    }
    return pl.DataFrame(rows, schema=schema, orient="row") if rows else pl.DataFrame(schema=schema)


def difference_counts(reviews: Sequence[RunReview]) -> dict[str, int]:
    """How many runs fall in each kind of difference."""
    counts: dict[str, int] = {}
    for r in reviews:
        counts[r.difference] = counts.get(r.difference, 0) + 1
    return counts


def revenue_figure(reviews: Sequence[RunReview]) -> go.Figure:
    """Plotly chart of recorded (solid) against optimal (dashed) revenue per company across the game, one
    colour per company, runs in game order on the x axis (labelled by operating round)."""
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
                name=f"{company} recorded",
                line={"color": colour},
                text=text,
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
                legendgroup=company,
            )
        )
    ticks = [(i, r.round) for i, r in enumerate(reviews) if i == 0 or reviews[i - 1].round != r.round]
    fig.update_layout(
        xaxis={"title": "operating round", "tickvals": [t[0] for t in ticks], "ticktext": [t[1] for t in ticks]},
        yaxis={"title": "revenue (£)"},
        height=420,
        margin={"l": 40, "r": 10, "t": 30, "b": 40},
        legend={"orientation": "v"},
    )
    return fig
