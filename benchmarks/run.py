"""Route benchmark: the CP-SAT optimizer against the exhaustive enumerator, measured in the same run.

    .venv/bin/python -m benchmarks.run [--enumerator-cap S] [--suite real|stress|all] [--limit N]

Suites:
  real    the position before every run of the recorded game ../shared/reference/1862/games/46925.json
          (imported with solver.importer), for the company that ran;
  stress  `solver.random_board.stress_positions()`: dense late-game boards whose company runs four or five
          trains of all three types, two or more of them Freight.

For each position: the optimizer's time (model building included) and status, and the enumerator's time,
or "did not finish" when it passes the cap (it runs in a child process that is stopped at the cap). Where
both finish, their objective values must agree. Prints median and max per suite, the proven-optimal count
and the speed-up, and writes benchmarks/results.md. Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from solver.position import Position
from solver.random_board import stress_positions
from solver.routes.model import SolveOptions
from solver.routes.optimizer import optimize

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT.parent / "shared" / "reference" / "1862" / "games" / "46925.json"
RESULTS = Path(__file__).resolve().parent / "results.md"


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
    status: str
    value: int
    enum_seconds: float | None  # None: did not finish within the cap
    enum_value: int | None


def real_positions() -> list[tuple[str, str, Position]]:
    """(name, company, position) before every run of game 46925; empty if the game file is absent."""
    if not GAME.exists():
        return []
    from solver.importer import import_game

    game = import_game(GAME)
    return [(f"46925 {run.round} {run.company}", run.company, run.position) for run in game.runs]


def suite_positions(suite: str) -> list[tuple[str, str, Position]]:
    if suite == "real":
        return real_positions()
    return [(p.name, next(iter(p.companies)), p) for p in stress_positions()]


def _enumerate(suite: str, index: int, queue: mp.Queue) -> None:  # type: ignore[type-arg]
    from solver.routes.enumerator import enumerate_best

    _, company, position = suite_positions(suite)[index]
    started = time.perf_counter()
    best, _ = enumerate_best(position, company)
    queue.put((time.perf_counter() - started, best.revenue * 1000 + best.subsidy))


def run_enumerator(suite: str, index: int, cap: float) -> tuple[float | None, int | None]:
    """The enumerator's time and value in a child process, or (None, None) if it passes `cap` seconds."""
    queue: mp.Queue = mp.Queue()  # type: ignore[type-arg]
    child = mp.Process(target=_enumerate, args=(suite, index, queue))
    child.start()
    child.join(cap + 5)  # the child also loads the positions; its own clock times only the search
    if child.is_alive():
        child.terminate()
        child.join()
        return None, None
    if queue.empty():
        return None, None
    seconds, value = queue.get()
    if seconds > cap:
        return None, None
    return float(seconds), int(value)


def measure(suite: str, cap: float, limit: int | None) -> list[Row]:
    rows: list[Row] = []
    positions = suite_positions(suite)
    for index, (name, company, position) in enumerate(positions[:limit] if limit else positions):
        trains = " ".join(t.name for t in position.companies[company].trains)
        case = Case(suite, index, name, company, trains)
        started = time.perf_counter()
        result = optimize(position, company, SolveOptions(time_limit=60))
        seconds = time.perf_counter() - started
        value = result.revenue * 1000 + result.subsidy if result.status != "infeasible" else 0
        enum_seconds, enum_value = run_enumerator(suite, index, cap)
        row = Row(case, seconds, result.status, value, enum_seconds, enum_value)
        rows.append(row)
        print(format_row(row), flush=True)
    return rows


def format_row(row: Row) -> str:
    enum = f"{row.enum_seconds:8.3f}s" if row.enum_seconds is not None else "     DNF "
    agree = "" if row.enum_value is None else ("  agree" if row.enum_value == row.value else "  DISAGREE")
    value = f"{row.value // 1000}+{row.value % 1000}"
    return (
        f"{row.case.suite:6} {row.case.company:5} {row.case.trains:28} opt {row.opt_seconds:7.3f}s "
        f"{row.status:10} {value:>9}  enum {enum}{agree}"
    )


