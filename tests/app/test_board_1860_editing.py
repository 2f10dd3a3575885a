"""The Board page editing an 1860 board (Streamlit AppTest; pages/title_board_edit.py, docs/app.md "Editing an 1860
board"): a tile laid from the hex's offer, an upgrade refused for a company whose train does not reach the tile
with the rule named and nothing changed, Undo, a base placed, a base the company builds out of its reach refused
(RB L511), trains refused over the limit, the phase set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.titles.g1860 import rulebook

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
EARLY = ROOT / "examples" / "position-1860-early.json"


def _open(app: AppTest, position: BoardPosition, hex_: str) -> None:
    app.session_state["position"] = position
    app.session_state["title_edit_hex"] = hex_
    app.run()
    assert not app.exception


def _current(app: AppTest) -> BoardPosition:
    position = app.session_state["position"]
    assert isinstance(position, BoardPosition)
    return position


def _errors(app: AppTest) -> str:
    return "\n".join(str(e.value) for e in app.error)


def _early(phase: str = "2", **changes: object) -> BoardPosition:
    early = load_any_position(EARLY)
    assert isinstance(early, BoardPosition)
    return parse_position({**position_to_data(early), "phase": phase, **changes})


def test_a_tile_from_the_offer_is_laid_and_undo_takes_it_back(app: AppTest) -> None:
    _open(app, _early(), "K7")
    chart: Any = app.get("plotly_chart")[0]
    assert "selected" in [t.get("name") for t in json.loads(chart.proto.spec)["data"]]  # the chosen hex outlined
    assert any(e.label.startswith("Tile offer for K7") for e in app.expander)
    app.selectbox(key="offer-K7").set_value(next(o for o in app.selectbox(key="offer-K7").options if o == "8"))
    app.run()
    app.button(key="lay-K7").click().run()
    assert not app.exception
    assert _current(app).tiles["K7"].tile == "8"
    assert any("Laid tile 8 on K7" in str(s.value) for s in app.success)
    next(b for b in app.button if b.label.startswith("Undo last edit")).click().run()
    assert "K7" not in _current(app).tiles


def test_an_upgrade_the_companys_train_does_not_reach_is_refused_naming_the_rule_rb_l495(app: AppTest) -> None:
    """The rulebook's example: IOW's 2+1 does not reach Brading from Ryde Esplanade."""
    early = _early("3")
    tiles = [t for t in position_to_data(early)["tiles"] if t["hex"] != "J4"]
    tiles += [{"hex": "J4", "tile": "6", "rotation": 0}, {"hex": "J6", "tile": "746", "rotation": 0}]
    _open(app, parse_position({**position_to_data(early), "tiles": tiles}), "J6")
    app.selectbox(key="title_edit_company").set_value("IOW").run()
    assert any(e.label == "Tile offer for J6 (0)" for e in app.expander)
    app.selectbox(key="title_edit_company").set_value("(copying the table: no company)").run()
    assert any(e.label == "Tile offer for J6 (2)" for e in app.expander)
    app.button(key="lay-J6").click().run()
    assert _current(app).tiles["J6"].tile in ("757", "762")


def test_a_base_is_placed_and_trains_over_the_limit_are_refused(app: AppTest) -> None:
    _open(app, _early(), "G9")
    app.selectbox(key="base-G9-0").set_value("NGStL").run()
    app.button(key="rebase-G9-0").click().run()
    assert _current(app).stations["G9"] == (("NGStL",),)
    app.radio(key="title_edit_tab").set_value("Companies & trains").run()
    app.selectbox(key="title-trains-company").set_value("C&N").run()
    app.text_input(key="title-trains-C&N").set_value("2+1, 2+1, 2+1, 2+1")  # in a form: sent on submit
    before = _current(app)
    next(b for b in app.button if b.label == "Save trains").click().run()
    assert not app.exception
    assert "Refused, nothing was changed" in _errors(app) and rulebook.TRAIN_COUNTS in _errors(app)
    assert _current(app) == before


def test_a_base_built_by_the_company_on_its_turn_must_be_reached_rb_l511(app: AppTest) -> None:
    """With IOW chosen in *Laid or built by*, IOW's base on Newport (G5), which its bases do not reach, is refused
    naming the rule and nothing changes; copying the table (no company chosen) places it."""
    _open(app, _early(), "G5")
    app.selectbox(key="title_edit_company").set_value("IOW").run()
    app.selectbox(key="base-G5-0").set_value("IOW").run()
    before = _current(app)
    app.button(key="rebase-G5-0").click().run()
    assert not app.exception
    assert "Refused, nothing was changed" in _errors(app) and rulebook.BASE_REACH in _errors(app)
    assert "G5 (Newport)" in _errors(app) and _current(app) == before
    app.selectbox(key="title_edit_company").set_value("(copying the table: no company)").run()
    app.button(key="rebase-G5-0").click().run()
    assert _current(app).stations["G5"] == (("IOW",),)


def test_the_phase_is_set_and_a_rusting_phase_is_refused(app: AppTest) -> None:
    _open(app, _early(), "K7")
    app.radio(key="title_edit_tab").set_value("Phase & options").run()
    app.selectbox(key="title_edit_phase").set_value("4")
    next(b for b in app.button if b.label == "Set phase and options").click().run()
    assert rulebook.PHASE_TRAINS in _errors(app) and _current(app).phase == "2"
    app.selectbox(key="title_edit_phase").set_value("3")
    next(b for b in app.button if b.label == "Set phase and options").click().run()
    assert _current(app).phase == "3"
