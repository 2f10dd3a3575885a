"""A board position: tiles laid, small stations, station markers, phase, variant and the companies.

The position file is JSON (schema: docs/position.schema.json, example: examples/position-*.json): its format, the
domain objects and the conversions both ways, without the game rules. `solver.titles.g1862.loading` reads a file
checked by them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, ValidationError

from solver.errors import Problem, format_problems
from solver.jsonfile import FROM_JSON, FileModel
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import PHASES, GameData, load_game
from solver.titles.g1862.trains import Train, TrainType, TrainTypeField, parse_train

GameLength = Literal["short", "standard", "long"]
Track = tuple[int, int]

# ---------------------------------------------------------------- the file format (structure only)


class TileEntry(FileModel):
    hex: str = Field(description="Hex id, e.g. F5")
    tile: str = Field(description="Tile number as printed, e.g. 57, 8852, 790")
    rotation: int = Field(0, ge=0, le=5, description="Local edge e of the tile goes on map edge (e + rotation) % 6")
    small_stations: list[Annotated[tuple[int, int], FROM_JSON]] = Field(
        default_factory=list,
        description="Tracks (each given by the two map edges it joins) that carry a small station marker "
        "(7.6.2-7.6.4). A yellow village tile's printed station is implied.",
    )


class VariantEntry(FileModel):
    length: GameLength = Field("standard", description="Game length (2.4.3, 11.2)")
    extra_marker: bool = Field(False, description="Optional rule 11.4: eight station markers instead of seven")
    train_types: list[TrainTypeField] = Field(
        default_factory=lambda: list(TrainType),
        description="Train types in play (11.1 simpler games use fewer)",
    )


class CompanyEntry(FileModel):
    id: str = Field(description="Company abbreviation, e.g. ENR")
    trains: list[str] = Field(default_factory=list, description="Train names, e.g. 3F, 4/5L, 2/3E")
    permits: list[TrainTypeField] = Field(default_factory=list, description="Train permits held (6.5.4.3, 7.9)")
    home: str | None = Field(None, description="Home station hex; defaults to the company's printed home")
    par: int | None = Field(None, description="Par price on the par chart (4.2, 6.5.3); version 2")
    chartered: bool | None = Field(None, description="Par token in the chartered area (3.1, 7.5.4); version 2")
    cash: int | None = Field(None, description="Treasury cash in £; version 2")
    holdings: dict[str, int] | None = Field(
        None,
        description="Its 10 shares by holder: player names, 'treasury' (its own), 'pool' (Bank Pool), 'ipo'; version 2",
    )
    director: str | None = Field(None, description="Player holding the director's certificate (6.3); version 2")
    receivership: bool = Field(False, description="In receivership: no player holds three shares (8.0); version 2")
    operated: bool = Field(False, description="Has operated in the current Operating Round (7.1); version 2")


class PlayerEntry(FileModel):
    name: str = Field(min_length=1, description="Player name, unique")
    cash: int = Field(description="Cash in hand (£)")


class PositionFile(FileModel):
    """The JSON position file."""

    model_config = ConfigDict(
        extra="forbid",
        title="1862 position",
        json_schema_extra={"description": "A board position of 1862: Railway Mania in the Eastern Counties."},
    )

    game: Literal["1862"] = Field("1862", description="The game title")
    version: Literal[1, 2] = Field(
        1, description="Format version: 1 (board only) or 2 (adds players, the stock market and company money)"
    )
    name: str = Field("", description="A label for the position, shown by `show` and the app")
    phase: str = Field("A", description="Current phase, A-H (9.0)")
    variant: VariantEntry = Field(default_factory=lambda: VariantEntry())
    tiles: list[TileEntry] = Field(default_factory=list, description="Tiles on the board, one per hex")
    stations: dict[str, list[str]] = Field(
        default_factory=dict, description="Company station markers by hex, in slot order"
    )
    london: list[str] = Field(default_factory=list, description="Companies with a London link (7.6.5)")
    companies: list[CompanyEntry] = Field(
        default_factory=list, description="Companies in play with their trains and permits"
    )
    players: list[PlayerEntry] = Field(
        default_factory=list, description="Players in clockwise seat order with their cash; version 2"
    )
    market: dict[str, list[str]] = Field(
        default_factory=dict,
        description="The stock market: share price -> companies on that space, top of the stack first "
        "(6.4.2, 7.1); version 2",
    )


def position_json_schema() -> dict[str, Any]:
    """The JSON Schema of the position file (written to docs/position.schema.json)."""
    return PositionFile.model_json_schema()


# ---------------------------------------------------------------- the domain objects


@dataclass(frozen=True)
class TileLay:
    """A tile on the board. `small_stations` are tracks (pairs of map edges, sorted) carrying a small station;
    for a yellow village tile this is its printed station (7.6.2)."""

    hex: str
    tile: str
    rotation: int
    small_stations: tuple[Track, ...] = ()


@dataclass(frozen=True)
class Variant:
    length: GameLength = "standard"
    extra_marker: bool = False
    train_types: frozenset[TrainType] = frozenset(TrainType)

    @property
    def max_markers(self) -> int:
        """Station markers a company may have on the map: 7, or 8 with optional rule 11.4 (7.5.6)."""
        return 8 if self.extra_marker else 7


@dataclass(frozen=True)
class Player:
    name: str
    cash: int


@dataclass(frozen=True)
class CompanyMoney:
    """A company's money and ownership (position format version 2). `holdings` maps each holder (player
    names, "treasury", "pool", "ipo") to its shares; a complete company's holdings total 10 (2.0)."""

    par: int | None = None
    chartered: bool = True
    cash: int = 0
    holdings: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    director: str | None = None
    receivership: bool = False
    operated: bool = False


