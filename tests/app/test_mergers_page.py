"""Mergers page: the kind follows the loaded scenario, changing the survivor rebuilds the option-share choices,
and a merger can be taken from the position (players, holdings, cash, prices), checked for a track connection
between the two companies (7.5.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.titles.g1862.money import load_scenario, merge_preview
from solver.titles.g1862.money.connection import merge_connection
from solver.titles.g1862.position import load_position

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("RMS_DB_PATH", str(tmp_path / "positions.sqlite3"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("pages/mergers.py").run()
    assert not at.exception
    return at


def shown(at: AppTest) -> str:
    return "\n".join(str(e.value) for e in [*at.markdown, *at.caption, *at.error, *at.success, *at.warning])


def load_example(at: AppTest, stem: str) -> None:
    at.session_state["merge-example"] = stem
    at.run()
    next(b for b in at.button if b.label == "Load example").click().run()
    assert not at.exception


def kind(at: AppTest) -> str:
    return str(next(s for s in at.selectbox if s.label == "Kind").value)


def test_the_refinancing_example_loads_as_a_refinancing(app: AppTest) -> None:
    load_example(app, "merge-5.2.6-example1")
    load_example(app, "merge-refinance-wnr")
    assert kind(app) == "refinance"
    expected = merge_preview(load_scenario(EXAMPLES / "merge-refinance-wnr.json"))
    assert "exactly two companies" not in shown(app)
    assert next(m for m in app.metric if m.label == "New share price").value == f"£{expected.new_price}"


def test_the_acquisition_example_loads_as_an_acquisition(app: AppTest) -> None:
    load_example(app, "merge-acquisition-esr-fdr")
    assert kind(app) == "acquisition"
    assert "after the acquisition" in shown(app)


def test_changing_the_survivor_rebuilds_the_option_share_choices(app: AppTest) -> None:
    load_example(app, "merge-5.2.6-example1")
    survivor = next(s for s in app.selectbox if s.label == "Surviving company")
    survivor.set_value("WStI").run()
    assert not app.exception
    assert "unknown holder" not in shown(app)
    choices = app.session_state["table:merge-choices"]
    assert "WStI" in choices["holder"].to_list() and "N&E" not in choices["holder"].to_list()
    assert next(m for m in app.metric if m.label == "Director")  # the preview is shown


def from_position(at: AppTest, first: str, second: str) -> None:
    at.session_state["merge-source"] = "From the position"
    at.run()
    at.session_state["merge-pos-first"] = first
    at.session_state["merge-pos-second"] = second
    at.run()
    next(b for b in at.button if b.label == "Take these companies from the position").click().run()
    assert not at.exception


def test_a_merger_from_the_position_takes_its_players_holdings_cash_and_prices(app: AppTest) -> None:
    late = load_position(EXAMPLES / "position-late-game.json")
    from_position(app, "ESR", "FDR")
    players = app.session_state["table:merge-players"]
    assert players["player"].to_list() == [p.name for p in late.players]
    assert players["cash"].to_list() == [p.cash for p in late.players]
    companies = app.session_state["table:merge-companies"]
    assert companies["id"].to_list() == ["ESR", "FDR"]
    assert companies["price"].to_list() == [late.price_of("ESR"), late.price_of("FDR")]
    holdings = app.session_state["table:merge-holdings"]
    esr = late.companies["ESR"].money
    assert esr is not None
    assert dict(zip(holdings["holder"].to_list(), holdings["ESR"].to_list(), strict=True)) == {
        h: esr.holdings.get(h, 0) for h in holdings["holder"].to_list()
    }
    assert merge_connection(late, "ESR", "FDR").reason in shown(app)
    assert next(m for m in app.metric if m.label == "Director")


def test_two_companies_not_connected_by_track_cannot_merge(app: AppTest) -> None:
    late = load_position(EXAMPLES / "position-late-game.json")
    from_position(app, "ESR", "N&E")
    text = shown(app)
    assert "cannot merge" in text and merge_connection(late, "ESR", "N&E").reason in text
    assert not [m for m in app.metric if m.label == "Director"]  # no preview of an impossible merger


def test_a_position_without_money_is_refused_by_name(app: AppTest) -> None:
    app.switch_page("pages/positions.py").run()
    app.session_state["example-pick"] = "position-early-game"
    app.run()
    next(b for b in app.button if b.label == "Load example").click().run()
    app.switch_page("pages/mergers.py").run()
    early = load_position(EXAMPLES / "position-early-game.json")
    first, second = list(early.companies)[:2]
    from_position(app, first, second)
    text = "\n".join(str(e.value) for e in app.error)
    assert "cannot be taken from the position" in text
    assert f"company {first}" in text and "6.4.2" in text and "has no share price" in text
