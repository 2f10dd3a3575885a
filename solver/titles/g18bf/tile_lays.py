"""Whether an 18BF board is one a game can reach: the tile-lay rules of §10.4 read as conditions on each hex's tile,
the station-marker rules of §10.5 and the train limit of §8 / §10.10. `board_problems` is 18BF's board rules on a
position (the registry's `board_rules`: `validate`, `show` and the Board page); the random boards of the benchmark
and the optimizer's tests are built with `lay_rotations` (`random_board`) and pass `board_problems` and
`unjoined_problems`.

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
  across an impassable side (the core's `open_edges`);
- the **colours** are the phase's (§8: green from 3, brown from 5, grey from 7), and no more tiles of a design
  stand on the board than the manifest's count (the core checks the counts when it reads a position). The
  intermediate tiles of a chain need only exist: laying the hexes whose tiles are latest in colour first, each
  replaced tile goes back to the box before a tile of its colour is needed as a final one (§10.4: "the old tile
  is removed (and is available for reuse)").

Station markers: at most the company's count (§10.5: a public 4, a System 8 or 12, a minor 1), one per hex and
company except a System's or a public's in London (acquired by merger, §10.5), a minor in play with its marker on
its home (§10.5: markers are never moved; §19: the homes), a public or System in play with a marker on the board (it
takes markers when it forms, §12.2, §12.3, §12.6); the core reads no more markers on a node than its
spaces. Trains: at most the phase's limit for the company's kind (§8) and one 5+5E (§10.10).

Not a rule of a position (docs/routes-18bf.md, "Board rules"): that every tile is joined to a city with a marker.
A tile is laid as part of a company's route (§10.4), but P2-P5 lay theirs with no connection (§7.1.1) and markers
are removed by takeovers and mergers (§12), so a board a game reaches may hold track no marker reaches;
`unjoined_problems` checks it on the generated boards, which companies alone build."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType

from solver.core.board_data import Board, Hex, Tile, load_board
from solver.core.board_position import BoardPosition
from solver.core.faces import Face
from solver.core.geometry import opposite
from solver.core.tile_lays import (
    blocked_track,
    first_rotations,
    homes_without_marker,
    markers_by_company,
    next_rotations,
    open_edges,
    reachable_lays,
    tiles_in_use,
)
from solver.errors import Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.bonuses import company_field_problems
from solver.titles.g18bf.money.phases import phase_row, train_limit
from solver.titles.g18bf.trains import train_problems

#: The tile-lay rules.
TILE_LAY = rulebook.TILE_PLACEMENT
#: The tile manifest: the tiles of the game, how many of each and their upgrades.
MANIFEST = "§18"
#: Tile colours by phase and train limits.
PHASES = rulebook.PHASES
#: Station markers: counts, one per hex.
MARKERS = rulebook.STATION_MARKERS
#: A minor's one marker stands on its home (markers are never moved, §10.5; the homes, §19).
HOME = "§10.5, §19"
#: The trains a company holds (Table 4 of §10.10, §8: the 5+5E one per System), as the evaluator cites them.
TRAINS = rulebook.TRAINS

Lay = tuple[str, int]
"""A tile and its rotation on a hex."""


def phase_colours(phase: str) -> frozenset[str]:
    """The tile colours of `phase` (§8: green from 3, brown from 5, grey from 7)."""
    return frozenset(phase_row(phase)["tiles"])


def _board() -> Board:
    return load_board("18bf")


def _shape(face: Face) -> tuple[str, ...]:
    return tuple(sorted(node.kind for node in face.nodes))


def printed_track(printed: Hex) -> bool:
    return bool(printed.face.paths)


def _suits(printed: Hex, tile: Tile) -> bool:
    """The tile may be the first laid on the hex (§10.4): on a hex printed with track, a tile of its label (the
    special upgrade tiles); on a white hex, a tile of its kind (plain track, a bar for a small city, a city with or
    without its Y)."""
    if printed.kind != "land" or tile.label != printed.label:
        return False
    return printed_track(printed) or _shape(printed.face) == _shape(tile.face)


def _needs(printed: Hex) -> str:
    """What a hex takes as its first tile, in the words of §10.4."""
    if printed_track(printed):
        return f"the {printed.label} tiles that upgrade its printed track"
    kinds = _shape(printed.face)
    if not kinds:
        return "plain track"
    if kinds == ("town",):
        return "a small-city tile (with a bar)"
    return "a city tile with a Y" if printed.label == "Y" else "a city tile without a Y"


@cache
def lay_rotations(hex_id: str, old: Lay | None, tile_id: str) -> tuple[int, ...]:
    """The rotations at which `tile_id` may be laid on `hex_id` over `old` (None: what is printed), §10.4."""
    board = _board()
    printed, tile = board.hexes[hex_id], board.tiles[tile_id]
    if old is None:
        rotations = first_rotations(board, hex_id, tile) if _suits(printed, tile) else ()
    else:
        rotations = next_rotations(board, old[0], old[1], tile_id)
    allowed = open_edges(board, hex_id)
    return tuple(r for r in rotations if tile.face.exits(r) <= allowed)


@cache
def chain_lays(hex_id: str) -> Mapping[str, frozenset[int]]:
    """Every tile, with its rotations, that a chain of lays can leave on the hex (track within its open edges)."""
    board = _board()
    printed, allowed = board.hexes[hex_id], open_edges(board, hex_id)
    found = reachable_lays(board, hex_id, lambda tile: _suits(printed, tile))
    kept = {t: frozenset(r for r in rs if board.tiles[t].face.exits(r) <= allowed) for t, rs in found.items()}
    return MappingProxyType({t: rs for t, rs in kept.items() if rs})


def _replaced(hex_id: str, lay: Lay) -> list[Lay]:
    """The lays on the hex, each itself reachable, that `lay` can replace in one step."""
    board, (tile_id, rotation) = _board(), lay
    return [
        (old, r)
        for old, rotations in chain_lays(hex_id).items()
        for r in sorted(rotations)
        if rotation in next_rotations(board, old, r, tile_id)
    ]


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


def _tile_problem(position: BoardPosition, hex_id: str, lay: Lay) -> Problem | None:
    """Why the tile cannot stand on the hex whatever came before it (§10.4), or None: not of the hex's kind, track
    into a blank or impassable side or off the map, no chain of lays keeping the track leading to it, or a brown Y
    tile with fewer exits than one that fits and is in the box."""
    board, (tile_id, rotation) = position.board, lay
    printed, tile = board.hexes[hex_id], board.tiles[tile_id]
    where = f"tiles {hex_id}"
    firsts = (board.tiles[t] for t in _first_tiles(board, tile_id))
    if not any(_suits(printed, t) and first_rotations(board, hex_id, t) for t in firsts):
        why = f"the hex takes {_needs(printed)}; tile {tile_id} is not one, nor an upgrade of one"
        return Problem(where, TILE_LAY, why)
    blocked = blocked_track(board, hex_id, tile, rotation)
    if blocked is not None:
        return Problem(where, TILE_LAY, blocked)
    reach = chain_lays(hex_id)
    if rotation not in reach.get(tile_id, frozenset()):
        fits = sorted(reach.get(tile_id, ()))
        why = f"rotation {fits[0]} does" if len(fits) == 1 else f"rotations {', '.join(map(str, fits))} do"
        stubs = ", ".join(map(str, printed.stubs))
        kept = f"the printed track (pointing to the yellow triangle on edge {stubs})" if stubs else "the printed track"
        return Problem(
            where,
            TILE_LAY,
            f"tile {tile_id} at rotation {rotation} keeps neither {kept} nor the track of a tile it upgrades"
            f" ({why if fits else 'no rotation does'})",
        )
    if big_y(board, tile_id):
        laid = tiles_in_use(position)
        spare = [t for t, tl in board.tiles.items() if big_y(board, t) and (tl.count or 0) > laid[t]]
        best = [most_exits(hex_id, old, {*spare, tile_id}) for old in _replaced(hex_id, lay)]
        if not any(tile_id in tiles for tiles in best):
            more = ", ".join(sorted(set().union(*best)))
            return Problem(
                where,
                TILE_LAY,
                f"a Y city upgraded to brown takes a tile with as many exits as possible: {more} fits and is in the "
                f"box, with more exits than tile {tile_id}",
            )
    return None


def _first_tiles(board: Board, tile_id: str) -> set[str]:
    """The tiles from which a chain of listed upgrades leads to `tile_id` (itself included)."""
    found, todo = {tile_id}, [tile_id]
    while todo:
        target = todo.pop()
        for old, tile in board.tiles.items():
            if target in tile.upgrades and old not in found:
                found.add(old)
                todo.append(old)
    return found


def board_problems(position: BoardPosition) -> list[Problem]:
    """Every way the position's board breaks §10.4 (each hex's tile reachable, colours, brown Y exits), §10.5
    (markers) and §8/§10.10 (trains), and the fields of the position and its companies (`rules`: none of the position,
    privates and loans of a company, §7.1), one Problem per hex, company, train or field (empty: a board a game can
    reach)."""
    board = position.board
    colours = phase_colours(position.phase)
    problems: list[Problem] = []
    for hex_id, lay in sorted(position.tiles.items()):
        tile = board.tiles[lay.tile]
        if tile.color not in colours:
            have = ", ".join(c for c in board.colors if c in colours)
            problems.append(
                Problem(
                    f"tiles {hex_id}",
                    PHASES,
                    f"tile {lay.tile} is {tile.color}; phase {position.phase} has {have} tiles",
                )
            )
        found = _tile_problem(position, hex_id, (lay.tile, lay.rotation))
        if found is not None:
            problems.append(found)
    problems += _marker_problems(position)
    problems += _train_problems(position)
    problems += [
        Problem(f"rules.{key}", "format", f"{key!r} is not a field of an 18BF position: 18BF has no rule modes")
        for key in sorted(position.rules)
    ]
    return problems


def unjoined_problems(position: BoardPosition) -> list[Problem]:
    """Every tile not joined hex by hex, through matching exits, to a hex holding a station marker (§10.4 with
    §10.1: a tile laid by a company is part of its route); a property of boards companies alone built (the module's
    docstring), not a rule of every position."""
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
    problems: list[Problem] = []
    for company, places in sorted(markers_by_company(position).items()):
        kind = board.companies[company].kind
        for hex_id, count in sorted(Counter(h for h, _ in places).items()):
            london = board.hexes[hex_id].label == "London"
            if count > 1 and kind != "system" and not (kind == "public" and london):
                problems.append(
                    Problem(
                        f"stations {hex_id}",
                        MARKERS,
                        f"{company} has {count} station markers in one hex (a {kind} may not: only a System, or a "
                        "public in London, by merger)",
                    )
                )
        most = int(board.companies[company].rules.get("markers", 0))
        if len(places) > most:
            problems.append(
                Problem(
                    f"company {company}",
                    MARKERS,
                    f"{len(places)} station markers on the board; a {kind} has {most}",
                )
            )
    minors = [c for c in sorted(position.companies) if board.companies[c].kind == "minor"]
    for company in homes_without_marker(position, minors):
        info = board.companies[company]
        problems.append(
            Problem(
                f"company {company}",
                HOME,
                f"a minor in play has its station marker on its home, {info.rules.get('home_name')} ({info.home}, "
                f"node {info.home_node}); none is there",
            )
        )
    placed = markers_by_company(position)
    for company in sorted(position.companies):
        kind = board.companies[company].kind
        if kind in ("public", "system") and not placed.get(company):
            problems.append(
                Problem(
                    f"company {company}",
                    rulebook.FORMED_WITH_MARKERS,
                    f"a {kind} in play has station markers on the board (it took them when it formed, and markers "
                    "are never moved); none is there",
                )
            )
    return problems


def _train_problems(position: BoardPosition) -> list[Problem]:
    """Each company's trains (§8 limits, §10.10 Table 4) and fields (privates, loans: §7.1)."""
    problems: list[Problem] = []
    for company, state in sorted(position.companies.items()):
        kind = position.board.companies[company].kind
        limit = train_limit(position.phase, kind)
        if len(state.trains) > limit:
            held = f"{len(state.trains)} train{'' if len(state.trains) == 1 else 's'}"
            why = f"{held}; a {kind}'s limit in phase {position.phase} is {limit}"
            problems.append(Problem(f"company {company}", PHASES, why))
        problems += train_problems(position, company) + company_field_problems(position, company)
    return problems
