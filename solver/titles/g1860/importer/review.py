"""Each recorded 1860 run judged by the evaluator (the one source of truth): in the site's mode as the game was
played, where the recorded revenue and subsidy must come out again, and in the rulebook's mode, legal or the
rules it breaks (docs/importer-1860.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solver.core.evaluator import Evaluation, RouteSpec
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.importer.replay import RecordedRun, import_game, in_mode


@dataclass(frozen=True)
class RunReview:
    """A recorded run and the evaluator's verdicts. `difference` is `match` (the site's revenue and subsidy come
    out again), `not_recorded` (the older format records none), `illegal_in_game_mode` or `unexplained`;
    `rulebook_problems` are the rules the run breaks under the rulebook (none when legal)."""

    run: RecordedRun
    site: Evaluation
    rulebook: Evaluation
    difference: str

    @property
    def rulebook_problems(self) -> tuple[str, ...]:
        return tuple(f"{p.where}: {p.message} ({p.rule})" for p in self.rulebook.problems)


def run_specs(run: RecordedRun) -> list[RouteSpec]:
    """The recorded routes as the evaluator reads them, with the halts the director counted where recorded."""
    return [RouteSpec(r.train, r.nodes, {} if r.halts is None else {"halts": r.halts}) for r in run.routes]


def review_run(run: RecordedRun) -> RunReview:
    specs = run_specs(run)
    site = evaluate(run.position, run.company, specs)
    rulebook = evaluate(in_mode(run.position, "rulebook"), run.company, specs)
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
    return [review_run(run) for run in import_game(path)]
