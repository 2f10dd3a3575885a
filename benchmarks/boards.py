"""The benchmark's long-Freight boards: late boards (phases F-H) where the company holds two or three
permanent Freight trains of 7-9 hexes, alone or with other trains, stored as position files in
`benchmarks/positions/` so that the benchmark needs nothing outside the repository.

    .venv/bin/python -m benchmarks.boards      # write the generated boards again (the files are tracked)

Each board is made by `solver.titles.g1862.random_board.random_position` like the stress suite (85-100% of the land
tiled, 3-6 markers, eight rival companies), with a train set the rules allow (9.0: two of each type in
phases E-F, three trains in all in G-H; 2.4.3: two trains of band F and one of band G in the game).
`three-9F.json` (ECR with three 9F in phase H, where listing every chain took 12-16 s) is the project's
reference position, copied here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position, position_to_dict
from solver.titles.g1862.random_board import dense_late_position

POSITIONS = Path(__file__).resolve().parent / "positions"
REFERENCE = ("three-9F.json",)

LONG_FREIGHT: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("F", ("7F", "7F")),
    ("F", ("7F", "7F", "4/5E", "4/5L")),
    ("F", ("7F", "7F", "4/5E", "4/5E")),
    ("G", ("8F", "7F", "7F")),
    ("G", ("8F", "7F", "5E")),
    ("G", ("8F", "7F", "4/5L")),
    ("H", ("9F", "9F", "8F")),
    ("H", ("9F", "9F", "6E")),
    ("H", ("9F", "8F", "6L")),
    ("H", ("9F", "7F", "7F")),
    ("H", ("9F", "9F", "9F")),
    ("H", ("9F", "8F", "7F")),
)
"""(phase, trains) of the generated boards: two or three permanent Freight trains of 7-9 hexes (bands F-H,
7.8.1), within the phase's train limit (9.0) and the number of trains of each band (2.4.3: two of band F,
one of band G)."""


def generated(index: int) -> Position:
    """Generated board `index` of LONG_FREIGHT, the same every time."""
    companies = sorted(load_game().companies)
    phase, trains = LONG_FREIGHT[index]
    return dense_late_position(5000 + index, phase, companies[(7 * index + 3) % len(companies)], trains)


def file_name(index: int) -> str:
    phase, trains = LONG_FREIGHT[index]
    return f"long-freight-{index:02d}-{phase}-{'-'.join(t.replace('/', '') for t in trains)}.json"


def long_freight_names() -> list[str]:
    """The file names of every long-Freight board: the reference ones, then the generated ones."""
    return [*REFERENCE, *(file_name(i) for i in range(len(LONG_FREIGHT)))]


def long_freight_positions() -> list[tuple[str, Position]]:
    """(file name, position) of every long-Freight board, in the order of `long_freight_names`."""
    return [(name, load_position(POSITIONS / name)) for name in long_freight_names()]


def main() -> int:
    POSITIONS.mkdir(exist_ok=True)
    for index in range(len(LONG_FREIGHT)):
        data = position_to_dict(generated(index))
        (POSITIONS / file_name(index)).write_text(json.dumps(data) + "\n", encoding="utf-8")
        print(f"written {file_name(index)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
