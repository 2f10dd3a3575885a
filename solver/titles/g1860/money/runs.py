"""Where the money previews get a company's best run: one small function, `best_run(position, company,
nationalisation=...)`, that today asks the exact enumerator (`solver.titles.g1860.enumerator`) for the most revenue.
The 1860 CP-SAT optimizer, when it comes, offers a function of the same name and arguments; swapping it in is the
one `return` line below (docs/money-1860.md, "Runs")."""

from __future__ import annotations

from collections.abc import Callable

from solver.core.board_position import BoardPosition
from solver.titles.g1860 import enumerator
from solver.titles.g1860.enumerator import Best
from solver.titles.g1860.money.position import with_rules

#: A function giving a company's best run: `best_run` below, or the optimizer's of the same signature.
RunFunction = Callable[..., Best]


def best_run(
    position: BoardPosition, company: str, nationalisation: bool = False, time_limit: float | None = None
) -> Best:
    """The company's run earning the most revenue in the position (after nationalisation, counting each train's
    first number only: Railway Nationalisation, RB L673), within `time_limit` seconds if given."""
    target = with_rules(position, nationalisation=True) if nationalisation else position
    return enumerator.best_run(target, company, "revenue", time_limit)
