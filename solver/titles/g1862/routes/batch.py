"""Many positions solved at once (issue 16 item 3): each work item is a position in the position-file JSON
and a company; with one job they are solved in this process, otherwise in a pool of processes, one solve
per process at a time, each with the CP-SAT workers its options ask for (one by default).

The optimizer takes the same search whatever the process, so the answers do not depend on the number of
jobs (unless a solve reaches its time limit on a busy machine). The pool's processes are forked from a
fresh server process that has imported the optimizer once (multiprocessing's "forkserver"): no process that
may hold solver threads is forked, and no worker pays the import again. This module imports neither polars
nor the app, so the server stays small, and imports the optimizer (OR-Tools, which loads pandas) only when a
solve runs in this process: with a pool, the caller never loads it (measured on the review of the three
recorded games: the caller's imports 1.6 s -> 0.9 s of CPU on the busy machine, docs/importer.md). The pool
is started in a background thread, so that the caller reads its games while the server starts.
"""

from __future__ import annotations

import json
import multiprocessing
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from solver.errors import InputError, Problem
from solver.titles.g1862.position import position_from_dict
from solver.titles.g1862.routes.model import RouteSpec, SolveOptions

#: What the pool's server imports once, before it forks the workers: the optimizer and this module.
PRELOAD = ["solver.titles.g1862.routes.optimizer", __name__]

#: A work item: the position as position-file JSON, the company, the options.
Task = tuple[str, str, SolveOptions]


@dataclass(frozen=True)
class Solved:
    """What a batch keeps of one solve (small and picklable, to come back from a process)."""

    status: str
    revenue: int | None
    routes: tuple[RouteSpec, ...]
    bound: int | None
    seconds: float


def solve_task(task: Task) -> Solved:
    """Solve one work item (in this process or a pool's)."""
    from solver.titles.g1862.routes.optimizer import optimize  # loaded once per process (PRELOAD in a pool)

    text, company, options = task
    position, problems = position_from_dict(json.loads(text))
    if position is None or problems:
        raise InputError(problems or [Problem("batch", "format", "a position could not be rebuilt")])
    result = optimize(position, company, options)
    revenue = result.revenue if result.status in ("optimal", "feasible") else None
    return Solved(result.status, revenue, result.routes, result.bound, result.solve_seconds)


def _ready() -> None:
    """A pool's first work item: the worker is up, the optimizer imported."""


class SolverPool:
    """`jobs` worker processes, started at once so that they get ready while the caller does other work
    (`with SolverPool(2) as pool: ...`); with one job, no process is started and solves run in this one."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.executor: ProcessPoolExecutor | None = None
        self._starting: threading.Thread | None = None
        if jobs > 1:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            executor = self.executor = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
            # Starting a worker waits until the server has imported the optimizer; in a thread, the caller
            # does its own work meanwhile (the executor's submit is thread-safe).
            self._starting = threading.Thread(target=lambda: [executor.submit(_ready) for _ in range(jobs)])
            self._starting.start()

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._starting is not None:
            self._starting.join()
        if self.executor is not None:
            self.executor.shutdown(wait=exc[0] is None, cancel_futures=True)

    def solve_all(
        self,
        tasks: Mapping[str, Task],
        progress: Callable[[int, int], None] | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> dict[str, Solved]:
        """Every task solved, by key. In the pool, the largest positions first (the late boards are the slow
        ones, so the pool ends evenly), while this process runs `meanwhile` (other work of the caller; without
        a pool it runs first). `progress(done, total)` after each solve starts (one job) or ends (a pool)."""
        total = len(tasks)
        solved: dict[str, Solved] = {}
        if meanwhile is not None and self.executor is None:
            meanwhile()
        if self.executor is None:
            for n, (key, task) in enumerate(tasks.items()):
                if progress is not None:
                    progress(n, total)
                solved[key] = solve_task(task)
            return solved
        order = sorted(tasks, key=lambda k: -len(tasks[k][0]))
        futures = {self.executor.submit(solve_task, tasks[key]): key for key in order}
        if meanwhile is not None:
            meanwhile()
        for n, future in enumerate(as_completed(futures)):
            if progress is not None:
                progress(n, total)
            solved[futures[future]] = future.result()
        return {key: solved[key] for key in tasks}
