"""A stock market of any shape, knowing no title: cells on a grid of rows and columns, each with a price and the
zones its title names; moves by n cells; the order of the tokens stacked on one price; price lookup.

Two shapes (docs/board-data.md, "The stock market of any title"):

* `zigzag`: one ordered list of prices, the *places*, dealt in turn to `tiers` rows (place p on row p % tiers,
  column p // tiers, drawn half a space further right on each lower tier). One tier is a single row. A move
  right or left by n is n spaces along the same tier (n x tiers places); a move down or up by n is n places
  along the list, crossing to the other tier each time. `along(cell, n)` walks places directly.
* `grid`: rows of cells, a cell missing where the printed market has none. A move right or left runs along the
  row, up or down along the column.

A move that would leave the market stops on the last cell it can reach: the first or last place of a zigzag, the
end of a row or column of a grid, or a missing cell (a ledge). Which move a rule makes, and how far, is the title's
business; every error names the field and carries the rule its caller gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from solver.errors import InputError, Problem

Shape = Literal["zigzag", "grid"]


@dataclass(frozen=True)
class MarketCell:
    """One space: its place in the market's order, its row (0 at the top) and column, where it is drawn (`x`,
    in spaces from the left edge), its price and the zones its title names."""

    place: int
    row: int
    column: int
    x: float
    price: int
    zones: frozenset[str]


@dataclass(frozen=True)
class Move:
    """One movement of a price token, from one price to another (equal when the token stays), why, and the
    rule that moves it."""

    start: int
    end: int
    why: str
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {"from": self.start, "to": self.end, "why": self.why, "rule": self.rule}


def _zones_of(price: int, zones: Mapping[str, Iterable[int]]) -> frozenset[str]:
    return frozenset(name for name, prices in zones.items() if price in set(prices))


class StockMarket:
    """A stock market: its cells in the order of places, and its shape."""

    def __init__(self, cells: Sequence[MarketCell], shape: Shape, tiers: int = 1) -> None:
        if not cells:
            raise ValueError("a stock market has at least one cell")
        self.cells: tuple[MarketCell, ...] = tuple(cells)
        self.shape: Shape = shape
        self.tiers = tiers
        self._at = {(c.row, c.column): c for c in self.cells}
        self._by_price: dict[int, MarketCell] = {}
        for c in self.cells:
            self._by_price.setdefault(c.price, c)

    @classmethod
    def zigzag(cls, prices: Sequence[int], tiers: int, zones: Mapping[str, Iterable[int]]) -> StockMarket:
        """The places `prices` in order, dealt in turn to `tiers` rows; `zones` names the prices in each zone."""
        if tiers < 1:
            raise ValueError("a zigzag market has at least one tier")
        cells = [
            MarketCell(p, p % tiers, p // tiers, p / tiers, price, _zones_of(price, zones))
            for p, price in enumerate(prices)
        ]
        return cls(cells, "zigzag", tiers)

    @classmethod
    def grid(cls, rows: Sequence[Sequence[int | None]], zones: Mapping[str, Iterable[int]]) -> StockMarket:
        """Rows of prices, top row first, None where the printed market has no cell."""
        cells: list[MarketCell] = []
        for r, row in enumerate(rows):
            for c, price in enumerate(row):
                if price is not None:
                    cells.append(MarketCell(len(cells), r, c, float(c), price, _zones_of(price, zones)))
        return cls(cells, "grid")

    # ------------------------------------------------------------ lookup

    @property
    def prices(self) -> tuple[int, ...]:
        return tuple(c.price for c in self.cells)

    def has_price(self, price: int) -> bool:
        return price in self._by_price

    def cell_at(self, row: int, column: int) -> MarketCell | None:
        return self._at.get((row, column))

    def cell_of(self, price: int, where: str = "price", rule: str = "market") -> MarketCell:
        """The cell of a price (the first in the order of places when a grid prints it twice); InputError naming
        `where`, with the nearest prices, when no cell has it."""
        cell = self._by_price.get(price)
        if cell is None:
            below = max((p for p in self._by_price if p < price), default=None)
            above = min((p for p in self._by_price if p > price), default=None)
            near = " or ".join(str(p) for p in (below, above) if p is not None)
            raise InputError([Problem(where, rule, f"{price} is not a price on the stock market (nearest: {near})")])
        return cell

    def in_zone(self, price: int, zone: str) -> bool:
        return zone in self.cell_of(price).zones

    def zone_prices(self, zone: str) -> tuple[int, ...]:
        return tuple(c.price for c in self.cells if zone in c.zones)

    # ------------------------------------------------------------ moves

    def along(self, cell: MarketCell, places: int) -> MarketCell:
        """`places` places along the order (negative: back), stopping at the first or last place."""
        return self.cells[max(0, min(len(self.cells) - 1, cell.place + places))]

    def _walk(self, cell: MarketCell, d_row: int, d_column: int, n: int) -> MarketCell:
        here = cell
        for _ in range(n):
            nxt = self._at.get((here.row + d_row, here.column + d_column))
            if nxt is None:
                break
            here = nxt
        return here

    def right(self, cell: MarketCell, n: int = 1) -> MarketCell:
        """n spaces right along the row (a zigzag: along the same tier), stopping at its end."""
        if n < 0:
            return self.left(cell, -n)
        if self.shape == "zigzag":
            return self.along(cell, n * self.tiers)
        return self._walk(cell, 0, 1, n)

    def left(self, cell: MarketCell, n: int = 1) -> MarketCell:
        """n spaces left along the row (a zigzag: along the same tier), stopping at its start."""
        if n < 0:
            return self.right(cell, -n)
        if self.shape == "zigzag":
            return self.along(cell, -n * self.tiers)
        return self._walk(cell, 0, -1, n)

    def down(self, cell: MarketCell, n: int = 1) -> MarketCell:
        """n cells down: a zigzag's places back towards the first, a grid's column towards its bottom."""
        if n < 0:
            return self.up(cell, -n)
        if self.shape == "zigzag":
            return self.along(cell, -n)
        return self._walk(cell, 1, 0, n)

    def up(self, cell: MarketCell, n: int = 1) -> MarketCell:
        """n cells up: a zigzag's places on towards the last, a grid's column towards its top."""
        if n < 0:
            return self.down(cell, -n)
        if self.shape == "zigzag":
            return self.along(cell, n)
        return self._walk(cell, -1, 0, n)

    # ------------------------------------------------------------ drawing

    def geometry(self) -> list[dict[str, object]]:
        """Every cell as a plain dict for drawing: place, row, column, x, price and its zones (sorted)."""
        return [
            {"place": c.place, "row": c.row, "column": c.column, "x": c.x, "price": c.price, "zones": sorted(c.zones)}
            for c in self.cells
        ]


# ------------------------------------------------------------ tokens stacked on a price


def check_stacks(
    market: StockMarket, stacks: Mapping[int, Sequence[str]], rule: str = "market"
) -> dict[int, tuple[str, ...]]:
    """The stacks as read-only tuples; InputError naming a price not on the market or a token on it twice."""
    seen: set[str] = set()
    problems: list[Problem] = []
    for price, tokens in stacks.items():
        if not market.has_price(price):
            problems.append(Problem(f"market {price}", rule, f"{price} is not a price on the stock market"))
        for token in tokens:
            if token in seen:
                problems.append(Problem(f"market {token}", rule, f"{token} has two tokens on the stock market"))
            seen.add(token)
    if problems:
        raise InputError(problems)
    return {p: tuple(ts) for p, ts in stacks.items() if ts}


def place_token(stacks: Mapping[int, Sequence[str]], token: str, price: int) -> dict[int, tuple[str, ...]]:
    """The stacks after `token` moves to `price`: it goes under the tokens already there, also when it stays on
    its own price."""
    result = {p: tuple(t for t in ts if t != token) for p, ts in stacks.items()}
    result[price] = (*result.get(price, ()), token)
    return {p: ts for p, ts in result.items() if ts}


def order_by_price(stacks: Mapping[int, Sequence[str]]) -> list[str]:
    """Tokens from the highest price down; on one price, the top of its stack first."""
    return [t for _, tokens in sorted(stacks.items(), key=lambda kv: -kv[0]) for t in tokens]


def price_of(stacks: Mapping[int, Sequence[str]], token: str) -> int | None:
    """The price a token stands on, or None when it has none."""
    return next((p for p, ts in stacks.items() if token in ts), None)
