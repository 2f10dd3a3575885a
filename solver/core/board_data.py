"""A title's board as data: `data/<title>/title.json`, `map.json`, `tiles.json` and `companies.json`.

The format is docs/board-data.md's. Files are read strictly (unknown fields refused, no type coercion) and then
cross-checked: hex ids valid for the layout and of one parity, path ends that exist, edges 0-5, node and
company kinds the title declares, off-board values for every phase, upgrade targets that exist and are the next
colour, counts not negative, borders between two hexes of the map, homes on the map. Any fault raises
`DataError` naming the file and the field. `load_board` reads each title and map variant once and returns
immutable objects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from solver.core.faces import End, Face, Node, Path
from solver.core.geometry import Layout
from solver.errors import DataError

DATA_ROOT = FilePath(__file__).resolve().parent.parent.parent / "data"
#: Printed colours a hex may have besides the title's tile colours (docs/board-data.md, `printed.color`).
PRINTED_COLORS = ("white", "red", "blue", "grey")
HexKind = Literal["land", "offboard", "water", "fixed", "display"]
_Model = TypeVar("_Model", bound=BaseModel)


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


# ---------------------------------------------------------------- title.json


class LayoutSpec(_Strict):
    orientation: Literal["flat", "pointy"]
    letter_axis: Literal["column", "row"]
    first_letter: str = Field(default="A", pattern=r"^[A-Z]$")


class KindSpec(_Strict):
    name: str
    description: str = ""
    becomes: tuple[str, ...] = ()


class TitleFile(_Strict):
    title: str
    name: str
    rulebook: str
    layout: LayoutSpec
    phases: tuple[str, ...] = Field(min_length=1)
    colors: tuple[str, ...] = Field(min_length=1)
    node_kinds: dict[str, KindSpec] = Field(min_length=1)
    company_kinds: dict[str, KindSpec] = Field(min_length=1)
    maps: tuple[str, ...] = Field(min_length=1)


# ---------------------------------------------------------------- nodes and paths, shared by map.json and tiles.json


class PathFlags(_Strict):
    terminal: bool = False


class NodeSpec(_Strict):
    kind: str
    value: int | dict[str, int] = 0
    slots: int = Field(default=0, ge=0)
    name: str | None = None


PathSpec = tuple[str, str] | tuple[str, str, PathFlags]


class PrintedSpec(_Strict):
    color: str = "white"
    nodes: tuple[NodeSpec, ...] = ()
    paths: tuple[PathSpec, ...] = ()
    tile: str | None = None


# ---------------------------------------------------------------- map.json


class HexSpec(_Strict):
    hex: str
    kind: HexKind = "land"
    name: str | None = None
    label: str | None = None
    terrain: str | None = None
    cost: int = Field(default=0, ge=0)
    stubs: tuple[Annotated[int, Field(ge=0, le=5)], ...] = ()
    printed: PrintedSpec = PrintedSpec()
    maps: tuple[str, ...] | None = None


class BorderSpec(_Strict):
    hex: str
    edge: int = Field(ge=0, le=5)
    type: str
    cost: int = Field(default=0, ge=0)
    name: str | None = None
    maps: tuple[str, ...] | None = None


class MapFile(_Strict):
    about: str
    hexes: tuple[HexSpec, ...]
    borders: tuple[BorderSpec, ...] = ()
    regions: dict[str, tuple[str, ...]] = {}


# ---------------------------------------------------------------- tiles.json


class TileSpec(_Strict):
    id: str
    color: str
    count: int | None = Field(default=None, ge=0)
    counts: dict[str, int] | None = None
    label: str | None = None
    nodes: tuple[NodeSpec, ...] = ()
    paths: tuple[PathSpec, ...] = ()
    upgrades: tuple[str, ...] = ()
    fixed_rotation: bool = False
    maps: tuple[str, ...] | None = None


class TilesFile(_Strict):
    about: str
    tiles: tuple[TileSpec, ...]


# ---------------------------------------------------------------- companies.json


class CompanySpec(_Strict):
    id: str
    name: str
    kind: str
    home: str | None = None
    home_node: int = Field(default=0, ge=0)
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    text_color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    rules: dict[str, JsonValue] = {}


class CompaniesFile(_Strict):
    about: str
    companies: tuple[CompanySpec, ...]


# ---------------------------------------------------------------- the loaded board


@dataclass(frozen=True)
class Hex:
    """One hex of the map variant: what is printed on it (`face`, with `color` white when it has no track)."""

    hex: str
    kind: HexKind
    name: str | None
    label: str | None
    terrain: str | None
    cost: int
    color: str
    face: Face
    tile: str | None
    #: Edges with a yellow triangle: a yellow tile laid here must have track to each (docs/board-data.md).
    stubs: tuple[int, ...] = ()


@dataclass(frozen=True)
class Border:
    """A hex side with a barrier or a cost: `hex` and `edge` as listed; `other` is the hex across it."""

    hex: str
    edge: int
    other: str
    type: str
    cost: int
    name: str | None


@dataclass(frozen=True)
class Tile:
    """A tile design: its face at rotation 0, copies in this map variant's box (None: unlimited), upgrades."""

    id: str
    color: str
    count: int | None
    label: str | None
    face: Face
    upgrades: tuple[str, ...]
    fixed_rotation: bool


