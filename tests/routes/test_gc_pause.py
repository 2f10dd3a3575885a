"""The collector pause around route listing: the collector is off inside, and its earlier state comes back
after the last of nested or concurrent pauses."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest
from cycles import cycle_garbage

from solver.core.gc_pause import gc_paused


@pytest.fixture(autouse=True)
def _restore_collector() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_is_off_inside_and_on_again_after() -> None:
    gc.enable()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    with gc_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_nested_pauses_end_with_the_outermost() -> None:
    gc.enable()
    with gc_paused():
        with gc_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_comes_back_when_the_body_raises() -> None:
    gc.enable()
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_overlapping_pauses_in_two_threads_end_with_the_last() -> None:
    gc.enable()
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, bool] = {}

    def first() -> None:
        with gc_paused():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second() -> None:
        first_in.wait(5)
        with gc_paused():
            second_in.set()
            first_out.wait(5)
            seen["inside after the first ended"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == {"inside after the first ended": False}
    assert gc.isenabled()


def test_a_decorated_function_runs_with_the_collector_off() -> None:
    gc.enable()

    @gc_paused()
    def state() -> bool:
        return gc.isenabled()

    assert state() is False
    assert state() is False  # the decorator makes a fresh pause on every call
    assert gc.isenabled()


@pytest.mark.parametrize(
    "board", ["long-freight-00-F-7F-7F.json", "long-freight-01-F-7F-7F-45E-45L.json", "three-9F.json"]
)
def test_a_solve_leaves_no_listing_for_the_collector(board: str) -> None:
    """A solve (the listing, the chains, the small search, the CP-SAT models and their copies) makes no reference
    cycles, so it is freed by reference counting when the solve ends: a cycle in the listing once kept every
    route of a solve alive until the collector ran after the pause, which cost ESR 7F 7F a third of its time,
    and OR-Tools' own `CpModel` holds itself through its camel-case aliases (the core's `CpModel` does not)."""
    from benchmarks.boards import long_freight_positions
    from solver.titles.g1862.routes.optimizer import optimize

    position = dict(long_freight_positions())[board]
    found = []
    left = cycle_garbage(lambda: found.append(optimize(position, next(iter(position.companies)))))
    assert found[0].status == "optimal"
    assert left == []
