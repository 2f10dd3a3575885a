"""Shared fixtures: the loaded game, the project's folders, the optional reference facts and the app of the pages'
tests (Streamlit AppTest, tests/app/app_pages.py)."""

from __future__ import annotations

import json
import signal
import sys
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

from solver.titles.g1862.gamedata import GameData, load_game
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    # A test run started in the background by a shell without job control ignores Ctrl-C, and so would every
    # process it starts (an ignored signal is inherited); the Ctrl-C tests need Python's own handler in them.
    signal.signal(signal.SIGINT, signal.default_int_handler)

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

# Property tests check rules, not speed (speed is measured in benchmarks/): no per-example deadline, so a busy
# machine cannot fail them.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

ROOT = Path(__file__).resolve().parent.parent
TEST_DATA = Path(__file__).resolve().parent / "data"
EXAMPLES = ROOT / "examples"
#: The data facts collected beside the project (../shared); read only by tests that cross-check our data.
REFERENCE = ROOT.parent / "shared" / "reference" / "1862"


@pytest.fixture
def plain_main_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool's worker processes started in this process start as `python -m solver` does, without re-running
    a main script: Streamlit's AppTest, run earlier in the suite, leaves `__main__` pointing at a deleted
    temporary script that a new process would try to run (it then dies at its start)."""
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))


@pytest.fixture(scope="session")
def game() -> GameData:
    """The 1862 game data, as every part of the solver loads it."""
    return load_game()


@pytest.fixture(scope="session")
def reference() -> Any:
    """A loader for ../shared/reference/1862/<name>.json; skips the test when the folder is absent."""
    if not REFERENCE.is_dir():
        pytest.skip(f"reference facts not present at {REFERENCE} (only the cross-checks need them)")

    def read(name: str) -> Any:
        return json.loads((REFERENCE / f"{name}.json").read_text(encoding="utf-8"))

    return read


@pytest.fixture(scope="module")
def late_game() -> Position:
    """The late-game example board (examples/position-late-game.json)."""
    return load_position(EXAMPLES / "position-late-game.json")


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private position database for the test, named by RMS_DB_PATH."""
    path = tmp_path / "positions.sqlite3"
    monkeypatch.setenv("RMS_DB_PATH", str(path))
    return path


@pytest.fixture
def app(db_path: Path) -> AppTest:
    """The app run once, saving its positions in a store of the test's own (`db_path`)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    assert not at.exception
    return at
