"""The Routes page with an 18BF position (Streamlit AppTest): the title-generic page (pages/routes_core.py) solves a
dense late-game board with 18BF's optimizer from the registry, proven optimal, one card per train (the G-train among
them), and judges routes given station by station with 18BF's evaluator."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition
from solver.titles.g18bf.optimizer import best_run

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
LATE = ROOT / "tests" / "titles" / "g18bf" / "data" / "late-lms.json"
EARLY = ROOT / "examples" / "position-18bf-early.json"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("RMS_DB_PATH", str(tmp_path / "positions.sqlite3"))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    return at


def _open(app: AppTest, path: Path) -> BoardPosition:
    position = load_any_position(path)
    assert isinstance(position, BoardPosition)
    app.session_state["position"] = position
    app.switch_page("pages/routes.py").run()
    assert not app.exception
    return position


def _shown(app: AppTest) -> str:
    parts = [*app.markdown, *app.caption, *app.info, *app.warning, *app.error, *app.success]
    return "\n".join(str(e.value) for e in parts)


def test_the_routes_page_solves_an_18bf_board_with_its_optimizer(app: AppTest) -> None:
    position = _open(app, LATE)
    app.session_state["routes_company"] = "LMS"
    app.run()
    next(b for b in app.button if b.label == "Solve").click().run()
    deadline = time.monotonic() + 90
    while any("Solving" in str(i.value) for i in app.info) and time.monotonic() < deadline:
        time.sleep(0.3)
        app.run()
    assert not app.exception
    shown = _shown(app)
    expected = best_run(position, "LMS").evaluation
    assert f"**LMS: revenue {expected.revenue}** · **proven optimal**" in shown
    for n, train in enumerate(expected.trains, start=1):
        assert f"**Train {n}: {train.train}** · revenue **{train.revenue}**" in shown
    # 18BF pays nothing beside revenue: revenue alone, no subsidy or total beside it
    assert {m.label: m.value for m in app.metric} == {"Revenue": str(expected.revenue)}
    [chart] = app.get("plotly_chart")
    traces = json.loads(chart.proto.spec)["data"]
    [(n, g)] = [(n, t) for n, t in enumerate(expected.trains, start=1) if t.train == "6G"]
    # §10.6: the G-train runs no route: its cities are marked in its colour, none joined; its card names them
    assert [t["mode"] for t in traces if t.get("name") == f"{n}: 6G"] == ["markers"]
    labels = {f"{i}: {t.train}" for i, t in enumerate(expected.trains, start=1)}
    assert {t["name"] for t in traces if t.get("mode") == "lines"} & labels == labels - {f"{n}: 6G"}
    assert f"no route, its cities: {', '.join(str(ref) for ref in g.nodes)}" in shown
    assert "Mine bonus +60" in shown


def test_the_routes_page_judges_18bf_routes_given_by_station(app: AppTest) -> None:
    _open(app, EARLY)
    app.session_state["routes_company"] = "LR"
    app.segmented_control(key="routes_core_mode").set_value("Routes by station").run()
    app.multiselect(key="stations-LR-0").set_value(["U23:1", "U19:0"]).run()
    next(b for b in app.button if b.label == "Score these routes").click().run()
    assert not app.exception
    assert "Legal run: revenue 50." in _shown(app)
    app.multiselect(key="stations-LR-0").set_value(["U23:4", "U19:0"]).run()
    next(b for b in app.button if b.label == "Score these routes").click().run()
    assert "§10.6" in _shown(app) or "§10.1" in _shown(app)
