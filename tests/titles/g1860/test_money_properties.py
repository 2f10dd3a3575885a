"""Properties of 1860's money previews for any input: money is conserved by a dividend (paid to players + left on
the bank's shares + retained = revenue), a dividend moves at most four spaces and withholding never raises a price,
a sale never raises a price, and every move ends on the market."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from solver.titles.g1860.money.dividend import dividend_preview
from solver.titles.g1860.money.market import market
from solver.titles.g1860.money.sale import sale_preview

prices = st.sampled_from([p for p in market().prices if p > 0])
revenues = st.integers(0, 200).map(lambda n: 10 * n)


@st.composite
def holdings(draw: st.DrawFn) -> dict[str, int]:
    counts = draw(st.lists(st.integers(0, 10), min_size=5, max_size=5).filter(lambda c: sum(c) <= 10))
    return dict(zip(["Ann", "Bob", "Cat", "ipo", "pool"], counts, strict=True))


@given(prices, revenues, holdings(), st.booleans(), st.integers(0, 50).map(lambda n: 10 * n))
def test_a_dividend_conserves_money_paid_plus_left_plus_retained_is_the_revenue(
    price: int, revenue: int, shares: dict[str, int], pay: bool, subsidy: int
) -> None:
    out = dividend_preview(price, revenue, pay=pay, holdings=shares, subsidy=subsidy, treasury=100)
    assert sum(out.payouts.values()) + out.to_bank + out.retained == revenue
    assert out.treasury_after == 100 + subsidy + out.retained


@given(prices, revenues, st.booleans())
def test_a_dividend_moves_at_most_four_spaces_right_and_withholding_never_raises_the_price(
    price: int, revenue: int, pay: bool
) -> None:
    m = market()
    out = dividend_preview(price, revenue, pay=pay)
    assert m.has_price(out.new_price)
    start, end = m.cell_of(price).place, m.cell_of(out.new_price).place
    if out.paid:
        assert 0 <= end - start <= 8
    else:
        assert out.new_price < price


@given(prices, st.integers(1, 10), st.booleans(), st.booleans(), st.booleans())
def test_a_sale_never_raises_a_price_and_ends_on_the_market(
    price: int, shares: int, has_train: bool, operated: bool, after_8: bool
) -> None:
    out = sale_preview(price, shares, has_train=has_train, operated=operated, after_8_train=after_8)
    assert market().has_price(out.new_price) and out.new_price <= price
    assert out.proceeds == shares * (price if has_train else price // 2)
