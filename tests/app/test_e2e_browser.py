"""End to end in a real headless Chromium (Debian's ``chromium``, driven by Playwright): start the app on a free
port, wait until it is ready, check the late-game board loads, click a hex on the map, solve companies (timing
the answer in the browser), check the revenue text and the drawn route traces, stop a long solve, open every
page, fail on any Streamlit exception box, and save screenshots of the Board and Saved positions pages (the
other pages' are taken at several widths by test_e2e_pages.py): in test-results/screenshots/, or in
docs/screenshots/ (the README's pictures) when SAVE_SCREENSHOTS=1.

Skipped with the reason when chromium is not installed, unless REQUIRE_E2E=1 (CI), where that is a failure.
The measured solve times are written to test-results/e2e-timings.json.

The Board page's own tests follow at the end: a table board entered from New board as a person would, counting
the actions, then solved; the tile offer measured at 1280 and 1600 px (board-1280.png, board-1600.png).
"""

from __future__ import annotations

import json
import os
import re
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
STOP_BOARD = 15  # a stress board (solver.titles.g1862.random_board) whose proof takes well over a second

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
def running_app(
    tmp_path_factory: pytest.TempPathFactory, cwd: Path = ROOT, extra_env: dict[str, str] | None = None
) -> Iterator[tuple[str, Path]]:
    """`streamlit run app.py`, started in `cwd`, on a free port with a private position database (and
    `extra_env`); yields its address and the file its log is written to."""
    _chromium_or_skip()
    port = _free_port()
    env = dict(os.environ, RMS_DB_PATH=str(tmp_path_factory.mktemp("db") / "positions.sqlite3"), **(extra_env or {}))
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
            cwd=cwd,
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


#: True once the app's script state (Streamlit's 'running' / 'notRunning' mark) has stayed 'notRunning' for
#: `ms` milliseconds since the wait began and since its last change; polled in the page, so a run that
#: starts late (a busy machine) or a run that starts another (st.rerun) is waited for, up to the time limit.
APP_QUIET = """(ms) => {
    const state = document.querySelector('[data-testid="stApp"]').getAttribute('data-test-script-state');
    const now = performance.now();
    if (window.__appState !== state) { window.__appState = state; window.__appStateAt = now; }
    return state === 'notRunning' && now - window.__appStateAt >= ms;
}"""

#: True once the page's layout (the main area's height and every chart's size) has stayed the same for `ms`
#: milliseconds: Plotly has drawn and redrawn after a resize.
LAYOUT_STILL = """(ms) => {
    const main = document.querySelector('[data-testid="stMain"]');
    const charts = Array.from(document.querySelectorAll('.js-plotly-plot .main-svg'));
    const now = performance.now();
    const sig = JSON.stringify([main ? main.scrollHeight : 0, charts.map(e => [e.clientWidth, e.clientHeight])]);
    if (window.__layout !== sig) { window.__layout = sig; window.__layoutAt = now; }
    return now - window.__layoutAt >= ms;
}"""


def wait_for_app(pg: Any, settle_ms: int = 400) -> None:
    """Wait until the script has finished running and stayed finished for `settle_ms` (polled, up to 90 s),
    then check that no exception box is shown."""
    pg.wait_for_selector('[data-testid="stApp"]')
    pg.evaluate("() => { window.__appState = null; }")  # the quiet time counts from now
    pg.wait_for_function(APP_QUIET, arg=settle_ms, polling=50, timeout=90_000)
    assert_no_exception(pg)


def wait_for_layout(pg: Any, still_ms: int = 300) -> None:
    """Wait until the page has laid itself out and Plotly has drawn (polled, up to 30 s)."""
    pg.evaluate("() => { window.__layout = null; }")
    pg.wait_for_function(LAYOUT_STILL, arg=still_ms, polling=50, timeout=30_000)


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
    wait_for_layout(pg)
    pg.screenshot(path=str(SHOTS / name), full_page=True)


def load_example(pg: Any, stem: str) -> None:
    """On the Saved positions page, load the example `stem` (examples/<stem>.json) as the current position."""
    open_page(pg, "Saved positions")
    choose(pg, "Example", stem)
    pg.get_by_role("button", name="Load example").click()
    wait_for_app(pg)


