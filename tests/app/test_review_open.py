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


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("RMS_DB_PATH", str(tmp_path / "positions.sqlite3"))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception
    return at


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
