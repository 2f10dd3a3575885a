"""Each recorded 1860 run judged by the evaluator (the one source of truth): in the site's mode as the game was
played, where the recorded revenue and subsidy must come out again, and in the rulebook's mode, legal or the
rules it breaks (docs/importer-1860.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.search.run_search import SearchResult
from solver.jsonfile import read_json_file
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.importer.replay import RecordedRun, import_export, in_mode
from solver.titles.g1860.optimizer import best_run


@dataclass(frozen=True)
class RunReview:
    """A recorded run and the evaluator's verdicts. `difference` is `match` (the site's revenue and subsidy come
    out again), `not_recorded` (the older format records none), `illegal_in_game_mode` or `unexplained`;
    `rulebook_problems` are the rules the routes break under the rulebook (none when legal), each counting the most
    halts it has room for."""

    run: RecordedRun
    site: Evaluation
    rulebook: Evaluation
    difference: str

    @property
    def rulebook_problems(self) -> tuple[str, ...]:
        return tuple(f"{p.where}: {p.message} ({p.rule})" for p in self.rulebook.problems)


def run_specs(run: RecordedRun, halts: bool = True) -> list[RouteSpec]:
    """The recorded routes as the evaluator reads them, with the halts the director counted where recorded (or,
    with `halts` False, as many as the train has room for after its stations)."""
    return [
        RouteSpec(r.train, r.nodes, {"halts": r.halts} if halts and r.halts is not None else {}) for r in run.routes
    ]


def review_run(run: RecordedRun) -> RunReview:
    site = evaluate(run.position, run.company, run_specs(run))
    # Under the rulebook every small station is called, so counting the most halts the train has room for never
    # costs revenue (Running Trains, RB L528, L534): the routes are judged with that count, not the site's, which
    # may have traded a small station for a halt.
    rulebook = evaluate(in_mode(run.position, "rulebook"), run.company, run_specs(run, halts=False))
    if not site.legal:
        difference = "illegal_in_game_mode"
    elif run.revenue is None:
        difference = "not_recorded"
    elif (site.revenue, site.subsidy) == (run.revenue, run.subsidy) and all(
        (t.revenue, t.subsidy) == (r.revenue, r.subsidy) for t, r in zip(site.trains, run.routes, strict=True)
    ):
        difference = "match"
    else:
        difference = "unexplained"
    return RunReview(run, site, rulebook, difference)


def review_game(path: str | Path) -> list[RunReview]:
    """Every recorded run of an 1860 export judged in the game's mode and the rulebook's; InputError (naming the
    action) for an export that cannot be replayed."""
    return review_export(read_json_file(path, "game"), str(path))


def review_export(data: Any, source: str) -> list[RunReview]:
    """Every recorded run of an 1860 export's parsed JSON judged as `review_game` does."""
    return [review_run(run) for run in import_export(data, source)]


def review_row(review: RunReview) -> dict[str, object]:
    """One run as a row of the review table (JSON-ready)."""
    run = review.run
    return {
        "action_id": run.action_id,
        "company": run.company,
        "phase": run.position.phase,
        "mode": "leased" if run.leased else "nationalisation" if run.nationalisation else "normal",
        "routes": [" ".join(r.nodes) for r in run.routes],
        "recorded_revenue": run.revenue,
        "recorded_subsidy": run.subsidy,
        "evaluated_revenue": review.site.revenue if review.site.legal else None,
        "evaluated_subsidy": review.site.subsidy if review.site.legal else None,
        "difference": review.difference,
        "game_mode_problems": [f"{p.where}: {p.message} ({p.rule})" for p in review.site.problems],
        "rulebook_legal": review.rulebook.legal,
        "rulebook_problems": list(review.rulebook_problems),
    }


def game_mode(run: RecordedRun) -> str:
    """The rule mode the game was played in (`site` or `rulebook`, from its options)."""
    return str(run.position.rules.get("mode", "rulebook"))


def best_runs(run: RecordedRun, time_limit: float) -> dict[str, SearchResult]:
    """The optimizer's best run (most revenue) for the recorded run's position in the game's mode and, where that is
    the site's, in the rulebook's too (the two differ: small stations skipped, hexes re-entered); by mode."""
    modes = [game_mode(run)] + (["rulebook"] if game_mode(run) == "site" else [])
    return {mode: best_run(in_mode(run.position, mode), run.company, time_limit=time_limit) for mode in modes}
