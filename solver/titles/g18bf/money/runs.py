"""Where 18BF's money previews get a company's earnings from the board: its best run (§10.6: "the highest legal
earnings ... must be declared"), found by 18BF's optimizer (`solver.titles.g18bf.optimizer.best_run`, re-checked by
the evaluator) and given in the shape the previews read (`RunEarnings`: the revenue, the run, whether it is proven
and the status in words, as the Routes page and the routes command say it)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.run_report import status_text
from solver.titles.g18bf import optimizer

#: The optimizer's time limit when a preview gives none (seconds).
NO_LIMIT = 600.0


@dataclass(frozen=True)
class RunEarnings:
    """A company's best run on a board: its revenue, its routes (route trains, then G-trains), the optimizer's
    status (`optimal`, `feasible`: the best found when the time limit or Stop came, `infeasible`: no legal run,
    proven, `unknown`: no route found in the time: the revenue is then the G-trains' alone, which are chosen
    exactly), whether that revenue is proven the most, the status in words and the seconds taken."""

    revenue: int
    routes: tuple[RouteSpec, ...]
    status: str
    proven: bool
    status_text: str
    seconds: float

    @property
    def found(self) -> bool:
        """Whether the revenue is an answer: a run (proven or not) or the proof that none is legal."""
        return self.status != "unknown"

    def routes_text(self) -> str:
        """Each train's route (a G-train's cities) as `train: node node ...`; "no route" for none."""
        return "; ".join(f"{r.train}: {' '.join(r.nodes)}" for r in self.routes) or "no route"

    def to_dict(self) -> dict[str, Any]:
        return {
            "revenue": self.revenue,
            "routes": [{"train": r.train, "nodes": list(r.nodes)} for r in self.routes],
            "status": self.status,
            "proven": self.proven,
            "status_text": self.status_text,
            "seconds": round(self.seconds, 3),
        }


#: A function giving a company's best run: `best_earnings` below (tests may pass another of the same signature).
RunFunction = Callable[..., RunEarnings]


def best_earnings(
    position: BoardPosition,
    company: str,
    *,
    time_limit: float | None = None,
    stop: threading.Event | None = None,
) -> RunEarnings:
    """The company's best run on the position's board with its trains, within `time_limit` seconds (None: 600) and
    until `stop` is set (a run not proven then says it was stopped, not that the time limit came). InputError (from
    the optimizer) names a company or train the board refuses."""
    result = optimizer.best_run(position, company, time_limit=NO_LIMIT if time_limit is None else time_limit, stop=stop)
    return RunEarnings(
        result.evaluation.revenue,
        tuple(result.routes),
        result.status,
        result.status in ("optimal", "infeasible"),
        status_text(result, stopped=stop is not None and stop.is_set()),
        result.seconds,
    )
