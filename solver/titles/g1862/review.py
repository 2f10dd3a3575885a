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

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from solver.titles.g1862.importer.recorded import judge_routes
from solver.titles.g1862.importer.replay import ImportedGame, RecordedRun
from solver.titles.g1862.routes.batch import Solved, SolverPool, Task, task_for
from solver.titles.g1862.routes.model import Evaluation, RouteSpec, SolveOptions

if TYPE_CHECKING:
    import polars as pl  # loaded by the functions that build tables: `review` without --out never needs it

Difference = Literal["match", "freight_offboard_bonus", "illegal", "unexplained"]


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
    director: str | None = None
    broken_rules: tuple[str, ...] = ()

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
            "director": self.director,
            "recorded_routes": [{"train": r.train, "hexes": list(r.hexes)} for r in self.recorded_routes],
            "optimal_routes": [{"train": r.train, "hexes": list(r.hexes)} for r in self.optimal_routes],
        }


def evaluate_recorded(run: RecordedRun) -> tuple[Evaluation, tuple[RouteSpec, ...]]:
    """Our evaluator's verdict on the recorded routes (`solver.titles.g1862.importer.recorded.judge_routes`)."""
    return judge_routes(run.position, run.company, run.route_specs)


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


def review_games(
    games: Iterable[ImportedGame],
    options: SolveOptions = SolveOptions(time_limit=10.0),  # noqa: B008 - frozen dataclass
    progress: Callable[[int, int], None] | None = None,
    pool: SolverPool | None = None,
) -> list[list[RunReview]]:
    """Review every recorded run of each game (module docstring), one list per game. Identical positions of
    the same company (late in a game, when nothing changes between operating rounds) are solved once; with
    a pool of processes (`solver.titles.g1862.routes.batch.SolverPool`) they are solved there, each game's
    sent as soon as it is taken from `games` (a generator that reads the games lets the pool solve one while
    the next is read), else in this process. `progress(done, total)` counts solves."""
    pool = pool or SolverPool(1)
    taken: list[ImportedGame] = []
    keys: list[list[str]] = []

    def positions() -> Iterator[dict[str, Task]]:  # one batch of work items per game, as it is taken
        seen: set[str] = set()
        for game in games:
            taken.append(game)
            keys.append([])
            batch: dict[str, Task] = {}
            for run in game.runs:
                task = task_for(run.position, run.company, options)
                key = json.dumps([run.company, task.text])
                if key not in seen:
                    seen.add(key)
                    batch[key] = task
                keys[-1].append(key)
            yield batch
            pool.timeline.phase("game read, its positions sent as work items")

    verdicts: dict[tuple[int, int], tuple[Evaluation, tuple[RouteSpec, ...]]] = {}

    def judge_recorded_runs() -> None:  # while the pool solves (batch.SolverPool.solve_all)
        for g, game in enumerate(taken):
            for r, run in enumerate(game.runs):
                verdicts[g, r] = evaluate_recorded(run)
        pool.timeline.phase("recorded runs judged")

    solved = pool.solve_all(positions(), progress, meanwhile=judge_recorded_runs)
    first_use: set[str] = set()
    reviews: list[list[RunReview]] = []
    for g, (game, game_keys) in enumerate(zip(taken, keys, strict=True)):
        reviews.append([])
        for r, (run, key) in enumerate(zip(game.runs, game_keys, strict=True)):
            result = solved[key]
            seconds = 0.0 if key in first_use else result.seconds  # 0: the same position was solved before
            first_use.add(key)
            reviews[-1].append(_review(game, run, verdicts[g, r], result, seconds))
    return reviews


def review_game(
    game: ImportedGame,
    options: SolveOptions = SolveOptions(time_limit=10.0),  # noqa: B008 - frozen dataclass
    progress: Callable[[int, int], None] | None = None,
) -> list[RunReview]:
    """Review every recorded run of one game, solving in this process (`review_games`)."""
    return review_games([game], options, progress)[0]


def _review(
    game: ImportedGame,
    run: RecordedRun,
    verdict: tuple[Evaluation, tuple[RouteSpec, ...]],
    result: Solved,
    seconds: float,
) -> RunReview:
    evaluation, recorded_specs = verdict
    difference, reason = classify(run, evaluation)
    optimal, optimal_routes = result.revenue, result.routes
    if result.status != "optimal" and evaluation.legal and (optimal is None or evaluation.revenue > optimal):
        # an unproven solve that found less than the recorded legal run: the recorded run is the best known
        optimal, optimal_routes = evaluation.revenue, recorded_specs
    return RunReview(
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
        director=_director(run),
        broken_rules=tuple(dict.fromkeys(p.rule for p in evaluation.problems)) if not evaluation.legal else (),
    )


