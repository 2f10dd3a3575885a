"""Game-rule checks of a board position. Each problem names the hex or company and the rule it breaks.

A position that passes these checks can be given to the track graph and the route solver. The checks are
about what is on the board now (kinds of hex, letters, barriers, tile supply, station slots, markers,
London links, small stations and trains), not about the order in which it was built.
"""

from __future__ import annotations

from collections import Counter

from solver.errors import Problem
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.money.position_checks import money_problems
from solver.titles.g1862.position import GameLength, Position

LONDON = "london"


def validate_position(position: Position, *, check_supply: bool = False) -> list[Problem]:
    """Every rule the position breaks, as a list of problems (empty when the position is legal).

    With `check_supply`, also the train supply: no train of a band whose phase has not begun (9.0) and no
    more trains of a band than the game length has (2.4.3). Positions read from files are checked with it
    (`solver.titles.g1862.loading.parse_position`); synthetic positions built in code may leave it off.
    """
    game = position.game
    problems: list[Problem] = []
    problems += _check_variant(position)
    problems += _check_tiles(position, game)
    problems += _check_markers(position, game)
    problems += _check_companies(position, game)
    problems += money_problems(position)
    if check_supply:
        problems += train_supply_problems(position)
    return problems


def _check_variant(position: Position) -> list[Problem]:
    """A game is played with one, two or all three train types (11.1), never none."""
    if not position.variant.train_types:
        return [Problem("variant", "11.1", "no train types are in play; a game uses at least one")]
    return []


def band_limit(game: GameData, band: str, length: GameLength) -> int | None:
    """How many cards of `band` the companies may hold together in a game of `length` (2.4.3); None for the
    unlimited band H. In the short game the standard numbers may be used (11.2), so the larger applies."""
    counts = game.bands[band].count
    if counts is None:
        return None
    return max(counts["short"], counts["standard"]) if length == "short" else counts[length]


def train_supply_problems(position: Position) -> list[Problem]:
    """Trains that cannot exist in this phase or game length, one problem each.

    A phase begins when the first train of its band is bought (9.0), so no company holds a train of a later
    band. Each band has as many cards as the game length gives (2.4.3); band H is unlimited. In the short
    game players may use the standard numbers (11.2, five or more players), so the larger count applies.
    Trains of rusted bands are accepted: a warranty keeps a train from rusting (7.10).
    """
    game = position.game
    problems: list[Problem] = []
    held: Counter[str] = Counter()
    for company in position.companies.values():
        for train in company.trains:
            held[train.band] += 1
            if train.band > position.phase:
                problems.append(
                    Problem(
                        f"company {company.id} train {train.name}",
                        "9.0",
                        f"{train.name} is a band {train.band} train; none is sold before phase {train.band} "
                        f"and this position is in phase {position.phase}",
                    )
                )
    length = position.variant.length
    for band_id, n in sorted(held.items()):
        limit = band_limit(game, band_id, length)
        if limit is not None and n > limit:
            problems.append(
                Problem(
                    f"band {band_id} trains",
                    "2.4.3",
                    f"companies hold {n} band {band_id} trains but the {length} game has {limit}",
                )
            )
    return problems


