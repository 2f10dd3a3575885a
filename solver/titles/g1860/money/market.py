"""1860's stock market on the core's market (`solver.core.market`), read from data/1860/market.json: 55 places
from 0 to 340 on two tiers (Share Price Movement, RB L364), zigzagging so that a share sold moves one place down
(RB L374) and a dividend two places, one space along the same tier, per multiple of the price (Dividends and the
Share Price, RB L562-L568).

Zones (the names the drawing and the previews use): `red` (the red-letter zones, below 40 and above 150, RB
L378), `par` (the par chart, RB L248-L256), `repar` (40 and up, for refloating a bankrupt company, RB L703; the
company's own maximum is its par range's top), `bankrupt` (0, RB L689) and `game_end` (340, RB L325).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from solver.core.board_data import DATA_ROOT
from solver.core.market import MarketCell, Move, StockMarket
from solver.errors import InputError, Problem
from solver.titles.g1860.money import rulebook


@dataclass(frozen=True)
class MarketRules:
    """The market file's movement figures (data/1860/market.json)."""

    places_per_share_sold: int
    places_per_dividend_multiple: int
    most_places_up: int
    places_down_without_dividend: int
    red_below: int
    red_above: int
    repar_minimum: int


@cache
def market_data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads((DATA_ROOT / "1860" / "market.json").read_text(encoding="utf-8"))
    return data


@cache
def market_rules() -> MarketRules:
    d = market_data()
    return MarketRules(
        d["places_per_share_sold"],
        d["places_per_dividend_multiple"],
        d["most_places_up"],
        d["places_down_without_dividend"],
        d["red_zone"]["below"],
        d["red_zone"]["above"],
        d["repar_minimum"],
    )


@cache
def market() -> StockMarket:
    """The 1860 market: a zigzag of two tiers (a dividend's space is two places, RB L562)."""
    d = market_data()
    rules = market_rules()
    places: list[int] = d["places"]
    zones = {
        "red": [p for p in places if 0 < p < rules.red_below or p > rules.red_above],
        "par": d["par_prices"],
        "repar": [p for p in places if p >= rules.repar_minimum],
        "bankrupt": [d["bankrupt"]],
        "game_end": [d["game_end"]],
    }
    return StockMarket.zigzag(places, rules.places_per_dividend_multiple, zones)


def price_cell(price: int, where: str = "price") -> MarketCell:
    """The cell of a price an operating company may have (above 0); InputError naming `where` and the rule."""
    if price <= 0:
        raise InputError(
            [Problem(where, rulebook.BANKRUPT, f"a company at {price} is bankrupt and does not operate or sell")]
        )
    return market().cell_of(price, where, rulebook.MARKET)


def shift(price: int, places: int, why: str, rule: str) -> Move:
    """The move of a price `places` places along the market (negative: down), stopping at 0 or 340."""
    m = market()
    return Move(price, m.along(m.cell_of(price), places).price, why, rule)


def is_bankrupt(price: int) -> bool:
    return market().in_zone(price, "bankrupt")


def is_game_end(price: int) -> bool:
    return market().in_zone(price, "game_end")


def in_red_zone(price: int) -> bool:
    return market().in_zone(price, "red")
