"""Route benchmark: the CP-SAT optimizer against the exhaustive enumerator, measured in the same run.

    .venv/bin/python -m benchmarks.run --quick                 # about a minute: a documented subset
    .venv/bin/python -m benchmarks.run [--out FILE]            # the whole benchmark: about 45 minutes
    .venv/bin/python -m benchmarks.run --update-results        # ... and rewrite benchmarks/results.md

Suites (every position is in the repository):
  real    the position before every run of the recorded game tests/data/importer/46925.json (18xx.games
          game 46925, imported with solver.titles.g1862.importer), for the company that ran;
  stress  `solver.titles.g1862.random_board.stress_positions()`: dense late-game boards whose company runs four or five
          trains of all three types, two or more of them Freight;
  long    benchmarks/positions/: late boards (phases F-H) with two or three permanent Freight trains of 7-9
          hexes, alone or with other trains (benchmarks/boards.py), among them the three-9F board.

For each position: the optimizer's wall-clock and CPU time (model building included) and status, and the
enumerator's time, or "DNF" when it passes the cap (a timer stops it). Both run in this process,
warm, each meeting the position for the first time: the optimizer over a suite first, then the enumerator.
Where both finish, their values must agree. Each optimizer time is printed as it is measured, then each row
with the enumerator's; at the end the median and max per suite, the proven-optimal count and the speed-ups.
Not a test.
"""

from __future__ import annotations

import _thread
import argparse
import multiprocessing as mp
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.boards import long_freight_positions
from solver.titles.g1862.position import Position
from solver.titles.g1862.random_board import stress_positions
from solver.titles.g1862.routes.model import SolveOptions
from solver.titles.g1862.routes.optimizer import optimize

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "data" / "importer" / "46925.json"
RESULTS = Path(__file__).resolve().parent / "results.md"
SUITES = ("real", "stress", "long")
# --quick: every QUICK_REAL_STEP-th real position, the first QUICK_BOARDS boards of the other suites, and
# the enumerator stopped at QUICK_CAP seconds (so a speed-up of x10 can still be shown for answers under
# 0.2 s); about a minute on a two-core machine.
QUICK_REAL_STEP, QUICK_BOARDS, QUICK_CAP = 8, 4, 2.0
FULL_CAP = 60.0
OPTIMIZER_LIMIT = 60.0
T = TypeVar("T")


@dataclass(frozen=True)
class Case:
    suite: str
    index: int
    name: str
    company: str
    trains: str


@dataclass(frozen=True)
class Row:
    case: Case
    opt_seconds: float
    opt_cpu: float
    status: str
    value: int
    enum_seconds: float | None  # None: did not finish within the cap
    enum_value: int | None
    enum_cpu: float | None = None  # the enumerator child's CPU time


def real_positions() -> list[tuple[str, str, Position]]:
    """(name, company, position) before every run of game 46925."""
    from solver.titles.g1862.importer import import_game

    game = import_game(GAME)
    return [(f"46925 {run.round} {run.company}", run.company, run.position) for run in game.runs]


def suite_positions(suite: str, quick: bool) -> list[tuple[str, str, Position]]:
    """The suite's (name, company, position), or its --quick subset."""
    if suite == "real":
        cases = real_positions()
        return cases[::QUICK_REAL_STEP] if quick else cases
    if suite == "stress":
        cases = [(p.name, next(iter(p.companies)), p) for p in stress_positions()]
    else:
        cases = [(name, next(iter(p.companies)), p) for name, p in long_freight_positions()]
    return cases[:QUICK_BOARDS] if quick else cases


def _enumerate(position: Position, company: str, queue: mp.Queue) -> None:  # type: ignore[type-arg]
    from solver.titles.g1862.routes.enumerator import enumerate_best

    (best, _), seconds, cpu = timed(enumerate_best, position, company)
    queue.put((seconds, cpu, best.revenue * 1000 + best.subsidy))


class _Capped(BaseException):
    """The enumerator passed its cap (a BaseException, so that no `except Exception` on the way swallows it)."""


def _interrupt_after(cap: float, done: threading.Event) -> None:
    """After `cap` seconds, raise SIGUSR1's handler in the main thread every 50 ms until `done`: an exception a
    handler raises where Python cannot pass it on (a garbage collector's callback, a `__del__`) is dropped, and the
    next one ends the search."""
    if done.wait(cap):
        return
    while True:
        _thread.interrupt_main(signal.SIGUSR1)
        if done.wait(0.05):
            return


