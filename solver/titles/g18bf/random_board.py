"""Random 18BF positions on the real map (data/18bf), for the optimizer's property tests and its benchmark.

`random_position` tiles a share of the land hexes within `radius` of a centre hex with tiles of the §18 manifest
of the phase's colours: on each hex a tile of its kind (plain track, a small city, a city, a Y city, a BGM city,
Liverpool's L, London) and no more tiles of a kind than the box holds; each rotation is the one joining the most
track already laid around it (ties at random), so the track forms a network the way a real board's does. Station
markers: the company on `markers` cities (London's parts count as cities), other companies filling some other
cities' spaces (so that some cities are full). Tile-lay and marker rules (§10.4, §10.5) are not applied beyond
this: the route rules take a position's tiles as they lie (docs/routes-18bf.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from solver.core.board_data import Board, Tile, load_board
from solver.core.board_position import BoardPosition, parse_position
from solver.core.faces import Face
from solver.titles.g18bf.trains import phase_index

#: The tile colours a phase's board shows, latest first (§8: green from 3, brown from 5, grey from 7).
COLOURS = {"2": ("yellow",), "3": ("green", "yellow"), "5": ("brown", "green"), "7": ("grey", "brown", "green")}
#: Rival companies whose markers fill some spaces.
RIVALS = ("GWR", "LNE", "SR", "GCR", "MR", "NER")


def _colours(phase: str) -> tuple[str, ...]:
    started = [p for p in COLOURS if phase_index(p) <= phase_index(phase)]
    return COLOURS[started[-1]]


def _kind(face: Face, label: str | None) -> tuple[tuple[str, ...], str | None]:
    kinds = tuple(n.kind for n in face.nodes)
    return (("city",) if "city" in kinds else kinds[:1]), label


def _fits(board: Board, hex_id: str, tile: Tile) -> bool:
    """The tile is of the hex's kind: its node kind (none, small city, city, London) and label."""
    printed = board.hexes[hex_id]
    want, label = _kind(printed.face, printed.label)
    have, tile_label = _kind(tile.face, tile.label)
    if want == ("london",):
        return have == ("london",)
    return want == have and label == tile_label


def _joins(board: Board, hex_id: str, face: Face, laid: dict[str, Face]) -> int:
    """How many of the face's exits meet an exit of a neighbour's laid face."""
    count = 0
    for edge in face.exits():
        other = board.layout.neighbour(hex_id, edge)
        if other is not None and other in laid and (edge + 3) % 6 in laid[other].exits():
            count += 1
    return count


def random_position(
    seed: int,
    centre: str,
    radius: int,
    company: str,
    trains: Sequence[str],
    *,
    phase: str = "8",
    share: float = 0.8,
    markers: int = 4,
    privates: Sequence[str] = (),
) -> BoardPosition:
    """A random position (see the module text) for `company` with `trains`, reproducible from `seed`."""
    rng = random.Random(seed)
    board = load_board("18bf")
    colours = _colours(phase)
    hexes = sorted(
        h
        for h, spec in board.hexes.items()
        if spec.kind == "land" and board.layout.distance(h, centre) <= radius and rng.random() < share
    )
    rng.shuffle(hexes)
    left = Counter({t: (tile.count if tile.count is not None else 99) for t, tile in board.tiles.items()})
    laid: dict[str, Face] = {}
    lays: list[dict[str, object]] = []
    for hex_id in hexes:
        choices = [
            t
            for t, tile in sorted(board.tiles.items())
            if tile.color in colours and left[t] and _fits(board, hex_id, tile)
        ]
        if not choices:
            continue
        tile_id = rng.choice(choices)
        tile = board.tiles[tile_id]
        rotations = [0] if tile.fixed_rotation else list(range(6))
        scored = [(_joins(board, hex_id, tile.face.rotated(r), laid), rng.random(), r) for r in rotations]
        _, _, rotation = max(scored)
        laid[hex_id] = tile.face.rotated(rotation)
        left[tile_id] -= 1
        lays.append({"hex": hex_id, "tile": tile_id, "rotation": rotation})
    stations: dict[str, list[list[str]]] = {}
    cities = [
        (h, i, node.slots)
        for h, face in sorted(laid.items())
        for i, node in enumerate(face.nodes)
        if node.kind in ("city", "london") and node.slots > 0
    ]
    rng.shuffle(cities)
    own = {h for h, _, _ in cities[:markers]}
    for n, (h, i, slots) in enumerate(cities):
        face = laid[h]
        nodes = stations.setdefault(h, [[] for _ in face.nodes])
        if n < markers and h in own and not any(company in s for s in nodes):
            nodes[i].append(company)
        rivals = [r for r in RIVALS if r != company]
        room = slots - len(nodes[i])
        nodes[i] += rng.sample(rivals, k=min(room, rng.choice((0, 0, 1, slots))))
    return parse_position(
        {
            "game": "18bf",
            "phase": phase,
            "tiles": lays,
            "stations": stations,
            "companies": {company: {"trains": list(trains), "rules": {"privates": list(privates)} if privates else {}}},
        }
    )
