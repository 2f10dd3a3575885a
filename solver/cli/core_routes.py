"""The `routes` command's answer for titles on the core's protocol (1860, 18BF): one body, given what differs by
title (its optimizer, the rule a company without trains breaks, its JSON and text answers). Flags, JSON shape and
exit codes are 1862's (docs/optimizer.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from solver.cli.common import canonical_company, print_json
from solver.cli.routes import EXIT_CODES, EXIT_SOLVER_FAILED, check_limits
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec, TrainScore
from solver.core.run_report import status_text
from solver.core.search.model import SolverFailure
from solver.core.search.run_search import SearchResult
from solver.errors import InputError, Problem


def answer(
    args: argparse.Namespace,
    position: BoardPosition,
    *,
    best_run: Callable[..., SearchResult],
    no_trains_rule: str,
    load_pins: Callable[[str, str], tuple[RouteSpec, ...]],
    to_dict: Callable[[str, SearchResult], dict[str, Any]],
    print_trains: Callable[[Sequence[TrainScore]], None],
    objective_in_header: bool,
) -> int:
    """The company's best run by the title's optimizer, as JSON or text; the exit code of its status."""
    company = canonical_company(args.company, position.companies, "in this position")
    if not position.companies[company].trains:
        raise InputError([Problem(f"company {company}", no_trains_rule, "has no trains, so it has no run")])
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
        print_json(to_dict(company, result))
        return code
    objective = f", objective {args.objective}" if objective_in_header else ""
    print(f"{company} best run, phase {position.phase}{objective}: {status_text(result)}")
    if result.routes:
        print_trains(result.evaluation.trains)
    print(f"Solved in {result.seconds:.2f} s")
    return code
