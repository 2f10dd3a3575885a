"""The Board page editing an 18BF board (Streamlit AppTest; pages/title_board_edit.py with 18BF's editor, docs/app.md
"Editing an 1860 or 18BF board"): a tile laid from a hex's offer and Undo, London's six parts each with their
station markers, a minor's second marker refused naming §10.5 with nothing changed, trains refused
for a minor without its home marker (§10.5, §19), a phase refused (§8), no turn selector and no options (18BF has
neither); an edited board saved in the SQLite store and loaded back, and kept whole when a later edit is refused."""

from __future__ import annotations

from pathlib import Path

from app_pages import open_on, page_text
from streamlit.testing.v1 import AppTest

from solver.core.board_position import BoardPosition
from solver.storage import PositionStore, position_json

ROOT = Path(__file__).resolve().parents[2]
EARLY = ROOT / "examples" / "position-18bf-early.json"


def _open(app: AppTest, hex_: str) -> None:
    """The early example on the Board page with `hex_` chosen in the editor."""
    app.session_state["title_edit_hex"] = hex_
    open_on(app, EARLY, "pages/board.py")


def _board(app: AppTest) -> BoardPosition:
    held = app.session_state["position"]
    assert isinstance(held, BoardPosition)
    return held


def _lay(app: AppTest, hex_: str, tile: str, rotation: int) -> None:
    app.selectbox(key=f"offer-{hex_}").set_value(
        next(o for o in app.selectbox(key=f"offer-{hex_}").options if o == tile)
    )
    app.run()
    app.selectbox(key=f"rotation-{hex_}-{tile}").set_value(rotation).run()
    app.button(key=f"lay-{hex_}").click().run()
    assert not app.exception


def test_cardiffs_tile_is_laid_from_its_offer_and_undo_takes_it_back(app: AppTest) -> None:
    _open(app, "U11")
    assert any(e.label == "Tile offer for U11 (3)" for e in app.expander)
    assert not [s for s in app.selectbox if s.key == "title_edit_company"]  # 18BF's edits copy the table
    _lay(app, "U11", "57", 1)
    assert _board(app).tiles["U11"].tile == "57" and _board(app).tiles["U11"].rotation == 1
    assert any("Laid tile 57 on U11 at rotation 1." in str(s.value) for s in app.success)
    next(b for b in app.button if b.label.startswith("Undo last edit")).click().run()
    assert "U11" not in _board(app).tiles


def test_londons_six_parts_take_markers_and_a_minors_second_marker_is_refused_s10_5(app: AppTest) -> None:
    _open(app, "U23")
    shown = "\n".join(str(m.value) for m in app.markdown)
    assert "**Station markers**" in shown
    for i, part in enumerate(("SW", "W", "NW", "NE", "E", "SE")):
        assert f"n{i} London({part})" in shown
    choices, pos = app.selectbox(key="base-U23-0").options, _board(app)
    assert choices[:9] == [c for c in pos.board.companies if c in pos.companies]  # those in play first
    assert "P1" not in choices  # no private (§7.1)
    before = _board(app)
    app.selectbox(key="base-U23-5").set_value("YNM").run()  # a minor has one marker, on York
    app.button(key="rebase-U23-5").click().run()
    assert "company YNM: 2 station markers on the board; a minor has 1 (§10.5)" in page_text(app)
    assert _board(app) == before
    app.selectbox(key="base-U23-2").set_value("LNW").run()
    app.button(key="rebase-U23-2").click().run()
    assert _board(app).stations["U23"][2] == ("LNW",)
    assert any("Placed LNW's station marker on U23 n2." in str(s.value) for s in app.success)


def test_trains_and_phase_are_refused_by_their_sections(app: AppTest) -> None:
    _open(app, "U13")
    app.radio(key="title_edit_tab").set_value("Companies & trains").run()
    app.selectbox(key="title-trains-company").set_value("BE").run()
    app.text_input(key="title-trains-BE").set_value("2")
    next(b for b in app.button if b.label == "Save trains").click().run()
    assert "company BE" in page_text(app) and "(§10.5, §19)" in page_text(app)
    assert "BE" not in _board(app).companies
    app.radio(key="title_edit_tab").set_value("Phase & options").run()
    assert not [c for c in app.checkbox if str(c.key).startswith("title_edit_")]  # 18BF's rules have no options
    app.selectbox(key="title_edit_phase").set_value("4")
    next(b for b in app.button if b.label == "Set phase and options").click().run()
    assert "2-trains are obsolete from phase 4 (§10.10, §8)" in page_text(app)
    assert _board(app).phase == "2"


def test_an_edited_board_is_saved_and_loaded_back_and_a_refused_edit_keeps_it(app: AppTest, tmp_path: Path) -> None:
    _open(app, "U11")
    _lay(app, "U11", "57", 1)
    edited = _board(app)
    app.switch_page("pages/positions.py").run()
    next(t for t in app.text_input if t.label == "Save the current position as").set_value("Bristol game")
    next(b for b in app.button if b.label == "Save").click().run()
    assert not app.exception
    store = PositionStore(tmp_path / "positions.sqlite3")
    assert position_json(store.load("Bristol game")) == position_json(edited)
    app.switch_page("pages/board.py").run()
    app.selectbox(key="base-U11-0").set_value("YNM").run()  # a minor has one marker, on York (§10.5)
    app.button(key="rebase-U11-0").click().run()
    assert "company YNM" in page_text(app)
    assert position_json(store.load("Bristol game")) == position_json(edited)
    loaded = store.load("Bristol game")
    assert isinstance(loaded, BoardPosition) and loaded.tiles["U11"].tile == "57"
