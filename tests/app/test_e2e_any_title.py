"""End to end in a real headless Chromium (the server, browser and helpers of test_e2e_browser.py): start a 1860
board and an 18BF board with New board and check that the map is drawn with as many hexes as the title's data
has and that the navigation lists only the title's pages; load each title's example and save the Board page at
1280 and 1600 px with the editor's tile offer of a hex open (board-1860-1280.png: Ashey's halts; board-18bf-1280.png:
Cardiff's city tiles, ...)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_e2e_browser import load_example, open_page, page, segment, server, shot, wait_for_app

from solver.core.board_data import load_board
from solver.titles import registry

pytestmark = pytest.mark.e2e
__all__ = ["page", "server"]  # the fixtures, shared with test_e2e_browser.py

#: title: (its button in New board, its example, the name of the example as listed)
TITLES = {"1860": ("1860", "position-1860-early"), "18bf": ("18BF", "position-18bf-early")}
#: title: the hex opened in its editor, as the hex list names it, and its tile offer's heading
OFFERS = {"1860": ("I5 Ashey", "Tile offer for I5 (3)"), "18bf": ("U11 Cardiff", "Tile offer for U11 (3)")}


#: Hexes drawn on the page's maps: the closed outlines of the fill traces (one per hex, None after each).
DRAWN_HEXES = (
    "Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => el.data || [])"
    ".filter(t => (t.name || '').startsWith('fill '))"
    ".reduce((n, t) => n + t.x.filter(v => v === null).length, 0)"
)
#: How long a map may take to be drawn again on a loaded machine.
MAP_TIMEOUT_MS = 90_000


def drawn_hexes(pg: Any, expected: int) -> int:
    """Hexes drawn on the page's maps, once they number `expected` or the wait runs out. The map of one title's
    board is the same chart as the previous board's, drawn again when the script reaches it: read too early (on a
    busy machine, while the script still runs), it is the previous board's."""
    with contextlib.suppress(PlaywrightTimeout):
        pg.wait_for_function(f"() => ({DRAWN_HEXES}) === {expected}", timeout=MAP_TIMEOUT_MS)
    count: int = pg.evaluate(f"() => {DRAWN_HEXES}")
    return count


@pytest.mark.parametrize("game", list(TITLES))
def test_new_board_of_a_title_draws_every_hex_of_its_data(page: Any, game: str) -> None:
    pg = page
    button, _ = TITLES[game]
    open_page(pg, "Board")
    pg.get_by_role("button", name="New board").click()
    segment(pg, button).click()
    wait_for_app(pg)
    pg.get_by_role("button", name="Create the new board").click()
    wait_for_app(pg)
    pg.get_by_text(f"New {button} board").first.wait_for()
    pg.get_by_text(f"Edit it by {button}'s board rules").first.wait_for()  # both titles have an editor
    hexes = len(load_board(game).hexes)
    assert drawn_hexes(pg, hexes) == hexes
    # the navigation lists the pages the title has (solver.titles.registry), its money page by its own name
    links = [text.splitlines()[-1] for text in pg.locator('[data-testid="stSidebarNav"] a').all_inner_texts()]
    money = registry.TITLES[game].money_pages[0]
    assert links == [money if p == registry.MERGERS else p for p in registry.TITLES[game].pages]


@pytest.mark.parametrize("game", list(TITLES))
def test_the_board_page_shows_a_titles_example_at_1280_and_1600_px(page: Any, game: str) -> None:
    pg = page
    _, example = TITLES[game]
    load_example(pg, example)
    open_page(pg, "Board")
    pg.get_by_text("Station markers").first.wait_for()
    hex_, offer = OFFERS[game]  # the editor with a hex's tile offer open
    pg.locator('[data-testid="stSelectbox"]', has=pg.get_by_text("Hex", exact=True)).first.click()
    pg.keyboard.type(hex_)  # the list of hexes is long: typed, as a player would
    pg.get_by_role("option", name=hex_, exact=True).click()
    wait_for_app(pg)
    pg.get_by_text(offer).first.wait_for()
    hexes = len(load_board(game).hexes)
    for width in (1280, 1600):
        pg.set_viewport_size({"width": width, "height": 1500})  # tall enough for the whole 18BF map
        wait_for_app(pg)
        assert drawn_hexes(pg, hexes) == hexes
        plot = pg.locator(".js-plotly-plot").first.bounding_box()
        assert plot["x"] >= 0 and plot["x"] + plot["width"] <= width, (width, plot)
        markers: int = pg.evaluate(
            "() => Array.from(document.querySelectorAll('.js-plotly-plot')).flatMap(el => el.data || [])"
            ".filter(t => t.name === 'markers').reduce((n, t) => n + t.x.length, 0)"
        )
        assert markers > 0
        shot(pg, f"board-{game}-{width}.png")
    pg.set_viewport_size({"width": 1500, "height": 1250})
