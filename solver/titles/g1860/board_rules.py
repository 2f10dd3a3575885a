"""1860's board rules on a position (docs/board-1860.md): what may stand on the board at all, and what a company's
own lay must do. Each fault is a `Problem` naming the hex or company and citing the rulebook's heading and line.

`position_problems(position)` checks what is on the board, as a position copied from the table must be: each tile
suits its hex (Track Tiles, RB L450-L453), its letter (RB L465), keeps the printed track through a chain of
upgrades (Upgrading Track, RB L491), is of a colour of the phase (Phases, RB L274-L283) and runs no track into a
barrier or the sea (Laying Track, RB L484); station markers (bases) are no more than the company's tokens (RB
L171-L179, L509), one per hex (RB L517), with the home base on the home town (RB L509) and a space kept on a home
town for its company (RB L515); trains are 1860's, within the phase's limit (RB L274-L285, L612) unless the
position's `no_train_limit` option is on, no more of a type than the game has (RB L274-L289), none rusted and none
of a phase not reached (RB L272, L293). The tile counts, fixed rotations and marker spaces are the core loader's
(docs/board-data.md); the rule modes' fields are `modes.position_problems`.

`lay_problems(before, after, hex, company)` adds the rules of one company's lay (Laying Track, RB L483-L485;
Upgrading Track, RB L495-L499): the company must reach the tile, and an upgrade must add track it can use or raise
a value it can reach. `build_problems(before, hex, node, company)` adds those of one company building a base on its
turn (Building Bases, RB L509, L511): its home base first, then only on stations its bases reach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from solver.core.board_data import Board, Tile, load_board
from solver.core.board_position import BoardPosition
from solver.core.faces import Face
from solver.core.tile_lays import blocked_track, homes_without_marker, markers_by_company, reachable_lays, track_from
from solver.errors import InputError, Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.modes import company_rules, position_rules
from solver.titles.g1860.modes import position_problems as mode_problems
from solver.titles.g1860.trains import phase_rows, train_rows, train_sizes

LARGE, SMALL, HALT, VILLAGE = "large", "small", "halt", "village"


def _where(board: Board, hex_: str) -> str:
    name = board.hexes[hex_].name
    return f"{hex_} ({name})" if name else hex_


# ---------------------------------------------------------------- tiles


def _count(face: Face, *kinds: str) -> int:
    return sum(1 for node in face.nodes if node.kind in kinds)


def hex_refuses(board: Board, hex_: str, tile: Tile) -> Problem | None:
    """Why `tile` may never lie on `hex_` whatever its rotation, or None: its letter (Track Tiles, RB L465), or the
    stations the hex calls for (RB L450-L453): one halt or small station per village, as many large stations as
    the town has (a lettered town may gain one: Newport's Shide, Ventnor's second station), none on an empty hex."""
    printed = board.hexes[hex_]
    where = _where(board, hex_)
    if tile.label != printed.label:
        if printed.label:
            return Problem(where, rulebook.LABELS, f"the hex is lettered {printed.label}: tile {tile.id} is not")
        return Problem(where, rulebook.LABELS, f"tile {tile.id} bears the letter {tile.label}: it goes only there")
    villages, large = _count(printed.face, VILLAGE, HALT, SMALL), _count(printed.face, LARGE)
    minor, big = _count(tile.face, HALT, SMALL), _count(tile.face, LARGE)
    if minor != villages or big < large or (printed.label is None and big != large):
        need = {
            (0, 0): "plain track (no stations)",
            (1, 0): "one halt or small station",
            (2, 0): "two halts or small stations",
            (0, 1): "one large station (a town)",
        }.get((villages, large), f"{large} large station(s) and {villages} halt(s) or small station(s)")
        have = f"{big} large station(s) and {minor} halt(s) or small station(s)"
        return Problem(where, rulebook.TILE_FOR_HEX, f"the hex takes {need}; tile {tile.id} has {have}")
    return None


@cache
def _lays(title: str, variant: str, hex_: str) -> Mapping[str, frozenset[int]]:
    board = load_board(title, variant)
    return MappingProxyType(reachable_lays(board, hex_, lambda tile: hex_refuses(board, hex_, tile) is None))


def legal_lays(board: Board, hex_: str) -> Mapping[str, frozenset[int]]:
    """Every tile that may lie on `hex_`, with its rotations: one suiting the hex (RB L450-L453, L465) and keeping
    the printed track, or an upgrade of one keeping all its track on the same sides (RB L491), whatever the phase
    and the box. A tile found on a hex at the table stands for the chain of tiles it replaced."""
    return _lays(board.title, board.map_variant, hex_)


def phase_colours(phase: str) -> tuple[str, ...]:
    """The tile colours phase `phase` allows (Phases, RB L274-L283)."""
    return tuple(phase_rows()[phase]["tiles"])


def tile_problem(position: BoardPosition, hex_: str, tile_id: str, rotation: int) -> Problem | None:
    """Why `tile_id` at `rotation` may not lie on `hex_` in this position's phase, or None."""
    board = position.board
    tile = board.tiles[tile_id]
    where = _where(board, hex_)
    refused = hex_refuses(board, hex_, tile)
    if refused is not None:
        return refused
    colours = phase_colours(position.phase)
    if tile.color not in colours:
        return Problem(
            where,
            rulebook.PHASE_TILES,
            f"tile {tile_id} is {tile.color}; phase {position.phase} has {', '.join(colours)}",
        )
    lays = legal_lays(board, hex_)
    if rotation not in lays.get(tile_id, frozenset()):
        if tile_id in lays:
            turns = ", ".join(str(r) for r in sorted(lays[tile_id]))
            why = f"at rotation {rotation} tile {tile_id} does not keep the track already there (rotations {turns} do)"
        else:
            why = f"tile {tile_id} keeps neither the printed track nor the track of a tile it upgrades"
        return Problem(where, rulebook.KEEP_TRACK, why)
    blocked = blocked_track(board, hex_, tile, rotation)
    return None if blocked is None else Problem(where, rulebook.NO_BARRIER, blocked)


