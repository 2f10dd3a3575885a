"""Board edits that every title on the core's positions shares (docs/architecture.md, "Where each thing lives"; each
title's docs/board-<title>.md, "Editing"): each verb takes a position and returns a new one read back through the core's
loader, or raises InputError naming the hex or company and the title's rule; nothing is half-applied. A new position
may not break a board rule the old one did not (`tile_lays.new_problems`): a board copied with a fault keeps it
until fixed, and no edit adds one.

What differs between titles comes in an `EditRules`: the title's board rules, the tiles and rotations a chain of
lays leaves on a hex, the colours of a phase, the citations each refusal names and, where the title has them, the
rules of a company's own turn (which tiles it may lay, where it may build). The upgrade step (every old path kept on
the same sides, the markers carried to the nodes the old ones become) is the core's `upgrades`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.core.tile_lays import new_problems, tiles_left
from solver.core.upgrades import upgrade_fits, upgrade_rotations
from solver.errors import InputError, Problem


@dataclass(frozen=True)
class EditRules:
    """A title's part in the core's edits: its functions and the citation of each rule an edit may break."""

    title: str  # as players write it, in messages
    doc: str  # the document of its board rules and edits
    marker: str  # what a station marker is called in its rules (`base`, `station marker`)
    train_examples: str  # a few trains as a position names them, for the page's hint
    problems: Callable[[BoardPosition], list[Problem]]  # its board rules on a position
    lays: Callable[[BoardPosition, str], Mapping[str, frozenset[int]]]  # every tile a chain of lays leaves on a hex
    colours: Callable[[str], Collection[str]]  # the tile colours of a phase
    phase_rule: str  # the phases and their tiles
    tile_for_hex: str  # which tiles a hex takes (land hexes only)
    keep_track: str  # an upgrade keeps the old tile's track; markers keep their places
    marker_space: str  # markers stand on a node's spaces
    company_rule: str  # the companies of the title
    in_play: str  # a company in play and its markers
    tiles_in_box: str  # the tiles the game has, and how many of each
    # (position, hex, tile, rotation) -> why the tile may never lie there, checked before the upgrade step; optional
    tile_problem: Callable[[BoardPosition, str, str, int], Problem | None] | None = None
    # a company's own turn (None: the title's edits copy the table only): the rule the page cites, the checks of a
    # tile it lays (before, after, hex, company) and of a marker it places (position, hex, node, company)
    turn_rule: str | None = None
    lay_checks: Callable[[BoardPosition, BoardPosition, str, str], list[Problem]] | None = None
    build_checks: Callable[[BoardPosition, str, int, str], list[Problem]] | None = None
    # the options of its board rules the page offers: an entry of the position's `rules` and its label
    options: tuple[tuple[str, str], ...] = ()
    # the kinds of company (board data, `companies[].kind`) that hold station markers and trains (empty: all)
    operating_kinds: tuple[str, ...] = ()


def operating(rules: EditRules, position: BoardPosition) -> list[str]:
    """The companies that may hold station markers and trains, those in play first, each group in the board data's
    order (the page's choices)."""
    kinds = rules.operating_kinds
    found = [c for c, info in position.board.companies.items() if not kinds or info.kind in kinds]
    return sorted(found, key=lambda c: c not in position.companies)


@dataclass(frozen=True)
class TileOption:
    """A tile that may go on a hex now with the rotations that give different legal layouts; `replaces` is the
    tile it upgrades (None on a hex without a tile); `available` the copies left in the box (None: any number)."""

    tile: str
    rotations: tuple[int, ...]
    replaces: str | None
    available: int | None


def where(position: BoardPosition, hex_: str) -> str:
    """The hex as a refusal names it: its id and, where it has one, its name (`U23 (London)`)."""
    hexes = position.board.hexes
    return f"{hex_} ({hexes[hex_].name})" if hex_ in hexes and hexes[hex_].name else hex_


def rebuilt(rules: EditRules, before: BoardPosition, data: dict[str, Any]) -> BoardPosition:
    """The edited position read back through the core loader (counts, spaces, names), then refused if it breaks a
    board rule `before` did not."""
    after = parse_position(data, "edited position")
    return new_problems(before, after, rules.problems)


def _require_land(rules: EditRules, position: BoardPosition, hex_: str) -> None:
    hexes = position.board.hexes
    if hex_ not in hexes or hexes[hex_].kind != "land":
        what = "not a hex of the map" if hex_ not in hexes else f"{hexes[hex_].name or hex_}, off the board's land"
        raise InputError([Problem(hex_, rules.tile_for_hex, f"tiles go on land hexes; {hex_} is {what}")])


def _markers_after(
    rules: EditRules, position: BoardPosition, hex_: str, tile_id: str, rotation: int
) -> list[list[str]]:
    """The markers of `hex_` on the new tile's nodes, each where the old node lies on it; InputError when the tile
    cannot keep them."""
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
        why = f"tile {tile_id} at rotation {rotation} cannot keep the {rules.marker}s here"
        raise InputError([Problem(where(position, hex_), rules.keep_track, why)])
    for old, companies in enumerate(markers):
        stations[fits[0].node_map[old]] += companies
    return stations


def _with_tile(rules: EditRules, position: BoardPosition, hex_: str, tile_id: str, rotation: int) -> dict[str, Any]:
    data = position_to_data(position)
    data["tiles"] = [t for t in data["tiles"] if t["hex"] != hex_] + [
        {"hex": hex_, "tile": tile_id, "rotation": rotation}
    ]
    stations = _markers_after(rules, position, hex_, tile_id, rotation)
    data["stations"] = {**data["stations"], hex_: stations}
    if not any(stations):
        del data["stations"][hex_]
    return data


def _candidates(rules: EditRules, position: BoardPosition, hex_: str) -> Mapping[str, frozenset[int]]:
    """The tiles, with rotations, that may replace what lies on `hex_`: on a hex with a tile, its listed upgrades
    at the rotations keeping all its track on the same sides; otherwise every tile a chain of lays leaves there (a
    later tile found at the table stands for those it replaced)."""
    board = position.board
    lays = rules.lays(position, hex_)
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


def tile_offer(rules: EditRules, position: BoardPosition, hex_: str, company: str | None = None) -> list[TileOption]:
    """Every tile that may be laid on `hex_` now, each with its legal rotations (one per layout of track): one of
    the hex's chain of lays keeping the track there, of the phase's colours, a copy left in the box (the tile there
    goes back), the markers keeping their places, and breaking no board rule (each offered rotation is one
    `lay_tile` accepts); with `company`, the rules of its turn too."""
    board = position.board
    if hex_ not in board.hexes or board.hexes[hex_].kind != "land":
        return []
    here = position.tiles.get(hex_)
    colours = rules.colours(position.phase)
    offers: list[TileOption] = []
    for tile_id, rotations in sorted(_candidates(rules, position, hex_).items()):
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
                lay_tile(rules, position, hex_, tile_id, rotation, company)
            except InputError:
                continue
            seen.add(shape)
            good.append(rotation)
        if good:
            offers.append(TileOption(tile_id, tuple(good), here.tile if here else None, left))
    offers.sort(key=lambda o: (board.colors.index(board.tiles[o.tile].color), o.tile))
    return offers


def lay_tile(
    rules: EditRules, position: BoardPosition, hex_: str, tile_id: str, rotation: int, company: str | None = None
) -> BoardPosition:
    """The position with `tile_id` laid (or upgraded to) on `hex_` at `rotation`, markers kept in their places.
    InputError with the rule when the tile may not lie there, none is left in the box, or (with `company`) the
    company may not lay it on its turn."""
    _require_land(rules, position, hex_)
    board = position.board
    at = where(position, hex_)
    tile = board.tiles.get(tile_id)
    if tile is None:
        raise InputError([Problem(at, rules.tiles_in_box, f"no tile {tile_id!r} in the {rules.title} box")])
    if not 0 <= rotation <= 5:
        raise InputError([Problem(at, "format", f"rotation {rotation} is not 0-5")])
    here = position.tiles.get(hex_)
    if here is not None and here.tile == tile_id and here.rotation == rotation:
        raise InputError([Problem(at, rules.keep_track, f"tile {tile_id} already lies here at rotation {rotation}")])
    refused = None if rules.tile_problem is None else rules.tile_problem(position, hex_, tile_id, rotation)
    if refused is not None:
        raise InputError([refused])
    if here is not None and rotation not in _candidates(rules, position, hex_).get(tile_id, frozenset()):
        ups = ", ".join(board.tiles[here.tile].upgrades) or "none"
        why = (
            f"tile {tile_id} at rotation {rotation} does not keep all the track of tile {here.tile} on the same sides"
            if tile_id in board.tiles[here.tile].upgrades
            else f"tile {tile_id} is not an upgrade of tile {here.tile} (its upgrades: {ups})"
        )
        raise InputError([Problem(at, rules.keep_track, why)])
    left = tiles_left(position, tile, hex_)
    if left is not None and left <= 0:
        why = f"no tile {tile_id} is left in the box ({tile.count} in all)"
        raise InputError([Problem(at, rules.tiles_in_box, why)])
    after = rebuilt(rules, position, _with_tile(rules, position, hex_, tile_id, rotation))
    if company is not None and rules.lay_checks is not None:
        problems = rules.lay_checks(position, after, hex_, company)
        if problems:
            raise InputError(problems)
    return after


def remove_tile(rules: EditRules, position: BoardPosition, hex_: str) -> BoardPosition:
    """The position without the tile on `hex_` (to correct a mistake): its markers go back to the printed hex's
    nodes; refused when one stands on a node the printed hex does not have."""
    at = where(position, hex_)
    if hex_ not in position.tiles:
        raise InputError([Problem(at, rules.tile_for_hex, "there is no tile on this hex to remove")])
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
                why = (
                    f"the printed hex has no node for the {rules.marker}s of {', '.join(companies)}: remove them first"
                )
                raise InputError([Problem(at, rules.keep_track, why)])
            if companies:
                stations[back[node]] += companies
        data["stations"][hex_] = stations
    return rebuilt(rules, position, data)


def _require_node(rules: EditRules, position: BoardPosition, hex_: str, node: int) -> None:
    board = position.board
    if hex_ not in board.hexes:
        raise InputError([Problem(hex_, rules.marker_space, f"{hex_} is not a hex of the {board.map_variant} map")])
    nodes = position.face(hex_).nodes
    if not 0 <= node < len(nodes) or nodes[node].slots == 0:
        why = f"node {node} has no space for a {rules.marker}"
        raise InputError([Problem(where(position, hex_), rules.marker_space, why)])


def require_company(rules: EditRules, position: BoardPosition, company: str) -> None:
    """InputError naming the company when it is not one of the title's."""
    companies = position.board.companies
    if company not in companies:
        why = f"not a company of {rules.title} ({', '.join(companies)})"
        raise InputError([Problem(f"company {company!r}", rules.company_rule, why)])


def _with_markers(position: BoardPosition, hex_: str, node: int, markers: Iterable[str]) -> dict[str, Any]:
    data = position_to_data(position)
    here = position.stations.get(hex_)
    stations: list[list[str]] = [list(n) for n in here] if here else [[] for _ in position.face(hex_).nodes]
    stations[node] = list(markers)
    data["stations"] = {**data["stations"], hex_: stations}
    if not any(stations):
        del data["stations"][hex_]
    return data


def place_marker(
    rules: EditRules, position: BoardPosition, hex_: str, node: int, company: str, built: bool = False
) -> BoardPosition:
    """The position with a marker of `company` on node `node` of `hex_`: a free space on that node and no board
    rule broken (the company's count, its markers in one hex: the title's rules say who may hold two).
    With `built` the company places it on its turn and the title's `build_checks` apply too."""
    require_company(rules, position, company)
    _require_node(rules, position, hex_, node)
    here = position.stations.get(hex_, ())
    slots = position.face(hex_).nodes[node].slots
    if here and len(here[node]) >= slots:
        why = f"no free space on node {node} ({', '.join(here[node])})"
        raise InputError([Problem(where(position, hex_), rules.marker_space, why)])
    markers = (*(here[node] if here else ()), company)
    after = rebuilt(rules, position, _with_markers(position, hex_, node, markers))
    problems = rules.build_checks(position, hex_, node, company) if built and rules.build_checks else []
    if problems:
        raise InputError(problems)
    return after


def remove_marker(rules: EditRules, position: BoardPosition, hex_: str, node: int, company: str) -> BoardPosition:
    """The position without `company`'s marker on node `node` of `hex_`; the other markers keep their order."""
    here = position.stations.get(hex_, ())
    if not here or not 0 <= node < len(here) or company not in here[node]:
        why = f"{company} has no {rules.marker} on node {node} here"
        raise InputError([Problem(where(position, hex_), rules.in_play, why)])
    return rebuilt(rules, position, _with_markers(position, hex_, node, (c for c in here[node] if c != company)))


def set_trains(rules: EditRules, position: BoardPosition, company: str, trains: Iterable[str]) -> BoardPosition:
    """The position with `company` in play holding `trains` (its other entries kept); the board rules judge the
    trains and a company put in play."""
    require_company(rules, position, company)
    data = position_to_data(position)
    old = data["companies"].get(company, {"trains": [], "rules": {}})
    data["companies"][company] = {**old, "trains": [t.strip() for t in trains if t.strip()]}
    return rebuilt(rules, position, data)


def remove_company(rules: EditRules, position: BoardPosition, company: str) -> BoardPosition:
    """The position without `company` in play (its markers stay on the map)."""
    if company not in position.companies:
        raise InputError([Problem(f"company {company}", rules.in_play, "is not in play in this position")])
    data = position_to_data(position)
    del data["companies"][company]
    return rebuilt(rules, position, data)


def set_phase(rules: EditRules, position: BoardPosition, phase: str) -> BoardPosition:
    """The position in `phase`: refused when the board rules find a new fault in it (a tile of a colour the phase
    does not have yet, trains over its limit, ...)."""
    phases = position.board.phases
    if phase not in phases:
        why = f"{phase!r} is not a phase of {rules.title} ({', '.join(phases)})"
        raise InputError([Problem("phase", rules.phase_rule, why)])
    data = position_to_data(position)
    data["phase"] = phase
    return rebuilt(rules, position, data)


class Verbs(NamedTuple):
    """The edit verbs bound to a title's rules: what its editor module exposes by name (`Title.edit`), each taking
    the arguments of the function above after `rules`."""

    tile_offer: Callable[..., list[TileOption]]
    lay_tile: Callable[..., BoardPosition]
    remove_tile: Callable[..., BoardPosition]
    place_marker: Callable[..., BoardPosition]
    remove_marker: Callable[..., BoardPosition]
    set_trains: Callable[..., BoardPosition]
    remove_company: Callable[..., BoardPosition]
    set_phase: Callable[..., BoardPosition]


def verbs(rules: EditRules) -> Verbs:
    """Every edit verb with the title's `rules` bound (a title's editor: `tile_offer, lay_tile, ... = verbs(RULES)`)."""
    return Verbs(
        partial(tile_offer, rules),
        partial(lay_tile, rules),
        partial(remove_tile, rules),
        partial(place_marker, rules),
        partial(remove_marker, rules),
        partial(set_trains, rules),
        partial(remove_company, rules),
        partial(set_phase, rules),
    )
