"""Stop and cancel measured by the checks the work makes, not by a clock: a test that times a stop in seconds
fails when the machine is busy, while the number of checks made after the stop does not depend on its speed.

`StopAtCheck` is a stop event that sets itself at its n-th check (a Stop pressed in the middle of the work,
wherever the work has got to) and counts the checks made from then on; `CountedCalls` does the same for a
`stopped()` callable that the work asks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class StopAtCheck(threading.Event):
    """A `threading.Event` that is set by its own `at`-th `is_set()` call (never, with `at=0`, until `set()` is
    called) and counts the calls that found it set: 1 means the work ended at the first check after the stop."""

    def __init__(self, at: int = 0) -> None:
        super().__init__()
        self.at = at
        self.checks = 0
        self.checks_after_stop = 0
        self._count = threading.Lock()

    def is_set(self) -> bool:
        with self._count:
            self.checks += 1
            if self.checks == self.at:
                self.set()
            stopped = super().is_set()
            if stopped:
                self.checks_after_stop += 1
        return stopped

    @property
    def pressed(self) -> bool:
        """Whether the stop has been set, read without counting a check."""
        return super().is_set()


class CountedCalls:
    """Wraps a `stopped()` callable: counts its calls, runs `then` at the `at`-th (a cancel or a Stop pressed
    in the middle of the work), and counts the calls from the first that answered True."""

    def __init__(self, stopped: Callable[[], bool], at: int = 0, then: Callable[[], object] | None = None) -> None:
        self.stopped = stopped
        self.at = at
        self.then = then
        self.calls = 0
        self.calls_after_stop = 0

    def __call__(self) -> bool:
        self.calls += 1
        if self.calls == self.at and self.then is not None:
            self.then()
        answer = self.stopped()
        if answer:
            self.calls_after_stop += 1
        return answer


def wait_until(condition: Callable[[], bool], what: str, within: float = 120.0) -> None:
    """Poll `condition` until it holds; fail naming `what` after `within` seconds (a bound generous enough for a
    busy machine: it only ends a test that would otherwise hang)."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not reached within {within:.0f} s")
        time.sleep(0.01)
