"""The core's quick search (`solver.core.search.incumbent.searched_run`) alone, on the calls the optimizers make:

    .venv/bin/python -m benchmarks.quick_search record FILE   # solve the boards, keep every call in FILE
    .venv/bin/python -m benchmarks.quick_search replay FILE [--rounds 3]

`record` solves 1860's dense boards and every other real position (`benchmarks.run_1860`) and 18BF's dense and
mid boards (`benchmarks.run_18bf`), and keeps each call of `searched_run` the optimizers make (1860's searches
over the routes its bound keeps, by bit sets; the core's run search, one candidate at a time) with its arguments,
the stop left out (a pickle). `replay` runs each call again with no stop, `--rounds` times, and prints per title
and kind the calls and the sum of each call's least CPU time, the load average, and a digest of the answers (per
call the run's worth, its routes' trains, track and scores, and whether the search ended within its budget; the
same as `record` prints for the answers the optimizers got): two versions of the search that search the same runs
give the same digest. One recording replayed in two checkouts
in turn compares their searches on the same inputs, without the solves around them (docs/search.md, "How it
searches"). Not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import run_18bf, run_1860
from solver.core.search import incumbent, run_search
from solver.titles.g18bf.optimizer import best_run as best_18bf
from solver.titles.g1860 import priced_search
from solver.titles.g1860.optimizer import best_run as best_1860

#: A recorded call: its title and kind, and `searched_run`'s arguments with the stop (the sixth) left out.
Call = tuple[str, tuple[Any, ...], dict[str, Any]]


def _never() -> bool:
    return False


def _without_stop(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (*args[:5], *args[6:]), {k: v for k, v in kwargs.items() if k != "should_stop"}


def _with_stop(args: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*args[:5], _never, *args[5:])


def _answer(found: Any, complete: bool) -> bytes:
    run = None if found is None else (found[0], [c and (c.train, c.track, c.score) for c in found[1]])
    return repr((run, complete)).encode()


def recorded(solves: Sequence[tuple[str, Any]]) -> tuple[list[Call], str]:
    """Every call of `searched_run` the optimizers make in `solves` (per title, a thunk solving one board), and the
    digest of the answers they got."""
    calls: list[Call] = []
    digest = hashlib.sha256()
    real = incumbent.searched_run
    current = [""]

    def recording(*args: Any, **kwargs: Any) -> Any:
        kept, named = _without_stop(args, kwargs)
        kind = "bit sets" if named.get("filtered") else "one at a time"
        calls.append((f"{current[0]}, {kind}", kept, named))
        answer = real(*args, **kwargs)
        digest.update(_answer(*answer))
        return answer

    patched = (run_search, priced_search)
    for module in patched:
        module.searched_run = recording  # type: ignore[attr-defined]
    try:
        for title, solve in solves:
            current[0] = title
            solve()
    finally:
        for module in patched:
            module.searched_run = real  # type: ignore[attr-defined]
    return calls, digest.hexdigest()[:16]


def replayed(calls: Sequence[Call], rounds: int) -> tuple[dict[str, tuple[int, float]], str]:
    """Per title and kind, the calls and the sum of each call's least CPU time over `rounds`; the answers' digest."""
    digest = hashlib.sha256()
    sums: dict[str, tuple[int, float]] = {}
    for name, args, kwargs in calls:
        least = float("inf")
        for _ in range(rounds):
            started = time.process_time()
            found, complete = incumbent.searched_run(*_with_stop(args), **kwargs)
            least = min(least, time.process_time() - started)
        count, total = sums.get(name, (0, 0.0))
        sums[name] = (count + 1, total + least)
        digest.update(_answer(found, complete))
    return sums, digest.hexdigest()[:16]


def _solves() -> list[tuple[str, Any]]:
    def solving(best: Any, company: str, position: Any) -> Any:
        return lambda: best(position, company, time_limit=60)

    out = [("1860 dense", solving(best_1860, c, p)) for _, c, p in run_1860.dense_positions()]
    out += [("1860 real", solving(best_1860, c, p)) for _, c, p in run_1860.real_positions()[::2]]
    return out + [
        ("18BF", solving(best_18bf, c, p)) for suite in ("dense", "mid") for _, c, p in run_18bf.positions(suite)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.quick_search", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["record", "replay"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each call, the least CPU time kept")
    args = parser.parse_args(argv)
    if args.action == "record":
        calls, digest = recorded(_solves())
        args.file.write_bytes(pickle.dumps(calls))
        print(f"{len(calls)} calls recorded in {args.file}; digest {digest}")
        return 0
    sums, digest = replayed(pickle.loads(args.file.read_bytes()), args.rounds)
    for name, (count, total) in sorted(sums.items()):
        print(f"{name}: {count} calls, {total:.3f} s of CPU (the least of {args.rounds} runs each)")
    print(f"digest {digest}; load average (1 min) {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
