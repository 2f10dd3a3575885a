"""1860's nationalisation preview (Railway Nationalisation, RB L664-L685): from a position, which companies close
after each operating round of British Rail, where prices go and what each player ends with.

Nationalisation comes at the end of a round once the Southern has formed (the first 9+5, Phases, RB L319) and
every company with a director has a train (RB L666-L668). Then there are operating rounds only (RB L670): every
company runs and pays (RB L672, L677), counting only its train's first number of stations (RB L673); its director
works out the most it can earn, once (RB L674), which this preview does with `best_run(..., nationalisation=True)`
(`solver.titles.g1860.money.runs`). A company in receivership pays nothing and drops (RB L675). After each round
the two lowest payers close, every company tied at a closing revenue with them (RB L679), those in receivership
first (RB L681); their prices stay. When one or two are left they operate a last time and the game ends (RB L683);
a price reaching 340 ends it after that round (RB L685). Trains bought during these rounds (RB L676) are not
foreseen: each company keeps the trains of the position.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import BoardPosition
from solver.core.market import order_by_price, place_token
from solver.core.money_steps import Step
from solver.errors import InputError, Problem
from solver.titles.g1860.enumerator import Best
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.dividend import dividend_preview
from solver.titles.g1860.money.market import is_game_end
from solver.titles.g1860.money.position import check_money
from solver.titles.g1860.money.runs import RunFunction, best_run
from solver.titles.g1860.money.value import ValueOutcome, player_values

SOUTHERN_PHASE = "9"


@dataclass(frozen=True)
class RoundResult:
    """One operating round of British Rail: the companies in operating order with what each paid, the prices
    before and after, the players' dividends, the companies closed after it and the step log."""

    number: int
    order: tuple[str, ...]
    revenues: Mapping[str, int]
    prices_before: Mapping[str, int]
    prices_after: Mapping[str, int]
    payouts: Mapping[str, int]
    closed: tuple[str, ...]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "order": list(self.order),
            "revenues": dict(self.revenues),
            "prices_before": dict(self.prices_before),
            "prices_after": dict(self.prices_after),
            "payouts": dict(self.payouts),
            "closed": list(self.closed),
            "steps": [s.to_dict() for s in self.steps],
        }


@dataclass(frozen=True)
class NationalisationOutcome:
    """Whether the position nationalises now, each company's N-only revenue (and whether it is proven), the
    rounds, the final prices, each player's dividends over the rounds and final assets."""

    triggered: bool
    revenues: Mapping[str, int]
    complete: Mapping[str, bool]
    runs: Mapping[str, Best]
    rounds: tuple[RoundResult, ...]
    final_prices: Mapping[str, int]
    income: Mapping[str, int]
    values: ValueOutcome | None
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "triggered": self.triggered,
            "revenues": dict(self.revenues),
            "complete": dict(self.complete),
            "runs": {
                c: [{"train": r.train, "nodes": list(r.nodes), **dict(r.choices)} for r in best.run]
                for c, best in self.runs.items()
            },
            "rounds": [r.to_dict() for r in self.rounds],
            "final_prices": dict(self.final_prices),
            "income": dict(self.income),
            "values": self.values.to_dict() if self.values else None,
            "steps": [s.to_dict() for s in self.steps],
        }


def closing(revenues: Mapping[str, int]) -> tuple[str, ...]:
    """The companies that close after a round (RB L679): the lowest payers, tier by tier, until at least two have
    closed, every company tied at a closing revenue closing with them."""
    closed: list[str] = []
    for level in sorted(set(revenues.values())):
        if len(closed) >= 2:
            break
        closed += [c for c, r in revenues.items() if r == level]
    return tuple(closed)