def enumerate_here(position: Position, company: str, cap: float) -> tuple[float | None, float | None, int | None]:
    """1862's enumerator in this process, as the optimizer is measured: its wall-clock time, CPU time and value
    (revenue * 1000 + subsidy), or (None, None, None) if it passes `cap` seconds of wall clock. A timer thread
    then raises SIGUSR1's handler in the main thread (`_thread.interrupt_main`), which the pure-Python
    enumerator meets within microseconds; no interval timer is touched (pytest-timeout keeps its own). A child
    process for each search measured 6-8 ms more on ESR 7F 7F than the same search here (its copy-on-write
    pages), and made the next solve in the parent 1.5-3 ms slower."""
    from solver.titles.g1862.routes.enumerator import enumerate_best

    done = threading.Event()
    # whether the search is over: a plain flag, set by the first statement after it, before any call (Python runs
    # the handler at calls, so an interrupt arriving while the search is wound up, as in `done.set()`, which
    # takes a lock, would otherwise raise out of this function)
    over = [False]

    def at_cap(signum: int, frame: object) -> None:
        if not over[0]:
            raise _Capped

    previous = signal.signal(signal.SIGUSR1, at_cap)
    timer = threading.Thread(target=_interrupt_after, args=(cap, done), daemon=True)
    started, cpu = time.perf_counter(), time.process_time()
    finished: tuple[float, float, int] | None = None
    try:
        timer.start()
        best, _ = enumerate_best(position, company)
        finished = time.perf_counter() - started, time.process_time() - cpu, best.revenue * 1000 + best.subsidy
    except _Capped:
        pass
    finally:
        over[0] = True  # from here the handler raises nothing
        done.set()  # and the timer fires no more
        timer.join()
        signal.signal(signal.SIGUSR1, previous)
    return finished if finished is not None else (None, None, None)


def run_enumerator(
    position: Any, company: str, cap: float, target: Callable[..., None] = _enumerate
) -> tuple[float | None, float | None, int | None]:
    """The enumerator's wall-clock time, CPU time and value in a forked child process, or (None, None, None)
    if it passes `cap`; `target` (position, company, queue) puts (seconds, CPU seconds, revenue * 1000 +
    subsidy) on the queue (1862's enumerator unless another title's is given)."""
    context = mp.get_context("fork")  # the child shares the parent's positions: nothing is loaded again
    queue: mp.Queue = context.Queue()  # type: ignore[type-arg]
    child = context.Process(target=target, args=(position, company, queue))
    child.start()
    child.join(cap + 1)  # the child's own clock times only the search
    if child.is_alive():
        child.terminate()
        child.join()
        return None, None, None
    if queue.empty():
        return None, None, None
    seconds, cpu, value = queue.get()
    if seconds > cap:
        return None, None, None
    return float(seconds), float(cpu), int(value)


def timed(call: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, float, float]:
    """`call(*args, **kwargs)`'s answer, its wall-clock seconds and this process's CPU seconds."""
    started, cpu = time.perf_counter(), time.process_time()
    answer = call(*args, **kwargs)
    return answer, time.perf_counter() - started, time.process_time() - cpu


def enumerator_cell(row: Row, unfinished: str) -> str:
    """The enumerator's column of a results table: its wall (CPU) seconds, or `unfinished`, and DISAGREES where its
    value is not the optimizer's."""
    finished = row.enum_seconds is not None and row.enum_cpu is not None
    cell = f"{row.enum_seconds:.3f} ({row.enum_cpu:.3f})" if finished else unfinished
    return cell + (" DISAGREES" if row.enum_value is not None and row.enum_value != row.value else "")


def optimizer_times(rows: Sequence[Row]) -> str:
    """The optimizer's wall-clock and CPU seconds over the rows: median and max of each."""
    wall = [r.opt_seconds for r in rows]
    cpu = [r.opt_cpu for r in rows]
    return (
        f"optimizer wall median {statistics.median(wall):.3f} s, max {max(wall):.3f} s; CPU median "
        f"{statistics.median(cpu):.3f} s, max {max(cpu):.3f} s"
    )


def proven(rows: Sequence[Row]) -> int:
    """How many rows the optimizer proved: optimal, or no legal run."""
    return sum(1 for r in rows if r.status in ("optimal", "infeasible"))


def add_enumerator_flags(parser: argparse.ArgumentParser, full_cap: float, quick_cap: float, ratio_help: str) -> None:
    """--enumerator-cap (seconds, by default `full_cap`, with --quick `quick_cap`) and --enumerator-ratio."""
    parser.add_argument(
        "--enumerator-cap", type=float, default=None, help=f"seconds (default {full_cap:g}, --quick {quick_cap:g})"
    )
    parser.add_argument("--enumerator-ratio", type=float, default=None, help=ratio_help)


