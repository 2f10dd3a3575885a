"""Where the money previews get a company's best run: one small function, `best_run(position, company,
nationalisation=...)`, that asks 1860's CP-SAT optimizer (`solver.titles.g1860.optimizer.best_run`: its path model,
or the core's run search where pins or a leased train need it) for the most revenue, and gives its answer in the
shape the previews read (`Best`: the run, the evaluator's verdict, the candidates listed (none by the path model),
and whether the answer is proven). The exact enumerator
(`solver.titles.g1860.enumerator.best_run`) has the same shape and stays the tests' independent check
(docs/money-1860.md, "Runs")."""

from __future__ import annotations

import threading
from collections.abc import Callable

from solver.core.board_position import BoardPosition
from solver.titles.g1860 import optimizer
from solver.titles.g1860.enumerator import Best

#: A function giving a company's best run: `best_run` below, or the enumerator's of the same signature.
RunFunction = Callable[..., Best]
#: The optimizer's time limit when the preview gives none (seconds): real positions are proven in well under one.
NO_LIMIT = 600.0


def best_run(
    position: BoardPosition,
    company: str,
    nationalisation: bool = False,
    time_limit: float | None = None,
    stop: threading.Event | None = None,
) -> Best:
    """The company's run earning the most revenue in the position (after nationalisation, counting each train's
    first number only: Railway Nationalisation, RB L673), within `time_limit` seconds if given and until `stop` is
    set; `complete` when the optimizer proved it (or proved that no legal run exists)."""
    result = optimizer.best_run(
        position,
        company,
        nationalisation=True if nationalisation else None,
        objective="revenue",
        time_limit=NO_LIMIT if time_limit is None else time_limit,
        stop=stop,
    )
    return Best(result.routes, result.evaluation, result.listed, result.status in ("optimal", "infeasible"))
