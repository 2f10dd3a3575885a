"""Import review to Board and Routes (issue 15): a moment of an imported game becomes the app's position, with
its share prices and holdings, and the Routes page holds it with the company to run chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.titles.g1862.importer import import_game
from solver.titles.g1862.importer.replay import position_before

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
BANK_GAME = ROOT / "tests" / "data" / "importer" / "1862_game_end_bank.json"


def test_open_the_position_after_an_action_on_the_routes_page(app: AppTest) -> None:
    game = import_game(BANK_GAME)
    app.session_state["review_game"] = game
    app.switch_page("pages/review.py").run()
    assert not app.exception
    app.number_input(key="review_moment").set_value(617).run()
    next(b for b in app.button if b.label == "Open the position after this action").click().run()
    assert not app.exception
    expected, _ = position_before(game.export, 618)
    opened = app.session_state["position"]
    assert opened == expected
    assert opened.stations["B13"] == ("E&H",) and opened.price_of("ENR") == 200  # SVR bankrupt before (7.12)
    assert app.session_state["routes_company"] == "ENR"
    assert app.session_state["saved_name"] is None


@pytest.mark.parametrize("action_id", [120, 400, 618])
def test_money_pages_open_an_imported_position_with_its_cash(app: AppTest, action_id: int) -> None:
    # issue 15: a moment of a game carries the replayed cash, treasuries and holdings; the Stock market and
    # Mergers pages open it without error and show its prices
    position, _ = position_before(import_game(BANK_GAME).export, action_id)
    assert sum(p.cash for p in position.players) > 0
    app.session_state["position"] = position
    for page in ("pages/market.py", "pages/mergers.py"):
        app.switch_page(page).run()
        assert not app.exception, page
    app.switch_page("pages/market.py").run()
    table = app.session_state["table:market-prices"]
    prices = dict(zip(table["company"].to_list(), table["price"].to_list(), strict=True))
    assert prices == {c: position.price_of(c) for c in position.companies if position.price_of(c) is not None}
