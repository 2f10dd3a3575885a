"""The rest of a turn from its earnings (§10.7 then §10.8-§10.10): what the distribution leaves in the treasury
pays the interest and the loans redeemed."""

from __future__ import annotations

from solver.titles.g18bf.money.position import company_money
from solver.titles.g18bf.money.turn import turn_preview

from .positions import example


def test_withheld_earnings_pay_interest_and_redeem_loans() -> None:
    """GNR (120, £200, 2 loans) withholds 150: one space left (§10.7), £350; interest 10 (§10.8); both loans repaid
    (§10.9): £240 and no loans; money conserved."""
    out = turn_preview(company_money(example(), "GNR"), "6", 150, choice="withhold", price=120)
    assert out.end is not None
    assert (out.end.cash_before, out.end.interest, out.end.loans_repaid, out.end.cash_after) == (350, 10, 2, 240)
    assert [m.end for m in out.moves] == [110]
    assert sum(out.cash_changes.values()) == 0


def test_full_pay_keeps_only_the_treasury_shares_dividend() -> None:
    """GNR pays 150 in full: 15 a share, its 2 treasury shares bring 30 (§10.7): £230, then interest 10 and 2 loans
    repaid: £120."""
    out = turn_preview(company_money(example(), "GNR"), "6", 150, price=120)
    assert out.end is not None and (out.end.cash_before, out.end.cash_after) == (230, 120)
    assert out.moves[0].end == 135
