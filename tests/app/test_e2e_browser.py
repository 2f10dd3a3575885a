"""End to end in a real headless Chromium (Debian's ``chromium``, driven by Playwright): start the app on a free
port, wait until it is ready, check the late-game board loads, click a hex on the map, solve companies (timing
the answer in the browser), check the revenue text and the drawn route traces, stop a long solve, open every
page, fail on any Streamlit exception box, and save screenshots of the Board and Saved positions pages (the
other pages' are taken at several widths by test_e2e_pages.py): in test-results/screenshots/, or in
docs/screenshots/ (the README's pictures) when SAVE_SCREENSHOTS=1.

Skipped with the reason when chromium is not installed, unless REQUIRE_E2E=1 (CI), where that is a failure.
The measured solve times are written to test-results/e2e-timings.json.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results"
SHOTS = ROOT / "docs" / "screenshots" if os.environ.get("SAVE_SCREENSHOTS") == "1" else RESULTS / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1500, "height": 1250}
STOP_BOARD = 15  # a stress board (solver.random_board) whose proof takes well over a second

pytestmark = pytest.mark.e2e


def _chromium_or_skip() -> str:
    path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if path is None:
        reason = f"chromium is not installed (looked for {CHROMIUM} and chromium on PATH; apt-get install chromium)"
        if os.environ.get("REQUIRE_E2E") == "1":
            pytest.fail(reason + " and REQUIRE_E2E=1")
        pytest.skip(reason)
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`streamlit run app.py` on a free port with a private position database; yields its address and the
    file its log is written to."""
    _chromium_or_skip()
    port = _free_port()
    env = dict(os.environ, RMS_DB_PATH=str(tmp_path_factory.mktemp("db") / "positions.sqlite3"))
    log = tmp_path_factory.mktemp("log") / "streamlit.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(ROOT / "app.py"),
                "--server.headless",
                "true",
                "--server.port",
                str(port),
                "--server.address",
                "127.0.0.1",
                "--browser.gatherUsageStats",
                "false",
                "--server.fileWatcherType",
                "none",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"streamlit did not start: {log.read_text()[-2000:]}")
                time.sleep(0.3)
            yield url, log
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app running on a free port; yields its address."""
    with running_app(tmp_path_factory) as (url, _):
        yield url


@contextmanager
def browser(url: str, tmp_path_factory: pytest.TempPathFactory, viewport: dict[str, int]) -> Iterator[Any]:
    """A headless Chromium page of `viewport` size, opened on the app at `url` once it has loaded."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=_chromium_or_skip(),
            headless=True,
            args=ARGS,
            viewport=viewport,  # type: ignore[arg-type]
        )
        pg = context.pages[0] if context.pages else context.new_page()
        pg.set_default_timeout(60_000)
        pg.goto(url)
        wait_for_app(pg)
        yield pg
        context.close()


@pytest.fixture(scope="module")
def page(server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with browser(server, tmp_path_factory, VIEWPORT) as pg:
        yield pg


def wait_for_app(pg: Any, settle_ms: int = 400) -> None:
    """Wait until the script has finished running (Streamlit marks the app 'notRunning'), then check that no
    exception box is shown."""
    pg.wait_for_selector('[data-testid="stApp"]')
    pg.wait_for_timeout(settle_ms)
    pg.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=90_000)
    assert_no_exception(pg)


def assert_no_exception(pg: Any) -> None:
    boxes = pg.locator('[data-testid="stException"]')
    if boxes.count():
        pytest.fail("Streamlit exception shown: " + boxes.first.inner_text()[:2000])


def open_page(pg: Any, title: str) -> None:
    pg.locator('[data-testid="stSidebarNav"] a', has_text=title).first.click()
    wait_for_app(pg)
    pg.get_by_role("heading", name=title).first.wait_for()


