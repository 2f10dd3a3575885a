"""The stock market (6.4.2, 7.1, 10.1, 7.12), the par chart (4.2, 6.5.3) and the merger price (7.5.3, 7.5.4)."""

from __future__ import annotations

import pytest

from solver.errors import InputError
from solver.titles.g1862.money.market import get_market, new_share_price, operating_order, place_on_stack

M = get_market()


def test_market_has_67_cells_on_two_offset_rows() -> None:
    assert len(M.cells) == 67
    assert [c.price for c in M.cells if c.row == 0][:6] == [0, 14, 26, 36, 44, 50]
    assert [c.price for c in M.cells if c.row == 1][:6] == [7, 20, 31, 40, 47, 52]
    assert M.cell(74).x == M.cell(74).column and M.cell(71).x == M.cell(71).column + 0.5


def test_geometry_for_drawing_has_every_cell() -> None:
    cells = M.geometry()
    assert len(cells) == 67 and cells[20] == {
        "index": 20,
        "price": 74,
        "row": 0,
        "column": 10,
        "x": 10.0,
        "zone": "chartered_par",
        "chartered_par": True,
        "non_chartered_start": True,
        "sale_shares_ignored": 0,
    }
    assert cells[19]["x"] == 9.5


def test_6_4_2_price_walk_74_71_68_65() -> None:
    walk = [74]
    for _ in range(3):
        walk.append(M.down(walk[-1]))
    assert walk == [74, 71, 68, 65]


def test_dividend_step_stays_on_the_row_and_a_sale_changes_row() -> None:
    assert M.right(82) == 90 and M.left(82) == 74
    assert M.cell(M.right(71)).row == M.cell(71).row
    assert M.cell(M.down(71)).row != M.cell(71).row


def test_moves_stop_at_both_ends_bankrupt_and_game_end() -> None:
    assert M.left(7) == 0 and M.is_bankrupt(0)
    assert M.right(950) == 1000 and M.is_game_end(1000)
    assert M.right(900, 4) == 1000


@pytest.mark.parametrize(
    ("price", "ignored"),
    [(7, 1), (36, 1), (40, 0), (200, 0), (210, 1), (375, 1), (400, 2), (950, 2), (100, 0)],
)
def test_6_4_2_sale_exemption_zones(price: int, ignored: int) -> None:
    assert M.sale_shares_ignored(price) == ignored


def test_4_2_par_chart_and_refinancing_funds() -> None:
    assert M.par_values == (54, 58, 62, 68, 74, 82, 90, 100)
    assert [M.refinancing_funds(p) for p in M.par_values] == [540, 580, 620, 680, 740, 820, 900, 1000]


def test_6_5_3_non_chartered_start_and_par_token() -> None:
    starts = M.non_chartered_starts()
    assert starts[0] == 54 and starts[-1] == 200 and 56 in starts and 191 in starts
    assert M.par_for(200) == 100 and M.par_for(71) == 68 and M.par_for(54) == 54


def test_zones_of_cells_for_drawing() -> None:
    assert M.cell(0).zone == "bankrupt" and M.cell(1000).zone == "game_end"
    assert M.cell(74).zone == "chartered_par" and M.cell(71).zone == "non_chartered_start"
    assert M.cell(44).zone == "plain" and M.cell(430).zone == "ignore_first_two_shares_sold"


@pytest.mark.parametrize(
    ("a", "train_a", "b", "train_b", "expected"),
    [
        (68, True, 100, True, 116),
        (54, True, 62, True, 82),
        (78, True, 116, False, 95),
        (78, True, 116, True, 134),
        (116, True, 68, False, 90),
        (116, True, 68, True, 122),
        (110, False, 90, False, 71),
    ],
)
def test_7_5_3_new_share_price_examples(a: int, train_a: bool, b: int, train_b: bool, expected: int) -> None:
    assert new_share_price(a, train_a, b, train_b)[0] == expected
    assert new_share_price(b, train_b, a, train_a)[0] == expected


def test_7_5_4_new_par_is_clamped_to_the_chart() -> None:
    assert M.par_for(116) == 100 and M.par_for(86) == 82 and M.par_for(47) == 54


def test_7_1_operating_order_by_price_then_stack() -> None:
    assert operating_order({82: ["ENR", "ECR"], 100: ["WNR"], 54: ["FDR"]}) == ["WNR", "ENR", "ECR", "FDR"]
    stacks = place_on_stack({82: ["ENR", "ECR"]}, "ENR", 82)
    assert stacks == {82: ["ECR", "ENR"]}
    assert operating_order(stacks) == ["ECR", "ENR"]


def test_bad_prices_are_rejected_with_the_nearest_spaces() -> None:
    with pytest.raises(InputError, match="nearest: 82 or 86"):
        M.index_of(83)
    with pytest.raises(InputError, match="negative"):
        M.index_of(-5)
    with pytest.raises(InputError, match="placed on the market twice"):
        operating_order({82: ["ENR"], 90: ["ENR"]})


def test_cells_agree_with_the_reference_facts(reference) -> None:  # type: ignore[no-untyped-def]
    cells = reference("market")["cells"]
    assert [c["price"] for c in cells] == list(M.prices)
    for ref in cells:
        cell = M.cells[ref["index"]]
        assert (cell.row, cell.column) == (ref["row"], ref["column"])
        assert cell.sale_shares_ignored == ref["non_director_sale_shares_ignored"] or cell.price == 1000
        assert M.prices.index(M.left(cell.price)) == ref["left_index"]
        assert M.prices.index(M.right(cell.price)) == ref["right_index"]
        assert M.prices.index(M.down(cell.price)) == ref["after_one_share_sold_index"]
        assert cell.chartered_par == ref["chartered_par"]
        assert cell.non_chartered_start == ref["non_chartered_start"]
