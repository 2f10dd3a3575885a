"""1860's share sale preview (Buying and Selling Shares, RB L346-L360; Share Price Movement, RB L364-L380): what a
block of shares fetches, where the price goes and who directs the company afterwards.

Shares sell at the market price, or at half (rounded down) when the company has no train (RB L348; an insolvent
company has none, RB L640); under the variant of RB L745 at full price before the company first operates. The
price falls one place per share (RB L374), all shares of one turn counting as one sale (RB L378); in the red-letter
zones (below 40, above 150, judged on the price before the sale) the first share does not count (RB L378). Nothing
moves before the company has operated (RB L368) or after the 8+4 is bought (RB L372). 0 is bankruptcy (RB L380).
The rulebook sets no limit on the shares in the bank pool (docs/money-1860.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.board_position import IPO, POOL
from solver.core.market import Move
from solver.core.money_steps import Step
from solver.errors import InputError, Problem, problems_of
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.dividend import SHARES
from solver.titles.g1860.money.market import in_red_zone, is_bankrupt, market_rules, price_cell, shift

#: A director's certificate is two shares (The End of the Game, RB L338).
DIRECTOR_SHARES = 2


@dataclass(frozen=True)
class SaleOutcome:
    """One block sold to the bank pool: price per share, proceeds, the move, the new price, the director after
    the sale (None: the certificate is in the pool and the company is in receivership) and the step log."""

    price: int
    shares: int
    price_per_share: int
    proceeds: int
    ignored: int
    move: Move
    new_price: int
    bankrupt: bool
    director: str | None
    holdings_after: Mapping[str, int]
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "price": self.price,
            "shares": self.shares,
            "price_per_share": self.price_per_share,
            "proceeds": self.proceeds,
            "ignored": self.ignored,
            "new_price": self.new_price,
            "moves": [self.move.to_dict()],
            "bankrupt": self.bankrupt,
            "director": self.director,
            "holdings_after": dict(self.holdings_after),
            "steps": [s.to_dict() for s in self.steps],
        }


def _director_after(
    holdings: Mapping[str, int], seats: Sequence[str], director: str, seller: str, sold: int, steps: list[Step]
) -> tuple[str | None, dict[str, int]]:
    """The director after `seller` sells `sold` shares (RB L358-L360): the holdings after, certificates and all."""
    after = dict(holdings)
    after[seller] = after.get(seller, 0) - sold
    pool_before = holdings.get(POOL, 0)
    after[POOL] = pool_before + sold
    if seller != director:
        return director, after
    others = [p for p in seats if p != seller]
    most = max((after.get(p, 0) for p in others), default=0)
    if most > after[seller] and most >= DIRECTOR_SHARES:
        # The nearest player clockwise from the old director among those holding the most (RB L358).
        start = seats.index(director)
        clockwise = [seats[(start + i) % len(seats)] for i in range(1, len(seats))]
        new = next(p for p in clockwise if after.get(p, 0) == most)
        steps.append(
            Step(
                f"{new} now holds the most shares ({most}): {seller} swaps the director's certificate for two of "
                f"{new}'s shares; {new} directs the company",
                rulebook.DIRECTOR_SWAP,
            )
        )
        return new, after
    if after[seller] >= DIRECTOR_SHARES:
        steps.append(Step(f"{seller} keeps the director's certificate", rulebook.DIRECTOR_SWAP))
        return director, after
    if after[seller] == 1 and pool_before < 1:
        raise InputError(
            [
                Problem(
                    f"seller {seller}",
                    rulebook.DIRECTOR_TO_POOL,
                    "the director sells one share of the certificate only by exchanging it for a share in the bank "
                    "pool, and the pool has none",
                )
            ]
        )
    steps.append(
        Step(
            "no other player holds two shares: the director's certificate goes to the bank pool"
            + (f", {seller} taking one share from it" if after[seller] == 1 else "")
            + "; the company has no director (receivership)",
            rulebook.DIRECTOR_TO_POOL,
        )
    )
    return None, after


def sale_preview(
    price: int,
    shares: int,
    *,
    has_train: bool = True,
    operated: bool = True,
    after_8_train: bool = False,
    full_price_variant: bool = False,
    seller: str | None = None,
    holdings: Mapping[str, int] | None = None,
    director: str | None = None,
    seats: Sequence[str] = (),
) -> SaleOutcome:
    """Preview selling `shares` shares at `price` in one turn. With `seller`, `holdings` (players, `ipo`, `pool`;
    a director's certificate counts two), `director` and `seats` (players in clockwise order) it also checks the
    seller holds them and says who directs the company afterwards. InputError names each wrong field and rule."""
    problems = problems_of(lambda: price_cell(price))
    if not 1 <= shares <= SHARES:
        problems.append(Problem("shares", rulebook.SALE_MOVE, f"sell from 1 to {SHARES} shares (got {shares})"))
    held = dict(holdings or {})
    if seller is not None and holdings is not None:
        if held.get(seller, 0) < shares:
            problems.append(
                Problem(f"seller {seller}", rulebook.SALE_PRICE, f"holds {held.get(seller, 0)} share(s), not {shares}")
            )
        if seller in (IPO, POOL):
            problems.append(Problem(f"seller {seller}", rulebook.SALE_PRICE, "only players sell shares"))
        if director is not None and director not in seats:
            problems.append(Problem(f"director {director}", rulebook.DIRECTOR_SWAP, "the director is not a player"))
    if problems:
        raise InputError(problems)

    steps: list[Step] = []
    if has_train:
        per_share = price
        steps.append(Step(f"{shares} share(s) at the market price {price}", rulebook.SALE_PRICE))
    elif full_price_variant and not operated:
        per_share = price
        steps.append(Step(f"not yet operated: full price {price} (variant)", rulebook.VARIANT_FULL_PRICE))
    else:
        per_share = price // 2
        steps.append(Step(f"no train: half the price, {price} / 2 = {per_share} a share", rulebook.SALE_PRICE))
    steps.append(Step(f"proceeds {shares} x {per_share} = {shares * per_share}", rulebook.SALE_PRICE))
    ignored = 0
    if not operated:
        move = Move(price, price, "the company has not operated: no move", rulebook.NOT_OPERATED)
    elif after_8_train:
        move = Move(price, price, "the 8+4 has been bought: sales no longer move prices", rulebook.AFTER_8_TRAIN)
    else:
        ignored = 1 if in_red_zone(price) else 0
        if ignored:
            steps.append(Step(f"{price} is in a red-letter zone: the first share does not count", rulebook.RED_ZONE))
        places = (shares - ignored) * market_rules().places_per_share_sold
        move = shift(price, -places, f"{shares - ignored} share(s) counted: {places} place(s) down", rulebook.SALE_MOVE)
    steps.append(Step(f"price {move.start} -> {move.end}: {move.why}", move.rule))
    bankrupt = is_bankrupt(move.end)
    if bankrupt:
        steps.append(Step("the price is 0: the company is bankrupt", rulebook.SALE_BANKRUPT))
    new_director = director
    after = held
    if seller is not None and holdings is not None and director is not None:
        new_director, after = _director_after(held, list(seats), director, seller, shares, steps)
    elif seller is not None and holdings is not None:
        after = {**held, seller: held.get(seller, 0) - shares, POOL: held.get(POOL, 0) + shares}
    return SaleOutcome(
        price,
        shares,
        per_share,
        per_share * shares,
        ignored,
        move,
        move.end,
        bankrupt,
        new_director,
        after,
        tuple(steps),
    )