def _tile_problems(position: BoardPosition) -> list[Problem]:
    found = [tile_problem(position, lay.hex, lay.tile, lay.rotation) for lay in position.tiles.values()]
    return [p for p in found if p is not None]


# ---------------------------------------------------------------- bases


def _base_problems(position: BoardPosition) -> list[Problem]:
    board = position.board
    problems: list[Problem] = []
    bases = markers_by_company(position)
    for company, places in bases.items():
        tokens = len(board.companies[company].rules.get("base_costs", ()))
        if len(places) > tokens:
            problems.append(
                Problem(f"company {company}", rulebook.BASE_COUNT, f"{len(places)} bases on the map; it has {tokens}")
            )
        for hex_, n in sorted(Counter(h for h, _ in places).items()):
            if n > 1:
                problems.append(
                    Problem(_where(board, hex_), rulebook.ONE_BASE_PER_HEX, f"{company} has {n} bases on this hex")
                )
    for company in homes_without_marker(position, position.companies):
        home = board.companies[company].home
        assert home is not None
        problems.append(
            Problem(
                f"company {company}",
                rulebook.HOME_BASE,
                f"a company in play has its home base on {_where(board, home)}; none is there",
            )
        )
    for company, info in board.companies.items():
        home = info.home
        if home is None or home not in board.hexes or (home, info.home_node) in bases.get(company, []):
            continue
        nodes = position.stations.get(home)
        if not nodes:
            continue
        node = position.face(home).nodes[info.home_node]
        others = nodes[info.home_node]
        if others and len(others) >= node.slots:
            problems.append(
                Problem(
                    _where(board, home),
                    rulebook.HOME_RESERVED,
                    f"{', '.join(others)} fill the home station of {company}; a space stays free for its home base",
                )
            )
    return problems


# ---------------------------------------------------------------- trains


