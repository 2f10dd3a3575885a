"""Checks of the money part of a position (format version 2): players, share prices, treasuries, holdings.

Each problem names the player, company or market space and the rule. Called by `solver.titles.g1862.validation`; the
constants are the merge scenario's (`solver.titles.g1862.money.scenario`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from solver.errors import Problem
from solver.titles.g1862.money.market import get_market
from solver.titles.g1862.money.scenario import DIRECTOR_SHARES, PLACES, SHARES_PER_COMPANY
from solver.titles.g1862.position import Position


def money_problems(position: Position) -> list[Problem]:
    """Every rule the money part of the position breaks (empty when it is consistent or absent)."""
    if not position.has_money:
        return []
    return _players(position) + _market(position) + _companies(position)


def _players(position: Position) -> list[Problem]:
    problems: list[Problem] = []
    counts = Counter(p.name for p in position.players)
    for name in sorted(n for n, k in counts.items() if k > 1):
        problems.append(Problem(f"player {name}", "format", "listed twice; player names must be unique"))
    for player in position.players:
        if player.name in PLACES or player.name in position.game.companies:
            problems.append(Problem(f"player {player.name}", "format", "the name is reserved for a place or company"))
        if player.cash < 0:
            problems.append(Problem(f"player {player.name} cash", "format", f"cannot be negative (got {player.cash})"))
    return problems


def _market(position: Position) -> list[Problem]:
    market = get_market(position.title)
    problems: list[Problem] = []
    seen: Counter[str] = Counter()
    for price, stack in position.market.items():
        where = f"market {price}"
        if price == 0 or market.is_bankrupt(price):
            problems.append(Problem(where, "7.12", "a company at 0 is bankrupt and leaves the game"))
        elif not market.is_price(price):
            problems.append(Problem(where, "6.4.2", f"{price} is not a space on the stock market"))
        for company in stack:
            seen[company] += 1
            if company not in position.companies:
                problems.append(Problem(where, "7.1", f"{company} is on the market but not among the companies"))
    for company in sorted(c for c, k in seen.items() if k > 1):
        problems.append(Problem(f"company {company}", "6.4.2", "has more than one share price on the market"))
    return problems


def _companies(position: Position) -> list[Problem]:
    market = get_market(position.title)
    players = {p.name for p in position.players}
    problems: list[Problem] = []
    for company in position.companies.values():
        money = company.money
        if money is None:
            continue
        where = f"company {company.id}"
        if money.par is not None and money.par not in market.par_values:
            values = " ".join(str(p) for p in market.par_values)
            problems.append(Problem(f"{where} par", "4.2", f"{money.par} is not a par value; par values are {values}"))
        if money.cash < 0:
            problems.append(Problem(f"{where} cash", "7.5.6", f"treasury cash cannot be negative (got {money.cash})"))
        problems += _holdings(where, money.holdings, players)
        if money.director is not None:
            if money.director not in players:
                problems.append(Problem(f"{where} director", "6.3", f"unknown player {money.director!r}"))
            elif money.holdings and money.holdings.get(money.director, 0) < DIRECTOR_SHARES:
                problems.append(Problem(f"{where} director", "6.3", f"{money.director} holds fewer than three shares"))
            if money.receivership:
                problems.append(Problem(f"{where} director", "8.0", "a company in receivership has no director"))
    return problems


def _holdings(where: str, holdings: Mapping[str, int], players: set[str]) -> list[Problem]:
    problems: list[Problem] = []
    total = 0
    for holder, n in holdings.items():
        if holder not in players and holder not in PLACES:
            known = ", ".join([*sorted(players), *PLACES])
            problems.append(Problem(f"{where} holdings", "format", f"unknown holder {holder!r}; holders are {known}"))
        if n < 0:
            problems.append(Problem(f"{where} holdings.{holder}", "6.5", f"cannot hold a negative number ({n})"))
        total += n
    if holdings and total != SHARES_PER_COMPANY:
        problems.append(
            Problem(f"{where} holdings", "2.0", f"list {total} shares; a company has exactly 10 (8 certificates)")
        )
    return problems