def shot(pg: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.wait_for_timeout(600)  # let Plotly finish drawing
    pg.screenshot(path=str(SHOTS / name), full_page=True)


def choose(pg: Any, label: str, option: str) -> None:
    """Pick `option` in the selectbox labelled `label`."""
    box = pg.locator('[data-testid="stSelectbox"]', has=pg.get_by_text(label, exact=True)).first
    box.click()
    pg.get_by_role("option", name=option, exact=True).click()
    wait_for_app(pg)


def plotly_traces(pg: Any) -> list[str]:
    names: list[str] = pg.evaluate(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot'))"
        ".flatMap(el => (el.data || []).map(t => t.name || ''))"
    )
    return names


def click_hex(pg: Any, x: float, y: float) -> None:
    """Click the board map at map coordinates (x, y): Plotly's axes turn them into pixels."""
    plot = pg.locator(".js-plotly-plot").first
    px, py = plot.evaluate(
        "(el, p) => [el._fullLayout.xaxis.l2p(p[0]) + el._fullLayout.xaxis._offset,"
        " el._fullLayout.yaxis.l2p(p[1]) + el._fullLayout.yaxis._offset]",
        [x, y],
    )
    box = plot.bounding_box()
    pg.mouse.click(box["x"] + px, box["y"] + py)


def solve(pg: Any, company: str, stop_after: float | None = None) -> float:
    """Press Solve for `company` and return the seconds until its revenue is shown; with `stop_after`, press
    Stop if the solve is still running then."""
    choose(pg, "Company", company)
    started = time.perf_counter()
    pg.get_by_role("button", name="Solve").click()
    answer = pg.get_by_text(f"{company}: £").first
    if stop_after is not None:
        stop = pg.locator('[data-testid="stBaseButton-secondary"]', has_text="Stop").first
        deadline = time.perf_counter() + stop_after + 30
        while time.perf_counter() < deadline and not answer.is_visible():
            if stop.count() and stop.is_visible() and time.perf_counter() - started > stop_after:
                stop.click()
                break
            pg.wait_for_timeout(100)
    answer.wait_for(timeout=120_000)
    seconds = time.perf_counter() - started
    wait_for_app(pg, settle_ms=200)
    return seconds


def test_the_app_in_a_real_browser(page: Any, tmp_path: Path) -> None:
    from solver.draw import geometry
    from solver.position import load_position
    from solver.random_board import stress_positions
    from solver.routes.model import SolveOptions
    from solver.routes.optimizer import optimize
    from solver.storage import position_json

    pg = page
    late = load_position(ROOT / "examples" / "position-late-game.json")

    # First start: the late-game board is loaded and drawn.
    pg.get_by_text("Late game").first.wait_for()
    assert "hexes" in plotly_traces(pg)
    click_hex(pg, *geometry.centre("F5"))
    wait_for_app(pg)
    pg.get_by_text("tile 794 (russet)").first.wait_for()  # Norwich's hex panel opened by the click
    shot(pg, "board.png")

    # Routes: a company that proves its optimum quickly, timed from the click to the revenue on screen.
    open_page(pg, "Routes")
    expected = optimize(late, "ESR", SolveOptions(time_limit=30))
    esr_seconds = solve(pg, "ESR")
    pg.get_by_text(f"ESR: £{expected.revenue}").first.wait_for()
    assert pg.get_by_text("proven optimal").count()
    routes = [n for n in plotly_traces(pg) if n.startswith("route ")]
    assert routes, "the best run is drawn on the map"

    # The late game's largest company (five trains, three of them Freight): proven optimal, timed.
    expected = optimize(late, "ECR", SolveOptions(time_limit=30))
    assert expected.status == "optimal"
    ecr_seconds = solve(pg, "ECR")
    text = pg.locator('[data-testid="stMarkdownContainer"]', has_text="ECR: £").first.inner_text()
    assert f"ECR: £{expected.revenue}" in text and "proven optimal" in text, text
    assert len([n for n in plotly_traces(pg) if n.startswith("route ")]) == len(expected.evaluation.trains)

    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e-timings.json").write_text(
        json.dumps({"ESR_solve_seconds": round(esr_seconds, 2), "ECR_solve_seconds": round(ecr_seconds, 2)})
    )
    print(f"\nlate-game solve in the browser: ESR {esr_seconds:.2f} s, ECR {ecr_seconds:.2f} s ({text[:80]})")

    open_page(pg, "Mergers")
    pg.get_by_text("Director of N&E after the merger").first.wait_for()

    open_page(pg, "Stock market")
    pg.get_by_text("Operating order (7.1)").first.wait_for()

    open_page(pg, "Saved positions")
    pg.get_by_text("Example positions").first.wait_for()
    shot(pg, "positions.png")

    # Every other page registered in the navigation opens without an exception.
    titles = [t.strip().split("\n")[-1] for t in pg.locator('[data-testid="stSidebarNav"] a').all_inner_texts()]
    assert {"Board", "Routes", "Mergers", "Stock market", "Saved positions"} <= set(titles)
    for title in titles:
        if title not in {"Board", "Routes", "Mergers", "Stock market", "Saved positions"}:
            pg.locator('[data-testid="stSidebarNav"] a', has_text=title).first.click()
            wait_for_app(pg)
    # A long solve can be stopped: a dense stress board uploaded as a position file, its solve stopped
    # early, answered with the best run so far and its bound (or "stopped before any run was found").
    board = stress_positions(STOP_BOARD + 1)[STOP_BOARD]
    company = next(iter(board.companies))
    upload = tmp_path / "stress.json"
    upload.write_text(position_json(board), encoding="utf-8")
    open_page(pg, "Saved positions")
    pg.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(upload))
    pg.get_by_role("button", name="Load the uploaded file").click()
    wait_for_app(pg)
    pg.get_by_text("Loaded stress.json").first.wait_for()
    open_page(pg, "Routes")
    solve(pg, company, stop_after=0.3)
    text = pg.locator('[data-testid="stMarkdownContainer"]', has_text=f"{company}: £").first.inner_text()
    assert "proven optimal" not in text and ("best found" in text or "stopped after" in text), text

    open_page(pg, "Board")
    assert_no_exception(pg)
    assert esr_seconds < 10, f"solving ESR took {esr_seconds:.1f} s in the browser"
