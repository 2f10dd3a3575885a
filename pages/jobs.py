"""A route solve running in a background thread, so that the page stays responsive, shows progress and can
stop it (the optimizer checks the `stop` event, while listing routes too, and returns its best run so far
with the bound); and the route listing for every company of the board, made in the background while the
player looks at it and cancelled when the board changes. `RunJob` is the same for a title on the core's run search
(pages/routes_core.py): its optimizer named by the title registry, run in a daemon thread with the stop event and
progress reports."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.core.search.model import SolverFailure
from solver.core.search.run_search import ProgressInfo as RunProgress
from solver.core.search.run_search import SearchResult
from solver.errors import InputError, Problem
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.candidates import ListingStopped
from solver.titles.g1862.routes.model import SolveOptions, SolveResult
from solver.titles.g1862.routes.optimizer import Prepared, ProgressInfo, optimize, prepare


class Background:
    """What every job in a daemon thread shares: started, finished (None while it runs) and its thread; whether it
    is done, the seconds it has taken, and a wait for it."""

    started: float
    finished: float | None
    thread: threading.Thread | None

    @property
    def done(self) -> bool:
        return self.finished is not None

    @property
    def elapsed(self) -> float:
        """Seconds from the start to the answer (or until now while running)."""
        return (self.finished or time.perf_counter()) - self.started

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the answer; returns whether it is there."""
        if self.thread is not None:
            self.thread.join(timeout=seconds)
        return self.done


@dataclass
class SolveJob(Background):
    """One solve: its inputs, the latest progress report, and the result or the problems once done."""

    position: Position
    company: str
    options: SolveOptions
    stop: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    finished: float | None = None
    progress: ProgressInfo | None = None
    result: SolveResult | None = None
    problems: list[Problem] = field(default_factory=list)
    thread: threading.Thread | None = None
    preparer: Preparer | None = None

    def stopped(self) -> bool:
        """Whether Stop was pressed or the time limit has passed."""
        return self.stop.is_set() or self.elapsed >= self.options.time_limit

    def _run(self) -> None:
        try:
            prepared = None
            if self.preparer is not None:
                prepared = self.preparer.take(self.company, self.stopped)
                self.preparer.pause()  # the solve has both cores to itself
            self.result = optimize(
                self.position, self.company, self.options, progress=self._report, stop=self.stop, prepared=prepared
            )
        except InputError as exc:
            self.problems = exc.problems
        except Exception as exc:  # a solver bug must reach the page as a message, not kill the thread silently
            self.problems = [Problem(f"company {self.company}", "solver", f"the solve failed: {exc!r}")]
        finally:
            self.finished = time.perf_counter()
            if self.preparer is not None:
                self.preparer.resume()

    def _report(self, info: ProgressInfo) -> None:
        self.progress = info


class Preparer:
    """Lists the route options of each company (`solver.titles.g1862.routes.optimizer.prepare`) in a daemon thread, one
    company after another, the one on screen first. A solve takes the listing when it is ready or being
    made, and otherwise makes it itself. `cancel` ends the thread within a few hundredths of a second, even
    in the middle of a listing (the page cancels the listing of a board that is no longer shown)."""

    def __init__(self, position: Position, companies: list[str]):
        self.position = position
        self._todo = list(companies)
        self._ready: dict[str, Prepared | None] = {}
        self._events = {c: threading.Event() for c in companies}
        self._current: str | None = None
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._cancelled = threading.Event()
        self._abandoned = threading.Event()  # the solve waiting for the current listing gave up on it
        self.thread = threading.Thread(target=self._run, name="prepare-routes", daemon=True)
        self.thread.start()

    def _stopped(self) -> bool:
        return self._cancelled.is_set() or self._abandoned.is_set()

    def _run(self) -> None:
        while True:
            self._idle.wait()
            with self._lock:
                if not self._todo or self._cancelled.is_set():
                    self._current = None
                    return
                company = self._current = self._todo.pop(0)
                self._abandoned.clear()
            try:
                result: Prepared | None = prepare(self.position, company, stopped=self._stopped)
            except ListingStopped:
                result = None
            except Exception:  # bad input: the solve prepares again and reports the problem in full
                result = None
            with self._lock:
                self._ready[company] = result
                self._current = None
                self._events[company].set()

    def cancel(self) -> None:
        """Stop listing: the current listing ends at its next check, and no other starts."""
        self._cancelled.set()
        self._idle.set()  # a paused thread wakes up to end

    def pause(self) -> None:
        """Start no new listing until `resume` (while a solve runs)."""
        self._idle.clear()

    def resume(self) -> None:
        self._idle.set()

    def first(self, company: str) -> None:
        """Prepare `company` next (the one the player has chosen)."""
        with self._lock:
            if company in self._todo:
                self._todo.remove(company)
                self._todo.insert(0, company)

    def take(self, company: str, stopped: Callable[[], bool] | None = None) -> Prepared | None:
        """The listing for `company`: at once if ready, after waiting if being made, else None (and it is
        no longer made here). While waiting, `stopped` is asked every 20 ms; when it returns True the listing
        is abandoned and None returned (the solve then stops at once, as its own listing would)."""
        with self._lock:
            if company in self._todo:
                self._todo.remove(company)
                return None
            waiting = self._current == company and not self._events[company].is_set()
        if waiting:
            while not self._events[company].wait(0.02):
                if stopped is not None and stopped():
                    self._abandoned.set()
                    return None
        return self._ready.get(company)


