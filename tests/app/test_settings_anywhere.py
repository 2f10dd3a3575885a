"""The app's Streamlit settings (`.streamlit/config.toml`: the 2 MB upload limit, no usage statistics, no Deploy
button) hold wherever the app is started, not only from the project folder (issue 13, item 11).

Streamlit reads a `.streamlit/config.toml` beside the main script as well as in the working folder, so the
project's settings travel with `app.py`. This test starts `streamlit run <project>/app.py` from an empty folder
with an empty home folder (no project or user settings there) and checks in a real browser that the upload box
of the Saved positions page takes at most 2 MB.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")

pytestmark = pytest.mark.e2e


def _chromium_or_skip() -> str:
    path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if path is None:
        reason = f"chromium is not installed (looked for {CHROMIUM} and chromium on PATH)"
        if os.environ.get("REQUIRE_E2E") == "1":
            pytest.fail(reason + " and REQUIRE_E2E=1")
        pytest.skip(reason)
    return path


def test_the_project_settings_are_in_the_config_file_beside_app_py() -> None:
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert settings["server"]["maxUploadSize"] == 2
    assert settings["browser"]["gatherUsageStats"] is False
    assert settings["client"]["toolbarMode"] == "minimal"


def test_the_upload_limit_holds_when_the_app_is_started_from_another_folder(tmp_path: Path) -> None:
    chromium = _chromium_or_skip()
    elsewhere, home = tmp_path / "elsewhere", tmp_path / "home"
    elsewhere.mkdir()
    home.mkdir()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, HOME=str(home), RMS_DB_PATH=str(tmp_path / "positions.sqlite3"))
    command = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true"]
    command += ["--server.port", str(port), "--server.address", "127.0.0.1", "--server.fileWatcherType", "none"]
    log = tmp_path / "streamlit.log"
    with log.open("w") as out:
        proc = subprocess.Popen(command, cwd=elsewhere, env=env, stdout=out, stderr=subprocess.STDOUT)
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
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_page()
                page.set_default_timeout(60_000)
                page.goto(url)
                page.locator('[data-testid="stSidebarNav"] a', has_text="Saved positions").first.click()
                dropzone = page.locator('[data-testid="stFileUploaderDropzoneInstructions"]').first
                dropzone.wait_for()
                text = dropzone.inner_text()
                assert "2MB" in text.replace(" ", ""), text
            finally:
                browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
