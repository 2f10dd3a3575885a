"""18BF's train decision (R13 of the reference; §10.10, §8, Table 4, §10.6): for a company about to buy a train,
each candidate train (a 5 against a 3G, a 4+4 against a 6G, a 5+5E for a System...) with the company's best run on
the board with that train added, its price, what the train limit makes it discard, and the permanence of the side
chosen.

The rules applied, in the order of a purchase:

- **Which trains** (§10.10, §8, Table 4): the next new train from the Bank, or any train of the Pool, at face value.
  A train of the card that starts the next phase is that card's first: buying it starts the phase, so the run is
  taken in the new phase, the company's trains that phase makes obsolete rust, and the limit is the new phase's.
  A train of an earlier card is one from the Pool; the 5+5E (Systems only, one each) and the 2+2 exist from phase 8.
- **The train limit** (§10.10): a company below the current limit may buy, even when the phase it starts puts it
  over the new limit; then it discards the excess to the Pool without compensation. The preview keeps the new
  train and the old trains giving the best run. A company at its limit may not buy; a **System** may, trading in.
- **Trade-in** (§10.10, Table 4): a System may trade one old train in for a new one from the Bank, the old train
  counting its Table 4 value off the price (a 4 counts 0; a 2 or 3 has none) and going to the Pool. Table 4's values
  are followed where the appendix's "25 % of face value" differs (5: 135, not 137.5; 3G: 125, not 112.5).
- **Paying** (§10.10, §10.2): from the treasury; only a company without a train may take loans for one, the fewest
  needed, each netting £45, within its loan limit.
- **The side** (§10.10): from phase 5 a card is bought as its passenger or its goods train, and it stays so, even
  back in the Pool.
- **The run** (§10.6): 18BF's optimizer on the board as it is, with the trains the company would hold (a G-train:
  the Mine bonus and its marker cities); each answer re-checked by the evaluator and its proof shown. The difference
  against the run without the purchase, and the full dividend a share it makes (§10.7).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from types import MappingProxyType
from typing import Any

from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step, outcome_dict
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.dividend import per_share
from solver.titles.g18bf.money.kinds import SHARES, Kind
from solver.titles.g18bf.money.ledger import BANK, Ledger
from solver.titles.g18bf.money.loans import loans_needed, take_loans
from solver.titles.g18bf.money.phases import train_limit
from solver.titles.g18bf.money.position import CompanyMoney, company_money, loan_limit, needs_price
from solver.titles.g18bf.money.runs import RunEarnings, RunFunction, best_earnings
from solver.titles.g18bf.trains import PHASES, TrainSide, phase_index, train_sides

BANK_SOURCE, POOL_SOURCE = "Bank", "Pool"


@dataclass(frozen=True)
class TrainOption:
    """One way to buy a train: the train (a side of its card), from the Bank or the Pool, the old train traded in
    (a System's) and its discount, the price paid, the phase after the purchase with the company's trains rusted
    by it, the train limit there and the trains discarded, the trains held after, the loans taken, whether the
    company can pay, its cash after, the best run with those trains, its change against the run without the
    purchase, the full dividend a share and its change, every party's change of cash and the step log."""

    train: str
    card: str
    source: str
    trade_in: str | None
    cost: int
    discount: int
    price: int
    phase_after: str
    rusted: tuple[str, ...]
    limit: int
    discarded: tuple[str, ...]
    trains_after: tuple[str, ...]
    obsolete_in: str | None
    loans: int
    affordable: bool
    cash_after: int
    run: RunEarnings
    revenue_change: int
    per_share: int
    per_share_change: int
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    @property
    def label(self) -> str:
        return f"{self.train} for the {self.trade_in}" if self.trade_in else self.train

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


@dataclass(frozen=True)
class TrainDecision:
    """The company, its kind, phase, price, cash and trains, its best run without a purchase and the dividend a
    share that run pays in full, and every way to buy each candidate train."""

    company: str
    kind: Kind
    phase: str
    price: int
    cash: int
    trains: tuple[str, ...]
    current: RunEarnings
    current_per_share: int
    options: tuple[TrainOption, ...]

    @property
    def best(self) -> TrainOption | None:
        """The affordable option with the best run (the cheaper on a tie); None when none is affordable."""
        affordable = [o for o in self.options if o.affordable]
        return max(affordable, key=lambda o: (o.run.revenue, -o.price), default=None)

    def to_dict(self) -> dict[str, Any]:
        best = self.best
        return {
            "company": self.company,
            "kind": self.kind,
            "phase": self.phase,
            "price": self.price,
            "cash": self.cash,
            "trains": list(self.trains),
            "current": self.current.to_dict(),
            "current_per_share": self.current_per_share,
            "options": [o.to_dict() for o in self.options],
            "best": best.label if best is not None else None,
        }


def next_phase(phase: str) -> str | None:
    i = phase_index(phase)
    return PHASES[i + 1] if i + 1 < len(PHASES) else None


def buyable(phase: str, kind: Kind, trains: Sequence[str] = ()) -> list[str]:
    """Every train a `kind` company holding `trains` may buy in `phase`, new or from the Pool (§10.10, §8)."""
    return [n for n in train_sides() if not _refusals(n, phase, kind, trains, "")]


def default_candidates(phase: str, kind: Kind, trains: Sequence[str] = ()) -> list[str]:
    """The trains a company may be offered from the Bank: both sides of the card that started the phase and of the
    card that starts the next one, and from phase 8 the 2+2 and, for a System without one, the 5+5E (§10.10, §8)."""
    upcoming = {phase, next_phase(phase)}
    names = [
        name
        for name, side in train_sides().items()
        if (side.from_phase in upcoming if side.starts_phase else phase_index(side.from_phase) <= phase_index(phase))
    ]
    allowed = buyable(phase, kind, trains)
    return [n for n in names if n in allowed]


def _refusals(name: str, phase: str, kind: Kind, trains: Sequence[str], company: str) -> list[Problem]:
    """Why a `kind` company holding `trains` in `phase` may not buy a `name` at all (§10.10, §8, Table 4)."""
    where = f"train {name}"
    side = train_sides().get(name)
    if side is None:
        return [
            Problem(where, rulebook.TRAIN_PURCHASE, f"not an 18BF train ({', '.join(train_sides())})"),
        ]
    after = _phase_after(side, phase)
    if after is None:
        soon = next_phase(phase) or phase
        why = (
            f"the {side.card} card starts phase {side.from_phase}: in phase {phase} the Bank offers the trains of the "
            f"cards of phase {phase} or {soon} only"
            if side.starts_phase
            else f"no {name} may be bought before phase {side.from_phase}"
        )
        return [Problem(where, rulebook.TRAIN_PHASE, why)]
    if side.obsolete_in is not None and phase_index(side.obsolete_in) <= phase_index(after):
        return [Problem(where, rulebook.TRAIN_PHASE, f"{name}-trains are obsolete from phase {side.obsolete_in}")]
    if side.owners and kind not in side.owners:
        return [Problem(where, rulebook.TRAIN_PURCHASE, f"only a {' or '.join(side.owners)} may own a {name}")]
    if side.most_per_company is not None and list(trains).count(name) >= side.most_per_company:
        return [
            Problem(where, rulebook.TRAIN_PURCHASE, f"{company} already owns {side.most_per_company} {name}: the most")
        ]
    return []


def _phase_after(side: TrainSide, phase: str) -> str | None:
    """The phase after buying a `side`: its card's phase when the card starts the next one (the first of it),
    else the phase unchanged; None when it cannot be bought in `phase`."""
    gap = phase_index(side.from_phase) - phase_index(phase)
    if gap <= 0:
        return phase
    if gap == 1 and side.starts_phase:
        return side.from_phase
    return None


def _source(side: TrainSide, phase: str) -> str:
    """Where a train of `side` comes from in `phase`: the Bank for the card of this phase or the next one and the
    trains of phase 8; the Pool for an older card, whose new trains the Bank has sold (§10.10)."""
    if not side.starts_phase or phase_index(side.from_phase) >= phase_index(phase):
        return BANK_SOURCE
    return POOL_SOURCE


def _with_trains(position: BoardPosition, company: str, phase: str, trains: Sequence[str]) -> BoardPosition:
    state = replace(position.companies[company], trains=tuple(trains))
    return replace(position, phase=phase, companies=MappingProxyType({**position.companies, company: state}))


class _Runs:
    """The best runs of one decision, each set of trains solved once."""

    def __init__(self, position: BoardPosition, company: str, run: RunFunction, kwargs: dict[str, Any]):
        self.position, self.company, self.run, self.kwargs = position, company, run, kwargs
        self._done: dict[tuple[str, tuple[str, ...]], RunEarnings] = {}

    def __call__(self, phase: str, trains: Sequence[str]) -> RunEarnings:
        key = (phase, tuple(sorted(trains)))
        if key not in self._done:
            board = _with_trains(self.position, self.company, phase, trains)
            self._done[key] = self.run(board, self.company, **self.kwargs)
        return self._done[key]


def train_decision(
    position: BoardPosition,
    company: str,
    candidates: Sequence[str] = (),
    *,
    time_limit: float | None = None,
    stop: threading.Event | None = None,
    run: RunFunction = best_earnings,
) -> TrainDecision:
    """Compare buying each of `candidates` (train sides; none given: `default_candidates`) for `company` of
    `position`: every way to buy it (a System also trading in each old train it may) with the company's best run
    after, each run within `time_limit` seconds and until `stop` is set. InputError names the company or train and
    the rule: a train that does not exist or cannot be bought now, a company at its train limit that may not trade
    in, a company without a price."""
    money = company_money(position, company)
    price = needs_price(money)
    names = list(dict.fromkeys(candidates)) or default_candidates(position.phase, money.kind, money.trains)
    problems = [p for name in names for p in _refusals(name, position.phase, money.kind, money.trains, company)]
    if problems:
        raise InputError(problems)
    limit_now = train_limit(position.phase, money.kind)
    runs = _Runs(position, company, run, {"time_limit": time_limit, "stop": stop})
    current = runs(position.phase, money.trains)
    options: list[TrainOption] = []
    for name in names:
        side = train_sides()[name]
        trades: list[str | None] = [] if len(money.trains) >= limit_now else [None]
        if money.kind == "system" and _source(side, position.phase) == BANK_SOURCE:
            trades += [t for t in dict.fromkeys(money.trains) if train_sides()[t].trade_in is not None]
        if not trades:
            why = f"{company} holds {len(money.trains)} train(s), the limit of a {money.kind} in phase {position.phase}"
            problems.append(
                Problem(
                    f"company {company}",
                    rulebook.TRAIN_PURCHASE,
                    f"{why}: it may not buy a {name}"
                    + (" (no train it holds has a trade-in value)" if money.kind == "system" else ""),
                )
            )
        options += [_option(money, position.phase, side, trade, current, runs) for trade in trades]
    if problems:
        raise InputError(problems)
    return TrainDecision(
        company,
        money.kind,
        position.phase,
        price,
        money.cash,
        money.trains,
        current,
        per_share(money.kind, current.revenue),
        tuple(options),
    )


def _option(
    money: CompanyMoney, phase: str, side: TrainSide, trade: str | None, current: RunEarnings, runs: _Runs
) -> TrainOption:
    company, name = money.company, side.name
    steps: list[Step] = []
    source = _source(side, phase)
    steps.append(
        Step(
            f"{company} buys a {name} ({side.card} card) from the {source} at its face value {side.cost}",
            rulebook.TRAIN_PURCHASE,
        )
    )
    others = [s.name for s in train_sides().values() if s.card == side.card and s.name != name]
    if others:
        steps.append(
            Step(
                f"the card goes {name} side up for good: it cannot be turned to its {others[0]}, even back in the Pool",
                rulebook.TRAIN_SIDE,
            )
        )
    old = list(money.trains)
    discount = 0
    if trade is not None:
        old.remove(trade)
        discount = train_sides()[trade].trade_in or 0
        steps.append(
            Step(
                f"{company} trades in its {trade}, worth {discount} off the price (Table 4); the {trade} goes to the "
                "Pool",
                rulebook.TRADE_IN,
            )
        )
    price = side.cost - discount
    after = _phase_after(side, phase) or phase
    rusted = tuple(
        t for t in old if (o := train_sides()[t].obsolete_in) is not None and phase_index(o) <= phase_index(after)
    )
    for t in rusted:
        old.remove(t)
    limit = train_limit(after, money.kind)
    if after != phase:
        steps.append(
            Step(
                f"the first {side.card} starts phase {after}"
                + (f": {company}'s {', '.join(rusted)} rust(s) and leave(s) the game" if rusted else ""),
                rulebook.TRAIN_PHASE,
            )
        )
    trains_after, discarded = _keep(after, old, name, limit, runs)
    if discarded:
        steps.append(
            Step(
                f"a {money.kind} may hold {limit} train(s) in phase {after}: {company} discards "
                f"{', '.join(discarded)} to the Pool without compensation, keeping the trains of the best run",
                rulebook.TRAIN_PHASE,
            )
        )
    ledger = Ledger()
    cash, loans, affordable = money.cash, 0, True
    if price > cash:
        need = loans_needed(price - cash)
        if money.trains:
            affordable = False
            steps.append(
                Step(
                    f"{company} has {cash}, {price - cash} short of {price}; a company with a train may take no loan "
                    "for another",
                    rulebook.TRAIN_PURCHASE,
                )
            )
        elif money.loans + need > loan_limit(money.kind):
            affordable = False
            steps.append(
                Step(
                    f"{company} has {cash} and {money.loans} loan(s): {need} more would pass the limit of "
                    f"{loan_limit(money.kind)}",
                    rulebook.LOANS,
                )
            )
        else:
            loans = need
            cash += take_loans(ledger, company, need)
            steps.append(
                Step(
                    f"{company} has no train: {need} loan(s), each netting 45, bring its cash to {cash}", rulebook.LOANS
                )
            )
    if affordable:
        ledger.pay(company, BANK, price)
        cash -= price
        steps.append(Step(f"{company} pays {price} to the Bank; cash {cash}", rulebook.TRAIN_PURCHASE))
    best = runs(after, trains_after)
    steps.append(
        Step(
            f"best run with {', '.join(trains_after)}: {best.revenue} ({best.status_text}); without the purchase "
            f"{current.revenue}: {best.revenue - current.revenue:+d}",
            rulebook.RUN,
        )
    )
    steps.append(Step(f"the run: {best.routes_text()}", rulebook.RUN))
    share, before = per_share(money.kind, best.revenue), per_share(money.kind, current.revenue)
    who = "its owner receives" if money.kind == "minor" else f"each of its {SHARES[money.kind]} shares pays"
    steps.append(
        Step(
            f"paid in full, {who} {share} (without the purchase {before}): {share - before:+d}",
            rulebook.SYSTEM_DIVIDEND if money.kind == "system" else rulebook.PUBLIC_DIVIDEND,
        )
    )
    steps.append(
        Step(
            f"the {name} is obsolete from phase {side.obsolete_in}" if side.obsolete_in else f"the {name} never rusts",
            rulebook.TRAIN_PHASE,
        )
    )
    return TrainOption(
        name,
        side.card,
        source,
        trade,
        side.cost,
        discount,
        price,
        after,
        rusted,
        limit,
        discarded,
        trains_after,
        side.obsolete_in,
        loans,
        affordable,
        cash,
        best,
        best.revenue - current.revenue,
        share,
        share - before,
        ledger.frozen(),
        tuple(steps),
    )


def _keep(phase: str, old: Sequence[str], new: str, limit: int, runs: _Runs) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The trains held after buying `new` within `limit` (the new one and the old ones of the best run when some
    must go, the dearer trains on a tie) and those discarded; with a limit of 0 (a minor in phase 8) nothing is
    held."""
    if len(old) + 1 <= limit:
        return (*old, new), ()
    if limit < 1:
        return (), (*old, new)
    keeps = list(dict.fromkeys(tuple(sorted(c)) for c in combinations(old, limit - 1)))
    best = max(keeps, key=lambda keep: (runs(phase, (*keep, new)).revenue, sum(train_sides()[t].cost for t in keep)))
    rest = list(old)
    for t in best:
        rest.remove(t)
    return (*best, new), tuple(rest)
