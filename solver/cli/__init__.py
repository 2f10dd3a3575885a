"""Command-line interface: ``python -m solver COMMAND ...``.

Each command lives in its own module of this package, named after the command, with two functions:
``register(parser)`` adds its arguments to the command's parser and ``run(args) -> int`` does the work. Only
the module of the command being run is imported (``build_parser``): the others are listed by their help line
alone, so ``routes`` never loads polars, plotly or the importer (docs/reliability.md). Every command accepts
``--json``. Bad input is reported as one line per problem (or a JSON object with ``problems``) and exit code
2; a traceback is never shown for bad input.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib
import json
import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from solver.errors import Problem, SolverError, problem_text

# Each command and its line in ``--help``, in the order listed there.
COMMANDS = {
    "validate": "check a position file (exit 0 if valid, 2 if not)",
    "show": "print a readable summary of a position",
    "routes": "find a company's best legal run (proven optimal by CP-SAT)",
    "score": "judge and score a company's run given as hex lists (exit 0 if legal, 2 if not)",
    "merge": "preview the 2:1 share merge of a merger, acquisition or refinancing (rule 5.2)",
    "market": "stock market previews: dividend, sell, order, newprice; 1860: nationalise, insolvency, value; "
    "18BF: loans, start, endgame",
    "merger": "18BF's Merger Round: convert, merge or take over minors, form a System (rule 12)",
    "review": "review the runs of 18xx.games game exports against the best runs",
    "position": "write the position of an 18xx.games game before an action",
}
EXIT_OK, EXIT_INPUT, EXIT_INTERRUPTED = 0, 2, 130


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


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser for the command line `argv`. Every command is listed with its help line, but only the
    command `argv` names (its first word that is not an option, as argparse reads it) gets its arguments, from
    its module, imported here and only here: the heavy modules of the other commands are never loaded."""
    parser = _Parser(
        prog="python -m solver", description="1862: Railway Mania in the Eastern Counties analysis assistant."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    named = next((arg for arg in argv if not arg.startswith("-")), None)
    for name, help_line in COMMANDS.items():
        command_parser = subparsers.add_parser(name, help=help_line)
        if name == named:
            importlib.import_module(f"solver.cli.{name}").register(command_parser)
    return parser


def report_problems(problems: Sequence[Problem], as_json: bool) -> None:
    """Print input problems: one line each on stderr, or one JSON object on stdout."""
    if as_json:
        payload = {"ok": False, "problems": [p.__dict__ for p in problems]}
        print(json.dumps(payload, indent=2))
    else:
        for problem in problems:
            print(f"error: {problem_text(problem)}", file=sys.stderr)


def interrupted() -> int:
    """Say that Ctrl-C ended the command (before or outside a search, which reports its own stop): exit code 130."""
    print("interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def quiet_interrupt() -> None:
    """After the command: a Ctrl-C while the interpreter shuts down (flushing the output, ending threads) ends the
    process with exit code 130 and what was printed kept, not with a traceback."""

    def on_signal(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        os._exit(EXIT_INTERRUPTED)

    signal.signal(signal.SIGINT, on_signal)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line `argv` (default: the process's arguments) and give its exit code. Ctrl-C at any point
    of it (the command's module loading, reading the arguments, the work) gives 130 and one line, no traceback."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(argv).parse_args(argv)
        return _run(args)
    except KeyboardInterrupt:
        return interrupted()


def _run(args: argparse.Namespace) -> int:
    as_json = bool(getattr(args, "json", False))
    try:
        result: int = args.run(args)
    except SolverError as exc:
        report_problems(exc.problems, as_json)
        return EXIT_INPUT
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): say nothing more, and let Python's exit flush go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    return result
