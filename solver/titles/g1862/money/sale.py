"""Share sale preview (6.4, 6.4.1, 6.4.2, 7.11.1, 10.3): what the seller receives and where the price goes.

Shares sold in one block all fetch the price before the sale; a company without a train sells at half,
rounded down (6.4.1). The price then zigzags one cell down per share sold to the Bank Pool (6.4.2), except
that a seller who is not the director ignores the first share sold below 40 or above 200 and the first two at
400 and over (judged on the price before the sale). Nothing moves before the company floats or after the
LNER forms (6.4.2, 10.3). A company selling its own treasury shares to buy a train in a forced purchase sells
at full price, counts as the director for the zones, and sells only as many as it needs (7.11.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.errors import InputError, Problem, problems_of
from solver.titles.g1862.money.market import Market, MarketMove, get_market


@dataclass(frozen=True)
class SaleOutcome:
    """One block of shares sold to the Bank Pool: price per share, proceeds, the moves and the new price."""

    price: int
    shares: int
    price_per_share: int
    proceeds: int
    ignored: int
    moves: tuple[MarketMove, ...]
    new_price: int
    bankrupt: bool
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "price": self.price,
            "shares": self.shares,
            "price_per_share": self.price_per_share,
            "proceeds": self.proceeds,
            "ignored": self.ignored,
            "new_price": self.new_price,
            "moves": [m.to_dict() for m in self.moves],
            "bankrupt": self.bankrupt,
            "notes": list(self.notes),
        }


def sale_preview(
    price: int,
    shares: int,
    *,
    director: bool = False,
    has_train: bool = True,
    floated: bool = True,
    lner: bool = False,
    treasury_sale: bool = False,
    market: Market | None = None,
) -> SaleOutcome:
    """Preview selling `shares` shares at `price` to the Bank Pool (6.4.1, 6.4.2, 7.11.1, 10.3).

    `director`: the seller is the company director (no zone exemption). `treasury_sale`: the company sells its
    own shares in a forced train purchase (full price, treated as the director, 7.11.1). Returns the price per
    share, proceeds and one move per share sold.
    """
    m = market or get_market()
    problems: list[Problem] = []
    if price <= 0:
        problems.append(Problem("price", "6.4.2", f"shares are sold at a price above 0 (got {price})"))
    else:
        problems += problems_of(lambda: m.index_of(price))
    if shares < 1:
        problems.append(Problem("shares", "6.4", f"sell at least one share (got {shares})"))
    elif shares > 10:
        problems.append(Problem("shares", "6.4", f"a company has 10 shares; cannot sell {shares}"))
    if problems:
        raise InputError(problems)

    notes: list[str] = []
    full = has_train or treasury_sale
    per_share = price if full else price // 2
    if not has_train and treasury_sale:
        notes.append("a treasury sale for a forced train purchase is at full price, not half (7.11.1)")
    elif not has_train:
        notes.append(f"the company has no train: shares sell at half price, {price} / 2 = {per_share} (6.4.1)")
    moves: list[MarketMove] = []
    current = price
    ignored = 0
    if not floated:
        notes.append("the company has not floated: the price does not move (6.4.2)")
    elif lner:
        notes.append("the LNER has formed: share sales do not move the price (10.3)")
    else:
        exempt = 0 if (director or treasury_sale) else m.sale_shares_ignored(price)
        for n in range(1, shares + 1):
            if n <= exempt:
                ignored += 1
                moves.append(
                    MarketMove(current, current, f"share {n} sold: ignored, non-director sale at {price} (6.4.2)")
                )
                continue
            after = m.down(current)
            moves.append(MarketMove(current, after, f"share {n} sold to the Bank Pool: one cell down (6.4.2)"))
            current = after
    bankrupt = m.is_bankrupt(current)
    if bankrupt:
        notes.append("the price reached the bottom space: the company goes bankrupt (7.12)")
    return SaleOutcome(
        price, shares, per_share, per_share * shares, ignored, tuple(moves), current, bankrupt, tuple(notes)
    )


@dataclass(frozen=True)
class TreasurySale:
    """A forced train purchase funded by selling treasury shares (7.11.1): the fewest shares that afford the
    train, or `possible=False` with the reason."""

    possible: bool
    shares: int
    sale: SaleOutcome | None
    cash_after: int
    reason: str


def treasury_sale_preview(
    price: int, treasury_shares: int, cash: int, train_cost: int, market: Market | None = None
) -> TreasurySale:
    """The fewest treasury shares a train-less company must sell at full price to afford `train_cost`
    (7.11.1). Not possible if even all of them fall short (the company must then refinance, 7.11.2)."""
    if treasury_shares < 0 or cash < 0 or train_cost < 0:
        raise InputError([Problem("treasury sale", "7.11.1", "shares, cash and train cost cannot be negative")])
    if cash >= train_cost:
        return TreasurySale(False, 0, None, cash, f"the company can already afford {train_cost} (7.11)")
    for n in range(1, treasury_shares + 1):
        if cash + n * price >= train_cost:
            sale = sale_preview(price, n, treasury_sale=True, has_train=False, market=market)
            return TreasurySale(True, n, sale, cash + sale.proceeds, f"sell {n} share(s) at {price} (7.11.1)")
    return TreasurySale(
        False,
        0,
        None,
        cash,
        f"{treasury_shares} treasury share(s) at {price} cannot raise {train_cost - cash}: refinance instead (7.11.2)",
    )
