"""18BF's pages in a real headless Chromium (the server, browser and helpers of test_e2e_browser.py):

- a late-game board of the System LMS (5+5E, 4+4s, a G-train) uploaded and solved on the Routes page, proven
  optimal and drawn (screenshots routes-18bf-{1280,1600}.png);
- the example position-18bf-money: its Board, then the Merger Round page, which previews the System formation of
  LNW and GNR (§12.6 a) with who holds what, and the Stock market page with a dividend; nothing cut off at the side
  at 1280 and 1600 px (screenshots merger-round-{1280,1600}.png and market-18bf-{1280,1600}.png);
- the example position-18bf-trains (R13): the Stock market page's train decision, NER's 5 against its 3G, both
  runs proven and the 3G the best buy, nothing cut off (screenshots market-18bf-trains-{1280,1600}.png).

Screenshots go to test-results/screenshots/, or to docs/screenshots/ with SAVE_SCREENSHOTS=1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_e2e_1860 import _shots
from test_e2e_browser import (
    choose,
    load_example,
    open_page,
    page,
    plotly_traces,
    segment,
    server,
    solve_proven,
    wait_for_app,
)
from test_e2e_pages import overflow, whole_page_shot

pytestmark = pytest.mark.e2e
__all__ = ["page", "server"]  # the fixtures, shared with test_e2e_browser.py

EXAMPLE = "position-18bf-money"
LATE = Path(__file__).parents[1] / "titles" / "g18bf" / "data" / "late-lms.json"


def _fits_both_widths(pg: Any, shot: str) -> None:
    """Nothing cut off at the side at 1280 and 1600 px; a screenshot `{shot}-{width}.png` of each."""
    for width in (1280, 1600):
        pg.set_viewport_size({"width": width, "height": 900})
        wait_for_app(pg)
        assert overflow(pg) == 0, width
        whole_page_shot(pg, f"{shot}-{width}.png")


def test_routes_page_solves_a_late_18bf_board_proven_optimal(page: Any) -> None:
    pg = page
    open_page(pg, "Saved positions")
    pg.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(LATE))
    pg.get_by_role("button", name="Load the uploaded file").click()
    wait_for_app(pg)
    pg.get_by_text("Loaded late-lms.json").first.wait_for()
    solve_proven(pg, "LMS")
    pg.get_by_text("Train 1:").first.wait_for()
    assert any(name.startswith("1: ") for name in plotly_traces(pg))  # the run drawn on the map
    _shots(pg, "routes-18bf")


def test_board_then_merger_round_previews_a_system_formation(page: Any) -> None:
    pg = page
    load_example(pg, EXAMPLE)
    open_page(pg, "Board")
    pg.get_by_text("Station markers").first.wait_for()
    open_page(pg, "Merger Round")
    pg.get_by_text("GWR at £135, directed by Ann").first.wait_for()
    steps = pg.locator('[class*="st-key-merger-round-steps"]').first.inner_text()
    assert "shares are exchanged one for one" in steps and "(§12.6)" in steps
    assert {"LNW", "GNR", "GWR"} <= set(plotly_traces(pg))
    _fits_both_widths(pg, "merger-round")
    open_page(pg, "Stock market")
    choose(pg, "Company", "LNW")
    earnings = pg.get_by_label("Earnings (£)")
    earnings.fill("150")
    earnings.press("Enter")
    wait_for_app(pg)
    pg.get_by_text("Paid £80 (£8 a share)").first.wait_for()
    _fits_both_widths(pg, "market-18bf")
    pg.set_viewport_size({"width": 1500, "height": 1250})


def test_stock_market_train_decision_r13(page: Any) -> None:
    pg = page
    load_example(pg, "position-18bf-trains")
    open_page(pg, "Stock market")
    segment(pg, "Train").click()
    wait_for_app(pg)
    pg.get_by_role("button", name="Compare trains").click()
    pg.get_by_text("best buy: 3G").first.wait_for(timeout=60_000)
    wait_for_app(pg)
    steps = pg.locator('[class*="st-key-bf-train-steps"]')
    assert steps.count() >= 2
    _fits_both_widths(pg, "market-18bf-trains")
    pg.set_viewport_size({"width": 1500, "height": 1250})
