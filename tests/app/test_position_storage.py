"""Saved positions (solver.storage): save, list, load, rename, delete in SQLite; uploads that are not a valid
position file are refused with a clear message and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver import storage
from solver.any_position import any_position_to_dict as position_to_dict
from solver.errors import InputError
from solver.position import Position, load_position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def late_game() -> Position:
    """The late-game example board (examples/position-late-game.json)."""
    return load_position(EXAMPLES / "position-late-game.json")


@pytest.fixture(scope="module")
def early_game() -> Position:
    """The early-game example board (examples/position-early-game.json)."""
    return load_position(EXAMPLES / "position-early-game.json")


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private position database for the test, named by RMS_DB_PATH."""
    path = tmp_path / "positions.sqlite3"
    monkeypatch.setenv("RMS_DB_PATH", str(path))
    return path


def test_database_is_created_on_first_use_at_the_path_from_the_environment(db_path: Path) -> None:
    assert storage.default_db_path() == db_path
    store = storage.PositionStore()
    assert not db_path.exists()
    assert store.list() == []
    assert db_path.exists()


def test_default_path_is_in_the_user_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RMS_DB_PATH", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert storage.default_db_path() == tmp_path / "railway-mania-solver" / "positions.sqlite3"


def test_save_list_load_rename_delete_round_trip(db_path: Path, late_game: Position) -> None:
    store = storage.PositionStore(db_path)
    assert store.save("  Late   game  ", late_game) == "Late game"
    [row] = store.list()
    assert row.name == "Late game" and row.phase == "E" and "ECR" in row.companies
    assert position_to_dict(store.load("Late game")) == position_to_dict(late_game)
    assert store.rename("Late game", "Table 3") == "Table 3"
    assert [r.name for r in store.list()] == ["Table 3"]
    store.delete("Table 3")
    assert store.list() == []


def test_saving_over_a_name_needs_overwrite(db_path: Path, late_game: Position, early_game: Position) -> None:
    store = storage.PositionStore(db_path)
    store.save("game", late_game)
    with pytest.raises(InputError):
        store.save("game", early_game)
    assert store.load("game").phase == "E"
    store.save("game", early_game, overwrite=True)
    assert store.load("game").phase == "B"


def test_missing_names_and_taken_names_are_refused(db_path: Path, late_game: Position) -> None:
    store = storage.PositionStore(db_path)
    store.save("a", late_game)
    store.save("b", late_game)
    for action in (
        lambda: store.load("zzz"),
        lambda: store.delete("zzz"),
        lambda: store.rename("zzz", "c"),
        lambda: store.rename("a", "b"),
        lambda: store.save("   ", late_game),
        lambda: store.save("x" * 200, late_game),
    ):
        with pytest.raises(InputError):
            action()
    assert sorted(r.name for r in store.list()) == ["a", "b"]


def test_draft_of_a_tab_survives_and_follows_a_rename(db_path: Path, late_game: Position) -> None:
    store = storage.PositionStore(db_path)
    assert store.load_draft("tab1") is None
    store.save("mine", late_game)
    store.save_draft("tab1", late_game, "mine")
    store.rename("mine", "yours")
    draft = store.load_draft("tab1")
    assert draft is not None
    assert draft[1] == "yours" and position_to_dict(draft[0]) == position_to_dict(late_game)


def test_upload_of_a_valid_file_gives_the_position(late_game: Position) -> None:
    data = storage.position_json(late_game).encode("utf-8")
    assert position_to_dict(storage.parse_upload(data, "x.json")) == position_to_dict(late_game)


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        (b"\xff\xfe\x00garbage", "file"),
        (b"{not json", "format"),
        (b"[1, 2, 3]", "format"),
        (b'{"phase": "E", "tiles": 5}', "format"),
        (json.dumps({"phase": "A", "tiles": [{"hex": "F5", "tile": "57", "rotation": 0}]}).encode(), "7.6.1"),
    ],
    ids=["binary", "broken-json", "not-an-object", "wrong-structure", "breaks-a-rule"],
)
def test_corrupt_upload_is_refused_with_a_message(data: bytes, rule: str) -> None:
    with pytest.raises(InputError) as exc:
        storage.parse_upload(data, "bad.json")
    assert rule in {p.rule for p in exc.value.problems}
    assert all(str(p) for p in exc.value.problems)


def test_an_unreadable_database_file_is_reported_not_raised_as_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(InputError) as exc:
        storage.PositionStore(bad).list()
    assert "database" in str(exc.value)
