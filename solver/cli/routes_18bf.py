"""``python -m solver routes POSITION --company ID`` on an 18BF position: the company's best run by the optimizer
(solver.titles.g18bf.optimizer), with the flags, JSON shape and exit codes of 1862's and 1860's command
(docs/optimizer.md): status, revenue, subsidy (always 0: 18BF pays nothing beside revenue), total, bound, seconds,
reason and the routes by station, each stop with what it earns and each train's bonuses in its notes; the
G-trains are among the routes with their marker cities and the Mine bonus (`"goods": true`). `--objective` is
passed on and changes nothing, as there is no money beside revenue.

``--pin ROUTES.json`` fixes some trains' routes, given node by node (a G-train's marker cities), docs/routes-18bf.md:

    {"company": "LMS", "routes": [{"train": "4+4", "nodes": ["U23:4", "S27", "S29"]},
                                  {"train": "6G", "nodes": ["G17"]}]}
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pydantic import Field, ValidationError

from solver.cli.common import canonical_company, print_json
from solver.cli.routes import EXIT_CODES, EXIT_SOLVER_FAILED, check_limits
from solver.cli.routes_1860 import train_to_dict
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.run_report import status_text
from solver.core.search.model import SolverFailure
from solver.core.search.run_search import SearchResult
from solver.errors import InputError, Problem, format_problems
from solver.jsonfile import FileModel, read_json_file
from solver.titles.g18bf import rulebook
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


def load_pins(path: str, company: str) -> tuple[RouteSpec, ...]:
    """The routes of an 18BF route file; InputError naming the file and field when it cannot be read, or when it is
    for another company."""
    try:
        read = PinFile.model_validate(read_json_file(path, "routes"))
    except ValidationError as exc:
        raise InputError(format_problems(exc, f"pin file {path}")) from None
    if read.company is not None and read.company.casefold() != company.casefold():
        raise InputError([Problem(f"pin file {path}", "format", f"is for {read.company}, not {company}")])
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
    company = canonical_company(args.company, position.companies, "in this position")
    if not position.companies[company].trains:
        raise InputError([Problem(f"company {company}", rulebook.EARNINGS, "has no trains, so it has no run")])
    check_limits(args.time_limit, args.workers)
    pins = load_pins(args.pin, company) if args.pin else ()
    try:
        result = best_run(
            position,
            company,
            objective=args.objective,
            time_limit=args.time_limit,
            pins=pins,
            excluded=tuple(args.exclude),
            workers=args.workers,
        )
    except SolverFailure as exc:
        print(f"error: the CP-SAT solver failed, so there is no answer: {exc}", file=sys.stderr)
        return EXIT_SOLVER_FAILED
    code = EXIT_CODES[result.status]
    if args.json:
        print_json(result_to_dict(company, result))
        return code
    print(f"{company} best run, phase {position.phase}: {status_text(result)}")
    for score in result.evaluation.trains:
        print(f"{score.train}: {' '.join(str(n) for n in score.nodes)}")
        for stop in score.stops:
            print(f"  {stop.node} {stop.kind}: {stop.value if stop.counted else '-'} ({stop.note})")
        print(f"  revenue {score.revenue}" + "".join(f"; {n}" for n in score.notes))
    if result.routes:
        print(f"Revenue {result.evaluation.revenue}")
    print(f"Solved in {result.seconds:.2f} s")
    return code
