"""Many positions solved at once (issue 16 item 3): each work item is a position in the position-file JSON
and a company; with one job they are solved in this process, otherwise in a pool of processes, one solve
per process at a time, each with the CP-SAT workers its options ask for (one by default).

The optimizer takes the same search whatever the process, so the answers do not depend on the number of
jobs (unless a solve reaches its time limit on a busy machine). The pool's processes are forked from a
fresh server process that has imported the optimizer once (multiprocessing's "forkserver"): no process that
may hold solver threads is forked, and no worker pays the import again.

Where the time goes (docs/importer.md "Measured"): the server's start (Python, then OR-Tools with pandas and
the solver, about 1 s of CPU) is the one serial part a pool adds, so the pool is asked for first, before the
caller imports anything heavy, and the caller imports its modules, reads its games and judges the recorded runs
on the other core meanwhile. This module therefore imports neither the optimizer nor the position model at
load (only the server and the functions that need them do), nor polars or the app. The positions are sent
the most expensive first (`estimated_cost`), one at a time, so that the workers end together; each is a few
kilobytes of JSON, rebuilt in the worker in well under a millisecond.

Ctrl-C (or any error) in the caller ends the workers at once (`SolverPool.__exit__` terminates them); they
ignore the interrupt themselves, so it reaches the caller alone and no worker prints a traceback.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.errors import InputError, Problem
from solver.timeline import Span, Timeline, clock

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext
    from multiprocessing.pool import Pool

    from solver.titles.g1862.position import Position
    from solver.titles.g1862.routes.model import RouteSpec, SolveOptions

#: What the pool's server imports once, before it forks the workers: the optimizer, then this module.
PRELOAD = ["solver.titles.g1862.routes.optimizer", __name__]

#: When this module was loaded and the CPU its process had used by then. In a pool's worker these are the
#: server's (it loads this module last of `PRELOAD`, then forks): when the server was ready, at what cost.
LOADED = clock()


@dataclass(frozen=True)
class Task:
    """A work item: the position as position-file JSON, the company, the options, and the solve's estimated
    cost (`estimated_cost`), which orders the pool's work."""

    text: str
    company: str
    options: SolveOptions
    cost: tuple[int, int]


def task_for(position: Position, company: str, options: SolveOptions) -> Task:
    """The work item of solving `company`'s run in `position`."""
    from solver.titles.g1862.position import position_to_dict  # loaded by whoever holds a Position

    text = json.dumps(position_to_dict(position), sort_keys=True)
    return Task(text, company, options, estimated_cost(position, company))


def estimated_cost(position: Position, company: str) -> tuple[int, int]:
    """How long a solve may take, to send the longest first: the company's reach (the sum of its trains'
    hexes or stations, 7.8.1-7.8.3), then the tiles on the board. On the three recorded games the reach
    follows the solve's CPU time with a correlation of 0.69, the length of the position's JSON with 0.34."""
    return sum(t.visits for t in position.companies[company].trains), len(position.tiles)


@dataclass(frozen=True)
class Solved:
    """What a batch keeps of one solve (small and picklable, to come back from a process), with its span
    on the timeline."""

    status: str
    revenue: int | None
    routes: tuple[RouteSpec, ...]
    bound: int | None
    seconds: float
    span: Span


def solve_task(task: Task, process: str = "command") -> Solved:
    """Solve one work item (in this process or a pool's); `process` names it on the timeline."""
    from solver.titles.g1862.position import position_from_dict  # loaded once per process (PRELOAD in a pool)
    from solver.titles.g1862.routes.optimizer import optimize

    began = clock()
    position, problems = position_from_dict(json.loads(task.text))
    if position is None or problems:
        raise InputError(problems or [Problem("batch", "format", "a position could not be rebuilt")])
    result = optimize(position, task.company, task.options)
    revenue = result.revenue if result.status in ("optimal", "feasible") else None
    ended = clock()
    span = Span(process, f"solve {task.company}", began[0], ended[0], ended[1] - began[1])
    return Solved(result.status, revenue, result.routes, result.bound, result.solve_seconds, span)


def _solve_numbered(item: tuple[int, Task]) -> tuple[int, Solved]:
    """A pool's work item: the task's number comes back with its answer (they end in any order)."""
    number, task = item
    return number, solve_task(task, f"worker {os.getpid()}")


def _ignore_interrupts() -> None:
    """A worker's first step: Ctrl-C is the caller's to handle (it terminates the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _loaded() -> tuple[float, float]:
    return LOADED


class SolverPool:
    """`jobs` worker processes, asked for at once so that they get ready while the caller does other work
    (`with SolverPool(2) as pool: ...`); with one job, no process is started and solves run in this one.
    `timeline` gets the pool's spans: the server's start and every solve."""

    def __init__(self, jobs: int, timeline: Timeline | None = None) -> None:
        self.jobs = jobs
        self.timeline = timeline or Timeline()
        self._starter: ThreadPoolExecutor | None = None
        self._pool: Future[Pool] | None = None
        if jobs > 1:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            # Starting the workers waits until the server has imported the optimizer; in a thread, the
            # caller does its own work meanwhile.
            self._starter = ThreadPoolExecutor(1)
            self._pool = self._starter.submit(self._start, context, clock()[0])

    def _start(self, context: ForkServerContext, asked: float) -> Pool:
        pool = context.Pool(self.jobs, initializer=_ignore_interrupts)
        ready, cpu = pool.apply(_loaded)
        self.timeline.add([Span("server", "Python started, optimizer imported", asked, ready, cpu)])
        return pool

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        """Wait for the workers to end after the work, or end them at once after an error or Ctrl-C."""
        if self._starter is None or self._pool is None:
            return
        self._starter.shutdown()  # waits until the pool has started (or failed to)
        if self._pool.exception() is not None:
            return
        pool = self._pool.result()
        if kind is None:
            pool.close()
        else:
            pool.terminate()
        pool.join()

    def solve_all(
        self,
        tasks: Mapping[str, Task],
        progress: Callable[[int, int], None] | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> dict[str, Solved]:
        """Every task solved, by key. In the pool, the most expensive first (`estimated_cost`), while this
        process runs `meanwhile` (other work of the caller; without a pool it runs first). `progress(done,
        total)` after each solve starts (one job) or ends (a pool)."""
        total = len(tasks)
        if self._starter is None or self._pool is None:
            if meanwhile is not None:
                meanwhile()
            importlib.import_module(PRELOAD[0])
            self.timeline.phase("optimizer imported")
            solved: dict[str, Solved] = {}
            for n, (key, task) in enumerate(tasks.items()):
                if progress is not None:
                    progress(n, total)
                solved[key] = solve_task(task)
            self.timeline.add(s.span for s in solved.values())
            self.timeline.phase("positions solved")
            return solved
        pool = self._pool
        keys = sorted(tasks, key=lambda k: tasks[k].cost, reverse=True)
        work = [(n, tasks[key]) for n, key in enumerate(keys)]

        def send() -> Iterator[tuple[int, Solved]]:  # after the start, in the starter's thread
            return pool.result().imap_unordered(_solve_numbered, work, chunksize=1)

        answers = self._starter.submit(send)
        if meanwhile is not None:
            meanwhile()
        by_number: dict[int, Solved] = {}
        for done, (number, answer) in enumerate(answers.result()):
            if progress is not None:
                progress(done, total)
            by_number[number] = answer
        self.timeline.add(by_number[n].span for n in range(total))
        self.timeline.phase("positions solved in the pool")
        number_of = {key: n for n, key in enumerate(keys)}
        return {key: by_number[number_of[key]] for key in tasks}
