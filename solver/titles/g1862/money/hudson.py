"""The George Hudson Manoeuvre (7.8.6): topping revenue up from the treasury to lift the share price.

If a company earns £10 or more, but less than its share price, the director may add the smallest multiple of
£10 from the treasury (this turn's Local subsidy included) that brings the revenue to at least the share
price; the revenue must then be paid out. A revenue of exactly £10 qualifies (the rulebook says "£10 or
more"; the 18xx.games engine requires more than £10).
"""

from __future__ import annotations

from dataclasses import dataclass

HUDSON_STEP = 10
HUDSON_MINIMUM = 10


@dataclass(frozen=True)
class HudsonCheck:
    """Whether the Manoeuvre is allowed, the top-up it takes (0 when not allowed) and why (7.8.6)."""

    allowed: bool
    top_up: int
    reason: str


def hudson_check(price: int, revenue: int, funds: int) -> HudsonCheck:
    """Can the company top `revenue` up to `price` from `funds` (treasury plus this turn's subsidy)? Returns
    the smallest multiple of 10 that reaches the price, and whether it is allowed (7.8.6)."""
    if revenue < HUDSON_MINIMUM:
        return HudsonCheck(False, 0, f"revenue {revenue} is below £{HUDSON_MINIMUM} (7.8.6)")
    if revenue >= price:
        return HudsonCheck(False, 0, f"revenue {revenue} already reaches the share price {price} (7.8.6)")
    gap = price - revenue
    top_up = -(-gap // HUDSON_STEP) * HUDSON_STEP
    if top_up > funds:
        return HudsonCheck(False, top_up, f"needs £{top_up} but the treasury and subsidy hold only £{funds} (7.8.6)")
    return HudsonCheck(
        True, top_up, f"£{top_up} from the treasury lifts revenue {revenue} to {revenue + top_up} (7.8.6)"
    )
