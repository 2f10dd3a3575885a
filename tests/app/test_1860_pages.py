"""1860's pages (Streamlit AppTest): Routes (a solve proven optimal with one card per train and the routes drawn, the
nationalisation run setting, routes by station judged legal or refused with the rule), Nationalisation (the British
Rail rounds), Stock market (every preview with its step log and picture) and Import review (an 1860 export, a run
opened on Routes, any moment opened on Board); and the background solve of the core's run search (pages/jobs.py)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from app_pages import open_on, page_text, press_solve
from stop_checks import wait_until
from streamlit.testing.v1 import AppTest

from pages.jobs import start_run, start_task
from solver.any_position import load_any_position
from solver.core.board_position import BoardPosition
from solver.core.search.run_search import ProgressInfo
from solver.errors import InputError, Problem
from solver.titles.g1860.optimizer import best_run

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
EXAMPLES = ROOT / "examples"
BANK_GAME = ROOT / "tests" / "data" / "importer" / "1860" / "1860_game_end_bank.json"


def _load(app: AppTest, stem: str, page: str) -> BoardPosition:
    return open_on(app, EXAMPLES / f"{stem}.json", page)


def _solve(app: AppTest, company: str) -> str:
    press_solve(app, company)
    assert not app.exception
    return page_text(app)


def _chart_names(app: AppTest) -> list[str]:
    chart: Any = app.get("plotly_chart")[0]
    return [t.get("name", "") for t in json.loads(chart.proto.spec)["data"]]


def test_routes_solve_shows_the_proof_a_card_per_train_and_draws_the_run(app: AppTest) -> None:
    _load(app, "position-1860-nationalisation", "pages/routes.py")
    shown = _solve(app, "IWNJ")
    expected = best_run(load_any_position(EXAMPLES / "position-1860-nationalisation.json"), "IWNJ")  # type: ignore[arg-type]
    revenue = expected.evaluation.revenue
    assert f"**IWNJ: {revenue} + halt subsidy 0** · **proven optimal**" in shown
    for n, train in enumerate(expected.evaluation.trains, start=1):
        assert f"**Train {n}: {train.train}** · revenue **{train.revenue}**" in shown
    assert "| **train's total** |" in shown
    assert {m.label: m.value for m in app.metric}["Revenue"] == str(revenue)
    assert "1: " + expected.evaluation.trains[0].train in _chart_names(app)


def test_routes_nationalisation_setting_counts_first_numbers_only_rb_l673(app: AppTest) -> None:
    position = _load(app, "position-1860-nationalisation", "pages/routes.py")
    app.radio(key="routes_setting_nationalisation").set_value(True).run()
    shown = _solve(app, "IWNJ")
    n_only = best_run(position, "IWNJ", nationalisation=True)
    assert f"**IWNJ: {n_only.evaluation.revenue} + halt subsidy 0** · **proven optimal**" in shown
    assert app.session_state["position"] is position  # the setting is not saved in the position


def test_routes_by_station_scores_a_legal_run_and_names_the_rule_an_illegal_one_breaks(app: AppTest) -> None:
    _load(app, "position-1860-nationalisation", "pages/routes.py")
    app.session_state["routes_company"] = "C&N"
    app.segmented_control(key="routes_core_mode").set_value("Routes by station").run()
    picker = app.multiselect(key="stations-C&N-0")
    picker.set_value(["F2:0", "F2:1", "F2:2", "F4:0", "G5:0"]).run()
    next(b for b in app.button if b.label == "Score these routes").click().run()
    assert not app.exception
    assert "Legal run: revenue 80, halt subsidy 0, total 80." in page_text(app)
    app.multiselect(key="stations-C&N-0").set_value(["F2:0", "G5:0"]).run()
    next(b for b in app.button if b.label == "Score these routes").click().run()
    assert "no track joins F2:0 to G5:0 without another stop" in page_text(app)
    assert "Running Trains, RB L526" in page_text(app)


def test_nationalisation_page_previews_the_british_rail_rounds(app: AppTest) -> None:
    _load(app, "position-1860-nationalisation", "pages/mergers.py")
    assert app.title[0].value == "Nationalisation"
    next(b for b in app.button if b.label == "Preview nationalisation").click().run()
    assert not app.exception
    shown = page_text(app)
    assert "**Companies closing:** round 1: S&C, C&N; round 2: IWNJ, NGStL" in shown
    assert "British Rail forms at the end of this round (RB L666-L668)." in shown
    assert "Railway Nationalisation, RB L679" in shown or "RB L679" in shown
    assert len(app.get("plotly_chart")) == 2


def test_nationalisation_page_takes_a_given_revenue(app: AppTest) -> None:
    _load(app, "position-1860-nationalisation", "pages/mergers.py")
    app.multiselect(key="nationalisation-given").set_value(["IWNJ"]).run()
    app.number_input(key="nat-IWNJ").set_value(0).run()
    next(b for b in app.button if b.label == "Preview nationalisation").click().run()
    assert "IWNJ earns 0 (given)" in page_text(app)
    assert "round 1: IWNJ, S&C" in page_text(app)


@pytest.mark.parametrize(
    ("preview", "expected"),
    [
        ("Dividend", "**C&N: price 100 -> 90**"),
        ("Share sale", "director after: Ann"),
        ("Insolvency", "**C&N is not insolvent**"),
        ("End-game value", "Bank left:"),
    ],
)
def test_stock_market_page_shows_each_preview_with_its_step_log_and_picture(
    app: AppTest, preview: str, expected: str
) -> None:
    _load(app, "position-1860-nationalisation", "pages/market.py")
    app.segmented_control(key="market-1860-preview").set_value(preview).run()
    assert not app.exception
    shown = page_text(app)
    assert expected in shown and "**Step by step**" in shown and "RB L" in shown
    assert len(app.get("plotly_chart")) == 1


def test_stock_market_page_previews_an_insolvent_companys_leased_run(app: AppTest) -> None:
    _load(app, "position-1860-insolvent", "pages/market.py")
    app.segmented_control(key="market-1860-preview").set_value("Insolvency").run()
    app.selectbox(key="market-1860-company").set_value("C&N").run()
    assert not app.exception
    assert "**C&N is insolvent**" in page_text(app)


def test_a_position_without_money_is_refused_on_the_money_pages_without_an_exception(app: AppTest) -> None:
    for page in ("pages/market.py", "pages/mergers.py"):
        _load(app, "position-1860-early", page)
        assert "gives no share prices" in page_text(app) or "cannot be previewed" in page_text(app)


def test_import_review_of_an_1860_export_opens_a_run_on_routes_and_a_moment_on_board(app: AppTest) -> None:
    app.switch_page("pages/review.py").run()
    app.text_area(key="review_paste").set_value(BANK_GAME.read_text())
    next(b for b in app.button if b.label == "Import the pasted export").click().run()
    assert not app.exception
    assert "1860, 85 recorded runs; game mode site: 85 reproduce the recorded revenue and subsidy" in page_text(app)
    table = app.dataframe[0].value
    assert len(table) == 85 and set(table["verdict"]) == {"match"}
    next(b for b in app.button if b.label == "Find this run's best run (in both modes)").click().run()
    assert not app.exception
    shown = page_text(app)
    assert "**2 of 2 best runs proven**; recorded runs beating the best: 0" in shown
    assert len(app.get("plotly_chart")) == 3  # the recorded run, the best in the site's mode and in the rulebook's
    next(b for b in app.button if b.label.startswith("Open this position on the Routes page")).click().run()
    assert not app.exception
    assert isinstance(app.session_state["position"], BoardPosition)
    app.switch_page("pages/review.py").run()
    app.number_input(key="moment-1860").set_value(100).run()
    next(b for b in app.button if b.label == "Open the board after this action").click().run()
    assert not app.exception
    opened = app.session_state["position"]
    assert isinstance(opened, BoardPosition) and opened.board.title == "1860" and opened.tiles


def test_a_bad_1860_export_is_refused_naming_the_field(app: AppTest) -> None:
    app.switch_page("pages/review.py").run()
    app.text_area(key="review_paste").set_value('{"title": "1860", "actions": []}')
    next(b for b in app.button if b.label == "Import the pasted export").click().run()
    assert not app.exception
    assert "actions: missing or empty" in page_text(app)


def test_run_job_passes_stop_and_progress_and_reports_problems() -> None:
    seen: dict[str, Any] = {}

    def solve(position: Any, company: str, *, stop: threading.Event, progress: Any, **options: Any) -> Any:
        seen.update(options)
        progress(ProgressInfo(50, 90, 0.1))
        stop.wait(10)
        raise InputError([Problem(f"company {company}", "rule", "stopped")])

    job = start_run(solve, "position", "position", "C&N", objective="cash", time_limit=5.0)
    wait_until(lambda: job.progress is not None, "the first progress report")  # polled: no fixed sleep
    assert not job.done and job.progress == ProgressInfo(50, 90, 0.1)
    job.stop.set()
    assert job.wait(5)
    assert seen == {"objective": "cash", "time_limit": 5.0}
    assert [p.message for p in job.problems] == ["stopped"]


def test_a_page_task_ends_when_stopped_and_reports_problems() -> None:
    def work(stop: threading.Event) -> Any:
        stop.wait(10)
        raise InputError([Problem("market", "rule", "stopped")])

    task = start_task(work)
    assert not task.wait(0.2)
    task.stop.set()
    assert task.wait(5) and task.elapsed < 5
    assert [p.message for p in task.problems] == ["stopped"]
    done = start_task(lambda stop: 42)
    assert done.wait(5) and done.result == 42 and not done.problems
