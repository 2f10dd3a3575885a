"""Every worked money figure and table of the 1860 rulebook (../shared/rules/001_3977acb489cb912c.txt), played
through the money previews: the dividend chart, the par row, the sale example, the operating order example, the
bankruptcy prices, the dividend moves, half prices, the leasing caps and the original-insolvency example."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.core.market import order_by_price
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.modes import with_settings
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.dividend import dividend_preview
from solver.titles.g1860.money.insolvency import insolvency_preview
from solver.titles.g1860.money.market import market
from solver.titles.g1860.money.position import with_company
from solver.titles.g1860.money.sale import sale_preview
from solver.titles.g1860.money.value import share_value
from solver.titles.g1860.scoring import original_insolvency_revenue

from .money_positions import example

RULEBOOK = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "001_3977acb489cb912c.txt"


def _lines() -> list[str]:
    if not RULEBOOK.is_file():
        pytest.skip(f"the 1860 rulebook is not present at {RULEBOOK}")
    return RULEBOOK.read_text(encoding="utf-8").splitlines()


def test_the_dividend_chart_rb_l226_l247_is_what_each_holding_receives() -> None:
    """The charter's chart: a row per tenth of the revenue (16 ... 36), a column per shares held (x1 ... x9)."""
    lines = _lines()
    assert lines[225].split("\t")[:9] == [f"x{i}" for i in range(1, 10)]
    rows = [[int(v) for v in line.split("\t") if v.strip()] for line in lines[226:247]]
    assert [r[0] for r in rows] == list(range(16, 37))
    for row in rows:
        for shares, expected in enumerate(row, start=1):
            out = dividend_preview(100, 10 * row[0], holdings={"Ann": shares, "pool": 10 - shares})
            assert out.payouts["Ann"] == expected


def test_the_par_row_rb_l248_is_the_markets_par_zone() -> None:
    par_row = [int(v) for v in _lines()[247].split("\t")[1:] if v.strip()]
    assert sorted(par_row) == list(market().zone_prices("par"))


def test_rb_l378_bill_sells_3_shares_at_182_and_the_price_drops_two_places_to_166() -> None:
    out = sale_preview(182, 3)
    assert (out.new_price, out.ignored, out.proceeds) == (166, 1, 546)
    assert [s.rule for s in out.steps if "red-letter" in s.text] == [rulebook.RED_ZONE]


def test_rb_l421_l428_on_one_space_nglstl_then_c_and_n_then_s_and_c() -> None:
    assert order_by_price({100: ("NGStL", "C&N", "S&C"), 110: ("IOW",)}) == ["IOW", "NGStL", "C&N", "S&C"]


@pytest.mark.parametrize("price", [7, 14])
def test_rb_l689_a_price_of_7_or_14_with_no_dividend_is_bankruptcy(price: int) -> None:
    out = dividend_preview(price, 0)
    assert out.bankrupt and out.new_price == 0
    assert out.steps[-2].rule == rulebook.BANKRUPT


@pytest.mark.parametrize(
    ("price", "revenue", "expected", "rule"),
    [
        (90, 80, 90, rulebook.BELOW_PRICE),  # RB L560
        (90, 90, 100, rulebook.DIVIDEND_MOVE),  # RB L562: one space on the same tier
        (90, 240, 110, rulebook.DIVIDEND_MOVE),  # RB L564, and the site's #3407: 240 at 90 moves two spaces
        (90, 270, 122, rulebook.DIVIDEND_MOVE),  # RB L566
        (90, 360, 134, rulebook.DIVIDEND_MOVE),  # RB L568
        (90, 900, 134, rulebook.MOST_SPACES),  # RB L570: never more than four
        (320, 1400, 340, rulebook.DIVIDEND_MOVE),  # four spaces from 320 stop on 340, the end
    ],
)
def test_rb_l558_l570_a_paid_dividend_moves_one_space_per_multiple_of_the_price(
    price: int, revenue: int, expected: int, rule: str
) -> None:
    out = dividend_preview(price, revenue)
    assert (out.new_price, out.move.rule) == (expected, rule)


def test_rb_l558_no_dividend_moves_two_places_down_one_space_left_on_the_same_tier() -> None:
    out = dividend_preview(100, 120, pay=False)
    assert (out.new_price, out.retained, out.treasury_after) == (90, 120, 120)
    assert market().cell_of(100).row == market().cell_of(90).row


def test_rb_l574_a_dividend_below_the_price_keeps_it_but_puts_the_token_under_the_others() -> None:
    out = dividend_preview(90, 40, company="C&N", stacks={90: ["C&N", "IOW"]})
    assert out.new_price == 90 and out.order_after == ("IOW", "C&N")
    assert out.steps[-2].rule == rulebook.PAID_NO_MOVE


def test_rb_l348_without_a_train_shares_sell_at_half_rounded_down() -> None:
    assert sale_preview(71, 2, has_train=False).price_per_share == 35
    assert sale_preview(71, 2, has_train=False, operated=False, full_price_variant=True).price_per_share == 71


def test_rb_l368_and_l372_no_price_move_before_the_first_run_or_after_the_8_train() -> None:
    assert sale_preview(100, 4, operated=False).new_price == 100
    assert sale_preview(100, 4, after_8_train=True).new_price == 100
    assert sale_preview(100, 4).new_price == 82


def test_rb_l336_trainless_shares_are_valued_at_half_rounded_down() -> None:
    assert (share_value(71, True), share_value(71, False)) == (71, 35)


@pytest.mark.parametrize(("train", "most"), [("5+3", 140), ("9+5", 220)])
def test_rb_l632_the_most_a_leased_train_earns(train: str, most: int) -> None:
    out = insolvency_preview(example("insolvent"), "C&N", leased=train)
    assert out.insolvent and out.most == most
    assert out.revenue <= most


def test_rb_l727_original_insolvency_runs_normally_for_half_rounded_up_plus_the_full_subsidy() -> None:
    """RB L727: £250 and 40cc give 130 + 40 = 170; on the Cowes line the leased 3+2 runs as a solvent train would
    and the preview retains half its revenue rounded up to 10 plus its whole subsidy."""
    assert original_insolvency_revenue(250) + 40 == 170
    position = with_settings(example("insolvent"), insolvency="original")
    out = insolvency_preview(position, "C&N")
    normal = evaluate(with_company(position, "C&N", ("3+2",)), "C&N", out.run)
    assert normal.legal and out.insolvent
    assert out.revenue == original_insolvency_revenue(normal.revenue)
    assert out.treasury_after == out.cash + out.revenue + normal.subsidy


def test_rb_l632_the_cowes_leased_3_plus_2_runs_three_stops_for_100() -> None:
    out = insolvency_preview(example("insolvent"), "C&N")
    assert (out.insolvent, out.train, out.revenue, out.treasury_after) == (True, "3+2", 100, 220)
    assert [s.rule for s in out.steps][:2] == [rulebook.MUST_BUY, rulebook.INSOLVENT]
