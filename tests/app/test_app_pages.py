"""The app's pages driven by Streamlit's AppTest with real positions: first start, board edits and undo, a
refused edit, solving a company, a hand-entered route, a merger preview, the stock market, saved positions and
a browser refresh that keeps the edits."""

from __future__ import annotations

import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from solver.titles.g1862.loading import load_position
from solver.titles.g1862.money import load_scenario, merge_preview
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.model import SolveOptions
from solver.titles.g1862.routes.optimizer import optimize

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROUTES_DATA = Path(__file__).resolve().parents[1] / "routes" / "data"


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [e.value for e in at.error]
    parts += [i.value for i in at.info] + [s.value for s in at.success] + [w.value for w in at.warning]
    return "\n".join(str(p) for p in parts)


def current(at: AppTest) -> Position:
    pos = at.session_state["position"]
    assert isinstance(pos, Position)
    return pos


def button(at: AppTest, label: str):  # type: ignore[no-untyped-def]
    return next(b for b in at.button if b.label == label)


def pick(at: AppTest, key: str, value: str) -> None:
    """Choose `value` in the selectbox `key` (set through session state: AppTest cannot type into a selectbox
    whose labels are formatted)."""
    at.session_state[key] = value
    at.run()


def pick_hex(at: AppTest, hex_: str) -> None:
    """Select a hex as a map click does."""
    at.session_state["board_selected_hex"] = hex_
    pick(at, "board_hex_widget", f"{hex_} {current(at).game.hex_name(hex_)}")


def test_first_start_shows_the_late_game_board(app: AppTest) -> None:
    assert "Late game" in texts(app)
    assert current(app).phase == "E" and len(current(app).tiles) == 37
    assert app.get("plotly_chart")  # the map


def test_laying_a_tile_then_undo_restores_the_board(app: AppTest) -> None:
    app.switch_page("pages/positions.py").run()
    pick(app, "example-pick", "position-early-game")
    button(app, "Load example").click().run()
    assert current(app).phase == "B"
    app.switch_page("pages/board.py").run()
    empty = next(h for h in ("D11", "C10", "D13", "B13") if h not in current(app).tiles)
    pick_hex(app, empty)
    offered = [b for b in app.button if b.label.startswith("Lay ")]
    assert offered, "an empty town in phase B is offered yellow tiles"
    tile, rotation = offered[0].label.split()[1:]
    offered[0].click().run()
    assert not app.exception
    assert (current(app).tiles[empty].tile, f"r{current(app).tiles[empty].rotation}") == (tile, rotation)
    button(app, "Undo last edit (2)").click().run()
    assert empty not in current(app).tiles


def test_rotate_shows_the_next_legal_rotation_and_lay_uses_it(app: AppTest) -> None:
    pick_hex(app, "D11")  # Sudbury, 619 at r3: russet 611 at two rotations
    lay = next(b for b in app.button if b.label.startswith("Lay 611"))
    first = int(lay.label.split(" r")[1])
    next(b for b in app.button if b.key == "rot-D11-611").click().run()
    lay = next(b for b in app.button if b.label.startswith("Lay 611"))
    second = int(lay.label.split(" r")[1])
    assert {first, second} == {3, 5}, "the two legal rotations of 611 on 619 at r3 (7.6.3)"
    assert app.session_state["board_preview"] == ("D11", "611", second)  # drawn in place on the map
    lay.click().run()
    assert (current(app).tiles["D11"].tile, current(app).tiles["D11"].rotation) == ("611", second)


def open_tab(at: AppTest, tab: str) -> None:
    at.session_state["board_tab"] = tab
    at.run()


