"""1860's dividend preview (Dividends and the Share Price, RB L550-L574): where the price goes, who is paid what,
what the treasury keeps, and where the token stands in the operating order afterwards.

Paid out, players receive 10% of the run's revenue for every 10% they hold; shares in the IPO or the bank pool
earn nothing, and that part stays with the bank (RB L554). The price moves one space right (two places) for a
dividend of at least the price, one more for each further multiple, at most four (RB L562-L570); below the price
it stays but goes under the tokens on its space (RB L560, L574). Withheld, or with nothing to pay, the revenue goes
to the treasury (RB L552) and the price moves two places down, 0 being bankruptcy (RB L558, L689). The halt
subsidy goes to the treasury either way and is not revenue (Running Trains, RB L532). There is no half dividend
in 1860: a company pays all or retains all (docs/money-1860.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from solver.core.board_position import IPO, POOL
from solver.core.market import Move, order_by_price, place_token
from solver.core.money_steps import Step
from solver.errors import InputError, Problem, problems_of
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.market import is_bankrupt, is_game_end, market_rules, price_cell, shift

SHARES = 10
#: How a company stands when it runs: insolvent and in receivership it retains; nationalised it pays.
State = Literal["solvent", "insolvent", "receivership", "nationalised"]


@dataclass(frozen=True)
class DividendOutcome:
    """What paying or retaining a run's revenue does. `payouts` maps each player to cash received; `to_bank` is
    the part of the IPO's and the pool's shares, which no one receives; `retained` goes to the treasury. So
    sum(payouts) + to_bank + retained == revenue."""

    price: int
    revenue: int
    subsidy: int
    paid: bool
    per_share: int
    spaces: int
    new_price: int
    move: Move
    payouts: Mapping[str, int]
    to_bank: int
    retained: int
    treasury_before: int
    treasury_after: int
    bankrupt: bool
    game_end: bool
    order_before: tuple[str, ...]
    order_after: tuple[str, ...]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "price": self.price,
            "revenue": self.revenue,
            "subsidy": self.subsidy,
            "paid": self.paid,
            "per_share": self.per_share,
            "spaces": self.spaces,
            "new_price": self.new_price,
            "moves": [self.move.to_dict()],
            "payouts": dict(self.payouts),
            "to_bank": self.to_bank,
            "retained": self.retained,
            "treasury_before": self.treasury_before,
            "treasury_after": self.treasury_after,
            "bankrupt": self.bankrupt,
            "game_end": self.game_end,
            "order_before": list(self.order_before),
            "order_after": list(self.order_after),
            "steps": [s.to_dict() for s in self.steps],
        }


def dividend_spaces(price: int, revenue: int) -> int:
    """Spaces right for a paid dividend: one per multiple of the price reached, at most four (RB L562-L570)."""
    most = market_rules().most_places_up // market_rules().places_per_dividend_multiple
    return min(most, revenue // price)


def _check(
    price: int, revenue: int, subsidy: int, treasury: int, holdings: Mapping[str, int], pay: bool, state: State
) -> None:
    problems = problems_of(lambda: price_cell(price))
    if revenue < 0 or revenue % 10:
        problems.append(
            Problem("revenue", rulebook.PAYOUT, f"a revenue is a whole multiple of 10, not below 0 (got {revenue})")
        )
    if subsidy < 0 or subsidy % 10:
        problems.append(Problem("subsidy", rulebook.SUBSIDY, f"the halt subsidy is 10 a halt counted, not {subsidy}"))
    if treasury < 0:
        problems.append(Problem("treasury", rulebook.RETAIN, f"a treasury cannot be negative ({treasury})"))
    for holder, n in holdings.items():
        if n < 0:
            problems.append(Problem(f"holdings {holder}", rulebook.PAYOUT, f"a negative holding ({n})"))
    if sum(holdings.values()) > SHARES:
        problems.append(
            Problem("holdings", rulebook.PAYOUT, f"a company has {SHARES} shares; {sum(holdings.values())} are listed")
        )
    if pay and state in ("insolvent", "receivership"):
        rule = rulebook.INSOLVENT_LIMITS if state == "insolvent" else rulebook.RECEIVERSHIP
        problems.append(Problem("pay", rule, f"a company in {state} must retain its revenue"))
    if not pay and state == "nationalised":
        problems.append(Problem("pay", rulebook.NAT_NO_RETAIN, "after nationalisation no revenue may be retained"))
    if problems:
        raise InputError(problems)


def dividend_preview(
    price: int,
    revenue: int,
    *,
    pay: bool = True,
    subsidy: int = 0,
    treasury: int = 0,
    holdings: Mapping[str, int] | None = None,
    company: str = "",
    stacks: Mapping[int, Sequence[str]] | None = None,
    state: State = "solvent",
) -> DividendOutcome:
    """Preview paying (`pay`) or retaining `revenue` at `price`, with the halt `subsidy` and the `treasury`
    before the run. `holdings` maps players (and `ipo`, `pool`) to shares, a director's certificate counting two
    (RB L338). `stacks` (price -> tokens, top first) with `company` gives the operating order before and after.
    `state` is `solvent`, `insolvent`, `receivership` (both must retain) or `nationalised` (must pay). InputError
    names each field that is wrong and the rule."""
    shares = dict(holdings or {})
    _check(price, revenue, subsidy, treasury, shares, pay, state)
    steps: list[Step] = []
    paid = pay and revenue > 0
    if subsidy:
        steps.append(Step(f"the halt subsidy {subsidy} goes to the treasury, not to shareholders", rulebook.SUBSIDY))
    per_share = revenue // SHARES if paid else 0
    if paid:
        players = {h: n for h, n in shares.items() if h not in (IPO, POOL) and n > 0}
        payouts = {h: per_share * n for h, n in players.items()}
        to_bank = per_share * (SHARES - sum(players.values())) if shares else 0
        retained = 0
        steps.append(Step(f"{revenue} paid out: {per_share} for each of the {SHARES} shares", rulebook.PAYOUT))
        for holder, cash in payouts.items():
            steps.append(Step(f"{holder} holds {shares[holder]} share(s): receives {cash}", rulebook.PAYOUT))
        if to_bank:
            steps.append(
                Step(f"{to_bank} falls on shares in the IPO or the bank pool: no one receives it", rulebook.PAYOUT)
            )
        spaces = dividend_spaces(price, revenue)
        places = spaces * market_rules().places_per_dividend_multiple
        if spaces == 0:
            move = Move(price, price, f"dividend {revenue} is below the price {price}: no move", rulebook.BELOW_PRICE)
        else:
            why = f"dividend {revenue} is at least {spaces} x the price {price}: {spaces} space(s) right"
            rule = rulebook.MOST_SPACES if revenue >= 5 * price else rulebook.DIVIDEND_MOVE
            move = shift(price, places, why, rule)
    else:
        spaces = -1
        payouts, to_bank, retained = {}, 0, revenue
        what = "nothing to pay" if revenue == 0 else f"revenue {revenue} retained"
        steps.append(Step(f"{what}: {revenue} to the treasury", rulebook.RETAIN))
        move = shift(
            price, -market_rules().places_down_without_dividend, f"{what}: one space left", rulebook.NO_DIVIDEND
        )
    steps.append(Step(f"price {move.start} -> {move.end}: {move.why}", move.rule))
    bankrupt = is_bankrupt(move.end)
    game_end = is_game_end(move.end)
    if bankrupt:
        steps.append(Step("the price is 0: the company is bankrupt", rulebook.BANKRUPT))
    if game_end:
        steps.append(
            Step("the price reached 340: the game ends at the end of this operating round", rulebook.GAME_END_340)
        )
    before = dict(stacks or {})
    order_before = tuple(order_by_price(before)) if before else ()
    order_after = order_before
    if company and before and not bankrupt:
        after = place_token(before, company, move.end)
        order_after = tuple(order_by_price(after))
        rule = rulebook.PAID_NO_MOVE if move.start == move.end else rulebook.STACK
        steps.append(Step(f"{company}'s token goes under the tokens on {move.end}", rule))
    treasury_after = treasury + subsidy + retained
    steps.append(Step(f"treasury {treasury} -> {treasury_after}", rulebook.RETAIN))
    return DividendOutcome(
        price=price,
        revenue=revenue,
        subsidy=subsidy,
        paid=paid,
        per_share=per_share,
        spaces=spaces,
        new_price=move.end,
        move=move,
        payouts=payouts,
        to_bank=to_bank,
        retained=retained,
        treasury_before=treasury,
        treasury_after=treasury_after,
        bankrupt=bankrupt,
        game_end=game_end,
        order_before=order_before,
        order_after=order_after,
        steps=tuple(steps),
    )
