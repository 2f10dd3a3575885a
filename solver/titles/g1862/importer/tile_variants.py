"""18xx.games tile names to physical tiles with small stations (reference README, difference D2).

The site lays tiles as `"<name>-<copy>"` (e.g. `"57-1"`, `"16_1a-0"`). Village tiles with small-station
markers are hidden variants (`16_1a`: tile 16 with a station on one track); we record the physical tile
and put a small station on each of the variant's station tracks, rotated as laid (7.6.3, 7.6.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.importer.engine_data import EngineData


@dataclass(frozen=True)
class PhysicalTile:
    """A laid tile as our position holds it: the tile id and the tracks (map edges) carrying small stations."""

    tile: str
    small_stations: tuple[tuple[int, int], ...]


def split_instance(instance: str) -> tuple[str, str]:
    """`"16_1a-0"` -> (`"16_1a"`, `"0"`): the tile name and the copy number of a laid tile."""
    name, sep, copy = instance.rpartition("-")
    if not sep or not name or not copy.isdigit():
        raise ValueError(f"{instance!r} is not an 18xx.games tile id (name-copy, e.g. 57-1)")
    return name, copy


def physical_tile(name: str, rotation: int, game: GameData, engine: EngineData) -> PhysicalTile:
    """The physical tile and small stations for a site tile name laid at `rotation`; ValueError if unknown.

    A yellow village tile carries its printed station on its one track (7.6.2).
    """
    variant = engine.tile_variants.get(name)
    if variant is not None:
        stations = tuple(
            sorted(
                (min(a, b), max(a, b))
                for a, b in (
                    (hexgrid.rotate(e1, rotation), hexgrid.rotate(e2, rotation))
                    for e1, e2 in variant.small_station_tracks
                )
            )
        )
        return PhysicalTile(variant.base, stations)
    tile = game.tiles.get(name)
    if tile is None:
        raise ValueError(f"tile {name!r} is neither a tile of the game nor a known small-station variant")
    if tile.station == "small" and tile.color != "yellow":
        raise ValueError(f"tile {name!r} is recorded without its small-station variant")
    if tile.station == "small":
        printed = tuple(sorted((min(t), max(t)) for t in tile.tracks_at(rotation)))
        return PhysicalTile(name, printed)
    return PhysicalTile(name, ())
