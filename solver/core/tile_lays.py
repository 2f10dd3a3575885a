"""What any title's tile lays share: the tiles in use, the tiles and rotations a chain of upgrades reaches on a hex,
where a tile's track runs off the map or into a barrier, and the edit pattern (an edit is refused with the problems
it adds, nothing half-applied).

Which tiles a hex takes at all (station kinds, labels) and what else a lay must do are each title's rules; the
title passes them in as a predicate (`first`). The upgrade step itself is `solver.core.upgrades` (the rule every
title shares: the new tile keeps every old path on the same sides).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

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


def reachable_lays(board: Board, hex_: str, first: Callable[[Tile], bool]) -> dict[str, frozenset[int]]:
    """Every tile, with its rotations, that a chain of lays can leave on `hex_`: a tile of the colour after the
    printed one (the first colour on a plain hex) that `first` accepts and that keeps the printed track, then
    each listed upgrade that keeps the track of the tile it replaces (`upgrade_rotations`)."""
    printed = board.hexes[hex_]
    colors = board.colors
    start = 0 if printed.color not in colors else colors.index(printed.color) + 1
    reach: dict[str, set[int]] = {}
    todo: list[tuple[str, int]] = []
    for tile in board.tiles.values():
        if start < len(colors) and tile.color == colors[start] and first(tile):
            rotations = upgrade_rotations(printed.face, 0, tile.face, board.becomes, tile.fixed_rotation, board.joining)
            todo += [(tile.id, r) for r in rotations]
    while todo:
        tile_id, rotation = todo.pop()
        if rotation in reach.setdefault(tile_id, set()):
            continue
        reach[tile_id].add(rotation)
        old = board.tiles[tile_id]
        for target in old.upgrades:
            new = board.tiles.get(target)
            if new is None:
                continue
            todo += [
                (target, r)
                for r in upgrade_rotations(
                    old.face, rotation, new.face, board.becomes, new.fixed_rotation, board.joining
                )
            ]
    return {t: frozenset(r) for t, r in reach.items()}


def blocked_exits(board: Board, hex_: str, tile: Tile, rotation: int) -> list[tuple[int, str]]:
    """The edges of `tile` at `rotation` on `hex_` whose track runs into the sea (no hex of the map beyond), into
    a border of type `impassable`, or into an off-board area whose printed track does not meet it; each with what
    is there."""
    blocked: list[tuple[int, str]] = []
    for edge in sorted(tile.face.exits(rotation)):
        other = board.layout.neighbour(hex_, edge)
        border = board.border(hex_, edge)
        if other is None or other not in board.hexes:
            blocked.append((edge, "the sea (no hex of the map)"))
        elif border is not None and border.type == "impassable":
            blocked.append((edge, f"the barrier{' ' + border.name if border.name else ''} towards {other}"))
        elif board.hexes[other].kind != "land" and opposite(edge) not in board.hexes[other].face.exits():
            blocked.append((edge, f"{board.hexes[other].name or other}, which has no track on that side"))
    return blocked


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
