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
def app(app: AppTest) -> AppTest:
    app.session_state["position"] = load_any_position(EXAMPLE)
    app.run()
    assert not app.exception
    return app


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


TRAINS = Path(__file__).resolve().parents[2] / "examples" / "position-18bf-trains.json"


def test_stock_market_train_decision_r13(app: AppTest) -> None:
    """R13 on the page: NER compares the 5 and the 3G (§10.10): the 3G's best run 200 (+130), both proven, and the
    side chosen for good in the step log."""
    app.session_state["position"] = load_any_position(TRAINS)
    app.switch_page("pages/market.py").run()
    app.session_state["bf-market-preview"] = "Train"
    app.run()
    app.session_state["bf-train-candidates-NER"] = ["5", "3G"]
    app.run()
    next(b for b in app.button if b.label == "Compare trains").click().run()
    assert not app.exception
    text = shown(app)
    assert "**Without a purchase: £70** (proven optimal)" in text and "**best buy: 3G** for £450, run £200" in text
    assert "cannot be turned to its 5, even back in the Pool (§10.10)" in text
    table = app.dataframe[0].value
    assert table["run"].to_list() == [70, 200] and table["proof"].to_list() == ["proven", "proven"]
    assert len(app.get("plotly_chart")) == 2


def test_stock_market_dividend_from_the_best_run(app: AppTest) -> None:
    """The dividend takes its earnings from NER's proven best run (70, §10.6): half pay 40 (§10.7), 4 a share."""
    app.session_state["position"] = load_any_position(TRAINS)
    app.switch_page("pages/market.py").run()
    app.session_state["bf-div-source"] = "Best run"
    app.run()
    next(b for b in app.button if b.label == "Find the best run").click().run()
    assert not app.exception
    assert "NER's best run: £70, proven optimal" in shown(app)
    assert "Paid £40 (£4 a share): Ann £24, Bob £8. Kept £34." in shown(app)


def test_stock_market_end_of_turn_after_the_best_run(app: AppTest) -> None:
    app.switch_page("pages/market.py").run()
    app.session_state["bf-market-preview"] = "End of turn"
    app.session_state["bf-eot-company"] = "GNR"
    app.session_state["bf-eot-earnings"] = True
    app.run()
    app.session_state["bf-eot-typed-GNR"] = 150
    app.session_state["bf-eot-pay"] = "withhold"
    app.run()
    assert not app.exception
    assert metrics(app)["Cash"] == "£240" and metrics(app)["Price"] == "£110"


def test_stock_market_redeem_and_buy_shares(app: AppTest) -> None:
    app.switch_page("pages/market.py").run()
    app.session_state["bf-market-preview"] = "Shares"
    app.session_state["bf-shares-company"] = "LNW"
    app.run()
    assert not app.exception
    assert metrics(app)["Cost"] == "£150" and metrics(app)["Most it may redeem"] == "1"
    app.session_state["bf-shares-what"] = "A player buys (§9.3)"
    app.session_state["bf-buy-buyer"] = "Cat"
    app.run()
    assert metrics(app)["Director"] == "Ann" and "from LNW's treasury at 150" in shown(app)
    app.session_state["bf-buy-source"] = "pool"
    app.session_state["bf-buy-sold"] = True
    app.run()
    assert not app.exception and "Cat sold LNW earlier in this Stock Round" in shown(app)