def _check_tiles(position: Position, game: GameData) -> list[Problem]:
    problems: list[Problem] = []
    used: Counter[str] = Counter()
    laid_on: dict[str, list[str]] = {}
    for lay in position.tiles.values():
        hex_ = lay.hex
        tile = game.tiles.get(lay.tile)
        if tile is None:
            problems.append(Problem(hex_, "2.3", f"unknown tile {lay.tile!r}; tiles are {', '.join(game.tiles)}"))
            continue
        used[tile.id] += 1
        laid_on.setdefault(tile.id, []).append(hex_)
        name = f"{hex_} ({game.hex_name(hex_)})"
        if hex_ not in game.land_hexes:
            what = "an off-board area" if hex_ in game.offboard_hexes else "not a land hex of the map"
            problems.append(Problem(hex_, "7.6.1", f"tile {tile.id} cannot be laid: {hex_} is {what}"))
            continue
        phase = game.phases[position.phase]
        if tile.color not in phase.tiles:
            problems.append(
                Problem(
                    name,
                    "9.0",
                    f"tile {tile.id} is {tile.color}; phase {position.phase} allows only "
                    f"{', '.join(phase.tiles)} tiles",
                )
            )
        is_town = hex_ in game.towns
        if tile.station == "large" and not is_town:
            problems.append(Problem(name, "7.6.1", f"tile {tile.id} has a large station but {hex_} is a village"))
            continue
        if tile.station == "small" and is_town:
            problems.append(Problem(name, "7.6.1", f"tile {tile.id} has a small station but {hex_} is a town"))
            continue
        problems += _check_letter(hex_, name, tile.id, tile.letter, game)
        allowed = game.buildable_edges(hex_)
        for edge in tile.exits_at(lay.rotation):
            if edge not in allowed:
                link = game.edges[hex_][edge]
                into = {"barrier": "into a barrier", "none": "into the sea or off the map"}.get(link.kind, "")
                problems.append(
                    Problem(
                        name,
                        "7.6.1",
                        f"tile {tile.id} at rotation {lay.rotation} runs track {into} "
                        f"on its {hexgrid.EDGE_NAMES[edge]} side (edge {edge})",
                    )
                )
        problems += _check_small_stations(lay.small_stations, name, tile.id, lay.rotation, game)
    for tile_id, n in sorted(used.items()):
        tile = game.tiles.get(tile_id)
        if tile is not None and n > tile.count:
            hexes = ", ".join(sorted(laid_on[tile_id], key=hexgrid.parse_hex))
            problems.append(
                Problem(f"tile {tile_id}", "2.3", f"laid {n} times ({hexes}) but the game has {tile.count}")
            )
    return problems


def _check_letter(hex_: str, name: str, tile_id: str, letter: str | None, game: GameData) -> list[Problem]:
    """Lettered hexes take only tiles with their letter; Ipswich and Harwich take only their own russet
    tiles, which go nowhere else (7.6.1)."""
    town = game.towns.get(hex_, None)
    hex_letter = town.letter if town else None
    reserved = town.reserved_russet_tile if town else None
    tile = game.tiles[tile_id]
    if tile.letter in ("I", "H"):
        homes = [t.hex for t in game.towns.values() if t.reserved_russet_tile == tile_id]
        if hex_ not in homes:
            return [Problem(name, "7.6.1", f"tile {tile_id} is reserved for {', '.join(homes)}")]
        return []
    if reserved is not None and tile.color == "russet":
        return [Problem(name, "7.6.1", f"only tile {reserved} may be the russet tile on {hex_}")]
    if letter != hex_letter:
        if hex_letter is None:
            return [Problem(name, "7.6.1", f"tile {tile_id} has letter {letter} but {hex_} has no letter")]
        return [
            Problem(
                name,
                "7.6.1",
                f"{hex_} takes only {hex_letter} tiles; tile {tile_id} is {'unlettered' if letter is None else letter}",
            )
        ]
    return []


