"""A page opened by its own address, as the first request of a new session (a bookmark, a shared link, a
refresh on that page), runs after the app's set-up, not without it: no exception box on any page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_e2e_browser import VIEWPORT, browser, running_app

pytestmark = pytest.mark.e2e

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
        links = [text.splitlines()[-1] for text in page.locator('[data-testid="stSidebarNav"] a').all_inner_texts()]
        assert sorted(links) == sorted(PAGES.values())  # the app's navigation, not one made from the folder
        current = page.locator('[data-testid="stSidebarNav"] a[aria-current="page"]').inner_text()
        assert current.splitlines()[-1] == PAGES[name]
