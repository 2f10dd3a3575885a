"""``python -m solver routes POSITION --company ENR``: the company's best legal run, proven optimal by CP-SAT.

Prints each train's route, stops (scored, dropped, scored by another train), Freight bonus and revenue, the
Local subsidy, the total, the status ("proven optimal", or "best found in N s, bound B" when the time limit
stops the search) and the time taken (once). ``--pin ROUTES.json`` fixes some trains' routes (a route file,
docs/routes-file.schema.json) and re-solves the rest; ``--exclude 3F`` keeps one 3F from running (repeat it
for more).

Ctrl-C during the search stops it: the best run so far is printed, its status saying Ctrl-C ended it.

Exit codes (also in ``--help``): 0 the run is proven optimal, or proven impossible ("no legal run"); 3 the
time limit or Ctrl-C ended the search with a run that is not proven optimal (its bound is printed); 4 the time
limit or Ctrl-C ended the solve before any run was found; 5 the CP-SAT solver failed (never reported as "no run
found"); 2 bad input, one line per problem (an unknown company, a company without trains, a bad pin file, a time
limit that is not a finite positive number, a worker count outside 1-64); 130 interrupted by Ctrl-C before the
search began.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from solver.any_position import load_any_position, short_title
from solver.cli.common import add_json_flag, canonical_company, print_json, require_title_can
from solver.cli.score import train_to_dict
from solver.cli.solving import (
    EPILOG,
    EXIT_CODES,
    EXIT_SOLVER_FAILED,
    MAX_WORKERS,
    check_limits,
    ctrl_c_stops,
    solved_line,
    status_line,
)
from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem
from solver.titles.g1862.routes.explain import explain, explanation_lines
from solver.titles.g1862.routes.model import RouteSpec, SolveOptions, SolveResult
from solver.titles.g1862.routes.optimizer import SolverFailure, optimize
from solver.titles.g1862.routes.routes_file import load_routes


def register(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("position", help="position JSON file")
    parser.add_argument("--company", required=True, help="company abbreviation, e.g. ENR")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds to search (default 30)")
    parser.add_argument(
        "--objective",
        choices=("revenue", "cash"),
        default="revenue",
        help="revenue first with Local subsidy as tie-break (default), or revenue plus subsidy (7.8.2)",
    )
    parser.add_argument("--pin", help="route file of trains whose routes are fixed")
    parser.add_argument("--exclude", action="append", default=[], help="a train that does not run, e.g. 3F")
    parser.add_argument("--workers", type=int, default=1, help=f"CP-SAT worker threads, 1-{MAX_WORKERS} (default 1)")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def _pins(path: str | None, company: str) -> tuple[RouteSpec, ...]:
    if path is None:
        return ()
    file_company, routes = load_routes(path)
    if file_company is not None and file_company.casefold() != company.casefold():
        raise InputError([Problem(f"pin file {path}", "format", f"is for {file_company}, not {company}")])
    return routes


def result_to_dict(result: SolveResult) -> dict[str, Any]:
    """The JSON answer: company, revenue, subsidy, status, bound, solve_seconds, reason, routes."""
    return {
        "company": result.company,
        "revenue": result.revenue,
        "subsidy": result.subsidy,
        "total": result.revenue + result.subsidy,
        "status": result.status,
        "bound": result.bound,
        "solve_seconds": round(result.solve_seconds, 3),
        "reason": result.reason,
        "routes": [train_to_dict(t) for t in result.evaluation.trains],
        "notes": list(result.evaluation.notes),
    }


def run(args: argparse.Namespace) -> int:
    require_title_can(args.position, "routes", "solve")
    loaded = load_any_position(args.position)
    if isinstance(loaded, BoardPosition):
        return _other_title(args, loaded)
    position = loaded
    company = canonical_company(args.company, position.companies, "in this position")
    state = position.companies[company]
    if not state.trains:
        raise InputError([Problem(f"company {company}", "7.8", "has no trains, so it has no run")])
    check_limits(args.time_limit, args.workers)
    options = SolveOptions(
        time_limit=args.time_limit,
        objective=args.objective,
        pinned=_pins(args.pin, company),
        excluded=tuple(args.exclude),
        workers=args.workers,
    )
    try:
        with ctrl_c_stops() as stop:
            result = optimize(position, company, options, stop=stop)
    except SolverFailure as exc:
        print(f"error: the CP-SAT solver failed, so there is no answer: {exc}", file=sys.stderr)
        return EXIT_SOLVER_FAILED
    code = EXIT_CODES[result.status]
    if args.json:
        print_json(result_to_dict(result))
        return code
    status = status_line(result.status, result.solve_seconds, result.bound, result.reason, stop)
    print(f"{company} best run, phase {position.phase}, objective {args.objective}: {status}")
    print("\n".join(explanation_lines(explain(result.evaluation, position.game))))
    if result.routes:
        print(f"Revenue {result.revenue}; Local subsidy {result.subsidy} to the treasury (not revenue)")
        print(f"Total to the company: {result.revenue + result.subsidy}")
    if solved := solved_line(result.status, result.solve_seconds):
        print(solved)
    return code


def _other_title(args: argparse.Namespace, position: BoardPosition) -> int:
    """The command on a position of another title, by its own package (docs/routes-1860.md for 1860,
    docs/routes-18bf.md for 18BF)."""
    if position.board.title == "1860":
        from solver.cli.routes_1860 import run as run_1860

        return run_1860(args, position)
    if position.board.title == "18bf":
        from solver.cli.routes_18bf import run as run_18bf

        return run_18bf(args, position)
    title = short_title(position.board.title)
    raise InputError([Problem("game", "format", f"best runs are not available for {title} positions yet")])
