"""The pages' tests' app: started once per test on a store of positions of its own (app_pages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pages import start_app
from streamlit.testing.v1 import AppTest


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("RMS_DB_PATH", str(tmp_path / "positions.sqlite3"))
    return start_app()
