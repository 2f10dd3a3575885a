"""The `routes` and `score` commands' answers for titles on the core's protocol (1860, 18BF): one body each, given
what differs by title (`TitleRoutes`: its optimizer and evaluator, the rule a company without trains breaks, its
route file, its JSON and text answers). Flags, JSON shape and exit codes are 1862's (docs/optimizer.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import Field, ValidationError

from solver.cli.common import canonical_company, print_json
from solver.cli.solving import EXIT_CODES, EXIT_SOLVER_FAILED, check_limits, ctrl_c_stops, solved_line, status_line
from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec, TrainScore
from solver.core.search.model import SolverFailure
from solver.core.search.run_search import SearchResult
from solver.errors import InputError, Problem, format_problems
from solver.jsonfile import FileModel, read_json_file

EXIT_LEGAL, EXIT_ILLEGAL = 0, 2


class PinnedRoute(FileModel):
    """One route of a route file: the train and the nodes it passes in order. A title narrows the fields' rules and
    adds its choices (`choices`)."""

    train: str = Field(description="the train")
    nodes: list[str] = Field(min_length=1, description="the nodes passed in order (HEX:n, or HEX for one node)")

    def choices(self) -> dict[str, Any]:
        """The title's choices for the route (none unless the title adds some)."""
        return {}

    def spec(self) -> RouteSpec:
        """The route for the evaluator: names stripped, hexes in capitals."""
        return RouteSpec(self.train.strip(), tuple(n.strip().upper() for n in self.nodes), self.choices())


class RouteFile(FileModel):
    """What every title's route file has: the company it is for (or give --company). A title adds its `routes`."""

    company: str | None = Field(None, description="the company (or give --company)")
    routes: Sequence[PinnedRoute] = Field(default_factory=list)


R = TypeVar("R", bound=RouteFile)


def read_route_file(path: str, company: str, model: type[R], what: str) -> R:
    """A title's route file (`what`: a pin file or a route file); InputError naming the file and field when it cannot
    be read, or when it is for another company than `company`."""
    try:
        read = model.model_validate(read_json_file(path, "routes"))
    except ValidationError as exc:
        raise InputError(format_problems(exc, f"{what} {path}")) from None
    if read.company is not None and read.company.casefold() != company.casefold():
        raise InputError([Problem(f"{what} {path}", "format", f"is for {read.company}, not {company}")])
    return read


def read_routes(path: str, company: str, model: type[RouteFile], what: str) -> tuple[RouteSpec, ...]:
    """The routes of a title's route file (`read_route_file`), for the evaluator."""
    return tuple(r.spec() for r in read_route_file(path, company, model, what).routes)


def train_to_dict(score: TrainScore) -> dict[str, Any]:
    """One train's route as JSON: the train, its stations in order, each stop with what it earns, its revenue and
    subsidy, and its notes."""
    return {
        "train": score.train,
        "nodes": [str(n) for n in score.nodes],
        "stops": [
            {"node": str(s.node), "kind": s.kind, "value": s.value, "counted": s.counted, "note": s.note}
            for s in score.stops
        ],
        "revenue": score.revenue,
        "subsidy": score.subsidy,
        "notes": list(score.notes),
    }


def print_routes(trains: Sequence[TrainScore], money: Callable[[TrainScore], str]) -> None:
    """Each train's nodes, each stop with what it earns (or `-` when it does not count) and why, and the train's
    money (`money`: its revenue, and what it is paid beside) with its notes."""
    for train in trains:
        print(f"{train.train}: {' '.join(str(n) for n in train.nodes)}")
        for stop in train.stops:
            print(f"  {stop.node} {stop.kind}: {stop.value if stop.counted else '-'} ({stop.note})")
        print(f"  {money(train)}" + "".join(f"; {n}" for n in train.notes))


