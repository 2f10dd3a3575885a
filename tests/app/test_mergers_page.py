"""Mergers page: the kind follows the loaded scenario, changing the survivor rebuilds the option-share choices,
and a merger can be taken from the position (players, holdings, cash, prices), checked for a track connection
between the two companies (7.5.2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from streamlit.testing.v1 import AppTest

from solver.titles.g1862.loading import load_position
from solver.titles.g1862.money import load_scenario, merge_preview, parse_scenario
from solver.titles.g1862.money.connection import merge_connection

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def app(app: AppTest) -> AppTest:
    app.switch_page("pages/mergers.py").run()
    assert not app.exception
    return app


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


def company_box(at: AppTest, label: str, index: int) -> Any:
    """The widget labelled `label` in the box of the `index`-th company (issue 14: the lists are edited in
    widgets below the Companies table, not in its cells, which cut them off)."""
    found = [w for w in [*at.text_input, *at.multiselect] if w.label == label]
    assert len(found) == 2, [w.label for w in found]
    return found[index]


def test_each_companys_trains_permits_and_markers_are_edited_below_the_table_and_reach_the_preview(
    app: AppTest,
) -> None:
    load_example(app, "merge-5.2.6-example1")
    raw = json.loads((EXAMPLES / "merge-5.2.6-example1.json").read_text(encoding="utf-8"))
    first, second = raw["companies"]
    assert company_box(app, "Trains (e.g. 3F, 4/5L, 2/3E)", 0).value == ", ".join(first["trains"])
    assert company_box(app, "Permits (6.5.4.3)", 1).value == second["permits"]
    assert company_box(app, "Station markers (7.7)", 0).value == first["markers"]

    company_box(app, "Trains (e.g. 3F, 4/5L, 2/3E)", 0).input("2F, 3L").run()
    company_box(app, "Permits (6.5.4.3)", 0).set_value(["freight", "express"]).run()
    company_box(app, "Station markers (7.7)", 1).set_value(["B5", "C10", "London"]).run()
    assert not app.exception
    companies = app.session_state["table:merge-companies"]
    assert companies["trains"].to_list()[0] == "2F, 3L"
    assert companies["permits"].to_list()[0] == "freight, express"
    assert companies["markers"].to_list()[1] == "B5, C10, London"

    first.update(trains=["2F", "3L"], permits=["freight", "express"])
    second.update(markers=["B5", "C10", "London"])
    expected = merge_preview(parse_scenario(raw)).possessions
    after = next(m.value for m in app.markdown if str(m.value).startswith(f"**{raw['survivor']} after**"))
    assert f"trains {', '.join(expected.trains)}," in after and f"permits {', '.join(expected.permits)}," in after
    assert "3L" in expected.trains and "express" in expected.permits  # the edits reached the preview


@pytest.mark.parametrize(
    ("markers", "shown_marker", "message"),
    [("B13, Z99", "Z99", "marker 'Z99': not a hex id"), ("B13, B13", "B13", "a hex is listed twice")],
)
def test_a_marker_list_the_scenario_gives_wrong_stays_shown_and_is_refused_by_rule_7_7(
    app: AppTest, markers: str, shown_marker: str, message: str
) -> None:
    load_example(app, "merge-5.2.6-example1")
    table = app.session_state["table:merge-companies"]
    app.session_state["table:merge-companies"] = table.with_columns(
        pl.when(pl.col("id") == table["id"][0]).then(pl.lit(markers)).otherwise(pl.col("markers")).alias("markers")
    )
    app.session_state["table-version:merge-companies"] += 1
    app.run()
    assert not app.exception
    assert shown_marker in company_box(app, "Station markers (7.7)", 0).value
    assert app.session_state["table:merge-companies"]["markers"][0] == markers  # nothing changed behind the user
    text = "\n".join(str(e.value) for e in app.error)
    assert message in text and "7.7" in text


def test_the_holdings_chart_names_the_bank_pool_the_ipo_and_the_certificates_beside_the_board_in_words(
    app: AppTest,
) -> None:
    # issue 14: the chart's axis read "beside_board", the outcome's raw holder id (7.5.7)
    from_position(app, "ECR", "ESR")
    (chart,) = [c for c in app.get("plotly_chart") if "shares" in c.proto.spec]
    axis = json.loads(chart.proto.spec)["layout"]["xaxis"]
    words = dict(zip(axis["tickvals"], axis["ticktext"], strict=True))
    assert {words["pool"], words["ipo"], words["beside_board"]} == {"Bank Pool", "IPO", "beside the board"}
    assert words["Alice"] == "Alice"


def test_an_option_share_no_one_chose_shows_a_dash_not_none(app: AppTest) -> None:
    # Defect: the empty choice ("") was drawn by the data grid as "None"; every cell holds a choice it can show,
    # the dash meaning "redeem when affordable" (5.2.4), and the preview reads it so.
    from_position(app, "ESR", "FDR")
    choices = app.session_state["table:merge-choices"]
    assert set(choices["option share"].to_list()) == {"—"}
    assert next(m for m in app.metric if m.label == "Director")  # previewed with every option share redeemed
    app.session_state["merge-source"] = "Example scenario"
    load_example(app, "merge-5.2.6-example1")
    made = load_scenario(EXAMPLES / "merge-5.2.6-example1.json")
    cells = dict(app.session_state["table:merge-choices"].iter_rows())
    assert all(cells[h] == made.choices.get(h, "—") for h in cells), cells
    assert "None" not in cells.values() and "" not in cells.values()
