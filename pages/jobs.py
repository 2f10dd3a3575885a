"""A route solve running in a background thread, so that the page stays responsive, shows progress and can
stop it (the optimizer checks the `stop` event and returns its best run so far with the bound)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from solver.errors import InputError, Problem
from solver.position import Position
from solver.routes.model import SolveOptions, SolveResult
from solver.routes.optimizer import ProgressInfo, optimize


@dataclass
class SolveJob:
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

    @property
    def done(self) -> bool:
        return self.finished is not None

    @property
    def elapsed(self) -> float:
        """Seconds from the press of the button to the answer (or until now while running)."""
        return (self.finished or time.perf_counter()) - self.started

    def _run(self) -> None:
        try:
            self.result = optimize(self.position, self.company, self.options, progress=self._report, stop=self.stop)
        except InputError as exc:
            self.problems = exc.problems
        except Exception as exc:  # a solver bug must reach the page as a message, not kill the thread silently
            self.problems = [Problem(f"company {self.company}", "solver", f"the solve failed: {exc!r}")]
        finally:
            self.finished = time.perf_counter()

    def _report(self, info: ProgressInfo) -> None:
        self.progress = info

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the answer; returns whether it is there."""
        if self.thread is not None:
            self.thread.join(timeout=seconds)
        return self.done


def start_solve(position: Position, company: str, options: SolveOptions) -> SolveJob:
    """Start solving in a daemon thread and return the job at once."""
    job = SolveJob(position, company, options)
    job.thread = threading.Thread(target=job._run, name=f"solve-{company}", daemon=True)
    job.thread.start()
    return job
