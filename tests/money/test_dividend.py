"""Dividends (7.8.5) and the George Hudson Manoeuvre (7.8.6)."""

from __future__ import annotations

import pytest

from solver.errors import InputError
from solver.titles.g1862.money.dividend import dividend_preview
from solver.titles.g1862.money.hudson import hudson_check
from solver.titles.g1862.money.market import get_market


def test_7_8_5_example_l_and_e_pays_19_a_share() -> None:
    out = dividend_preview(82, 190, holdings={"Richard": 5, "Lucy": 2, "treasury": 2, "pool": 1}, treasury=10)
    assert out.per_share == 19
    assert dict(out.payouts) == {"Richard": 95, "Lucy": 38, "treasury": 38}
    assert out.treasury_after == 10 + 38
    assert any("Bank Pool earn nothing" in n for n in out.notes)


@pytest.mark.parametrize(
    ("price", "revenue", "spaces"),
    [
        (62, 60, 0),
        (62, 70, 1),
        (62, 120, 1),
        (62, 130, 2),
        (62, 180, 2),
        (62, 190, 3),
        (62, 240, 3),
        (62, 250, 4),
        (65, 190, 2),
        (65, 200, 3),
        (65, 260, 4),
    ],
)
def test_6_4_2_printed_per_share_bands(price: int, revenue: int, spaces: int) -> None:
    """The bands beside the chart: at 62, 7-12 a share moves one space, 13-18 two, 19-24 three, 25+ four;
    at 65, 7-12, 13-19, 20-25, 26+."""
    out = dividend_preview(price, revenue)
    assert out.spaces == spaces
    assert (
        out.new_price == dividend_preview(price, 0).new_price if spaces < 0 else out.new_price == _right(price, spaces)
    )


def _right(price: int, spaces: int) -> int:
    return get_market().right(price, spaces)


def test_7_8_5_dividend_equal_to_price_moves_one_space() -> None:
    assert dividend_preview(100, 100).new_price == 110
    assert dividend_preview(100, 90).new_price == 100
    assert dividend_preview(100, 400).spaces == 4 and dividend_preview(100, 900).spaces == 4


def test_7_8_5_withheld_or_nothing_paid_moves_one_space_left() -> None:
    out = dividend_preview(82, 120, pay=False, treasury=50)
    assert out.new_price == 74 and out.treasury_after == 170 and not out.payouts
    zero = dividend_preview(82, 0, holdings={"A": 5})
    assert zero.new_price == 74 and zero.spaces == -1 and not zero.paid


def test_7_12_withholding_at_7_bankrupts_and_10_1_top_ends_the_game() -> None:
    assert dividend_preview(7, 0).bankrupt
    assert dividend_preview(900, 3600).game_end


def test_7_8_6_example_hudson_at_82_with_60() -> None:
    out = dividend_preview(82, 60, treasury=100, hudson=True, holdings={"A": 6, "treasury": 1, "pool": 3})
    assert out.top_up == 30 and out.declared == 90 and out.per_share == 9
    assert out.new_price == 90 and out.spaces == 1
    assert out.treasury_after == 100 - 30 + 9


def test_7_8_6_hudson_from_exactly_10_and_not_below() -> None:
    assert hudson_check(54, 10, 100).allowed
    assert hudson_check(54, 10, 100).top_up == 50
    assert not hudson_check(54, 0, 100).allowed


def test_7_8_6_hudson_counts_this_turns_subsidy() -> None:
    assert not hudson_check(82, 60, 20).allowed
    out = dividend_preview(82, 60, treasury=0, subsidy=30, hudson=True)
    assert out.top_up == 30 and out.treasury_after == 0


def test_7_8_6_hudson_not_allowed_is_explained() -> None:
    with pytest.raises(InputError, match="already reaches the share price"):
        dividend_preview(82, 90, treasury=100, hudson=True)
    with pytest.raises(InputError, match="treasury and subsidy hold only"):
        dividend_preview(82, 60, treasury=20, hudson=True)
    with pytest.raises(InputError, match="forces the revenue to be paid out"):
        dividend_preview(82, 60, treasury=100, hudson=True, pay=False)


def test_7_8_6_hudson_offered_when_available() -> None:
    assert "available" in dividend_preview(82, 60, treasury=100).hudson_note
    assert dividend_preview(82, 60, treasury=0).hudson_note == ""


def test_bad_dividend_inputs() -> None:
    with pytest.raises(InputError, match="multiple of £10"):
        dividend_preview(82, 65)
    with pytest.raises(InputError, match="negative"):
        dividend_preview(82, -10)
    with pytest.raises(InputError, match="not a space"):
        dividend_preview(83, 10)


def test_dividend_bands_agree_with_the_reference_thresholds(reference) -> None:  # type: ignore[no-untyped-def]
    """Every cell and every revenue around each threshold: the spaces moved are the thresholds reached (7.8.5)."""
    market = get_market()
    for cell in reference("market")["cells"]:
        thresholds = cell["dividend_revenue_thresholds"]
        if not thresholds:
            continue
        price = cell["price"]
        for total in thresholds:
            for revenue in {max(10, -(-total // 10) * 10 - 10), -(-total // 10) * 10}:
                out = dividend_preview(price, revenue)
                reached = sum(revenue >= t for t in thresholds)
                assert out.spaces == reached
                assert out.new_price == market.right(price, reached)
