"""``python -m solver validate POSITION``: check a position file against the file format and the rules.

An 1862 file is checked against every rule of 1862 (docs/position.md); a file of another title (its `game`:
1860, 18bf) against that title's board data (docs/board-data.md "Positions of any title") and its board rules
(1860: docs/board-1860.md; 18BF: docs/routes-18bf.md, "Board rules"); the output says which."""

from __future__ import annotations

import argparse

from solver.any_position import AnyPosition, load_checked_position, short_title, what_was_checked
from solver.cli.common import add_json_flag, counted, print_json
from solver.core.board_position import BoardPosition
from solver.titles import registry


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help="position JSON file")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    position = load_checked_position(args.position)
    if isinstance(position, BoardPosition):
        return _board_position(args, position)
    if args.json:
        print_json({"ok": True, "problems": [], "name": position.name, "phase": position.phase})
    else:
        print(f"{args.position}: valid position ({_counts(position)})")
    return 0


def _board_position(args: argparse.Namespace, position: BoardPosition) -> int:
    board = position.board
    title = short_title(board.title)
    if args.json:
        print_json(
            {
                "ok": True,
                "problems": [],
                "game": board.title,
                "map": board.map_variant,
                "name": position.name,
                "phase": position.phase,
                "checked": "board data" + (", board rules" if registry.title(board.title).board_rules else ""),
            }
        )
    else:
        print(
            f"{args.position}: valid {title} position on the {board.map_variant} map ({_counts(position)}), "
            f"checked against {what_was_checked(position)}"
        )
    return 0


def _counts(position: AnyPosition) -> str:
    """ "6 tiles, 1 company": what the position holds."""
    return f"{counted(len(position.tiles), 'tile')}, {counted(len(position.companies), 'company', 'companies')}"
