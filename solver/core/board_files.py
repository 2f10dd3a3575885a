"""The strict models of a title's board files (docs/board-data.md): `title.json`, `map.json`, `tiles.json` and
`companies.json`. Unknown fields are refused and nothing is coerced; `read_file` raises `DataError` naming the
file and the field (with the hex or id of the list entry it is in). The cross-checks between files, and the
immutable objects built from them, are `solver.core.board_data`'s.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from solver.core.layout_spec import LayoutSpec as LayoutSpec
from solver.errors import DataError

HexKind = Literal["land", "offboard", "water", "fixed", "display"]
_Model = TypeVar("_Model", bound=BaseModel)


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


# ---------------------------------------------------------------- title.json


class KindSpec(_Strict):
    name: str
    description: str = ""
    becomes: tuple[str, ...] = ()
    joins: bool = False


#: The facts of a title's board a position is checked against, each of which the title's rulebook may state
#: (docs/board-data.md, `title.json` → `rules`): a hex of the map, tiles laid on land hexes, a tile of the box, a
#: tile's fixed rotation, the copies of each tile, a company of the title, one marker of a company per node, the
#: spaces of a node, a phase of the title.
BoardRule = Literal["hexes", "land", "tiles", "rotations", "tile_counts", "companies", "markers", "spaces", "phase"]


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
    value_columns: tuple[tuple[str, ...], ...] = ()
    # Where the title's rulebook states each fact the loader checks a position against (`BoardRule`)
    rules: dict[BoardRule, str] = Field(default_factory=dict)


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


# ---------------------------------------------------------------- reading


def read_file(path: Path, model: type[_Model]) -> _Model:
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
