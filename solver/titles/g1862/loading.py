"""Reading a position file checked by every rule: `load_position` returns a Position only when the file is well
formed (solver.titles.g1862.position) and breaks no rule checked by `solver.titles.g1862.validation`; otherwise it
raises InputError listing every problem. Reading a file never half-loads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solver.errors import InputError, Problem
from solver.jsonfile import read_json_file
from solver.titles.g1862.position import Position, position_from_dict
from solver.titles.g1862.validation import validate_position

GAME_EXPORT_MESSAGE = "this is an 18xx.games game export: open it with Import review (or `python -m solver review`)"


def _is_game_export(data: Any) -> bool:
    """Whether parsed JSON is an 18xx.games game export (its title and action list), not a position."""
    return isinstance(data, dict) and "title" in data and isinstance(data.get("actions"), list)


def parse_position(data: Any, source: str = "position") -> Position:
    """A valid Position from parsed JSON, or InputError with every problem (format and rules). A game export
    (read from `source`) gets one line pointing to the importer instead of a list of unknown fields."""
    if _is_game_export(data):
        raise InputError([Problem(source, "format", GAME_EXPORT_MESSAGE)])
    position, problems = position_from_dict(data)
    if position is not None:
        problems += validate_position(position, check_supply=True)
    if problems or position is None:
        raise InputError(problems)
    return position


def load_position(path: str | Path) -> Position:
    """Read and validate a position file; InputError naming the file, hex, company and rule otherwise."""
    return parse_position(read_json_file(path, "position"), str(path))
