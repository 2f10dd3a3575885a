"""The Routes page with an 18BF position (Streamlit AppTest): the title-generic page (pages/routes_core.py) solves a
dense late-game board with 18BF's optimizer from the registry, proven optimal, one card per train (the G-train among
them), and judges routes given station by station with 18BF's evaluator."""

from __future__ import annotations

import json
from pathlib import Path

from app_pages import open_on, page_text, press_solve
from streamlit.testing.v1 import AppTest

from solver.titles.g18bf.optimizer import best_run

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
LATE = ROOT / "tests" / "titles" / "g18bf" / "data" / "late-lms.json"
EARLY = ROOT / "examples" / "position-18bf-early.json"


def test_the_routes_page_solves_an_18bf_board_with_its_optimizer(app: AppTest) -> None:
    position = open_on(app, LATE, "pages/routes.py")
    press_solve(app, "LMS", seconds=90)
    assert not app.exception
    shown = page_text(app)
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
    open_on(app, EARLY, "pages/routes.py")
    app.session_state["routes_company"] = "LR"
    app.segmented_control(key="routes_core_mode").set_value("Routes by station").run()
    app.multiselect(key="stations-LR-0").set_value(["U23:1", "U19:0"]).run()
    next(b for b in app.button if b.label == "Score these routes").click().run()
    assert not app.exception
    assert "Legal run: revenue 50." in page_text(app)
    app.multiselect(key="stations-LR-0").set_value(["U23:4", "U19:0"]).run()
    next(b for b in app.button if b.label == "Score these routes").click().run()
    assert "§10.6" in page_text(app) or "§10.1" in page_text(app)
