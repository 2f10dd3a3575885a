"""``python -m solver review GAME.json [...]``: recorded runs of 18xx.games games against the best runs.

One file prints a summary and a table (or, with ``--json``, the list of runs). Several files or a folder are
reviewed together, their positions solved in ``--jobs`` processes (default: the machine's cores); ``--out
runs.csv`` (or ``.parquet``) writes one polars table of all runs, its folder checked before any work. Progress
goes to stderr. A file that cannot be imported is reported naming the action and the others are reviewed;
the exit code is then 2. If the table cannot be written at the end, the runs are printed instead. If a worker
process dies (killed, out of memory), the review stops with exit code 5 and the other workers are ended.
``--timeline FILE`` writes where the time went (`solver.timeline`), for ``python -m benchmarks.importer``.

With several jobs the pool's server is asked for first, before the importer and the review are loaded: it
starts (about 0.45 s of CPU) while this process loads them and reads the first game; each game's positions go
to the workers as soon as it is read, and the recorded runs are judged while they solve (docs/importer.md
"Measured"). So this module loads only what its parser needs.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from solver.cli import EXIT_INPUT, EXIT_OK, report_problems, review_1860
from solver.cli.common import add_json_flag, print_json, write_table
from solver.errors import InputError, Problem
from solver.timeline import Timeline
from solver.titles.g1862.routes.batch import SolverPool

if TYPE_CHECKING:
    from solver.titles.g1862.importer import ImportedGame
    from solver.titles.g1862.review import RunReview

MAX_JOBS = 256
EXIT_POOL_BROKEN = 5  # as `routes` when the solver fails


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="+", help="18xx.games export files (JSON) or folders of them")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per optimizer solve (default 10)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="positions solved at once, one process each (default: cores)",
    )
    parser.add_argument("--out", help="write all runs as one table: a .csv or .parquet file")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--timeline", help="write where the time went (phases, processes, CPU) to this JSON file")
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


def check_options(args: argparse.Namespace) -> None:
    """Every option checked before any work: a finite positive time limit, 1-256 jobs, an --out file of a
    known kind and a --timeline file, each in an existing, writable folder."""
    problems: list[Problem] = []
    if not math.isfinite(args.time_limit) or args.time_limit <= 0:
        problems.append(Problem("--time-limit", "option", "must be a positive number of seconds"))
    if not 1 <= args.jobs <= MAX_JOBS:
        problems.append(Problem("--jobs", "option", f"must be a whole number from 1 to {MAX_JOBS}"))
    if args.out and Path(args.out).suffix.lower() not in (".csv", ".parquet"):
        problems.append(Problem(f"--out {args.out}", "option", "the table is written as .csv or .parquet"))
    elif args.out:
        problems += _unwritable("--out", args.out)
    if args.timeline:
        problems += _unwritable("--timeline", args.timeline)
    if problems:
        raise InputError(problems)


def _unwritable(option: str, path: str) -> list[Problem]:
    """Why the file `path` of `option` cannot be written (nothing if it can)."""
    file = Path(path)
    folder = file.parent
    if not folder.is_dir():
        return [Problem(f"{option} {path}", "option", f"the folder {folder} does not exist")]
    if file.is_dir() or not os.access(folder, os.W_OK) or (file.exists() and not os.access(file, os.W_OK)):
        return [Problem(f"{option} {path}", "option", "cannot be written here")]
    return []


def _print_table(path: str, reviews: list[RunReview]) -> None:
    from solver.titles.g1862.review import review_summary

    print(f"{path}: {len(reviews)} runs reviewed")
    for line in review_summary(reviews).lines():
        print(line)
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


def _import_each(files: list[Path], games: list[ImportedGame], failed: list[Path]) -> Iterator[ImportedGame]:
    """Each file imported that can be, as it is asked for (the review sends its positions to the pool before
    the next file is read), also added to `games`; each that cannot is reported on stderr (one line per
    problem) and added to `failed`, and the others are still reviewed."""
    from solver.titles.g1862.importer import import_game

    for path in files:
        try:
            game = import_game(path)
        except InputError as exc:
            failed.append(path)
            report_problems(exc.problems, False)
            continue
        games.append(game)
        yield game


def run(args: argparse.Namespace) -> int:
    timeline = Timeline()
    check_options(args)
    files = game_files(args.games)
    if review_1860.takes(files):
        return review_1860.run(args, files)

    def show(done: int, total: int) -> None:
        if not args.quiet:
            print(f"\rsolving position {done + 1}/{total}   ", end="", file=sys.stderr)

    games: list[ImportedGame] = []
    unread: list[Path] = []
    started = time.perf_counter()
    try:
        with SolverPool(args.jobs, timeline) as pool:  # the server starts while this process does the rest
            from solver.titles.g1862.review import review_games, review_table
            from solver.titles.g1862.routes.model import SolveOptions

            timeline.phase("modules imported")
            each = _import_each(files, games, unread)  # read as the review asks for them
            per_game = review_games(each, SolveOptions(time_limit=args.time_limit), show, pool=pool)
    except BrokenProcessPool:
        message = "a worker process ended before its solve did (killed, or out of memory); nothing was reviewed"
        report_problems([Problem(f"--jobs {args.jobs}", "pool", f"{message}: try again, or with fewer jobs")], False)
        return EXIT_POOL_BROKEN
    timeline.phase("pool ended")
    if not args.quiet:
        print(f"\rreviewed {len(games)} games in {time.perf_counter() - started:.1f} s   ", file=sys.stderr)
    everything = [r for reviews in per_game for r in reviews]
    failed = bool(unread)
    unwritten = write_table(review_table(everything), args.out) if args.out else None
    if unwritten is not None:
        report_problems([Problem(f"--out {args.out}", "file", f"not written ({unwritten}); the runs follow")], False)
        failed = True
    if args.json:
        print_json([r.to_dict() for r in everything])
    elif not args.out or unwritten is not None:
        for game, reviews in zip(games, per_game, strict=True):
            _print_table(game.export.source, reviews)
    else:
        print(f"wrote {len(everything)} runs of {len(games)} games to {args.out}")
    timeline.phase("answer written")
    if args.timeline:
        try:
            timeline.write(args.timeline)
        except OSError as exc:
            report_problems([Problem(f"--timeline {args.timeline}", "file", f"not written ({exc})")], False)
            failed = True
    return EXIT_INPUT if failed else EXIT_OK
