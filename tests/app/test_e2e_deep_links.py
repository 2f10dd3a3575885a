"""A page opened by its own address, as the first request of a new session (a bookmark, a shared link, a
refresh on that page), runs after the app's set-up, not without it: no exception box on any page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from test_e2e_browser import VIEWPORT, browser, running_app, wait_for_app

pytestmark = pytest.mark.e2e
#: how long the app's navigation may take to replace the folder's on a loaded machine
NAV_TIMEOUT_MS = 60_000

#: address -> the page's title in the navigation
PAGES = {
    "board": "Board",
    "routes": "Routes",
    "mergers": "Mergers",
    "market": "Stock market",
    "positions": "Saved positions",
    "review": "Import review",
}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_app(tmp_path_factory) as (address, _):
        yield address


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_page_opened_by_its_address_in_a_new_session_shows_no_exception(
    url: str, name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    with browser(f"{url}/{name}", tmp_path_factory, VIEWPORT) as pg:
        page: Any = pg
        address = page.url.split("?")[0]
        assert address.endswith(f"/{name}") or (name == "board" and address.endswith("/")), address  # the default
        # The app's navigation, not the one Streamlit makes from the pages/ folder ('app', 'board', ...), which it
        # shows until app.py has run: a busy machine may still show that one when the page is first read, so
        # the check waits for the app's (and fails if it never comes).
        nav = page.locator('[data-testid="stSidebarNav"] a')
        expect(nav).to_have_text([_last_line(title) for title in PAGES.values()], timeout=NAV_TIMEOUT_MS)
        current = page.locator('[data-testid="stSidebarNav"] a[aria-current="page"]')
        expect(current).to_have_text(_last_line(PAGES[name]), timeout=NAV_TIMEOUT_MS)
        wait_for_app(page)  # the page opened has run to its end, with no exception box


def _last_line(title: str) -> re.Pattern[str]:
    """A navigation link's text: its icon's name, then `title` (the folder's names are in lower case)."""
    return re.compile(f"{re.escape(title)}$")
