"""The share offering of a public formed in the Merger Round (§12.4), and the director "in the usual way" (§7.3).

Starting with the director and going to the left, each player holding shares of the new public may buy any number
of its treasury shares in one purchase; if then no player holds two shares the merger is reversed; otherwise every
player, from the director (as now) to the left, may buy one share, once round the table (docs/money-18bf.md). Nobody
goes above 60 % or the certificate limit, and the money goes to the company (its treasury shares, §9.3)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import DIRECTOR_SHARES, SHARES, TREASURY
from solver.titles.g18bf.money.ledger import Ledger
from solver.titles.g18bf.money.outcome import Offer
from solver.titles.g18bf.money.seats import clockwise_from

#: The most a player may hold in the offering: 60 % (§9.3, §12.4).
MOST_SHARES = 6


@dataclass(frozen=True)
class Table:
    """The players clockwise, their cash, their certificates now and the certificate limit (None: unknown)."""

    seats: tuple[str, ...]
    cash: Mapping[str, int]
    certificates: Mapping[str, int]
    limit: int | None


def more_than_director(holdings: Mapping[str, int], director: str | None, player: str) -> bool:
    return director is None or holdings.get(player, 0) > holdings.get(director, 0)


def most_to_buy(player: str, price: int, holdings: Mapping[str, int], table: Table) -> Offer:
    """The most `player` may buy now, and the limit that stops more (§12.4)."""
    cash = table.cash.get(player, 0)
    limits = [
        (holdings.get(TREASURY, 0), "the treasury's shares"),
        (MOST_SHARES - holdings.get(player, 0), "60 %"),
        (cash // price, f"cash {cash}"),
    ]
    if table.limit is not None:
        limits.append((table.limit - table.certificates.get(player, 0), f"the certificate limit {table.limit}"))
    most, why = min(limits)
    return Offer(player, max(0, most), why)


def offering(
    company: str,
    price: int,
    holdings: dict[str, int],
    director: str | None,
    table: Table,
    ledger: Ledger,
    steps: list[Step],
    *,
    buys: Mapping[str, int],
    singles: Collection[str],
) -> tuple[str | None, bool, tuple[Offer, ...]]:
    """Run the offering on `holdings` (changed in place), paying into `ledger`; the director after it, whether
    the merger stands (a player holds two shares) and what each shareholder could buy in the first round.
    InputError naming the player when a purchase breaks a limit or the player holds no share to start with."""
    cash = dict(table.cash)
    certs = dict(table.certificates)
    problems: list[Problem] = []
    holders = [p for p in clockwise_from(table.seats, director or table.seats[0]) if holdings.get(p, 0) > 0]
    for player in buys:
        if player not in holders and buys[player]:
            problems.append(
                Problem(
                    f"buy {player}",
                    rulebook.FORMING,
                    f"{player} holds no share of {company}: only in the one-share round",
                )
            )
    offers: list[Offer] = []

    def buy(player: str, n: int, round_name: str) -> None:
        nonlocal director
        offer = most_to_buy(player, price, holdings, Table(table.seats, cash, certs, table.limit))
        if n > offer.most:
            problems.append(
                Problem(
                    f"buy {player}", rulebook.FORMING, f"{player} may buy at most {offer.most} ({offer.limit}), not {n}"
                )
            )
            return
        holdings[TREASURY] -= n
        holdings[player] = holdings.get(player, 0) + n
        cash[player] -= n * price
        certs[player] = certs.get(player, 0) + n
        ledger.pay(player, company, n * price)
        steps.append(Step(f"{round_name}: {player} buys {n} at {price}, {n * price} to {company}", rulebook.FORMING))
        if player != director and more_than_director(holdings, director, player):
            steps.append(Step(f"{player} now holds the most shares and takes the directorship", rulebook.PUBLICS))
            director = player

    for player in holders:
        offers.append(most_to_buy(player, price, holdings, Table(table.seats, cash, certs, table.limit)))
        if buys.get(player, 0):
            buy(player, buys[player], "first round")
    if problems:
        raise InputError(problems)
    stands = any(holdings.get(p, 0) >= DIRECTOR_SHARES["public"] for p in table.seats)
    if not stands:
        steps.append(Step("no player holds two shares: the merger is not allowed and is reversed", rulebook.FORMING))
        return director, False, tuple(offers)
    for player in clockwise_from(table.seats, director or table.seats[0]):
        if player in singles and holdings.get(TREASURY, 0):
            buy(player, 1, "one-share round")
    unknown = [p for p in singles if p not in table.seats]
    problems += [Problem(f"single {p}", rulebook.FORMING, f"{p!r} is not a player") for p in unknown]
    if problems:
        raise InputError(problems)
    left = holdings.get(TREASURY, 0)
    steps.append(Step(f"{left} of {SHARES['public']} shares stay in {company}'s treasury", rulebook.FORMING))
    return director, True, tuple(offers)
