"""``python -m solver validate POSITION``: check a position file against the file format and the rules."""

from __future__ import annotations

import argparse

from solver.cli.common import add_json_flag, print_json
from solver.position import load_position


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("validate", help="check a position file (exit 0 if valid, 2 if not)")
    parser.add_argument("position", help="position JSON file")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    position = load_position(args.position)
    if args.json:
        print_json({"ok": True, "problems": [], "name": position.name, "phase": position.phase})
    else:
        print(f"{args.position}: valid position ({len(position.tiles)} tiles, {len(position.companies)} companies)")
    return 0
