"""A title's board, loaded from `data/<title>/` (docs/board-data.md) into immutable objects.

`load_board(title, map_variant)` reads the four board files strictly (`solver.core.board_files`), cross-checks
them (hex ids valid for the layout and of one parity, path ends that exist, node and company kinds the title
declares, off-board values for every phase, upgrade targets that exist and are the next colour, counts, borders
between two hexes of the map, homes on the map) and returns the `Board` of one map variant, read once. Any
fault raises `DataError` naming the file and the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from solver.core.board_files import (
    BoardRule,
    CompaniesFile,
    HexKind,
    KindSpec,
    MapFile,
    NodeSpec,
    PathSpec,
    TilesFile,
    TitleFile,
    read_file,
)
from solver.core.faces import End, Face, Node, Path
from solver.core.geometry import Layout, opposite
from solver.core.layout_spec import DATA_ROOT as DATA_ROOT  # where the titles keep their data
from solver.core.lazy import lazy
from solver.errors import DataError

#: Printed colours a hex may have besides the title's tile colours (docs/board-data.md, `printed.color`).
PRINTED_COLORS = ("white", "red", "blue", "grey")


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

    @lazy
    def rotations(self) -> tuple[Face, ...]:
        """The face at each rotation 0-5 (`Face.rotated`), made once per tile design rather than once per look at a
        hex."""
        return tuple(self.face.rotated(r) for r in range(6))


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
    joins: bool = False


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
    #: The phases of each value printed on an off-board area, in order (`title.json` → `value_columns`; empty
    #: when the title does not say: a drawing then merges equal neighbours).
    value_columns: tuple[tuple[str, ...], ...] = ()
    #: Where the rulebook states each fact the loader checks a position against (`title.json` → `rules`, keyed by
    #: `BoardRule`).
    rules: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def rule(self, fact: BoardRule, default: str) -> str:
        """The rulebook's reference for `fact` (a `BoardRule`), or `default` when the data gives none."""
        return self.rules.get(fact, default)

    @property
    def becomes(self) -> Mapping[str, frozenset[str]]:
        """For each node kind, the kinds an upgrade may turn it into (for `upgrades.upgrade_fits`)."""
        return MappingProxyType({k: v.becomes for k, v in self.node_kinds.items()})

    @property
    def joining(self) -> frozenset[str]:
        """The node kinds whose separate nodes an upgrade may join into one (for `upgrades.upgrade_fits`)."""
        return frozenset(k for k, v in self.node_kinds.items() if v.joins)

    def border(self, hex_: str, edge: int) -> Border | None:
        """The border on `edge` of `hex_`, whichever side of it the data lists."""
        return self.border_sides.get((hex_, edge))

    @lazy
    def crossings(self) -> Mapping[tuple[str, int], str]:
        """Each hex side that track may cross, (hex, edge), with the hex of the map across it: no impassable
        border lies on it and the map goes on there (read once per board, for `TrackGraph`)."""
        out: dict[tuple[str, int], str] = {}
        for hex_ in self.hexes:
            for edge in range(6):
                border = self.border(hex_, edge)
                other = self.layout.neighbour(hex_, edge)
                if other is not None and other in self.hexes and (border is None or border.type != "impassable"):
                    out[(hex_, edge)] = other
        return MappingProxyType(out)

    def tile_total(self) -> int:
        """Tiles in the box of this map variant (designs with an unlimited count not counted)."""
        return sum(t.count or 0 for t in self.tiles.values())


# ---------------------------------------------------------------- checking


def _check(condition: bool, file: FilePath, field: str, message: str) -> None:
    if not condition:
        raise DataError(str(file), field, message)


