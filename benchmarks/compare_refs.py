"""The route optimizer's speed at two git refs, measured in one run, alternating between them.

    .venv/bin/python -m benchmarks.compare_refs OLD NEW [--rounds 3]     # e.g. main HEAD; about 2 min a round

Each ref is checked out in a temporary `git worktree` (removed at the end). A round runs the --quick suites of
benchmarks.run (docs/benchmarks.md: real, stress, long) with the optimizer alone, once at each ref, in a fresh
child process of this interpreter whose imports come from that ref's checkout (the child reports where its
`solver` package lies, and a run from elsewhere is refused). The refs take turns, the first one first in odd
rounds and second in even ones, so that a slow phase of a shared machine falls on both.

Each position's time (wall-clock, and CPU time of the process with CP-SAT's threads, which a busy machine
disturbs less) is its median over the rounds; per suite the median and the max of those over its positions, and
the ratio NEW / OLD of each. The optimizer's answers (status and value) must be the same at both
refs for every position and round, else the comparison fails: same speed means nothing for different answers.
Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run in a child at a ref's checkout: that ref's quick suites and optimizer (benchmarks.run), optimizer alone.
CHILD = """
import json, sys, time
import solver
from benchmarks import run
rows = []
for suite in run.SUITES:
    for name, company, position in run.suite_positions(suite, True):
        started, cpu = time.perf_counter(), time.process_time()
        result = run.optimize(position, company, run.SolveOptions(time_limit=run.OPTIMIZER_LIMIT))
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        value = result.revenue * 1000 + result.subsidy if result.status != "infeasible" else 0
        rows.append({"suite": suite, "name": name, "company": company, "seconds": seconds, "cpu": cpu,
                     "status": result.status, "value": value})
print(json.dumps({"solver": solver.__file__, "rows": rows}))
"""


@dataclass(frozen=True)
class SuiteFigures:
    suite: str
    positions: int
    old_median: float
    old_max: float
    new_median: float
    new_max: float


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def measure_at(checkout: Path) -> list[dict[str, object]]:
    """One run of the quick suites at a checkout, in a child process importing from it."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=checkout, env=env, capture_output=True, text=True, check=True
    ).stdout
    report = json.loads(out.strip().splitlines()[-1])
    where = Path(str(report["solver"])).resolve()
    if checkout.resolve() not in where.parents:
        raise SystemExit(f"the child imported solver from {where}, not from {checkout}")
    rows: list[dict[str, object]] = report["rows"]
    return rows


def _key(row: dict[str, object]) -> tuple[str, str, str]:
    return str(row["suite"]), str(row["name"]), str(row["company"])


def compare(
    runs: dict[str, list[list[dict[str, object]]]], old: str, new: str, measure: str = "seconds"
) -> list[SuiteFigures]:
    """Per suite: the median and max over positions of each position's median `measure` ("seconds" of wall-clock
    time or "cpu" seconds of the process, CP-SAT's threads included) over the rounds, at each ref; SystemExit when
    an answer differs between the refs or between rounds."""
    answers = {(_key(r), r["status"], r["value"]) for runs_at in runs.values() for rows in runs_at for r in rows}
    keys = {_key(r) for rows in runs[old] for r in rows}
    if len(answers) != len(keys) or keys != {_key(r) for rows in runs[new] for r in rows}:
        raise SystemExit("the optimizer's answers differ between the refs or the rounds: speeds are not comparable")
    figures = []
    for suite in dict.fromkeys(k[0] for rows in runs[old] for k in map(_key, rows)):
        per_ref = {}
        for ref in (old, new):
            times: dict[tuple[str, str, str], list[float]] = {}
            for rows in runs[ref]:
                for r in rows:
                    if r["suite"] == suite:
                        times.setdefault(_key(r), []).append(float(str(r[measure])))
            per_ref[ref] = [statistics.median(t) for t in times.values()]
        figures.append(
            SuiteFigures(
                suite,
                len(per_ref[old]),
                statistics.median(per_ref[old]),
                max(per_ref[old]),
                statistics.median(per_ref[new]),
                max(per_ref[new]),
            )
        )
    return figures


def table(figures: list[SuiteFigures], old: str, new: str, rounds: int, measure: str) -> str:
    lines = [
        f"optimizer alone, --quick suites, {rounds} rounds alternating; {measure} (each position's median over the "
        f"rounds), ratio = {new} / {old}",
        "",
        f"| suite | positions | median {old} | median {new} | ratio | max {old} | max {new} | ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for f in figures:
        lines.append(
            f"| {f.suite} | {f.positions} | {f.old_median:.3f} | {f.new_median:.3f} "
            f"| {f.new_median / f.old_median:.2f} | {f.old_max:.3f} | {f.new_max:.3f} | {f.new_max / f.old_max:.2f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The optimizer's speed at two git refs, alternating in one run.")
    parser.add_argument("old", help="the ref measured first (e.g. main)")
    parser.add_argument("new", help="the ref compared with it (e.g. HEAD)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each measuring both refs (default 3)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    commits = {ref: _git("rev-parse", "--verify", f"{ref}^{{commit}}") for ref in (args.old, args.new)}
    runs: dict[str, list[list[dict[str, object]]]] = {args.old: [], args.new: []}
    with tempfile.TemporaryDirectory(prefix="compare-refs-") as tmp:
        checkouts = {ref: Path(tmp) / f"ref{i}" for i, ref in enumerate((args.old, args.new))}
        try:
            for ref, checkout in checkouts.items():
                _git("worktree", "add", "--detach", str(checkout), commits[ref])
            for round_ in range(args.rounds):
                order = (args.old, args.new) if round_ % 2 == 0 else (args.new, args.old)
                for ref in order:
                    print(f"round {round_ + 1}/{args.rounds}: {ref} ({commits[ref][:10]}) ...", flush=True)
                    runs[ref].append(measure_at(checkouts[ref]))
        finally:
            for checkout in checkouts.values():
                if checkout.exists():
                    _git("worktree", "remove", "--force", str(checkout))
    for measure, what in (("seconds", "wall-clock seconds"), ("cpu", "CPU seconds")):
        print(table(compare(runs, args.old, args.new, measure), args.old, args.new, args.rounds, what) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
