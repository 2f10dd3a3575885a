"""``python -m solver review GAME.json [...]``: recorded runs of 18xx.games games against the best runs.

One file prints a table (or, with ``--json``, the list of runs). Several files or a folder are reviewed one
after another; ``--out runs.csv`` (or ``.parquet``) writes one polars table of all runs. Progress goes to
stderr. A file that cannot be imported is reported naming the action, with exit code 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from solver.cli.common import add_json_flag, print_json
from solver.errors import InputError, Problem
from solver.importer import import_game
from solver.importer.replay import RecordedRun
from solver.review import RunReview, difference_counts, review_game, review_table
from solver.routes.model import SolveOptions


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("review", help="review the runs of 18xx.games game exports against the best runs")
    parser.add_argument("games", nargs="+", help="18xx.games export files (JSON) or folders of them")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per optimizer solve (default 10)")
    parser.add_argument("--out", help="write all runs as one table: a .csv or .parquet file")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def game_files(paths: list[str]) -> list[Path]:
    """The export files named, folders expanded to their *.json files (sorted); InputError if none."""
    files: list[Path] = []
    problems: list[Problem] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(p.glob("*.json"))
            if not found:
                problems.append(Problem(str(p), "file", "the folder holds no .json game files"))
            files += found
        elif p.exists():
            files.append(p)
        else:
            problems.append(Problem(str(p), "file", "game file not found"))
    if problems:
        raise InputError(problems)
    return files


def _print_table(path: Path, reviews: list[RunReview], seconds: float) -> None:
    print(f"{path}: {len(reviews)} runs reviewed in {seconds:.1f} s")
    print(
        f"{'action':>6} {'round':<7} {'company':<7} {'recorded':>8} {'evaluated':>9} {'optimal':>7} "
        f"{'left':>5} {'status':<9} {'secs':>5}  difference"
    )
    for r in reviews:
        ev = "-" if r.evaluated_revenue is None else str(r.evaluated_revenue)
        opt = "-" if r.optimal_revenue is None else str(r.optimal_revenue)
        left = "-" if r.left_on_table is None else str(r.left_on_table)
        print(
            f"{r.action_id:>6} {r.round:<7} {r.company:<7} {r.recorded_revenue:>8} {ev:>9} {opt:>7} {left:>5} "
            f"{r.status:<9} {r.solve_seconds:>5.1f}  {r.difference}{': ' + r.reason if r.reason else ''}"
        )
    counts = ", ".join(f"{k} {v}" for k, v in sorted(difference_counts(reviews).items()))
    print(f"differences: {counts}")


def run(args: argparse.Namespace) -> int:
    if args.time_limit <= 0:
        raise InputError([Problem("--time-limit", "option", "must be a positive number of seconds")])
    if args.out and Path(args.out).suffix.lower() not in (".csv", ".parquet"):
        raise InputError([Problem(f"--out {args.out}", "option", "the table is written as .csv or .parquet")])
    files = game_files(args.games)
    options = SolveOptions(time_limit=args.time_limit)
    everything: list[RunReview] = []
    for path in files:
        started = time.perf_counter()
        game = import_game(path)

        def show(n: int, total: int, run_: RecordedRun, name: str = path.name) -> None:
            if not args.quiet:
                print(f"\r{name}: run {n + 1}/{total} ({run_.round} {run_.company})   ", end="", file=sys.stderr)

        reviews = review_game(game, options, show)
        if not args.quiet:
            print(file=sys.stderr)
        everything += reviews
        if not args.json and not args.out:
            _print_table(path, reviews, time.perf_counter() - started)
    if args.out:
        table = review_table(everything)
        if args.out.lower().endswith(".csv"):
            table.write_csv(args.out)
        else:
            table.write_parquet(args.out)
        if not args.json:
            print(f"wrote {len(everything)} runs of {len(files)} games to {args.out}")
    if args.json:
        print_json([r.to_dict() for r in everything])
    return 0
