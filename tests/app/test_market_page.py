"""Stock market page tied to the position: prices, treasury and holdings come from the position (format
version 2), the last solve's revenue is offered only until typed over, a share sale can be of a company with no
train (half price, 6.4.1), and the move's label never covers the market's prices."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from app_pages import press_solve
from streamlit.testing.v1 import AppTest

from solver.titles.g1862.draw.money import market_figure
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.money import dividend_preview, get_market, operating_order, sale_preview
from solver.titles.g1862.position import Position

APP = str(Path(__file__).resolve().parents[2] / "app.py")
LATE_GAME = Path(__file__).resolve().parents[2] / "examples" / "position-late-game.json"


def shown(at: AppTest) -> str:
    return "\n".join(str(e.value) for e in [*at.markdown, *at.caption, *at.error, *at.info])


def test_prices_come_from_the_position_not_made_up_values(app: AppTest, late_game: Position) -> None:
    app.switch_page("pages/market.py").run()
    assert not app.exception
    table = app.session_state["table:market-prices"]
    prices = dict(zip(table["company"].to_list(), table["price"].to_list(), strict=True))
    assert prices == {c: late_game.price_of(c) for c in late_game.companies}
    order = operating_order({p: list(s) for p, s in late_game.market.items()})
    assert "\n".join(f"{i}. {c}" for i, c in enumerate(order, start=1)) in shown(app)


def test_the_dividend_starts_from_the_position_treasury_and_pays_each_holder(app: AppTest, late_game: Position) -> None:
    app.switch_page("pages/market.py").run()
    app.session_state["div-company"] = "ECR"
    app.run()
    money = late_game.companies["ECR"].money
    assert money is not None
    treasury = next(n for n in app.number_input if n.label == "Treasury (£)")
    assert treasury.value == money.cash
    revenue = next(n for n in app.number_input if n.label == "Revenue (£)")
    revenue.set_value(600).run()
    expected = dividend_preview(182, 600, treasury=money.cash, holdings=money.holdings)
    text = shown(app)
    assert f"Alice £{expected.payouts['Alice']}" in text  # Alice holds 5 ECR shares: 5 x 60


def solve(app: AppTest, company: str) -> None:
    app.switch_page("pages/routes.py").run()
    press_solve(app, company)


def test_the_last_solve_caption_goes_once_the_revenue_is_typed_over(app: AppTest) -> None:
    solve(app, "ESR")
    app.switch_page("pages/market.py").run()
    app.session_state["div-company"] = "ESR"
    app.run()
    assert "comes from the last solve of ESR" in shown(app)
    revenue = next(n for n in app.number_input if n.label == "Revenue (£)")
    revenue.set_value(int(revenue.value or 0) + 10).run()
    assert "comes from the last solve" not in shown(app)


def test_a_share_sale_of_a_company_without_a_train_is_at_half_price(app: AppTest, late_game: Position) -> None:
    app.switch_page("pages/market.py").run()
    app.segmented_control(key="market-preview").set_value("Share sale").run()
    app.session_state["sale-company"] = "N&E"  # no train in the late game
    app.run()
    no_train = next(c for c in app.checkbox if c.label.startswith("Company has no train"))
    assert no_train.value  # follows the position
    price = late_game.price_of("N&E")
    assert price is not None
    half = sale_preview(price, 1, has_train=False)
    assert f"at £{half.price_per_share}: £{half.proceeds}" in shown(app)
    no_train.uncheck().run()
    full = sale_preview(price, 1)
    assert f"at £{full.price_per_share}: £{full.proceeds}" in shown(app)


@pytest.mark.parametrize("move", [(82, 90), (74, 65), (100, 71), (7, 0), (950, 1000)])
def test_the_move_label_is_below_every_price(move: tuple[int, int]) -> None:
    market = get_market()
    fig = market_figure(market, load_position(LATE_GAME).game, {}, move, "ECR £82 → £90")
    label = next(a for a in fig.layout.annotations if a.text)
    prices = fig.data[0]
    lowest_cell = min(-c.row for c in market.cells)  # bottom edge of the lower row
    assert label.y < lowest_cell and label.yanchor == "top"
    assert min(prices.y) > lowest_cell
    assert fig.layout.yaxis.range[0] < label.y  # drawn inside the figure


def test_typed_prices_can_be_kept_in_the_position_and_a_bad_one_is_refused(app: AppTest) -> None:
    app.switch_page("pages/market.py").run()
    table: pl.DataFrame = app.session_state["table:market-prices"]
    app.session_state["table:market-prices"] = table.with_columns(
        pl.when(pl.col("company") == "ESR").then(182).otherwise(pl.col("price")).alias("price")
    )
    app.run()
    next(b for b in app.button if b.label == "Keep these prices in the position").click().run()
    assert not app.exception
    pos = app.session_state["position"]
    assert pos.market[182] == ("ECR", "ESR")  # ESR below ECR on the 182 space: the table's order (7.1)
    app.session_state["table:market-prices"] = table.with_columns(
        pl.when(pl.col("company") == "ESR").then(183).otherwise(pl.col("price")).alias("price")
    )
    app.run()
    assert "These prices are not on the market" in "\n".join(str(e.value) for e in app.error)
    assert app.session_state["position"] is pos  # nothing changed


def test_a_position_without_prices_leaves_them_to_be_typed(app: AppTest) -> None:
    app.switch_page("pages/positions.py").run()
    app.session_state["example-pick"] = "position-early-game"
    app.run()
    next(b for b in app.button if b.label == "Load example").click().run()
    app.switch_page("pages/market.py").run()
    assert not app.exception
    table = app.session_state["table:market-prices"]
    assert table["price"].null_count() == table.height > 0  # no made-up prices
    assert "The position gives no share prices: type them in the table." in shown(app)
