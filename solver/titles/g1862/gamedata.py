"""The game's data files (data/<title>/*.json), validated on load and exposed as immutable objects.

Data is kept apart from logic: the map, tiles, companies, market and trains of 1862 live in data/1862 and
nothing in the code names a hex, tile or company. A malformed data file raises `DataError` naming the file
and the field. `load_game()` reads each title once.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from solver.core.geometry import rotate
from solver.core.layout_spec import DATA_ROOT, LayoutSpec
from solver.errors import DataError, InputError
from solver.jsonfile import read_json_file
from solver.titles.g1862 import hexgrid

Color = Literal["yellow", "green", "russet"]
COLOR_ORDER: tuple[Color, ...] = ("yellow", "green", "russet")
PHASES = "ABCDEFGH"
_Model = TypeVar("_Model", bound=BaseModel)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------- map.json


class Town(_Frozen):
    """A land hex printed with a large station (a 'town', rule 2.4.3)."""

    hex: str
    name: str
    letter: Literal["N", "Y"] | None
    reserved_russet_tile: str | None = None


class Village(_Frozen):
    """A land hex printed with a small station (a 'village')."""

    hex: str
    name: str


class Area(_Frozen):
    """A red off-board area or a port: one scoring unit whatever hex it is entered by (7.8)."""

    id: str
    name: str
    type: Literal["red", "port"]
    values: dict[Literal["A-B", "C-D", "E-H"], int]

    @field_validator("values")
    @classmethod
    def _three_columns(cls, v: dict[str, int]) -> dict[str, int]:
        if set(v) != {"A-B", "C-D", "E-H"}:
            raise ValueError("needs exactly the value columns A-B, C-D and E-H")
        return v


class OffboardHex(_Frozen):
    hex: str
    areas: tuple[str, ...]
    display_only: bool = False
    london_token_spaces: int = 0
    label: str | None = None


class Entry(_Frozen):
    """A land hex side through which track enters an off-board node."""

    hex: str
    edge: int = Field(ge=0, le=5)


class OffboardNode(_Frozen):
    id: str
    hex: str
    area: str
    entries: tuple[Entry, ...]


class London(_Frozen):
    area: str
    token_spaces: int


class MapFile(_Frozen):
    about: str
    layout: LayoutSpec  # the grid, read by `hexgrid`
    columns: str
    towns: tuple[Town, ...]
    villages: tuple[Village, ...]
    barriers: tuple[tuple[str, str], ...]
    areas: tuple[Area, ...]
    offboard_hexes: tuple[OffboardHex, ...]
    offboard_nodes: tuple[OffboardNode, ...]
    london: London


# ---------------------------------------------------------------- tiles.json


class Upgrade(_Frozen):
    """A rules-valid upgrade (7.6.3) and the rotations, relative to the old tile, that keep its track."""

    tile: str
    rotations: tuple[int, ...]
    only_on: str | None = None


class Tile(_Frozen):
    """A physical tile. Large-station tiles have one station where all exits meet; small-station tiles have
    separate tracks (each joining two edges) that never meet, each able to hold one small station (7.6.4)."""

    id: str
    color: Color
    count: int = Field(ge=1)
    letter: Literal["N", "Y", "I", "H"] | None
    station: Literal["large", "small"]
    revenue: int = 0
    slots: int = 0
    tracks: tuple[tuple[int, ...], ...]
    printed_small_stations: int = 0
    upgrades: tuple[Upgrade, ...] = ()

    @field_validator("tracks")
    @classmethod
    def _edges_in_range(cls, v: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        edges = [e for track in v for e in track]
        if any(not 0 <= e <= 5 for e in edges):
            raise ValueError("track edges must be 0-5")
        if len(edges) != len(set(edges)):
            raise ValueError("an edge is used by two tracks")
        return v

    @property
    def exits(self) -> tuple[int, ...]:
        return tuple(sorted(e for track in self.tracks for e in track))

    def exits_at(self, rotation: int) -> tuple[int, ...]:
        """Map edges the tile's track points at when laid with `rotation`."""
        return tuple(sorted(rotate(e, rotation) for e in self.exits))

    def tracks_at(self, rotation: int) -> tuple[frozenset[int], ...]:
        """Each track as the set of map edges it joins, at `rotation`."""
        return tuple(frozenset(rotate(e, rotation) for e in t) for t in self.tracks)


class TilesFile(_Frozen):
    about: str
    small_station_revenue: int
    tiles: tuple[Tile, ...]


# ---------------------------------------------------------------- companies.json


