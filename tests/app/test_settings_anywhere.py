"""The app's Streamlit settings (`.streamlit/config.toml`: the 2 MB upload limit, no usage statistics, no Deploy
button) hold wherever the app is started, not only from the project folder (issue 13, item 11).

Streamlit reads a `.streamlit/config.toml` beside the main script as well as in the working folder, so the
project's settings travel with `app.py`. This test starts `streamlit run <project>/app.py` from an empty folder
with an empty home folder (no project or user settings there) and checks in a real browser that the upload box
of the Saved positions page takes at most 2 MB.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from test_e2e_browser import VIEWPORT, browser, running_app

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e


def test_the_project_settings_are_in_the_config_file_beside_app_py() -> None:
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert settings["server"]["maxUploadSize"] == 2
    assert settings["browser"]["gatherUsageStats"] is False
    assert settings["client"]["toolbarMode"] == "minimal"


def test_the_upload_limit_holds_when_the_app_is_started_from_another_folder(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    elsewhere, home = tmp_path / "elsewhere", tmp_path / "home"
    elsewhere.mkdir()
    home.mkdir()
    with (
        running_app(tmp_path_factory, cwd=elsewhere, extra_env={"HOME": str(home)}) as (url, _),
        browser(url, tmp_path_factory, VIEWPORT) as page,
    ):
        page.locator('[data-testid="stSidebarNav"] a', has_text="Saved positions").first.click()
        dropzone = page.locator('[data-testid="stFileUploaderDropzoneInstructions"]').first
        dropzone.wait_for()
        text = dropzone.inner_text()
        assert "2MB" in text.replace(" ", ""), text
