"""18BF positions with money for the money tests, built through the core's loader: companies with price, cash,
loans, holdings, director and station markers, players in seat order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solver.core.board_position import BoardPosition, parse_position, read_position

EXAMPLES = Path(__file__).resolve().parents[4] / "examples"


def example() -> BoardPosition:
    """examples/position-18bf-money.json: LNW and GNR (M13's holdings), minors TV, BE, LY, EG."""
    return read_position(EXAMPLES / "position-18bf-money.json")


def company(
    price: int,
    director: str,
    *,
    holdings: dict[str, int] | None = None,
    cash: int = 0,
    loans: int = 0,
    trains: tuple[str, ...] = (),
) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "price": price,
        "director": director,
        "cash": cash,
        "trains": list(trains),
        "operated": True,
    }
    if holdings is not None:
        spec["holdings"] = holdings
    if loans:
        spec["rules"] = {"loans": loans}
    return spec


def money_position(
    phase: str,
    companies: dict[str, dict[str, Any]],
    stations: dict[str, list[list[str]]],
    players: dict[str, int],
    tiles: list[tuple[str, str, int]] | None = None,
) -> BoardPosition:
    """A position of `companies` (company(...) specs; the market stacks in the order given) on the full map."""
    market: dict[str, list[str]] = {}
    specs: dict[str, Any] = {}
    for name, spec in companies.items():
        spec = dict(spec)
        market.setdefault(str(spec.pop("price")), []).append(name)
        specs[name] = spec
    return parse_position(
        {
            "game": "18bf",
            "phase": phase,
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles or []],
            "stations": stations,
            "companies": specs,
            "players": [{"name": n, "cash": c} for n, c in players.items()],
            "market": market,
        }
    )


def london(*parts: list[str]) -> list[list[str]]:
    """London's six parts (U23), each with the companies given, the rest empty."""
    return [*parts, *[[] for _ in range(6 - len(parts))]]
