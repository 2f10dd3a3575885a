"""The title-independent stock market (solver/core/market.py): 1862's market loaded into it moves exactly as
solver.titles.g1862.money.market on every cell; moves of any shape stay on the market; the order of tokens on a price;
price lookup naming the nearest prices."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.core.market import StockMarket, check_stacks, order_by_price, place_token, price_of
from solver.errors import InputError
from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.money.market import get_market, operating_order, place_on_stack


def core_1862() -> StockMarket:
    """1862's market.json read into the core market: two tiers, its zones by price."""
    data = load_game("1862").market
    prices = data.prices

    def within(ranges: tuple[tuple[int, int], ...]) -> list[int]:
        return [p for p in prices if any(lo <= p <= hi for lo, hi in ranges)]

    zones = {
        "ignore_first_share_sold": within(data.zones.ignore_first_share_sold),
        "ignore_first_two_shares_sold": within(data.zones.ignore_first_two_shares_sold),
        "chartered_par": data.par_values,
        "bankrupt": [data.zones.bankrupt],
        "game_end": [data.zones.game_end],
    }
    return StockMarket.zigzag(prices, 2, zones)


def test_1862_market_in_the_core_has_every_cell_where_1862_draws_it() -> None:
    core, old = core_1862(), get_market()
    assert [(c.price, c.row, c.column, c.x) for c in core.cells] == [(c.price, c.row, c.column, c.x) for c in old.cells]
    for c in old.cells:
        zones = core.cell_of(c.price).zones
        assert ("ignore_first_share_sold" in zones) == (c.sale_shares_ignored == 1)
        assert ("ignore_first_two_shares_sold" in zones) == (c.sale_shares_ignored == 2)
        assert ("chartered_par" in zones) == c.chartered_par
        assert ("bankrupt" in zones) == old.is_bankrupt(c.price)
        assert ("game_end" in zones) == old.is_game_end(c.price)


@pytest.mark.parametrize("spaces", [0, 1, 2, 3, 4])
def test_1862_market_in_the_core_moves_as_solver_money_market_on_every_cell(spaces: int) -> None:
    core, old = core_1862(), get_market()
    for price in old.prices:
        cell = core.cell_of(price)
        assert core.right(cell, spaces).price == old.right(price, spaces)
        assert core.left(cell, spaces).price == old.left(price, spaces)
        assert core.down(cell).price == old.down(price)
        assert core.along(cell, -spaces).price == old.shift(price, -spaces)


def test_1862_operating_order_and_stack_placement_are_the_cores() -> None:
    stacks = {100: ("ECR", "N&E"), 82: ("WNR",), 150: ("ESR",)}
    assert order_by_price(stacks) == operating_order(stacks)
    after = place_token(stacks, "ECR", 100)
    assert after == {p: tuple(cs) for p, cs in place_on_stack(stacks, "ECR", 100).items()}
    assert order_by_price(after) == ["ESR", "N&E", "ECR", "WNR"]
    assert price_of(after, "WNR") == 82 and price_of(after, "GER") is None


def test_a_price_not_on_the_market_is_refused_naming_the_field_and_the_nearest_prices() -> None:
    with pytest.raises(InputError) as err:
        core_1862().cell_of(83, "companies ECR price", "6.4.2")
    (problem,) = err.value.problems
    assert (problem.where, problem.rule) == ("companies ECR price", "6.4.2")
    assert "nearest: 82 or 86" in problem.message


def test_stacks_with_a_token_twice_or_an_unknown_price_are_refused() -> None:
    with pytest.raises(InputError) as err:
        check_stacks(core_1862(), {100: ["ECR"], 83: ["ECR"]}, "7.1")
    assert {p.where for p in err.value.problems} == {"market 83", "market ECR"}


GRID: list[list[int | None]] = [
    [60, 70, 80, 90, 100],
    [50, 60, 70, 80, None],
    [40, 50, 60, None, None],
]


def test_a_grid_move_stops_at_a_missing_cell_and_at_the_edge() -> None:
    market = StockMarket.grid(GRID, {"par": [70]})
    start = market.cell_at(0, 3)
    assert start is not None
    assert market.down(start, 3).price == 80  # the ledge: no cell below (1, 3)
    assert market.right(start, 5).price == 100
    assert market.left(start, 9).price == 60
    assert market.up(market.cell_at(2, 0) or start, 1).price == 50
    assert market.zone_prices("par") == (70, 70)


def test_one_tier_is_a_single_row_walked_one_cell_per_space() -> None:
    market = StockMarket.zigzag([0, 40, 45, 50], 1, {})
    cell = market.cell_of(45)
    assert (market.right(cell).price, market.left(cell).price, market.down(cell).price) == (50, 40, 40)
    assert {c.row for c in market.cells} == {0}


grids = st.lists(
    st.lists(st.one_of(st.none(), st.integers(0, 500)), min_size=1, max_size=6), min_size=1, max_size=5
).filter(lambda rows: any(p is not None for row in rows for p in row))
zigzags = st.tuples(st.lists(st.integers(0, 999), min_size=1, max_size=40, unique=True), st.integers(1, 3))


@given(grids, st.integers(-8, 8))
def test_every_move_on_a_grid_stays_on_the_market(rows: list[list[int | None]], n: int) -> None:
    market = StockMarket.grid(rows, {})
    for cell in market.cells:
        for move in (market.right, market.left, market.up, market.down):
            assert move(cell, n) in market.cells


@given(zigzags, st.integers(-60, 60))
def test_every_move_on_a_zigzag_stays_on_the_market(spec: tuple[list[int], int], n: int) -> None:
    prices, tiers = spec
    market = StockMarket.zigzag(sorted(prices), tiers, {})
    for cell in market.cells:
        for move in (market.right, market.left, market.up, market.down, market.along):
            assert move(cell, n) in market.cells
        assert market.right(cell, abs(n)).place >= cell.place >= market.left(cell, abs(n)).place
