"""1860 positions for the route tests: small stretches of the Isle of Wight with tiles of the 1860 box laid where
the map allows them (a village takes a halt or small station, a large station a plain or labelled town tile,
empty hexes plain track), each built through the core's position loader."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.run_1860 import FOUR_TRAINS, dense_board
from solver.core.board_position import BoardPosition, parse_position
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.track_graph import NodeRef, TrackGraph
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.importer import import_game


def position(
    phase: str,
    tiles: list[tuple[str, str, int]],
    stations: dict[str, list[list[str]]],
    companies: dict[str, list[str]],
    rules: dict[str, Any] | None = None,
    company_rules: dict[str, dict[str, Any]] | None = None,
    map_variant: str = "full",
) -> BoardPosition:
    extra = company_rules or {}
    return parse_position(
        {
            "game": "1860",
            "map": map_variant,
            "phase": phase,
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
            "stations": stations,
            "companies": {c: {"trains": trains, "rules": extra.get(c, {})} for c, trains in companies.items()},
            "rules": rules or {},
        }
    )


def run(pos: BoardPosition, company: str, *routes: tuple[str, str] | tuple[str, str, int]) -> Evaluation:
    """Evaluate routes given as (train, "N1 N2 ...") or (train, "N1 N2 ...", halts counted)."""
    specs = [RouteSpec(r[0], tuple(r[1].split()), {"halts": r[2]} if len(r) == 3 else {}) for r in routes]
    return evaluate(pos, company, specs)


# The south-west line of the rulebook's example (Running Trains, RB L542), phase 3: Freshwater B6 green 759 (30),
# a halt at Shalcombe C7, track at D8, Shorwell E9 green 757 (20, VY&SC's home), a small 10 at Chale Green F10,
# Chale F12 yellow 115 (20, S&C's home).
SOUTH_WEST_TILES = [
    ("B6", "759", 5),
    ("C7", "743", 2),
    ("D8", "9", 2),
    ("E9", "757", 2),
    ("F10", "748", 0),
    ("F12", "115", 3),
]


def south_west(companies: dict[str, list[str]], **kw: Any) -> BoardPosition:
    return position("3", SOUTH_WEST_TILES, {"E9": [["VY&SC"]], "F12": [["S&C"]]}, companies, **kw)


# The Cowes line, phase 3 unless given: Cowes F2 yellow 787 (large 20, small 10, halt; C&N's home), a small 10
# at Cement Mills F4, halts at Carisbrooke F6 and Chale Green F10, track at F8, Chale F12 yellow 115 (20, S&C; a
# dead end on the south coast: 1860's board rules allow no track into the sea, Laying Track, RB L484).
COWES_TILES = [
    ("F2", "787", 0),
    ("F4", "749", 0),
    ("F6", "743", 0),
    ("F8", "9", 0),
    ("F10", "743", 0),
    ("F12", "115", 3),
]


def cowes(companies: dict[str, list[str]], phase: str = "3", **kw: Any) -> BoardPosition:
    return position(phase, COWES_TILES, {"F2": [["C&N"], [], []], "F12": [["S&C"]]}, companies, **kw)


# A hub round Godshill, phase 5: Shorwell E9 green 757 (an S&C base), track F8, Chale Green F10 russet 769 (small,
# four exits), Chale F12 (S&C's home), Godshill G9 russet 770 (two spaces, both filled: NGStL and VY&SC), Whitwell
# G11 green 749 (small), Merstone G7 green 761 (IWNJ's home), Horringford H8 green 748 (small). A board for the
# route rules only: 1860's board rules refuse it (Shorwell's 757 runs track into the sea, Laying Track, RB L484;
# S&C's base fills VY&SC's home, Building Bases, RB L515), as tests/titles/g1860/test_board_rules.py says.
HUB_TILES = [
    ("E9", "757", 1),
    ("F8", "8", 5),
    ("F10", "769", 0),
    ("F12", "115", 3),
    ("G9", "770", 0),
    ("G11", "749", 0),
    ("G7", "761", 0),
    ("H8", "748", 0),
]
HUB_STATIONS = {"E9": [["S&C"]], "F12": [["S&C"]], "G9": [["NGStL", "VY&SC"]], "G7": [["IWNJ"], []]}


def hub(companies: dict[str, list[str]], **kw: Any) -> BoardPosition:
    return position("5", HUB_TILES, HUB_STATIONS, companies, **kw)


# Ventnor, phase 5: Godshill G9 green 762 (NGStL's home), Whitwell G11 green 748 (small), St. Lawrence H12 russet
# 767 (small, four exits), a halt at Wroxall H10, Ventnor I11 green 760 (two stations of 40, not joined; an NGStL
# base on the first). A route from one Ventnor station round to the other re-enters I11.
VENTNOR_TILES = [
    ("G9", "762", 0),
    ("G11", "748", 3),
    ("H12", "767", 1),
    ("H10", "741", 5),
    ("I11", "760", 0),
]


def ventnor(companies: dict[str, list[str]], **kw: Any) -> BoardPosition:
    return position("5", VENTNOR_TILES, {"G9": [["NGStL"]], "I11": [["NGStL"], []]}, companies, **kw)


def late_board(game: Path, company: str, mode: str, trains: Sequence[str] = FOUR_TRAINS[0]) -> BoardPosition:
    """The last board of a recorded game with `company` running `trains` (9+5 9+5 8+4 7+4 unless told, under the
    optional rule of no train limit: the benchmark's dense boards, docs/benchmarks.md)."""
    return dense_board(import_game(game)[-1].position, company, mode, trains)


def walk(graph: TrackGraph, nodes: Sequence[NodeRef], start: int, turns: Sequence[int]) -> list[NodeRef]:
    """A path along the track drawn by numbers: from `nodes[start]` (modulo their count), each turn taking the
    `turn`-th (modulo) neighbour not yet on the path, until no neighbour is left."""
    path = [nodes[start % len(nodes)]]
    for turn in turns:
        options = [n for n in graph.neighbours(path[-1]) if n not in path]
        if not options:
            break
        path.append(options[turn % len(options)])
    return path
