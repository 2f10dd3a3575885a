"""Where a command's time goes: spans of time, each in one process, with the CPU that process spent in it.

`review --timeline FILE` writes its own phases, the start of its pool's server and every solve of its workers;
`python -m benchmarks.importer --review` prints them (docs/benchmarks.md). Every span is read on
`time.monotonic`, one clock for all the processes of a machine (Linux, macOS and Windows), so the spans of the
calling process and of its workers line up.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path


def clock() -> tuple[float, float]:
    """Now on the machine's monotonic clock, and the CPU seconds this process has used (all its threads)."""
    return time.monotonic(), time.process_time()


@dataclass(frozen=True)
class Span:
    """A stretch of time in one process: "command" (the calling process), "server" (the pool's server) or
    "worker PID"; `cpu` is what that process used in it."""

    process: str
    what: str
    began: float
    ended: float
    cpu: float


class Timeline:
    """The spans of one command. The calling process's phases follow each other: `phase` closes the current
    one. `started_cpu` is the CPU used before the timeline was made (Python's start, the parser, imports)."""

    def __init__(self) -> None:
        self.started_cpu = time.process_time()
        self._since = clock()
        self.spans: list[Span] = []

    def phase(self, what: str) -> None:
        """Close the calling process's current phase, named `what`."""
        now = clock()
        self.spans.append(Span("command", what, self._since[0], now[0], now[1] - self._since[1]))
        self._since = now

    def add(self, spans: Iterable[Span]) -> None:
        """Spans of other processes (or of single solves), as they are."""
        self.spans.extend(spans)

    def write(self, path: str) -> None:
        """The timeline as JSON: `started_cpu` and the spans in the order they were recorded."""
        payload = {"started_cpu": self.started_cpu, "spans": [asdict(s) for s in self.spans]}
        Path(path).write_text(json.dumps(payload, indent=1), encoding="utf-8")
