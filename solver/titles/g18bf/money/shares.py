"""18BF's previews of shares changing hands without a sale: a company **redeeming** its own shares from the Pool in
its operating turn (§10.3) and a player **buying** one certificate in a Stock Round (§9.3).

Redemption: a public or System buys back any number of its shares from the Bank Pool at the current price, into its
treasury, paying the Bank from its own cash: no loans may raise it (§10.3, §10.2). The rulebook names no move of the
price, so the price stays (reading, docs/money-18bf.md).

Buying: one 10 % (public) or 5 % (System) certificate a turn, from the company's treasury (the price to the company)
or the Pool (to the Bank), at the current price, which does not move. The Director's Certificate must be a player's
(the company started); the buyer may not already hold 60 % or more, may not have sold the company earlier in the
round, and may not be at the certificate limit. A buyer then holding more than the director becomes director,
swapping two (public) or four (System) ordinary shares for the Director's Certificate (§9.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import DIRECTOR_SHARES, POOL, SHARES, TREASURY, Kind
from solver.titles.g18bf.money.ledger import BANK, Ledger
from solver.titles.g18bf.money.market import dealing_problems

#: 60 % of a company: a holding at which a player buys no more of it (§9.3).
MOST_PERCENT = 60


@dataclass(frozen=True)
class RedemptionOutcome:
    """A redemption: the shares bought back, their cost, the most the company could redeem and what stops more,
    the cash and holdings after, every party's change of cash and the step log."""

    company: str
    price: int
    shares: int
    cost: int
    most: int
    limit: str
    cash_before: int
    cash_after: int
    holdings_after: Mapping[str, int]
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "company": self.company,
            "price": self.price,
            "shares": self.shares,
            "cost": self.cost,
            "most": self.most,
            "limit": self.limit,
            "cash_before": self.cash_before,
            "cash_after": self.cash_after,
            "new_price": self.price,
            "holdings_after": dict(self.holdings_after),
            "cash_changes": dict(self.cash_changes),
            "steps": [s.to_dict() for s in self.steps],
        }


@dataclass(frozen=True)
class PurchaseOutcome:
    """One certificate bought: from where, the price paid and to whom, the director after, the holdings after, the
    most shares the buyer could hold at this price in later turns and the limit that stops more, every party's
    change of cash and the step log."""

    company: str
    price: int
    buyer: str
    source: str
    paid_to: str
    director: str
    holdings_after: Mapping[str, int]
    most: int
    limit: str
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "company": self.company,
            "price": self.price,
            "new_price": self.price,
            "buyer": self.buyer,
            "source": self.source,
            "paid_to": self.paid_to,
            "director": self.director,
            "holdings_after": dict(self.holdings_after),
            "most": self.most,
            "limit": self.limit,
            "cash_changes": dict(self.cash_changes),
            "steps": [s.to_dict() for s in self.steps],
        }


def _shared(kind: Kind, price: int, company: str, rule: str, holdings: Mapping[str, int]) -> list[Problem]:
    """A price on the market, a company with shares and holdings adding up to them."""
    where = f"company {company}"
    problems = dealing_problems(kind, price, company, rule, "its one charter is never bought or redeemed")
    if kind == "minor":
        return problems
    if any(n < 0 for n in holdings.values()) or sum(holdings.values()) != SHARES[kind]:
        problems.append(
            Problem(
                f"{where}.holdings",
                rulebook.SYSTEMS if kind == "system" else rulebook.PUBLICS,
                f"a {kind} has {SHARES[kind]} shares; {sum(holdings.values())} are listed",
            )
        )
    return problems


