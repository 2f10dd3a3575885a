"""18BF's board editor end to end in a real headless Chromium (the server, browser and helpers of test_e2e_browser.py):
load the early example, pick Cardiff and Bristol by typing them in the hex list of the pointy-topped map, lay their
tiles from the offer (R2 of the reference: Cardiff U11 = 57 at rotation 1, Bristol U13 = 621 at rotation 1), place
the minor BE's station marker on its home Bristol, give it a 2-train, then solve BE on the Routes page: Cardiff and
Bristol, £20 + £30 and the England-Wales bonus £10, proven optimal. The Board page is saved with London's six parts
open in the editor at 1280 and 1600 px (board-18bf-edit-1280.png, board-18bf-edit-1600.png), nothing cut off at the
right."""

from __future__ import annotations

from typing import Any

import pytest
from test_e2e_any_title import drawn_hexes
from test_e2e_browser import choose, load_example, open_page, page, server, shot, solve_proven, wait_for_app

from solver.core.board_data import load_board

pytestmark = pytest.mark.e2e
__all__ = ["page", "server"]  # the fixtures, shared with test_e2e_browser.py


def _type_choice(pg: Any, label: str, option: str) -> None:
    """Choose `option` in the selectbox labelled `label` by typing it, as a player would: the lists of land hexes
    and of companies are long (the browser draws only the options in view)."""
    pg.locator('[data-testid="stSelectbox"]', has=pg.get_by_text(label, exact=True)).first.click()
    pg.keyboard.type(option)
    pg.get_by_role("option", name=option, exact=True).click()
    wait_for_app(pg)


def _pick_hex(pg: Any, label: str) -> None:
    _type_choice(pg, "Hex", label)


def _lay(pg: Any, hex_: str, tile: str, rotation: int) -> None:
    pg.get_by_text(f"Tile offer for {hex_}").first.wait_for()
    choose(pg, "Tile", tile)
    choose(pg, "Rotation", str(rotation))
    pg.get_by_role("button", name="Lay", exact=True).click()
    wait_for_app(pg)
    pg.get_by_text(f"Laid tile {tile} on {hex_} at rotation {rotation}.").first.wait_for()


def test_an_18bf_board_is_edited_then_solved_in_a_real_browser(page: Any) -> None:
    pg = page
    load_example(pg, "position-18bf-early")
    open_page(pg, "Board")
    pg.get_by_text("Edit it by 18BF's board rules").first.wait_for()

    _pick_hex(pg, "U11 Cardiff")
    _lay(pg, "U11", "57", 1)
    _pick_hex(pg, "U13 Bristol")
    _lay(pg, "U13", "621", 1)
    pg.get_by_text("n0 city (0/1): free").first.wait_for()  # Bristol's one space
    _type_choice(pg, "Company for n0", "BE")
    pg.get_by_role("button", name="Place", exact=True).first.click()
    wait_for_app(pg)
    pg.get_by_text("Placed BE's station marker on U13 n0.").first.wait_for()

    pg.get_by_text("Companies & trains", exact=True).click()
    wait_for_app(pg)
    _type_choice(pg, "Company", "BE")
    pg.get_by_label("Trains (comma-separated, e.g. 2, 3, 5G, 3+3)").fill("2")
    pg.get_by_role("button", name="Save trains").click()
    wait_for_app(pg)
    pg.get_by_text("Saved BE's trains.").first.wait_for()

    pg.get_by_text("Hex", exact=True).last.click()  # the panel of a hex: London's six parts and their markers
    wait_for_app(pg)
    _pick_hex(pg, "U23 London")
    pg.get_by_text("n5 London(SE) (0/2): free").first.wait_for()
    hexes = len(load_board("18bf").hexes)
    for width in (1280, 1600):
        pg.set_viewport_size({"width": width, "height": 1500})
        wait_for_app(pg)
        assert drawn_hexes(pg, hexes) == hexes
        for plot in pg.locator(".js-plotly-plot").all():
            box = plot.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (width, box)
        shot(pg, f"board-18bf-edit-{width}.png")
    pg.set_viewport_size({"width": 1500, "height": 1250})
    wait_for_app(pg)

    solve_proven(pg, "BE")
    pg.get_by_text("BE: revenue 60").first.wait_for()
