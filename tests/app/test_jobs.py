"""The background work of the Routes page (pages/jobs.py): the route listing made for every company while
the player looks at the board, and a solve that takes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from stop_checks import CountedCalls, wait_until

from pages import jobs
from pages.jobs import Preparer, start_solve
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.model import SolveOptions
from solver.titles.g1862.routes.optimizer import LISTING_STOPPED, SEARCH_STOPPED, Prepared, optimize, prepare

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_every_company_is_prepared_and_a_solve_takes_the_listing() -> None:
    position = load_position(EXAMPLES / "position-late-game.json")
    companies = [c for c in position.companies if position.companies[c].trains]
    preparer = Preparer(position, companies)
    preparer.first(companies[-1])
    preparer.thread.join(timeout=120)
    assert not preparer.thread.is_alive()
    for company in companies:
        prepared = preparer.take(company)
        assert prepared is not None and prepared.fits(position, company, SolveOptions())
    job = start_solve(position, "ESR", SolveOptions(), preparer)
    assert job.wait(60)
    expected = optimize(position, "ESR")
    assert job.result is not None and job.result.status == "optimal"
    assert job.result.revenue == expected.revenue


def test_a_company_not_yet_started_is_taken_away_and_solved_directly() -> None:
    position = load_position(EXAMPLES / "position-late-game.json")
    companies = [c for c in position.companies if position.companies[c].trains]
    preparer = Preparer(position, companies)
    last = companies[-1]
    assert len(companies) > 2
    assert preparer.take(last) is None  # still queued behind the others: the caller prepares it itself
    preparer.thread.join(timeout=120)
    assert preparer.take(last) is None  # and the preparer no longer makes it
    assert preparer.take(companies[0]) is not None
    job = start_solve(position, last, SolveOptions(), preparer)
    assert job.wait(60) and job.result is not None and job.result.status in ("optimal", "infeasible")


def test_a_preparer_for_another_position_is_not_used() -> None:
    position = load_position(EXAMPLES / "position-late-game.json")
    other = load_position(EXAMPLES / "position-late-game.json")
    preparer = Preparer(other, ["ESR"])
    job = start_solve(position, "ESR", SolveOptions(), preparer)
    assert job.preparer is None
    assert job.wait(60) and job.result is not None and job.result.status == "optimal"


def test_a_stopped_solve_answers_with_its_best_run_so_far_and_the_bound() -> None:
    from solver.titles.g1862.random_board import stress_positions

    board = stress_positions(16)[15]  # a dense board whose proof takes well over a second
    company = next(iter(board.companies))
    job = start_solve(board, company, SolveOptions(time_limit=60), None)
    job.stop.set()  # pressed before CP-SAT starts: the listing (or the first round) is stopped at once
    assert job.wait(60) and job.result is not None
    result = job.result
    assert result.status in ("feasible", "unknown"), result.status
    full = optimize(board, company, SolveOptions(time_limit=60))
    assert full.status == "optimal"
    if result.status == "unknown":
        assert result.reason in (LISTING_STOPPED, SEARCH_STOPPED)
    if result.bound is not None:  # no bound is known before the routes are listed
        assert result.bound >= full.revenue
    if result.status == "feasible":
        assert result.evaluation.legal and result.revenue <= full.revenue


NINE_TRAINS = Path(__file__).resolve().parents[1] / "routes" / "data" / "positions" / "nine-trains.json"
# Stop and cancel are checked by the listing every 64 partial chains and by a waiting solve every 20 ms
# (a few hundredths of a second on an idle machine). The tests count those checks instead of timing them, so
# that a busy machine cannot fail them: the work must end at the first check after the stop. Before the fix
# these took 11.5 s and forever.


@pytest.fixture
def listings(monkeypatch: pytest.MonkeyPatch) -> list[CountedCalls]:
    """The background listings' `stopped` checks, counted (pages.jobs.prepare wrapped)."""
    made: list[CountedCalls] = []

    def counted_prepare(position: Position, company: str, stopped: Callable[[], bool]) -> Prepared:
        made.append(CountedCalls(stopped))
        return prepare(position, company, stopped=made[-1])

    monkeypatch.setattr(jobs, "prepare", counted_prepare)
    return made


def test_a_superseded_listing_is_cancelled_at_its_next_check(listings: list[CountedCalls]) -> None:
    """Issue 13: earlier background listings were never cancelled. Listing the nine-train board takes
    seconds; cancelled in the middle (at its 20th check), the thread ends at the next check."""
    position = load_position(NINE_TRAINS)
    preparer = Preparer(position, ["ECR"])
    wait_until(lambda: bool(listings) and listings[0].calls >= 20, "the listing's 20th check")
    preparer.cancel()
    preparer.thread.join(60)
    assert not preparer.thread.is_alive()
    assert listings[0].calls_after_stop == 1
    assert preparer.take("ECR") is None  # nothing half-listed is kept


def test_stop_takes_effect_at_once_while_the_solve_waits_for_the_listing(
    listings: list[CountedCalls], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: Stop took 11.5 s in the app while routes were listed. The solve takes the background
    listing in progress; Stop pressed while it waits for it (at its 5th check) ends the solve at its next
    check, and the background listing at its own."""
    position = load_position(NINE_TRAINS)
    preparer = Preparer(position, ["ECR"])
    wait_until(lambda: bool(listings) and listings[0].calls >= 1, "the background listing has started")
    waits: list[CountedCalls] = []
    real = jobs.SolveJob.stopped

    def counted(job: jobs.SolveJob) -> bool:
        if not waits:
            waits.append(CountedCalls(lambda: real(job), at=5, then=job.stop.set))
        return waits[0]()

    monkeypatch.setattr(jobs.SolveJob, "stopped", counted)
    job = start_solve(position, "ECR", SolveOptions(time_limit=600), preparer)
    assert job.wait(60)
    assert waits and waits[0].calls == 5 and waits[0].calls_after_stop == 1
    assert job.result is not None and job.result.status == "unknown"
    assert job.result.reason == LISTING_STOPPED
    preparer.cancel()
    preparer.thread.join(60)
    assert not preparer.thread.is_alive()
    assert listings[0].calls_after_stop == 1  # the abandoned listing ended at its next check
