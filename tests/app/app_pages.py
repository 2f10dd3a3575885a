"""What the pages' tests (Streamlit AppTest) share beside the `app` fixture (tests/conftest.py): a position opened on a
page, a press of Solve waited for, and the text a page shows."""

from __future__ import annotations

import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition


def open_on(app: AppTest, path: Path, page: str) -> BoardPosition:
    """The position of a title on the core's positions, read from `path`, made current and `page` opened on it."""
    position = load_any_position(path)
    assert isinstance(position, BoardPosition)
    app.session_state["position"] = position
    app.switch_page(page).run()
    assert not app.exception
    return position


def press_solve(app: AppTest, company: str, seconds: float = 60) -> None:
    """On the Routes page: `company` chosen, Solve pressed, and the page run again until it no longer says it is
    solving (at most `seconds`)."""
    app.session_state["routes_company"] = company
    app.run()
    next(b for b in app.button if b.label == "Solve").click().run()
    deadline = time.monotonic() + seconds
    while any("Solving" in str(i.value) for i in app.info) and time.monotonic() < deadline:
        time.sleep(0.3)
        app.run()


def page_text(app: AppTest) -> str:
    """Every text the page shows: markdown, captions and the info, warning, error and success boxes."""
    parts = [*app.markdown, *app.caption, *app.info, *app.warning, *app.error, *app.success]
    return "\n".join(str(e.value) for e in parts)
