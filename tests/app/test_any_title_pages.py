"""The app's pages with a 1860 and an 18BF position (Streamlit AppTest): the Board page draws the board with its
title, tiles and markers; Routes, Mergers and Stock market render for both titles (18BF's Merger Round and Stock
market saying what its phase-2 example without money lacks); Saved positions renders; New board starts a 1860
two-player board and an 1862 board again, and Undo steps back."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition
from solver.titles.g1862.position import Position

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TITLE_EXAMPLES = ["position-1860-early", "position-1860-two-player", "position-18bf-early"]


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    return "\n".join(str(p) for p in parts + [e.value for e in at.error])


@pytest.mark.parametrize("stem", TITLE_EXAMPLES)
def test_every_page_renders_a_position_of_another_title_without_an_exception(app: AppTest, stem: str) -> None:
    pos = load_any_position(EXAMPLES / f"{stem}.json")
    assert isinstance(pos, BoardPosition)
    app.session_state["position"] = pos
    app.run()
    assert not app.exception
    title = "18BF" if pos.board.title == "18bf" else "1860"
    shown = texts(app)
    assert f"**{title}** · Position: **{pos.name}**" in shown
    assert f"**Tiles laid** ({len(pos.tiles)})" in shown
    assert len(app.get("plotly_chart")) == 1
    #: what 18BF's money pages say of its phase-2 example without money (1860 has its own Nationalisation and
    #: Stock market, which say neither); every title has its Routes
    said = {
        "pages/routes.py": None,
        "pages/mergers.py": "The Merger Round is held from phase 3 (§12); the position is in phase 2.",
        "pages/market.py": "The position gives no share prices",
    }
    for page, text in said.items():
        app.switch_page(page)
        app.run()
        assert not app.exception, page
        assert f"page is not available for {title} yet" not in texts(app), page
        assert text is None or (text in texts(app)) == (title == "18BF"), page
    app.switch_page("pages/positions.py")
    app.run()
    assert not app.exception


def test_new_board_starts_a_1860_two_player_board_then_an_1862_board_and_undo_steps_back(app: AppTest) -> None:
    app.session_state["board_new_title"] = "1860"
    app.run()
    app.radio(key="new-map-1860").set_value("two_player")
    app.selectbox(key="new-phase-1860").set_value("3")
    app.multiselect(key="new-companies-1860").set_value(["C&N", "IOW"])
    next(b for b in app.button if b.label == "Create the new board").click()
    app.run()
    assert not app.exception
    pos = app.session_state["position"]
    assert isinstance(pos, BoardPosition)
    assert (pos.board.title, pos.board.map_variant, pos.phase, list(pos.companies)) == (
        "1860",
        "two_player",
        "3",
        ["C&N", "IOW"],
    )
    assert pos.markers("F2", 0) == ("C&N",) and pos.markers("I3", 0) == ("IOW",)
    assert "New 1860 board (two-player map) in phase 3 with C&N, IOW." in [s.value for s in app.success]
    app.session_state["board_new_title"] = "1862"
    app.run()
    next(b for b in app.button if b.label == "Create the new board").click()
    app.run()
    assert not app.exception
    made_1862 = app.session_state["position"]
    assert isinstance(made_1862, Position)
    next(b for b in app.button if b.label.startswith("Undo last edit")).click()
    app.run()
    restored = app.session_state["position"]
    assert restored == pos


def test_the_board_page_lists_an_18bf_positions_faults_by_its_board_rules(app: AppTest) -> None:
    """18BF's board rules on the Board page: a position loaded with a fault is drawn with the fault listed, naming
    the hex and the section (§10.4), beside its editor (which adds no new fault), and a valid one with none."""
    bad = (
        Path(__file__).resolve().parents[1] / "titles" / "g18bf" / "data" / "board-bad" / "tile-track-into-the-sea.json"
    )
    for path, faults in ((EXAMPLES / "position-18bf-early.json", 0), (bad, 1)):
        app.session_state["position"] = load_any_position(path)
        app.run()
        assert not app.exception
        assert "Edit it by 18BF's board rules (docs/board-18bf.md)" in texts(app)
        errors = [str(e.value) for e in app.error]
        assert len(errors) == faults, path
    assert "This position breaks 18BF's board rules; edits keep no new fault:" in errors[0]
    assert "tiles A5: tile 7 at rotation 0 runs track on edge 1 into the sea (no hex of the map) (§10.4)" in errors[0]
