"""1860 route benchmark: the optimizer (solver.titles.g1860.optimizer, the core's run search) against the exhaustive
enumerator (solver.titles.g1860.enumerator), measured in the same run.

    .venv/bin/python -m benchmarks.run_1860 --quick       # every 10th real position, two dense boards, cap 2 s
    .venv/bin/python -m benchmarks.run_1860 [--out FILE]  # everything
    .venv/bin/python -m benchmarks.run_1860 --suite dense --enumerator-ratio 10   # each enumeration stopped at
                                                          # ten times the optimizer's time on its board
    .venv/bin/python -m benchmarks.run_1860 --suite dense --boards 44 45 48 --method path_model --enumerator-cap 0.1
                                                          # the path model alone on three dense boards

Suites (every position is built from files in the repository):
  real    the position before every run of the two recorded games (tests/data/importer/1860/19354.json and
          1860_game_end_stock_market.json), for the company that ran: in the mode the game was played (the site's
          options) and in the rulebook's;
  dense   the last board of each of the two games (phase 9, halts no longer counted), each company with a base on
          it alone with four trains under the optional rule of no train limit (9+5 9+5 8+4 7+4 or 9+5 9+5 9+5 8+4,
          in turn: one 8+4 and one 7+4 in the game, RB L280-L287) and with two 9+5 at phase 9's limit of two, in
          both modes.

Rows as benchmarks.run (values revenue * 1000 + subsidy); the enumerator runs in a child process stopped at the
cap (DNF), or with --enumerator-ratio R at R times the optimizer's wall-clock time on that board (and at
--enumerator-cap when that is given too), its speed-up then reading "> xR" (or the smaller ratio the cap
allowed). The summary gives the speed-up per board (the smallest included) and the load average at the start
and the end. Not a test.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.run import (
    Case,
    Row,
    add_enumerator_flags,
    enumerator_cap,
    enumerator_cell,
    format_row,
    optimizer_times,
    proven,
    run_enumerator,
    timed,
)
from solver.core.board_position import BoardPosition, parse_position, plain, position_to_data
from solver.titles.g1860 import enumerator
from solver.titles.g1860.importer import import_game
from solver.titles.g1860.importer.replay import in_mode
from solver.titles.g1860.optimizer import Method, best_run

ROOT = Path(__file__).resolve().parent.parent
GAMES = [
    ROOT / "tests" / "data" / "importer" / "1860" / name for name in ("19354.json", "1860_game_end_stock_market.json")
]
#: The dense boards' train sets: four trains (one 8+4 and one 7+4 in the game, 9+5s without number; RB L280-L287)
#: under the optional rule of no train limit (RB L285), and two 9+5 at the limit of two from phase 6 (RB L283).
FOUR_TRAINS = (("9+5", "9+5", "8+4", "7+4"), ("9+5", "9+5", "9+5", "8+4"))
TWO_TRAINS = ("9+5", "9+5")
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


def dense_board(last: BoardPosition, company: str, mode: str, trains: Sequence[str]) -> BoardPosition:
    """The board `last` with `company` alone running `trains`, in `mode`; more than two trains (phase 9's limit,
    RB L283) under the optional rule of no train limit (RB L285)."""
    rules = {k: v for k, v in plain(last.rules).items() if k != "nationalisation"}
    rules["no_train_limit"] = len(trains) > 2
    companies = {company: {"trains": list(trains)}}
    return in_mode(parse_position({**position_to_data(last), "companies": companies, "rules": rules}), mode)


def dense_positions() -> list[Named]:
    """The last board of each game, each company with a base on it running four trains (the two sets of
    FOUR_TRAINS in turn) and then TWO_TRAINS, each in both modes."""
    out: list[Named] = []
    for game in GAMES:
        last = import_game(game)[-1].position
        bases = sorted({c for nodes in last.stations.values() for node in nodes for c in node})
        for k, company in enumerate(bases):
            for trains in (FOUR_TRAINS[k % 2], TWO_TRAINS):
                for mode in MODES:
                    out.append((f"{game.stem} last board {mode}", company, dense_board(last, company, mode, trains)))
    return out


def _enumerate(position: BoardPosition, company: str, queue: mp.Queue) -> None:  # type: ignore[type-arg]
    best, seconds, cpu = timed(enumerator.best_run, position, company)
    queue.put((seconds, cpu, best.evaluation.revenue * 1000 + best.evaluation.subsidy))


@dataclass(frozen=True)
class Measured:
    """One board's row and the enumerator's cap on it."""

    row: Row
    cap: float

    @property
    def speedup(self) -> float:
        """The enumerator's wall-clock time over the optimizer's; at least this when the enumerator did not
        finish (its time counted as the cap)."""
        enum = self.row.enum_seconds if self.row.enum_seconds is not None else self.cap
        return enum / self.row.opt_seconds

    def speedup_text(self) -> str:
        return f"{'> ' if self.row.enum_seconds is None else ''}x{self.speedup:.1f}"


def measure(
    suite: str,
    cases: Sequence[Named],
    cap: float,
    limit: float | None = None,
    ratio: float | None = None,
    capped: bool = True,
    method: Method = "paths",
    numbers: Sequence[int] | None = None,
) -> list[Measured]:
    """Each case's optimizer run (by `method`) and enumerator, stopped at `cap` or, with `ratio`, at `ratio` times
    the optimizer's wall-clock time on that case (`cap` still the most when `capped`); `numbers` are the cases'
    numbers in their suite (by default their order)."""
    out: list[Measured] = []
    allowed = limit or OPTIMIZER_LIMIT[suite]
    for index, (name, company, position) in zip(numbers or range(len(cases)), cases, strict=True):
        case = Case(suite, index, name, company, " ".join(position.companies[company].trains))
        result, seconds, cpu = timed(best_run, position, company, time_limit=allowed, method=method)
        value = result.evaluation.revenue * 1000 + result.evaluation.subsidy
        board_cap = cap if ratio is None else min(ratio * seconds, cap if capped else float("inf"))
        enum_seconds, enum_cpu, enum_value = run_enumerator(position, company, board_cap, _enumerate)
        row = Row(case, seconds, cpu, result.status, value, enum_seconds, enum_value, enum_cpu)
        measured = Measured(row, board_cap)
        out.append(measured)
        print(f"[{len(out):3}/{len(cases)}] {format_row(measured.row)}  {measured.speedup_text()}", flush=True)
    return out


def summary(suite: str, rows: Sequence[Measured]) -> list[str]:
    """The suite's figures: optimizer wall and CPU median and max, proven count, the enumerator's finishes, the
    speed-up per board (the smallest), disagreements."""
    plain = [m.row for m in rows]
    finished = [m for m in rows if m.row.enum_seconds is not None]
    smallest = min(rows, key=lambda m: m.speedup)
    at_least = sum(1 for m in rows if m.row.enum_seconds is None)
    disagree = sum(1 for m in finished if m.row.enum_value != m.row.value)
    return [
        f"{suite}: {len(rows)} positions; proven {proven(plain)}/{len(rows)}; {optimizer_times(plain)}",
        f"  enumerator finished {len(finished)}/{len(rows)}; speed-up per board (wall) smallest "
        f"{smallest.speedup_text()} ({smallest.row.case.company}, {smallest.row.case.name}), {at_least} of them "
        f"lower bounds (enumerator stopped at its cap); disagreements {disagree}",
    ]


def markdown(rows: dict[str, list[Measured]], lines: Sequence[str], command: str) -> str:
    """The results as a markdown file: the summary lines and a table per suite with each board's speed-up."""
    out = [
        "# 1860 route benchmark results",
        "",
        f"Written by `{command}` on a {mp.cpu_count()}-core machine (optimizer: CP-SAT, 1 worker; enumerator in a"
        " child process stopped at its cap). Values are revenue+subsidy; CPU is the optimizer process's.",
        "",
        *[f"- {line.strip()}" for line in lines],
    ]
    for suite, measured in rows.items():
        out += ["", f"## {suite}", "", "| # | position | company | trains | optimizer s | CPU s | status | value |"]
        out[-1] += " enumerator s (CPU s) | speed-up |"
        out += ["|---|---|---|---|---|---|---|---|---|---|"]
        for m in measured:
            r = m.row
            enum = enumerator_cell(r, f"DNF (> {m.cap:.3g})")
            out.append(
                f"| {r.case.index} | {r.case.name} | {r.case.company} | {r.case.trains} | {r.opt_seconds:.3f} | "
                f"{r.opt_cpu:.3f} | {r.status} | {r.value // 1000}+{r.value % 1000} | {enum} | {m.speedup_text()} |"
            )
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run_1860", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="every 10th real position, two dense boards, cap 2 s")
    add_enumerator_flags(
        parser,
        FULL_CAP,
        QUICK_CAP,
        "stop each enumeration at this many times the optimizer's time on its board (and the cap if given)",
    )
    parser.add_argument("--optimizer-limit", type=float, default=None, help="seconds (default: real 60, dense 20)")
    parser.add_argument("--suite", choices=("real", "dense", "all"), default="all")
    parser.add_argument("--out", type=Path, help="write the results table (markdown) to this file")
    parser.add_argument(
        "--method",
        choices=("paths", "path_model", "routes"),
        default="paths",
        help="the optimizer's method (path_model: the path model alone, no route bound; default paths)",
    )
    parser.add_argument("--boards", type=int, nargs="+", help="only these positions of the suite, by number")
    args = parser.parse_args(argv)
    cap = enumerator_cap(parser, args, FULL_CAP, QUICK_CAP)
    plan: dict[str, list[Named]] = {}
    if args.suite in ("real", "all"):
        plan["real"] = real_positions()[:: QUICK_STEP if args.quick else 1]
    if args.suite in ("dense", "all"):
        plan["dense"] = dense_positions()[: QUICK_DENSE if args.quick else None]
    if args.optimizer_limit is not None and not args.optimizer_limit > 0:
        parser.error("--optimizer-limit must be a positive number of seconds")
    if args.boards is not None:
        if len(plan) != 1:
            parser.error("--boards needs one --suite (real or dense)")
        suite, cases = next(iter(plan.items()))
        if not all(0 <= k < len(cases) for k in args.boards):
            parser.error(f"--boards: the {suite} suite has positions 0 to {len(cases) - 1}")
        plan[suite] = [cases[k] for k in args.boards]
    load_start = os.getloadavg()[0]
    rows = {
        suite: measure(
            suite,
            cases,
            cap,
            args.optimizer_limit,
            args.enumerator_ratio,
            args.enumerator_cap is not None,
            args.method,
            args.boards,
        )
        for suite, cases in plan.items()
    }
    lines = [line for suite, measured in rows.items() for line in summary(suite, measured)]
    lines.append(f"load average (1 min) {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("\n".join(lines))
    command = "python -m benchmarks.run_1860 " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.out is not None:
        args.out.write_text(markdown(rows, lines, command.strip()), encoding="utf-8")
        print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