def test_quick_entry_applies_every_line_or_nothing_and_names_the_refused_line(app: AppTest) -> None:
    before = current(app)
    open_tab(app, "Quick entry")
    box = app.text_area(key="board_quick_entry")
    box.set_value("D3 18 r4\nD11 611 r5\nD5 14").run()
    button(app, "Apply all lines").click().run()
    assert current(app) is before, "a refused batch changes nothing"
    shown = texts(app)
    assert "line 3 (D5 14): D5 (Swaffham): tile 14 is not an upgrade of tile 611" in shown and "rule 7.6.3" in shown
    assert (app.text_area(key="board_quick_entry").value or "").startswith("D3 18 r4"), "the text is kept to fix"
    app.text_area(key="board_quick_entry").set_value("D3 18 r4\nECR 6F 4/5E").run()
    button(app, "Apply all lines").click().run()
    assert current(app).tiles["D3"].tile == "18"
    assert [t.name for t in current(app).companies["ECR"].trains] == ["6F", "4/5E"]
    assert app.text_area(key="board_quick_entry").value == ""
    button(app, "Undo last edit (1)").click().run()
    assert current(app) is before, "one batch is one edit"


def test_new_board_gives_the_printed_map_homes_and_trains_in_one_step(app: AppTest) -> None:
    app.selectbox(key="new-phase").set_value("C")
    app.multiselect(key="new-express").set_value(["ECR"])
    app.multiselect(key="new-freight").set_value(["ESR", "N&E"])
    button(app, "Create the new board").click().run()
    assert not app.exception
    board = current(app)
    assert (board.phase, dict(board.tiles)) == ("C", {})
    assert board.stations == {"D13": ("ECR",), "F11": ("ESR",), "B13": ("N&E",)}
    assert {c: [t.name for t in s.trains] for c, s in board.companies.items()} == {
        "ECR": ["3E"],
        "ESR": ["3F"],
        "N&E": ["3F"],
    }
    assert app.session_state["saved_name"] is None
    assert "New board in phase C" in texts(app)


def test_a_refused_edit_names_the_rule_and_changes_nothing(app: AppTest) -> None:
    before = current(app)
    pick_hex(app, "F5")
    open_tab(app, "Phase & variant")
    phase = next(s for s in app.selectbox if s.label == "Phase (9.0)" and s.key != "new-phase")
    phase.set_value("A")
    next(b for b in app.button if b.label == "Apply").click().run()
    assert "rule 9.0" in texts(app)
    assert current(app) is before


def solve(app: AppTest, company: str) -> str:
    app.switch_page("pages/routes.py").run()
    pick(app, "routes_company", company)
    button(app, "Solve").click().run()
    deadline = time.monotonic() + 60
    while "Solving" in texts(app) and time.monotonic() < deadline:
        time.sleep(0.3)
        app.run()
    assert not app.exception
    return texts(app)


def test_solving_a_company_of_the_late_game_shows_the_proven_best_revenue(app: AppTest, late_game: Position) -> None:
    expected = optimize(late_game, "ESR", SolveOptions(time_limit=30))
    assert expected.status == "optimal"
    shown = solve(app, "ESR")
    assert f"ESR: £{expected.revenue}" in shown
    assert "proven optimal" in shown
    revenue = next(m for m in app.metric if m.label == "Revenue")
    assert revenue.value == f"£{expected.revenue}"
    cards = [m.value for m in app.markdown if str(m.value).split("**Train ")[-1].split(":")[0].isdigit()]
    assert len(cards) == len(expected.evaluation.trains)  # one card per train
    assert sum(int(str(c).rsplit("£", 1)[1].strip("*")) for c in cards) == expected.revenue


def test_a_hand_entered_route_is_scored_or_refused_with_the_rule(app: AppTest, late_game: Position) -> None:
    app.switch_page("pages/routes.py").run()
    pick(app, "routes_company", "Y&N")
    app.segmented_control(key="routes_mode").set_value("Enter routes").run()
    field = next(t for t in app.text_input if t.label.startswith("Route of train 1"))
    field.set_value("H5 G6 F5").run()
    button(app, "Score these routes").click().run()
    assert not app.exception
    shown = texts(app)
    assert "Legal run: revenue £" in shown or "breaks the rules" in shown
    field = next(t for t in app.text_input if t.label.startswith("Route of train 1"))
    field.set_value("H5 A6").run()
    button(app, "Score these routes").click().run()
    assert "not adjacent" in texts(app)


