"""Whether a call leaves reference cycles behind for Python's cyclic garbage collector.

Solves pause the collector (solver/core/gc_pause.py), so whatever a call leaves in a reference cycle is collected
later, inside whatever runs once the collector is enabled again (a later solve, under its time limit). The usual
culprit is a recursive nested function: it calls itself through its closure's cell, and the function, the cell
and everything the closure reaches stay alive until the collector runs.

`cycle_garbage(call)` runs `call` with the collector paused and returns what a collection then finds, counted by
kind: an object's type, a function's qualified name (`_ways.<locals>.grow`), so a failing test names the culprit."""

from __future__ import annotations

import gc
import types
from collections import Counter
from collections.abc import Callable


def cycle_garbage(call: Callable[[], object]) -> list[str]:
    """What a collection finds after `call()` has run with the collector paused (its answer dropped), as
    `"<kind> x<count>"`, most first: empty when the call left no reference cycle."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        call()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return [f"{kind} x{n}" for kind, n in Counter(map(_kind, gc.garbage)).most_common()]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


def _kind(o: object) -> str:
    if isinstance(o, types.FunctionType):
        return f"function {o.__qualname__}"
    return type(o).__name__
