"""The stock market and share certificates replayed from an export (titles/g1862/importer/stock.py): prices move by
the rules of 6.4.2, 7.8.5, 7.8.6 and 7.12, certificates are followed by their ids (6.4.3, 8.0)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from solver.titles.g1862.importer.stock import StockReplay
from solver.titles.g1862.money.market import get_market

PLAYERS = {"1": "Ann", "2": "Bob", "3": "Cy"}


def listed(price: int = 100, chartered: bool = True) -> StockReplay:
    stock = StockReplay(PLAYERS)
    if chartered:
        stock.bid("ECR")
    stock.par("1", "ECR", price)
    return stock


def test_a_par_won_at_auction_is_chartered_with_shares_in_the_ipo() -> None:
    money = listed(82).company_money("ECR")
    assert money is not None and money.chartered and money.par == 82
    assert dict(money.holdings) == {"Ann": 3, "ipo": 7} and money.director == "Ann"


def test_a_stock_round_par_is_not_chartered_and_its_par_is_the_value_below() -> None:
    # 6.5.3: a non-chartered company starts at any price from 54 to 200; its par is the par value not above it
    money = listed(122, chartered=False).company_money("ECR")
    assert money is not None and not money.chartered and money.par == 100
    assert dict(money.holdings) == {"Ann": 3, "treasury": 7}


def test_dividend_moves_right_one_space_per_multiple_of_the_price_and_withhold_left() -> None:
    market = get_market()
    stock = listed(100)
    stock.dividend("ECR", "payout", 99)  # less than the price: no move (7.8.5)
    assert stock.price("ECR") == 100
    stock.dividend("ECR", "payout", 250)  # two multiples: two spaces right
    assert stock.price("ECR") == market.right(100, 2)
    stock.dividend("ECR", "withhold", 250)
    assert stock.price("ECR") == market.right(100, 1)


def test_hudson_pays_the_price_rounded_up_to_ten_and_moves_one_space() -> None:
    # 7.8.6: revenue 64 at 82: the company adds 20 (82 - 64 = 18, rounded up to ten) and pays 84 >= 82
    stock = listed(82)
    stock.dividend("ECR", "hudson", 64)
    assert stock.price("ECR") == get_market().right(82, 1)


def test_a_directors_sale_moves_one_zigzag_step_per_share_and_passes_the_certificate() -> None:
    stock = listed(100)
    stock.buy("2", ["ECR_1", "ECR_2", "ECR_3"])
    receivership, notes = stock.sell("1", ["ECR_0"])
    assert receivership == [] and notes == []
    assert stock.price("ECR") == get_market().shift(100, -3)  # three shares, no exemption for a director
    assert stock.director("ECR") == "Bob"
    assert stock.holdings("ECR") == {"Bob": 3, "pool": 3, "ipo": 4}


def test_the_certificate_sold_with_nobody_holding_three_shares_is_receivership() -> None:
    stock = listed(100)
    receivership, _ = stock.sell("1", ["ECR_0"])
    assert receivership == ["ECR"] and stock.in_receivership("ECR")
    money = stock.company_money("ECR")
    assert money is not None and money.receivership and money.director is None


def test_a_non_directors_sale_above_200_ignores_its_first_share() -> None:
    # 6.4.2: above 200 the first share of each sale by a player other than the director does not move the price
    stock = listed(100)
    stock.listed["ECR"].price = 220
    stock.stacks = {220: ["ECR"]}
    stock.buy("2", ["ECR_1", "ECR_2", "ECR_3"])
    stock.sell("2", ["ECR_1"])
    assert stock.price("ECR") == 220
    stock.sell("2", ["ECR_2", "ECR_3"])
    assert stock.price("ECR") == get_market().down(220)


def test_a_price_falling_to_zero_is_bankruptcy() -> None:
    stock = listed(54, chartered=False)
    for _ in range(20):
        stock.dividend("ECR", "withhold", 0)
    assert stock.price("ECR") == 0 and stock.bankrupt_price("ECR")


def test_merger_price_is_the_lower_plus_half_the_higher_and_the_other_leaves() -> None:
    # 7.5.3: 100 and 74 (both with trains): 74 + 50 = 124, rounded down to 122
    stock = listed(100)
    stock.par("2", "N&E", 74)
    stock.merged("ECR", "N&E", True, True)
    assert stock.price("ECR") == 122 and stock.price("N&E") is None
    assert "N&E" not in [c for cs in stock.market_stacks().values() for c in cs]


@given(st.lists(st.sampled_from(["1", "2", "3"]), min_size=1, max_size=12), st.data())
def test_holdings_always_total_ten_and_the_director_holds_the_certificate(
    sellers: list[str], data: st.DataObject
) -> None:
    stock = listed(100)
    for player in sellers:
        numbers = data.draw(st.lists(st.integers(0, 7), min_size=1, max_size=3, unique=True))
        if data.draw(st.booleans()):
            stock.buy(player, [f"ECR_{n}" for n in numbers])
        else:
            stock.sell(player, [f"ECR_{n}" for n in numbers])
        if stock.price("ECR") is None or stock.bankrupt_price("ECR"):
            return
        assert sum(stock.holdings("ECR").values()) == 10
        director = stock.director("ECR")
        assert director is None or stock.listed["ECR"].certificates[0] == director