def nationalisation_preview(
    position: BoardPosition,
    *,
    revenues: Mapping[str, int] | None = None,
    time_limit: float | None = None,
    stop: threading.Event | None = None,
    run: RunFunction = best_run,
    privates: Mapping[str, int] | None = None,
) -> NationalisationOutcome:
    """The British Rail rounds from the position: companies with a token on the market operate; a company with no
    director is in receivership. `revenues` fixes a company's revenue instead of its best N-only run, each searched
    within `time_limit` seconds and until `stop` is set."""
    check_money(position)
    stacks = {p: tuple(ts) for p, ts in position.market.items()}
    companies = order_by_price(stacks)
    if not companies:
        raise InputError([Problem("market", rulebook.NATIONALISED, "no company has a token on the market")])
    for company in revenues or {}:
        if company not in companies:
            raise InputError(
                [Problem(f"revenues {company}", rulebook.NAT_REVENUE, f"{company} has no token on the market")]
            )
    steps: list[Step] = []
    directed = [c for c in companies if position.companies[c].director is not None]
    trainless = [c for c in directed if not position.companies[c].trains]
    triggered = position.phase == SOUTHERN_PHASE and not trainless
    if position.phase != SOUTHERN_PHASE:
        steps.append(
            Step(
                f"phase {position.phase}: the Southern has not formed; the rounds below show a nationalisation now",
                rulebook.NATIONALISED,
            )
        )
    if trainless:
        steps.append(
            Step(
                f"{', '.join(trainless)} ha{'s' if len(trainless) == 1 else 've'} a director but no train: no "
                "nationalisation at the end of this round",
                rulebook.NATIONALISED,
            )
        )
    elif position.phase == SOUTHERN_PHASE:
        steps.append(Step("every company with a director has a train: British Rail forms", rulebook.NATIONALISED))
    earned: dict[str, int] = {}
    complete: dict[str, bool] = {}
    runs: dict[str, Best] = {}
    for company in companies:
        if position.companies[company].director is None:
            earned[company] = 0
            steps.append(Step(f"{company} is in receivership: it pays nothing", rulebook.NAT_RECEIVERSHIP))
        elif revenues and company in revenues:
            earned[company] = revenues[company]
            complete[company] = True
            steps.append(Step(f"{company} earns {earned[company]} (given)", rulebook.NAT_REVENUE))
        else:
            best = run(position, company, nationalisation=True, time_limit=time_limit, stop=stop)
            runs[company], complete[company] = best, best.complete
            earned[company] = best.evaluation.revenue
            proven = "" if best.complete else " (not proven: the time limit or Stop ended the search; the best found)"
            steps.append(
                Step(
                    f"{company}'s best run counting first numbers only: {earned[company]}{proven}", rulebook.NAT_REVENUE
                )
            )
    prices = {c: p for p, ts in stacks.items() for c in ts}
    income: dict[str, int] = {}
    rounds: list[RoundResult] = []
    operating = list(companies)
    number = 0
    while operating:
        number += 1
        order = [c for c in order_by_price(stacks) if c in operating]
        before = {c: prices[c] for c in order}
        round_steps: list[Step] = []
        paid_out: dict[str, int] = {}
        for company in order:
            state = position.companies[company]
            receivership = state.director is None
            out = dividend_preview(
                prices[company],
                earned[company],
                pay=not receivership,
                holdings=dict(state.holdings),
                company=company,
                stacks=stacks,
                state="receivership" if receivership else "nationalised",
            )
            round_steps.append(
                Step(
                    f"{company} pays {out.revenue if out.paid else 0}; price {out.move.start} -> {out.move.end}",
                    out.move.rule,
                )
            )
            for player, cash in out.payouts.items():
                paid_out[player] = paid_out.get(player, 0) + cash
                income[player] = income.get(player, 0) + cash
            prices[company] = out.new_price
            stacks = place_token(stacks, company, out.new_price)
        paid = {c: (0 if position.companies[c].director is None else earned[c]) for c in order}
        top = [c for c in order if is_game_end(prices[c])]
        if len(order) <= 2:
            closed: tuple[str, ...] = tuple(order)
            round_steps.append(Step(f"{' and '.join(order)} operated a last time: the game ends", rulebook.NAT_LAST))
        elif top:
            closed = ()
            round_steps.append(Step(f"{', '.join(top)} reached 340: the game ends after this round", rulebook.NAT_340))
        else:
            closed = closing(paid)
            receivers = [c for c in closed if position.companies[c].director is None]
            if receivers:
                round_steps.append(
                    Step(f"in receivership, {', '.join(receivers)} close(s) first", rulebook.NAT_RECEIVERSHIP_FIRST)
                )
            round_steps.append(
                Step(
                    "lowest payers close: " + ", ".join(f"{c} ({paid[c]})" for c in closed) + "; their prices stay",
                    rulebook.NAT_CLOSE,
                )
            )
        rounds.append(
            RoundResult(
                number, tuple(order), paid, before, {c: prices[c] for c in order}, paid_out, closed, tuple(round_steps)
            )
        )
        steps += [Step(f"round {number}: {s.text}", s.rule) for s in round_steps]
        if len(order) <= 2 or top:
            break
        operating = [c for c in operating if c not in closed]
        if not operating:
            steps.append(Step("no company is left: the game ends", rulebook.NAT_LAST))
    values = player_values(position, prices=prices, income=income, privates=privates) if position.players else None
    return NationalisationOutcome(
        triggered, earned, complete, runs, tuple(rounds), prices, income, values, tuple(steps)
    )
