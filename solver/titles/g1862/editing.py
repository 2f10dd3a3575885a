"""Board edits as pure functions: each takes a valid Position and returns a new valid Position, or raises
InputError naming the hex or company and the rule the edit would break. Nothing is ever half-applied.

The app's board editor calls these; the undo stack is just the list of earlier positions. An edit rebuilds a
position that exists at the table, so it checks what is on the board (7.6.1-7.6.5, 7.7, 9.0, 2.3), not the
order of play: who may build where this turn (the "route of the company" condition of 7.6.1 and 7.6.3) is not
checked, because a board being copied from the table was built legally by the companies that built it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType

from solver.errors import InputError, Problem
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import COLOR_ORDER, PHASES, GameData, Tile
from solver.titles.g1862.position import CompanyState, GameLength, Position, TileLay, Track, Variant
from solver.titles.g1862.trains import Train, TrainType, parse_train
from solver.titles.g1862.validation import validate_position


@dataclass(frozen=True)
class TileOption:
    """A tile that may go on a hex now, with every rotation that gives a different legal layout.

    `replaces` is the tile it upgrades (7.6.3), or None on an empty hex (a yellow tile, 7.6.2, or a later tile
    standing for the yellow tile it replaced at the table)."""

    tile: str
    rotations: tuple[int, ...]
    replaces: str | None
    available: int

    def label(self) -> str:
        verb = f"upgrade {self.replaces} to" if self.replaces else "lay"
        return f"{verb} {self.tile} ({self.available} left)"


def _with(position: Position, **changes: object) -> Position:
    return dataclasses.replace(position, **changes)  # type: ignore[arg-type]


def _checked(before: Position, after: Position) -> Position:
    """`after` if it breaks no rule that `before` did not already break; InputError listing the new problems.
    The train supply is checked too (9.0, 2.4.3), as when a position file is read, so every edit gives a
    position that loads again (from the tab's draft or a saved file)."""
    old = set(validate_position(before, check_supply=True))
    new = [p for p in validate_position(after, check_supply=True) if p not in old]
    if new:
        raise InputError(new)
    return after


def _where(position: Position, hex_: str) -> str:
    return f"{hex_} ({position.game.hex_name(hex_)})"


def _require_land(position: Position, hex_: str) -> None:
    game = position.game
    if not hexgrid.is_hex_id(hex_) or hex_ not in game.land_hexes:
        what = "an off-board area" if hex_ in game.offboard_hexes else "not a land hex of the map"
        raise InputError([Problem(hex_, "7.6.1", f"tiles go on towns and villages; {hex_} is {what}")])


def tiles_in_use(position: Position) -> Counter[str]:
    """How many of each tile are on the board."""
    return Counter(lay.tile for lay in position.tiles.values())


def _placed(position: Position, hex_: str, tile: Tile, rotation: int) -> TileLay:
    """The lay of `tile` on `hex_`, carrying the old tile's small stations to the same tracks (7.6.3), or the
    printed small station of a yellow village tile (7.6.2)."""
    old = position.tiles.get(hex_)
    if old is not None:
        return TileLay(hex_, tile.id, rotation, old.small_stations)
    stations: tuple[Track, ...] = ()
    if tile.station == "small" and tile.color == "yellow":
        stations = tuple((min(t), max(t)) for t in tile.tracks_at(rotation))
    return TileLay(hex_, tile.id, rotation, stations)


def _lay(position: Position, lay: TileLay) -> Position:
    tiles = dict(position.tiles)
    tiles[lay.hex] = lay
    return _with(position, tiles=MappingProxyType(tiles))


def _upgrades(game: GameData, hex_: str, tile_id: str, rotation: int) -> list[tuple[str, int]]:
    """The (tile, rotation) pairs that upgrade `tile_id` laid at `rotation` on `hex_` keeping all its track on
    the same sides (7.6.3)."""
    return [
        (up.tile, (rotation + d) % 6)
        for up in game.tiles[tile_id].upgrades
        if up.only_on is None or up.only_on == hex_
        for d in up.rotations
    ]


def _candidates(position: Position, hex_: str) -> list[tuple[Tile, tuple[int, ...]]]:
    """Tiles (with rotations) that the upgrade path allows on the hex: on a tiled hex, the listed upgrades of
    the tile there with the rotations that keep its track on the same sides (7.6.3); on an empty hex, any
    yellow tile of the right station kind (7.6.2) and every green or russet tile that a chain of such
    upgrades of one of them reaches. The editor copies a board built legally, so a green tile found on a hex
    at the table stands for the yellow tile it replaced (docs/app.md)."""
    game = position.game
    old = position.tiles.get(hex_)
    if old is not None:
        start = _upgrades(game, hex_, old.tile, old.rotation)
    else:
        kind = "large" if hex_ in game.towns else "small"
        start = [(t.id, r) for t in game.tiles.values() if t.color == "yellow" and t.station == kind for r in range(6)]
    reach: dict[str, set[int]] = {}
    todo = list(start)
    while todo:
        tile_id, rotation = todo.pop()
        if rotation in reach.setdefault(tile_id, set()):
            continue
        reach[tile_id].add(rotation)
        if old is None:
            todo += _upgrades(game, hex_, tile_id, rotation)
    return [(game.tiles[t], tuple(sorted(r))) for t, r in reach.items()]


def tile_offer(position: Position, hex_: str) -> list[TileOption]:
    """Every tile that may be laid on `hex_` now, each with its legal rotations.

    A tile is offered when: it suits the kind of hex (large station on a town, small on a village, 7.6.1) and
    its letter (N/Y; Ipswich and Harwich take only their own russet tiles, 7.6.1); it is a yellow tile on an
    empty hex or an upgrade of the tile there that keeps the old track on the same sides (7.6.2, 7.6.3); none
    of its track runs into a barrier or the sea (7.6.1); the phase allows its colour (9.0); and a copy is left
    in the supply (2.3; an upgrade returns the old tile). Rotations giving the same track are listed once.
    """
    game = position.game
    if hex_ not in game.land_hexes:
        return []
    before = set(validate_position(position))
    used = tiles_in_use(position)
    offers: list[TileOption] = []
    for tile, rotations in _candidates(position, hex_):
        if tile.color not in game.phases[position.phase].tiles:
            continue
        old = position.tiles.get(hex_)
        left = tile.count - used[tile.id] + (1 if old is not None and old.tile == tile.id else 0)
        if left <= 0:
            continue
        seen: set[frozenset[frozenset[int]]] = set()
        good: list[int] = []
        for rotation in rotations:
            shape = frozenset(tile.tracks_at(rotation))
            if shape in seen:
                continue
            after = _lay(position, _placed(position, hex_, tile, rotation))
            if all(p in before for p in validate_position(after)):
                seen.add(shape)
                good.append(rotation)
        if good:
            offers.append(TileOption(tile.id, tuple(good), old.tile if old else None, left))
    offers.sort(key=lambda o: (COLOR_ORDER.index(game.tiles[o.tile].color), o.tile))
    return offers


def lay_tile(position: Position, hex_: str, tile_id: str, rotation: int) -> Position:
    """The position with `tile_id` laid (or upgraded to) on `hex_` at `rotation`; markers and small stations
    keep their places (7.6.3). InputError with the rule if the tile is not among `tile_offer`'s choices."""
    _require_land(position, hex_)
    game = position.game
    where = _where(position, hex_)
    tile = game.tiles.get(tile_id)
    if tile is None:
        raise InputError([Problem(where, "2.3", f"unknown tile {tile_id!r}; tiles are {', '.join(game.tiles)}")])
    if not 0 <= rotation <= 5:
        raise InputError([Problem(where, "format", f"rotation {rotation} is not 0-5")])
    offers = {o.tile: o for o in tile_offer(position, hex_)}
    if tile_id in offers and rotation in offers[tile_id].rotations:
        return _checked(position, _lay(position, _placed(position, hex_, tile, rotation)))
    # Say why: a rotation equal to an offered one, the upgrade path, the supply, or the rule the lay breaks.
    if tile_id in offers:
        shape = frozenset(tile.tracks_at(rotation))
        for r in offers[tile_id].rotations:
            if frozenset(tile.tracks_at(r)) == shape:
                return _checked(position, _lay(position, _placed(position, hex_, tile, rotation)))
    old = position.tiles.get(hex_)
    if tile.color not in game.phases[position.phase].tiles:
        allowed = ", ".join(game.phases[position.phase].tiles)
        raise InputError(
            [Problem(where, "9.0", f"tile {tile_id} is {tile.color}; phase {position.phase} allows {allowed}")]
        )
    if old is None and rotation not in dict((t.id, r) for t, r in _candidates(position, hex_)).get(tile_id, ()):
        _checked(position, _lay(position, _placed(position, hex_, tile, rotation)))  # station kind, letter (7.6.1)
        raise InputError(
            [Problem(where, "7.6.3", f"tile {tile_id} is neither a yellow tile for this hex nor an upgrade of one")]
        )
    if old is not None:
        ups = {u.tile: u for u in game.tiles[old.tile].upgrades}
        up = ups.get(tile_id)
        if up is None or (up.only_on is not None and up.only_on != hex_):
            names = ", ".join(u for u, v in ups.items() if v.only_on in (None, hex_)) or "none"
            raise InputError(
                [Problem(where, "7.6.3", f"tile {tile_id} is not an upgrade of tile {old.tile} (upgrades: {names})")]
            )
        if (rotation - old.rotation) % 6 not in up.rotations:
            raise InputError(
                [
                    Problem(
                        where,
                        "7.6.3",
                        f"tile {tile_id} at rotation {rotation} does not keep all the track of tile {old.tile} "
                        "on the same hex sides",
                    )
                ]
            )
    after = _lay(position, _placed(position, hex_, tile, rotation))
    _checked(position, after)  # raises with the rule broken (letter, barrier, station kind, supply ...)
    raise InputError([Problem(where, "2.3", f"no tile {tile_id} is left in the supply")])


def remove_tile(position: Position, hex_: str) -> Position:
    """The position without the tile on `hex_` (to correct a mistake); refused if markers no longer fit."""
    if hex_ not in position.tiles:
        raise InputError([Problem(_where(position, hex_), "7.6", "there is no tile on this hex to remove")])
    tiles = {h: lay for h, lay in position.tiles.items() if h != hex_}
    return _checked(position, _with(position, tiles=MappingProxyType(tiles)))


def _stations(position: Position, stations: dict[str, tuple[str, ...]]) -> Position:
    return _with(position, stations=MappingProxyType({h: o for h, o in stations.items() if o}))


def _require_company(position: Position, company: str) -> None:
    if company not in position.game.companies:
        known = ", ".join(position.game.companies)
        raise InputError([Problem(f"company {company!r}", "2.1", f"unknown company; companies are {known}")])


def place_marker(position: Position, hex_: str, company: str) -> Position:
    """The position with `company`'s station marker in the next free slot of town `hex_` (7.7): one per
    company per hex, only as many as the slots, at most 7 (8 with 11.4) on the map."""
    _require_company(position, company)
    game = position.game
    if hex_ not in game.towns:
        kind = "a village" if hex_ in game.villages else "not a town of the map"
        raise InputError([Problem(hex_, "7.7", f"station markers go in large station slots; {hex_} is {kind}")])
    owners = position.stations.get(hex_, ())
    if company in owners:
        raise InputError([Problem(_where(position, hex_), "7.7", f"{company} already has a marker here")])
    stations = dict(position.stations)
    stations[hex_] = (*owners, company)
    return _checked(position, _stations(position, stations))


def remove_marker(position: Position, hex_: str, company: str) -> Position:
    """The position without `company`'s marker on `hex_`; the other markers keep their order."""
    owners = position.stations.get(hex_, ())
    if company not in owners:
        raise InputError([Problem(_where(position, hex_), "7.7", f"{company} has no marker here")])
    stations = dict(position.stations)
    stations[hex_] = tuple(o for o in owners if o != company)
    return _checked(position, _stations(position, stations))


def _norm(track: Iterable[int]) -> Track:
    a, b = sorted(track)
    return (a, b)


def add_small_station(position: Position, hex_: str, track: tuple[int, int]) -> Position:
    """The position with a small station on the track of village tile `hex_` that joins map edges `track`:
    only on plain track of an upgraded (green or russet) village tile, at most one per track (7.6.2, 7.6.4)."""
    lay = position.tiles.get(hex_)
    where = _where(position, hex_)
    if hex_ not in position.game.villages:
        raise InputError([Problem(where, "7.6.4", "small stations go on the track of village tiles")])
    if lay is None:
        raise InputError([Problem(where, "7.6.4", "there is no tile, so no track, to put a small station on")])
    key = _norm(track)
    if key in lay.small_stations:
        raise InputError([Problem(where, "7.6.4", f"the track {key[0]}-{key[1]} already has a small station")])
    new = dataclasses.replace(lay, small_stations=tuple(sorted((*lay.small_stations, key))))
    return _checked(position, _lay(position, new))


def remove_small_station(position: Position, hex_: str, track: tuple[int, int]) -> Position:
    """The position without the small station on `track` of `hex_`. A yellow village tile's printed station
    is part of the tile and cannot be removed (7.6.2)."""
    lay = position.tiles.get(hex_)
    where = _where(position, hex_)
    key = _norm(track)
    if lay is None or key not in lay.small_stations:
        raise InputError([Problem(where, "7.6.4", f"there is no small station on the track {key[0]}-{key[1]}")])
    if position.game.tiles[lay.tile].color == "yellow":
        raise InputError([Problem(where, "7.6.2", "the small station printed on a yellow village tile is mandatory")])
    new = dataclasses.replace(lay, small_stations=tuple(s for s in lay.small_stations if s != key))
    return _checked(position, _lay(position, new))


def set_london(position: Position, company: str, linked: bool) -> Position:
    """The position with `company`'s London link added or removed: one per company, four in all, and it counts
    against the company's station markers (7.6.5)."""
    _require_company(position, company)
    if linked:
        if company in position.london:
            raise InputError([Problem(f"London ({company})", "7.6.5", "a company may have only one London link")])
        return _checked(position, _with(position, london=(*position.london, company)))
    if company not in position.london:
        raise InputError([Problem(f"London ({company})", "7.6.5", f"{company} has no London link")])
    return _checked(position, _with(position, london=tuple(c for c in position.london if c != company)))


def set_phase(position: Position, phase: str) -> Position:
    """The position in `phase` (A-H); refused if a tile on the board is of a colour the phase does not have
    yet (9.0). Off-board values follow the phase."""
    if phase not in PHASES:
        raise InputError([Problem("phase", "9.0", f"{phase!r} is not a phase; phases are A to H")])
    return _checked(position, _with(position, phase=phase))


def set_variant(
    position: Position, length: GameLength, extra_marker: bool, train_types: Iterable[TrainType]
) -> Position:
    """The position under a game length (2.4.3, 11.2), the optional eighth marker (11.4) and the train types in
    play (11.1); refused if a company then holds a train or permit of a type not in play or too many markers."""
    types = frozenset(train_types)
    if not types:
        raise InputError([Problem("variant", "11.1", "at least one train type must be in play")])
    short = length == "short"
    companies = {
        cid: dataclasses.replace(
            c, trains=tuple(parse_train(t.name, position.game, short) for t in c.trains if t.type in TrainType)
        )
        for cid, c in position.companies.items()
    }
    return _checked(
        position,
        _with(position, variant=Variant(length, extra_marker, types), companies=MappingProxyType(companies)),
    )


def set_company(
    position: Position,
    company: str,
    trains: Iterable[str],
    permits: Iterable[TrainType],
    home: str | None = None,
) -> Position:
    """The position with `company` in play holding `trains` (names such as 3F, 4/5L, 2/3E) and `permits`
    (6.5.4.3, 7.9). Every unknown train name is reported (2.2)."""
    _require_company(position, company)
    game = position.game
    short = position.variant.length == "short"
    problems: list[Problem] = []
    parsed: list[Train] = []
    for name in trains:
        if not name.strip():
            continue
        try:
            parsed.append(parse_train(name, game, short))
        except ValueError as exc:
            problems.append(Problem(f"company {company} train {name!r}", "2.2", str(exc)))
    if problems:
        raise InputError(problems)
    state = CompanyState(company, tuple(parsed), frozenset(permits), home or game.companies[company].home)
    companies = dict(position.companies)
    companies[company] = state
    return _checked(position, _with(position, companies=MappingProxyType(companies)))


def remove_company(position: Position, company: str) -> Position:
    """The position without `company` among the companies in play (its markers stay on the map)."""
    if company not in position.companies:
        raise InputError([Problem(f"company {company}", "2.1", "is not in play in this position")])
    companies = {c: s for c, s in position.companies.items() if c != company}
    return _checked(position, _with(position, companies=MappingProxyType(companies)))


def rename(position: Position, name: str) -> Position:
    """The position with a new display name."""
    return _with(position, name=name.strip())