def enumerator_cap(
    parser: argparse.ArgumentParser, args: argparse.Namespace, full_cap: float, quick_cap: float
) -> float:
    """The enumerator's cap of the arguments (--enumerator-cap, else by --quick); the parser's error for a cap or a
    ratio that is not a positive number."""
    cap: float = args.enumerator_cap if args.enumerator_cap is not None else (quick_cap if args.quick else full_cap)
    if not cap > 0:
        parser.error("--enumerator-cap must be a positive number of seconds")
    if getattr(args, "enumerator_ratio", None) is not None and not args.enumerator_ratio > 0:
        parser.error("--enumerator-ratio must be a positive number")
    return cap


def _solve(position: Position, company: str) -> tuple[float, float, str, int]:
    """One optimizer solve: wall-clock seconds, CPU seconds, status and value (revenue * 1000 + subsidy)."""
    result, seconds, cpu = timed(optimize, position, company, SolveOptions(time_limit=OPTIMIZER_LIMIT))
    value = result.revenue * 1000 + result.subsidy if result.status != "infeasible" else 0
    return seconds, cpu, result.status, value


def measure(suite: str, cases: Sequence[tuple[str, str, Position]], cap: float) -> list[Row]:
    """The optimizer on every case, then the enumerator on every case, both in this process
    (docs/benchmarks.md "Both searches measured the same way"): both warm (imported, and the optimizer has
    solved once before the first measurement), both meeting each position for the first time."""
    if not cases:
        return []
    _solve(cases[0][2], cases[0][1])  # first-call costs (lazy imports, caches of the game data) paid here
    solved = []
    for index, (name, company, position) in enumerate(cases):
        trains = " ".join(t.name for t in position.companies[company].trains)
        solved.append((Case(suite, index, name, company, trains), *_solve(position, company)))
        print(f"[{index + 1:2}/{len(cases)}] {suite:6} {company:5} {trains:24} opt {solved[-1][1]:7.3f}s", flush=True)
    rows: list[Row] = []
    for (case, seconds, cpu, status, value), (_, company, position) in zip(solved, cases, strict=True):
        enum_seconds, enum_cpu, enum_value = enumerate_here(position, company, cap)
        row = Row(case, seconds, cpu, status, value, enum_seconds, enum_value, enum_cpu)
        rows.append(row)
        print(f"[{case.index + 1:2}/{len(cases)}] {format_row(row)}", flush=True)
    return rows


def format_row(row: Row) -> str:
    finished = row.enum_seconds is not None and row.enum_cpu is not None
    enum = f"{row.enum_seconds:8.3f}s (cpu {row.enum_cpu:6.3f}s)" if finished else "     DNF "
    agree = "" if row.enum_value is None else ("  agree" if row.enum_value == row.value else "  DISAGREE")
    value = f"{row.value // 1000}+{row.value % 1000}"
    return (
        f"{row.case.suite:6} {row.case.company:5} {row.case.trains:24} opt {row.opt_seconds:7.3f}s "
        f"(cpu {row.opt_cpu:6.3f}s) {row.status:10} {value:>9}  enum {enum}{agree}"
    )


@dataclass(frozen=True)
class Summary:
    suite: str
    count: int
    median: float
    max: float
    cpu_median: float
    cpu_max: float
    proven: int
    enum_finished: int
    enum_total: float
    opt_total: float
    min_speedup: float
    min_cpu_speedup: float  # over the positions where the enumerator finished (CPU against CPU)
    disagreements: int


def summarise(suite: str, rows: list[Row], cap: float) -> Summary:
    times = [r.opt_seconds for r in rows]
    cpu = [r.opt_cpu for r in rows]
    speedups = [(r.enum_seconds if r.enum_seconds is not None else cap) / r.opt_seconds for r in rows]
    cpu_speedups = [r.enum_cpu / r.opt_cpu for r in rows if r.enum_cpu is not None and r.opt_cpu > 0]
    return Summary(
        suite=suite,
        count=len(rows),
        median=statistics.median(times),
        max=max(times),
        cpu_median=statistics.median(cpu),
        cpu_max=max(cpu),
        proven=sum(1 for r in rows if r.status in ("optimal", "infeasible")),
        enum_finished=sum(1 for r in rows if r.enum_seconds is not None),
        enum_total=sum(r.enum_seconds if r.enum_seconds is not None else cap for r in rows),
        opt_total=sum(times),
        min_speedup=min(speedups),
        min_cpu_speedup=min(cpu_speedups, default=float("inf")),
        disagreements=sum(1 for r in rows if r.enum_value is not None and r.enum_value != r.value),
    )