def start_solve(position: Position, company: str, options: SolveOptions, preparer: Preparer | None = None) -> SolveJob:
    """Start solving in a daemon thread and return the job at once."""
    if preparer is not None and preparer.position is not position:
        preparer = None
    job = SolveJob(position, company, options, preparer=preparer)
    job.thread = threading.Thread(target=job._run, name=f"solve-{company}", daemon=True)
    job.thread.start()
    return job


@dataclass
class RunJob(Background):
    """One solve by a title's optimizer on the core's run search (`Title.best_run`): its inputs, the latest progress
    report, and the SearchResult or the problems once done. `position` is the position solved (with the page's run
    settings); `shown` the position on screen when Solve was pressed, to tell when the board has changed."""

    position: Any
    shown: Any
    company: str
    options: dict[str, Any]
    solve: Callable[..., SearchResult]
    stop: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    finished: float | None = None
    progress: RunProgress | None = None
    result: SearchResult | None = None
    problems: list[Problem] = field(default_factory=list)
    thread: threading.Thread | None = None

    def _run(self) -> None:
        try:
            self.result = self.solve(self.position, self.company, stop=self.stop, progress=self._report, **self.options)
        except InputError as exc:
            self.problems = exc.problems
        except SolverFailure as exc:
            self.problems = [Problem(f"company {self.company}", "solver", f"the CP-SAT solver failed: {exc}")]
        except Exception as exc:  # a solver bug must reach the page as a message, not kill the thread silently
            self.problems = [Problem(f"company {self.company}", "solver", f"the solve failed: {exc!r}")]
        finally:
            self.finished = time.perf_counter()

    def _report(self, info: RunProgress) -> None:
        self.progress = info


def start_run(solve: Callable[..., SearchResult], position: Any, shown: Any, company: str, **options: Any) -> RunJob:
    """Start `solve(position, company, stop=, progress=, **options)` in a daemon thread and return the job at once."""
    job = RunJob(position, shown, company, options, solve)
    job.thread = threading.Thread(target=job._run, name=f"solve-{company}", daemon=True)
    job.thread.start()
    return job


@dataclass
class Task(Background):
    """Any long work of a page in a daemon thread (a money preview that runs the optimizer for several companies):
    `work(stop)` returns the answer, and should end soon after `stop` is set; InputError becomes `problems`."""

    work: Callable[[threading.Event], Any]
    stop: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    finished: float | None = None
    result: Any = None
    problems: list[Problem] = field(default_factory=list)
    thread: threading.Thread | None = None

    def _run(self) -> None:
        try:
            self.result = self.work(self.stop)
        except InputError as exc:
            self.problems = exc.problems
        except Exception as exc:  # a bug must reach the page as a message, not kill the thread silently
            self.problems = [Problem("preview", "solver", f"the preview failed: {exc!r}")]
        finally:
            self.finished = time.perf_counter()


def start_task(work: Callable[[threading.Event], Any]) -> Task:
    """Start `work(stop)` in a daemon thread and return the task at once."""
    task = Task(work)
    task.thread = threading.Thread(target=task._run, name="page-task", daemon=True)
    task.thread.start()
    return task
