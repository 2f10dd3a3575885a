"""Random legal board positions, for property tests and the route benchmark.

`random_position` lays tiles the way the rules allow them to stand on the board (7.6.1-7.6.4, 9.0): the
right station kind and letter for each hex, Ipswich's and Harwich's reserved russet tiles, track only on
buildable edges, no more tiles of a kind than the game has, colours the phase allows, small stations on
the tracks of upgraded village tiles. Station markers respect slots, one per company per hex and the
marker limit (7.7, 7.5.6); London links respect the four spaces (7.6.5). Every position it returns passes
`validate_position`. Rotations are chosen to join up with the neighbouring track, so boards are connected
the way real boards are.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType

from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData, Tile, load_game
from solver.titles.g1862.position import CompanyState, Position, TileLay
from solver.titles.g1862.trains import TrainType, parse_train
from solver.titles.g1862.validation import validate_position

LATE_PHASES = "EFGH"


def _tile_fits(game: GameData, hex_: str, tile: Tile) -> bool:
    """Station kind and letter rules of 7.6.1 for laying `tile` on `hex_`."""
    town = game.towns.get(hex_)
    if (tile.station == "large") != (town is not None):
        return False
    if town is None:
        return tile.letter is None
    if tile.letter in ("I", "H"):
        return town.reserved_russet_tile == tile.id
    if town.reserved_russet_tile is not None and tile.color == "russet":
        return False
    return tile.letter == town.letter


def _rotations(game: GameData, hex_: str, tile: Tile) -> list[int]:
    allowed = game.buildable_edges(hex_)
    return sorted({r for r in range(6) if set(tile.exits_at(r)) <= allowed})


def random_position(
    seed: int,
    density: float = 0.8,
    *,
    phase: str | None = None,
    company: str | None = None,
    trains: Sequence[str] | None = None,
    permits: Sequence[TrainType] | None = None,
    late: float = 0.7,
    small_stations: float = 0.5,
    markers: int | None = None,
    rivals: int = 6,
    london: float = 0.5,
    home_marker: bool = True,
) -> Position:
    """A random valid position (`validate_position` returns no problem).

    `density` is the share of land hexes with a tile; `late` the chance that a tile is of the newest colour
    the phase allows (else one colour older); `small_stations` the chance that a track of a green or russet
    village tile carries a small station (7.6.4). The company (random if None) gets `trains` (random for
    the phase if None), the permits for them (or `permits`), its home marker (unless `home_marker` is False:
    the position after a merger's trim of markers took it, 7.5.6, where the company has no legal run, 7.8),
    `markers` further markers (random if None, never on its home hex) and a London link with probability
    `london`. `rivals` other companies place markers,
    some filling large stations (which then block the company, 7.4).
    """
    rng = random.Random(seed)
    game = load_game()
    phase = phase or rng.choice("ABCDEFGH")
    colours = list(game.phases[phase].tiles)
    land = sorted(game.land_hexes, key=hexgrid.parse_hex)
    used: Counter[str] = Counter()
    chosen: dict[str, Tile] = {}
    for hex_ in rng.sample(land, len(land)):
        if rng.random() >= density:
            continue
        newest = colours[-1]
        colour = newest if rng.random() < late or len(colours) == 1 else colours[-2]
        options = [
            t
            for t in game.tiles.values()
            if t.color == colour and _tile_fits(game, hex_, t) and used[t.id] < t.count and _rotations(game, hex_, t)
        ]
        if not options:
            options = [
                t
                for t in game.tiles.values()
                if t.color in colours
                and _tile_fits(game, hex_, t)
                and used[t.id] < t.count
                and _rotations(game, hex_, t)
            ]
        if not options:
            continue
        tile = rng.choice(options)
        chosen[hex_] = tile
        used[tile.id] += 1

    rotation = {h: rng.choice(_rotations(game, h, t)) for h, t in chosen.items()}
    for _ in range(3):  # turn each tile to join as much neighbouring track as it can
        for h in rng.sample(sorted(chosen), len(chosen)):
            scored = [
                (_joined(game, h, chosen[h].exits_at(r), chosen, rotation), rng.random(), r)
                for r in _rotations(game, h, chosen[h])
            ]
            rotation[h] = max(scored)[2]

    lays: dict[str, TileLay] = {}
    for h, tile in chosen.items():
        stations: tuple[tuple[int, int], ...] = ()
        tracks = [(min(t), max(t)) for t in tile.tracks_at(rotation[h])]
        if tile.station == "small":
            if tile.color == "yellow":
                stations = tuple(tracks)
            else:
                stations = tuple(sorted(t for t in tracks if rng.random() < small_stations))
        lays[h] = TileLay(h, tile.id, rotation[h], stations)

    company = company or rng.choice(sorted(game.companies))
    slots = {h: (game.tiles[lays[h].tile].slots if h in lays else 1) for h in game.towns}
    owners: dict[str, list[str]] = {h: [] for h in game.towns}
    limit = 7
    on_map: Counter[str] = Counter()

    def place(who: str, hex_: str) -> bool:
        if who in owners[hex_] or len(owners[hex_]) >= slots[hex_] or on_map[who] >= limit:
            return False
        owners[hex_].append(who)
        on_map[who] += 1
        return True

    others = [c for c in sorted(game.companies) if c != company]
    rival_ids = rng.sample(others, min(rivals, len(others)))
    london_ids: list[str] = []
    if rng.random() < london:
        london_ids.append(company)
        on_map[company] += 1
    home = game.companies[company].home
    for who in [company, *rival_ids] if home_marker else rival_ids:
        place(who, game.companies[who].home)
    towns = sorted(game.towns, key=hexgrid.parse_hex)
    extra = markers if markers is not None else rng.randint(1, 5)
    for hex_ in rng.sample(towns, len(towns)):
        if extra <= 0:
            break
        if hex_ in lays and hex_ != home and place(company, hex_):
            extra -= 1
    for who in rival_ids:
        for hex_ in rng.sample(towns, rng.randint(1, 4)):
            place(who, hex_)
        if len(london_ids) < game.london.token_spaces and on_map[who] < limit and rng.random() < london / 2:
            london_ids.append(who)
            on_map[who] += 1

    short = False
    names = list(trains) if trains is not None else _random_trains(rng, game, phase)
    train_objs = tuple(parse_train(n, game, short) for n in names)
    permit_set = frozenset(permits) if permits is not None else frozenset(t.type for t in train_objs)
    companies = {company: CompanyState(company, train_objs, permit_set, game.companies[company].home)}
    position = Position(
        phase=phase,
        tiles=MappingProxyType(lays),
        stations=MappingProxyType({h: tuple(o) for h, o in owners.items() if o}),
        london=tuple(london_ids),
        companies=MappingProxyType(companies),
        name=f"random seed {seed} density {density:g} phase {phase}",
    )
    problems = validate_position(position)
    assert not problems, problems
    return position


def _joined(game: GameData, hex_: str, exits: Sequence[int], chosen: dict[str, Tile], rotation: dict[str, int]) -> int:
    """How many of `exits` meet track of a neighbouring tile or enter an off-board area."""
    count = 0
    for edge in exits:
        link = game.edges[hex_][edge]
        if link.kind == "offboard":
            count += 1
        elif link.neighbour in chosen:
            other = link.neighbour
            if hexgrid.opposite(edge) in chosen[other].exits_at(rotation[other]):
                count += 1
    return count


def _random_trains(rng: random.Random, game: GameData, phase: str) -> list[str]:
    """One to four trains of the bands on sale in or before `phase` and not yet rusted (9.0)."""
    order = "ABCDEFGH"
    live = [b for b in game.bands.values() if order.index(b.band) <= order.index(phase)]
    live = [b for b in live if b.rusted_by is None or order.index(b.rusted_by) > order.index(phase)]
    names = []
    for _ in range(rng.randint(1, 4)):
        band = rng.choice(live)
        kind = rng.choice(["F", "L", "E"])
        if kind == "F":
            names.append(f"{band.freight}F")
        else:
            n, m = band.local if kind == "L" else band.express
            names.append(f"{n}{kind}" if n == m else f"{n}/{m}{kind}")
    return names


STRESS_TRAINS: tuple[tuple[str, ...], ...] = (
    ("6F", "3F", "4/5E", "4E", "4/5L"),
    ("6F", "5F", "4/5E", "3L", "4/5L"),
    ("3F", "5F", "4/5E", "4E", "4L"),
    ("7F", "5F", "5E", "4/5E", "4/5L"),
    ("6F", "5F", "3F", "4/5E", "4L"),
    ("6F", "3F", "4/5E", "4/5L"),
    ("7F", "6F", "5F", "4/5E", "5L"),
)
"""Train mixes for stress positions: a permanent Freight, non-permanent Freight that must chain with it
(7.8.1), N/M Express and Local trains."""


def stress_positions(count: int = 24) -> list[Position]:
    """Dense late-game boards (phases E-H, most land hexes tiled, mostly russet, many small stations and
    markers) whose company runs four or five trains of all three types, two or more of them Freight."""
    companies = sorted(load_game().companies)
    return [
        dense_late_position(
            1000 + i,
            LATE_PHASES[i % len(LATE_PHASES)],
            companies[i % len(companies)],
            STRESS_TRAINS[i % len(STRESS_TRAINS)],
        )
        for i in range(count)
    ]


def dense_late_position(seed: int, phase: str, company: str, trains: tuple[str, ...]) -> Position:
    """A dense late-game board (most land hexes tiled, mostly russet, many small stations and markers) where
    `company` runs `trains`, the same for the same arguments. Seeds are tried from `seed` in steps of 100 until
    the company's home is tiled: without track there it cannot run at all (7.8)."""
    home = load_game().companies[company].home
    while True:
        rng = random.Random(seed)
        position = random_position(
            seed,
            density=rng.uniform(0.85, 1.0),
            phase=phase,
            company=company,
            trains=trains,
            permits=tuple(TrainType),
            late=rng.uniform(0.6, 0.9),
            small_stations=rng.uniform(0.4, 0.8),
            markers=rng.randint(3, 6),
            rivals=8,
            london=0.6,
        )
        if home in position.tiles:
            return position
        seed += 100
