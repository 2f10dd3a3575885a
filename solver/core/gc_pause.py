"""Pausing Python's cyclic garbage collector while a route solve does its Python work (`prepare` and
`optimize` in titles.g1862.routes.optimizer, and the core run search of solver.core.search.run_search: listing
routes and chains, building the models, checking the answer).

Listing routes and chains allocates hundreds of thousands of small tuples that all live until the model is
built. Each allocation burst triggers the collector, which then walks every one of them again, although the
listing makes no reference cycles: measured on the late-game example, 40% of the listing's time went to
the collector. Reference counting still frees everything as usual while the collector is paused.

The pause is process-wide, and the app lists routes in a background thread while the page may solve in
another, so the pauses are counted: the collector is enabled again when the last pause ends, and only if it
was enabled when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """Run the body with the cyclic garbage collector disabled (nested and concurrent uses are safe)."""
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
