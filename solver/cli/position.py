"""``python -m solver position GAME.json [--action N] [--out P.json]``: any moment of an 18xx.games game as a
position file (issue 15).

The position just before action N (without ``--action``: after the last action, the current position of a
game in progress) is written in the position format, version 2: the board, trains and permits, and the
players, share prices and holdings replayed from the export (docs/importer.md says what cash is not). The
importer's notes (events rebuilt without an action, differences from the site) go to stderr; for a game in
progress the company about to run is named.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from solver.cli.common import add_json_flag, print_json
from solver.errors import InputError, Problem
from solver.titles.g1862.importer.export_file import read_export
from solver.titles.g1862.importer.replay import position_before
from solver.titles.g1862.position import position_to_dict


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="18xx.games export file (JSON), finished or in progress")
    parser.add_argument("--action", type=int, help="the action id: the position just before it (default: the end)")
    parser.add_argument("--out", help="write the position file here (default: print it)")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out) if args.out else None
    if out is not None and (not out.parent.is_dir() or out.is_dir()):
        raise InputError([Problem(f"--out {args.out}", "option", "the folder does not exist or the path is a folder")])
    export = read_export(args.game)
    position, game = position_before(export, args.action)
    data = position_to_dict(position)
    for note in game.notes:
        print(f"note: {note}", file=sys.stderr)
    where = f"before action {args.action}" if args.action is not None else "after the last action"
    if game.about_to_run:
        print(f"{game.about_to_run} is about to run", file=sys.stderr)
    if out is None:
        print_json(data)
        return 0
    try:
        out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise InputError([Problem(f"--out {args.out}", "file", f"cannot write the position: {exc}")]) from None
    if args.json:
        print_json({"ok": True, "out": str(out), "action": args.action, "about_to_run": game.about_to_run})
    else:
        print(f"wrote the position {where} to {out}")
    return 0
