"""What any title's tile lays and station markers share: the tiles in use, the tiles and rotations a chain of
upgrades reaches on a hex, the edges a tile's track may point to, the markers each company has on the board, and
the edit pattern (an edit is refused with the problems it adds, nothing half-applied).

Which tiles a hex takes at all (station kinds, labels) and what else a lay must do are each title's rules; the
title passes them in as a predicate (`first`). The upgrade step itself is `solver.core.upgrades` (the rule every
title shares: the new tile keeps every old path on the same sides). The board data's own rules are applied here
for any title: a first tile is of the colour after the printed one and points to every edge the hex marks with a
stub (docs/board-data.md, `hexes[].stubs`); an upgrade is one the tile's `upgrades` list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from solver.core.board_data import Board, Tile
from solver.core.board_position import BoardPosition
from solver.core.geometry import opposite
from solver.core.upgrades import upgrade_rotations
from solver.errors import InputError, Problem


def tiles_in_use(position: BoardPosition) -> Counter[str]:
    """How many copies of each tile lie on the board."""
    return Counter(lay.tile for lay in position.tiles.values())


def tiles_left(position: BoardPosition, tile: Tile, hex_: str) -> int | None:
    """Copies of `tile` left to lay on `hex_` (the tile there now goes back to the box when replaced); None when
    the box holds any number."""
    if tile.count is None:
        return None
    here = position.tiles.get(hex_)
    return tile.count - tiles_in_use(position)[tile.id] + (1 if here is not None and here.tile == tile.id else 0)


def first_rotations(board: Board, hex_: str, tile: Tile) -> tuple[int, ...]:
    """The rotations at which `tile` may be the first tile laid on `hex_`, as far as the board data says: it is of
    the colour after the printed one (the first colour on a hex printed without track), keeps the printed track
    (`upgrade_rotations`) and has track to every edge with a stub."""
    printed = board.hexes[hex_]
    colors = board.colors
    start = 0 if printed.color not in colors else colors.index(printed.color) + 1
    if start >= len(colors) or tile.color != colors[start]:
        return ()
    rotations = upgrade_rotations(printed.face, 0, tile.face, board.becomes, tile.fixed_rotation, board.joining)
    return tuple(r for r in rotations if set(printed.stubs) <= tile.face.exits(r))


def next_rotations(board: Board, old: str, old_rotation: int, new: str) -> tuple[int, ...]:
    """The rotations at which tile `new` may replace tile `old` laid at `old_rotation`: an upgrade `old` lists,
    keeping every old path on the same sides (`upgrade_rotations`)."""
    tile = board.tiles.get(new)
    if tile is None or new not in board.tiles[old].upgrades:
        return ()
    return upgrade_rotations(
        board.tiles[old].face, old_rotation, tile.face, board.becomes, tile.fixed_rotation, board.joining
    )


def reachable_lays(board: Board, hex_: str, first: Callable[[Tile], bool]) -> dict[str, frozenset[int]]:
    """Every tile, with its rotations, that a chain of lays can leave on `hex_`: a first tile `first` accepts
    (`first_rotations`), then each listed upgrade keeping the track of the tile it replaces (`next_rotations`)."""
    reach: dict[str, set[int]] = {}
    todo = [(t.id, r) for t in board.tiles.values() if first(t) for r in first_rotations(board, hex_, t)]
    while todo:
        tile_id, rotation = todo.pop()
        if rotation in reach.setdefault(tile_id, set()):
            continue
        reach[tile_id].add(rotation)
        upgrades = board.tiles[tile_id].upgrades
        todo += [(new, r) for new in upgrades for r in next_rotations(board, tile_id, rotation, new)]
    return {t: frozenset(r) for t, r in reach.items()}


def _blocked(board: Board, hex_: str, edge: int) -> str | None:
    """What stops track pointing out of `hex_` on `edge` (None: nothing): the sea (no hex of the map beyond), a
    border of type `impassable`, or a hex that is not land whose printed track does not meet that side."""
    other = board.layout.neighbour(hex_, edge)
    border = board.border(hex_, edge)
    if other is None or other not in board.hexes:
        return "the sea (no hex of the map)"
    if border is not None and border.type == "impassable":
        return f"the barrier{' ' + border.name if border.name else ''} towards {other}"
    if board.hexes[other].kind != "land" and opposite(edge) not in board.hexes[other].face.exits():
        return f"{board.hexes[other].name or other}, which has no track on that side"
    return None


def open_edges(board: Board, hex_: str) -> frozenset[int]:
    """The edges of `hex_` that a tile's track may point to (none of the faults `blocked_track` names)."""
    return frozenset(edge for edge in range(6) if _blocked(board, hex_, edge) is None)


