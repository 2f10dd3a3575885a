"""The Review page (issue 6) driven by Streamlit's AppTest: an imported game, the review, chart and table."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from streamlit.testing.v1 import AppTest

from solver.importer import import_game

ROOT = Path(__file__).resolve().parent.parent
GAME_FILE = ROOT / "tests" / "data" / "importer" / "46925.json"


def test_review_page_reviews_an_imported_game_and_shows_chart_and_table() -> None:
    game = import_game(GAME_FILE)
    short = dataclasses.replace(game, runs=game.runs[:6])
    at = AppTest.from_file(str(ROOT / "pages" / "review.py"), default_timeout=120)
    at.session_state["review_game"] = short
    at.run()
    assert not at.exception
    assert any("6 recorded runs" in m.value for m in at.markdown)
    at.button[0].click().run()
    assert not at.exception
    reviews = at.session_state["review_runs"]
    assert len(reviews) == 6 and all(r.status == "optimal" for r in reviews)
    assert len(at.get("plotly_chart")) == 1
    assert len(at.dataframe) == 1
    assert at.dataframe[0].value["left_on_table"].to_list() == sorted((r.left_on_table for r in reviews), reverse=True)


def test_review_page_without_a_file_asks_for_one() -> None:
    at = AppTest.from_file(str(ROOT / "pages" / "review.py"), default_timeout=60)
    at.run()
    assert not at.exception
    assert any("Upload a game exported from 18xx.games" in c.value for c in at.caption)