def frozen_json(value: Any) -> Any:
    """A read-only copy of JSON data: objects as read-only mappings, arrays as tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: frozen_json(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(frozen_json(v) for v in value)
    return value


def _kinds(specs: Mapping[str, KindSpec], file: FilePath, field: str) -> Mapping[str, Kind]:
    for key, spec in specs.items():
        for other in spec.becomes:
            _check(other in specs, file, f"{field}.{key}.becomes", f"{other!r} is not one of the {field}")
    return MappingProxyType({k: Kind(s.name, s.description, frozenset(s.becomes), s.joins) for k, s in specs.items()})


class _Reader:
    """Reads one title's files for one map variant, checking each against `title.json` and the others."""

    def __init__(self, folder: FilePath, map_variant: str | None) -> None:
        self.folder = folder
        self.title_path = folder / "title.json"
        self.title = read_file(self.title_path, TitleFile)
        title = self.title
        _check(
            title.title == folder.name,
            self.title_path,
            "title",
            f"{title.title!r} is not the folder's name {folder.name!r}",
        )
        for field, values in (("phases", title.phases), ("colors", title.colors), ("maps", title.maps)):
            _check(len(set(values)) == len(values), self.title_path, field, "a name is listed twice")
        self.variant = title.maps[0] if map_variant is None else map_variant
        _check(
            self.variant in title.maps,
            self.title_path,
            "maps",
            f"no map variant {self.variant!r} (the title has {', '.join(title.maps)})",
        )
        self.layout = Layout(title.layout.orientation, title.layout.letter_axis, title.layout.first_letter)
        if title.value_columns:
            _check(
                tuple(p for column in title.value_columns for p in column) == title.phases and all(title.value_columns),
                self.title_path,
                "value_columns",
                f"the columns list every phase of phases once, in order ({', '.join(title.phases)})",
            )

    def in_variant(self, file: FilePath, field: str, maps: tuple[str, ...] | None) -> tuple[str, ...]:
        """The map variants an entry is in (all when `maps` is absent), each checked against `title.json`."""
        if maps is None:
            return self.title.maps
        for m in maps:
            _check(m in self.title.maps, file, f"{field}.maps", f"{m!r} is not a map of title.json")
        return maps

    def face(self, file: FilePath, field: str, nodes: tuple[NodeSpec, ...], paths: tuple[PathSpec, ...]) -> Face:
        return Face(
            tuple(self.node(file, f"{field}.nodes.{i}", n) for i, n in enumerate(nodes)),
            self.paths(file, field, len(nodes), paths),
        )

    def node(self, file: FilePath, where: str, n: NodeSpec) -> Node:
        kinds = self.title.node_kinds
        _check(
            n.kind in kinds, file, f"{where}.kind", f"{n.kind!r} is not a node kind of title.json ({', '.join(kinds)})"
        )
        if isinstance(n.value, int):
            return Node(n.kind, n.value, n.slots, n.name)
        phases = self.title.phases
        _check(
            tuple(n.value) == phases,
            file,
            f"{where}.value",
            f"a value by phase lists every phase of title.json in order ({', '.join(phases)})",
        )
        for column in self.title.value_columns:
            _check(
                len({n.value[p] for p in column}) == 1,
                file,
                f"{where}.value",
                f"the value differs within the printed column of phases {', '.join(column)} (title.json)",
            )
        return Node(n.kind, MappingProxyType(dict(n.value)), n.slots, n.name)

    @staticmethod
    def paths(file: FilePath, field: str, nodes: int, specs: tuple[PathSpec, ...]) -> tuple[Path, ...]:
        built: list[Path] = []
        for i, spec in enumerate(specs):
            where = f"{field}.paths.{i}"
            try:
                a, b = End.parse(spec[0]), End.parse(spec[1])
            except ValueError as exc:
                raise DataError(str(file), where, str(exc)) from None
            for end in (a, b):
                if end.kind == "edge":
                    _check(end.index <= 5, file, where, f"{end} is not an edge: edges are e0-e5")
                else:
                    _check(end.index < nodes, file, where, f"{end} is not a node: {nodes} node(s) listed")
            _check(a != b, file, where, f"the path joins {a} to itself")
            _check(all(p.ends != {a, b} for p in built), file, where, f"the path {a}-{b} is listed twice")
            built.append(Path(a, b, len(spec) == 3 and spec[2].terminal))
        return tuple(built)

    # ------------------------------------------------------------ map.json

    def hexes(self, map_path: FilePath, map_file: MapFile) -> dict[str, Hex]:
        hexes: dict[str, Hex] = {}
        parity: int | None = None
        colours = (*PRINTED_COLORS, *self.title.colors)
        for i, h in enumerate(map_file.hexes):
            field = f"hexes.{i} ({h.hex})"
            try:
                here = self.layout.parity(h.hex)
            except ValueError as exc:
                raise DataError(str(map_path), f"{field}.hex", str(exc)) from None
            _check(
                parity is None or here == parity,
                map_path,
                f"{field}.hex",
                f"{h.hex} is not on this map's grid: its letter and number do not have the parity of the other hexes",
            )
            parity = here
            if self.variant not in self.in_variant(map_path, field, h.maps):
                continue
            _check(
                h.hex not in hexes, map_path, f"{field}.hex", f"{h.hex} is listed twice for the map {self.variant!r}"
            )
            _check(
                h.printed.color in colours,
                map_path,
                f"{field}.printed.color",
                f"{h.printed.color!r} is not a printed colour ({', '.join(colours)})",
            )
            face = self.face(map_path, f"{field}.printed", h.printed.nodes, h.printed.paths)
            hexes[h.hex] = Hex(
                h.hex, h.kind, h.name, h.label, h.terrain, h.cost, h.printed.color, face, h.printed.tile, h.stubs
            )
        return hexes

    def borders(self, map_path: FilePath, map_file: MapFile, hexes: Mapping[str, Hex]) -> tuple[Border, ...]:
        borders: list[Border] = []
        seen: set[tuple[str, int]] = set()
        for i, b in enumerate(map_file.borders):
            field = f"borders.{i} ({b.hex} edge {b.edge})"
            if self.variant not in self.in_variant(map_path, field, b.maps):
                continue
            _check(b.hex in hexes, map_path, f"{field}.hex", f"{b.hex} is not a hex of the map {self.variant!r}")
            other = self.layout.neighbour(b.hex, b.edge)
            if other is None or other not in hexes:
                raise DataError(
                    str(map_path),
                    f"{field}.edge",
                    f"edge {b.edge} of {b.hex} does not face another hex of the map {self.variant!r}",
                )
            sides = {(b.hex, b.edge), (other, opposite(b.edge))}
            _check(not sides & seen, map_path, field, f"the side {b.hex} edge {b.edge} is listed twice")
            seen |= sides
            borders.append(Border(b.hex, b.edge, other, b.type, b.cost, b.name))
        return tuple(borders)

    def regions(self, map_path: FilePath, map_file: MapFile, hexes: Mapping[str, Hex]) -> dict[str, frozenset[str]]:
        for name, members in map_file.regions.items():
            for h in members:
                _check(h in hexes, map_path, f"regions.{name}", f"{h} is not a hex of the map {self.variant!r}")
        return {name: frozenset(members) for name, members in map_file.regions.items()}

    # ------------------------------------------------------------ tiles.json

    def tiles(self, tiles_path: FilePath, tiles_file: TilesFile) -> dict[str, Tile]:
        colors = self.title.colors
        specs = {t.id: t for t in tiles_file.tiles}
        _check(len(specs) == len(tiles_file.tiles), tiles_path, "tiles", "a tile id is listed twice")
        tiles: dict[str, Tile] = {}
        for i, t in enumerate(tiles_file.tiles):
            field = f"tiles.{i} ({t.id})"
            _check(t.color in colors, tiles_path, f"{field}.color", f"{t.color!r} is not a colour of title.json")
            in_maps = self.in_variant(tiles_path, field, t.maps)
            has_count = "count" in t.model_fields_set
            _check(has_count != (t.counts is not None), tiles_path, field, "give either count or counts (by map)")
            if t.counts is not None:
                _check(
                    set(t.counts) == set(in_maps), tiles_path, f"{field}.counts", "give a count for each of its maps"
                )
                _check(all(c >= 0 for c in t.counts.values()), tiles_path, f"{field}.counts", "a count is negative")
            face = self.face(tiles_path, field, t.nodes, t.paths)
            for target in t.upgrades:
                _check(target in specs, tiles_path, f"{field}.upgrades", f"no tile {target!r}")
                _check(
                    colors.index(specs[target].color) == colors.index(t.color) + 1,
                    tiles_path,
                    f"{field}.upgrades",
                    f"{target} is {specs[target].color}, not the next colour after {t.color}",
                )
            if self.variant in in_maps:
                count = t.counts[self.variant] if t.counts is not None else t.count
                tiles[t.id] = Tile(t.id, t.color, count, t.label, face, t.upgrades, t.fixed_rotation)
        return tiles

    # ------------------------------------------------------------ companies.json

    def companies(self, path: FilePath, file: CompaniesFile, hexes: Mapping[str, Hex]) -> dict[str, Company]:
        companies: dict[str, Company] = {}
        for i, c in enumerate(file.companies):
            field = f"companies.{i} ({c.id})"
            _check(c.id not in companies, path, f"{field}.id", f"{c.id} is listed twice")
            _check(c.kind in self.title.company_kinds, path, f"{field}.kind", f"{c.kind!r} is not a company kind")
            if c.home is not None:
                _check(c.home in hexes, path, f"{field}.home", f"{c.home} is not a hex of the map {self.variant!r}")
                nodes = hexes[c.home].face.nodes
                _check(
                    c.home_node < len(nodes) and nodes[c.home_node].slots > 0,
                    path,
                    f"{field}.home_node",
                    f"{c.home} has no node {c.home_node} with a station-marker space",
                )
            companies[c.id] = Company(
                c.id, c.name, c.kind, c.home, c.home_node, c.color, c.text_color, frozen_json(c.rules)
            )
        return companies


