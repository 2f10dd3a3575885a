"""One board of the route benchmark as the benchmark meets it, in many fresh processes: the spread of its
optimizer time, its enumerator time and their ratio.

    .venv/bin/python -m benchmarks.first_solve [--board long-freight-00-F-7F-7F.json] [--processes 10]
        [--enumerator-cap 2]

A board both searches answer in milliseconds (ESR 7F 7F: the optimizer about 5 ms, the enumerator about
50 ms) is measured once per run of `benchmarks.run`, and a single measurement of a few milliseconds moves by
a third from one process to the next. Here each of N fresh processes runs the benchmark's own measurement
(`benchmarks.run.measure`) on the long suite up to and including the board: the untimed first solve, the
optimizer on each board in order, then the enumerator on each (the earlier boards stopped at the cap, as in
the benchmark). Each process reports the board's row; the summary gives the optimizer's and the
enumerator's CPU time (best, median, worst), the ratio per process and how many processes reached ten
times. The processes run one after another; the load average is printed at the start and the end.
Not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from benchmarks.boards import long_freight_names

ROOT = Path(__file__).resolve().parent.parent
BOARD = "long-freight-00-F-7F-7F.json"  # ESR 7F 7F, the long board nearest the tenfold line
TARGET = 10.0  # the speed-up: at least ten times the enumerator

#: Run in a child: the benchmark's measurement of the long suite up to the board, that board's row as JSON.
CHILD = """
import contextlib, io, json, sys
from benchmarks import run
board, cap = sys.argv[1], float(sys.argv[2])
cases = run.suite_positions("long", False)
names = [name for name, _, _ in cases]
with contextlib.redirect_stdout(io.StringIO()):
    rows = run.measure("long", cases[: names.index(board) + 1], cap)
row = rows[-1]
print(json.dumps({"cpu": row.opt_cpu, "seconds": row.opt_seconds, "status": row.status, "value": row.value,
                  "enum_cpu": row.enum_cpu, "enum_seconds": row.enum_seconds, "enum_value": row.enum_value}))
"""


@dataclass(frozen=True)
class Sample:
    """One process's measurement of the board (CPU seconds; the enumerator's None when it passed the cap)."""

    cpu: float
    status: str
    value: int
    enum_cpu: float | None
    enum_value: int | None

    @property
    def ratio(self) -> float | None:
        return None if self.enum_cpu is None else self.enum_cpu / self.cpu


def sample(board: str, cap: float) -> Sample:
    """The board measured in a fresh process of this interpreter (the benchmark's sequence up to it)."""
    done = subprocess.run([sys.executable, "-c", CHILD, board, str(cap)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the measuring process failed:\n{done.stderr}")
    row = json.loads(done.stdout.strip().splitlines()[-1])
    return Sample(row["cpu"], row["status"], row["value"], row["enum_cpu"], row["enum_value"])


def _ms(values: list[float]) -> str:
    best, median, worst = (f(values) * 1000 for f in (min, statistics.median, max))
    return f"best {best:.2f}, median {median:.2f}, worst {worst:.2f} ms"


def summary(board: str, samples: list[Sample]) -> list[str]:
    """The lines printed at the end: both searches' CPU times, the ratios, and whether the answers agree."""
    lines = [f"{board}: {len(samples)} fresh processes", f"optimizer CPU: {_ms([s.cpu for s in samples])}"]
    finished = [s for s in samples if s.enum_cpu is not None]
    if finished:
        lines.append(f"enumerator CPU: {_ms([s.enum_cpu for s in finished if s.enum_cpu is not None])}")
        ratios = [r for s in finished if (r := s.ratio) is not None]
        lines.append(
            f"ratio per process: {', '.join(f'x{r:.1f}' for r in ratios)}; median x{statistics.median(ratios):.1f}; "
            f"at least x{TARGET:g} in {sum(r >= TARGET for r in ratios)} of {len(ratios)}"
        )
    if len(finished) < len(samples):
        lines.append(f"the enumerator passed the cap in {len(samples) - len(finished)} processes")
    disagree = sum(s.enum_value is not None and s.enum_value != s.value for s in samples)
    statuses = sorted({s.status for s in samples})
    lines.append(f"statuses {', '.join(statuses)}; disagreements with the enumerator: {disagree}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.first_solve", description=__doc__.split("\n")[0])
    parser.add_argument("--board", default=BOARD, help=f"a file of benchmarks/positions/ (default {BOARD})")
    parser.add_argument("--processes", type=int, default=10, help="fresh processes, one after another")
    parser.add_argument(
        "--enumerator-cap", type=float, default=2.0, help="seconds per enumeration (the earlier boards run to it)"
    )
    args = parser.parse_args(argv)
    if args.board not in long_freight_names():
        parser.error(f"--board: {args.board} is not a board of the long suite: {', '.join(long_freight_names())}")
    if args.processes < 1 or not args.enumerator_cap > 0:
        parser.error("--processes must be at least 1 and --enumerator-cap positive")
    print(f"load average at the start: {os.getloadavg()[0]:.2f}", flush=True)
    samples: list[Sample] = []
    for n in range(args.processes):
        samples.append(sample(args.board, args.enumerator_cap))
        s = samples[-1]
        enum = "DNF" if s.enum_cpu is None else f"{s.enum_cpu * 1000:.2f} ms"
        print(f"[{n + 1}/{args.processes}] optimizer {s.cpu * 1000:.2f} ms, enumerator {enum}", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    print("\n".join(summary(args.board, samples)))
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