@dataclass(frozen=True)
class Company:
    """The common part of a company; `rules` holds the title's own fields, read only by the title's rules."""

    id: str
    name: str
    kind: str
    home: str | None
    home_node: int
    color: str
    text_color: str
    rules: Mapping[str, Any]


@dataclass(frozen=True)
class Kind:
    name: str
    description: str
    becomes: frozenset[str]


@dataclass(frozen=True)
class Board:
    """A title's board in one map variant, as the data gives it. Mappings are read-only."""

    title: str
    name: str
    rulebook: str
    map_variant: str
    layout: Layout
    phases: tuple[str, ...]
    colors: tuple[str, ...]
    node_kinds: Mapping[str, Kind]
    company_kinds: Mapping[str, Kind]
    maps: tuple[str, ...]
    hexes: Mapping[str, Hex]
    borders: tuple[Border, ...]
    #: Each border by both of its sides: (hex, edge) as seen from either hex.
    border_sides: Mapping[tuple[str, int], Border]
    regions: Mapping[str, frozenset[str]]
    tiles: Mapping[str, Tile]
    companies: Mapping[str, Company]

    @property
    def becomes(self) -> Mapping[str, frozenset[str]]:
        """For each node kind, the kinds an upgrade may turn it into (for `upgrades.upgrade_fits`)."""
        return MappingProxyType({k: v.becomes for k, v in self.node_kinds.items()})

    def border(self, hex_: str, edge: int) -> Border | None:
        """The border on `edge` of `hex_`, whichever side of it the data lists."""
        return self.border_sides.get((hex_, edge))

    def tile_total(self) -> int:
        """Tiles in the box of this map variant (designs with an unlimited count not counted)."""
        return sum(t.count or 0 for t in self.tiles.values())


# ---------------------------------------------------------------- reading and checking


def read_file(path: FilePath, model: type[_Model]) -> _Model:
    """Parse one JSON file strictly into `model`; DataError naming the file and the field of the first fault."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(path), "(file)", "missing") from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError(str(path), _field(text, first["loc"]), first["msg"]) from None


def _field(text: str, loc: tuple[int | str, ...]) -> str:
    """A field's path, each list entry followed by the hex or id it holds: `hexes.3 (G5).printed.color`."""
    try:
        here: Any = json.loads(text)
    except json.JSONDecodeError:
        here = None
    parts = []
    for step in loc:
        part = str(step)
        if isinstance(here, dict):
            here = here.get(str(step))
        elif isinstance(here, list) and isinstance(step, int) and step < len(here):
            here = here[step]
            name = here.get("hex", here.get("id")) if isinstance(here, dict) else None
            if isinstance(name, str):
                part += f" ({name})"
        else:
            here = None
        parts.append(part)
    return ".".join(parts) or "(top level)"


def _check(condition: bool, file: FilePath, field: str, message: str) -> None:
    if not condition:
        raise DataError(str(file), field, message)