class Company(_Frozen):
    id: str
    name: str
    home: str
    colours: tuple[str, ...]
    color: str
    text_color: str


class MarkerRules(_Frozen):
    max_on_map: int
    max_on_map_optional_11_4: int
    chartered: int
    non_chartered_min: int
    non_chartered_max: int
    cost_chartered: int
    cost_non_chartered: int


class Certificates(_Frozen):
    per_company: int
    shares_per_company: int
    director_shares: int


class CompaniesFile(_Frozen):
    about: str
    companies: tuple[Company, ...]
    station_markers: MarkerRules
    certificates: Certificates
    float_percent: int
    starting_cash: dict[str, int]
    certificate_limit: dict[str, int]
    bank: int


# ---------------------------------------------------------------- market.json


class MarketZones(_Frozen):
    """Price ranges (inclusive) where a non-director's first share sold, or first two, do not move the price
    (6.4.2); the bottom (bankrupt, 7.12) and top (game end, 10.1) spaces."""

    ignore_first_share_sold: tuple[tuple[int, int], ...]
    ignore_first_two_shares_sold: tuple[tuple[int, int], ...]
    bankrupt: int
    game_end: int


class MarketFile(_Frozen):
    """The stock market as one increasing list of prices: even indices the upper row, odd the lower (6.4.2)."""

    about: str
    prices: tuple[int, ...]
    par_values: tuple[int, ...]
    non_chartered_start: tuple[int, int]
    zones: MarketZones

    @field_validator("prices")
    @classmethod
    def _increasing(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(b <= a for a, b in itertools.pairwise(v)):
            raise ValueError("prices must be strictly increasing")
        return v

    @model_validator(mode="after")
    def _on_the_market(self) -> MarketFile:
        prices = set(self.prices)
        if not self.prices or self.zones.bankrupt != self.prices[0] or self.zones.game_end != self.prices[-1]:
            raise ValueError("zones.bankrupt and zones.game_end must be the first and last prices")
        if any(p not in prices for p in self.par_values) or list(self.par_values) != sorted(set(self.par_values)):
            raise ValueError("par_values must be increasing prices of the market (4.2)")
        ranges = [
            self.non_chartered_start,
            *self.zones.ignore_first_share_sold,
            *self.zones.ignore_first_two_shares_sold,
        ]
        if any(lo not in prices or hi not in prices or lo > hi for lo, hi in ranges):
            raise ValueError("every zone and the non-chartered start range must run between two market prices")
        return self


# ---------------------------------------------------------------- trains.json


class Band(_Frozen):
    """A train band (2.2): one card can be used as a Freight, Local or Express train."""

    band: str
    cost: int
    count: dict[Literal["short", "standard", "long"], int] | None
    freight: int
    freight_permanent: bool
    local: tuple[int, int]
    express: tuple[int, int]
    rusted_by: str | None
    free_warranty: bool


class PhaseInfo(_Frozen):
    phase: str
    offboard_column: Literal["A-B", "C-D", "E-H"]
    tiles: tuple[Color, ...]
    operating_rounds: int
    train_limit: dict[str, int]


class ShortGame(_Frozen):
    permanent_freight_bands: tuple[str, ...]
    lner_trigger: str


class TrainsFile(_Frozen):
    about: str
    bands: tuple[Band, ...]
    phases: tuple[PhaseInfo, ...]
    short_game: ShortGame


# ---------------------------------------------------------------- the assembled game


@dataclass(frozen=True)
class EdgeLink:
    """What lies beyond one edge of a land hex, for building and running track (7.6.1)."""

    kind: Literal["land", "offboard", "barrier", "none"]
    neighbour: str | None = None
    node: str | None = None  # the off-board node entered, for kind == "offboard"


@dataclass(frozen=True)
class GameData:
    """Everything about one title, read from its data folder. Mappings are read-only."""

    title: str
    towns: Mapping[str, Town]
    villages: Mapping[str, Village]
    areas: Mapping[str, Area]
    offboard_hexes: Mapping[str, OffboardHex]
    nodes: Mapping[str, OffboardNode]
    barriers: frozenset[frozenset[str]]
    london: London
    tiles: Mapping[str, Tile]
    small_station_revenue: int
    companies: Mapping[str, Company]
    company_rules: CompaniesFile
    market: MarketFile
    bands: Mapping[str, Band]
    phases: Mapping[str, PhaseInfo]
    short_game: ShortGame
    edges: Mapping[str, tuple[EdgeLink, ...]]

    @cached_property
    def land_hexes(self) -> frozenset[str]:
        """Every town and village hex: worked out once (route tracing asks for it per hex)."""
        return frozenset(self.towns) | frozenset(self.villages)

    def hex_name(self, hex_: str) -> str:
        """The place name of a land hex, or the area name of an off-board hex."""
        if hex_ in self.towns:
            return self.towns[hex_].name
        if hex_ in self.villages:
            return self.villages[hex_].name
        if hex_ in self.offboard_hexes:
            return " / ".join(self.areas[a].name for a in self.offboard_hexes[hex_].areas)
        return hex_

    def area_value(self, area: str, phase: str) -> int:
        """Value of an off-board area in a phase: columns A-B, C-D and E-H (9.0)."""
        return self.areas[area].values[self.phases[phase].offboard_column]

    def buildable_edges(self, hex_: str) -> frozenset[int]:
        """Edges of a land hex that track may point at: no barrier, no sea, no edge of the map (7.6.1)."""
        return frozenset(e for e, link in enumerate(self.edges[hex_]) if link.kind in ("land", "offboard"))


def _keeps_track(old: Tile, new: Tile, rotation: int) -> bool:
    """Whether `new`, laid at `rotation` relative to `old`, keeps all of the old track on the same hex sides
    (7.6.3): the old exits on a large-station tile, each old line on a small-station tile."""
    if old.station == "large":
        return set(old.exits) <= set(new.exits_at(rotation))
    return set(old.tracks_at(0)) <= set(new.tracks_at(rotation))


def read_data_file(path: Path, model: type[_Model]) -> _Model:
    """Parse one data file into `model`; DataError naming the file and the field of the first fault."""
    try:
        raw = read_json_file(path, "data")
    except InputError as exc:
        problem = exc.problems[0]
        raise DataError(str(path), problem.where.removeprefix(str(path)).strip() or "(file)", problem.message) from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise DataError(str(path), field, first["msg"]) from None


def _check(condition: bool, file: str, field: str, message: str) -> None:
    if not condition:
        raise DataError(file, field, message)


@cache
def load_game(title: str = "1862", root: Path = DATA_ROOT) -> GameData:
    """Read and cross-check data/<title>/; raise DataError naming the file and field of the first fault."""
    folder = root / title
    map_file = read_data_file(folder / "map.json", MapFile)
    tiles_file = read_data_file(folder / "tiles.json", TilesFile)
    comp_file = read_data_file(folder / "companies.json", CompaniesFile)
    market_file = read_data_file(folder / "market.json", MarketFile)
    trains_file = read_data_file(folder / "trains.json", TrainsFile)

    mpath, tpath, cpath = str(folder / "map.json"), str(folder / "tiles.json"), str(folder / "companies.json")
    towns = {t.hex: t for t in map_file.towns}
    villages = {v.hex: v for v in map_file.villages}
    areas = {a.id: a for a in map_file.areas}
    off_hexes = {h.hex: h for h in map_file.offboard_hexes}
    nodes = {n.id: n for n in map_file.offboard_nodes}
    for i, h in enumerate([*towns, *villages, *off_hexes]):
        _check(hexgrid.is_hex_id(h), mpath, f"hex #{i}", f"{h!r} is not a grid position")
    land = set(towns) | set(villages)
    _check(not (set(towns) & set(villages)), mpath, "villages", "a hex is both a town and a village")
    _check(not (land & set(off_hexes)), mpath, "offboard_hexes", "an off-board hex is also a land hex")
    for off in off_hexes.values():
        for a in off.areas:
            _check(a in areas, mpath, f"offboard_hexes.{off.hex}.areas", f"unknown area {a!r}")
    barriers = frozenset(frozenset(pair) for pair in map_file.barriers)
    for pair in barriers:
        a, b = sorted(pair)
        _check(pair <= land, mpath, "barriers", f"barrier {a}-{b} is not between two land hexes")
        _check(hexgrid.edge_towards(a, b) is not None, mpath, "barriers", f"{a} and {b} are not adjacent")

    links: dict[str, list[EdgeLink]] = {}
    for h in sorted(land):
        row: list[EdgeLink] = []
        for edge in range(6):
            other = hexgrid.neighbour(h, edge)
            if other in land:
                kind: Literal["land", "barrier"] = "barrier" if frozenset((h, other)) in barriers else "land"
                row.append(EdgeLink(kind, other))
            else:
                row.append(EdgeLink("none", other))
        links[h] = row
    for node in nodes.values():
        field = f"offboard_nodes.{node.id}"
        _check(node.area in areas, mpath, field, f"unknown area {node.area!r}")
        _check(node.hex in off_hexes, mpath, field, f"{node.hex} is not an off-board hex")
        _check(not off_hexes[node.hex].display_only, mpath, field, f"{node.hex} is display-only")
        _check(node.area in off_hexes[node.hex].areas, mpath, field, f"{node.hex} does not show {node.area}")
        for entry in node.entries:
            _check(entry.hex in land, mpath, field, f"entry {entry.hex} is not a land hex")
            _check(
                hexgrid.neighbour(entry.hex, entry.edge) == node.hex,
                mpath,
                field,
                f"edge {entry.edge} of {entry.hex} does not border {node.hex}",
            )
            current = links[entry.hex][entry.edge]
            _check(current.kind == "none", mpath, field, f"edge {entry.edge} of {entry.hex} is entered twice")
            links[entry.hex][entry.edge] = EdgeLink("offboard", node.hex, node.id)
    _check(map_file.london.area in areas, mpath, "london.area", "unknown area")
    spaces = sum(h.london_token_spaces for h in off_hexes.values())
    _check(
        spaces == map_file.london.token_spaces,
        mpath,
        "london.token_spaces",
        f"{map_file.london.token_spaces} spaces but the off-board hexes show {spaces}",
    )

    tiles = {t.id: t for t in tiles_file.tiles}
    _check(len(tiles) == len(tiles_file.tiles), tpath, "tiles", "duplicate tile id")
    for t in tiles.values():
        field = f"tiles.{t.id}"
        if t.station == "large":
            _check(len(t.tracks) == 1 and t.slots >= 1, tpath, field, "a large-station tile has one station")
        else:
            _check(all(len(tr) == 2 for tr in t.tracks), tpath, field, "small-station tracks join two edges")
        for up in t.upgrades:
            _check(up.tile in tiles, tpath, f"{field}.upgrades", f"unknown tile {up.tile!r}")
            new = tiles[up.tile]
            _check(
                COLOR_ORDER.index(new.color) == COLOR_ORDER.index(t.color) + 1,
                tpath,
                f"{field}.upgrades.{up.tile}",
                "an upgrade goes one colour up (7.6.3)",
            )
            _check(new.station == t.station, tpath, f"{field}.upgrades.{up.tile}", "upgrade changes station kind")
            for rotation in up.rotations:
                _check(
                    _keeps_track(t, new, rotation),
                    tpath,
                    f"{field}.upgrades.{up.tile}.rotations",
                    f"at relative rotation {rotation} tile {up.tile} does not keep the old track (7.6.3)",
                )
            expected_letter = t.letter if up.only_on is None else new.letter
            _check(
                new.letter == expected_letter,
                tpath,
                f"{field}.upgrades.{up.tile}",
                "an upgrade keeps the letter, except onto a reserved tile with only_on (7.6.1)",
            )
    for town in towns.values():
        if town.reserved_russet_tile is not None:
            _check(town.reserved_russet_tile in tiles, mpath, f"towns.{town.hex}", "unknown reserved tile")
    for t in tiles.values():
        for up in t.upgrades:
            if up.only_on is not None:
                reserved = towns[up.only_on].reserved_russet_tile if up.only_on in towns else None
                _check(
                    reserved == up.tile,
                    tpath,
                    f"tiles.{t.id}.upgrades.{up.tile}.only_on",
                    f"{up.only_on} is not a town reserving tile {up.tile}",
                )

    companies = {c.id: c for c in comp_file.companies}
    for c in companies.values():
        _check(c.home in towns, cpath, f"companies.{c.id}.home", f"home {c.home} is not a town")

    phases = {p.phase: p for p in trains_file.phases}
    _check("".join(phases) == PHASES, str(folder / "trains.json"), "phases", f"phases must be {PHASES}")

    return GameData(
        title=title,
        towns=MappingProxyType(towns),
        villages=MappingProxyType(villages),
        areas=MappingProxyType(areas),
        offboard_hexes=MappingProxyType(off_hexes),
        nodes=MappingProxyType(nodes),
        barriers=barriers,
        london=map_file.london,
        tiles=MappingProxyType(tiles),
        small_station_revenue=tiles_file.small_station_revenue,
        companies=MappingProxyType(companies),
        company_rules=comp_file,
        market=market_file,
        bands=MappingProxyType({b.band: b for b in trains_file.bands}),
        phases=MappingProxyType(phases),
        short_game=trains_file.short_game,
        edges=MappingProxyType({h: tuple(row) for h, row in links.items()}),
    )
