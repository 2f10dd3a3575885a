"""Fixtures of the app tests: the example positions and a private position database per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.position import Position, load_position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def late_game() -> Position:
    return load_position(EXAMPLES / "position-late-game.json")


@pytest.fixture(scope="session")
def early_game() -> Position:
    return load_position(EXAMPLES / "position-early-game.json")


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "positions.sqlite3"
    monkeypatch.setenv("RMS_DB_PATH", str(path))
    return path
