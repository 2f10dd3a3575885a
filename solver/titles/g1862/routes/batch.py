"""Many positions solved at once (issue 16 item 3): each work item is a position in the position-file JSON
and a company; with one job they are solved in this process, otherwise in a pool of processes, one solve
per process at a time, each with the CP-SAT workers its options ask for (one by default).

The optimizer takes the same search whatever the process, so the answers do not depend on the number of
jobs (unless a solve reaches its time limit on a busy machine). The pool's processes are forked from a
fresh server process that has imported the optimizer once (multiprocessing's "forkserver"): no process that
may hold solver threads is forked, and no worker pays the import again.

Where the time goes (docs/importer.md "Measured"): the server's start (Python, then OR-Tools' CP-SAT without
pandas, `solver.core.cp_sat_without_pandas`, and the solver: about 0.45 s of CPU) is the one serial part a
pool adds, so the pool is asked for first, before the caller imports anything heavy, and the caller imports
its modules and reads its first game on the other core meanwhile. The work comes in batches (the review sends
a game's positions as soon as it has read the game) and a thread of the pool starts the workers and sends
each batch as soon as the server is ready (an executor's submit waits until then), so neither waits for the
other; the caller judges the recorded runs while the workers solve. This module therefore imports neither
the optimizer nor the position model at load (only the server and the functions that need them do), nor
polars or the app. Each batch is sent the most expensive first (`estimated_cost`); the executor hands the
positions out one at a time, so that the workers end together. Each is a few kilobytes of JSON, rebuilt in
the worker in well under a millisecond. The server's output goes to the null device (`_start_server`).

Ctrl-C (or any error) in the caller ends the workers at once (`SolverPool.__exit__` terminates them); they
ignore the interrupt themselves, so it reaches the caller alone and no worker prints a traceback. A worker
that dies (killed, out of memory) breaks the pool with an error instead of leaving the caller waiting
(`concurrent.futures.process.BrokenProcessPool`).
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import sys
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.errors import InputError, Problem
from solver.timeline import Span, Timeline, clock

if TYPE_CHECKING:
    from solver.titles.g1862.position import Position
    from solver.titles.g1862.routes.model import RouteSpec, SolveOptions

OPTIMIZER = "solver.titles.g1862.routes.optimizer"

#: What the pool's server imports once, before it forks the workers: OR-Tools' CP-SAT without pandas, which
#: the solver never uses (half the import's CPU), the optimizer, then this module.
PRELOAD = ["solver.core.cp_sat_without_pandas", OPTIMIZER, __name__]

#: Seconds a thread of the caller may hold the interpreter while a pool runs (Python's default: 0.005).
POOL_SWITCH_INTERVAL = 0.0005

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


def _solve_in_worker(task: Task) -> Solved:
    return solve_task(task, f"worker {os.getpid()}")


def _send(executor: ProcessPoolExecutor, tasks: Mapping[str, Task], keys: list[str]) -> dict[Future[Solved], str]:
    """The tasks of `keys` handed to the pool in that order (the pool's thread does it, not the caller)."""
    return {executor.submit(_solve_in_worker, tasks[key]): key for key in keys}


def _ignore_interrupts() -> None:
    """A worker's first step: Ctrl-C is the caller's to handle (it terminates the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ready() -> tuple[float, float]:
    """A pool's first work item, one per worker: when the server was ready (`LOADED`) and at what cost."""
    return LOADED


def _start_server() -> None:
    """Start the pool's server (and multiprocessing's resource tracker, which it starts first) with its
    output on the null device: it lives until this process ends, then unloads OR-Tools and pandas for about
    0.2 s, and a reader of this command's output through a pipe would wait for that. A worker's error comes
    back to this process with its traceback, so nothing it would print is lost."""
    null = os.open(os.devnull, os.O_WRONLY)
    saved = [os.dup(1), os.dup(2)]
    try:
        os.dup2(null, 1)
        os.dup2(null, 2)
        multiprocessing.forkserver.ensure_running()
    finally:
        for fd, copy in zip((1, 2), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)
        os.close(null)


class SolverPool:
    """`jobs` worker processes, asked for at once so that they get ready while the caller does other work
    (`with SolverPool(2) as pool: ...`); with one job, no process is started and solves run in this one.
    `timeline` gets the pool's spans: the server's start and every solve."""

    def __init__(self, jobs: int, timeline: Timeline | None = None) -> None:
        self.jobs = jobs
        self.timeline = timeline or Timeline()
        self.executor: ProcessPoolExecutor | None = None
        self._sender = ThreadPoolExecutor(1)
        self._switch_interval = sys.getswitchinterval()
        if jobs > 1:
            # The caller's Python work (judging while the server starts) would hold the interpreter 5 ms at a
            # time while the pool's threads wait to start the workers and send the positions: the first solve
            # then began up to 0.11 s after the server was ready; 0.02-0.04 s with 0.5 ms (docs/importer.md).
            sys.setswitchinterval(POOL_SWITCH_INTERVAL)
            asked = clock()[0]
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            _start_server()
            executor = self.executor = ProcessPoolExecutor(jobs, context, initializer=_ignore_interrupts)
            # Starting a worker waits until the server has imported the optimizer, and so does every submit
            # until then: the workers are started, and the positions sent, by a thread of their own, while
            # the caller does its own work (the executor's submit is thread-safe).
            self._sender = ThreadPoolExecutor(1)
            self._sender.submit(self._start_workers, executor, asked)

    def _start_workers(self, executor: ProcessPoolExecutor, asked: float) -> None:
        readies = [executor.submit(_ready) for _ in range(self.jobs)]  # each submit starts one worker
        ready, cpu = readies[0].result()
        self.timeline.add([Span("server", "Python started, optimizer imported", asked, ready, cpu)])

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        """Wait for the workers to end after the work; after an error or Ctrl-C, end them at once. Workers that
        could not start are an error only for work sent to them (`solve_all` raises it)."""
        self._sender.shutdown()  # waits until the workers are started, or failed to start
        sys.setswitchinterval(self._switch_interval)
        if self.executor is None:
            return
        if kind is None:
            self.executor.shutdown()
            return
        for worker in list(self.executor._processes.values()):  # Python 3.14 has terminate_workers() for this
            worker.terminate()
        # The executor's thread then finds its pool broken and closes it; waiting for that here keeps Python's
        # exit from waking that thread through a pipe it is closing (an "Exception ignored" on stderr).
        self.executor.shutdown(wait=True, cancel_futures=True)

    def solve_all(
        self,
        batches: Iterable[Mapping[str, Task]],
        progress: Callable[[int, int], None] | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> dict[str, Solved]:
        """Every task solved, by key (each key in one batch only). With a pool each batch is sent as soon as it
        comes, the most expensive first (`estimated_cost`), so a caller that reads its work as it goes (a
        generator: the review reads a game per batch) has the workers solve the first batch while it reads
        the next; then this process runs `meanwhile` (other work of the caller) while the workers solve. In
        this process the batches are taken whole, `meanwhile` runs, then every task in the order given.
        `progress(done, total)` after each solve starts (one job) or ends (a pool)."""
        if self.executor is None:
            tasks = {key: task for batch in batches for key, task in batch.items()}
            if meanwhile is not None:
                meanwhile()
            importlib.import_module(OPTIMIZER)
            self.timeline.phase("optimizer imported")
            solved: dict[str, Solved] = {}
            for n, (key, task) in enumerate(tasks.items()):
                if progress is not None:
                    progress(n, len(tasks))
                solved[key] = solve_task(task)
            self.timeline.add(s.span for s in solved.values())
            self.timeline.phase("positions solved")
            return solved
        executor = self.executor
        given: list[str] = []
        order: list[str] = []  # the keys in the order sent
        sending: list[Future[dict[Future[Solved], str]]] = []
        for batch in batches:
            keys = sorted(batch, key=lambda k: batch[k].cost, reverse=True)
            given += batch
            order += keys
            sending.append(self._sender.submit(_send, executor, batch, keys))
        if meanwhile is not None:
            meanwhile()
        futures = {future: key for sent in sending for future, key in sent.result().items()}
        solved = {}
        for n, future in enumerate(as_completed(futures)):
            if progress is not None:
                progress(n, len(futures))
            solved[futures[future]] = future.result()
        self.timeline.add(solved[key].span for key in order)
        self.timeline.phase("positions solved in the pool")
        return {key: solved[key] for key in given}
