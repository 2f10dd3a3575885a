"""18BF's dividend preview (§10.7): who is paid what, what the treasury keeps and where the price goes.

A minor pays half its earnings to its owner and half to its treasury, and moves right with earnings (never above
165) or left without. A public pays all, half (rounded up to a multiple of £10, the rest kept) or nothing: each of
its ten shares gets a tenth, treasury shares paying the company and the Pool's lost to the Bank; it moves left when
it keeps everything or earns nothing, right when ten times the dividend a share reaches the price. A System pays a
twentieth a share, rounded down, and from phase 8 moves two spaces right when ten times the dividend a share is at
least twice the price. Readings of the open points (the rounded-off remainder, a System's half pay, an odd minor
payout) are in docs/money-18bf.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from solver.core.market import Move, place_token
from solver.core.money_steps import Step, outcome_dict
from solver.errors import InputError, Problem, problems_of
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import POOL, SHARES, TREASURY, Kind
from solver.titles.g18bf.money.ledger import BANK, Ledger
from solver.titles.g18bf.money.market import cell, is_closed, minor_max, shift
from solver.titles.g18bf.trains import phase_index

Choice = Literal["full", "half", "withhold"]
CHOICES: tuple[Choice, ...] = ("full", "half", "withhold")
#: The first phase in which a System may double-jump (§8, §10.7).
DOUBLE_JUMP_PHASE = "8"


@dataclass(frozen=True)
class DividendOutcome:
    """One distribution: the amount paid out, what the company keeps (`kept`, besides `to_company`, the dividend
    of its treasury shares), each player's payment, the Pool's part lost to the Bank, the move and every party's
    change of cash (players, the company, the Bank: they sum to zero)."""

    company: str
    kind: Kind
    choice: Choice
    price: int
    earnings: int
    paid: int
    per_share: int
    kept: int
    payouts: Mapping[str, int]
    to_company: int
    lost: int
    moves: tuple[Move, ...]
    new_price: int
    closed: bool
    stacks_after: Mapping[int, tuple[str, ...]]
    cash_changes: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self, omit=("stacks_after",))


def per_share(kind: Kind, paid: int) -> int:
    """What one share receives of `paid` (§10.7): a tenth of a public's, a twentieth of a System's rounded down; a
    minor's one charter, its owner, half its earnings (the lower half, docs/money-18bf.md)."""
    return paid // 2 if kind == "minor" else paid // SHARES[kind]


