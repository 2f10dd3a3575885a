"""The 18xx.games naming facts in data/<title>/engine.json: hidden tile variants, off-board node signatures,
pre-printed tile ids, London city ids, train variant names and the seeded set-up constants.

These describe how the site records a game; they are not rules. A malformed file raises `DataError`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from solver.core.board_data import DATA_ROOT
from solver.titles.g1862.gamedata import read_data_file


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RandomConstants(_Frozen):
    """The site's linear congruential generator: x' = (a*x + c) mod m, seeded with the game's seed."""

    a: int
    c: int
    m: int


class SetupFacts(_Frozen):
    random: RandomConstants
    removed_companies_by_players: dict[str, int]
    permit_deck_order: tuple[Literal["freight", "express", "local"], ...]
    permit_deck_copies: int
    permits_dropped_below_7_players: int
    availability_phases: tuple[tuple[str, int | None], ...]


class TileVariant(_Frozen):
    """A hidden variant: the physical tile it is, and its tracks (local edges) that carry a small station."""

    base: str
    small_station_tracks: tuple[tuple[int, int], ...]


class TrainVariant(_Frozen):
    band: str
    type: Literal["freight", "local", "express"]
    free_warranty: bool


class WarrantyLimit(_Frozen):
    free_warranty_bands: int
    other_bands: int


class EngineData(_Frozen):
    about: str
    title: str
    corporation_order: tuple[str, ...]
    setup: SetupFacts
    tile_variants: dict[str, TileVariant]
    offboard_signatures: dict[str, str]
    preprinted_tiles: dict[str, str]
    london_cities: dict[str, str]
    london_city_slots: dict[str, int]
    train_variants: dict[str, TrainVariant]
    train_rusts_on: dict[str, str | None]
    warranty_limit: WarrantyLimit
    lner_trigger_band: str


@cache
def load_engine_data(title: str = "1862", root: Path = DATA_ROOT) -> EngineData:
    """The engine facts of a title; DataError naming the file and field if the file is malformed."""
    return read_data_file(root / title / "engine.json", EngineData)
