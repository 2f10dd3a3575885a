"""Edits of an 1860 board as pure functions (docs/board-1860.md, "Editing"): each takes a position and returns a new
one that breaks no rule the old one did not, or raises InputError naming the hex or company and the rule; nothing
is ever half-applied. The app's Board page calls them; its undo stack is the list of earlier positions.

Copying a board from the table (no company named) checks what is on the board: `board_rules.position_problems`
and the core loader's counts. Naming the company that lays a tile adds the rules of its turn
(`board_rules.lay_problems`: it reaches the tile; an upgrade adds track it can use or raises a value, RB L483-L499);
a base the company builds on its turn (`place_marker(..., built=True)`) adds `board_rules.build_problems` (its home
base first, then a station its bases reach, RB L509, L511).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.core.tile_lays import new_problems, tiles_left
from solver.core.upgrades import upgrade_fits, upgrade_rotations
from solver.errors import InputError, Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.board_rules import (
    build_problems,
    lay_problems,
    legal_lays,
    phase_colours,
    position_problems,
    tile_problem,
)


@dataclass(frozen=True)
class TileOption:
    """A tile that may go on a hex now with the rotations that give different legal layouts; `replaces` is the
    tile it upgrades (None on a hex without a tile); `available` the copies left in the box (None: any number)."""

    tile: str
    rotations: tuple[int, ...]
    replaces: str | None
    available: int | None


def _where(position: BoardPosition, hex_: str) -> str:
    hexes = position.board.hexes
    return f"{hex_} ({hexes[hex_].name})" if hex_ in hexes and hexes[hex_].name else hex_


def _rebuilt(before: BoardPosition, data: dict[str, Any]) -> BoardPosition:
    """The edited position read back through the core loader (counts, spaces, names), then refused if it breaks a
    board rule `before` did not."""
    after = parse_position(data, "edited position")
    return new_problems(before, after, position_problems)


def _require_land(position: BoardPosition, hex_: str) -> None:
    hexes = position.board.hexes
    if hex_ not in hexes or hexes[hex_].kind != "land":
        what = "not a hex of the map" if hex_ not in hexes else f"{hexes[hex_].name or hex_}, off the board's land"
        raise InputError([Problem(hex_, rulebook.TILE_FOR_HEX, f"tiles go on land hexes; {hex_} is {what}")])


def _stations_after(position: BoardPosition, hex_: str, tile_id: str, rotation: int) -> list[list[str]]:
    """The markers of `hex_` on the new tile's nodes, each where the old node lies on it (Upgrading Track, RB
    L505); InputError when the tile cannot keep them."""
    board = position.board
    new = board.tiles[tile_id]
    markers = position.stations.get(hex_, ())
    stations: list[list[str]] = [[] for _ in new.face.nodes]
    if not any(markers):
        return stations
    fits = [
        f
        for f in upgrade_fits(position.face(hex_), 0, new.face, board.becomes, new.fixed_rotation, board.joining)
        if f.rotation == rotation
    ]
    if not fits:
        raise InputError(
            [
                Problem(
                    _where(position, hex_),
                    rulebook.KEEP_TRACK,
                    f"tile {tile_id} at rotation {rotation} cannot keep the bases here",
                )
            ]
        )
    for old, companies in enumerate(markers):
        stations[fits[0].node_map[old]] += companies
    return stations


def _with_tile(position: BoardPosition, hex_: str, tile_id: str, rotation: int) -> dict[str, Any]:
    data = position_to_data(position)
    data["tiles"] = [t for t in data["tiles"] if t["hex"] != hex_] + [
        {"hex": hex_, "tile": tile_id, "rotation": rotation}
    ]
    stations = _stations_after(position, hex_, tile_id, rotation)
    data["stations"] = {**data["stations"], hex_: stations}
    if not any(stations):
        del data["stations"][hex_]
    return data


def _candidates(position: BoardPosition, hex_: str) -> Mapping[str, frozenset[int]]:
    """The tiles, with rotations, that may replace what lies on `hex_`: on a hex with a tile, its listed upgrades
    at the rotations keeping all its track on the same sides (Upgrading Track, RB L491); otherwise every tile a
    chain of lays leaves there (a later tile found at the table stands for those it replaced)."""
    board = position.board
    lays = legal_lays(board, hex_)
    here = position.tiles.get(hex_)
    if here is None:
        return lays
    old = board.tiles[here.tile]
    found: dict[str, frozenset[int]] = {}
    for target in old.upgrades:
        new = board.tiles[target]
        keeps = upgrade_rotations(old.face, here.rotation, new.face, board.becomes, new.fixed_rotation, board.joining)
        rotations = frozenset(keeps) & lays.get(target, frozenset())
        if rotations:
            found[target] = rotations
    return found


def tile_offer(position: BoardPosition, hex_: str, company: str | None = None) -> list[TileOption]:
    """Every tile that may be laid on `hex_` now, each with its legal rotations (one per layout of track): it suits
    the hex and its letter (RB L450-L453, L465), keeps the track there (RB L491), is of the phase's colours (RB
    L274-L283), runs no track into a barrier or the sea (RB L484), a copy is left in the box (the tile there goes
    back), the bases keep their places (RB L505); with `company`, the company's lay rules too (RB L483-L499)."""
    board = position.board
    if hex_ not in board.hexes or board.hexes[hex_].kind != "land":
        return []
    here = position.tiles.get(hex_)
    colours = phase_colours(position.phase)
    offers: list[TileOption] = []
    for tile_id, rotations in sorted(_candidates(position, hex_).items()):
        tile = board.tiles[tile_id]
        left = tiles_left(position, tile, hex_)
        if tile.color not in colours or (left is not None and left <= 0) or (here is not None and here.tile == tile_id):
            continue
        seen: set[frozenset[frozenset[object]]] = set()
        good: list[int] = []
        for rotation in sorted(rotations):
            shape = frozenset(p.ends for p in tile.face.rotated(rotation).paths)
            if shape in seen:
                continue
            try:
                lay_tile(position, hex_, tile_id, rotation, company)
            except InputError:
                continue
            seen.add(shape)
            good.append(rotation)
        if good:
            offers.append(TileOption(tile_id, tuple(good), here.tile if here else None, left))
    offers.sort(key=lambda o: (board.colors.index(board.tiles[o.tile].color), o.tile))
    return offers