def redemption_preview(
    kind: Kind, price: int, cash: int, holdings: Mapping[str, int], shares: int, *, company: str = "company"
) -> RedemptionOutcome:
    """Preview a `kind` company at `price` with `cash` redeeming `shares` of its shares from the Pool (§10.3).
    InputError names the field: a minor, more shares than the Pool holds, more than the cash pays for."""
    problems = _shared(kind, price, company, rulebook.REDEEM_STOCK, holdings)
    if cash < 0:
        problems.append(Problem(f"company {company}.cash", rulebook.REDEEM_STOCK, f"cash cannot be negative ({cash})"))
    if problems:
        raise InputError(problems)
    pool = holdings.get(POOL, 0)
    most, limit = min((pool, f"the Pool holds {pool}"), (cash // price, f"cash {cash} at {price} a share"))
    if shares < 1 or shares > most:
        raise InputError(
            [
                Problem(
                    "shares",
                    rulebook.REDEEM_STOCK,
                    f"{company} may redeem from 1 to {most} share(s) ({limit}; no loans may pay for it), not {shares}",
                )
            ]
        )
    ledger = Ledger()
    cost = shares * price
    ledger.pay(company, BANK, cost)
    after = {**holdings, POOL: pool - shares, TREASURY: holdings.get(TREASURY, 0) + shares}
    steps = (
        Step(
            f"{company} buys back {shares} of its shares from the Pool at {price}: pays {cost} to the Bank; cash "
            f"{cash - cost}",
            rulebook.REDEEM_STOCK,
        ),
        Step(
            f"the shares go to {company}'s treasury: {after[TREASURY]} there, {after[POOL]} in the Pool",
            rulebook.REDEEM_STOCK,
        ),
        Step(f"no loan may pay for a redemption: at most {most} ({limit})", rulebook.LOANS),
        Step(f"price stays {price}: the rule names no move (reading, docs/money-18bf.md)", rulebook.REDEEM_STOCK),
    )
    return RedemptionOutcome(
        company,
        price,
        shares,
        cost,
        most,
        limit,
        cash,
        cash - cost,
        {h: n for h, n in after.items() if n},
        ledger.frozen(),
        steps,
    )


def purchase_preview(
    kind: Kind,
    price: int,
    buyer: str,
    *,
    holdings: Mapping[str, int],
    director: str | None,
    seats: Sequence[str],
    cash: Mapping[str, int],
    certificates: int,
    certificate_limit: int | None,
    source: str | None = None,
    sold_this_round: bool = False,
    company: str = "company",
) -> PurchaseOutcome:
    """Preview `buyer` buying one certificate of a `kind` company at `price` in a Stock Round (§9.3), from `source`
    (`ipo`: the company's treasury, `pool`; None: the treasury while it has shares, else the Pool). `holdings` and
    `director` are the company's, `seats` the players clockwise, `cash` theirs, `certificates` the buyer's count and
    `certificate_limit` the phase's (None: not known). InputError names the field and the rule."""
    problems = _shared(kind, price, company, rulebook.BUY_STOCK, holdings)
    if buyer not in seats:
        problems.append(Problem(f"buyer {buyer}", rulebook.BUY_STOCK, f"not a player ({', '.join(seats)})"))
    if director is None or director not in seats:
        problems.append(
            Problem(
                f"company {company}.director",
                rulebook.BUY_STOCK,
                "the Director's Certificate must be a player's: the company has not been started",
            )
        )
    if problems:
        raise InputError(problems)
    assert director is not None
    where = source or (TREASURY if holdings.get(TREASURY, 0) else POOL)
    words = {TREASURY: f"{company}'s treasury", POOL: "the Pool"}
    held, most_shares = holdings.get(buyer, 0), SHARES[kind] * MOST_PERCENT // 100
    if where not in words:
        problems.append(Problem("source", rulebook.BUY_STOCK, f"{where!r}: buy from ipo (the treasury) or pool"))
    elif not holdings.get(where, 0):
        problems.append(Problem("source", rulebook.BUY_STOCK, f"{words[where]} holds no share of {company}"))
    if held >= most_shares:
        problems.append(
            Problem(f"buyer {buyer}", rulebook.BUY_STOCK, f"{buyer} holds {held} of {SHARES[kind]}: 60 % or more")
        )
    if sold_this_round:
        problems.append(
            Problem(f"buyer {buyer}", rulebook.BUY_STOCK, f"{buyer} sold {company} earlier in this Stock Round")
        )
    if certificate_limit is not None and certificates >= certificate_limit:
        problems.append(
            Problem(
                f"buyer {buyer}",
                rulebook.HOLDING_LIMITS,
                f"{buyer} holds {certificates} certificates, at the limit of {certificate_limit}",
            )
        )
    if cash.get(buyer, 0) < price:
        problems.append(Problem(f"buyer {buyer}", rulebook.BUY_STOCK, f"{buyer} has {cash.get(buyer, 0)}, not {price}"))
    if problems:
        raise InputError(problems)
    ledger = Ledger()
    payee = company if where == TREASURY else BANK
    ledger.pay(buyer, payee, price)
    after = {**holdings, where: holdings[where] - 1, buyer: held + 1}
    steps = [
        Step(
            f"{buyer} buys one {100 // SHARES[kind]} % certificate of {company} from {words[where]} at {price}, paid "
            f"to {'the company' if payee == company else 'the Bank'}",
            rulebook.BUY_STOCK,
        ),
        Step(f"price stays {price}: buying never moves it", rulebook.BUY_STOCK),
    ]
    new_director = director
    if buyer != director and after[buyer] > after.get(director, 0):
        new_director = buyer
        steps.append(
            Step(
                f"{buyer} now holds {after[buyer]}, more than {director}'s {after.get(director, 0)}: {buyer} takes the "
                f"Director's Certificate for {DIRECTOR_SHARES[kind]} ordinary shares",
                rulebook.BUY_STOCK,
            )
        )
    left_cash = cash.get(buyer, 0) - price
    limits = [
        (most_shares - after[buyer], f"60 % ({most_shares} shares)"),
        (after.get(TREASURY, 0) + after.get(POOL, 0), "the shares in the treasury and the Pool"),
        (left_cash // price, f"cash {left_cash} at {price}"),
    ]
    if certificate_limit is not None:
        limits.append((certificate_limit - certificates - 1, f"the certificate limit {certificate_limit}"))
    more, limit = min(limits)
    more = max(0, more)
    steps.append(
        Step(f"at this price {buyer} could buy {more} more, one a turn, before {limit} stops it", rulebook.BUY_STOCK)
    )
    return PurchaseOutcome(
        company,
        price,
        buyer,
        where,
        company if payee == company else BANK,
        new_director,
        {h: n for h, n in after.items() if n},
        after[buyer] + more,
        limit,
        ledger.frozen(),
        tuple(steps),
    )
