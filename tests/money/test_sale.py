"""Share sales (6.4.1, 6.4.2, 7.11.1, 10.3)."""

from __future__ import annotations

import pytest

from solver.errors import InputError
from solver.titles.g1862.money.sale import sale_preview, treasury_sale_preview


def test_6_4_2_director_sale_walks_74_71_68_65() -> None:
    out = sale_preview(74, 3, director=True)
    assert [m.end for m in out.moves] == [71, 68, 65]
    assert out.new_price == 65 and out.proceeds == 222


def test_6_4_1_trainless_company_sells_at_half_rounded_down() -> None:
    out = sale_preview(71, 2, has_train=False)
    assert out.price_per_share == 35 and out.proceeds == 70


def test_6_4_2_non_director_ignores_first_share_below_40_and_above_200() -> None:
    assert sale_preview(210, 3).new_price == 191
    assert sale_preview(210, 3).ignored == 1
    assert sale_preview(210, 3, director=True).new_price == 182
    assert sale_preview(36, 1).new_price == 36
    assert sale_preview(100, 1).new_price == 95


def test_6_4_2_first_two_ignored_at_400_and_over() -> None:
    out = sale_preview(430, 3)
    assert out.ignored == 2 and out.new_price == 400


def test_6_4_2_no_move_before_flotation_or_after_lner() -> None:
    assert sale_preview(74, 3, floated=False).new_price == 74
    assert sale_preview(74, 3, lner=True).new_price == 74
    assert not sale_preview(74, 3, lner=True).moves


def test_7_12_selling_to_the_bottom_bankrupts() -> None:
    assert sale_preview(7, 1, director=True).bankrupt


def test_7_11_1_treasury_sale_full_price_fewest_shares_director_zones() -> None:
    plan = treasury_sale_preview(210, 3, cash=100, train_cost=500)
    assert plan.possible and plan.shares == 2 and plan.sale is not None
    assert plan.sale.price_per_share == 210 and plan.sale.new_price == 191
    assert plan.cash_after == 520


def test_7_11_1_treasury_sale_impossible_means_refinance() -> None:
    plan = treasury_sale_preview(54, 2, cash=0, train_cost=280)
    assert not plan.possible and "refinance" in plan.reason


def test_bad_sale_inputs() -> None:
    with pytest.raises(InputError, match="at least one share"):
        sale_preview(74, 0)
    with pytest.raises(InputError, match="not a space"):
        sale_preview(75, 1)
