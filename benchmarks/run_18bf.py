"""18BF route benchmark: the CP-SAT optimizer (solver.titles.g18bf.optimizer, the core's run search) against the
exhaustive enumerator (solver.titles.g18bf.enumerator), measured in the same run.

    .venv/bin/python -m benchmarks.run_18bf [--quick] [--suite dense|mid|all] [--enumerator-cap S]
        [--enumerator-ratio R] [--out FILE]

Suites of late-game boards (phase 8) a game can reach, made by `solver.titles.g18bf.random_board.random_position`
with fixed seeds (docs/benchmarks.md, "18BF"): the land round a centre laid and upgraded by the tile-lay rules
(§10.4) as far as the manifest allows, the System LMS's markers on its network and rivals' in some cities (§10.5),
and LMS with a 5+5E, a 4+4 and two more trains within the train limit of four (a second 4+4, a 3+3 or a 2+2; a 6G,
a 5G) and no private, F1, F1 F2 U1 or F5 U2 in turn.

- `dense`: BOARDS boards, 90 % of the land within five hexes of one of eight centres in England, Wales and
  Scotland, six marker cities;
- `mid`: the same centres within four hexes, five marker cities.

`--quick` takes the first four of each. Every board is built from the repository's data, so the benchmark needs
nothing else.

Both searches run in this process, the same way (docs/benchmarks.md, "18BF"): warm (one untimed solve of each on the
suite's first board pays the first-call costs), each meeting every board for the first time, the optimizer first
with one CP-SAT worker, then the enumerator stopped by its own time limit: at the cap (`--enumerator-cap`, default
30 s), or with `--enumerator-ratio R` at R times the optimizer's wall-clock time on that board, with no other cap
unless `--enumerator-cap` is also given (a row that did not finish reads "> xR": the enumerator needs more than R
times the optimizer there). Each row gives both times, wall and CPU,
and the speed-up (enumerator over optimizer) in both; each suite's summary the median and max, the proven count,
the total and the smallest per-board speed-up, and the load average at its start and end. Not a test.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks.run import (
    Case,
    Row,
    add_enumerator_flags,
    enumerator_cap,
    enumerator_cell,
    format_row,
    optimizer_times,
    proven,
    timed,
)
from solver.core.board_position import BoardPosition
from solver.titles.g18bf import enumerator
from solver.titles.g18bf.optimizer import best_run
from solver.titles.g18bf.random_board import random_position

BOARDS = 16
CENTRES = ("P16", "M15", "N18", "R20", "K16", "T16", "F8", "S24")
#: Each suite: its centres, radius, share of the land tiled and the company's marker cities.
SUITES = {"dense": (CENTRES, 5, 0.9, 6), "mid": (CENTRES, 4, 0.9, 5)}
TRAINS = (
    ("5+5E", "4+4", "4+4", "6G"),
    ("5+5E", "4+4", "6G", "5G"),
    ("5+5E", "4+4", "2+2", "6G"),
    ("5+5E", "4+4", "3+3", "6G"),
)
PRIVATES = ((), ("F1",), ("F1", "F2", "U1"), ("F5", "U2"))
COMPANY = "LMS"
QUICK, QUICK_CAP, FULL_CAP, OPTIMIZER_LIMIT = 4, 5.0, 30.0, 30.0
#: Seconds of the enumerator's untimed first solve (`warm_up`).
WARM_UP = 0.5

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


def enumerate_here(position: BoardPosition, company: str, stop: float) -> tuple[float | None, float | None, int | None]:
    """The enumerator in this process, as the optimizer is measured: its wall-clock time, CPU time and value (revenue
    * 1000), or (None, None, None) when its own time limit, `stop` seconds, ends it first (it looks at the clock at
    every path and every step of its search). Before, it ran in a forked child, whose copy-on-write pages cost it
    time the optimizer does not pay (docs/benchmarks.md, "Both searches measured the same way")."""
    best, seconds, cpu = timed(enumerator.best_run, position, company, time_limit=stop)
    if not best.complete:
        return None, None, None
    return seconds, cpu, best.evaluation.revenue * 1000


def warm_up(case: Named) -> None:
    """One untimed solve of each search on `case`: the first-call costs (the game data's caches, CP-SAT's first
    model) paid before any measurement."""
    _, company, position = case
    best_run(position, company, time_limit=OPTIMIZER_LIMIT)
    enumerator.best_run(position, company, time_limit=WARM_UP)


@dataclass(frozen=True)
class Measured:
    """One board: the shared row (benchmarks.run) and the enumerator's stop (seconds) on it."""

    row: Row
    stop: float

    @property
    def ratio(self) -> float:
        """Wall-clock speed-up: the enumerator's time over the optimizer's (at least `stop` when it did not finish)."""
        enum = self.row.enum_seconds if self.row.enum_seconds is not None else self.stop
        return enum / max(self.row.opt_seconds, 1e-6)

    @property
    def cpu_ratio(self) -> float | None:
        """CPU speed-up where the enumerator finished."""
        if self.row.enum_cpu is None:
            return None
        return self.row.enum_cpu / max(self.row.opt_cpu, 1e-6)

    def ratio_text(self) -> str:
        if self.row.enum_seconds is None:
            return f"> x{self.ratio:.1f}"
        cpu = self.cpu_ratio
        return f"x{self.ratio:.1f}" + (f" (CPU x{cpu:.1f})" if cpu is not None else "")