def test_a_company_without_its_home_marker_has_no_legal_run_on_the_routes_page(app: AppTest) -> None:
    """7.8: the ESR with its only marker at Lowestoft and none on its home Ipswich: the page warns, Solve
    answers "no legal run" with the reason, and a hand-entered route is refused with rule 7.8."""
    app.session_state["position"] = load_position(ROUTES_DATA / "esr-lowestoft-no-home.json")
    warning = "ESR's Home Station marker is not on the board"
    shown = solve(app, "ESR")
    assert warning in shown and "no legal run" in shown and "7.8" in shown
    assert "proven optimal" not in shown and not app.dataframe
    app.segmented_control(key="routes_mode").set_value("Enter routes").run()
    next(t for t in app.text_input if t.label.startswith("Route of train 1")).set_value("H7 H9").run()
    button(app, "Score these routes").click().run()
    assert not app.exception
    refused = "\n".join(str(e.value) for e in app.error)
    assert warning in refused and "rule 7.8" in refused
    assert "Legal run" not in texts(app)


def test_merger_preview_of_rulebook_example_5_2_6_shows_the_director(app: AppTest) -> None:
    expected = merge_preview(load_scenario(EXAMPLES / "merge-5.2.6-example1.json"))
    app.switch_page("pages/mergers.py").run()
    assert not app.exception
    director = next(m for m in app.metric if m.label == "Director")
    assert director.value == expected.director
    assert next(m for m in app.metric if m.label == "New share price").value == f"£{expected.new_price}"
    assert f"Director of {expected.survivor} after the merger: {expected.director}" in texts(app)


def test_merger_preview_warns_when_the_trim_could_remove_the_survivors_home_marker(app: AppTest) -> None:
    """7.5.6, 7.8: the acquisition leaves eight markers; the page warns that the ESR's home marker must stay."""
    app.switch_page("pages/mergers.py").run()
    pick(app, "merge-example", "merge-acquisition-trim-esr-fdr")
    button(app, "Load example").click().run()
    assert not app.exception
    warnings = [str(w.value) for w in app.warning]
    assert any("ESR's Home Station marker is in F11 Ipswich" in w and "no legal run (7.8)" in w for w in warnings)


def test_stock_market_page_previews_a_dividend_and_a_sale(app: AppTest) -> None:
    app.switch_page("pages/market.py").run()
    assert not app.exception
    assert "Operating order (7.1)" in texts(app)
    assert "per share" in texts(app)
    app.segmented_control(key="market-preview").set_value("Share sale").run()
    assert not app.exception
    assert "share(s) of" in texts(app)


def test_save_rename_load_and_delete_a_position(app: AppTest) -> None:
    app.switch_page("pages/positions.py").run()
    next(t for t in app.text_input if t.label == "Save the current position as").set_value("Table 3")
    next(b for b in app.button if b.label == "Save").click().run()
    assert "Saved as 'Table 3'" in texts(app)
    assert app.dataframe[0].value["name"].to_list() == ["Table 3"]
    button(app, "Load").click().run()
    assert "Loaded 'Table 3'" in texts(app)
    button(app, "Delete").click().run()
    assert "Deleted 'Table 3'" in texts(app)


def test_a_browser_refresh_keeps_the_edited_position(app: AppTest, db_path: Path) -> None:
    token = app.session_state["tab_token"]
    app.switch_page("pages/positions.py").run()
    pick(app, "example-pick", "position-early-game")
    button(app, "Load example").click().run()
    refreshed = AppTest.from_file(APP, default_timeout=60)
    refreshed.query_params["tab"] = token
    refreshed.run()
    assert current(refreshed).phase == "B"
    assert current(refreshed).name == load_position(EXAMPLES / "position-early-game.json").name
