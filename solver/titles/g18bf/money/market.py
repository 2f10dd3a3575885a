"""18BF's stock market on the core's market (`solver.core.market`), read from data/18bf/market.json: one row of
prices, the Closed box (0) at its left end (§6), a move being one space along the row (§9.1, §10.7). Zones:
`minor_start` 50-135 (§9.2), `public_start` 70-200 (§9.3, §12.4), `convert` 100-165 (§12.2); minors never rise
above 165 (§10.7). The data's 600 in place of the prototype's "500" is docs/data-18bf.md's reading."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from solver.core.board_data import DATA_ROOT
from solver.core.market import MarketCell, Move, StockMarket
from solver.errors import InputError, Problem, problems_of
from solver.titles.g18bf.money import rulebook


@cache
def market_data() -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads((DATA_ROOT / "18bf" / "market.json").read_text(encoding="utf-8"))
    return data


@cache
def market() -> StockMarket:
    """The one-row market: a zigzag of one tier, so a space is one place. Besides the data's zones, `any_start`
    holds the prices where both a minor and a public may start (the red outlined spaces, §9.2, §9.3)."""
    d = market_data()
    both = sorted(set(d["zones"]["minor_start"]) & set(d["zones"]["public_start"]))
    return StockMarket.zigzag(d["prices"], 1, {**d["zones"], "any_start": both})


def minor_max() -> int:
    return int(market_data()["minor_max"])


def loan_figures() -> Mapping[str, Any]:
    """The loan's value, interest and the limits by kind of company (§10.2)."""
    loan: Mapping[str, Any] = market_data()["money"]["loan"]
    return loan


def cell(price: int, where: str = "price") -> MarketCell:
    """The cell of a company's price (not the Closed box); InputError naming `where` otherwise."""
    if price == 0:
        raise InputError([Problem(where, rulebook.CLOSED, "a company in the Closed box has closed (§6)")])
    return market().cell_of(price, where, rulebook.MARKET)


def dealing_problems(kind: str, price: int, company: str, rule: str, minor: str) -> list[Problem]:
    """What stops any dealing in a company's shares at `price` (a sale, a purchase, a redemption; `rule` cites it):
    a minor, whose one charter is never dealt in (`minor` says so for the dealing), or a price not on the market."""
    where = f"company {company}"
    if kind == "minor":
        return [Problem(where, rule, f"{company} is a minor: {minor}")]
    return problems_of(lambda: cell(price, f"{where}.price"))


def shift(price: int, spaces: int, why: str, rule: str, ceiling: int | None = None) -> Move:
    """The move of `price` by `spaces` spaces (negative: left), stopping at the Closed box, the last space or
    `ceiling` (a minor's 165)."""
    m = market()
    end = m.right(m.cell_of(price), spaces).price
    if ceiling is not None and spaces > 0:
        end = min(end, max(price, ceiling))
    return Move(price, end, why, rule)


def round_down(value: int, where: str, rule: str) -> int:
    """The highest price on the market not above `value` (the Closed box excluded); InputError below the lowest."""
    prices = [p for p in market().prices if 0 < p <= value]
    if not prices:
        raise InputError([Problem(where, rule, f"{value} is below the lowest price on the market")])
    return max(prices)


def in_zone(price: int, zone: str) -> bool:
    return market().has_price(price) and market().in_zone(price, zone)


def zone(zone_name: str) -> tuple[int, ...]:
    return market().zone_prices(zone_name)


def is_closed(price: int) -> bool:
    return price == market().cells[int(market_data()["closed_index"])].price
