"""Property: on random small legal boards the optimizer's proven optimum equals the enumerator's maximum, and
the evaluator accepts the optimizer's routes as they are (7.4, 7.8, 7.8.1-7.8.3)."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver.position import Position
from solver.random_board import random_position
from solver.routes.enumerator import enumerate_best
from solver.routes.evaluator import evaluate
from solver.routes.model import Objective, SolveOptions
from solver.routes.optimizer import optimize

EARLY_TRAINS = ["1F", "2F", "3F", "2E", "2/3E", "3E", "2L", "2/3L", "3L"]
LATE_TRAINS = ["3F", "5F", "6F", "4/5E", "4L", "3E"]
ENUMERATOR_CAP = 2.0  # seconds: boards where the exhaustive search takes longer are skipped


class _TooSlow(Exception):
    pass


@contextmanager
def time_cap(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def small_board(seed: int, late: bool) -> Position:
    """A random legal board with one to three trains: early (phases B-D, up to 90% tiled) or late (phase E,
    a permanent Freight and chains possible, at most 55% tiled so that the enumerator stays fast)."""
    rng = random.Random(seed)
    if late:
        trains = rng.sample(LATE_TRAINS, rng.randint(2, 3))
        return random_position(seed, density=rng.uniform(0.3, 0.55), phase="E", trains=trains, markers=2)
    trains = rng.sample(EARLY_TRAINS, rng.randint(1, 3))
    return random_position(
        seed, density=rng.uniform(0.5, 0.9), phase=rng.choice("BCD"), trains=trains, markers=rng.randint(1, 3)
    )


@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    late=st.booleans(),
    objective=st.sampled_from(["revenue", "cash"]),
)
def test_optimizer_equals_enumerator_and_evaluator_accepts_its_routes(
    seed: int, late: bool, objective: Objective
) -> None:
    position = small_board(seed, late)
    company = next(iter(position.companies))
    try:
        with time_cap(ENUMERATOR_CAP):
            best, _ = enumerate_best(position, company, objective)
    except _TooSlow:
        assume(False)
    result = optimize(position, company, SolveOptions(objective=objective, time_limit=30))
    if result.status == "infeasible":
        assert best.revenue == 0 and best.subsidy == 0 and not best.trains
        return
    assert result.status == "optimal"
    assert result.evaluation.objective_value(objective) == best.objective_value(objective)
    again = evaluate(position, company, result.routes)
    assert again.legal
    assert (again.revenue, again.subsidy) == (result.revenue, result.subsidy)
