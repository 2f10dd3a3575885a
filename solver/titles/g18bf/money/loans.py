"""The end of an 18BF company's turn (§10, §10.2, §10.8-§10.10, §11): loan interest, the forced redemption of
loans, the forced train purchase with the fewest loans, and the moves left it may bring.

In order: interest of £5 on each loan held at the start of the turn (a shortfall is met by the fewest further
loans, each netting £45 since its own interest is paid at once; when the limit does not allow them, all the cash
goes to the Bank and the price moves one left, §10.8); then as many loans repaid as the treasury's £50s allow
(§10.9); then a company without a train must buy the cheapest one from the Bank, taking the fewest loans needed,
or, when even the most loans allowed would not pay for it, takes none and moves one left (§10.10). With the move
of a withheld or zero distribution (§10.7) a company falls up to three spaces in one round (§11).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.market import Move
from solver.core.money_steps import Step, outcome_dict
from solver.errors import InputError, Problem, problems_of
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import Kind
from solver.titles.g18bf.money.ledger import BANK, Ledger
from solver.titles.g18bf.money.market import cell, is_closed, loan_figures, shift
from solver.titles.g18bf.money.phases import train_limit


@dataclass(frozen=True)
class EndOfTurnOutcome:
    """The end of a turn: interest paid (or not), loans taken and repaid, the train bought (its cost, or None),
    cash and loans after, the moves left and every party's change of cash."""

    company: str
    kind: Kind
    price: int
    cash_before: int
    loans_before: int
    interest: int
    interest_unpaid: bool
    loans_taken: int
    loans_repaid: int
    train_cost: int | None
    cash_after: int
    loans_after: int
    moves: tuple[Move, ...]
    new_price: int
    closed: bool
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


def take_loans(ledger: Ledger, company: str, n: int) -> int:
    """`n` loans from the Bank, each one's interest paid at once (§10.2); the net cash they bring."""
    value, rate = int(loan_figures()["value"]), int(loan_figures()["interest"])
    for _ in range(n):
        ledger.pay(BANK, company, value)
        ledger.pay(company, BANK, rate)
    return n * (value - rate)


def loans_needed(shortfall: int) -> int:
    """The fewest loans whose net (value less the interest paid at once) covers `shortfall` (§10.2)."""
    net = int(loan_figures()["value"]) - int(loan_figures()["interest"])
    return -(-max(0, shortfall) // net)


def end_of_turn_preview(
    kind: Kind,
    price: int,
    cash: int,
    loans: int,
    *,
    trains: int,
    cheapest_train: int | None = None,
    withheld: bool = False,
    new_loans: int = 0,
    company: str = "company",
    phase: str | None = None,
) -> EndOfTurnOutcome:
    """Preview the end of the turn of a `kind` company at `price` with `cash` and `loans` held at the start of the
    turn (`new_loans` taken during it, their interest paid), `trains` owned and the `cheapest_train` the Bank
    offers. `withheld`: its distribution moved it left (kept or zero earnings, §10.7). With `phase`, a company whose
    train limit is 0 there (minors in phase 8, §8) is not made to buy one. InputError names the field."""
    figures = loan_figures()
    value, rate, limit = int(figures["value"]), int(figures["interest"]), int(figures["limit"][kind])
    problems = problems_of(lambda: cell(price, f"company {company}.price"))
    for name, n in (("cash", cash), ("loans", loans), ("trains", trains), ("new_loans", new_loans)):
        if n < 0:
            problems.append(Problem(name, rulebook.LOANS, f"{name} cannot be negative ({n})"))
    if cheapest_train is not None and cheapest_train <= 0:
        problems.append(Problem("cheapest_train", rulebook.MUST_BUY, "a train costs more than 0"))
    if trains == 0 and cheapest_train is None and not (phase is not None and train_limit(phase, kind) == 0):
        problems.append(
            Problem("cheapest_train", rulebook.MUST_BUY, f"{company} has no train: give the cheapest train's cost")
        )
    if problems:
        raise InputError(problems)

    ledger = Ledger()
    steps: list[Step] = []
    moves: list[Move] = []
    here = price
    cash_before = cash
    held, taken, repaid = loans + new_loans, 0, 0

    def left(why: str, rule: str) -> None:
        nonlocal here
        if is_closed(here):
            return
        move = shift(here, -1, why, rule)
        moves.append(move)
        steps.append(Step(f"price {move.start} -> {move.end}: {move.why}", rule))
        here = move.end

    def borrow(n: int, why: str, rule: str) -> None:
        nonlocal cash, held, taken
        net = take_loans(ledger, company, n)
        cash += net
        held += n
        taken += n
        steps.append(Step(f"{n} loan(s) of £{value} for {why}, £{rate} interest each paid at once: +{net}", rule))

    if withheld:
        left("the earnings were kept or nothing was earned", rulebook.PUBLIC_DIVIDEND)
    interest = rate * loans
    unpaid = False
    if interest:
        if cash < interest:
            need = loans_needed(interest - cash)
            if held + need <= limit:
                borrow(need, "the interest", rulebook.INTEREST)
            else:
                unpaid = True
        if unpaid:
            steps.append(
                Step(
                    f"interest {interest} on {loans} loan(s) cannot be met (cash {cash}, at most {limit} loans): all "
                    f"{cash} goes to the Bank",
                    rulebook.INTEREST,
                )
            )
            ledger.pay(company, BANK, cash)
            cash = 0
            left("the loan interest was not paid", rulebook.INTEREST)
        else:
            ledger.pay(company, BANK, interest)
            cash -= interest
            steps.append(
                Step(f"interest £{rate} on each of {loans} loan(s): {interest}; cash {cash}", rulebook.INTEREST)
            )
    while held and cash >= value:
        ledger.pay(company, BANK, value)
        cash -= value
        held -= 1
        repaid += 1
    if repaid:
        steps.append(Step(f"{repaid} loan(s) repaid while the treasury held £{value}: cash {cash}", rulebook.REDEEM))
    bought: int | None = None
    if trains == 0 and phase is not None and train_limit(phase, kind) == 0:
        steps.append(Step(f"a {kind} may own no train in phase {phase}: nothing to buy", rulebook.PHASES))
    elif trains == 0 and cheapest_train is not None:
        need = loans_needed(cheapest_train - cash)
        if need == 0 or held + need <= limit:
            if need:
                borrow(need, f"the train of {cheapest_train}", rulebook.MUST_BUY)
            ledger.pay(company, BANK, cheapest_train)
            cash -= cheapest_train
            bought = cheapest_train
            steps.append(
                Step(f"{company} has no train and must buy one: pays {cheapest_train}; cash {cash}", rulebook.MUST_BUY)
            )
        else:
            steps.append(
                Step(
                    f"no train and {cash} cannot buy the cheapest ({cheapest_train}) even with {limit - held} more "
                    "loan(s): no loans are taken",
                    rulebook.MUST_BUY,
                )
            )
            left("the turn ends without a train", rulebook.CLOSURE_MOVES)
    closed = is_closed(here)
    if closed:
        steps.append(Step(f"{company} falls into the Closed box and closes at once", rulebook.CLOSED))
    steps.append(Step(f"{company} ends its turn with {cash} and {held} loan(s)", rulebook.CLOSURE_MOVES))
    return EndOfTurnOutcome(
        company,
        kind,
        price,
        cash_before,
        loans,
        interest,
        unpaid,
        taken,
        repaid,
        bought,
        cash,
        held,
        tuple(moves),
        here,
        closed,
        ledger.frozen(),
        tuple(steps),
    )
