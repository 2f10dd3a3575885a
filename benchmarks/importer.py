"""Importer and review benchmark (issues 13, 15, 16): not a test, it prints figures for docs/importer.md.

    .venv/bin/python -m benchmarks.importer [--review]

* the import of each recorded game in tests/data/importer/ (best of three);
* an export of 74,000 pass/undo actions (about 2 MB, the upload limit), built in memory: reading and
  replaying it;
* with --review (minutes): `review` of the three recorded games with --jobs 1 and --jobs 2 in fresh
  processes, alternated twice (1, 2, 1, 2: the machine's other load falls on both alike), the best wall
  clock of each, the machine's load average when each started, and whether all four give the same figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from solver.titles.g1862.importer import import_export
from solver.titles.g1862.importer.export_file import parse_export

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "tests" / "data" / "importer").glob("*.json"))
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


def review_seconds(jobs: int) -> tuple[float, float, list[dict[str, Any]]]:
    """Wall clock of one `review` of the recorded games, the one-minute load average when it started (other
    processes competing for the cores), and its figures."""
    command = [sys.executable, "-m", "solver", "review", *map(str, GAMES), "--json", "--quiet", "--jobs", str(jobs)]
    load = os.getloadavg()[0]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    seconds = time.perf_counter() - started
    return seconds, load, [{k: r[k] for k in FIGURES} for r in json.loads(done.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--review", action="store_true", help="also time review --jobs 1 against --jobs 2")
    args = parser.parse_args()
    for path in GAMES:
        data = json.loads(path.read_text(encoding="utf-8"))
        seconds = best_of(3, lambda data=data, path=path: import_export(parse_export(data, path.name)))
        print(f"import {path.name}: {len(data['actions'])} actions in {seconds:.2f} s")
    text = pass_undo_export()
    seconds = best_of(3, lambda: import_export(parse_export(json.loads(text), "pass-undo")))
    print(f"import of 74,000 pass/undo actions ({len(text) / 1e6:.2f} MB): {seconds:.2f} s")
    if args.review:
        runs = {1: [], 2: []}  # type: dict[int, list[tuple[float, float, list[dict[str, Any]]]]]
        for jobs in (1, 2, 1, 2):
            runs[jobs].append(review_seconds(jobs))
            wall, load, _ = runs[jobs][-1]
            print(f"review of {len(GAMES)} games --jobs {jobs}: {wall:.1f} s wall (load average {load:.1f})")
        figures = [f for results in runs.values() for _, _, f in results]
        same = "identical" if all(f == figures[0] for f in figures) else "DIFFERENT"
        one, two = min(w for w, _, _ in runs[1]), min(w for w, _, _ in runs[2])
        print(f"best: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s ({two / one:.1%}); figures {same}")


if __name__ == "__main__":
    main()