def blocked_track(board: Board, hex_: str, tile: Tile, rotation: int) -> str | None:
    """Where `tile` at `rotation` on `hex_` runs track into the sea (no hex of the map beyond), into a border of
    type `impassable`, or into an off-board area whose printed track does not meet it, said of its first such edge;
    None when it runs into none."""
    for edge in sorted(tile.face.exits(rotation)):
        what = _blocked(board, hex_, edge)
        if what is not None:
            return f"tile {tile.id} at rotation {rotation} runs track on edge {edge} into {what}"
    return None


def markers_by_company(position: BoardPosition) -> dict[str, list[tuple[str, int]]]:
    """Each company's station markers on the board: (hex, node index), in the order of the position's stations."""
    found: dict[str, list[tuple[str, int]]] = {}
    for hex_, nodes in position.stations.items():
        for i, node in enumerate(nodes):
            for company in node:
                found.setdefault(company, []).append((hex_, i))
    return found


def homes_without_marker(position: BoardPosition, companies: Iterable[str]) -> list[str]:
    """Those of `companies` with a home on the map whose home node holds no marker of theirs."""
    board = position.board
    placed = markers_by_company(position)
    missing = []
    for company in companies:
        info = board.companies[company]
        if (
            info.home is not None
            and info.home in board.hexes
            and (info.home, info.home_node) not in placed.get(company, [])
        ):
            missing.append(company)
    return missing


def new_problems(
    before: BoardPosition, after: BoardPosition, problems: Callable[[BoardPosition], list[Problem]]
) -> BoardPosition:
    """`after` when it breaks no rule that `before` did not already break; InputError with the new problems
    otherwise (an edit is applied whole or not at all; a board copied with a fault keeps it until fixed)."""
    old = set(problems(before))
    new = [p for p in problems(after) if p not in old]
    if new:
        raise InputError(new)
    return after


def track_from(position: BoardPosition, hex_: str, node: int) -> tuple[frozenset[str], frozenset[tuple[str, int]]]:
    """Everything the track leaving node `node` of `hex_` runs to before the next nodes: the hexes it crosses
    (those of dead ends too, where a tile's track stops at an edge with nothing beyond) and the nodes it reaches
    (hex, node index). Barriers of type `impassable` and the map's edge stop it."""
    board = position.board
    hexes: set[str] = {hex_}
    nodes: set[tuple[str, int]] = set()
    seen: set[tuple[str, int]] = set()
    todo: list[tuple[str, int]] = []
    for path in position.face(hex_).paths:
        for here, there in ((path.a, path.b), (path.b, path.a)):
            if here.kind == "node" and here.index == node:
                if there.kind == "node":
                    nodes.add((hex_, there.index))
                else:
                    todo.append((hex_, there.index))
    while todo:
        at, edge = todo.pop()
        if (at, edge) in seen:
            continue
        seen.add((at, edge))
        border = board.border(at, edge)
        other = board.layout.neighbour(at, edge)
        if (border is not None and border.type == "impassable") or other is None or other not in board.hexes:
            continue
        entry = opposite(edge)
        seen.add((other, entry))
        for path in position.face(other).paths:
            for here, there in ((path.a, path.b), (path.b, path.a)):
                if here.kind == "edge" and here.index == entry:
                    hexes.add(other)
                    if there.kind == "node":
                        nodes.add((other, there.index))
                    elif (other, there.index) not in seen:
                        todo.append((other, there.index))
    return frozenset(hexes), frozenset(nodes)
