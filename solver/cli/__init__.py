"""Command-line interface: ``python -m solver COMMAND ...``.

Each command lives in its own module of this package, named after the command, with two functions:
``register(subparsers)`` adds its argument parser and ``run(args) -> int`` does the work. Every command
accepts ``--json``. Bad input is reported as one line per problem (or a JSON object with ``problems``) and
exit code 2; a traceback is never shown for bad input.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import json
import os
import sys
from collections.abc import Sequence

from solver.errors import Problem, SolverError

COMMANDS = ("validate", "show", "routes", "score", "merge", "market", "review", "position")
EXIT_OK, EXIT_INPUT = 0, 2


class _Parser(argparse.ArgumentParser):
    """An argument parser that answers a misspelt flag with the flag meant (``--compnay``: did you mean
    ``--company``?) before anything else, instead of only saying that ``--company`` is missing. Abbreviations of
    a flag (``--comp``) are still read, as argparse reads them."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if args is not None and not self._subparsers:
            self._check_flags(args)
        return super().parse_known_args(args, namespace)

    def _check_flags(self, args: Sequence[str]) -> None:
        flags = [f for f in self._option_string_actions if f.startswith("--")]
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0]
            if not name.startswith("--") or any(f.startswith(name) for f in flags):
                continue
            close = difflib.get_close_matches(name, flags, n=1, cutoff=0.6)
            self.error(f"unknown option {name}" + (f"; did you mean {close[0]}?" if close else ""))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
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
