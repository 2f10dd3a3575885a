"""Dividend preview (7.8.5, 7.8.6): where the price goes and who is paid what.

Paid out, each 10% share earns a tenth of the revenue: players, and the company itself for its own treasury
shares; shares in the Bank Pool earn nothing. The price moves 0-4 spaces right: one space for a dividend of at
least the share price, two for at least twice it, and so on to four. Withheld, or nothing to pay, the price
moves one space left and the revenue goes to the treasury.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solver.errors import InputError, Problem, problems_of
from solver.titles.g1862.money.hudson import hudson_check
from solver.titles.g1862.money.market import Market, MarketMove, get_market

MAX_DIVIDEND_SPACES = 4
TREASURY = "treasury"
POOL = "pool"


@dataclass(frozen=True)
class DividendOutcome:
    """What paying (or withholding) a revenue does. `payouts` maps each holder to cash received; the key
    "treasury" is the company's own shares. `treasury_after` is the company cash afterwards."""

    price: int
    revenue: int
    paid: bool
    top_up: int
    declared: int
    per_share: int
    spaces: int
    new_price: int
    moves: tuple[MarketMove, ...]
    payouts: Mapping[str, int]
    treasury_before: int
    treasury_after: int
    subsidy: int
    hudson: bool
    hudson_note: str
    bankrupt: bool
    game_end: bool
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "price": self.price,
            "revenue": self.revenue,
            "paid": self.paid,
            "hudson": self.hudson,
            "hudson_note": self.hudson_note,
            "top_up": self.top_up,
            "declared": self.declared,
            "per_share": self.per_share,
            "spaces": self.spaces,
            "new_price": self.new_price,
            "moves": [m.to_dict() for m in self.moves],
            "payouts": dict(self.payouts),
            "treasury_before": self.treasury_before,
            "subsidy": self.subsidy,
            "treasury_after": self.treasury_after,
            "bankrupt": self.bankrupt,
            "game_end": self.game_end,
            "notes": list(self.notes),
        }


def dividend_spaces(price: int, dividend: int) -> int:
    """Spaces right for a paid dividend (7.8.5): 0 below the price, then one per multiple of the price
    reached, at most 4. A dividend of 0 is not a payment (the caller moves left)."""
    if price <= 0:
        return 0
    return min(MAX_DIVIDEND_SPACES, dividend // price)


def dividend_preview(
    price: int,
    revenue: int,
    *,
    pay: bool = True,
    treasury: int = 0,
    subsidy: int = 0,
    hudson: bool = False,
    holdings: Mapping[str, int] | None = None,
    market: Market | None = None,
) -> DividendOutcome:
    """Preview a dividend decision (7.8.5) with the optional Hudson Manoeuvre (7.8.6).

    `holdings` maps holders to shares (use "treasury" for the company's own shares, "pool" for the Bank Pool).
    A revenue of 0, or `pay=False`, pays nothing: the revenue goes to the treasury and the price moves one
    space left. With `hudson=True` the smallest multiple of 10 from treasury plus subsidy is added and the
    revenue is paid out; InputError says why when the Manoeuvre is not allowed.
    """
    m = market or get_market()
    problems: list[Problem] = []
    if price <= 0:
        problems.append(Problem("price", "7.8.5", f"a company paying dividends needs a price above 0 (got {price})"))
    else:
        problems += problems_of(lambda: m.index_of(price))
    if revenue < 0:
        problems.append(Problem("revenue", "7.8.5", f"revenue cannot be negative (got {revenue})"))
    elif revenue % 10:
        problems.append(Problem("revenue", "7.8.5", f"1862 revenue is a multiple of £10 (got {revenue})"))
    for name, value in (("treasury", treasury), ("subsidy", subsidy)):
        if value < 0:
            problems.append(Problem(name, "7.8.6", f"{name} cannot be negative (got {value})"))
    if subsidy % 10:
        problems.append(Problem("subsidy", "7.8.2", f"the Local subsidy is £10 per hex (got {subsidy})"))
    shares = dict(holdings or {})
    for holder, n in shares.items():
        if n < 0:
            problems.append(Problem(f"holding of {holder}", "7.8.5", f"cannot hold a negative number ({n})"))
    if sum(shares.values()) > 10:
        problems.append(
            Problem("holdings", "6.5", f"a company has 10 shares; the holdings list {sum(shares.values())}")
        )
    if hudson and not pay:
        problems.append(Problem("hudson", "7.8.6", "the Hudson Manoeuvre forces the revenue to be paid out"))
    if problems:
        raise InputError(problems)

    funds = treasury + subsidy
    top_up = 0
    hudson_note = ""
    notes: list[str] = []
    check = hudson_check(price, revenue, funds)
    if hudson:
        if not check.allowed:
            raise InputError([Problem("hudson", "7.8.6", f"the Hudson Manoeuvre is not allowed: {check.reason}")])
        top_up = check.top_up
        hudson_note = check.reason
    elif check.allowed and pay:
        hudson_note = f"available: {check.reason}"
    declared = revenue + top_up
    paid = pay and declared > 0
    moves: list[MarketMove]
    if paid:
        per_share = declared // 10
        spaces = dividend_spaces(price, declared)
        new_price = m.right(price, spaces)
        if spaces == 0:
            why = f"dividend {declared} is below the price {price}: no move (7.8.5)"
        else:
            why = f"dividend {declared} reaches {spaces}x the price {price}: {spaces} space(s) right (7.8.5)"
        moves = [MarketMove(price, new_price, why)]
        payouts = {h: per_share * n for h, n in shares.items() if h != POOL and n > 0}
        treasury_after = funds - top_up + payouts.get(TREASURY, 0)
        if shares.get(POOL):
            notes.append(f"the {shares[POOL]} share(s) in the Bank Pool earn nothing (7.8.5)")
    else:
        per_share = 0
        spaces = -1
        new_price = m.left(price)
        why = "no dividend paid: one space left (7.8.5)" if revenue == 0 else "revenue withheld: one space left (7.8.5)"
        moves = [MarketMove(price, new_price, why)]
        payouts = {}
        treasury_after = funds + revenue
    bankrupt = m.is_bankrupt(new_price)
    game_end = m.is_game_end(new_price)
    if bankrupt:
        notes.append("the price reached the bottom space: the company goes bankrupt (7.12)")
    if game_end:
        notes.append("the price reached the top of the market: the game ends after this Operating Round (10.1)")
    return DividendOutcome(
        price=price,
        revenue=revenue,
        paid=paid,
        top_up=top_up,
        declared=declared,
        per_share=per_share,
        spaces=spaces,
        new_price=new_price,
        moves=tuple(moves),
        payouts=payouts,
        treasury_before=treasury,
        treasury_after=treasury_after,
        subsidy=subsidy,
        hudson=hudson,
        hudson_note=hudson_note,
        bankrupt=bankrupt,
        game_end=game_end,
        notes=tuple(notes),
    )
