"""A position of any title: its board (title and map variant), phase, tiles laid, station markers by node and the
companies with their trains, read from the file format of docs/board-data.md ("Positions of any title").

`parse_position(data)` checks a position against its title's board data and returns an immutable
`BoardPosition`, or raises `InputError` with one `Problem` per fault, each naming the field, hex, node or
company. `position_to_data` writes the same JSON back (a round trip gives an equal position). Train names, and
the `rules` objects of the position and of each company (rule modes and game state), are the title's: the core
keeps them as read-only data for the title's rules to check.

The money of the moment is optional (docs/board-data.md, "Money"): `players` (name and cash, in seat order), the
`market` (price -> the companies' tokens there, top of the stack first) and per company its `cash`, `par`,
`holdings` (holder -> shares: players, `ipo`, `pool`), `director` and `operated`. The core checks what holds for
any title (names unique, nothing negative, holders and directors who are players, a company on the market once);
the title checks its prices, share counts and directors.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from solver.core.board_data import DATA_ROOT, Board, frozen_json, load_board
from solver.core.faces import Face
from solver.errors import DataError, InputError, Problem, format_problems

#: Problem.rule of a fault of the file's structure, and of a position that does not fit its board data.
FORMAT = "format"
BOARD = "board data"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class TileLaySpec(_Strict):
    hex: str
    tile: str
    rotation: int = Field(ge=0, le=5)


class CompanySpec(_Strict):
    trains: tuple[str, ...] = ()
    rules: dict[str, JsonValue] = Field(default_factory=dict)
    cash: int | None = None
    par: int | None = None
    holdings: dict[str, int] = Field(default_factory=dict)
    director: str | None = None
    operated: bool | None = None


class PlayerSpec(_Strict):
    name: str
    cash: int


class PositionFile(_Strict):
    game: str
    name: str = ""
    map: str | None = None
    phase: str
    tiles: tuple[TileLaySpec, ...] = ()
    stations: dict[str, tuple[tuple[str, ...], ...]] = Field(default_factory=dict)
    companies: dict[str, CompanySpec] = Field(default_factory=dict)
    rules: dict[str, JsonValue] = Field(default_factory=dict)
    players: tuple[PlayerSpec, ...] = ()
    market: dict[str, tuple[str, ...]] = Field(default_factory=dict)


#: Holders of shares that are not players: the initial offering and the bank pool.
IPO, POOL = "ipo", "pool"


@dataclass(frozen=True)
class Player:
    """A player of the position: name and cash in hand."""

    name: str
    cash: int


@dataclass(frozen=True)
class LaidTile:
    """A tile on the map: its id and rotation (docs/board-data.md: local edge e lies on map edge (e + r) % 6)."""

    hex: str
    tile: str
    rotation: int


@dataclass(frozen=True)
class CompanyState:
    """A company of the position: its trains (names of the title's trains) and the title's fields (`rules`)."""

    id: str
    trains: tuple[str, ...]
    rules: Mapping[str, Any]
    cash: int | None = None
    par: int | None = None
    holdings: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    director: str | None = None
    operated: bool | None = None


@dataclass(frozen=True)
class BoardPosition:
    """A position on one title's board. `stations[hex][node]` are the companies whose markers stand on that node
    of the hex (nodes in the order of the hex's face); `name` is the player's label; mappings are read-only."""

    board: Board
    phase: str
    tiles: Mapping[str, LaidTile]
    stations: Mapping[str, tuple[tuple[str, ...], ...]]
    companies: Mapping[str, CompanyState]
    rules: Mapping[str, Any]
    name: str = ""
    players: tuple[Player, ...] = ()
    market: Mapping[int, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    def price_of(self, company: str) -> int | None:
        """The price of the company's token on the market, or None when it has none."""
        return next((p for p, tokens in self.market.items() if company in tokens), None)

    @property
    def title(self) -> str:
        """The `game` id of the position's title."""
        return self.board.title

    def face(self, hex_id: str) -> Face:
        """What lies on the hex now: the laid tile at its rotation, else what is printed."""
        laid = self.tiles.get(hex_id)
        if laid is None:
            return self.board.hexes[hex_id].face
        return self.board.tiles[laid.tile].rotations[laid.rotation % 6]

    def markers(self, hex_id: str, node: int) -> tuple[str, ...]:
        """The companies with a station marker on `node` of `hex_id` (none when no list is given)."""
        nodes = self.stations.get(hex_id, ())
        return nodes[node] if node < len(nodes) else ()


def plain(value: Any) -> Any:
    """Read-only data of a position (mappings and tuples) as plain JSON data (dicts and lists)."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def _board(spec: PositionFile) -> Board:
    if not (DATA_ROOT / spec.game / "title.json").is_file():
        known = sorted(p.name for p in DATA_ROOT.iterdir() if (p / "title.json").is_file())
        raise InputError(
            [Problem("game", FORMAT, f"{spec.game!r} is not a title with board data ({', '.join(known)})")]
        )
    try:
        board = load_board(spec.game)
    except DataError as exc:  # a fault of the shipped data, reported as such rather than as a traceback
        raise InputError([Problem("game", BOARD, f"the board data of {spec.game!r} cannot be read: {exc}")]) from None
    if spec.map is not None and spec.map not in board.maps:
        raise InputError(
            [Problem("map", FORMAT, f"{spec.map!r} is not a map of {spec.game} ({', '.join(board.maps)})")]
        )
    return load_board(spec.game, spec.map)


def _tile_problems(board: Board, spec: PositionFile) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for lay in spec.tiles:
        where = f"tiles {lay.hex}"
        hex_ = board.hexes.get(lay.hex)
        tile = board.tiles.get(lay.tile)
        if hex_ is None:
            problems.append(
                Problem(where, board.rule("hexes", BOARD), f"{lay.hex} is not a hex of the {board.map_variant} map")
            )
        elif hex_.kind != "land":
            problems.append(
                Problem(
                    where,
                    board.rule("land", BOARD),
                    f"{lay.hex} is not a land hex (it is {hex_.kind}): tiles are laid on land hexes",
                )
            )
        if lay.hex in seen:
            problems.append(Problem(where, FORMAT, f"{lay.hex} is given a tile twice"))
        seen.add(lay.hex)
        if tile is None:
            problems.append(
                Problem(where, board.rule("tiles", BOARD), f"no tile {lay.tile!r} in the {board.title} box")
            )
        elif tile.fixed_rotation and lay.rotation != 0:
            why = f"tile {lay.tile} is laid at rotation 0 only, not {lay.rotation}"
            problems.append(Problem(where, board.rule("rotations", BOARD), why))
    counts = Counter(lay.tile for lay in spec.tiles)
    for tile_id, used in sorted(counts.items()):
        tile = board.tiles.get(tile_id)
        if tile is not None and tile.count is not None and used > tile.count:
            hexes = ", ".join(lay.hex for lay in spec.tiles if lay.tile == tile_id)
            problems.append(
                Problem(
                    f"tiles {hexes}",
                    board.rule("tile_counts", BOARD),
                    f"tile {tile_id} is laid {used} times; the box holds {tile.count}",
                )
            )
    return problems


def _station_problems(board: Board, spec: PositionFile, faces: Mapping[str, Face]) -> list[Problem]:
    problems: list[Problem] = []
    for hex_id, nodes in spec.stations.items():
        where = f"stations {hex_id}"
        if hex_id not in board.hexes:
            problems.append(
                Problem(where, board.rule("hexes", BOARD), f"{hex_id} is not a hex of the {board.map_variant} map")
            )
            continue
        face = faces[hex_id]
        if len(nodes) != len(face.nodes):
            problems.append(
                Problem(
                    where,
                    FORMAT,
                    f"{hex_id} has {len(face.nodes)} node(s) now; give one list of markers per node, in node order "
                    f"({len(nodes)} given)",
                )
            )
            continue
        for i, (node, markers) in enumerate(zip(face.nodes, nodes, strict=True)):
            here = f"{where} node {i}"
            for company in markers:
                if company not in board.companies:
                    problems.append(
                        Problem(here, board.rule("companies", BOARD), f"{company!r} is not a company of {board.title}")
                    )
            if len(set(markers)) != len(markers):
                problems.append(Problem(here, board.rule("markers", BOARD), "a company has two markers on one node"))
            if len(markers) > node.slots:
                problems.append(
                    Problem(
                        here,
                        board.rule("spaces", BOARD),
                        f"{len(markers)} markers on a {node.kind} node with {node.slots} space(s)",
                    )
                )
    return problems


def _money_problems(board: Board, spec: PositionFile) -> list[Problem]:
    problems: list[Problem] = []
    names = [p.name for p in spec.players]
    for i, player in enumerate(spec.players):
        where = f"players {player.name or i}"
        if not player.name.strip():
            problems.append(Problem(f"players {i}", FORMAT, "a player needs a name"))
        elif names.count(player.name) > 1 and names.index(player.name) == i:
            problems.append(Problem(where, FORMAT, f"{player.name!r} is named twice"))
        if player.name in (IPO, POOL) or player.name in board.companies:
            problems.append(Problem(where, FORMAT, f"{player.name!r} names a holder that is not a player"))
        if player.cash < 0:
            problems.append(Problem(where, FORMAT, f"cash cannot be negative ({player.cash})"))
    placed: set[str] = set()
    for key, tokens in spec.market.items():
        where = f"market {key}"
        if not key.isdigit():
            problems.append(Problem(where, FORMAT, f"{key!r} is not a price (a whole number)"))
        for company in tokens:
            if company not in spec.companies:
                problems.append(Problem(where, FORMAT, f"{company!r} is not a company of the position"))
            if company in placed:
                problems.append(Problem(where, FORMAT, f"{company} has two tokens on the market"))
            placed.add(company)
    for company, c in spec.companies.items():
        where = f"companies {company}"
        for name, value in (("cash", c.cash), ("par", c.par)):
            if value is not None and value < 0:
                problems.append(Problem(f"{where}.{name}", FORMAT, f"{name} cannot be negative ({value})"))
        for holder, n in c.holdings.items():
            if holder not in names and holder not in (IPO, POOL):
                problems.append(
                    Problem(f"{where}.holdings", FORMAT, f"{holder!r} is not a player, {IPO!r} or {POOL!r}")
                )
            if n < 0:
                problems.append(Problem(f"{where}.holdings", FORMAT, f"{holder} holds a negative count ({n})"))
        if c.director is not None and c.director not in names:
            problems.append(Problem(f"{where}.director", FORMAT, f"{c.director!r} is not a player"))
    return problems


def parse_position(data: Any, what: str = "position") -> BoardPosition:
    """A position from its JSON data; InputError with one Problem per fault (structure first, then every fault
    against the title's board: hexes, tiles, nodes and companies named)."""
    try:
        text = json.dumps(data)
    except (TypeError, ValueError) as exc:
        raise InputError([Problem(what, FORMAT, f"not JSON data: {exc}")]) from None
    try:
        # Read as JSON, as a file is: arrays become tuples, and nothing is coerced.
        spec = PositionFile.model_validate_json(text)
    except ValidationError as exc:
        raise InputError(format_problems(exc, what)) from None
    board = _board(spec)
    problems = _tile_problems(board, spec)
    for company in spec.companies:
        if company not in board.companies:
            why = f"{company!r} is not a company of {board.title}"
            problems.append(Problem(f"companies {company}", board.rule("companies", BOARD), why))
    if spec.phase not in board.phases:
        problems.append(
            Problem(
                "phase",
                board.rule("phase", BOARD),
                f"{spec.phase!r} is not a phase of {board.title} ({', '.join(board.phases)})",
            )
        )
    problems += _money_problems(board, spec)
    if problems:
        raise InputError(problems)
    tiles = {lay.hex: LaidTile(lay.hex, lay.tile, lay.rotation) for lay in spec.tiles}
    position = BoardPosition(
        board=board,
        phase=spec.phase,
        tiles=MappingProxyType(tiles),
        stations=MappingProxyType(dict(spec.stations)),
        companies=MappingProxyType(
            {
                c: CompanyState(
                    c,
                    s.trains,
                    frozen_json(dict(s.rules)),
                    s.cash,
                    s.par,
                    MappingProxyType(dict(s.holdings)),
                    s.director,
                    s.operated,
                )
                for c, s in spec.companies.items()
            }
        ),
        rules=frozen_json(dict(spec.rules)),
        name=spec.name,
        players=tuple(Player(p.name, p.cash) for p in spec.players),
        market=MappingProxyType({int(k): v for k, v in spec.market.items()}),
    )
    faces = {h: position.face(h) for h in spec.stations if h in board.hexes}
    problems = _station_problems(board, spec, faces)
    if problems:
        raise InputError(problems)
    return position


def read_position(path: Path) -> BoardPosition:
    """A position file; InputError naming the file when it cannot be read or is not JSON."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError([Problem(str(path), FORMAT, f"not a readable JSON file: {exc}")]) from None
    return parse_position(data, str(path))


def _company_data(c: CompanyState) -> dict[str, Any]:
    data: dict[str, Any] = {"trains": list(c.trains), "rules": plain(c.rules)}
    money = {"cash": c.cash, "par": c.par, "director": c.director, "operated": c.operated}
    data |= {k: v for k, v in money.items() if v is not None}
    if c.holdings:
        data["holdings"] = dict(c.holdings)
    return data


def position_to_data(position: BoardPosition) -> dict[str, Any]:
    """The position as the JSON data `parse_position` reads (the money fields only when the position has them)."""
    board = position.board
    data: dict[str, Any] = {
        "game": board.title,
        "name": position.name,
        "map": board.map_variant,
        "phase": position.phase,
        "tiles": [{"hex": t.hex, "tile": t.tile, "rotation": t.rotation} for t in position.tiles.values()],
        "stations": {h: [list(node) for node in nodes] for h, nodes in position.stations.items()},
        "companies": {c.id: _company_data(c) for c in position.companies.values()},
        "rules": plain(position.rules),
    }
    if position.players:
        data["players"] = [{"name": p.name, "cash": p.cash} for p in position.players]
    if position.market:
        data["market"] = {str(p): list(tokens) for p, tokens in position.market.items()}
    return data