@dataclass(frozen=True)
class Summary:
    suite: str
    count: int
    median: float
    max: float
    proven: int
    enum_finished: int
    enum_total: float
    opt_total: float
    min_speedup: float
    disagreements: int


def summarise(suite: str, rows: list[Row], cap: float) -> Summary:
    times = [r.opt_seconds for r in rows]
    speedups = [(r.enum_seconds if r.enum_seconds is not None else cap) / r.opt_seconds for r in rows]
    return Summary(
        suite=suite,
        count=len(rows),
        median=statistics.median(times),
        max=max(times),
        proven=sum(1 for r in rows if r.status in ("optimal", "infeasible")),
        enum_finished=sum(1 for r in rows if r.enum_seconds is not None),
        enum_total=sum(r.enum_seconds if r.enum_seconds is not None else cap for r in rows),
        opt_total=sum(times),
        min_speedup=min(speedups),
        disagreements=sum(1 for r in rows if r.enum_value is not None and r.enum_value != r.value),
    )


def summary_lines(s: Summary, cap: float) -> list[str]:
    return [
        f"{s.suite}: {s.count} positions; optimizer median {s.median:.3f} s, max {s.max:.3f} s; "
        f"proven optimal (or proven infeasible) {s.proven}/{s.count}",
        f"  enumerator finished {s.enum_finished}/{s.count} within {cap:g} s; total time enumerator "
        f"{s.enum_total:.1f} s (DNF counted as {cap:g} s) vs optimizer {s.opt_total:.1f} s "
        f"(x{s.enum_total / s.opt_total:.1f}); smallest per-position speed-up x{s.min_speedup:.1f}"
        f"{' (at least: DNF counted at the cap)' if s.enum_finished < s.count else ''}; "
        f"disagreements {s.disagreements}",
    ]


def write_results(all_rows: dict[str, list[Row]], summaries: list[Summary], cap: float) -> None:
    lines = [
        "# Route benchmark results",
        "",
        "Written by `.venv/bin/python -m benchmarks.run"
        f" --enumerator-cap {cap:g}` on a 2-core machine (optimizer: CP-SAT, 1 worker; enumerator: exhaustive"
        " search in a child process, stopped at the cap). Times include building the model. Values are"
        " revenue+subsidy. DNF: the enumerator did not finish within the cap.",
        "",
        "## Summary",
        "",
    ]
    for s in summaries:
        lines += [f"- {line.strip()}" for line in summary_lines(s, cap)]
    for suite, rows in all_rows.items():
        lines += ["", f"## {suite}", "", "| # | company | trains | optimizer s | status | value | enumerator s |"]
        lines += ["|---|---|---|---|---|---|---|"]
        for r in rows:
            enum = f"{r.enum_seconds:.3f}" if r.enum_seconds is not None else f"DNF (> {cap:g})"
            if r.enum_value is not None and r.enum_value != r.value:
                enum += " DISAGREES"
            lines.append(
                f"| {r.case.index} | {r.case.company} | {r.case.trains} | {r.opt_seconds:.3f} | {r.status} | "
                f"{r.value // 1000}+{r.value % 1000} | {enum} |"
            )
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    parser.add_argument("--enumerator-cap", type=float, default=60.0, help="seconds per position (default 60)")
    parser.add_argument("--suite", choices=("real", "stress", "all"), default="all")
    parser.add_argument("--limit", type=int, default=None, help="first N positions of each suite")
    args = parser.parse_args(argv)
    suites = ["real", "stress"] if args.suite == "all" else [args.suite]
    all_rows: dict[str, list[Row]] = {}
    summaries: list[Summary] = []
    for suite in suites:
        rows = measure(suite, args.enumerator_cap, args.limit)
        if not rows:
            print(f"{suite}: no positions (is {GAME} present?)")
            continue
        all_rows[suite] = rows
        summaries.append(summarise(suite, rows, args.enumerator_cap))
    print()
    for s in summaries:
        print("\n".join(summary_lines(s, args.enumerator_cap)))
    write_results(all_rows, summaries, args.enumerator_cap)
    print(f"\nwritten {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