@dataclass(frozen=True)
class CompanyState:
    id: str
    trains: tuple[Train, ...]
    permits: frozenset[TrainType]
    home: str
    money: CompanyMoney | None = None

    def can_score(self, train: Train) -> bool:
        """A company gains revenue only from trains of a type it has a permit for (7.8, 7.9)."""
        return train.type in self.permits


def _frozen_map(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Position:
    """A complete board position. Build one with `load_position`, `position_from_dict` or `replace`-style
    edits validated by `solver.titles.g1862.validation.validate_position`."""

    phase: str = "A"
    variant: Variant = field(default_factory=Variant)
    tiles: Mapping[str, TileLay] = field(default_factory=lambda: MappingProxyType({}))
    stations: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    london: tuple[str, ...] = ()
    companies: Mapping[str, CompanyState] = field(default_factory=lambda: MappingProxyType({}))
    name: str = ""
    title: str = "1862"
    players: tuple[Player, ...] = ()
    market: Mapping[int, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def game(self) -> GameData:
        return load_game(self.title)

    @property
    def has_money(self) -> bool:
        """Whether the position carries players, prices or company money (format version 2)."""
        return bool(self.players or self.market or any(c.money for c in self.companies.values()))

    def price_of(self, company: str) -> int | None:
        """The company's share price on the stock market, or None when the position does not set it."""
        for price, stack in self.market.items():
            if company in stack:
                return price
        return None

    def markers_of(self, company: str) -> list[str]:
        """Hexes holding the company's station markers (not London)."""
        return [h for h, owners in self.stations.items() if company in owners]


def _norm_track(track: tuple[int, int] | list[int]) -> Track:
    a, b = sorted(track)
    return (a, b)


def position_from_dict(data: Any) -> tuple[Position | None, list[Problem]]:
    """Build a Position from parsed JSON without checking game rules. Returns the position (None if the
    structure is unusable) and the problems found while reading it."""
    try:
        raw = PositionFile.model_validate(data)
    except ValidationError as exc:
        return None, format_problems(exc, "position")
    game = load_game(raw.game)
    problems: list[Problem] = []
    short = raw.variant.length == "short"
    if raw.phase not in PHASES:
        problems.append(Problem("phase", "9.0", f"{raw.phase!r} is not a phase; phases are A to H"))

    tiles: dict[str, TileLay] = {}
    for entry in raw.tiles:
        if not hexgrid.is_hex_id(entry.hex):
            problems.append(Problem(f"tile on {entry.hex!r}", "format", "not a hex id (e.g. F5)"))
            continue
        if entry.hex in tiles:
            problems.append(Problem(entry.hex, "7.6", "two tiles are laid on this hex; a hex holds one tile"))
            continue
        stations = tuple(sorted({_norm_track(t) for t in entry.small_stations}))
        if len(stations) != len(entry.small_stations):
            problems.append(
                Problem(entry.hex, "7.6.4", "a track may carry at most one small station; one is listed twice")
            )
        tile = game.tiles.get(entry.tile)
        if tile is not None and tile.color == "yellow" and tile.station == "small" and not stations:
            stations = tuple(_norm_track(tuple(t)) for t in tile.tracks_at(entry.rotation))  # type: ignore[arg-type]
        tiles[entry.hex] = TileLay(entry.hex, entry.tile, entry.rotation, stations)

    companies: dict[str, CompanyState] = {}
    for entry_c in raw.companies:
        where = f"company {entry_c.id}"
        if entry_c.id in companies:
            problems.append(Problem(where, "2.1", "listed twice"))
            continue
        info = game.companies.get(entry_c.id)
        if info is None:
            known = ", ".join(game.companies)
            problems.append(Problem(where, "2.1", f"unknown company; companies are {known}"))
            continue
        trains: list[Train] = []
        for name in entry_c.trains:
            try:
                trains.append(parse_train(name, game, short))
            except ValueError as exc:
                problems.append(Problem(f"{where} train {name!r}", "2.2", str(exc)))
        companies[entry_c.id] = CompanyState(
            entry_c.id, tuple(trains), frozenset(entry_c.permits), entry_c.home or info.home, _company_money(entry_c)
        )

    company_money = any(c.model_fields_set & set(_MONEY_FIELDS) for c in raw.companies)
    if (raw.players or raw.market or company_money) and raw.version < 2:
        problems.append(
            Problem("version", "format", 'players, market and company money need "version": 2 (docs/position.md)')
        )
    market: dict[int, tuple[str, ...]] = {}
    for key, stack in raw.market.items():
        if not key.isdigit():
            problems.append(Problem(f"market {key!r}", "6.4.2", "a share price is a whole number of pounds"))
            continue
        market[int(key)] = tuple(stack)

    position = Position(
        # An unknown phase is already reported; "H" allows every tile and train, so no follow-on problems.
        phase=raw.phase if raw.phase in PHASES else "H",
        variant=Variant(raw.variant.length, raw.variant.extra_marker, frozenset(raw.variant.train_types)),
        tiles=_frozen_map(tiles),
        stations=_frozen_map({h: tuple(owners) for h, owners in raw.stations.items()}),
        london=tuple(raw.london),
        companies=_frozen_map(companies),
        name=raw.name,
        title=raw.game,
        players=tuple(Player(p.name, p.cash) for p in raw.players),
        market=MappingProxyType(dict(sorted(market.items()))),
    )
    return position, problems


_MONEY_FIELDS = ("par", "chartered", "cash", "holdings", "director", "receivership", "operated")


def _company_money(entry: CompanyEntry) -> CompanyMoney | None:
    """The company's money when the file gives any of it (format version 2), else None."""
    if not entry.model_fields_set & set(_MONEY_FIELDS):
        return None
    return CompanyMoney(
        par=entry.par,
        chartered=True if entry.chartered is None else entry.chartered,
        cash=entry.cash or 0,
        holdings=_frozen_map(entry.holdings or {}),
        director=entry.director,
        receivership=entry.receivership,
        operated=entry.operated,
    )


def position_to_dict(position: Position) -> dict[str, Any]:
    """The position as a JSON-ready dict in the file format (round-trips through `parse_position`)."""
    game = position.game
    tiles = []
    for lay in sorted(position.tiles.values(), key=lambda t: hexgrid.parse_hex(t.hex)):
        entry: dict[str, Any] = {"hex": lay.hex, "tile": lay.tile, "rotation": lay.rotation}
        tile = game.tiles.get(lay.tile)
        if lay.small_stations and not (tile is not None and tile.color == "yellow"):
            entry["small_stations"] = [list(t) for t in lay.small_stations]
        tiles.append(entry)
    variant: dict[str, Any] = {
        "length": position.variant.length,
        "extra_marker": position.variant.extra_marker,
    }
    if position.variant.train_types != frozenset(TrainType):
        variant["train_types"] = [t.value for t in TrainType if t in position.variant.train_types]
    companies = []
    for c in position.companies.values():
        entry_c: dict[str, Any] = {
            "id": c.id,
            "trains": [t.name for t in c.trains],
            "permits": [t.value for t in TrainType if t in c.permits],
        }
        if c.home != game.companies[c.id].home:
            entry_c["home"] = c.home
        if c.money is not None:
            entry_c |= _money_to_dict(c.money)
        companies.append(entry_c)
    result: dict[str, Any] = {
        "game": position.title,
        "version": 2,
        "name": position.name,
        "phase": position.phase,
        "variant": variant,
        "tiles": tiles,
        "stations": {h: list(o) for h, o in sorted(position.stations.items(), key=lambda kv: hexgrid.parse_hex(kv[0]))},
        "london": list(position.london),
        "companies": companies,
    }
    if position.players:
        result["players"] = [{"name": p.name, "cash": p.cash} for p in position.players]
    if position.market:
        result["market"] = {str(price): list(stack) for price, stack in sorted(position.market.items())}
    return result


def _money_to_dict(money: CompanyMoney) -> dict[str, Any]:
    entry: dict[str, Any] = {"cash": money.cash, "chartered": money.chartered}
    if money.par is not None:
        entry["par"] = money.par
    if money.holdings:
        entry["holdings"] = dict(money.holdings)
    if money.director is not None:
        entry["director"] = money.director
    if money.receivership:
        entry["receivership"] = True
    if money.operated:
        entry["operated"] = True
    return entry