def solve_proven(pg: Any, company: str) -> None:
    """On the Routes page (opened here): `company` chosen, Solve pressed, and its answer waited for until proven
    optimal."""
    open_page(pg, "Routes")
    choose(pg, "Company", company)
    pg.get_by_role("button", name="Solve").click()
    pg.get_by_text("proven optimal").first.wait_for(timeout=120_000)
    wait_for_app(pg)


def choose(pg: Any, label: str, option: str) -> None:
    """Pick `option` in the selectbox labelled `label`."""
    box = pg.locator('[data-testid="stSelectbox"]', has=pg.get_by_text(label, exact=True)).first
    box.click()
    pg.get_by_role("option", name=option, exact=True).click()
    wait_for_app(pg)


def plotly_traces(pg: Any) -> list[str]:
    """The trace names of every Plotly chart on the page, once at least one chart has been drawn."""
    pg.wait_for_function(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot')).some(el => (el.data || []).length)"
    )
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
    from solver.storage import position_json
    from solver.titles.g1862.hexgrid import LAYOUT
    from solver.titles.g1862.loading import load_position
    from solver.titles.g1862.random_board import stress_positions
    from solver.titles.g1862.routes.model import SolveOptions
    from solver.titles.g1862.routes.optimizer import optimize

    pg = page
    late = load_position(ROOT / "examples" / "position-late-game.json")

    # First start: the late-game board is loaded and drawn.
    pg.get_by_text("Late game").first.wait_for()
    assert "hexes" in plotly_traces(pg)
    click_hex(pg, *LAYOUT.centre("F5"))
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
    solve(pg, company, stop_after=0)  # Stop pressed as soon as it shows
    text = pg.locator('[data-testid="stMarkdownContainer"]', has_text=f"{company}: £").first.inner_text()
    assert "proven optimal" not in text and ("best found" in text or "stopped after" in text), text

    open_page(pg, "Board")
    assert_no_exception(pg)


# ---------------------------------------------------------------- a table board entered as a person would

TABLE_BOARD = ROOT / "tests" / "data" / "table-board.json"
#: The board entered through the UI: these lines typed in one batch, the other tiles and markers clicked.
TYPED = """B9 790 r0
B11 8852 r0
B13 6 r1 N&E
C10 57 r1 NGC
C12 8852 r2
D9 201 r0 I&B
D11 57 r0
E10 20 r0 s:S-N s:SW-NE
F11 791 r1 ESR
ECR 2E 2/3E"""
CLICKED_TILES = ("D13", "E12", "E14")
CLICKED_MARKERS = (("E12", "EUR"), ("E12", "ECR"))
MAX_ACTIONS = 40


class Actions:
    """Does what a person does, counting each click and each batch of keystrokes, and timing each click's
    answer (from the click until the page has run again)."""

    def __init__(self, pg: Any) -> None:
        self.pg = pg
        self.clicks = 0
        self.batches = 0
        self.seconds: list[float] = []

    def click(self, target: Any) -> None:
        started = time.perf_counter()
        target.click()
        self.clicks += 1
        wait_for_app(self.pg, settle_ms=250)
        self.seconds.append(time.perf_counter() - started)

    def keys(self, target: Any, text: str) -> None:
        target.fill(text)
        self.batches += 1

    def press(self, key: str) -> None:
        self.pg.keyboard.press(key)
        self.batches += 1

    def choose(self, label: str, option: str) -> None:
        box = self.pg.locator('[data-testid="stSelectbox"]', has=self.pg.get_by_text(label, exact=True)).first
        self.click(box)
        self.click(self.pg.get_by_role("option", name=option, exact=True))

    def click_hex(self, hex_: str) -> None:
        from solver.titles.g1862.hexgrid import LAYOUT

        started = time.perf_counter()
        click_hex(self.pg, *LAYOUT.centre(hex_))
        self.clicks += 1
        wait_for_app(self.pg, settle_ms=250)
        self.seconds.append(time.perf_counter() - started)

    @property
    def total(self) -> int:
        return self.clicks + self.batches


