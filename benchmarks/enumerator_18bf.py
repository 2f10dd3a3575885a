"""18BF enumerator benchmark: not a test, it prints figures for docs/routes-18bf.md.

    .venv/bin/python -m benchmarks.enumerator_18bf [--cap SECONDS] [--repeat N]

For each 18BF position of benchmarks/positions/18bf-*.json (stretches of the real map with a System's trains: a
phase-6 System with a 4, 5 and 6 and two ferries; a phase-8 System with a 5+5E, two 4+4 and a 6G, three ferries
and an underground): the exhaustive enumerator's best run (`solver.titles.g18bf.enumerator.best_run`), the best
wall clock of `--repeat` runs, the candidates listed, the leaves of the search, the revenue, and whether it
finished within `--cap`; then the median and max. The best run is judged again by the evaluator inside
`best_run`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from solver.core.board_position import read_position
from solver.titles.g18bf.enumerator import Best, best_run

POSITIONS = sorted((Path(__file__).resolve().parent / "positions").glob("18bf-*.json"))


def measure(path: Path, cap: float, repeat: int) -> tuple[float, Best]:
    """The best wall clock of `repeat` runs of the enumerator on the position's first company, and its answer."""
    position = read_position(path)
    company = next(iter(position.companies))
    times = []
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        best = best_run(position, company, time_limit=cap)
        times.append(time.perf_counter() - start)
    assert best is not None
    return min(times), best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=60.0, help="time limit of one search, seconds")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position (the best is kept)")
    args = parser.parse_args(argv)
    seconds = []
    print("position | trains | seconds | candidates | leaves | revenue | complete")
    for path in POSITIONS:
        took, best = measure(path, args.cap, args.repeat)
        seconds.append(took)
        trains = ", ".join(spec.train for spec in best.run)
        print(
            f"{path.stem} | {trains} | {took:.3f} | {best.candidates} | {best.runs_judged} | "
            f"{best.evaluation.revenue} | {best.complete}"
        )
    print(f"median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s over {len(seconds)} positions")


if __name__ == "__main__":
    main()
