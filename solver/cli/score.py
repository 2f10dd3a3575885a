"""``python -m solver score POSITION --company ENR --routes ROUTES.json``: judge and score a hand-written run.

Exit code 0 when the run is legal (each train's stops, dropped stop, Freight bonus, revenue, the Local
subsidy and the total are printed); 2 when it is not (every rule broken, with its rulebook section) or when
the input cannot be judged (unknown company, a train the company does not own, a malformed file). An 1860 position
takes its routes station by station (the pin file of docs/routes-1860.md) and is judged by 1860's evaluator; an
18BF position node by node, G-trains by their marker cities (the pin file of docs/routes-18bf.md), by 18BF's.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from solver.any_position import load_any_position
from solver.cli.common import add_json_flag, canonical_company, print_json, require_title_can
from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.explain import explain, explanation_lines
from solver.titles.g1862.routes.model import Evaluation, TrainResult
from solver.titles.g1862.routes.routes_file import load_routes

EXIT_OK, EXIT_ILLEGAL = 0, 2


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help="position JSON file")
    parser.add_argument("--routes", required=True, help="route JSON file (docs/routes-file.schema.json)")
    parser.add_argument("--company", help="company abbreviation, e.g. ENR (default: the route file's company)")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def train_to_dict(t: TrainResult) -> dict[str, Any]:
    """One train's result as JSON: its hexes, stops with status, Freight bonus and revenue."""
    return {
        "train": t.train,
        "hexes": list(t.hexes),
        "stops": [{"node": s.node, "name": s.name, "value": s.value, "status": s.status} for s in t.stops],
        "freight_bonus": t.freight_bonus,
        "bonus_hexes": t.bonus_hexes,
        "chain": t.chain,
        "dropped": t.dropped,
        "subsidy_hexes": list(t.subsidy_hexes),
        "revenue": t.revenue,
    }


def evaluation_to_dict(evaluation: Evaluation) -> dict[str, Any]:
    """An evaluation as JSON: company, legal, revenue, subsidy, problems, routes and notes."""
    return {
        "company": evaluation.company,
        "legal": evaluation.legal,
        "revenue": evaluation.revenue,
        "subsidy": evaluation.subsidy,
        "problems": [p.__dict__ for p in evaluation.problems],
        "routes": [train_to_dict(t) for t in evaluation.trains],
        "notes": list(evaluation.notes),
    }


def run(args: argparse.Namespace) -> int:
    require_title_can(args.position, "score", "score")
    loaded = load_any_position(args.position)
    if isinstance(loaded, BoardPosition):  # a title on the core's evaluator (cli/routes_1860.py, cli/routes_18bf.py)
        if loaded.board.title == "18bf":
            from solver.cli.routes_18bf import score as score_18bf

            return score_18bf(args, loaded)
        from solver.cli.routes_1860 import score as score_1860

        return score_1860(args, loaded)
    position = load_position(args.position)
    file_company, routes = load_routes(args.routes)
    named = args.company or file_company
    if named is None:
        raise InputError([Problem("company", "format", "name the company with --company or in the route file")])
    if args.company and file_company and args.company.casefold() != file_company.casefold():
        raise InputError(
            [
                Problem(
                    "company",
                    "format",
                    f"--company {args.company} but the route file is for {file_company}",
                )
            ]
        )
    company = canonical_company(named, position.companies, "in this position")
    evaluation = evaluate(position, company, routes)
    if args.json:
        print_json(evaluation_to_dict(evaluation))
        return EXIT_OK if evaluation.legal else EXIT_ILLEGAL
    if not evaluation.legal:
        print(f"{company}: the run is not legal", file=sys.stderr)
        for problem in evaluation.problems:
            print(f"error: {problem}", file=sys.stderr)
        return EXIT_ILLEGAL
    print(f"{company} run, phase {position.phase}: legal")
    print("\n".join(explanation_lines(explain(evaluation, position.game))))
    print(f"Revenue {evaluation.revenue}; Local subsidy {evaluation.subsidy} to the treasury (not revenue)")
    print(f"Total to the company: revenue {evaluation.revenue} + subsidy {evaluation.subsidy}")
    return EXIT_OK
