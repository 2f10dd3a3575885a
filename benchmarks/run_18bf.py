"""18BF route benchmark: the CP-SAT optimizer (solver.titles.g18bf.optimizer, the core's run search) against the
exhaustive enumerator (solver.titles.g18bf.enumerator), measured in the same run.

    .venv/bin/python -m benchmarks.run_18bf [--quick] [--suite dense|wide|all] [--enumerator-cap S] [--out FILE]

Suites of late-game boards (phase 8) made by `solver.titles.g18bf.random_board.random_position` with fixed seeds:
the land round a centre tiled with green, brown and grey tiles of the manifest joined to their neighbours, rival
markers filling some cities, and the System LMS with a 5+5E, a 4+4 and two more trains (a second 4+4, a 3+3 or a
2+2, and G-trains: 6G, 5G) and Irish ferries, F5, U1 or U2 in turn.

- `dense`: BOARDS boards, 90 % of the land within five hexes of one of eight centres in England, Wales and
  Scotland, six marker cities;
- `wide`: BOARDS boards, 95 % of the land within six hexes of one of eight centres in England, seven marker
  cities: larger networks, where the 5+5E has thousands of routes.

`--quick` takes the first four of each. Every board is built from the repository's data, so the benchmark needs
nothing else.

Rows, summary and table as benchmarks.run (values revenue * 1000); the optimizer runs with one CP-SAT worker; the
enumerator runs in a child process stopped at the cap (DNF: then the speed-up is at least the cap over the
optimizer's time). Not a test.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from collections.abc import Sequence

from benchmarks.run import Case, Row, format_row, results_markdown, run_enumerator, summarise, summary_lines
from solver.core.board_position import BoardPosition
from solver.titles.g18bf import enumerator
from solver.titles.g18bf.optimizer import best_run
from solver.titles.g18bf.random_board import random_position

BOARDS = 16
CENTRES = ("P16", "M15", "N18", "R20", "K16", "T16", "F8", "S24")
WIDE_CENTRES = ("P16", "M15", "N18", "R20", "K16", "T16", "O14", "Q22")
#: Each suite: its centres, radius, share of the land tiled and the company's marker cities.
SUITES = {"dense": (CENTRES, 5, 0.9, 6), "wide": (WIDE_CENTRES, 6, 0.95, 7)}
TRAINS = (
    ("5+5E", "4+4", "4+4", "6G"),
    ("5+5E", "4+4", "6G", "5G"),
    ("5+5E", "4+4", "2+2", "6G"),
    ("5+5E", "4+4", "3+3", "6G"),
)
PRIVATES = ((), ("F1",), ("F1", "F2", "U1"), ("F5", "U2"))
COMPANY = "LMS"
QUICK, QUICK_CAP, FULL_CAP, OPTIMIZER_LIMIT = 4, 5.0, 30.0, 30.0

Named = tuple[str, str, BoardPosition]


def positions(suite: str) -> list[Named]:
    """(name, company, position) of each board of the suite."""
    centres, radius, share, markers = SUITES[suite]
    out: list[Named] = []
    for seed in range(BOARDS):
        centre, trains, privates = centres[seed % 8], TRAINS[seed % 4], PRIVATES[seed % 4]
        position = random_position(
            100 + seed, centre, radius, COMPANY, trains, share=share, markers=markers, privates=privates
        )
        extra = f" with {' '.join(privates)}" if privates else ""
        out.append((f"seed {100 + seed} round {centre}{extra}", COMPANY, position))
    return out


def _enumerate(position: BoardPosition, company: str, queue: mp.Queue) -> None:  # type: ignore[type-arg]
    started, cpu = time.perf_counter(), time.process_time()
    best = enumerator.best_run(position, company)
    queue.put((time.perf_counter() - started, time.process_time() - cpu, best.evaluation.revenue * 1000))


def measure(suite: str, cases: Sequence[Named], cap: float) -> list[Row]:
    rows: list[Row] = []
    for index, (name, company, position) in enumerate(cases):
        case = Case(suite, index, name, company, " ".join(position.companies[company].trains))
        started, cpu = time.perf_counter(), time.process_time()
        result = best_run(position, company, time_limit=OPTIMIZER_LIMIT)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        enum_seconds, enum_cpu, enum_value = run_enumerator(position, company, cap, _enumerate)
        row = Row(
            case, seconds, cpu, result.status, result.evaluation.revenue * 1000, enum_seconds, enum_value, enum_cpu
        )
        rows.append(row)
        print(f"[{index + 1:3}/{len(cases)}] {format_row(row)}  load {os.getloadavg()[0]:.1f}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run_18bf", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK} boards, cap {QUICK_CAP:g} s")
    parser.add_argument(
        "--enumerator-cap", type=float, default=None, help=f"seconds (default {FULL_CAP:g}, --quick {QUICK_CAP:g})"
    )
    parser.add_argument("--suite", choices=("dense", "wide", "all"), default="all")
    parser.add_argument("--out", help="write the results table (markdown) to this file")
    args = parser.parse_args(argv)
    cap = args.enumerator_cap if args.enumerator_cap is not None else (QUICK_CAP if args.quick else FULL_CAP)
    if not cap > 0:
        parser.error("--enumerator-cap must be a positive number of seconds")
    suites = list(SUITES) if args.suite == "all" else [args.suite]
    load = os.getloadavg()[0]
    rows = {suite: measure(suite, positions(suite)[: QUICK if args.quick else None], cap) for suite in suites}
    summaries = [summarise(suite, r, cap) for suite, r in rows.items()]
    for summary in summaries:
        print("\n".join(summary_lines(summary, cap)))
    print(f"load average (1 min) {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    command = "python -m benchmarks.run_18bf " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.out is not None:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(results_markdown(rows, summaries, command.strip(), cap))
        print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
