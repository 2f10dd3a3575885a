"""The money of an 1860 position (docs/money-1860.md, "Positions"): the players, the market and each company's
treasury, par, holdings, director and whether it has operated, read from the core position's money fields and
checked against 1860's rules; and copies of a position with other rule modes or trains, for the previews' runs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from solver.core.board_data import frozen_json
from solver.core.board_position import IPO, POOL, BoardPosition, CompanyState
from solver.errors import InputError, Problem
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.dividend import SHARES
from solver.titles.g1860.money.market import market, market_rules
from solver.titles.g1860.money.sale import DIRECTOR_SHARES
from solver.titles.g1860.trains import train_rows

#: Setting up the Game, RB L83: a company's certificates are the director's (two shares) and eight of one share.
CERTIFICATES = "Setting up the Game, RB L83"


@dataclass(frozen=True)
class CompanyMoney:
    """A company's money in a position: its price (None: no token on the market), treasury, holdings, director
    (None: the certificate is in the pool, receivership), whether it has operated and whether it has a train."""

    company: str
    price: int | None
    cash: int
    holdings: dict[str, int]
    director: str | None
    operated: bool
    has_train: bool


def money_problems(position: BoardPosition) -> list[Problem]:
    """Faults of an 1860 position's money: prices not on the market or at 0, par prices off the par chart (or
    below 40 when refloated), holdings not totalling 10 shares, a director without the two shares of the
    certificate."""
    problems: list[Problem] = []
    m = market()
    rules = market_rules()
    for price in position.market:
        if not m.has_price(price):
            problems.append(Problem(f"market {price}", rulebook.MARKET, f"{price} is not a price of the 1860 market"))
        elif price == 0:
            problems.append(Problem(f"market {price}", rulebook.BANKRUPT, "a bankrupt company has no token on 0"))
    for state in position.companies.values():
        where = f"companies {state.id}"
        if state.par is not None:
            low, high = position.board.companies[state.id].rules["par_range"]
            if not m.has_price(state.par) or not rules.repar_minimum <= state.par <= high:
                problems.append(
                    Problem(
                        f"{where}.par",
                        rulebook.PAR,
                        f"{state.par} is not a par price of {state.id}: {low}-{high} on the par chart, or from "
                        f"{rules.repar_minimum} when refloated (Bankrupt Companies, RB L703)",
                    )
                )
        if state.holdings:
            total = sum(state.holdings.values())
            if total != SHARES:
                problems.append(
                    Problem(f"{where}.holdings", CERTIFICATES, f"a company has {SHARES} shares; {total} are listed")
                )
        if state.director is not None and state.holdings.get(state.director, 0) < DIRECTOR_SHARES:
            problems.append(
                Problem(
                    f"{where}.director",
                    rulebook.DIRECTOR_DOUBLE,
                    f"{state.director} holds {state.holdings.get(state.director, 0)} share(s); the director's "
                    f"certificate alone is {DIRECTOR_SHARES}",
                )
            )
    return problems


def check_money(position: BoardPosition) -> None:
    problems = money_problems(position)
    if problems:
        raise InputError(problems)


def company_money(position: BoardPosition, company: str) -> CompanyMoney:
    """A company's money; InputError naming the company when it is not in the position."""
    check_money(position)
    state = position.companies.get(company)
    if state is None:
        known = ", ".join(position.companies) or "none"
        raise InputError([Problem(f"company {company}", rulebook.MARKET, f"not a company of the position ({known})")])
    return CompanyMoney(
        company,
        position.price_of(company),
        state.cash or 0,
        dict(state.holdings),
        state.director,
        bool(state.operated),
        bool(state.trains),
    )


def needs_price(money: CompanyMoney) -> int:
    if money.price is None:
        raise InputError(
            [Problem(f"market {money.company}", rulebook.MARKET, f"{money.company} has no token on the market")]
        )
    return money.price


def seats(position: BoardPosition) -> list[str]:
    return [p.name for p in position.players]


def sales_move_prices(phase: str) -> bool:
    """False once the 8+4 has been bought: its phase and every later one (Share Price Movement, RB L372)."""
    phases = [t["phase"] for t in train_rows()]
    eight = next(t["phase"] for t in train_rows() if t["id"] == "8+4")
    return phases.index(phase) < phases.index(eight)


def with_company(position: BoardPosition, company: str, trains: tuple[str, ...], **rules: Any) -> BoardPosition:
    """The position with `company`'s trains and entries of its `rules` object replaced."""
    state = position.companies[company]
    new = replace(state, trains=trains, rules=frozen_json({**state.rules, **rules}))
    companies: dict[str, CompanyState] = {**position.companies, company: new}
    return replace(position, companies=MappingProxyType(companies))


def holders(money: CompanyMoney) -> dict[str, int]:
    """Players' shares only (not the IPO's or the pool's)."""
    return {h: n for h, n in money.holdings.items() if h not in (IPO, POOL) and n > 0}