def half_pay(earnings: int) -> int:
    """Half the earnings rounded up to the next multiple of £10 (§10.7)."""
    return -(-earnings // 20) * 10


def _check(kind: Kind, company: str, price: int, earnings: int, choice: Choice, holdings: Mapping[str, int]) -> None:
    problems = problems_of(lambda: cell(price, f"company {company}.price"))
    if earnings < 0:
        problems.append(Problem("earnings", rulebook.PUBLIC_DIVIDEND, f"earnings cannot be negative ({earnings})"))
    if kind == "minor" and choice != "full":
        problems.append(
            Problem(
                "choice", rulebook.MINOR_DIVIDEND, f"a minor always pays half to its owner ({company}: not {choice})"
            )
        )
    if kind == "minor" and price > minor_max():
        problems.append(
            Problem(f"company {company}.price", rulebook.MINOR_DIVIDEND, f"a minor is never above {minor_max()}")
        )
    if kind != "minor":
        total = sum(holdings.values())
        if any(n < 0 for n in holdings.values()) or total != SHARES[kind]:
            problems.append(
                Problem(
                    f"company {company}.holdings",
                    rulebook.SYSTEMS if kind == "system" else rulebook.PUBLICS,
                    f"a {kind} has {SHARES[kind]} shares; {total} are listed",
                )
            )
    if problems:
        raise InputError(problems)


def dividend_preview(
    kind: Kind,
    price: int,
    earnings: int,
    *,
    choice: Choice = "full",
    holdings: Mapping[str, int] | None = None,
    owner: str = "owner",
    company: str = "company",
    phase: str = "2",
    stacks: Mapping[int, Sequence[str]] | None = None,
) -> DividendOutcome:
    """Preview distributing `earnings` of a `kind` company at `price`. `holdings` (players, `ipo` for the
    treasury, `pool`) are a public's or System's shares; `owner` is a minor's. `phase` decides a System's double
    jump; `stacks` (price -> tokens, top first) give the market after the move. InputError names the field."""
    shares = dict(holdings or {})
    _check(kind, company, price, earnings, choice, shares)
    ledger = Ledger()
    steps: list[Step] = []
    payouts: dict[str, int] = {}
    to_company = lost = 0
    if kind == "minor":
        paid = per_share(kind, earnings)
        kept = earnings - paid
        share = paid
        if paid:
            payouts[owner] = paid
            ledger.pay(BANK, owner, paid)
        ledger.pay(BANK, company, kept)
        steps.append(
            Step(
                f"{company} earns {earnings}: {paid} to its owner {owner}, {kept} to its treasury",
                rulebook.MINOR_DIVIDEND,
            )
        )
        if earnings and price >= minor_max():
            move = Move(
                price,
                price,
                f"earnings {earnings}, but a minor never rises above {minor_max()}",
                rulebook.MINOR_DIVIDEND,
            )
        elif earnings:
            move = shift(
                price, 1, f"earnings {earnings}: one space right", rulebook.MINOR_DIVIDEND, ceiling=minor_max()
            )
        else:
            move = shift(price, -1, "no earnings: one space left", rulebook.MINOR_DIVIDEND)
        moves: tuple[Move, ...] = (move,)
    else:
        rule = rulebook.SYSTEM_DIVIDEND if kind == "system" else rulebook.PUBLIC_DIVIDEND
        n = SHARES[kind]
        paid = 0 if choice == "withhold" else earnings if choice == "full" else min(earnings, half_pay(earnings))
        share = per_share(kind, paid)
        if choice == "half":
            steps.append(Step(f"half of {earnings} rounded up to £10: {paid} paid, the rest kept", rule))
        if paid:
            steps.append(Step(f"{paid} paid out: {share} for each of the {n} shares", rule))
            if share * n != paid:
                steps.append(
                    Step(
                        f"{paid} / {n} = {paid / n:g} rounds down to {share}; the {paid - share * n} not "
                        "paid stays in the treasury (reading, docs/money-18bf.md)",
                        rule,
                    )
                )
        for holder, count in shares.items():
            amount = share * count
            if not amount:
                continue
            if holder == TREASURY:
                to_company = amount
                steps.append(Step(f"the treasury's {count} share(s) pay {amount} to {company}", rule))
            elif holder == POOL:
                lost = amount
                steps.append(Step(f"the Pool's {count} share(s): {amount} paid to nobody", rule))
            else:
                payouts[holder] = amount
                ledger.pay(BANK, holder, amount)
                steps.append(Step(f"{holder} holds {count} share(s): receives {amount}", rule))
        kept = earnings - share * n
        ledger.pay(BANK, company, kept + to_company)
        if paid < earnings:
            steps.append(Step(f"{earnings - paid} kept by {company}", rule))
        if paid == 0:
            why = "no earnings" if earnings == 0 else "all earnings kept"
            moves = (shift(price, -1, f"{why}: one space left", rule),)
        elif 10 * share >= 2 * price and kind == "system" and phase_index(phase) >= phase_index(DOUBLE_JUMP_PHASE):
            moves = (
                shift(
                    price,
                    2,
                    f"10 x {share} = {10 * share} is at least twice the price {price}: two spaces right (phase 8)",
                    rule,
                ),
            )
        elif 10 * share >= price:
            moves = (shift(price, 1, f"10 x {share} = {10 * share} reaches the price {price}: one space right", rule),)
        else:
            moves = (Move(price, price, f"10 x {share} = {10 * share} is below the price {price}: no move", rule),)
    for m in moves:
        steps.append(Step(f"price {m.start} -> {m.end}: {m.why}", m.rule))
    new_price = moves[-1].end
    closed = is_closed(new_price)
    if closed:
        steps.append(Step(f"{company} falls into the Closed box and closes at once", rulebook.CLOSED))
    before = {p: tuple(ts) for p, ts in (stacks or {}).items()}
    after = before
    if before and new_price != price:
        after = place_token(before, company, new_price)
        steps.append(Step(f"{company}'s marker goes to the bottom of the stack on {new_price}", rulebook.STACK))
    return DividendOutcome(
        company,
        kind,
        choice,
        price,
        earnings,
        paid,
        share,
        kept,
        payouts,
        to_company,
        lost,
        moves,
        new_price,
        closed,
        after,
        ledger.frozen(),
        tuple(steps),
    )


def dividend_options(kind: Kind, price: int, earnings: int, **kwargs: Any) -> dict[Choice, DividendOutcome]:
    """Full, half and withhold side by side (a minor has only its one way)."""
    choices: tuple[Choice, ...] = ("full",) if kind == "minor" else CHOICES
    return {c: dividend_preview(kind, price, earnings, choice=c, **kwargs) for c in choices}
