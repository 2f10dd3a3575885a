"""``python -m solver routes POSITION --company ID`` on an 1860 position: the company's best run by the optimizer
(solver.titles.g1860.optimizer), with the flags, JSON shape and exit codes of 1862's command (docs/optimizer.md):
status, revenue, subsidy, total, bound, seconds, reason and the routes by station, each stop with what it earns.

``--pin ROUTES.json`` fixes some trains' routes, given station by station (docs/routes-1860.md, "The command"):

    {"company": "C&N", "routes": [{"train": "2+1", "nodes": ["F2:0", "F2:1", "F4", "G5"], "halts": 1}]}
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from pydantic import Field

from solver.cli import core_routes
from solver.cli.core_routes import RouteFile, read_route_file, train_to_dict
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec, TrainScore
from solver.jsonfile import FileModel
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.optimizer import best_run


class PinnedRoute(FileModel):
    train: str = Field(description="the train, as 3+2")
    nodes: list[str] = Field(min_length=2, description="the stations passed in order: HEX:n, or HEX for one station")
    halts: int | None = Field(None, description="how many halts the route counts (default: as many as fit)")


class PinFile(RouteFile):
    """An 1860 route file: the routes of some of a company's trains, station by station."""

    routes: list[PinnedRoute] = Field(default_factory=list)


def load_pins(path: str, company: str, what: str = "pin file") -> tuple[RouteSpec, ...]:
    """The routes of an 1860 route file (`what`: a pin file or, for `score`, a route file); InputError naming the
    file and field when it cannot be read, or when it is for another company."""
    read = read_route_file(path, company, PinFile, what)
    return tuple(
        RouteSpec(
            r.train.strip(), tuple(n.strip().upper() for n in r.nodes), {} if r.halts is None else {"halts": r.halts}
        )
        for r in read.routes
    )


def run(args: argparse.Namespace, position: BoardPosition) -> int:
    """The routes command on an 1860 position (the arguments of solver.cli.routes)."""
    return core_routes.answer(
        args,
        position,
        best_run=best_run,
        no_trains_rule=rulebook.OWN_TRAINS,
        load_pins=load_pins,
        route_to_dict=train_to_dict,
        print_trains=_print_trains,
        objective_in_header=True,
    )


def score(args: argparse.Namespace, position: BoardPosition) -> int:
    """The score command on an 1860 position: the route file (the pin file's format, station by station) judged by
    1860's evaluator; exit 0 when legal (each stop, revenue and halt subsidy printed), 2 when not (each rule
    broken)."""
    return core_routes.score(
        args,
        position,
        evaluate=evaluate,
        load_routes=lambda path, company: load_pins(path, company, "route file"),
        route_to_dict=train_to_dict,
        print_trains=_print_trains,
    )


def _print_trains(trains: Sequence[TrainScore]) -> None:
    """Each train's stations with what each earns, its revenue and halt subsidy, and the run's totals."""
    for score in trains:
        print(f"{score.train}: {' '.join(str(n) for n in score.nodes)}")
        for stop in score.stops:
            print(f"  {stop.node} {stop.kind}: {stop.value if stop.counted else '-'} ({stop.note})")
        print(f"  revenue {score.revenue}, halt subsidy {score.subsidy}" + "".join(f"; {n}" for n in score.notes))
    revenue, subsidy = sum(t.revenue for t in trains), sum(t.subsidy for t in trains)
    print(f"Revenue {revenue}; halt subsidy {subsidy} to the treasury (not revenue); total {revenue + subsidy}")
