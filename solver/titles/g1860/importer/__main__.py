"""`python -m solver.titles.g1860.importer GAME.json [--json]`: every recorded run of an 1860 export, its revenue
and subsidy as recorded and as the evaluator gives them in the game's mode, and the rulebook's verdict. Bad input
is reported one problem per line with exit code 2 (as `python -m solver`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from solver.cli import EXIT_INPUT, EXIT_OK, report_problems
from solver.cli.common import add_json_flag, print_json
from solver.errors import InputError
from solver.titles.g1860.importer.review import review_game, review_row


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.titles.g1860.importer", description=__doc__)
    parser.add_argument("game", help="an 1860 game exported from 18xx.games")
    add_json_flag(parser)
    args = parser.parse_args(argv)
    try:
        reviews = review_game(args.game)
    except InputError as exc:
        report_problems(exc.problems, args.json)
        return EXIT_INPUT
    if args.json:
        print_json([review_row(r) for r in reviews])
        return EXIT_OK
    for review in reviews:
        run, site = review.run, review.site
        evaluated = f"{site.revenue}+{site.subsidy}" if site.legal else "illegal"
        verdict = "legal" if review.rulebook.legal else "; ".join(review.rulebook_problems)
        print(
            f"{run.action_id:>4} {run.company:<6} phase {run.position.phase} recorded {run.revenue}+{run.subsidy} "
            f"evaluated {evaluated} {review.difference}; rulebook: {verdict}"
        )
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
