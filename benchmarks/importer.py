"""Importer and review benchmark (issues 13, 15, 16): not a test, it prints figures for docs/importer.md.

    .venv/bin/python -m benchmarks.importer [--review [--rounds N]]

* the import of each recorded game in tests/data/importer/ (best of three);
* an export of 74,000 pass/undo actions (about 2 MB, the upload limit), built in memory: reading and
  replaying it;
* with --review (a minute or more): `review` of the three recorded games with --jobs 1 and --jobs 2 in fresh
  processes, alternated (1, 2, 1, 2, ...: the machine's other load falls on both alike) for N rounds (default
  3). Each round's ratio (--jobs 2 against the --jobs 1 just before it), their best, median and worst, the best
  wall clock of each, the load average when each run started, whether every run gives the same figures,
  and each run's timeline (`review --timeline`): the calling process's phases with their CPU, the pool's
  server, each worker's solves and the tail where one worker waits for the other.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.titles.g1862.importer import import_export
from solver.titles.g1862.importer.export_file import parse_export

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "tests" / "data" / "importer").glob("*.json"))
FIRST_SENT = "game read, its positions sent as work items"  # the command's phase, once per game
FIGURES = ("action_id", "company", "recorded_revenue", "evaluated_revenue", "optimal_revenue", "status", "bound")


def pass_undo_export(count: int = 74_000) -> str:
    """A game export whose actions alternate a player's pass and its undo."""
    actions: list[dict[str, Any]] = []
    for i in range(1, count + 1):
        kind = "pass" if i % 2 else "undo"
        actions.append({"type": kind, "entity": 1, "entity_type": "player", "id": i})
    data = {
        "id": 1,
        "title": "1862",
        "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}],
        "settings": {"seed": 1, "optional_rules": []},
        "actions": actions,
    }
    return json.dumps(data, separators=(",", ":"))


def best_of(runs: int, work: Any) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


@dataclass(frozen=True)
class ReviewRun:
    """One `review` of the recorded games in a fresh process."""

    jobs: int
    wall: float
    load: float
    figures: list[dict[str, Any]]
    timeline: dict[str, Any]
    launched: float  # time.monotonic() just before the process was started, the timeline's origin


def review_run(jobs: int) -> ReviewRun:
    """Wall clock of one `review` of the recorded games, the one-minute load average when it started (other
    processes competing for the cores), its figures and its timeline."""
    with tempfile.TemporaryDirectory() as folder:
        timeline = Path(folder) / "timeline.json"
        command = [sys.executable, "-m", "solver", "review", *map(str, GAMES), "--json", "--quiet"]
        command += ["--jobs", str(jobs), "--timeline", str(timeline)]
        load = os.getloadavg()[0]
        launched = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
        wall = time.monotonic() - launched
        spans = json.loads(timeline.read_text(encoding="utf-8"))
    figures = [{k: r[k] for k in FIGURES} for r in json.loads(done.stdout)]
    return ReviewRun(jobs, wall, load, figures, spans, launched)