class _Checker:
    """Cross-checks of one title's files, building the immutable objects as it goes."""

    def __init__(self, folder: FilePath, title: TitleFile) -> None:
        self.folder = folder
        self.title = title
        self.layout = Layout(title.layout.orientation, title.layout.letter_axis, title.layout.first_letter)

    def face(self, file: FilePath, field: str, nodes: tuple[NodeSpec, ...], paths: tuple[PathSpec, ...]) -> Face:
        built_nodes = []
        for i, n in enumerate(nodes):
            where = f"{field}.nodes.{i}"
            _check(
                n.kind in self.title.node_kinds,
                file,
                f"{where}.kind",
                f"{n.kind!r} is not a node kind of title.json ({', '.join(self.title.node_kinds)})",
            )
            if isinstance(n.value, dict):
                _check(
                    tuple(n.value) == self.title.phases,
                    file,
                    f"{where}.value",
                    f"a value by phase lists every phase of title.json in order ({', '.join(self.title.phases)})",
                )
                value: int | Mapping[str, int] = MappingProxyType(dict(n.value))
            else:
                value = n.value
            built_nodes.append(Node(n.kind, value, n.slots, n.name))
        built_paths = []
        seen: set[frozenset[End]] = set()
        for i, spec in enumerate(paths):
            where = f"{field}.paths.{i}"
            try:
                a, b = End.parse(spec[0]), End.parse(spec[1])
            except ValueError as exc:
                raise DataError(str(file), where, str(exc)) from None
            for end in (a, b):
                if end.kind == "edge":
                    _check(end.index <= 5, file, where, f"{end} is not an edge: edges are e0-e5")
                else:
                    _check(end.index < len(nodes), file, where, f"{end} is not a node: {len(nodes)} node(s) listed")
            _check(a != b, file, where, f"the path joins {a} to itself")
            _check(frozenset((a, b)) not in seen, file, where, f"the path {a}-{b} is listed twice")
            seen.add(frozenset((a, b)))
            terminal = len(spec) == 3 and spec[2].terminal
            built_paths.append(Path(a, b, terminal))
        return Face(tuple(built_nodes), tuple(built_paths))

    def variants(self, file: FilePath, field: str, maps: tuple[str, ...] | None) -> tuple[str, ...]:
        if maps is None:
            return self.title.maps
        for m in maps:
            _check(m in self.title.maps, file, f"{field}.maps", f"{m!r} is not a map of title.json")
        return maps

    def hex_id(self, file: FilePath, field: str, hex_: str, parity: int | None) -> int:
        try:
            p = self.layout.parity(hex_)
        except ValueError as exc:
            raise DataError(str(file), field, str(exc)) from None
        _check(
            parity is None or p == parity,
            file,
            field,
            f"{hex_} is not on this map's grid: its letter and number do not have the parity of the other hexes",
        )
        return p


def _kinds(specs: Mapping[str, KindSpec], file: FilePath, field: str) -> Mapping[str, Kind]:
    for key, spec in specs.items():
        for other in spec.becomes:
            _check(other in specs, file, f"{field}.{key}.becomes", f"{other!r} is not one of the {field}")
    return MappingProxyType({k: Kind(s.name, s.description, frozenset(s.becomes)) for k, s in specs.items()})


