"""The rest of an 18BF company's operating turn from its earnings (§10): the distribution of the earnings (§10.7),
then the end of the turn from the price and treasury it leaves (interest, forced redemption, the forced train,
§10.8-§10.10, §11). The earnings are typed or the company's best run on the board (`runs.best_earnings`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.market import Move
from solver.core.money_steps import Step
from solver.titles.g18bf.money.dividend import Choice, DividendOutcome, dividend_preview
from solver.titles.g18bf.money.loans import EndOfTurnOutcome, end_of_turn_preview
from solver.titles.g18bf.money.position import CompanyMoney, needs_price


@dataclass(frozen=True)
class TurnOutcome:
    """The distribution and the end of the turn after it (None when the distribution closed the company), their
    moves and every party's change of cash over both."""

    dividend: DividendOutcome
    end: EndOfTurnOutcome | None
    moves: tuple[Move, ...]
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "dividend": self.dividend.to_dict(),
            "end": None if self.end is None else self.end.to_dict(),
            "moves": [m.to_dict() for m in self.moves],
            "new_price": self.moves[-1].end if self.moves else self.dividend.price,
            "cash_changes": dict(self.cash_changes),
            "steps": [s.to_dict() for s in self.steps],
        }


def turn_preview(
    money: CompanyMoney,
    phase: str,
    earnings: int,
    *,
    choice: Choice = "full",
    cheapest_train: int | None = None,
    price: int,
) -> TurnOutcome:
    """Distribute `earnings` of the company `money` at `price` as `choice`, then end its turn from the price and
    cash that leaves (its trains and loans as they are). InputError names the field."""
    dividend = dividend_preview(
        money.kind,
        price,
        earnings,
        choice=choice,
        holdings=money.holdings,
        owner=money.director or "owner",
        company=money.company,
        phase=phase,
    )
    end = None
    if not dividend.closed:
        end = end_of_turn_preview(
            money.kind,
            dividend.new_price,
            money.cash + dividend.cash_changes.get(money.company, 0),
            money.loans,
            trains=len(money.trains),
            cheapest_train=cheapest_train,
            company=money.company,
            phase=phase,
        )
    changes = dict(dividend.cash_changes)
    for party, change in (end.cash_changes if end is not None else {}).items():
        changes[party] = changes.get(party, 0) + change
    moves = (*(m for m in dividend.moves if m.start != m.end), *(end.moves if end is not None else ()))
    return TurnOutcome(
        dividend,
        end,
        tuple(moves),
        {p: c for p, c in sorted(changes.items()) if c},
        (*dividend.steps, *(end.steps if end is not None else ())),
    )


def company_end_of_turn(
    money: CompanyMoney, phase: str, *, cheapest_train: int | None, withheld: bool
) -> EndOfTurnOutcome:
    """The end of the turn of the company `money` as it stands (its price, cash, loans and trains), with the
    `cheapest_train` the Bank offers and whether its distribution moved it left (`withheld`, §10.7), as
    `loans.end_of_turn_preview` gives it. InputError names the field."""
    return end_of_turn_preview(
        money.kind,
        needs_price(money),
        money.cash,
        money.loans,
        trains=len(money.trains),
        cheapest_train=cheapest_train,
        withheld=withheld,
        company=money.company,
        phase=phase,
    )
