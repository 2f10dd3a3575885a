"""18BF's share sale preview (§9.1): proceeds, the price move, the Pool's 50 % cap and the director afterwards.

Shares sell to the Pool at the current price. Minors and privates are never sold, nor shares of a company that
has not completed an operating turn; the Pool may never hold more than half of a company; the Director's
Certificate never goes to the Pool. When the director's holding drops below another player's (who must hold at
least 20 %), that player becomes director (the most shares; a tie to the nearest clockwise from the outgoing
director), swapping two (public) or four (System) ordinary shares for the certificate before the rest of the sale.
A sale by the director (the outgoing one on a change) moves the price one space left, however many shares;
nobody else's sale moves it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.market import Move
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import DIRECTOR_SHARES, POOL, SHARES, TREASURY, Kind
from solver.titles.g18bf.money.ledger import BANK, Ledger
from solver.titles.g18bf.money.market import dealing_problems, is_closed, shift
from solver.titles.g18bf.money.seats import nearest_clockwise


@dataclass(frozen=True)
class SaleOutcome:
    """One sale: proceeds, the move, the new price, the director after it and the holdings after it."""

    company: str
    price: int
    seller: str
    shares: int
    proceeds: int
    move: Move
    new_price: int
    closed: bool
    director: str
    holdings_after: Mapping[str, int]
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "company": self.company,
            "price": self.price,
            "seller": self.seller,
            "shares": self.shares,
            "proceeds": self.proceeds,
            "moves": [self.move.to_dict()],
            "new_price": self.new_price,
            "closed": self.closed,
            "director": self.director,
            "holdings_after": dict(self.holdings_after),
            "cash_changes": dict(self.cash_changes),
            "steps": [s.to_dict() for s in self.steps],
        }


def sale_preview(
    kind: Kind,
    price: int,
    seller: str,
    shares: int,
    *,
    holdings: Mapping[str, int],
    director: str,
    seats: Sequence[str],
    operated: bool = True,
    company: str = "company",
) -> SaleOutcome:
    """Preview `seller` selling `shares` shares of a `kind` company at `price`. `holdings` (players, `ipo`,
    `pool`) and `director` are the company's, `seats` the players clockwise. InputError names the field."""
    where = f"company {company}"
    problems = dealing_problems(kind, price, company, rulebook.SALE, "minor companies are never sold")
    if kind == "minor":
        raise InputError(problems)
    held = dict(holdings)
    if not operated:
        problems.append(
            Problem(where, rulebook.SALE, f"{company} has not yet completed an operating turn: its shares are not sold")
        )
    if seller in (TREASURY, POOL) or seller not in seats:
        problems.append(Problem(f"seller {seller}", rulebook.SALE, f"not a player ({', '.join(seats)})"))
    if shares < 1 or held.get(seller, 0) < shares:
        problems.append(
            Problem(
                f"seller {seller}", rulebook.SALE, f"holds {held.get(seller, 0)} share(s) of {company}, not {shares}"
            )
        )
    cap = SHARES[kind] // 2
    if held.get(POOL, 0) + shares > cap:
        problems.append(
            Problem(
                "shares",
                rulebook.SALE,
                f"the Pool holds {held.get(POOL, 0)} of {company}'s {SHARES[kind]} shares; at most {cap} (50 %) may be "
                f"there, so at most {max(0, cap - held.get(POOL, 0))} can be sold",
            )
        )
    if director not in seats:
        problems.append(Problem(f"{where}.director", rulebook.SALE_DIRECTOR, f"{director!r} is not a player"))
    if problems:
        raise InputError(problems)

    steps: list[Step] = []
    ledger = Ledger()
    after = {**held, seller: held[seller] - shares, POOL: held.get(POOL, 0) + shares}
    cert = DIRECTOR_SHARES[kind]
    new_director = director
    if seller == director:
        rivals = {p: after.get(p, 0) for p in seats if p != seller}
        most = max(rivals.values(), default=0)
        if most > after[seller] and most >= cert:
            new_director = nearest_clockwise(seats, director, [p for p, n in rivals.items() if n == most])
            steps.append(
                Step(
                    f"{new_director} will hold {most} share(s), more than {seller}'s {after[seller]}: {seller} "
                    f"swaps the Director's Certificate for {cert} of {new_director}'s shares before the sale; "
                    f"{new_director} directs the company",
                    rulebook.SALE_DIRECTOR,
                )
            )
        elif after[seller] < cert:
            raise InputError(
                [
                    Problem(
                        f"seller {seller}",
                        rulebook.SALE,
                        f"{seller} directs {company} and would keep {after[seller]} share(s), fewer than the "
                        f"{cert}-share Director's Certificate, and no other player holds {cert}: the certificate "
                        "may never go to the Pool",
                    )
                ]
            )
    proceeds = shares * price
    ledger.pay(BANK, seller, proceeds)
    steps.append(Step(f"{seller} sells {shares} share(s) to the Pool at {price}: {proceeds}", rulebook.SALE))
    if seller == director:
        move = shift(price, -1, f"the director {seller} sold: one space left, however many shares", rulebook.SALE_MOVE)
    else:
        move = Move(price, price, f"{seller} is not the director: no move", rulebook.SALE_MOVE)
    steps.append(Step(f"price {move.start} -> {move.end}: {move.why}", move.rule))
    closed = is_closed(move.end)
    if closed:
        steps.append(Step(f"{company} falls into the Closed box and closes at once", rulebook.CLOSED))
    return SaleOutcome(
        company,
        price,
        seller,
        shares,
        proceeds,
        move,
        move.end,
        closed,
        new_director,
        {h: n for h, n in after.items() if n},
        ledger.frozen(),
        tuple(steps),
    )
