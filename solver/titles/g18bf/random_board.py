"""Random 18BF positions on the real map (data/18bf) that a game can reach, for the optimizer's property tests and
its benchmark.

`random_position` builds the land round a centre hex the way a game does, by the tile-lay rules of §10.4
(`tile_lays.lay_rotations`): a yellow tile of each hex's kind on `share` of the land within `radius` (nearest
the centre first, each turned to join the most track already laid, pointing to its yellow triangles), then, colour
by colour up to the phase's latest (§8), each tile upgraded with chance `late` to one its manifest entry lists that
keeps its track (a Y city to brown by a tile with the most exits), the replaced tile going back to the box; twice
over, so that hexes left bare when a kind of yellow tile ran out are built with the tiles upgrades gave back. No
more tiles of a design than the manifest holds stand on the board.

Station markers (§10.5): the company on `markers` cities (parts of London count) of the network joined to the
centre's nearest city, one per hex; rival companies (Systems and publics, within their marker counts, one per hex
each) filling some spaces of other cities, and one in each stretch of track that no marker reaches yet (so that
every tile is part of some company's route, §10.4), a stretch with no free city space being taken up again.
Every position it returns passes `tile_lays.board_problems` and `unjoined_problems`
(tests/titles/g18bf/test_random_board.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from solver.core.board_data import Board, load_board
from solver.core.board_position import BoardPosition, parse_position
from solver.core.faces import Face
from solver.core.geometry import opposite
from solver.titles.g18bf.money.phases import phase_row
from solver.titles.g18bf.tile_lays import Lay, big_y, lay_rotations, most_exits, printed_track

#: Rival companies whose markers fill some spaces: Systems and publics.
RIVALS = ("GWR", "LNE", "SR", "GCR", "MR", "NER")
#: Copies of an unlimited design (tiles 7, 8, 9, §10.4: "if it runs out, more should be constructed").
UNLIMITED = 999


class _Builder:
    """The tiles laid so far, the box, and the faces the neighbours see."""

    def __init__(self, board: Board, rng: random.Random) -> None:
        self.board, self.rng = board, rng
        self.lays: dict[str, Lay] = {}
        self.left = Counter({t: UNLIMITED if tile.count is None else tile.count for t, tile in board.tiles.items()})

    def face(self, hex_id: str) -> Face:
        lay = self.lays.get(hex_id)
        if lay is None:
            return self.board.hexes[hex_id].face
        return self.board.tiles[lay[0]].face.rotated(lay[1])

    def joins(self, hex_id: str, tile_id: str, rotation: int) -> int:
        """How many of the tile's exits meet track of a neighbour (laid or printed)."""
        count = 0
        for edge in self.board.tiles[tile_id].face.exits(rotation):
            other = self.board.layout.neighbour(hex_id, edge)
            if other is not None and other in self.board.hexes and opposite(edge) in self.face(other).exits():
                count += 1
        return count

    def lay(self, hex_id: str, colour: str) -> None:
        """Lay (yellow) or upgrade to a tile of `colour`, turned to join the most track, if one may go there."""
        old = self.lays.get(hex_id)
        tiles = [t for t, tile in sorted(self.board.tiles.items()) if tile.color == colour and self.left[t] > 0]
        if old is not None and colour == "brown" and self.board.tiles[old[0]].label == "Y":
            tiles = sorted(most_exits(hex_id, old, [t for t in tiles if big_y(self.board, t)]))
        options = [(t, r) for t in tiles for r in lay_rotations(hex_id, old, t)]
        if not options:
            return
        _, _, tile_id, rotation = max((self.joins(hex_id, t, r), self.rng.random(), t, r) for t, r in options)
        if old is not None:
            self.left[old[0]] += 1
        self.left[tile_id] -= 1
        self.lays[hex_id] = (tile_id, rotation)


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
    late: float = 0.9,
) -> BoardPosition:
    """A random position (see the module text) for `company` with `trains`, reproducible from `seed`."""
    rng = random.Random(seed)
    board = load_board("18bf")
    colours = tuple(phase_row(phase)["tiles"])
    near = [h for h, spec in board.hexes.items() if spec.kind == "land" and board.layout.distance(h, centre) <= radius]
    region = sorted(
        (h for h in near if printed_track(board.hexes[h]) or rng.random() < share),
        key=lambda h: (board.layout.distance(h, centre), rng.random()),
    )
    build = _Builder(board, rng)
    for _ in range(2):
        for hex_id in region:
            if hex_id not in build.lays and not printed_track(board.hexes[hex_id]):
                build.lay(hex_id, colours[0])
        for colour in colours[1:]:
            for hex_id in rng.sample(region, len(region)):
                if rng.random() < late:
                    build.lay(hex_id, colour)
    stations = _markers(build, rng, region, company, markers)
    tiles = [{"hex": h, "tile": t, "rotation": r} for h, (t, r) in sorted(build.lays.items())]
    return parse_position(
        {
            "game": "18bf",
            "phase": phase,
            "tiles": tiles,
            "stations": {h: [list(n) for n in nodes] for h, nodes in sorted(stations.items())},
            "companies": {company: {"trains": list(trains), "rules": {"privates": list(privates)} if privates else {}}},
        }
    )