def segment(pg: Any, name: str) -> Any:
    """The choice `name` of a segmented control or horizontal radio (the Board page's click modes, panels)."""
    choices = pg.locator('[data-testid="stRadio"] label, [data-testid="stButtonGroup"] button')
    return choices.filter(has_text=re.compile(f"^{re.escape(name)}$")).first


def offer_card(pg: Any, hex_: str, tile: str) -> Any:
    return pg.locator(f".st-key-offer-{hex_}-{tile}")


def lay_by_clicks(act: Actions, hex_: str, tile: str, rotation: int) -> None:
    """Click the hex, turn the offered tile until it shows `rotation`, lay it."""
    act.click_hex(hex_)
    card = offer_card(act.pg, hex_, tile)
    for _ in range(6):
        lay = card.get_by_role("button", name=f"Lay {tile} r")
        if lay.inner_text().strip().endswith(f"r{rotation}"):
            break
        act.click(card.get_by_role("button", name="Rotate"))
    act.click(card.get_by_role("button", name=f"Lay {tile} r{rotation}"))


def check_offer_pictures_fit(pg: Any) -> int:
    """Every tile picture of the offer lies wholly inside its card, and no button label is cut; returns the
    number of pictures checked."""
    cards = pg.locator('[class*="st-key-offer-"]')
    assert cards.count() > 0, "the tile offer is open"
    for i in range(cards.count()):
        card = cards.nth(i)
        outer = card.bounding_box()
        img = card.locator("img").first
        img.wait_for()
        box = img.bounding_box()
        assert box["width"] > 40, f"picture {i} is drawn ({box})"
        assert box["x"] >= outer["x"] - 0.5 and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5, (
            f"picture {i} sticks out of its card: {box} in {outer}"
        )
        natural = img.evaluate("el => [el.naturalWidth, el.naturalHeight, el.clientWidth, el.clientHeight]")
        assert natural[2] > 0 and natural[3] > 0
        for button in card.locator("button").all():
            cut = button.evaluate("el => el.scrollWidth > el.clientWidth + 1")
            assert not cut, f"button {button.inner_text()!r} is cut off"
            assert button.bounding_box()["height"] <= 48, f"button {button.inner_text()!r} wraps onto several lines"
    count: int = cards.count()
    return count


