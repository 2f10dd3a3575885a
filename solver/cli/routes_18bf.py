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
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import Field, ValidationError

from solver.cli import core_routes
from solver.cli.common import canonical_company, print_json
from solver.cli.routes_1860 import train_to_dict
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec, TrainScore
from solver.core.search.run_search import SearchResult
from solver.errors import InputError, Problem, format_problems
from solver.jsonfile import FileModel, read_json_file
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.evaluator import evaluate
from solver.titles.g18bf.optimizer import best_run
from solver.titles.g18bf.trains import train_sides


class PinnedRoute(FileModel):
    train: str = Field(description="the train, as 4+4 or 6G")
    nodes: list[str] = Field(
        min_length=1, description="the nodes passed in order (HEX:n, or HEX for one node); a G-train's cities"
    )


class PinFile(FileModel):
    """An 18BF route file: the routes of some of a company's trains, node by node."""

    company: str | None = Field(None, description="the company (or give --company)")
    routes: list[PinnedRoute] = Field(default_factory=list)


def load_pins(path: str, company: str, what: str = "pin file") -> tuple[RouteSpec, ...]:
    """The routes of an 18BF route file (`what`: a pin file or, for `score`, a route file); InputError naming the
    file and field when it cannot be read, or when it is for another company."""
    try:
        read = PinFile.model_validate(read_json_file(path, "routes"))
    except ValidationError as exc:
        raise InputError(format_problems(exc, f"{what} {path}")) from None
    if read.company is not None and read.company.casefold() != company.casefold():
        raise InputError([Problem(f"{what} {path}", "format", f"is for {read.company}, not {company}")])
    return tuple(RouteSpec(r.train.strip(), tuple(n.strip().upper() for n in r.nodes)) for r in read.routes)


def result_to_dict(company: str, result: SearchResult) -> dict[str, Any]:
    """The JSON answer, in the shape of 1862's and 1860's: company, revenue, subsidy, total, status, bound,
    solve_seconds, reason, routes (each marked `goods` for a G-train), notes."""
    evaluation = result.evaluation
    sides = train_sides()
    return {
        "company": company,
        "revenue": evaluation.revenue,
        "subsidy": evaluation.subsidy,
        "total": evaluation.revenue + evaluation.subsidy,
        "status": result.status,
        "bound": result.bound,
        "solve_seconds": round(result.seconds, 3),
        "reason": result.reason,
        "routes": [{**train_to_dict(t), "goods": sides[t.train].goods} for t in evaluation.trains],
        "notes": [],
    }


def run(args: argparse.Namespace, position: BoardPosition) -> int:
    """The routes command on an 18BF position (the arguments of solver.cli.routes)."""
    return core_routes.answer(
        args,
        position,
        best_run=best_run,
        no_trains_rule=rulebook.EARNINGS,
        load_pins=load_pins,
        to_dict=result_to_dict,
        print_trains=_print_trains,
        objective_in_header=False,
    )


def score(args: argparse.Namespace, position: BoardPosition) -> int:
    """The score command on an 18BF position: the route file (the pin file's shape, node by node, a G-train's
    marker cities) judged by 18BF's evaluator (§10.6); exit 0 when legal (each stop, bonus and revenue printed),
    2 when not (every rule broken, naming the train, node or section) or when the file cannot be read."""
    data = read_json_file(args.routes, "routes")
    named = args.company or (data.get("company") if isinstance(data, dict) else None)
    if not isinstance(named, str):
        raise InputError([Problem("company", "format", "name the company with --company or in the route file")])
    company = canonical_company(named, position.companies, "in this position")
    evaluation = evaluate(position, company, load_pins(args.routes, company, "route file"))
    sides = train_sides()
    if args.json:
        print_json(
            {
                "company": company,
                "legal": evaluation.legal,
                "revenue": evaluation.revenue,
                "subsidy": evaluation.subsidy,
                "problems": [p.__dict__ for p in evaluation.problems],
                "routes": [{**train_to_dict(t), "goods": sides[t.train].goods} for t in evaluation.trains],
            }
        )
        return 0 if evaluation.legal else 2
    if not evaluation.legal:
        print(f"{company}: the run is not legal", file=sys.stderr)
        for problem in evaluation.problems:
            print(f"error: {problem.where}: {problem.message} ({problem.rule})", file=sys.stderr)
        return 2
    print(f"{company} run, phase {position.phase}: legal")
    _print_trains(evaluation.trains)
    return 0


def _print_trains(trains: Sequence[TrainScore]) -> None:
    """Each train's nodes with what each earns, its revenue with its bonuses, and the run's revenue."""
    for train in trains:
        print(f"{train.train}: {' '.join(str(n) for n in train.nodes)}")
        for stop in train.stops:
            print(f"  {stop.node} {stop.kind}: {stop.value if stop.counted else '-'} ({stop.note})")
        print(f"  revenue {train.revenue}" + "".join(f"; {n}" for n in train.notes))
    print(f"Revenue {sum(t.revenue for t in trains)}")
