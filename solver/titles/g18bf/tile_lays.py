"""Whether an 18BF board is one a game can reach: the tile-lay rules of §10.4 read as conditions on each hex's tile,
the station-marker counts of §10.5 and the train limit of §8 / §10.10. The random boards of the benchmark and the
optimizer's tests are built with `lay_rotations` (`random_board`) and checked with `board_problems`.

A hex's tile is reachable when a chain of lays leads to it from what is printed (§10.4):

- a **yellow** tile only on a white hex, of the hex's kind (no node: plain track; a small city: a tile with a bar;
  a city: a city tile, with a "Y" when the hex has one), pointing to each yellow triangle of the hex; never on a
  hex printed with track (Glasgow, Manchester, Birmingham, Leeds, Liverpool, London), which is upgraded instead;
- an **upgrade** is a tile the replaced tile's manifest entry lists (§18; a printed hex: a green tile of its label,
  "special upgrade tiles that are reserved for use on these cities"), one colour later, keeping every track segment
  of the old tile in the same orientation (the core's `upgrade_fits`, separate spaces of a city joining where the
  title allows it); a Y city upgraded to brown takes a tile "with as many exits as possible";
- **no track** runs off the map, into the blank side of a red area, of the grey hex or of a blue sea hex (its
  ports' sides are open: "Ports are included solely to allow certain hexes to upgrade", appendix §10.6), or
  across an impassable side;
- the **colours** are the phase's (§8: green from 3, brown from 5, grey from 7), and no more tiles of a design
  stand on the board than the manifest's count (the core checks the counts when it reads a position). The
  intermediate tiles of a chain need only exist: laying the hexes whose tiles are latest in colour first, each
  replaced tile goes back to the box before a tile of its colour is needed as a final one (§10.4: "the old tile
  is removed (and is available for reuse)").

Beyond one hex: every tile's track is joined, hex to hex through matching exits, to a city holding a station
marker ("the track on the tile must form part of a route of the Company", and a route includes a marker city,
§10.1; joined by hexes, a reading that does not trace the paths inside a hex). Station markers: at most the
company's count (§10.5: a public 4, a System 8 or 12, a minor 1), one per hex and company except a System's or a
public's in London (acquired by merger, §10.5). Trains: at most the phase's limit for the company's kind (§8) and
one 5+5E (§10.10).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from solver.core.board_data import Board, Hex, Tile, load_board
from solver.core.board_position import BoardPosition
from solver.core.faces import Face
from solver.core.geometry import opposite
from solver.core.upgrades import Fit, upgrade_fits
from solver.errors import Problem
from solver.titles.g18bf.money.phases import phase_row, train_limit

#: The tile-lay rules.
TILE_LAY = "§10.4"
#: Tile colours by phase and train limits.
PHASES = "§8"
#: Station markers: counts, one per hex.
MARKERS = "§10.5"
#: Train purchases: the 5+5E, one per System.
TRAINS = "§10.10"
#: Kinds of hex whose sides are open only where their printed track meets them.
CLOSED_KINDS = ("offboard", "water", "fixed")

Lay = tuple[str, int]
"""A tile and its rotation on a hex."""


def _board() -> Board:
    return load_board("18bf")


@cache
def open_edges(hex_id: str) -> frozenset[int]:
    """The edges of a land hex that track may point to (§10.4): not off the map, not across an impassable side,
    and into a red area, the grey hex or a sea hex only where its printed track meets the side."""
    board = _board()
    edges: set[int] = set()
    for edge in range(6):
        other = board.layout.neighbour(hex_id, edge)
        border = board.border(hex_id, edge)
        if other is None or other not in board.hexes or (border is not None and border.type == "impassable"):
            continue
        neighbour = board.hexes[other]
        if neighbour.kind in CLOSED_KINDS and opposite(edge) not in neighbour.face.exits():
            continue
        edges.add(edge)
    return frozenset(edges)


def _shape(face: Face) -> tuple[str, ...]:
    return tuple(sorted(node.kind for node in face.nodes))


def _yellow_kind(printed: Hex, tile: Tile) -> bool:
    """The tile is of the white hex's kind (§10.4: plain track, a bar for a small city, a city with or without
    its Y)."""
    return _shape(printed.face) == _shape(tile.face) and printed.label == tile.label


def printed_track(printed: Hex) -> bool:
    return bool(printed.face.paths)


@cache
def lay_rotations(hex_id: str, old: Lay | None, tile_id: str) -> tuple[int, ...]:
    """The rotations at which `tile_id` may be laid on `hex_id` over `old` (None: what is printed), §10.4."""
    board = _board()
    printed, tile = board.hexes[hex_id], board.tiles[tile_id]
    if old is None:
        if printed.kind != "land":
            return ()
        if printed_track(printed):
            # A printed yellow hex takes the green tiles of its label (§10.4).
            if tile.color != "green" or tile.label != printed.label:
                return ()
            rotations = {f.rotation for f in _fits(board, printed.face, 0, tile)}
        else:
            if tile.color != "yellow" or not _yellow_kind(printed, tile):
                return ()
            rotations = set(range(1 if tile.fixed_rotation else 6))
            rotations = {r for r in rotations if set(printed.stubs) <= tile.face.exits(r)}
    else:
        old_tile = board.tiles[old[0]]
        if tile_id not in old_tile.upgrades:
            return ()
        rotations = {f.rotation for f in _fits(board, old_tile.face, old[1], tile)}
    allowed = open_edges(hex_id)
    return tuple(sorted(r for r in rotations if tile.face.exits(r) <= allowed))


def _fits(board: Board, old: Face, rotation: int, tile: Tile) -> tuple[Fit, ...]:
    return upgrade_fits(old, rotation, tile.face, board.becomes, tile.fixed_rotation, board.joining)


def most_exits(hex_id: str, old: Lay, choices: Iterable[str]) -> frozenset[str]:
    """Of the brown Y tiles in `choices` that may replace `old` on the hex, those with the most exits (§10.4:
    "When upgrading a large city to brown, use a tile with as many exits as possible")."""
    board = _board()
    fitting = [t for t in choices if lay_rotations(hex_id, old, t)]
    if not fitting:
        return frozenset()
    most = max(len(board.tiles[t].face.exits()) for t in fitting)
    return frozenset(t for t in fitting if len(board.tiles[t].face.exits()) == most)


def big_y(board: Board, tile_id: str) -> bool:
    tile = board.tiles[tile_id]
    return tile.color == "brown" and tile.label == "Y"


@cache
def _chains(hex_id: str, lay: Lay) -> tuple[Lay | None, ...]:
    """The lays (None: the printed hex) from which `lay` can be reached on the hex in one step, each itself
    reachable from the printed hex."""
    board, (tile_id, rotation) = _board(), lay
    found: list[Lay | None] = []
    if rotation in lay_rotations(hex_id, None, tile_id):
        found.append(None)
    for old_id, old in board.tiles.items():
        if tile_id not in old.upgrades:
            continue
        for old_rotation in range(1 if old.fixed_rotation else 6):
            if _chains(hex_id, (old_id, old_rotation)) and rotation in lay_rotations(
                hex_id, (old_id, old_rotation), tile_id
            ):
                found.append((old_id, old_rotation))
    return tuple(found)


def board_problems(position: BoardPosition) -> list[Problem]:
    """Every way the position's board breaks §10.4 (each hex's tile reachable, colours, brown Y exits), §10.5
    (markers) and §8/§10.10 (trains), one Problem per hex, company or train (empty: a board a game can reach)."""
    board = position.board
    colours = set(phase_row(position.phase)["tiles"])
    problems: list[Problem] = []
    laid = Counter(lay.tile for lay in position.tiles.values())
    for hex_id, lay in sorted(position.tiles.items()):
        where = f"tiles {hex_id}"
        tile = board.tiles[lay.tile]
        if tile.color not in colours:
            problems.append(Problem(where, PHASES, f"tile {lay.tile} is {tile.color}: phase {position.phase} has no"))
        chains = _chains(hex_id, (lay.tile, lay.rotation))
        if not chains:
            problems.append(
                Problem(
                    where,
                    TILE_LAY,
                    f"tile {lay.tile} at rotation {lay.rotation} cannot be laid here: no chain of lays and upgrades "
                    "keeping the track leads to it, or its track runs off the map or into a blank or impassable side",
                )
            )
        elif big_y(board, lay.tile):
            spare = [t for t, tl in board.tiles.items() if big_y(board, t) and (tl.count or 0) > laid[t]]
            olds = [c for c in chains if c is not None]
            if not any(lay.tile in most_exits(hex_id, old, {*spare, lay.tile}) for old in olds):
                problems.append(
                    Problem(where, TILE_LAY, f"tile {lay.tile}: a brown Y tile with more exits fits and is in the box")
                )
    problems += _joined_problems(position)
    problems += _marker_problems(position)
    problems += _train_problems(position)
    return problems


def _joined_problems(position: BoardPosition) -> list[Problem]:
    """Every tile joined hex by hex, through matching exits, to a hex holding a station marker (§10.4, §10.1)."""
    board = position.board
    marked = [h for h, nodes in position.stations.items() if any(nodes)]
    seen, queue = set(marked), list(marked)
    while queue:
        here = queue.pop()
        for edge in position.face(here).exits():
            other = board.layout.neighbour(here, edge)
            known = other is not None and other in board.hexes and other not in seen
            if known and other is not None and opposite(edge) in position.face(other).exits():
                seen.add(other)
                queue.append(other)
    return [
        Problem(f"tiles {h}", TILE_LAY, "its track joins no city with a station marker: no route included it")
        for h in sorted(position.tiles)
        if h not in seen
    ]


def _marker_problems(position: BoardPosition) -> list[Problem]:
    board = position.board
    placed: Counter[str] = Counter()
    problems: list[Problem] = []
    for hex_id, nodes in sorted(position.stations.items()):
        here = Counter(c for node in nodes for c in node)
        for company, count in sorted(here.items()):
            placed[company] += count
            kind = board.companies[company].kind
            london = board.hexes[hex_id].label == "London"
            if count > 1 and kind != "system" and not (kind == "public" and london):
                problems.append(Problem(f"stations {hex_id}", MARKERS, f"{company} has {count} markers in one hex"))
    for company, count in sorted(placed.items()):
        most = int(board.companies[company].rules.get("markers", 0))
        if count > most:
            problems.append(Problem(f"stations {company}", MARKERS, f"{company} has {count} markers, at most {most}"))
    return problems


def _train_problems(position: BoardPosition) -> list[Problem]:
    problems: list[Problem] = []
    for company, state in sorted(position.companies.items()):
        kind = position.board.companies[company].kind
        limit = train_limit(position.phase, kind)
        if len(state.trains) > limit:
            problems.append(
                Problem(
                    f"company {company}",
                    PHASES,
                    f"{len(state.trains)} trains; a {kind}'s limit in phase {position.phase} is {limit}",
                )
            )
        if state.trains.count("5+5E") > 1:
            problems.append(Problem(f"company {company}", TRAINS, "two 5+5E trains: a System owns one"))
    return problems
