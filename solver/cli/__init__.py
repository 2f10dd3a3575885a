"""Command-line interface: ``python -m solver COMMAND ...``.

Each command lives in its own module of this package, named after the command, with two functions:
``register(subparsers)`` adds its argument parser and ``run(args) -> int`` does the work. Every command
accepts ``--json``. Bad input is reported as one line per problem (or a JSON object with ``problems``) and
exit code 2; a traceback is never shown for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence

from solver.errors import Problem, SolverError

COMMANDS = ("validate", "show", "routes", "score", "merge", "market", "review", "position")
EXIT_OK, EXIT_INPUT = 0, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m solver", description="1862: Railway Mania in the Eastern Counties analysis assistant."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"solver.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"solver.cli.{name}":
                continue
            raise
        module.register(subparsers)
    return parser


def report_problems(problems: Sequence[Problem], as_json: bool) -> None:
    """Print input problems: one line each on stderr, or one JSON object on stdout."""
    if as_json:
        payload = {"ok": False, "problems": [p.__dict__ for p in problems]}
        print(json.dumps(payload, indent=2))
    else:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    as_json = bool(getattr(args, "json", False))
    try:
        result: int = args.run(args)
    except SolverError as exc:
        report_problems(exc.problems, as_json)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): say nothing more, and let Python's exit flush go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    return result
