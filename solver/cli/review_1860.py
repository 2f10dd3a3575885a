"""``python -m solver review GAME.json [...]`` for 1860 games (exports whose ``title`` is 1860): every recorded run
judged by 1860's evaluator in the game's mode (the site's revenue and subsidy must come out again) and in the
rulebook's, and the optimizer's best run beside it in the game's mode and, for a game played in the site's mode,
in the rulebook's too, each proven or not (docs/importer-1860.md). `review` hands the files here when every one is
an 1860 game (`takes`).

The positions are solved one after another in this process (an 1860 position takes 0.05 s at the median): `--jobs`
is 1862's. A file that cannot be imported is reported naming the action and the others are reviewed; the exit code
is then 2. ``--out`` writes one table of all runs (the rows of ``--json`` with the routes joined)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solver.cli import EXIT_INPUT, EXIT_OK, report_problems
from solver.cli.common import print_json, write_table
from solver.errors import InputError, Problem

if TYPE_CHECKING:  # loaded by `run` alone: `review` of 1862 games reads only `takes`
    from solver.core.evaluator import Evaluation
    from solver.core.search.run_search import SearchResult
    from solver.titles.g1860.importer.review import RunReview


def _is_1860(path: Path) -> bool:
    """Whether the file is an export whose `title` is 1860 (one that cannot be read is not: the 1862 review reports
    it). Only a file naming "1860" somewhere is parsed."""
    try:
        raw = path.read_bytes()
        if b'"1860"' not in raw:
            return False
        data = json.loads(raw)
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("title") == "1860"


def takes(files: list[Path]) -> bool:
    """Whether `review` hands `files` here: every one an 1860 game. A mix of 1860 games and others is refused
    (InputError naming the first 1860 file): the two titles' reviews are run apart."""
    found = [p for p in files if _is_1860(p)]
    if found and len(found) < len(files):
        why = "an 1860 game among games of another title: review the 1860 games in a command of their own"
        raise InputError([Problem(str(found[0]), "file", why)])
    return bool(found)


def best_row(results: dict[str, SearchResult]) -> dict[str, object]:
    """The best runs of one recorded run by mode, JSON-ready: revenue, subsidy, status, each route's train, nodes and
    choices (the halts it counts), seconds."""
    return {
        mode: {
            "revenue": r.evaluation.revenue,
            "subsidy": r.evaluation.subsidy,
            "status": r.status,
            "routes": [{"train": spec.train, "nodes": " ".join(spec.nodes), **spec.choices} for spec in r.routes],
            "seconds": round(r.seconds, 3),
        }
        for mode, r in results.items()
    }


def _line(review: RunReview, best: dict[str, SearchResult]) -> str:
    run, site = review.run, review.site
    evaluated = f"{site.revenue}+{site.subsidy}" if site.legal else "illegal"
    recorded = "-" if run.revenue is None else f"{run.revenue}+{run.subsidy}"
    found = " ".join(
        f"best({mode}) {r.evaluation.revenue}+{r.evaluation.subsidy} {'proven' if r.status == 'optimal' else r.status}"
        for mode, r in best.items()
    )
    verdict = "legal" if review.rulebook.legal else "; ".join(review.rulebook_problems)
    return (
        f"{run.action_id:>5} {run.company:<6} phase {run.position.phase:<2} recorded {recorded:>7} evaluated "
        f"{evaluated:>7} {review.difference:<12} {found}; rulebook: {verdict}"
    )


def _worth(evaluation: Evaluation) -> tuple[int, int]:
    """What the optimizer maximises: revenue, then subsidy (docs/routes-1860.md, "The optimizer")."""
    return evaluation.revenue, evaluation.subsidy


def beaten_in(review: RunReview, best: dict[str, SearchResult]) -> list[str]:
    """The modes in which the recorded run, legal there, is worth more than the best run found: never, when that
    best is proven (issue 18's check; the rulebook's verdict counts the most halts each route has room for)."""
    from solver.titles.g1860.importer.review import game_mode

    judged = {game_mode(review.run): review.site, "rulebook": review.rulebook}
    return [m for m, r in best.items() if judged[m].legal and _worth(judged[m]) > _worth(r.evaluation)]


def _summary(path: Path, reviews: list[RunReview], best: list[dict[str, SearchResult]]) -> list[str]:
    matched = sum(r.difference == "match" for r in reviews)
    results = [r for b in best for r in b.values()]
    proven = sum(r.status == "optimal" for r in results)
    lines = [
        f"{path}: {len(reviews)} runs reviewed; {matched} reproduce the recorded revenue and subsidy; "
        f"{proven} of {len(results)} best runs proven optimal",
    ]
    beaten = [r.run.action_id for r, b in zip(reviews, best, strict=True) if beaten_in(r, b)]
    if beaten:
        lines.append(f"recorded runs worth more than the best run found (not proven): actions {beaten}")
    return lines


def table_row(row: dict[str, Any]) -> dict[str, object]:
    """A row of `--json` as one flat row of the `--out` table: lists joined, each mode's best in its own columns."""
    flat: dict[str, object] = {k: v for k, v in row.items() if k not in ("best", "beaten_in")}
    for key in ("routes", "game_mode_problems", "rulebook_problems", "beaten_in"):
        flat[key] = " | ".join(row[key])
    for mode in ("site", "rulebook"):
        found = row["best"].get(mode, {})
        for field in ("revenue", "subsidy", "status"):
            flat[f"best_{mode}_{field}"] = found.get(field)
    return flat


def run(args: argparse.Namespace, files: list[Path]) -> int:
    """Review each 1860 game of `files` as the module says; 0, or 2 when a file could not be imported or the table
    not written."""
    from solver.titles.g1860.importer.review import best_runs, review_game, review_row

    failed = False
    rows: list[dict[str, Any]] = []
    lines: list[str] = []
    for path in files:
        try:
            reviews = review_game(path)
        except InputError as exc:
            report_problems(exc.problems, False)
            failed = True
            continue
        best: list[dict[str, SearchResult]] = []
        for index, review in enumerate(reviews):
            if not args.quiet:
                print(f"\r{path.name}: solving run {index + 1}/{len(reviews)}   ", end="", file=sys.stderr)
            best.append(best_runs(review.run, args.time_limit))
        if not args.quiet:
            print(file=sys.stderr)
        rows += [
            {"game": str(path), **review_row(r), "best": best_row(b), "beaten_in": beaten_in(r, b)}
            for r, b in zip(reviews, best, strict=True)
        ]
        lines += _summary(path, reviews, best) + [_line(r, b) for r, b in zip(reviews, best, strict=True)]
    if args.out:
        import polars as pl  # only --out builds a table

        unwritten = write_table(pl.DataFrame([table_row(r) for r in rows], infer_schema_length=None), args.out)
    else:
        unwritten = None
    if unwritten is not None:
        report_problems([Problem(f"--out {args.out}", "file", f"not written ({unwritten}); the runs follow")], False)
        failed = True
    if args.json:
        print_json(rows)
    elif not args.out or unwritten is not None:
        print("\n".join(lines))
    else:
        print(f"wrote {len(rows)} runs to {args.out}")
    return EXIT_INPUT if failed else EXIT_OK