def load_board_from(folder: FilePath, map_variant: str | None = None) -> Board:
    """Read and cross-check the board files in `folder`; DataError naming the file and field of the first fault."""
    reader = _Reader(folder, map_variant)
    title = reader.title
    map_path, tiles_path, companies_path = folder / "map.json", folder / "tiles.json", folder / "companies.json"
    map_file = read_file(map_path, MapFile)
    tiles_file = read_file(tiles_path, TilesFile)
    companies_file = read_file(companies_path, CompaniesFile)
    node_kinds = _kinds(title.node_kinds, reader.title_path, "node_kinds")
    company_kinds = _kinds(title.company_kinds, reader.title_path, "company_kinds")

    hexes = reader.hexes(map_path, map_file)
    borders = reader.borders(map_path, map_file, hexes)
    tiles = reader.tiles(tiles_path, tiles_file)
    tile_ids = {t.id for t in tiles_file.tiles}
    for i, h in enumerate(map_file.hexes):
        if h.printed.tile is not None:
            field = f"hexes.{i} ({h.hex}).printed.tile"
            _check(h.printed.tile in tile_ids, map_path, field, f"no tile {h.printed.tile!r} in tiles.json")
    return Board(
        title=title.title,
        name=title.name,
        rulebook=title.rulebook,
        map_variant=reader.variant,
        layout=reader.layout,
        phases=title.phases,
        colors=title.colors,
        node_kinds=node_kinds,
        company_kinds=company_kinds,
        maps=title.maps,
        hexes=MappingProxyType(hexes),
        borders=borders,
        border_sides=MappingProxyType(
            {side: b for b in borders for side in ((b.hex, b.edge), (b.other, opposite(b.edge)))}
        ),
        regions=MappingProxyType(reader.regions(map_path, map_file, hexes)),
        tiles=MappingProxyType(tiles),
        companies=MappingProxyType(reader.companies(companies_path, companies_file, hexes)),
        value_columns=title.value_columns,
        rules=MappingProxyType({str(limit): rule for limit, rule in title.rules.items()}),
    )


@cache
def load_board(title: str, map_variant: str | None = None) -> Board:
    """The board of `data/<title>/` in `map_variant` (the title's first map when None), read once."""
    return load_board_from(DATA_ROOT / title, map_variant)
