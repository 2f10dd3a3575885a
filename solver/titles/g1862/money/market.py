"""The 1862 stock market: a zigzag of two offset rows, its zones, the par chart and the operating order.

The market is one ordered list of prices (data/1862/market.json). Even indices are the upper row, odd
indices the lower row, offset by half a space (6.4.2). So:

* a dividend step moves one space along the same row: two indices (7.8.5);
* a share sold to the Bank Pool zigzags one cell down to the other row: one index (6.4.2), so 74 falls to
  71, 68, 65 ...;
* the bottom cell (0) bankrupts the company (7.12) and the top cell (1000) ends the game after the current
  Operating Round (10.1). A move past either end stops on the end cell (the rulebook is silent; see
  docs/money.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from solver.errors import InputError, Problem
from solver.titles.g1862.gamedata import MarketFile, load_game

Zone = Literal[
    "bankrupt",
    "game_end",
    "ignore_first_share_sold",
    "ignore_first_two_shares_sold",
    "chartered_par",
    "non_chartered_start",
    "plain",
]


@dataclass(frozen=True)
class Cell:
    """One space of the stock market, for drawing: `row` 0 is the upper row, `column` counts spaces from
    the left edge of that row (the lower row sits half a space to the right)."""

    index: int
    price: int
    row: int
    column: int
    zone: Zone
    chartered_par: bool
    non_chartered_start: bool
    sale_shares_ignored: int

    @property
    def x(self) -> float:
        """Horizontal drawing position in spaces: the lower row is offset by half a space (6.4.2)."""
        return self.column + 0.5 * self.row


@dataclass(frozen=True)
class MarketMove:
    """One movement of a price token: from one price to another (equal when a step is ignored), and why."""

    start: int
    end: int
    why: str

    def to_dict(self) -> dict[str, object]:
        return {"from": self.start, "to": self.end, "why": self.why}


class Market:
    """The stock market of one title, read from its market.json."""

    def __init__(self, data: MarketFile) -> None:
        self.data = data
        self.prices: tuple[int, ...] = data.prices
        self._index = {p: i for i, p in enumerate(self.prices)}
        self.cells: tuple[Cell, ...] = tuple(self._cell(i, p) for i, p in enumerate(self.prices))

    # ------------------------------------------------------------ geometry and zones

    def _cell(self, index: int, price: int) -> Cell:
        ignored = self.sale_shares_ignored(price)
        low, high = self.data.non_chartered_start
        par = price in self.data.par_values
        start = low <= price <= high
        zone: Zone
        if price == self.data.zones.bankrupt:
            zone = "bankrupt"
        elif price == self.data.zones.game_end:
            zone = "game_end"
        elif ignored == 2:
            zone = "ignore_first_two_shares_sold"
        elif ignored == 1:
            zone = "ignore_first_share_sold"
        elif par:
            zone = "chartered_par"
        elif start:
            zone = "non_chartered_start"
        else:
            zone = "plain"
        return Cell(index, price, index % 2, index // 2, zone, par, start, ignored)

    def geometry(self) -> list[dict[str, object]]:
        """Every cell as a plain dict for drawing (a Plotly trace or a polars frame): index, price, row,
        column, x (column, lower row offset by half), zone and the sale exemption (6.4.2)."""
        return [
            {
                "index": c.index,
                "price": c.price,
                "row": c.row,
                "column": c.column,
                "x": c.x,
                "zone": c.zone,
                "chartered_par": c.chartered_par,
                "non_chartered_start": c.non_chartered_start,
                "sale_shares_ignored": c.sale_shares_ignored,
            }
            for c in self.cells
        ]

    def is_price(self, price: int) -> bool:
        return price in self._index

    def index_of(self, price: int, where: str = "price") -> int:
        """The index of a market price; InputError naming `where` if the price is not a market space."""
        if price < 0:
            raise InputError([Problem(where, "6.4.2", f"a share price cannot be negative (got {price})")])
        if price not in self._index:
            below = max((p for p in self.prices if p < price), default=None)
            above = min((p for p in self.prices if p > price), default=None)
            near = " or ".join(str(p) for p in (below, above) if p is not None)
            raise InputError([Problem(where, "6.4.2", f"{price} is not a space on the stock market (nearest: {near})")])
        return self._index[price]

    def cell(self, price: int) -> Cell:
        return self.cells[self.index_of(price)]

    def sale_shares_ignored(self, price: int) -> int:
        """Shares a non-director may sell at this price before it moves: 1 below 40 or above 200, 2 at 400 and
        over, else 0 (6.4.2). Zones come from the data file."""
        zones = self.data.zones
        if any(lo <= price <= hi for lo, hi in zones.ignore_first_two_shares_sold):
            return 2
        if any(lo <= price <= hi for lo, hi in zones.ignore_first_share_sold):
            return 1
        return 0

    def is_bankrupt(self, price: int) -> bool:
        """The bottom space: a company whose price falls here goes bankrupt (7.12)."""
        return price == self.data.zones.bankrupt

    def is_game_end(self, price: int) -> bool:
        """The top space: reaching it ends the game after the current Operating Round (10.1)."""
        return price == self.data.zones.game_end

    # ------------------------------------------------------------ movement

    def shift(self, price: int, indices: int) -> int:
        """The price `indices` cells along the list (negative = down), stopping at either end."""
        i = self.index_of(price) + indices
        return self.prices[max(0, min(len(self.prices) - 1, i))]

    def right(self, price: int, spaces: int = 1) -> int:
        """`spaces` spaces right along the same row (7.8.5): two indices each."""
        return self.shift(price, 2 * spaces)

    def left(self, price: int, spaces: int = 1) -> int:
        """`spaces` spaces left along the same row (7.8.5, no dividend): two indices each."""
        return self.shift(price, -2 * spaces)

    def down(self, price: int) -> int:
        """One zigzag step down to the other row, as for one share sold to the Bank Pool (6.4.2)."""
        return self.shift(price, -1)

    def round_down(self, value: int) -> int:
        """The highest market price not above `value` (7.5.3 'rounded down to the nearest valid share price')."""
        return max((p for p in self.prices if p <= value), default=self.prices[0])

    # ------------------------------------------------------------ par chart

    @property
    def par_values(self) -> tuple[int, ...]:
        """The par chart: 54 58 62 68 74 82 90 100 (4.2)."""
        return self.data.par_values

    def par_for(self, price: int) -> int:
        """The par space for a price: the highest par value not above it, 100 above 100 and 54 below 54
        (6.5.3 for a non-chartered start, 5.2.3 and 7.5.4 after a merger)."""
        pars = self.par_values
        return max((p for p in pars if p <= price), default=pars[0])

    def refinancing_funds(self, par: int) -> int:
        """What a refinancing raises: ten times the par price, at most 1000 (4.2, 7.11.2)."""
        return min(10 * par, 10 * self.par_values[-1])

    def non_chartered_starts(self) -> tuple[int, ...]:
        """The prices a non-chartered company may start at: every space from 54 to 200 (6.5.3)."""
        low, high = self.data.non_chartered_start
        return tuple(p for p in self.prices if low <= p <= high)

    def check_par(self, par: int, where: str = "par") -> None:
        """InputError unless `par` is on the par chart (4.2)."""
        if par not in self.par_values:
            values = " ".join(str(p) for p in self.par_values)
            raise InputError([Problem(where, "4.2", f"{par} is not a par value; par values are {values}")])


@cache
def get_market(title: str = "1862") -> Market:
    """The stock market of a title, read once from data/<title>/market.json."""
    return Market(load_game(title).market)


def new_share_price(
    price_a: int, has_train_a: bool, price_b: int, has_train_b: bool, market: Market | None = None
) -> tuple[int, str]:
    """The share price after a merger or acquisition (7.5.3) and the sum that gives it.

    A train-less company's price first counts as half, rounded down. Then the new price is the lower of the
    two plus half the higher (rounded down), rounded down to the nearest market price. Returns the price and
    a one-line working such as "(100/2 = 50) + 74/2 = 50 + 37 = 87, rounded down to 86".
    """
    m = market or get_market()
    m.index_of(price_a, "price of the first company")
    m.index_of(price_b, "price of the second company")
    terms: list[tuple[int, str]] = []
    for price, has_train in ((price_a, has_train_a), (price_b, has_train_b)):
        if has_train:
            terms.append((price, str(price)))
        else:
            terms.append((price // 2, f"({price}/2 = {price // 2})"))
    (low, low_text), (high, high_text) = sorted(terms, key=lambda t: t[0])
    total = low + high // 2
    result = m.round_down(total)
    working = f"{low_text} + {high_text}/2 = {low} + {high // 2} = {total}"
    working += f", rounded down to {result}" if result != total else " (a market price)"
    return result, working


def operating_order(
    stacks: Mapping[int, Sequence[str]] | Iterable[tuple[int, Sequence[str]]], market: Market | None = None
) -> list[str]:
    """Companies in operating order (7.1): highest share price first; on one space, the token on top of the
    stack first. `stacks` maps a price to its companies listed top of the stack first."""
    m = market or get_market()
    items = list(stacks.items()) if isinstance(stacks, Mapping) else list(stacks)
    seen: set[str] = set()
    problems: list[Problem] = []
    for price, companies in items:
        if not m.is_price(price) or price < 0:
            problems.append(Problem(f"price {price}", "7.1", "not a space on the stock market"))
        for c in companies:
            if c in seen:
                problems.append(Problem(f"company {c}", "7.1", "placed on the market twice"))
            seen.add(c)
    if problems:
        raise InputError(problems)
    order: list[str] = []
    for _, companies in sorted(items, key=lambda kv: -kv[0]):
        order.extend(companies)
    return order


def place_on_stack(stacks: Mapping[int, Sequence[str]], company: str, price: int) -> dict[int, list[str]]:
    """The stacks after `company` moves to `price`: it goes to the bottom of the stack there, also when its
    price did not change (6.4.2, 7.1, 7.8.5)."""
    result = {p: [c for c in cs if c != company] for p, cs in stacks.items()}
    result.setdefault(price, []).append(company)
    return {p: cs for p, cs in result.items() if cs}