def measure(suite: str, cases: Sequence[Named], cap: float, ratio: float | None) -> list[Measured]:
    """Each board: the optimizer, then the enumerator stopped at `cap` or `ratio` times the optimizer's wall-clock
    time, whichever comes first."""
    out: list[Measured] = []
    if cases:
        warm_up(cases[0])
    for index, (name, company, position) in enumerate(cases):
        case = Case(suite, index, name, company, " ".join(position.companies[company].trains))
        result, seconds, cpu = timed(best_run, position, company, time_limit=OPTIMIZER_LIMIT)
        stop = cap if ratio is None else min(cap, ratio * seconds)
        enum_seconds, enum_cpu, enum_value = enumerate_here(position, company, stop)
        row = Row(
            case, seconds, cpu, result.status, result.evaluation.revenue * 1000, enum_seconds, enum_value, enum_cpu
        )
        out.append(Measured(row, stop))
        print(
            f"[{index + 1:3}/{len(cases)}] {format_row(row)}  {out[-1].ratio_text()}  load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    return out


def summary(suite: str, rows: Sequence[Measured], loads: tuple[float, float]) -> list[str]:
    """The suite's summary: times, proofs, speed-ups (total and per board, the smallest named), load."""
    plain = [m.row for m in rows]
    opt_total = sum(r.opt_seconds for r in plain)
    enum_total = sum(m.row.enum_seconds if m.row.enum_seconds is not None else m.stop for m in rows)
    smallest = min(rows, key=lambda m: m.ratio)
    cpu_ratios = [r for m in rows if (r := m.cpu_ratio) is not None]
    disagree = sum(1 for m in rows if m.row.enum_value is not None and m.row.enum_value != m.row.value)
    finished = sum(1 for m in rows if m.row.enum_seconds is not None)
    return [
        f"{suite}: {len(rows)} boards; {optimizer_times(plain)}; proven {proven(plain)}/{len(rows)}; "
        f"load average {loads[0]:.1f} at the start, {loads[1]:.1f} at the end",
        f"  enumerator finished {finished}/{len(rows)}; total speed-up (wall) x{enum_total / opt_total:.1f}"
        f"{' (at least: unfinished rows counted at their stop)' if finished < len(rows) else ''}; "
        f"smallest per-board x{smallest.ratio:.1f}{' (at least)' if smallest.row.enum_seconds is None else ''} "
        f"on #{smallest.row.case.index} {smallest.row.case.name}; smallest CPU speed-up where the enumerator "
        f"finished x{min(cpu_ratios, default=float('inf')):.1f}; disagreements {disagree}",
        "  per board: " + ", ".join(f"#{m.row.case.index} {m.ratio_text()}" for m in rows),
    ]


def markdown(rows: dict[str, list[Measured]], lines: list[str], command: str) -> str:
    out = [f"Written by `{command}` ({mp.cpu_count()} cores).", ""]
    out += [f"- {line.strip()}" for line in lines]
    for suite, measured in rows.items():
        out += ["", f"#### 18BF {suite}", ""]
        out += ["| # | position | trains | optimizer s (CPU s) | status | value | enumerator s (CPU s) | speed-up |"]
        out += ["|---|---|---|---|---|---|---|---|"]
        for m in measured:
            r = m.row
            enum = enumerator_cell(r, f"stopped at {m.stop:.3f}")
            out.append(
                f"| {r.case.index} | {r.case.name} | {r.case.trains} | {r.opt_seconds:.3f} ({r.opt_cpu:.3f}) | "
                f"{r.status} | {r.value // 1000} | {enum} | {m.ratio_text()} |"
            )
    return "\n".join(out) + "\n"


def arguments(argv: list[str] | None) -> tuple[argparse.Namespace, float]:
    """The command line's arguments and the enumerator's cap: `--enumerator-cap`, else by `--quick`, else none when
    `--enumerator-ratio` is given (the ratio alone stops the enumerator, so "> xR" is never cut short by a cap)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run_18bf", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK} boards, cap {QUICK_CAP:g} s")
    add_enumerator_flags(
        parser,
        FULL_CAP,
        QUICK_CAP,
        "stop the enumerator at this many times the optimizer's wall-clock time on the board (alone: no cap)",
    )
    parser.add_argument("--suite", choices=(*SUITES, "all"), default="all")
    parser.add_argument("--out", help="write the results table (markdown) to this file")
    args = parser.parse_args(argv)
    cap = enumerator_cap(parser, args, FULL_CAP, QUICK_CAP)
    if args.enumerator_ratio is not None and args.enumerator_cap is None and not args.quick:
        cap = math.inf
    return args, cap


def main(argv: list[str] | None = None) -> int:
    args, cap = arguments(argv)
    suites = list(SUITES) if args.suite == "all" else [args.suite]
    rows: dict[str, list[Measured]] = {}
    lines: list[str] = []
    for suite in suites:
        start = os.getloadavg()[0]
        rows[suite] = measure(suite, positions(suite)[: QUICK if args.quick else None], cap, args.enumerator_ratio)
        lines += summary(suite, rows[suite], (start, os.getloadavg()[0]))
    print("\n".join(lines))
    command = "python -m benchmarks.run_18bf " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.out is not None:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(markdown(rows, lines, command.strip()))
        print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
