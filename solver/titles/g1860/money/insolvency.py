"""1860's insolvency preview (Insolvency, RB L618-L640): whether a company without a train becomes insolvent at
the end of its turn, the train it leases and what its leased run earns.

A company without a train at the end of its turn must buy one if it can afford one (RB L620). If it cannot and
would have a valid route with a train, it becomes insolvent (RB L622; with no valid route it cannot be, RB L638):
it retains its revenue, places no bases and builds no track that costs (RB L626), and leases the smallest train
in the bank, which it runs with its first number only for 40 plus 20 a stop, halts included (RB L628-L630), at
most 40 + 20 x N (RB L632), or under the variant for half its revenue rounded up to 10 plus the full subsidy (RB
L727). Leasing changes no phase (Phases, RB L295) and its shares sell at half (RB L640).

The smallest train in the bank is read as the train of the position's phase: trains are bought in order, each
type sold out before the next (Buying Trains, RB L610), so the bank's smallest is the phase's own train; a
different one (a train returned to the bank over the limit, RB L612, or the next type once the phase's is sold
out) is given with `leased`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g1860.enumerator import Best
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.position import company_money, with_company
from solver.titles.g1860.money.runs import RunFunction, best_run
from solver.titles.g1860.scoring import LEASE_BASE, LEASE_PER_STOP
from solver.titles.g1860.trains import train_rows, train_sizes


@dataclass(frozen=True)
class InsolvencyOutcome:
    """`insolvent` with the train leased and its best run (`revenue` retained); otherwise why not."""

    company: str
    insolvent: bool
    reason: str
    train: str
    train_price: int
    cash: int
    revenue: int
    most: int
    run: tuple[RouteSpec, ...]
    complete: bool
    treasury_after: int
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "company": self.company,
            "insolvent": self.insolvent,
            "reason": self.reason,
            "train": self.train,
            "train_price": self.train_price,
            "cash": self.cash,
            "revenue": self.revenue,
            "most": self.most,
            "run": [{"train": r.train, "nodes": list(r.nodes), **dict(r.choices)} for r in self.run],
            "complete": self.complete,
            "treasury_after": self.treasury_after,
            "steps": [s.to_dict() for s in self.steps],
        }


def smallest_train(phase: str) -> str:
    """The train of the phase: the smallest the bank offers while it lasts (Buying Trains, RB L610)."""
    return str(next(t["id"] for t in train_rows() if t["phase"] == phase))


def insolvency_preview(
    position: BoardPosition,
    company: str,
    *,
    leased: str | None = None,
    time_limit: float | None = None,
    stop: threading.Event | None = None,
    run: RunFunction = best_run,
) -> InsolvencyOutcome:
    """What happens at the end of `company`'s turn if it ends it without a train, with its treasury from the
    position; the leased train's run searched within `time_limit` seconds and until `stop` is set. InputError names
    the company or the train when they are wrong."""
    money = company_money(position, company)
    prices = {t["id"]: t["price"] for t in train_rows()}
    train = leased or smallest_train(position.phase)
    if train not in prices:
        raise InputError([Problem("leased", rulebook.LEASE, f"{train!r} is not an 1860 train ({', '.join(prices)})")])
    steps: list[Step] = []
    cash = money.cash

    def outcome(insolvent: bool, reason: str, best: Best | None = None, most: int = 0) -> InsolvencyOutcome:
        revenue = best.evaluation.revenue if best and insolvent else 0
        subsidy = best.evaluation.subsidy if best and insolvent else 0
        return InsolvencyOutcome(
            company,
            insolvent,
            reason,
            train,
            prices[train],
            cash,
            revenue,
            most,
            best.run if best and insolvent else (),
            best.complete if best else True,
            cash + revenue + subsidy,
            tuple(steps),
        )

    if money.has_train:
        steps.append(Step(f"{company} owns a train: it is not insolvent", rulebook.INSOLVENT))
        return outcome(False, "owns a train")
    if cash >= prices[train]:
        steps.append(
            Step(f"{company} has {cash} and the {train} costs {prices[train]}: it must buy it", rulebook.MUST_BUY)
        )
        return outcome(False, "can afford a train")
    steps.append(
        Step(
            f"{company} has {cash}, less than the {prices[train]} of the {train}: it cannot buy one", rulebook.MUST_BUY
        )
    )
    leasing = with_company(position, company, (train,), insolvent=True)
    best = run(leasing, company, time_limit=time_limit, stop=stop)
    if not best.run:
        steps.append(Step(f"{company} has no valid route even with a train: it is not insolvent", rulebook.NO_ROUTE))
        return outcome(False, "no valid route", best)
    most = LEASE_BASE + LEASE_PER_STOP * train_sizes()[train].n
    steps += [
        Step(f"{company} ends its turn without a train but with a valid route: it is insolvent", rulebook.INSOLVENT),
        Step("it must retain its revenue, places no bases and builds no track that costs", rulebook.INSOLVENT_LIMITS),
        Step(f"it leases the {train}, the smallest train in the bank", rulebook.LEASE),
        Step("leasing starts no new phase", rulebook.LEASE_NO_PHASE),
    ]
    for score in best.evaluation.trains:
        counted = [s for s in score.stops if s.counted]
        steps.append(
            Step(
                f"{score.label}: {len(counted)} stop(s) ({' '.join(str(s.node) for s in counted)}): {score.revenue}",
                rulebook.LEASE,
            )
        )
    steps.append(
        Step(
            f"a leased {train} earns at most {LEASE_BASE} + {LEASE_PER_STOP} x {train_sizes()[train].n} = {most}",
            rulebook.LEASE_CAP,
        )
    )
    kept = best.evaluation.revenue + best.evaluation.subsidy
    steps.append(Step(f"{kept} retained: treasury {cash} -> {cash + kept}", rulebook.INSOLVENT_LIMITS))
    steps.append(Step("while insolvent its shares sell at half the price", rulebook.INSOLVENT_SALES))
    return outcome(True, "insolvent", best, most)