def timeline_lines(run: ReviewRun) -> list[str]:
    """The run's timeline, in seconds from the launch: the calling process's phases, the server's start,
    each process's solves (first start, last end, CPU, time busy) and the tail."""
    at = run.launched
    spans = run.timeline["spans"]
    started = f"command: Python, the parser ({run.timeline['started_cpu']:.2f} s CPU)"
    lines = [f"  {0:5.2f}-{spans[0]['began'] - at:5.2f}  {started}"]
    solves: dict[str, list[dict[str, Any]]] = {}
    for s in spans:
        if s["what"].startswith("solve "):  # the command's own solves (one job) are within a phase too
            solves.setdefault(s["process"], []).append(s)
        else:
            what = f"{s['process']}: {s['what']} ({s['cpu']:.2f} s CPU)"
            lines.append(f"  {s['began'] - at:5.2f}-{s['ended'] - at:5.2f}  {what}")
    ends = []
    workers_cpu = 0.0
    for process, done in solves.items():
        first, last = min(s["began"] for s in done) - at, max(s["ended"] for s in done) - at
        cpu, busy = sum(s["cpu"] for s in done), sum(s["ended"] - s["began"] for s in done)
        ends.append(last)
        workers_cpu += cpu if process != "command" else 0.0
        lines.append(f"  {first:5.2f}-{last:5.2f}  {process}: {len(done)} solves, {cpu:.2f} s CPU in {busy:.2f} s")
    if len(ends) > 1:
        lines.append(f"  tail: {max(ends) - min(ends):.2f} s with a worker idle while another finishes")
    others = sum(s["cpu"] for s in spans if not s["what"].startswith("solve "))
    total = run.timeline["started_cpu"] + others + workers_cpu
    lines.append(f"  CPU in the spans, all processes: {total:.2f} s; the command ended at {run.wall:.2f} s")
    lines.append(f"  on two free cores these CPU times would take about {free_cores_estimate(run):.2f} s")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--review", action="store_true", help="also time review --jobs 1 against --jobs 2")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --jobs 1 then --jobs 2 (default 3)")
    args = parser.parse_args()
    for path in GAMES:
        data = json.loads(path.read_text(encoding="utf-8"))
        seconds = best_of(3, lambda data=data, path=path: import_export(parse_export(data, path.name)))
        print(f"import {path.name}: {len(data['actions'])} actions in {seconds:.2f} s")
    text = pass_undo_export()
    seconds = best_of(3, lambda: import_export(parse_export(json.loads(text), "pass-undo")))
    print(f"import of 74,000 pass/undo actions ({len(text) / 1e6:.2f} MB): {seconds:.2f} s")
    if args.review:
        review(args.rounds)


def free_cores_estimate(run: ReviewRun) -> float:
    """What the run's CPU times would take on two cores of its own, for a machine whose other load distorts
    the wall clock. One job: all its CPU, one step after another. Two: the command's phases until the first
    game's positions are sent, or the server's start if it ends later (the server is asked for at once and
    has the other core); then the solves in the order sent, each to the worker free first; the command's later
    work (reading the other games, judging the recorded runs, receiving the answers) shares the two cores
    with them."""
    spans = run.timeline["spans"]
    own = [s for s in spans if s["process"] == "command" and not s["what"].startswith("solve ")]
    if run.jobs == 1:
        return float(run.timeline["started_cpu"] + sum(s["cpu"] for s in own))
    names = [s["what"] for s in own]
    sent = names.index(FIRST_SENT) + 1
    before = run.timeline["started_cpu"] + sum(s["cpu"] for s in own[:sent])
    server = run.timeline["started_cpu"] + sum(s["cpu"] for s in spans if s["process"] == "server")
    workers = [0.0] * run.jobs
    for solve in (s for s in spans if s["what"].startswith("solve ")):  # in the order sent
        workers[workers.index(min(workers))] += solve["cpu"]
    return float(max(before, server) + max(workers) + sum(s["cpu"] for s in own[sent:]) / run.jobs)


def review(rounds: int) -> None:
    """`review --jobs 1` against `--jobs 2`, alternated for `rounds` rounds (module docstring)."""
    runs: list[tuple[ReviewRun, ReviewRun]] = []
    for n in range(1, rounds + 1):
        one, two = review_run(1), review_run(2)
        runs.append((one, two))
        print(
            f"round {n}: --jobs 1 {one.wall:.2f} s (load average {one.load:.1f}), --jobs 2 {two.wall:.2f} s "
            f"(load average {two.load:.1f}): {two.wall / one.wall:.1%}; from the CPU times on two free cores "
            f"{free_cores_estimate(two) / free_cores_estimate(one):.1%}"
        )
        for run in (one, two):
            print(f" --jobs {run.jobs}:")
            print("\n".join(timeline_lines(run)))
    ratios = [two.wall / one.wall for one, two in runs]
    figures = [run.figures for pair in runs for run in pair]
    same = "identical" if all(f == figures[0] for f in figures) else "DIFFERENT"
    best_one, best_two = min(one.wall for one, _ in runs), min(two.wall for _, two in runs)
    print(
        f"ratio per round: best {min(ratios):.1%}, median {statistics.median(ratios):.1%}, worst {max(ratios):.1%}; "
        f"best against best: --jobs 1 {best_one:.2f} s, --jobs 2 {best_two:.2f} s ({best_two / best_one:.1%}); "
        f"figures {same} in all {len(figures)} runs"
    )


if __name__ == "__main__":
    main()