def load_board_from(folder: FilePath, map_variant: str | None = None) -> Board:
    """Read and cross-check the board files in `folder`; DataError naming the file and field of the first fault."""
    title_path, map_path = folder / "title.json", folder / "map.json"
    tiles_path, companies_path = folder / "tiles.json", folder / "companies.json"
    title = read_file(title_path, TitleFile)
    map_file = read_file(map_path, MapFile)
    tiles_file = read_file(tiles_path, TilesFile)
    companies_file = read_file(companies_path, CompaniesFile)

    _check(title.title == folder.name, title_path, "title", f"{title.title!r} is not the folder's name {folder.name!r}")
    for field, values in (("phases", title.phases), ("colors", title.colors), ("maps", title.maps)):
        _check(len(set(values)) == len(values), title_path, field, "a name is listed twice")
    node_kinds = _kinds(title.node_kinds, title_path, "node_kinds")
    company_kinds = _kinds(title.company_kinds, title_path, "company_kinds")
    variant = title.maps[0] if map_variant is None else map_variant
    _check(
        variant in title.maps, title_path, "maps", f"no map variant {variant!r} (the title has {', '.join(title.maps)})"
    )
    checker = _Checker(folder, title)

    # map.json
    hexes: dict[str, Hex] = {}
    parity: int | None = None
    for i, h in enumerate(map_file.hexes):
        field = f"hexes.{i} ({h.hex})"
        parity = checker.hex_id(map_path, f"{field}.hex", h.hex, parity)
        if variant not in checker.variants(map_path, field, h.maps):
            continue
        _check(h.hex not in hexes, map_path, f"{field}.hex", f"{h.hex} is listed twice for the map {variant!r}")
        _check(
            h.printed.color in (*PRINTED_COLORS, *title.colors),
            map_path,
            f"{field}.printed.color",
            f"{h.printed.color!r} is not a printed colour ({', '.join((*PRINTED_COLORS, *title.colors))})",
        )
        face = checker.face(map_path, f"{field}.printed", h.printed.nodes, h.printed.paths)
        hexes[h.hex] = Hex(
            h.hex, h.kind, h.name, h.label, h.terrain, h.cost, h.printed.color, face, h.printed.tile, h.stubs
        )
    borders = []
    seen_sides: set[tuple[str, int]] = set()
    for i, b in enumerate(map_file.borders):
        field = f"borders.{i} ({b.hex} edge {b.edge})"
        if variant not in checker.variants(map_path, field, b.maps):
            continue
        _check(b.hex in hexes, map_path, f"{field}.hex", f"{b.hex} is not a hex of the map {variant!r}")
        other = checker.layout.neighbour(b.hex, b.edge)
        _check(
            other is not None and other in hexes,
            map_path,
            f"{field}.edge",
            f"edge {b.edge} of {b.hex} does not face another hex of the map {variant!r}",
        )
        assert other is not None
        sides = {(b.hex, b.edge), (other, (b.edge + 3) % 6)}
        _check(not sides & seen_sides, map_path, field, f"the side {b.hex} edge {b.edge} is listed twice")
        seen_sides |= sides
        borders.append(Border(b.hex, b.edge, other, b.type, b.cost, b.name))
    regions = {}
    for name, members in map_file.regions.items():
        for h_ in members:
            _check(h_ in hexes, map_path, f"regions.{name}", f"{h_} is not a hex of the map {variant!r}")
        regions[name] = frozenset(members)

    # tiles.json
    tiles: dict[str, Tile] = {}
    specs = {t.id: t for t in tiles_file.tiles}
    _check(len(specs) == len(tiles_file.tiles), tiles_path, "tiles", "a tile id is listed twice")
    for i, t in enumerate(tiles_file.tiles):
        field = f"tiles.{i} ({t.id})"
        _check(t.color in title.colors, tiles_path, f"{field}.color", f"{t.color!r} is not a colour of title.json")
        in_maps = checker.variants(tiles_path, field, t.maps)
        has_count = "count" in t.model_fields_set
        _check(has_count != (t.counts is not None), tiles_path, field, "give either count or counts (by map)")
        if t.counts is not None:
            _check(set(t.counts) == set(in_maps), tiles_path, f"{field}.counts", "give a count for each of its maps")
            _check(all(c >= 0 for c in t.counts.values()), tiles_path, f"{field}.counts", "a count is negative")
        face = checker.face(tiles_path, field, t.nodes, t.paths)
        for target in t.upgrades:
            _check(target in specs, tiles_path, f"{field}.upgrades", f"no tile {target!r}")
            step = title.colors.index(specs[target].color) - title.colors.index(t.color)
            _check(
                step == 1,
                tiles_path,
                f"{field}.upgrades",
                f"{target} is {specs[target].color}, not the next colour after {t.color}",
            )
        if variant in in_maps:
            count = t.counts[variant] if t.counts is not None else t.count
            tiles[t.id] = Tile(t.id, t.color, count, t.label, face, t.upgrades, t.fixed_rotation)
    for i, h in enumerate(map_file.hexes):
        if h.printed.tile is not None:
            field = f"hexes.{i} ({h.hex}).printed.tile"
            _check(h.printed.tile in specs, map_path, field, f"no tile {h.printed.tile!r} in tiles.json")

    # companies.json
    companies: dict[str, Company] = {}
    for i, c in enumerate(companies_file.companies):
        field = f"companies.{i} ({c.id})"
        _check(c.id not in companies, companies_path, f"{field}.id", f"{c.id} is listed twice")
        _check(c.kind in title.company_kinds, companies_path, f"{field}.kind", f"{c.kind!r} is not a company kind")
        if c.home is not None:
            _check(c.home in hexes, companies_path, f"{field}.home", f"{c.home} is not a hex of the map {variant!r}")
            nodes = hexes[c.home].face.nodes
            _check(
                c.home_node < len(nodes) and nodes[c.home_node].slots > 0,
                companies_path,
                f"{field}.home_node",
                f"{c.home} has no node {c.home_node} with a station-marker space",
            )
        companies[c.id] = Company(
            c.id, c.name, c.kind, c.home, c.home_node, c.color, c.text_color, MappingProxyType(dict(c.rules))
        )

    return Board(
        title=title.title,
        name=title.name,
        rulebook=title.rulebook,
        map_variant=variant,
        layout=checker.layout,
        phases=title.phases,
        colors=title.colors,
        node_kinds=node_kinds,
        company_kinds=company_kinds,
        maps=title.maps,
        hexes=MappingProxyType(hexes),
        borders=tuple(borders),
        border_sides=MappingProxyType(
            {side: b for b in borders for side in ((b.hex, b.edge), (b.other, (b.edge + 3) % 6))}
        ),
        regions=MappingProxyType(regions),
        tiles=MappingProxyType(tiles),
        companies=MappingProxyType(companies),
    )


@cache
def load_board(title: str, map_variant: str | None = None) -> Board:
    """The board of `data/<title>/` in `map_variant` (the title's first map when None), read once."""
    return load_board_from(DATA_ROOT / title, map_variant)