def _director(run: RecordedRun) -> str | None:
    """Who decided the run: the company's director, or "receivership" (8.0); None when the replay has no shares."""
    money = run.position.companies[run.company].money
    if money is None:
        return None
    return money.director or "receivership"


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
    "director",
]


def review_table(reviews: Sequence[RunReview]) -> pl.DataFrame:
    """The reviews as one polars table (one row per run, the columns of `COLUMNS`, routes as text)."""
    import polars as pl

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
        "director": pl.Utf8,
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


@dataclass(frozen=True)
class ReviewSummary:
    """The top of a review (issue 15): runs matched, illegal runs by the rules they break, and the money
    left on the table (optimal - recorded, over runs with an optimum) per company and per director."""

    runs: int
    differences: dict[str, int]
    illegal_by_rules: dict[str, int]
    left_by_company: dict[str, int]
    left_by_player: dict[str, int]

    def lines(self) -> list[str]:
        matched = self.differences.get("match", 0)
        out = [f"{self.runs} runs: {matched} matched the recorded revenue"]
        out += [f"  {kind.replace('_', ' ')}: {n}" for kind, n in sorted(self.differences.items()) if kind != "match"]
        out += [f"  illegal, breaking {rules}: {n}" for rules, n in self.illegal_by_rules.items()]
        for title, table in (("company", self.left_by_company), ("player", self.left_by_player)):
            if table:
                out.append(f"left on the table by {title}: " + ", ".join(f"{k} £{v}" for k, v in table.items()))
        return out


def review_summary(reviews: Sequence[RunReview]) -> ReviewSummary:
    """Summarise reviews (most money left first; runs without a director count under "receivership")."""
    illegal: dict[str, int] = {}
    by_company: dict[str, int] = {}
    by_player: dict[str, int] = {}
    for r in reviews:
        if r.difference == "illegal":
            key = ", ".join(f"rule {rule}" if rule[:1].isdigit() else rule for rule in r.broken_rules) or "a rule"
            illegal[key] = illegal.get(key, 0) + 1
        if r.left_on_table is not None:
            by_company[r.company] = by_company.get(r.company, 0) + r.left_on_table
            if r.director is not None:
                by_player[r.director] = by_player.get(r.director, 0) + r.left_on_table

    def ranked(table: dict[str, int]) -> dict[str, int]:
        return dict(sorted(table.items(), key=lambda kv: (-kv[1], kv[0])))

    return ReviewSummary(len(reviews), difference_counts(reviews), illegal, ranked(by_company), ranked(by_player))


VERDICTS = {
    "match": "matches",
    "freight_offboard_bonus": "off-board Freight bonus",
    "illegal": "illegal",
    "unexplained": "unexplained",
}


def proof_text(status: str) -> str:
    return {"optimal": "proven optimal", "feasible": "best found in the time limit"}.get(status, status)


def verdict_text(review: RunReview) -> str:
    """The recorded run judged by the rulebook, in words: matches, the named difference, or why it is illegal."""
    text = VERDICTS.get(review.difference, review.difference)
    return f"{text}: {review.reason}" if review.reason else text


def short_verdict(review: RunReview) -> str:
    """The verdict in a few words, for a table's cell: matches, the named difference, or illegal with the rules
    broken (`verdict_text` gives the whole reason)."""
    text = VERDICTS.get(review.difference, review.difference)
    if review.difference == "illegal" and review.broken_rules:
        return f"{text} ({', '.join(review.broken_rules)})"
    return text


def readable_table(reviews: list[RunReview]) -> pl.DataFrame:
    """One row per run with readable headings and short cells (a page shows it whole at 1280 px), most money
    left on the table first; a run without an optimum last. An illegal recorded run keeps its recorded and best
    revenue and names the rules it breaks."""
    import polars as pl

    rows: list[dict[str, Any]] = [
        {
            "Action": r.action_id,
            "Round": r.round,
            "Company": r.company,
            "Director": r.director or "",
            "Recorded £": r.recorded_revenue,
            "By the rulebook £": r.evaluated_revenue,
            "Best £": r.optimal_revenue,
            "Left on the table £": r.left_on_table,
            "Proven optimal": r.status == "optimal",
            "Recorded run": short_verdict(r),
        }
        for r in reviews
    ]
    table = pl.DataFrame(rows, infer_schema_length=None)
    return table.sort(["Left on the table £", "Action"], descending=[True, False], nulls_last=True)
