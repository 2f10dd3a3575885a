"""The money of an 18BF position (docs/money-18bf.md, "Positions"): the players in seat order with their cash, the
market, and per company its treasury (`cash`), `holdings` (players, `ipo` for the company's treasury, `pool`),
`director` (a minor's owner), `operated`, its trains, its station markers on the map and its loans (the company's
`rules` → `loans`), read from the core position's fields and checked against 18BF's rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import BoardPosition
from solver.core.market import order_by_price
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import DIRECTOR_SHARES, KINDS, POOL, SHARES, TREASURY, Kind, as_kind
from solver.titles.g18bf.money.market import loan_figures, market, minor_max
from solver.titles.g18bf.money.phases import phase_row

#: A station marker on the map: hex and node.
Marker = tuple[str, int]


@dataclass(frozen=True)
class CompanyMoney:
    """A minor, public or System of a position with its money."""

    company: str
    kind: Kind
    price: int | None
    cash: int
    loans: int
    trains: tuple[str, ...]
    holdings: Mapping[str, int]
    director: str | None
    operated: bool
    markers: tuple[Marker, ...]

    def players(self) -> dict[str, int]:
        """The players' shares (not the treasury's or the Pool's)."""
        return {h: n for h, n in self.holdings.items() if h not in (TREASURY, POOL) and n > 0}


def _kind(position: BoardPosition, company: str) -> Kind | None:
    return as_kind(position.board.companies[company].kind)


def loans_of(rules: Mapping[str, Any]) -> int:
    value = rules.get("loans", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def money_problems(position: BoardPosition) -> list[Problem]:
    """Faults of an 18BF position's money: prices off the market or in the Closed box, a minor above 165, loans
    that are not a whole number from 0, a public's or System's holdings not totalling its shares, a director
    without the certificate, a minor's holdings other than its one charter with its owner."""
    problems: list[Problem] = []
    for price in position.market:
        if not market().has_price(price):
            problems.append(Problem(f"market {price}", rulebook.MARKET, f"{price} is not a price of the 18BF market"))
        elif price == 0:
            problems.append(Problem(f"market {price}", rulebook.CLOSED, "a closed company has no marker on the market"))
    for company, state in position.companies.items():
        kind = _kind(position, company)
        where = f"companies {company}"
        if "loans" in state.rules and loans_of(state.rules) < 0:
            problems.append(Problem(f"{where}.rules.loans", rulebook.LOANS, "loans are a whole number from 0"))
        if kind is None:
            continue
        if kind == "minor":
            at = position.price_of(company)
            if at is not None and at > minor_max():
                problems.append(
                    Problem(f"market {company}", rulebook.MINOR_DIVIDEND, f"a minor is never above {minor_max()}")
                )
            if state.holdings and (
                len(state.holdings) != 1
                or next(iter(state.holdings.values())) != 1
                or (state.director is not None and state.director not in state.holdings)
            ):
                problems.append(
                    Problem(
                        f"{where}.holdings",
                        rulebook.MINORS,
                        "a minor's one charter is held by its owner (the director)",
                    )
                )
            continue
        if state.holdings:
            total = sum(state.holdings.values())
            if total != SHARES[kind]:
                problems.append(
                    Problem(
                        f"{where}.holdings",
                        rulebook.PUBLICS if kind == "public" else rulebook.SYSTEMS,
                        f"a {kind} has {SHARES[kind]} shares; {total} are listed",
                    )
                )
        if state.director is not None and state.holdings.get(state.director, 0) < DIRECTOR_SHARES[kind]:
            problems.append(
                Problem(
                    f"{where}.director",
                    rulebook.PUBLICS if kind == "public" else rulebook.SYSTEMS,
                    f"{state.director} holds {state.holdings.get(state.director, 0)} share(s); the Director's "
                    f"Certificate alone is {DIRECTOR_SHARES[kind]}",
                )
            )
    return problems


def check_money(position: BoardPosition) -> None:
    problems = money_problems(position)
    if problems:
        raise InputError(problems)


def markers(position: BoardPosition, company: str) -> tuple[Marker, ...]:
    """Where the company's station markers stand, by hex and node."""
    return tuple(
        (hex_id, node)
        for hex_id, nodes in sorted(position.stations.items())
        for node, companies in enumerate(nodes)
        if company in companies
    )


def company_money(position: BoardPosition, company: str) -> CompanyMoney:
    """A minor's, public's or System's money; InputError naming the company when the position has no such company."""
    state = position.companies.get(company)
    if state is None:
        known = ", ".join(c for c in position.companies if _kind(position, c) is not None) or "none"
        raise InputError([Problem(f"company {company}", rulebook.MARKET, f"not a company of the position ({known})")])
    kind = _kind(position, company)
    if kind is None:
        what = position.board.companies[company].kind
        raise InputError(
            [Problem(f"company {company}", rulebook.MARKET, f"{company} is a {what}: it has no shares or price")]
        )
    holdings = dict(state.holdings)
    if kind == "minor" and not holdings and state.director is not None:
        holdings = {state.director: 1}
    return CompanyMoney(
        company,
        kind,
        position.price_of(company),
        state.cash or 0,
        max(0, loans_of(state.rules)),
        state.trains,
        holdings,
        state.director,
        bool(state.operated),
        markers(position, company),
    )


def needs_price(money: CompanyMoney) -> int:
    if money.price is None:
        raise InputError([Problem(f"market {money.company}", rulebook.MARKET, f"{money.company} has no price marker")])
    return money.price


def seats(position: BoardPosition) -> list[str]:
    return [p.name for p in position.players]


def cash_of(position: BoardPosition) -> dict[str, int]:
    return {p.name: p.cash for p in position.players}


def operating_order(position: BoardPosition) -> list[str]:
    """Minors, then publics, then Systems, each by descending price, the top of a stack first (§10)."""
    order = order_by_price(position.market)
    return [c for kind in KINDS for c in order if c in position.companies and _kind(position, c) == kind]


def in_play(position: BoardPosition, *kinds: Kind) -> list[str]:
    """The position's companies of these kinds with a price, in operating order (§10): what the money pages offer."""
    return [c for c in operating_order(position) if _kind(position, c) in kinds]


def certificates(position: BoardPosition, player: str) -> int:
    """The certificates a player holds (§9): a charter, a private, each share, a Director's Certificate as one."""
    count = 0
    for company, state in position.companies.items():
        kind = _kind(position, company)
        if kind == "public" or kind == "system":
            held = state.holdings.get(player, 0)
            count += held - (DIRECTOR_SHARES[kind] - 1 if state.director == player else 0)
        elif state.director == player:
            count += 1
    return count


def certificate_limit(position: BoardPosition) -> int | None:
    """The certificate limit of the phase for the number of players (§9.3); None without 3-5 players."""
    limits: Mapping[str, int] = phase_row(position.phase)["certificate_limit"]
    return limits.get(str(len(position.players)))


def loan_limit(kind: Kind) -> int:
    return int(loan_figures()["limit"][kind])
