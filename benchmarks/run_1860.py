"""1860 route benchmark: the optimizer (solver.titles.g1860.optimizer, the core's run search) against the exhaustive
enumerator (solver.titles.g1860.enumerator), measured in the same run.

    .venv/bin/python -m benchmarks.run_1860 --quick       # every 10th real position, two dense boards, cap 2 s
    .venv/bin/python -m benchmarks.run_1860 [--out FILE]  # everything

Suites (every position is built from files in the repository):
  real    the position before every run of the two recorded games (tests/data/importer/1860/19354.json and
          1860_game_end_stock_market.json), for the company that ran: in the mode the game was played (the site's
          options) and in the rulebook's;
  dense   the last board of each of the two games, each company with a base on it running two 9+5 and two 8+4
          (phase 9, halts no longer counted), in both modes.

Rows, summary and table as benchmarks.run (values revenue * 1000 + subsidy); the enumerator runs in a child
process stopped at the cap (DNF). Not a test.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.run import Case, Row, format_row, results_markdown, run_enumerator, summarise, summary_lines
from solver.core.board_position import BoardPosition, parse_position, plain, position_to_data
from solver.titles.g1860 import enumerator
from solver.titles.g1860.importer import import_game
from solver.titles.g1860.importer.replay import in_mode
from solver.titles.g1860.optimizer import best_run

ROOT = Path(__file__).resolve().parent.parent
GAMES = [
    ROOT / "tests" / "data" / "importer" / "1860" / name for name in ("19354.json", "1860_game_end_stock_market.json")
]
DENSE_TRAINS = ["9+5", "9+5", "8+4", "8+4"]
MODES = ("site", "rulebook")
QUICK_STEP, QUICK_DENSE, QUICK_CAP, FULL_CAP = 10, 2, 2.0, 10.0
OPTIMIZER_LIMIT = {"real": 60.0, "dense": 20.0}

Named = tuple[str, str, BoardPosition]


def real_positions() -> list[Named]:
    """(name, company, position) before every run of the two games, in each mode."""
    out: list[Named] = []
    for game in GAMES:
        for run in import_game(game):
            for mode in MODES:
                position = run.position if mode == "site" else in_mode(run.position, "rulebook")
                out.append((f"{game.stem} action {run.action_id} {mode}", run.company, position))
    return out


def dense_board(last: BoardPosition, company: str, mode: str) -> BoardPosition:
    """The board `last` with `company` alone running DENSE_TRAINS, in `mode`."""
    rules = {k: v for k, v in plain(last.rules).items() if k != "nationalisation"}
    board = parse_position({**position_to_data(last), "companies": {company: {"trains": DENSE_TRAINS}}, "rules": rules})
    return in_mode(board, mode)


def dense_positions() -> list[Named]:
    """The last board of each game, each company with a base on it running DENSE_TRAINS, in each mode."""
    out: list[Named] = []
    for game in GAMES:
        last = import_game(game)[-1].position
        bases = sorted({c for nodes in last.stations.values() for node in nodes for c in node})
        for company in bases:
            for mode in MODES:
                out.append((f"{game.stem} last board {mode}", company, dense_board(last, company, mode)))
    return out


def _enumerate(position: BoardPosition, company: str, queue: mp.Queue) -> None:  # type: ignore[type-arg]
    started, cpu = time.perf_counter(), time.process_time()
    best = enumerator.best_run(position, company)
    value = best.evaluation.revenue * 1000 + best.evaluation.subsidy
    queue.put((time.perf_counter() - started, time.process_time() - cpu, value))


def measure(suite: str, cases: Sequence[Named], cap: float, limit: float | None = None) -> list[Row]:
    rows: list[Row] = []
    for index, (name, company, position) in enumerate(cases):
        case = Case(suite, index, name, company, " ".join(position.companies[company].trains))
        started, cpu = time.perf_counter(), time.process_time()
        result = best_run(position, company, time_limit=limit or OPTIMIZER_LIMIT[suite])
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        value = result.evaluation.revenue * 1000 + result.evaluation.subsidy
        enum_seconds, enum_cpu, enum_value = run_enumerator(position, company, cap, _enumerate)
        row = Row(case, seconds, cpu, result.status, value, enum_seconds, enum_value, enum_cpu)
        rows.append(row)
        print(f"[{index + 1:3}/{len(cases)}] {format_row(row)}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run_1860", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="every 10th real position, two dense boards, cap 2 s")
    parser.add_argument(
        "--enumerator-cap", type=float, default=None, help=f"seconds (default {FULL_CAP:g}, --quick {QUICK_CAP:g})"
    )
    parser.add_argument("--optimizer-limit", type=float, default=None, help="seconds (default: real 60, dense 20)")
    parser.add_argument("--suite", choices=("real", "dense", "all"), default="all")
    parser.add_argument("--out", type=Path, help="write the results table (markdown) to this file")
    args = parser.parse_args(argv)
    cap = args.enumerator_cap if args.enumerator_cap is not None else (QUICK_CAP if args.quick else FULL_CAP)
    if not cap > 0:
        parser.error("--enumerator-cap must be a positive number of seconds")
    plan: dict[str, list[Named]] = {}
    if args.suite in ("real", "all"):
        plan["real"] = real_positions()[:: QUICK_STEP if args.quick else 1]
    if args.suite in ("dense", "all"):
        plan["dense"] = dense_positions()[: QUICK_DENSE if args.quick else None]
    if args.optimizer_limit is not None and not args.optimizer_limit > 0:
        parser.error("--optimizer-limit must be a positive number of seconds")
    rows = {suite: measure(suite, cases, cap, args.optimizer_limit) for suite, cases in plan.items()}
    summaries = [summarise(suite, r, cap) for suite, r in rows.items()]
    for s in summaries:
        print("\n".join(summary_lines(s, cap)))
    command = "python -m benchmarks.run_1860 " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.out is not None:
        args.out.write_text(results_markdown(rows, summaries, command.strip(), cap), encoding="utf-8")
        print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