@dataclass(frozen=True)
class TitleRoutes:
    """What a title gives the commands: its optimizer (`best_run`) and evaluator, the rule a company without trains
    breaks, its route file's routes (`load_routes(path, company, what)`, `what` naming the file in messages), one
    route as JSON, the trains as text, and whether the answer's first line names the objective."""

    best_run: Callable[..., SearchResult]
    evaluate: Callable[[BoardPosition, str, tuple[RouteSpec, ...]], Evaluation]
    no_trains_rule: str
    load_routes: Callable[[str, str, str], tuple[RouteSpec, ...]]
    route_to_dict: Callable[[TrainScore], dict[str, Any]]
    print_trains: Callable[[Sequence[TrainScore]], None]
    objective_in_header: bool


def result_to_dict(
    company: str, result: SearchResult, route_to_dict: Callable[[TrainScore], dict[str, Any]]
) -> dict[str, Any]:
    """The JSON answer, in the shape of 1862's: company, revenue, subsidy, total, status, bound, solve_seconds,
    reason, routes (each in the title's shape), notes."""
    evaluation = result.evaluation
    return {
        "company": company,
        "revenue": evaluation.revenue,
        "subsidy": evaluation.subsidy,
        "total": evaluation.revenue + evaluation.subsidy,
        "status": result.status,
        "bound": result.bound,
        "solve_seconds": round(result.seconds, 3),
        "reason": result.reason,
        "routes": [route_to_dict(t) for t in evaluation.trains],
        "notes": [],
    }


def answer(args: argparse.Namespace, position: BoardPosition, title: TitleRoutes) -> int:
    """The company's best run by the title's optimizer, as JSON or text; the exit code of its status."""
    company = canonical_company(args.company, position.companies, "in this position")
    if not position.companies[company].trains:
        raise InputError([Problem(f"company {company}", title.no_trains_rule, "has no trains, so it has no run")])
    check_limits(args.time_limit, args.workers)
    pins = title.load_routes(args.pin, company, "pin file") if args.pin else ()
    try:
        with ctrl_c_stops() as stop:
            result = title.best_run(
                position,
                company,
                objective=args.objective,
                time_limit=args.time_limit,
                pins=pins,
                excluded=tuple(args.exclude),
                workers=args.workers,
                stop=stop,
            )
    except SolverFailure as exc:
        print(f"error: the CP-SAT solver failed, so there is no answer: {exc}", file=sys.stderr)
        return EXIT_SOLVER_FAILED
    code = EXIT_CODES[result.status]
    if args.json:
        print_json(result_to_dict(company, result, title.route_to_dict))
        return code
    objective = f", objective {args.objective}" if title.objective_in_header else ""
    status = status_line(result.status, result.seconds, result.bound, result.reason, stop)
    print(f"{company} best run, phase {position.phase}{objective}: {status}")
    if result.routes:
        title.print_trains(result.evaluation.trains)
    if solved := solved_line(result.status, result.seconds):
        print(solved)
    return code


def score(args: argparse.Namespace, position: BoardPosition, title: TitleRoutes) -> int:
    """The route file judged by the title's evaluator: exit 0 when legal (each stop and the money printed), 2 when
    not (every rule broken, naming the train, node or rule) or when the file cannot be read."""
    data = read_json_file(args.routes, "routes")
    named = args.company or (data.get("company") if isinstance(data, dict) else None)
    if not isinstance(named, str):
        raise InputError([Problem("company", "format", "name the company with --company or in the route file")])
    company = canonical_company(named, position.companies, "in this position")
    evaluation = title.evaluate(position, company, title.load_routes(args.routes, company, "route file"))
    if args.json:
        print_json(
            {
                "company": company,
                "legal": evaluation.legal,
                "revenue": evaluation.revenue,
                "subsidy": evaluation.subsidy,
                "problems": [p.__dict__ for p in evaluation.problems],
                "routes": [title.route_to_dict(t) for t in evaluation.trains],
            }
        )
        return EXIT_LEGAL if evaluation.legal else EXIT_ILLEGAL
    if not evaluation.legal:
        print(f"{company}: the run is not legal", file=sys.stderr)
        for problem in evaluation.problems:
            print(f"error: {problem.where}: {problem.message} ({problem.rule})", file=sys.stderr)
        return EXIT_ILLEGAL
    print(f"{company} run, phase {position.phase}: legal")
    title.print_trains(evaluation.trains)
    return EXIT_LEGAL
