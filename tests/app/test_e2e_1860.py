"""1860 end to end in a real headless Chromium (the server, browser and helpers of test_e2e_browser.py): load the
British Rail example, see its board drawn (several stations on a hex, halts, its markers), solve a company on the
Routes page and see the proven optimum with its route drawn, preview nationalisation, look at the Stock market's
previews and review an imported 1860 game; each page saved at 1280 and 1600 px (routes-1860-1280.png, ...)."""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e_any_title import drawn_hexes
from test_e2e_browser import ROOT, choose, open_page, page, plotly_traces, segment, server, shot, wait_for_app

from solver.core.board_data import load_board

pytestmark = pytest.mark.e2e
__all__ = ["page", "server"]  # the fixtures, shared with test_e2e_browser.py

BANK_GAME = ROOT / "tests" / "data" / "importer" / "1860" / "1860_game_end_bank.json"
WIDTHS = (1280, 1600)
#: The traces of every Plotly chart on the page as (name, number of points).
TRACE_POINTS = (
    "() => Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => el.data || [])"
    ".map(t => [t.name || '', (t.x || []).length])"
)


def _shots(pg: Any, name: str, height: int = 1500) -> None:
    """The page at each width, `height` pixels tall, nothing wider than the window (a chart cut off at the right
    fails)."""
    for width in WIDTHS:
        pg.set_viewport_size({"width": width, "height": height})
        wait_for_app(pg)
        for plot in pg.locator(".js-plotly-plot").all():
            box = plot.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (name, width, box)
        shot(pg, f"{name}-{width}.png")
    pg.set_viewport_size({"width": 1500, "height": 1250})
    wait_for_app(pg)


def test_1860_board_routes_nationalisation_market_and_review_in_a_real_browser(page: Any) -> None:
    pg = page
    open_page(pg, "Saved positions")
    choose(pg, "Example", "position-1860-nationalisation")
    pg.get_by_role("button", name="Load example").click()
    wait_for_app(pg)

    open_page(pg, "Board")
    pg.get_by_text("Station markers").first.wait_for()
    hexes = len(load_board("1860").hexes)
    assert drawn_hexes(pg, hexes) == hexes
    traces = dict(pg.evaluate(TRACE_POINTS))
    assert traces["markers"] >= 4 and traces["stations"] > 0 and traces["dots"] > 0  # markers, stations, halts
    _shots(pg, "board-1860-british-rail")  # board-1860-*.png is the early example (test_e2e_any_title.py)

    open_page(pg, "Routes")
    choose(pg, "Company", "IWNJ")
    pg.get_by_role("button", name="Solve").click()
    pg.get_by_text("proven optimal").first.wait_for(timeout=120_000)
    wait_for_app(pg)
    pg.get_by_text("Train 1:").first.wait_for()
    assert any(name.startswith("1: ") for name in plotly_traces(pg))  # the run drawn on the map
    _shots(pg, "routes-1860")
    segment(pg, "Routes by station").click()
    wait_for_app(pg)
    pg.get_by_text("Pick each train's stations").first.wait_for()

    open_page(pg, "Nationalisation")
    pg.get_by_role("button", name="Preview nationalisation").click()
    pg.get_by_text("Companies closing:").first.wait_for(timeout=120_000)
    wait_for_app(pg)
    pg.get_by_text("round 1: S&C, C&N").first.wait_for()
    _shots(pg, "nationalisation-1860")

    open_page(pg, "Stock market")
    pg.get_by_text("Step by step").first.wait_for()
    _shots(pg, "market-1860")

    open_page(pg, "Import review")
    pg.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(BANK_GAME))
    pg.get_by_text("85 recorded runs").first.wait_for(timeout=120_000)
    wait_for_app(pg)
    pg.get_by_role("button", name="Find this run's best run (in both modes)").click()
    pg.get_by_text("2 of 2 best runs proven").first.wait_for(timeout=120_000)
    wait_for_app(pg)
    _shots(pg, "review-1860", 2300)  # down to the recorded and best runs' maps
