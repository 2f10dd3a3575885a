"""Types shared by the evaluator, the optimizer and the enumerator.

A company's run is a list of `RouteSpec`: one per train that runs, each a list of hex ids in visiting order
(the first and last are the route's ends: a town or an off-board hex). `evaluate()` turns that into an
`Evaluation`; `optimize()` returns a `SolveResult` whose evaluation comes from the evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from solver.errors import Problem
from solver.titles.g1862.track import NodeId

Objective = Literal["revenue", "cash"]
"""'revenue': maximise revenue, subsidy as tie-break. 'cash': maximise revenue plus Local subsidy (7.8.2)."""

Status = Literal["optimal", "feasible", "infeasible", "unknown"]
"""'optimal': proven. 'feasible': stopped by the time limit with a bound. 'infeasible': no train can run
(the reason says why). 'unknown': stopped before any run was found."""


@dataclass(frozen=True)
class RouteSpec:
    """One train's route: the train's name (``3F``, ``4/5L``, ``2/3E``) and the hexes it visits in order."""

    train: str
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class StopScore:
    """One stop of a train's route and what it earned for the company.

    `status` is one of: "scored"; "dropped" (the stop an N/M train does not score, 7.8.2-7.8.3);
    "scored by <train>" (another train of the company scores it, 7.8 once-only); "not scored" (a Freight
    train passing through, 7.8.1; an Express passing a small station, 7.8.3).
    """

    node: NodeId
    name: str
    value: int
    status: str

    @property
    def earned(self) -> int:
        return self.value if self.status == "scored" else 0


@dataclass(frozen=True)
class TrainResult:
    """What one train earned: its stops, its Freight bonus and its revenue (the sum of both)."""

    index: int
    train: str
    hexes: tuple[str, ...]
    stops: tuple[StopScore, ...]
    freight_bonus: int = 0
    bonus_hexes: int = 0
    chain: int | None = None
    dropped: NodeId | None = None
    subsidy_hexes: tuple[str, ...] = ()

    @property
    def revenue(self) -> int:
        return sum(s.earned for s in self.stops) + self.freight_bonus


@dataclass(frozen=True)
class Evaluation:
    """The evaluator's verdict on a company's run: legal or not (with every rule broken), and if legal the
    revenue per train, the Local subsidy (paid to the treasury, not revenue, 7.8.2) and the total."""

    company: str
    legal: bool
    problems: tuple[Problem, ...] = ()
    trains: tuple[TrainResult, ...] = ()
    revenue: int = 0
    subsidy: int = 0
    notes: tuple[str, ...] = field(default=())

    def objective_value(self, objective: Objective) -> int:
        return self.revenue + self.subsidy if objective == "cash" else self.revenue


@dataclass(frozen=True)
class SolveOptions:
    time_limit: float = 30.0
    objective: Objective = "revenue"
    pinned: tuple[RouteSpec, ...] = ()
    excluded: tuple[str, ...] = ()
    workers: int = 1


@dataclass(frozen=True)
class SolveResult:
    """The optimizer's answer, re-checked by the evaluator before it is returned."""

    company: str
    status: Status
    routes: tuple[RouteSpec, ...]
    evaluation: Evaluation
    bound: int | None
    solve_seconds: float
    reason: str = ""

    @property
    def revenue(self) -> int:
        return self.evaluation.revenue

    @property
    def subsidy(self) -> int:
        return self.evaluation.subsidy
