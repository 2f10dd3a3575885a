"""18BF's start prices: a minor's from its auction bid (§9.2) and a public's par when it is started in a Stock
Round (§9.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.core.money_steps import Step, outcome_dict
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook
from solver.titles.g18bf.money.kinds import DIRECTOR_SHARES, SHARES
from solver.titles.g18bf.money.market import zone
from solver.titles.g18bf.money.phases import require

#: The lowest bid for a minor and the step of a raise (§9.2).
MINOR_LOWEST_BID, BID_STEP = 100, 5


@dataclass(frozen=True)
class StartOutcome:
    """A start: the price, what is paid into the treasury, the shares the treasury keeps, and the step log."""

    price: int
    treasury: int
    treasury_shares: int
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return outcome_dict(self)


def minor_start(bid: int) -> StartOutcome:
    """A minor won for `bid`: the bid goes to its treasury; its price is half the bid rounded down to a red or
    brown outlined space, 50 to 135 (§9.2)."""
    if bid < MINOR_LOWEST_BID or bid % BID_STEP:
        raise InputError(
            [
                Problem(
                    "bid",
                    rulebook.MINOR_START,
                    f"a bid is a multiple of £{BID_STEP} from £{MINOR_LOWEST_BID} (got {bid})",
                )
            ]
        )
    spaces = zone("minor_start")
    price = max(p for p in spaces if 2 * p <= bid)
    steps = (
        Step(f"the bid {bid} goes into the minor's treasury", rulebook.MINOR_START),
        Step(
            f"half the bid is {bid / 2:g}: rounded down to the space {price} "
            f"(minor start spaces {spaces[0]}-{spaces[-1]})",
            rulebook.MINOR_START,
        ),
    )
    return StartOutcome(price, bid, 0, steps)


def public_start(par: int, phase: str) -> StartOutcome:
    """A public started in a Stock Round at `par` (phase 4 on): the Director's Certificate costs twice the par,
    paid to the treasury, which keeps the other eight shares (§9.3)."""
    require(phase, "public_starts", rulebook.PUBLIC_START, "starting a public company in a Stock Round")
    spaces = zone("public_start")
    if par not in spaces:
        raise InputError(
            [
                Problem(
                    "par",
                    rulebook.PUBLIC_START,
                    f"{par} is not a red or purple outlined space ({', '.join(map(str, spaces))})",
                )
            ]
        )
    cost = DIRECTOR_SHARES["public"] * par
    rest = SHARES["public"] - DIRECTOR_SHARES["public"]
    steps = (
        Step(f"the Director's Certificate costs 2 x {par} = {cost}, paid into the treasury", rulebook.PUBLIC_START),
        Step(f"the other {rest} shares are placed in the treasury", rulebook.PUBLIC_START),
    )
    return StartOutcome(par, cost, rest, steps)
