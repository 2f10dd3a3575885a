"""18BF's game-end value (§13): each company's price moves one space left per outstanding loan; a player is worth
their cash, their shares at the prices so adjusted, twice the price of each minor they own, and the face value of
their privates (ferries and undergrounds: the railway privates have closed at the start of phase 8, §7.1.1, and
the game ends in phase 8). Treasuries and trains count for nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import BoardPosition
from solver.core.market import Move
from solver.core.money_steps import Step
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import POOL, TREASURY, Kind
from solver.titles.g18bf.money.market import cell, shift
from solver.titles.g18bf.money.position import check_money, company_money, seats

#: Railway privates close at the start of phase 8 (§7.1.1); ferries and undergrounds stay.
CLOSED_KINDS = frozenset({"private"})


@dataclass(frozen=True)
class PlayerValue:
    """A player's worth: cash plus each holding's value (what, value)."""

    player: str
    cash: int
    holdings: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return self.cash + sum(v for _, v in self.holdings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "cash": self.cash,
            "holdings": [list(h) for h in self.holdings],
            "total": self.total,
        }


@dataclass(frozen=True)
class GameEndOutcome:
    prices: Mapping[str, tuple[Move, ...]]
    players: tuple[PlayerValue, ...]
    steps: tuple[Step, ...]

    def final_price(self, company: str) -> int:
        return self.prices[company][-1].end

    def to_dict(self) -> dict[str, Any]:
        return {
            "prices": {c: [m.to_dict() for m in ms] for c, ms in self.prices.items()},
            "final_prices": {c: self.final_price(c) for c in self.prices},
            "players": [p.to_dict() for p in sorted(self.players, key=lambda p: -p.total)],
            "steps": [s.to_dict() for s in self.steps],
        }


def final_price(price: int, loans: int, company: str = "company") -> tuple[Move, ...]:
    """The moves of a company's price at the game's end: one space left per outstanding loan (§13)."""
    cell(price, f"company {company}.price")
    moves: list[Move] = [Move(price, price, "no loans", rulebook.GAME_END)]
    here = price
    for n in range(1, loans + 1):
        moves.append(shift(here, -1, f"loan {n} of {loans}: one space left", rulebook.GAME_END))
        here = moves[-1].end
    return tuple(moves[1:]) if loans else tuple(moves)


def company_value(kind: Kind, price: int, shares: int) -> int:
    """What a holding is worth at the end: a minor twice its price, a share its price (§13)."""
    return 2 * price if kind == "minor" else shares * price


def game_end_preview(position: BoardPosition) -> GameEndOutcome:
    """Every player's worth at the end of the game in this position (§13)."""
    check_money(position)
    steps: list[Step] = []
    prices: dict[str, tuple[Move, ...]] = {}
    worth: dict[str, list[tuple[str, int]]] = {p: [] for p in seats(position)}
    for company, state in position.companies.items():
        info = position.board.companies[company]
        if info.kind in ("minor", "public", "system"):
            money = company_money(position, company)
            if money.price is None:
                continue
            prices[company] = final_price(money.price, money.loans, company)
            end = prices[company][-1].end
            if money.loans:
                steps.append(
                    Step(
                        f"{company} {money.price} -> {end}: {money.loans} loan(s), one space left each",
                        rulebook.GAME_END,
                    )
                )
            for holder, n in money.holdings.items():
                if holder in (TREASURY, POOL) or holder not in worth:
                    continue
                value = company_value(money.kind, end, n)
                what = f"{company} (minor, 2 x {end})" if money.kind == "minor" else f"{company} {n} x {end}"
                worth[holder].append((what, value))
        elif state.director in worth:
            face = int(info.rules.get("face_value", 0))
            if info.kind in CLOSED_KINDS:
                steps.append(
                    Step(f"{company} is a railway private: closed in phase 8, worth nothing", rulebook.GAME_END)
                )
                continue
            worth[state.director].append((f"{company} (face value)", face))
    steps.append(Step("treasuries and trains count for nothing; minors are worth twice their price", rulebook.GAME_END))
    cash = {p.name: p.cash for p in position.players}
    players = tuple(PlayerValue(p, cash[p], tuple(h)) for p, h in worth.items())
    return GameEndOutcome(prices, players, tuple(steps))