def summary_lines(s: Summary, cap: float) -> list[str]:
    return [
        f"{s.suite}: {s.count} positions; optimizer median {s.median:.3f} s, max {s.max:.3f} s (CPU median "
        f"{s.cpu_median:.3f} s, max {s.cpu_max:.3f} s); proven optimal (or proven infeasible) {s.proven}/{s.count}",
        f"  enumerator finished {s.enum_finished}/{s.count} within {cap:g} s; total time enumerator "
        f"{s.enum_total:.1f} s (DNF counted as {cap:g} s) vs optimizer {s.opt_total:.1f} s "
        f"(x{s.enum_total / s.opt_total:.1f}); smallest per-position speed-up x{s.min_speedup:.1f}"
        f"{' (at least: DNF counted at the cap)' if s.enum_finished < s.count else ''}; "
        f"smallest CPU speed-up where the enumerator finished x{s.min_cpu_speedup:.1f}; "
        f"disagreements {s.disagreements}",
    ]


def results_markdown(all_rows: dict[str, list[Row]], summaries: list[Summary], command: str, cap: float) -> str:
    lines = [
        "# Route benchmark results",
        "",
        f"Written by `{command}` on a {mp.cpu_count()}-core machine (optimizer: CP-SAT, 1 worker; enumerator:"
        " exhaustive search in a child process, stopped at the cap). Times include building the model; CPU is"
        " the optimizer process's CPU time, which a busy machine inflates less than the wall clock. Values are"
        " revenue+subsidy. DNF: the enumerator did not finish within the cap.",
        "",
        "## Summary",
        "",
    ]
    for s in summaries:
        lines += [f"- {line.strip()}" for line in summary_lines(s, cap)]
    for suite, rows in all_rows.items():
        lines += ["", f"## {suite}", "", "| # | position | company | trains | optimizer s | CPU s | status | value |"]
        lines[-1] += " enumerator s (CPU s) |"
        lines += ["|---|---|---|---|---|---|---|---|---|"]
        for r in rows:
            enum = enumerator_cell(r, f"DNF (> {cap:g})")
            lines.append(
                f"| {r.case.index} | {r.case.name} | {r.case.company} | {r.case.trains} | {r.opt_seconds:.3f} | "
                f"{r.opt_cpu:.3f} | {r.status} | {r.value // 1000}+{r.value % 1000} | {enum} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.run",
        description=__doc__.split("\n")[0],
        epilog="The whole benchmark takes about 45 minutes on a two-core machine (most of it the enumerator "
        "running to its cap); --quick about a minute.",
    )
    parser.add_argument("--quick", action="store_true", help="a subset that takes about a minute (docs/benchmarks.md)")
    parser.add_argument(
        "--enumerator-cap",
        type=float,
        default=None,
        help=f"seconds per position (default {FULL_CAP:g}, --quick {QUICK_CAP:g})",
    )  # no ratio: the whole benchmark's figures are against the cap (docs/benchmarks.md)
    parser.add_argument("--suite", choices=(*SUITES, "all"), default="all")
    parser.add_argument("--limit", type=int, default=None, help="first N positions of each suite")
    parser.add_argument("--out", type=Path, help="write the results table (markdown) to this file")
    parser.add_argument(
        "--update-results", action="store_true", help=f"rewrite the tracked {RESULTS.relative_to(ROOT)}"
    )
    args = parser.parse_args(argv)
    cap = enumerator_cap(parser, args, FULL_CAP, QUICK_CAP)
    if args.out is not None and not args.out.parent.is_dir():
        parser.error(f"--out: the folder {args.out.parent} does not exist")
    suites = list(SUITES) if args.suite == "all" else [args.suite]
    plan = {suite: suite_positions(suite, args.quick)[: args.limit] for suite in suites}
    count = sum(len(cases) for cases in plan.values())
    print(
        f"{count} positions ({', '.join(f'{s} {len(c)}' for s, c in plan.items())}); per suite the optimizer on "
        f"each, then the enumerator (cap {cap:g} s) on each: at most about {count * (cap + 2) / 60:.0f} minutes",
        flush=True,
    )
    all_rows: dict[str, list[Row]] = {}
    summaries: list[Summary] = []
    started = time.perf_counter()
    for suite, cases in plan.items():
        print(f"\n{suite}: {len(cases)} positions", flush=True)
        rows = measure(suite, cases, cap)
        all_rows[suite] = rows
        summaries.append(summarise(suite, rows, cap))
    print(f"\nmeasured in {time.perf_counter() - started:.0f} s")
    for s in summaries:
        print("\n".join(summary_lines(s, cap)))
    command = "python -m benchmarks.run " + " ".join(argv if argv is not None else sys.argv[1:])
    text = results_markdown(all_rows, summaries, command.strip(), cap)
    for path in [p for p in (args.out, RESULTS if args.update_results else None) if p is not None]:
        path.write_text(text, encoding="utf-8")
        print(f"written {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
