"""A position file of any title, read and written by its title (`solver.titles.registry`): the `game` field names
the title; a file without it is 1862's (docs/position.md), whose own format and messages are kept exactly. The
other titles' positions are the core's (`solver.core.board_position`, docs/board-data.md "Positions of any
title": 1860, 18BF), checked against their board data; `load_checked_position` adds the title's board rules
where it has them (1860: docs/board-1860.md; 18BF: docs/routes-18bf.md, "Board rules").

A title's package is imported only when one of its positions is read or written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem, cited
from solver.jsonfile import read_json_file
from solver.titles.registry import DEFAULT_TITLE, TITLES, title

if TYPE_CHECKING:
    from solver.titles.g1862.position import Position

AnyPosition: TypeAlias = "Position | BoardPosition"


def short_title(game: str) -> str:
    """A title as players write it: the part of its full name before the colon (`18bf` -> `18BF`)."""
    found = TITLES.get(game)
    return found.short if found else game


def title_of(position: AnyPosition) -> str:
    """The `game` id of a position's title."""
    return position.title


def position_object(data: Any, what: str) -> dict[str, Any]:
    """The parsed JSON of a position file, which must be an object; InputError naming `what` (the file) otherwise,
    in words rather than the format reader's."""
    if not isinstance(data, dict):
        kind = {list: "a list", str: "a string", bool: "true or false", type(None): "null"}.get(type(data), "a number")
        raise InputError([Problem(what, "format", f"a position file holds a JSON object ({{...}}), not {kind}")])
    return data


def parse_any_position(data: Any, what: str = "position") -> AnyPosition:
    """A checked position of any title from parsed JSON; InputError with one Problem per fault. A file without
    `game`, or with a `game` that is not a string, is read as 1862's (so its messages are 1862's as before); a
    `game` that names no title is refused naming every title; JSON that is not an object is refused naming `what`
    (the file) in words, not the reader's jargon."""
    game = position_object(data, what).get("game", DEFAULT_TITLE)
    if not isinstance(game, str):
        game = DEFAULT_TITLE
    position: AnyPosition = title(game, what).read_position(data, what)
    return position


def load_any_position(path: str | Path) -> AnyPosition:
    """Read and check a position file of any title; InputError naming the file, field, hex or company."""
    return parse_any_position(read_json_file(path, "position"), str(path))


def any_position_to_dict(position: AnyPosition) -> dict[str, Any]:
    """The position as the JSON data of its title's file format (read back by `parse_any_position`)."""
    return title(title_of(position)).position_data(position)


def load_checked_position(path: str | Path) -> AnyPosition:
    """`load_any_position`, then the title's board rules (tiles, bases, trains) where it has them: InputError with
    every fault, each naming the hex or company and the rule (the board data's limits cited as the title's data says
    where its rulebook states them: title.json → `rules`)."""
    try:
        position = load_any_position(path)
    except InputError as exc:
        raise InputError([cited(p) for p in exc.problems]) from None
    problems = title(title_of(position)).board_problems(position)
    if problems:
        raise InputError([cited(p) for p in problems])
    return position


def what_was_checked(position: BoardPosition) -> str:
    """What `validate` and `show` checked a position of a title on the core's board data against."""
    described = title(position.title)
    if described.board_rules is None:
        return f"its board data; the board rules of {described.short} are not applied yet"
    return f"its board data and {described.board_rules_checked}; its route rules judge runs when they are scored"
