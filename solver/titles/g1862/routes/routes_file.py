"""The route file: a company's run written as one hex list per train (schema: docs/routes-file.schema.json).

    {"company": "ENR", "routes": [{"train": "3F", "hexes": ["F1", "F3", "F5"]}, ...]}

The first and last hexes of a route are its ends: a town (its large station) or an off-board hex (the
off-board node entered from the neighbouring land hex). `company` may be left out when the command names it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from solver.errors import InputError, format_problems
from solver.jsonfile import FileModel, read_json_file
from solver.titles.g1862.routes.model import RouteSpec


class RouteEntry(FileModel):
    train: str = Field(description="Train name as players write it: 3F, 4/5L, 2/3E")
    hexes: list[str] = Field(
        min_length=2,
        description="Hexes in visiting order; first and last are the ends (a town, or an off-board hex)",
    )


class RoutesFile(FileModel):
    """The JSON route file."""

    company: str | None = Field(None, description="Company abbreviation, e.g. ENR (or give --company)")
    routes: list[RouteEntry] = Field(default_factory=list, description="One route per train that runs")


def routes_json_schema() -> dict[str, Any]:
    """The JSON Schema of the route file (written to docs/routes-file.schema.json)."""
    return RoutesFile.model_json_schema()


def parse_routes(data: Any) -> tuple[str | None, tuple[RouteSpec, ...]]:
    """The company named in a parsed route file (None if absent) and its routes; InputError naming each
    malformed field."""
    try:
        raw = RoutesFile.model_validate(data)
    except ValidationError as exc:
        raise InputError(format_problems(exc, "routes")) from None
    routes = tuple(RouteSpec(r.train.strip(), tuple(h.strip().upper() for h in r.hexes)) for r in raw.routes)
    return raw.company, routes


def load_routes(path: str | Path) -> tuple[str | None, tuple[RouteSpec, ...]]:
    """Read a route file; InputError naming the file, line or field when it cannot be read."""
    return parse_routes(read_json_file(path, "routes"))


def routes_to_dict(company: str, routes: tuple[RouteSpec, ...] | list[RouteSpec]) -> dict[str, Any]:
    """A run as a JSON-ready route file (round-trips through `parse_routes`)."""
    return {"company": company, "routes": [{"train": r.train, "hexes": list(r.hexes)} for r in routes]}
