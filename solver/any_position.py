"""A position file of any title, chosen by its `game` field: 1862's own format (`g1862.position`, docs/position.md)
when the field is absent or `"1862"`, otherwise the core's position of a title with board data
(`solver.core.board_position`, docs/board-data.md "Positions of any title": 1860, 18BF).

1862's files are read, checked and written exactly as before; the other titles' are checked against their board
data only (their tile-lay and route rules come with their titles' packages).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from solver.core.board_data import DATA_ROOT, load_board
from solver.core.board_position import BoardPosition, position_to_data
from solver.core.board_position import parse_position as parse_board_position
from solver.errors import InputError, Problem
from solver.jsonfile import read_json_file
from solver.titles.g1862.position import Position, parse_position, position_to_dict

AnyPosition = Position | BoardPosition

#: The title whose positions have their own format and full rules.
FIRST_TITLE = "1862"
FIRST_TITLE_NAME = "1862: Railway Mania in the Eastern Counties"


@cache
def titles() -> dict[str, str]:
    """Every title a position may name, by `game` id, with its full name: 1862 first, then each folder of data/
    holding a title.json (its board data)."""
    found = {FIRST_TITLE: FIRST_TITLE_NAME}
    for folder in sorted(DATA_ROOT.iterdir()):
        if (folder / "title.json").is_file():
            found[folder.name] = load_board(folder.name).name
    return found


def short_title(game: str) -> str:
    """A title as players write it: the part of its full name before the colon (`18bf` -> `18BF`)."""
    return titles().get(game, game).split(":")[0]


def title_of(position: AnyPosition) -> str:
    """The `game` id of a position's title."""
    return position.title if isinstance(position, Position) else position.board.title


def parse_any_position(data: Any, what: str = "position") -> AnyPosition:
    """A checked position of any title from parsed JSON; InputError with one Problem per fault. A file without
    `game`, or with a `game` that is not a string, is read as 1862's (so its messages are 1862's as before)."""
    game = data.get("game", FIRST_TITLE) if isinstance(data, dict) else FIRST_TITLE
    if not isinstance(game, str) or game == FIRST_TITLE:
        return parse_position(data, what)
    if game not in titles():
        known = ", ".join(titles())
        raise InputError([Problem("game", "format", f"{game!r} is not a title of this assistant ({known})")])
    return parse_board_position(data, what)


def load_any_position(path: str | Path) -> AnyPosition:
    """Read and check a position file of any title; InputError naming the file, field, hex or company."""
    return parse_any_position(read_json_file(path, "position"), str(path))


def any_position_to_dict(position: AnyPosition) -> dict[str, Any]:
    """The position as the JSON data of its title's file format (read back by `parse_any_position`)."""
    if isinstance(position, Position):
        return position_to_dict(position)
    return position_to_data(position)