def test_a_table_board_is_entered_from_new_board_in_at_most_40_actions(page: Any) -> None:
    from solver.titles.g1862.loading import load_position
    from solver.titles.g1862.quick_entry import board_text
    from solver.titles.g1862.routes.model import SolveOptions
    from solver.titles.g1862.routes.optimizer import optimize

    pg = page
    pg.set_viewport_size({"width": 1600, "height": 1250})
    target = load_position(TABLE_BOARD)
    act = Actions(pg)
    pg.locator('[data-testid="stSidebarNav"] a', has_text="Board").first.click()
    act.clicks += 1
    wait_for_app(pg)

    # New board: phase B, the ECR with an Express permit (home marker and a 2/3E come with it).
    act.click(pg.get_by_role("button", name="New board"))
    act.choose("Phase (9.0)", "B")
    act.click(pg.locator('[data-testid="stMultiSelect"]', has=pg.get_by_text("Companies with a express permit")))
    act.click(pg.get_by_role("option", name="ECR", exact=True))
    act.press("Escape")
    act.click(pg.get_by_role("button", name="Create the new board"))
    pg.get_by_text("New board in phase B with ECR").first.wait_for()

    # Nine tiles, their markers and the ECR's trains typed in one batch.
    act.click(segment(pg, "Quick entry"))
    box = pg.get_by_label("One line per hex or company")
    act.click(box)
    act.keys(box, TYPED)
    act.click(pg.get_by_role("button", name="Apply all lines"))
    pg.get_by_text("Applied 10 quick-entry line(s).").first.wait_for()

    # Three tiles clicked on the map, rotated in place and laid.
    for hex_ in CLICKED_TILES:
        lay = target.tiles[hex_]
        lay_by_clicks(act, hex_, lay.tile, lay.rotation)
        pg.get_by_text(f"tile {lay.tile} on {hex_} at rotation {lay.rotation}").first.wait_for()

    # Two markers placed by clicking the station on the map.
    act.click(segment(pg, "Places a marker"))
    for hex_, company in CLICKED_MARKERS:
        act.choose("Marker of", f"{company} {target.game.companies[company].name}")
        act.click_hex(hex_)
        pg.get_by_text(f"Placed {company}'s marker on {hex_}.").first.wait_for()
    entry_actions = act.total

    # The board on screen is the table board (its quick-entry text is complete: see test_quick_entry).
    segment(pg, "Quick entry").click()
    wait_for_app(pg)
    pg.get_by_text("This board as quick-entry lines").first.click()
    shown = pg.locator('[data-testid="stCode"]').first.inner_text()
    assert shown.strip() == board_text(target), shown
    assert pg.get_by_text("phase B").count()

    # Solved on the Routes page: the proven optimum of the optimizer run directly.
    expected = optimize(target, "ECR", SolveOptions(time_limit=30))
    assert expected.status == "optimal"
    pg.locator('[data-testid="stSidebarNav"] a', has_text="Routes").first.click()
    act.clicks += 1
    wait_for_app(pg)
    act.choose("Company", "ECR")
    act.click(pg.get_by_role("button", name="Solve"))
    pg.get_by_text(f"ECR: £{expected.revenue}").first.wait_for(timeout=120_000)
    text = pg.locator('[data-testid="stMarkdownContainer"]', has_text="ECR: £").first.inner_text()
    assert "proven optimal" in text, text

    median = sorted(act.seconds)[len(act.seconds) // 2]
    print(
        f"\ntable board: {act.clicks} clicks + {act.batches} keystroke batches = {act.total} actions "
        f"({entry_actions} to enter the board); click answered in median {median:.2f} s, max {max(act.seconds):.2f} s;"
        f" ECR £{expected.revenue} proven optimal"
    )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e-table-board.json").write_text(
        json.dumps(
            {
                "clicks": act.clicks,
                "keystroke_batches": act.batches,
                "actions": act.total,
                "entry_actions": entry_actions,
                "click_answer_median_seconds": round(median, 2),
                "click_answer_max_seconds": round(max(act.seconds), 2),
            }
        )
    )
    assert act.total <= MAX_ACTIONS, f"{act.total} actions"


def test_board_page_tile_offer_is_whole_from_1280_to_1920_px_and_the_companies_panel_stays(page: Any) -> None:
    pg = page
    open_page(pg, "Board")
    from solver.titles.g1862.hexgrid import LAYOUT

    segment(pg, "Opens the hex").click()
    wait_for_app(pg)
    pg.get_by_role("button", name="New board").click()  # the printed map in phase B, Ely empty
    choose(pg, "Phase (9.0)", "B")
    pg.get_by_role("button", name="Create the new board").click()
    wait_for_app(pg)
    for width in (1280, 1600, 1920):
        pg.set_viewport_size({"width": width, "height": 1600})  # tall enough to show the whole offer
        wait_for_app(pg)
        click_hex(pg, *LAYOUT.centre("C8"))  # Ely, an empty Y town in phase B: six tiles offered
        wait_for_app(pg)
        pg.get_by_text("home of E&H").first.wait_for()
        pictures = check_offer_pictures_fit(pg)
        assert pictures == 6, pictures
        if width < 1920:
            pg.mouse.move(0, 0)  # no hover label over the map
            shot(pg, f"board-{width}.png")

    # Choosing a company in the Companies panel and saving it keeps the Companies panel open: with st.tabs the
    # success message shown above moved the tabs and they came back on the first one, Hex.
    segment(pg, "Companies").click()
    wait_for_app(pg)
    choose(pg, "Company", "ESR East Suffolk Railway")
    assert pg.get_by_role("radio", name="Companies", exact=True).is_checked()
    pg.get_by_role("button", name="Save company").click()
    wait_for_app(pg)
    pg.get_by_text("Saved ESR.").first.wait_for()
    assert pg.get_by_role("radio", name="Companies", exact=True).is_checked()
    assert pg.get_by_text("Trains (e.g. 3F, 4/5L, 2/3E)").first.is_visible()
