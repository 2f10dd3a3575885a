"""``python -m solver routes POSITION --company ID`` on an 1860 position: the company's best run by the optimizer
(solver.titles.g1860.optimizer), with the flags, JSON shape and exit codes of 1862's command (docs/optimizer.md):
status, revenue, subsidy, total, bound, seconds, reason and the routes by station, each stop with what it earns.

``--pin ROUTES.json`` fixes some trains' routes, given station by station (docs/routes-1860.md, "The command"):

    {"company": "C&N", "routes": [{"train": "2+1", "nodes": ["F2:0", "F2:1", "F4", "G5"], "halts": 1}]}
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from pydantic import Field

from solver.cli import core_routes
from solver.cli.core_routes import PinnedRoute, RouteFile, TitleRoutes, print_routes, read_routes, train_to_dict
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec, TrainScore
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.optimizer import best_run


class PinnedRoute1860(PinnedRoute):
    train: str = Field(description="the train, as 3+2")
    nodes: list[str] = Field(min_length=2, description="the stations passed in order: HEX:n, or HEX for one station")
    halts: int | None = Field(None, description="how many halts the route counts (default: as many as fit)")

    def choices(self) -> dict[str, Any]:
        return {} if self.halts is None else {"halts": self.halts}


class PinFile(RouteFile):
    """An 1860 route file: the routes of some of a company's trains, station by station."""

    routes: list[PinnedRoute1860] = Field(default_factory=list)


def load_pins(path: str, company: str, what: str = "pin file") -> tuple[RouteSpec, ...]:
    """The routes of an 1860 route file (`what`: a pin file or, for `score`, a route file); InputError naming the
    file and field when it cannot be read, or when it is for another company."""
    return read_routes(path, company, PinFile, what)


def _title() -> TitleRoutes:
    return TitleRoutes(best_run, evaluate, rulebook.OWN_TRAINS, load_pins, train_to_dict, _print_trains, True)


def run(args: argparse.Namespace, position: BoardPosition) -> int:
    """The routes command on an 1860 position (the arguments of solver.cli.routes)."""
    return core_routes.answer(args, position, _title())


def score(args: argparse.Namespace, position: BoardPosition) -> int:
    """The score command on an 1860 position: the route file (the pin file's format, station by station) judged by
    1860's evaluator; exit 0 when legal (each stop, revenue and halt subsidy printed), 2 when not (each rule
    broken)."""
    return core_routes.score(args, position, _title())


def _print_trains(trains: Sequence[TrainScore]) -> None:
    """Each train's stations with what each earns, its revenue and halt subsidy, and the run's totals."""
    print_routes(trains, lambda t: f"revenue {t.revenue}, halt subsidy {t.subsidy}")
    revenue, subsidy = sum(t.revenue for t in trains), sum(t.subsidy for t in trains)
    print(f"Revenue {revenue}; halt subsidy {subsidy} to the treasury (not revenue); total {revenue + subsidy}")