def _train_problems(position: BoardPosition) -> list[Problem]:
    try:
        rules = position_rules(position)
    except InputError:
        return []  # reported by the rule modes' check
    phases = position.board.phases
    now = phases.index(position.phase)
    rows = {row["id"]: row for row in train_rows()}
    sizes = train_sizes()
    limit = phase_rows()[position.phase]["train_limit"]
    problems: list[Problem] = []
    held: Counter[str] = Counter()
    for state in position.companies.values():
        where = f"companies {state.id}.trains"
        known = [t for t in state.trains if t in sizes]
        held.update(known)
        try:
            leased = company_rules(position, state.id).insolvent
        except InputError:
            leased = False
        if not rules.no_train_limit and len(state.trains) > limit:
            problems.append(
                Problem(
                    where,
                    rulebook.TRAIN_LIMIT,
                    f"{len(state.trains)} trains; phase {position.phase} allows {limit} a company "
                    "(set the option no_train_limit to play without a limit)",
                )
            )
        for train in sorted(set(known)):
            row = rows[train]
            rust = row["rusts_on"]
            if rust is not None and phases.index(rows[rust]["phase"]) <= now:
                problems.append(
                    Problem(where, rulebook.PHASE_TRAINS, f"the {train} rusted when phase {rows[rust]['phase']} began")
                )
            if phases.index(row["phase"]) > now and not leased:
                problems.append(
                    Problem(
                        where,
                        rulebook.PHASE_TRAINS,
                        f"a {train} is bought in phase {row['phase']} or later; this is phase {position.phase}",
                    )
                )
    for train, n in held.items():
        row = rows[train]
        count = row.get("variant_count") if rules.two_7_4_trains and "variant_count" in row else row["count"]
        if count is not None and n > count:
            problems.append(
                Problem(f"trains {train}", rulebook.TRAIN_COUNTS, f"{n} held by the companies; the game has {count}")
            )
    return problems


def position_problems(position: BoardPosition) -> list[Problem]:
    """Every fault of an 1860 position against 1860's rules (the module's docstring): rule modes, tiles, bases,
    trains; empty when the position is valid."""
    return [*mode_problems(position), *_tile_problems(position), *_base_problems(position), *_train_problems(position)]


# ---------------------------------------------------------------- a company's lay


def _tokened_out(position: BoardPosition, company: str, hex_: str, node: int, flipped: frozenset[str]) -> bool:
    """Whether a large station blocks `company`: every space holds a base of another company whose bases are not
    turned over (Laying Track, RB L485; Bankrupt Companies, RB L691)."""
    nodes = position.stations.get(hex_)
    slots = position.face(hex_).nodes[node].slots
    if not nodes or slots == 0 or company in nodes[node]:
        return False
    return len([m for m in nodes[node] if m not in flipped]) >= slots


def _reach(
    position: BoardPosition, company: str, train: str | None
) -> tuple[frozenset[str], frozenset[tuple[str, int]]]:
    """The hexes and the stations (hex, node) `company` reaches from its bases (`reached_hexes`)."""
    flipped = frozenset(position_rules(position).flipped)
    size = train_sizes()[train] if train is not None else None
    faces = {h: position.face(h) for h in position.board.hexes}
    starts = markers_by_company(position).get(company, [])
    hexes: set[str] = set()
    best: dict[tuple[str, int], tuple[int, int]] = {}
    todo = [(h, i, 1, 0) for h, i in starts]
    while todo:
        hex_, node, large, small = todo.pop()
        key = (hex_, node)
        seen = best.get(key)
        if seen is not None and seen[0] <= large and seen[1] <= small:
            continue
        best[key] = (large, small)
        hexes.add(hex_)
        if (hex_, node) not in starts and _tokened_out(position, company, hex_, node, flipped):
            continue  # a route may end here but not pass through
        track, nodes = track_from(position, hex_, node)
        hexes |= {h for h in track if not faces[h].nodes}
        for h, i in nodes:
            kind = faces[h].nodes[i].kind
            add_large = 1 if kind in (LARGE, "offboard") else 0
            add_small = 1 if kind == SMALL else 0
            nl, ns = large + add_large, small + add_small
            if size is not None and (nl > size.n or ns > size.m + size.n - nl):
                continue
            todo.append((h, i, nl, ns))
    return frozenset(hexes), frozenset(best)


def reached_hexes(position: BoardPosition, company: str, train: str | None) -> frozenset[str]:
    """The hexes `company` reaches from its bases without passing through tokened-out stations: with any length
    of train when `train` is None (qualifying track, Laying Track, RB L483-L485), else within that train's N large
    stations and M small stations (halts may be bypassed; Upgrading Track, RB L495). A hex with stations is reached
    when one of its stations is counted within the train's length; a hex of plain track when track from a station
    the train reaches runs through it."""
    return _reach(position, company, train)[0]


def reached_stations(position: BoardPosition, company: str) -> frozenset[tuple[str, int]]:
    """The stations (hex, node) `company` reaches from its bases by following track, not past tokened-out stations
    (Building Bases, RB L511; a tokened-out station itself is reached, and full)."""
    return _reach(position, company, None)[1]