def lay_tile(
    position: BoardPosition, hex_: str, tile_id: str, rotation: int, company: str | None = None
) -> BoardPosition:
    """The position with `tile_id` laid (or upgraded to) on `hex_` at `rotation`, bases kept in their places (RB
    L505). InputError with the rule when the tile may not lie there, none is left in the box, or (with
    `company`) the company may not lay it on its turn."""
    _require_land(position, hex_)
    board = position.board
    where = _where(position, hex_)
    tile = board.tiles.get(tile_id)
    if tile is None:
        raise InputError([Problem(where, rulebook.TILES_IN_BOX, f"no tile {tile_id!r} in the 1860 box")])
    if not 0 <= rotation <= 5:
        raise InputError([Problem(where, "format", f"rotation {rotation} is not 0-5")])
    here = position.tiles.get(hex_)
    if here is not None and here.tile == tile_id and here.rotation == rotation:
        raise InputError(
            [Problem(where, rulebook.KEEP_TRACK, f"tile {tile_id} already lies here at rotation {rotation}")]
        )
    refused = tile_problem(position, hex_, tile_id, rotation)
    if refused is not None:
        raise InputError([refused])
    if here is not None and rotation not in _candidates(position, hex_).get(tile_id, frozenset()):
        ups = ", ".join(board.tiles[here.tile].upgrades) or "none"
        why = (
            f"tile {tile_id} at rotation {rotation} does not keep all the track of tile {here.tile} on the same sides"
            if tile_id in board.tiles[here.tile].upgrades
            else f"tile {tile_id} is not an upgrade of tile {here.tile} (its upgrades: {ups})"
        )
        raise InputError([Problem(where, rulebook.KEEP_TRACK, why)])
    left = tiles_left(position, tile, hex_)
    if left is not None and left <= 0:
        why = f"no tile {tile_id} is left in the box ({tile.count} in all)"
        raise InputError([Problem(where, rulebook.TILES_IN_BOX, why)])
    after = _rebuilt(position, _with_tile(position, hex_, tile_id, rotation))
    if company is not None:
        problems = lay_problems(position, after, hex_, company)
        if problems:
            raise InputError(problems)
    return after


def remove_tile(position: BoardPosition, hex_: str) -> BoardPosition:
    """The position without the tile on `hex_` (to correct a mistake): its bases go back to the printed town;
    refused when a base stands on a station the printed hex does not have."""
    where = _where(position, hex_)
    if hex_ not in position.tiles:
        raise InputError([Problem(where, rulebook.TILE_FOR_HEX, "there is no tile on this hex to remove")])
    board = position.board
    data = position_to_data(position)
    data["tiles"] = [t for t in data["tiles"] if t["hex"] != hex_]
    markers = position.stations.get(hex_, ())
    if any(markers):
        printed = board.hexes[hex_].face
        fits = upgrade_fits(printed, 0, position.face(hex_), board.becomes, True, board.joining)
        back: dict[int, int] = {new: old for old, new in enumerate(fits[0].node_map)} if fits else {}
        stations: list[list[str]] = [[] for _ in printed.nodes]
        for node, companies in enumerate(markers):
            if companies and node not in back:
                raise InputError(
                    [
                        Problem(
                            where,
                            rulebook.KEEP_TRACK,
                            f"the printed hex has no station for the bases of {', '.join(companies)}: "
                            "remove them first",
                        )
                    ]
                )
            if companies:
                stations[back[node]] += companies
        data["stations"][hex_] = stations
    return _rebuilt(position, data)


