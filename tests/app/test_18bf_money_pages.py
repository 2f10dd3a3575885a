"""The Merger Round and Stock market pages with an 18BF position (Streamlit AppTest): the companies, holdings and
cash come from the position (examples/position-18bf-money.json); a System formation, a minor merger with
its offering, a conversion and a takeover each show the outcome and the step log with sections; the Stock market
shows full, half and withheld dividends side by side, a sale, the end of a turn and the game-end worth; bad
choices are refused with the rule, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.any_position import load_any_position

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "position-18bf-money.json"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("RMS_DB_PATH", str(tmp_path / "positions.sqlite3"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.session_state["position"] = load_any_position(EXAMPLE)
    at.run()
    assert not at.exception
    return at


def shown(at: AppTest) -> str:
    parts = [*at.markdown, *at.caption, *at.info, *at.error, *at.success]
    return "\n".join(str(p.value) for p in parts)


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: str(m.value) for m in at.metric}


def test_merger_round_previews_the_system_of_lnw_and_gnr(app: AppTest) -> None:
    app.switch_page("pages/mergers.py").run()
    assert not app.exception
    text = shown(app)
    assert "GWR at £135, directed by Ann" in text
    assert "Ann holds the most System shares (9) and directs GWR (§7.4)" in text
    assert "price: the average of 150 and 120 = 135, rounded down to a space: 135 (§12.6)" in text
    assert metrics(app)["Markers"] == "7 + 1 spare"
    assert len(app.get("plotly_chart")) == 1


def test_merger_round_merges_minors_with_the_offering(app: AppTest) -> None:
    app.switch_page("pages/mergers.py").run()
    app.session_state["mr-action"] = "Merge minors"
    app.run()
    assert "no player holds two shares: the merger is not allowed and is reversed (§12.4)" in shown(app)
    buy = next(n for n in app.number_input if n.label == "Ann buys")
    buy.set_value(1).run()
    assert not app.exception
    text = shown(app)
    assert "first round: Ann buys 1 at 200, 200 to CR (§12.4)" in text and "directed by Ann" in text


def test_merger_round_refuses_unconnected_minors_with_the_rule(app: AppTest) -> None:
    app.switch_page("pages/mergers.py").run()
    app.session_state["mr-action"] = "Merge minors"
    app.session_state["mr-minors"] = ["TV", "EG"]
    app.run()
    assert not app.exception
    assert "not connected" in shown(app)


def test_merger_round_conversion_and_takeover(app: AppTest) -> None:
    app.switch_page("pages/mergers.py").run()
    app.session_state["mr-action"] = "Convert a minor"
    app.run()
    assert "TV at 120 (in the conversion zone 100-165) converts into CR at 120 (§12.2)" in shown(app)
    app.session_state["mr-action"] = "Takeover"
    app.session_state["mr-takeover-minor"] = "LY"
    app.run()
    assert not app.exception
    assert "Cat exchanges LY's charter for one of LNW's treasury shares (§12.5)" in shown(app)


def test_stock_market_dividend_side_by_side(app: AppTest) -> None:
    app.switch_page("pages/market.py").run()
    assert not app.exception
    app.session_state["bf-div-company"] = "LNW"
    app.run()
    earnings = next(n for n in app.number_input if n.label == "Earnings (£)")
    earnings.set_value(150).run()
    assert not app.exception
    prices = [str(m.value) for m in app.metric if m.label == "Price"]
    assert prices == ["£165", "£150", "£135"]
    assert "Paid £80 (£8 a share): Ann £48, Bob £16. Kept £78." in shown(app)


def test_stock_market_sale_end_of_turn_and_game_end(app: AppTest) -> None:
    app.switch_page("pages/market.py").run()
    app.session_state["bf-market-preview"] = "Share sale"
    app.run()
    assert metrics(app)["Proceeds"] == "£150" and metrics(app)["Price"] == "£135"
    app.session_state["bf-market-preview"] = "End of turn"
    app.session_state["bf-eot-company"] = "GNR"
    app.run()
    assert metrics(app)["Cash"] == "£90" and metrics(app)["Loans"] == "0"
    app.session_state["bf-market-preview"] = "Game end"
    app.run()
    assert not app.exception
    assert "GNR 120 -> 100: 2 loan(s), one space left each (§13)" in shown(app)