def _values(position: BoardPosition, hex_: str) -> list[int]:
    return sorted((node.value_in(position.phase) for node in position.face(hex_).nodes), reverse=True)


def _turn_problems(before: BoardPosition, hex_: str, company: str, nothing: str) -> list[Problem]:
    """Why `company` has no turn to build on `hex_` in `before`: it is not in play, or the Southern Railway has
    formed and a stock round followed (RB L656: the position's `halts_ignored`), when `nothing` is built."""
    if company not in before.companies:
        return [Problem(f"company {company}", rulebook.HOME_BASE, f"{company} is not in play in this position")]
    if position_rules(before).halts_ignored:
        return [
            Problem(
                _where(before.board, hex_),
                rulebook.NO_BUILDING_AFTER_SOUTHERN,
                f"the Southern Railway has formed and a stock round followed: {nothing} any more",
            )
        ]
    return []


def lay_problems(before: BoardPosition, after: BoardPosition, hex_: str, company: str) -> list[Problem]:
    """The rules of `company` laying the tile that turns `before` into `after` on `hex_`: none once the Southern
    Railway has formed and a stock round followed (RB L656: the position's `halts_ignored`); a first tile must connect
    with its qualifying track, or lie on its home town (Laying Track, RB L483-L485; Building Bases, RB L509); an
    upgrade needs a train (RB L499) that reaches the tile from a base (RB L495), and must add an exit to track the
    company reaches or raise the value of a station on it (RB L497: read as docs/board-1860.md says)."""
    board = before.board
    where = _where(board, hex_)
    refused = _turn_problems(before, hex_, company, "no track is laid or upgraded")
    if refused:
        return refused
    state = before.companies[company]
    upgrade = hex_ in before.tiles or board.hexes[hex_].color != "white"
    info = board.companies[company]
    if not upgrade:
        if hex_ == info.home or hex_ in reached_hexes(after, company, None):
            return []
        return [
            Problem(
                where,
                rulebook.QUALIFYING_TRACK,
                f"the tile does not connect with track {company} reaches from its bases "
                "(not past tokened-out stations)",
            )
        ]
    trains = [t for t in state.trains if t in train_sizes()]
    if not trains:
        return [Problem(where, rulebook.UPGRADE_REACH, f"{company} has no train: a company without one cannot upgrade")]
    if not any(hex_ in reached_hexes(before, company, t) for t in set(trains)):
        return [
            Problem(
                where,
                rulebook.UPGRADE_REACH,
                f"none of {company}'s trains ({', '.join(trains)}) reaches the tile from its bases "
                "without passing through tokened-out stations",
            )
        ]
    reached_after = any(hex_ in reached_hexes(after, company, t) for t in set(trains))
    more_track = after.face(hex_).exits() - before.face(hex_).exits()
    higher = _values(after, hex_) > _values(before, hex_)
    if reached_after and (more_track or higher):
        return []
    return [
        Problem(
            where,
            rulebook.UPGRADE_GAIN,
            f"the upgrade adds no track {company} could run a train on and raises no value it can reach",
        )
    ]


# ---------------------------------------------------------------- a company's base


def build_problems(before: BoardPosition, hex_: str, node: int, company: str) -> list[Problem]:
    """The rules of `company` building a base on station `node` of `hex_` on its turn, in `before` (the board
    without it): none once the Southern Railway has formed and a stock round followed (RB L656); a company with no
    base on the map places its home base first (RB L509); any other base on a station its bases reach by following
    track, not past tokened-out stations (RB L511). The space, the tokens, one base per hex and the home spaces are
    the position's rules (`position_problems`)."""
    refused = _turn_problems(before, hex_, company, "no base is built")
    if refused:
        return refused
    board = before.board
    info = board.companies[company]
    if not markers_by_company(before).get(company):
        if (hex_, node) == (info.home, info.home_node):
            return []
        home = _where(board, info.home) if info.home is not None and info.home in board.hexes else str(info.home)
        return [
            Problem(
                f"company {company}",
                rulebook.HOME_BASE,
                f"{company} has no base on the map: its first is its home base on {home}",
            )
        ]
    if (hex_, node) in reached_stations(before, company):
        return []
    return [
        Problem(
            _where(board, hex_),
            rulebook.BASE_REACH,
            f"{company}'s bases do not reach station {node} here by track without passing through tokened-out stations",
        )
    ]