def _check_small_stations(
    stations: tuple[tuple[int, int], ...], name: str, tile_id: str, rotation: int, game: GameData
) -> list[Problem]:
    """Small stations sit on tracks of village tiles: the printed one of a yellow tile, and at most one per
    track of a green or russet tile (7.6.2-7.6.4)."""
    tile = game.tiles[tile_id]
    if not stations:
        return []
    if tile.station == "large":
        return [Problem(name, "7.6.4", f"tile {tile_id} has a large station; small stations go on village tiles")]
    tracks = {tuple(sorted(t)) for t in tile.tracks_at(rotation)}
    if tile.color == "yellow":
        printed = sorted(tracks)
        if len(stations) > tile.printed_small_stations or any(t not in tracks for t in stations):
            where = ", ".join(f"{a}-{b}" for a, b in printed)
            return [
                Problem(
                    name,
                    "7.6.2",
                    f"yellow tile {tile_id} carries only its printed small station (on edges {where} at rotation "
                    f"{rotation}); more can be added once it is upgraded (7.6.4)",
                )
            ]
        return []
    problems = []
    for track in stations:
        if track not in tracks:
            problems.append(
                Problem(
                    name,
                    "7.6.4",
                    f"tile {tile_id} at rotation {rotation} has no track joining edges "
                    f"{track[0]} and {track[1]} to carry a small station",
                )
            )
    return problems


def _check_markers(position: Position, game: GameData) -> list[Problem]:
    problems: list[Problem] = []
    on_map: Counter[str] = Counter()
    for hex_, owners in position.stations.items():
        if hex_.lower() == LONDON:
            problems.append(Problem(hex_, "7.6.5", "London markers go in the 'london' list, not 'stations'"))
            continue
        for company in owners:
            if company not in game.companies:
                problems.append(Problem(f"{hex_} marker {company!r}", "2.1", "unknown company"))
        if hex_ not in game.towns:
            kind = "a village" if hex_ in game.villages else "not a town of the map"
            problems.append(Problem(hex_, "7.7", f"station markers go in large station slots; {hex_} is {kind}"))
            continue
        lay = position.tiles.get(hex_)
        tile = game.tiles.get(lay.tile) if lay else None
        slots = tile.slots if tile is not None else 1  # an empty town hex prints one slot (3.2)
        if len(owners) > slots:
            what = f"tile {tile.id}" if tile else "the empty town hex"
            problems.append(
                Problem(
                    f"{hex_} ({game.hex_name(hex_)})",
                    "7.7",
                    f"{len(owners)} station markers but {what} has {slots} slot{'s' if slots != 1 else ''}",
                )
            )
        for company, n in Counter(owners).items():
            if n > 1:
                problems.append(
                    Problem(
                        f"{hex_} ({game.hex_name(hex_)})",
                        "7.7",
                        f"{company} has {n} markers here; a company may have one per hex",
                    )
                )
        on_map.update(set(owners))
    for company, n in Counter(position.london).items():
        if company not in game.companies:
            problems.append(Problem(f"London marker {company!r}", "2.1", "unknown company"))
        if n > 1:
            problems.append(Problem(f"London ({company})", "7.6.5", "a company may have only one London marker"))
    if len(set(position.london)) > game.london.token_spaces:
        problems.append(
            Problem(
                "London",
                "7.6.5",
                f"{len(set(position.london))} companies have London links; "
                f"London has {game.london.token_spaces} spaces",
            )
        )
    on_map.update(set(position.london))
    limit = position.variant.max_markers
    for company, n in sorted(on_map.items()):
        if n > limit:
            rule = "11.4" if position.variant.extra_marker else "7.5.6"
            problems.append(
                Problem(
                    f"company {company}",
                    rule,
                    f"{n} station markers on the map; a company may have at most {limit}",
                )
            )
    return problems


def _check_companies(position: Position, game: GameData) -> list[Problem]:
    problems: list[Problem] = []
    in_play = position.variant.train_types
    for company in position.companies.values():
        where = f"company {company.id}"
        if company.home not in game.towns:
            problems.append(Problem(where, "3.2", f"home {company.home} is not a town"))
        for permit in sorted(company.permits - in_play):
            problems.append(
                Problem(
                    where,
                    "11.1",
                    f"has a {permit.value} permit but this variant has no {permit.value} trains",
                )
            )
        for train in company.trains:
            if train.type not in in_play:
                problems.append(
                    Problem(
                        f"{where} train {train.name}",
                        "11.1",
                        f"this variant has no {train.type.value} trains",
                    )
                )
    return problems
