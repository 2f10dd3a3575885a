"""What the Routes pages of every title share (pages/routes_1862.py, pages/routes_core.py): map sizes, the train
cards' width, the page's compact style, the wait for a solve running in the background with its progress and
Stop button, and the checks before its answer is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import streamlit as st

from pages import session
from solver.errors import Problem

#: Map widths in pixels: Medium leaves room for the train cards beside the map on a 1280 px laptop, Large on a
#: 1600 px screen; Extra large puts the cards below the map on most screens.
MAP_SIZES = {"Medium": 560, "Large": 720, "Extra large": 920}
CARD_WIDTH = 340  # pixels: a train card; the cards wrap into as many columns as the panel holds
#: The map stays in view while the train cards scroll past it; compact tables in the cards.
COMPACT_PAGE = """<style>
.st-key-routes-map { position: sticky; top: 3.5rem; align-self: flex-start; z-index: 1; }
.st-key-routes-panel { min-width: 340px; }
[class*="st-key-train-card-"] table { font-size: 0.85rem; width: 100%; }
[class*="st-key-train-card-"] th, [class*="st-key-train-card-"] td { padding: 0.15rem 0.4rem; }
</style>"""
PROGRESS_EVERY = 0.5  # seconds between updates of a running solve's progress


class Progress(Protocol):
    @property
    def objective(self) -> int: ...

    @property
    def bound(self) -> int: ...


class Stop(Protocol):
    def set(self) -> None: ...


class Job(Protocol):
    """A solve in the background (pages/jobs.py): 1862's SolveJob or the core's RunJob."""

    @property
    def company(self) -> str: ...

    @property
    def done(self) -> bool: ...

    @property
    def elapsed(self) -> float: ...

    @property
    def progress(self) -> Progress | None: ...

    @property
    def stop(self) -> Stop: ...

    @property
    def problems(self) -> list[Problem]: ...

    def wait(self, seconds: float) -> bool: ...


J = TypeVar("J", bound=Job)


def await_job(job: Job) -> None:
    """While the solve runs: a Stop button and, updated twice a second, the time, the best value and the
    bound so far; returns as soon as the solve ends, and the same page run goes on to show the answer.
    (Updating more often was measured to slow the solve: the browser repaints take CPU from the search.)"""
    slot = st.empty()
    with slot.container():
        if st.button("Stop", icon=":material/stop:", key="stop-solve"):
            job.stop.set()
        shown = st.empty()
    while not job.done:
        info = job.progress
        with shown.container():
            if info is None:
                st.info(f"Solving {job.company}… {job.elapsed:.1f} s, no run found yet.")
            else:
                st.info(
                    f"Solving {job.company}… {job.elapsed:.1f} s: best so far £{info.objective}, bound £{info.bound}."
                )
                if info.bound > 0:
                    st.progress(min(1.0, info.objective / info.bound))
        job.wait(PROGRESS_EVERY)
    slot.empty()


def finished_job(job: J | None, company: str, stale: Callable[[J], bool], stale_words: str) -> J | None:
    """The last solve of `company`, once it has ended without problems; None after saying why there is no answer to
    show: no solve of this company yet, the board changed since (`stale`, said as `stale_words`), or the problems
    that refused it. A solve still running is waited for here, with its progress and Stop button."""
    if job is None or job.company != company:
        st.info("Press Solve to find the best run.")
        return None
    if stale(job):
        st.warning(stale_words)
        return None
    if not job.done:
        await_job(job)
    if job.problems:
        session.show_problems(job.problems, "The solve was refused:")
        return None
    return job
