"""The 1860 example positions with money (examples/position-1860-*.json), read as the command line reads them."""

from __future__ import annotations

from pathlib import Path

from solver.core.board_position import BoardPosition, read_position

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def example(name: str) -> BoardPosition:
    return read_position(EXAMPLES / f"position-1860-{name}.json")
