"""Saved positions are never overwritten by mistake: loading anything clears the saved name, and saving over an
existing name asks first, naming what would be replaced (the sequence reported in issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.storage import PositionStore, position_json
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def app(db_path: Path) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("pages/positions.py").run()
    return at


def header(at: AppTest) -> str:
    return next(str(c.value) for c in at.caption if "Position:" in str(c.value))


def save_box(at: AppTest):  # type: ignore[no-untyped-def]
    return next(t for t in at.text_input if t.label == "Save the current position as")


def click(at: AppTest, label: str) -> None:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception


def current(at: AppTest) -> Position:
    pos = at.session_state["position"]
    assert isinstance(pos, Position)
    return pos


def save_as(at: AppTest, name: str) -> None:
    save_box(at).set_value(name)
    click(at, "Save")


def load_example(at: AppTest, stem: str) -> None:
    at.session_state["example-pick"] = stem
    at.run()
    click(at, "Load example")


def test_save_game_a_load_an_example_then_replace_needs_confirmation_naming_game_a(app: AppTest, db_path: Path) -> None:
    late = current(app)
    save_as(app, "Game A")
    assert "saved as **Game A**" in header(app)

    load_example(app, "position-early-game")
    assert current(app).phase == "B"
    assert "saved as" not in header(app)  # the example is not Game A
    assert save_box(app).value == ""  # nothing pre-filled: a save must be named

    save_as(app, "Game A")
    store = PositionStore(db_path)
    assert position_json(store.load("Game A")) == position_json(late)  # not overwritten yet
    warning = " ".join(str(w.value) for w in app.warning)
    assert "'Game A'" in warning and "Replace it" in warning
    click(app, "Cancel")
    assert position_json(store.load("Game A")) == position_json(late)
    assert not app.warning

    save_as(app, "Game A")
    click(app, "Replace 'Game A'")
    assert store.load("Game A").phase == "B"
    assert "saved as **Game A**" in header(app)


def test_loading_a_saved_row_names_it_and_an_upload_clears_it(app: AppTest) -> None:
    save_as(app, "Game B")
    load_example(app, "position-early-game")
    next(s for s in app.selectbox if s.label == "Saved position").set_value("Game B").run()
    click(app, "Load")
    assert "saved as **Game B**" in header(app)
    assert save_box(app).value == "Game B"
    load_example(app, "position-late-game")
    assert "saved as" not in header(app)


def test_a_pending_replace_is_dropped_when_another_position_is_loaded(app: AppTest, db_path: Path) -> None:
    save_as(app, "Game C")
    load_example(app, "position-early-game")
    save_as(app, "Game C")
    assert any("'Game C'" in str(w.value) for w in app.warning)
    load_example(app, "position-late-game")  # the early game was to replace Game C, not this one
    assert not any("'Game C'" in str(w.value) for w in app.warning)
    assert not [b for b in app.button if b.label == "Replace 'Game C'"]
    assert PositionStore(db_path).load("Game C").phase == load_position(EXAMPLES / "position-late-game.json").phase