def _component(build: _Builder, start: str) -> list[str]:
    """The hexes joined to `start` through matching exits, nearest first."""
    board, seen, order = build.board, {start}, [start]
    for here in order:
        for edge in sorted(build.face(here).exits()):
            other = board.layout.neighbour(here, edge)
            if other is None or other in seen or other not in board.hexes or board.hexes[other].kind != "land":
                continue
            if opposite(edge) in build.face(other).exits():
                seen.add(other)
                order.append(other)
    return order


def _markers(
    build: _Builder, rng: random.Random, region: Sequence[str], company: str, count: int
) -> dict[str, list[list[str]]]:
    """The markers on the region's cities (see the module text); tiles no marker's track reaches are taken up
    again."""
    board = build.board
    built = [h for h in region if _cities(build, h)]
    stations: dict[str, list[list[str]]] = {h: [[] for _ in build.face(h).nodes] for h in built}
    left = Counter({c: int(board.companies[c].rules["markers"]) for c in (*RIVALS, company)})

    def place(who: str, hex_id: str, node: int) -> bool:
        spaces = stations[hex_id]
        if left[who] < 1 or any(who in s for s in spaces) or len(spaces[node]) >= build.face(hex_id).nodes[node].slots:
            return False
        spaces[node].append(who)
        left[who] -= 1
        return True

    touched: set[str] = set()
    if built:
        home = built[0]
        network = [h for h in _component(build, home) if h in stations]
        chosen = network[:1] + rng.sample(network[1:], min(len(network) - 1, max(count - 1, 0)))
        for hex_id in chosen:
            place(company, hex_id, rng.choice(_cities(build, hex_id)))
        touched.update(_component(build, home))
    rivals = [r for r in RIVALS if r != company]
    for hex_id in sorted(stations):
        for node in _cities(build, hex_id):
            slots = build.face(hex_id).nodes[node].slots
            for who in rng.sample(rivals, k=min(slots, rng.choice((0, 0, 1, slots)))):
                place(who, hex_id, node)
    for hex_id in sorted(build.lays):
        if hex_id in touched:
            continue
        stretch = _component(build, hex_id)
        marked = any(h in stations and any(stations[h]) for h in stretch)
        spaces = [(h, n) for h in stretch if h in stations for n in _cities(build, h)]
        if not marked:
            marked = any(place(who, h, n) for h, n in spaces for who in rng.sample(rivals, len(rivals)))
        if not marked:
            for h in stretch:
                build.lays.pop(h, None)
        touched.update(stretch)
    return {h: spaces for h, spaces in stations.items() if any(spaces)}


def _cities(build: _Builder, hex_id: str) -> list[int]:
    """The nodes of the hex's face that hold station markers (cities and parts of London)."""
    return [i for i, node in enumerate(build.face(hex_id).nodes) if node.kind in ("city", "london") and node.slots]
