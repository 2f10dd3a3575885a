"""1860's assets per player at the end of the game (The End of the Game, RB L332-L338): money in hand, private
companies at face value, and shares at the market price, or at half the price rounded down when the company has no
train (read per share, as for sales, RB L348); a director's certificate is two shares (RB L338). Company credits do
not count (RB L334, L409). The bank breaks when the players hold all its £10,000 (RB L326): the figure left is
10,000 less the players' money.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import IPO, POOL, BoardPosition
from solver.core.money_steps import Step, outcome_dict
from solver.errors import InputError, Problem
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.position import check_money

BANK = 10_000


@dataclass(frozen=True)
class PlayerValue:
    """One player's assets: cash, share values by company, private companies, and the total."""

    player: str
    cash: int
    shares: Mapping[str, int]
    privates: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


@dataclass(frozen=True)
class ValueOutcome:
    """Every player's assets, best first, the bank's money left and the step log."""

    players: tuple[PlayerValue, ...]
    bank_left: int
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "bank_left": self.bank_left,
            "steps": [s.to_dict() for s in self.steps],
        }


def share_value(price: int, has_train: bool) -> int:
    """One share's worth at the end: the price, or half of it rounded down without a train (RB L336)."""
    return price if has_train else price // 2


def player_values(
    position: BoardPosition,
    *,
    prices: Mapping[str, int] | None = None,
    income: Mapping[str, int] | None = None,
    privates: Mapping[str, int] | None = None,
) -> ValueOutcome:
    """Each player's assets in the position: `prices` (company -> price) replace the market's, `income` is money
    received since (the nationalisation rounds' dividends), `privates` each player's private companies at face
    value. InputError when the position has no players or a holder's company has no price."""
    check_money(position)
    if not position.players:
        raise InputError([Problem("players", rulebook.ASSETS, "the position names no players")])
    steps: list[Step] = []
    values: list[PlayerValue] = []
    price_now = {c: position.price_of(c) for c in position.companies}
    price_now.update(prices or {})
    for player in position.players:
        cash = player.cash + (income or {}).get(player.name, 0)
        steps.append(Step(f"{player.name}: money {cash}", rulebook.ASSETS))
        shares: dict[str, int] = {}
        for state in position.companies.values():
            n = state.holdings.get(player.name, 0)
            if not n:
                continue
            price = price_now.get(state.id)
            if price is None:
                raise InputError(
                    [
                        Problem(
                            f"market {state.id}", rulebook.ASSETS, f"{player.name} holds {state.id} but it has no price"
                        )
                    ]
                )
            each = share_value(price, bool(state.trains))
            shares[state.id] = n * each
            how = f"at {price}" if state.trains else f"at half of {price}, {each}, having no train"
            rule = rulebook.DIRECTOR_DOUBLE if state.director == player.name else rulebook.ASSETS
            steps.append(Step(f"{player.name}: {n} {state.id} share(s) {how} = {n * each}", rule))
        own = (privates or {}).get(player.name, 0)
        if own:
            steps.append(Step(f"{player.name}: private companies at face value {own}", rulebook.ASSETS))
        values.append(PlayerValue(player.name, cash, shares, own, cash + sum(shares.values()) + own))
    bank_left = BANK - sum(p.cash for p in position.players)
    steps.append(Step(f"the bank holds {bank_left} of its {BANK}", rulebook.BANK_BREAKS))
    if bank_left <= 0:
        steps.append(Step("the bank has run out: the game ends after this operating round", rulebook.BANK_BREAKS))
    unheld = [c for c in position.companies.values() if c.holdings.get(IPO, 0) + c.holdings.get(POOL, 0)]
    if unheld:
        steps.append(
            Step(
                "shares in the IPO or the bank pool belong to no player: "
                + ", ".join(f"{c.id} {c.holdings.get(IPO, 0) + c.holdings.get(POOL, 0)}" for c in unheld),
                rulebook.ASSETS,
            )
        )
    ranked = tuple(sorted(values, key=lambda v: -v.total))
    return ValueOutcome(ranked, bank_left, tuple(steps))
