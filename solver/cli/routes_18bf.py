"""``python -m solver routes POSITION --company ID`` on an 18BF position: the company's best run by the optimizer
(solver.titles.g18bf.optimizer), with the flags, JSON shape and exit codes of 1862's and 1860's command
(docs/optimizer.md): status, revenue, subsidy (always 0: 18BF pays nothing beside revenue), total, bound, seconds,
reason and the routes by station, each stop with what it earns and each train's bonuses in its notes; the
G-trains are among the routes with their marker cities and the Mine bonus (`"goods": true`). `--objective` is
passed on and changes nothing, as there is no money beside revenue.

``--pin ROUTES.json`` fixes some trains' routes, given node by node (a G-train's marker cities), docs/routes-18bf.md:

    {"company": "LMS", "routes": [{"train": "4+4", "nodes": ["U23:4", "S27", "S29"]},
                                  {"train": "6G", "nodes": ["G17"]}]}

``python -m solver score POSITION --company ID --routes ROUTES.json`` judges a run written in that same shape (every
train's route, G-trains included) by 18BF's evaluator (`score`, below).
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
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.evaluator import evaluate
from solver.titles.g18bf.optimizer import best_run
from solver.titles.g18bf.trains import train_sides


class PinnedRoute18BF(PinnedRoute):
    train: str = Field(description="the train, as 4+4 or 6G")
    nodes: list[str] = Field(
        min_length=1, description="the nodes passed in order (HEX:n, or HEX for one node); a G-train's cities"
    )


class PinFile(RouteFile):
    """An 18BF route file: the routes of some of a company's trains, node by node."""

    routes: list[PinnedRoute18BF] = Field(default_factory=list)


def load_pins(path: str, company: str, what: str = "pin file") -> tuple[RouteSpec, ...]:
    """The routes of an 18BF route file (`what`: a pin file or, for `score`, a route file); InputError naming the
    file and field when it cannot be read, or when it is for another company."""
    return read_routes(path, company, PinFile, what)


def route_to_dict(score: TrainScore) -> dict[str, Any]:
    """One train's route as JSON, marked `goods` for a G-train."""
    return {**train_to_dict(score), "goods": train_sides()[score.train].goods}


def _title() -> TitleRoutes:
    return TitleRoutes(best_run, evaluate, rulebook.EARNINGS, load_pins, route_to_dict, _print_trains, False)


def run(args: argparse.Namespace, position: BoardPosition) -> int:
    """The routes command on an 18BF position (the arguments of solver.cli.routes)."""
    return core_routes.answer(args, position, _title())


def score(args: argparse.Namespace, position: BoardPosition) -> int:
    """The score command on an 18BF position: the route file (the pin file's shape, node by node, a G-train's
    marker cities) judged by 18BF's evaluator (§10.6); exit 0 when legal (each stop, bonus and revenue printed),
    2 when not (every rule broken, naming the train, node or section) or when the file cannot be read."""
    return core_routes.score(args, position, _title())


def _print_trains(trains: Sequence[TrainScore]) -> None:
    """Each train's nodes with what each earns, its revenue with its bonuses, and the run's revenue."""
    print_routes(trains, lambda t: f"revenue {t.revenue}")
    print(f"Revenue {sum(t.revenue for t in trains)}")