def _require_node(position: BoardPosition, hex_: str, node: int) -> None:
    board = position.board
    if hex_ not in board.hexes:
        raise InputError([Problem(hex_, rulebook.BASE_REACH, f"{hex_} is not a hex of the {board.map_variant} map")])
    nodes = position.face(hex_).nodes
    if not 0 <= node < len(nodes) or nodes[node].slots == 0:
        raise InputError(
            [
                Problem(
                    _where(position, hex_),
                    rulebook.BASE_REACH,
                    f"node {node} is not a station circle with a space for a base",
                )
            ]
        )


def _require_company(position: BoardPosition, company: str) -> None:
    companies = position.board.companies
    if company not in companies:
        raise InputError(
            [Problem(f"company {company!r}", rulebook.BASE_COUNT, f"not an 1860 company ({', '.join(companies)})")]
        )


def _with_markers(position: BoardPosition, hex_: str, node: int, markers: Iterable[str]) -> dict[str, Any]:
    data = position_to_data(position)
    here = position.stations.get(hex_)
    stations: list[list[str]] = [list(n) for n in here] if here else [[] for _ in position.face(hex_).nodes]
    stations[node] = list(markers)
    data["stations"] = {**data["stations"], hex_: stations}
    if not any(stations):
        del data["stations"][hex_]
    return data


def place_marker(position: BoardPosition, hex_: str, node: int, company: str, built: bool = False) -> BoardPosition:
    """The position with a base of `company` on station `node` of `hex_` (Building Bases, RB L509-L517): a free
    space, one base per company per hex, no more than its tokens, a space kept on another company's home. With
    `built` the company builds it on its turn, and its rules apply too (`board_rules.build_problems`: its home base
    first, then a station its bases reach by track, not past tokened-out stations, RB L509, L511); without, the
    base is copied from the table."""
    _require_company(position, company)
    _require_node(position, hex_, node)
    here = position.stations.get(hex_, ())
    if here and company in here[node]:
        raise InputError(
            [Problem(_where(position, hex_), rulebook.ONE_BASE_PER_HEX, f"{company} already has a base here")]
        )
    slots = position.face(hex_).nodes[node].slots
    if here and len(here[node]) >= slots:
        raise InputError(
            [
                Problem(
                    _where(position, hex_),
                    rulebook.BASE_REACH,
                    f"no free space on node {node} ({', '.join(here[node])})",
                )
            ]
        )
    markers = (*(here[node] if here else ()), company)
    after = _rebuilt(position, _with_markers(position, hex_, node, markers))
    problems = build_problems(position, hex_, node, company) if built else []
    if problems:
        raise InputError(problems)
    return after


def remove_marker(position: BoardPosition, hex_: str, node: int, company: str) -> BoardPosition:
    """The position without `company`'s base on station `node` of `hex_`; the other bases keep their order."""
    here = position.stations.get(hex_, ())
    if not here or not 0 <= node < len(here) or company not in here[node]:
        raise InputError(
            [Problem(_where(position, hex_), rulebook.HOME_BASE, f"{company} has no base on node {node} here")]
        )
    return _rebuilt(position, _with_markers(position, hex_, node, (c for c in here[node] if c != company)))


def set_trains(position: BoardPosition, company: str, trains: Iterable[str]) -> BoardPosition:
    """The position with `company` in play holding `trains` (names such as 2+1, 9+5): 1860's trains, within the
    phase's limit and the game's counts, none rusted (RB L272-L293, L612). A company put in play needs its home
    base on the map first (RB L509)."""
    _require_company(position, company)
    data = position_to_data(position)
    old = data["companies"].get(company, {"trains": [], "rules": {}})
    data["companies"][company] = {**old, "trains": [t.strip() for t in trains if t.strip()]}
    return _rebuilt(position, data)


def remove_company(position: BoardPosition, company: str) -> BoardPosition:
    """The position without `company` in play (its bases stay on the map)."""
    if company not in position.companies:
        raise InputError([Problem(f"company {company}", rulebook.HOME_BASE, "is not in play in this position")])
    data = position_to_data(position)
    del data["companies"][company]
    return _rebuilt(position, data)


def set_phase(position: BoardPosition, phase: str) -> BoardPosition:
    """The position in `phase`: refused when a tile is of a colour the phase does not have yet, a train rusts in
    it or belongs to a later phase, or a company holds more trains than its limit (RB L272-L293, L612)."""
    phases = position.board.phases
    if phase not in phases:
        raise InputError(
            [Problem("phase", rulebook.PHASE_TRAINS, f"{phase!r} is not a phase of 1860 ({', '.join(phases)})")]
        )
    data = position_to_data(position)
    data["phase"] = phase
    return _rebuilt(position, data)


def set_option(position: BoardPosition, option: str, on: bool) -> BoardPosition:
    """The position with a board-rule option of its `rules` set: `no_train_limit` (RB L285) or `two_7_4_trains`
    (RB L287)."""
    if option not in ("no_train_limit", "two_7_4_trains"):
        raise InputError([Problem(f"rules.{option}", rulebook.TRAIN_LIMIT, "not an option of 1860's board rules")])
    data = position_to_data(position)
    rules = {k: v for k, v in data["rules"].items() if k != option}
    data["rules"] = {**rules, option: True} if on else rules
    return _rebuilt(position, data)
