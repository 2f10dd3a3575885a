"""Saved positions (solver.storage): save, list, load, rename, delete in SQLite; uploads that are not a valid
position file are refused with a clear message and change nothing."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from solver import storage
from solver.any_position import any_position_to_dict as position_to_dict
from solver.errors import InputError
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def early_game() -> Position:
    """The early-game example board (examples/position-early-game.json)."""
    return load_position(EXAMPLES / "position-early-game.json")


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


def test_find_names_the_saved_position_a_save_would_overwrite(db_path: Path, late_game: Position) -> None:
    store = storage.PositionStore(db_path)
    assert store.find("Game A") is None
    store.save("Game  A ", late_game)
    found = store.find(" Game A")  # spaces tidied as save tidies them
    assert found is not None and found.name == "Game A" and found.phase == late_game.phase
    with pytest.raises(InputError):
        store.find("   ")


def _save_all(db: str, example: str, names: list[str], together: Any, out: Any) -> None:
    """In a separate process: save `example` under every name, meeting the other process at `together` before
    each save so that both save the same name at the same moment; record for each name whether it was saved or
    refused as taken."""
    store = storage.PositionStore(db)
    position = load_position(EXAMPLES / example)
    results = {}
    for name in names:
        together.wait(timeout=60)
        try:
            store.save(name, position)
            results[name] = "saved"
        except InputError as exc:
            assert "already has this name" in str(exc), exc
            results[name] = "taken"
    out.put((example, results))


def test_two_processes_saving_the_same_new_names_lose_nothing(tmp_path: Path) -> None:
    """Two processes save the same 200 new names at once: each name is saved by exactly one of them, the other
    is told the name is taken, and the stored position is the one of the process told "saved"."""
    db = str(tmp_path / "positions.sqlite3")
    storage.PositionStore(db).list()  # create the database before the race
    names = [f"game {i}" for i in range(200)]
    ctx = multiprocessing.get_context("spawn")
    together, out = ctx.Barrier(2), ctx.Queue()
    examples = ("position-early-game.json", "position-late-game.json")
    workers = [ctx.Process(target=_save_all, args=(db, ex, names, together, out)) for ex in examples]
    for w in workers:
        w.start()
    results = dict(out.get(timeout=120) for _ in workers)
    for w in workers:
        w.join(timeout=60)
        assert w.exitcode == 0
    store = storage.PositionStore(db)
    phases = {"position-early-game.json": "B", "position-late-game.json": "E"}
    for name in names:
        outcomes = sorted(results[ex][name] for ex in examples)
        assert outcomes == ["saved", "taken"], (name, outcomes)
        winner = next(ex for ex in examples if results[ex][name] == "saved")
        assert store.load(name).phase == phases[winner]
    assert len(store.list()) == len(names)


def test_a_row_with_a_non_numeric_saved_at_is_listed_not_raised(db_path: Path, late_game: Position) -> None:
    store = storage.PositionStore(db_path)
    store.save("good", late_game)
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO positions(name, body, saved_at) VALUES (?, ?, ?)", ("odd", '{"phase": "C"}', "yesterday")
        )
        conn.execute("INSERT INTO positions(name, body, saved_at) VALUES (?, ?, ?)", ("odder", "[1, 2]", "x"))
    conn.close()
    rows = {r.name: r for r in store.list()}
    assert set(rows) == {"good", "odd", "odder"}
    assert rows["odd"].saved_at == 0.0 and rows["odd"].phase == "C"
    assert rows["odder"].phase == "?"
    assert rows["good"].saved_at > 0


def test_a_position_holding_text_that_cannot_be_stored_is_refused_naming_the_field(
    db_path: Path, late_game: Position
) -> None:
    broken = dataclasses.replace(late_game, name="Late \ud800")
    store = storage.PositionStore(db_path)
    for write in (lambda: store.save("x", broken), lambda: store.save_draft("tab", broken)):
        with pytest.raises(InputError) as info:
            write()
        assert [p.where for p in info.value.problems] == ["position name"]
    assert store.list() == [] and store.load_draft("tab") is None


def test_renaming_onto_a_taken_name_is_refused_and_keeps_both(db_path: Path, late_game: Position) -> None:
    store = storage.PositionStore(db_path)
    store.save("a", late_game)
    store.save("b", late_game)
    with pytest.raises(InputError, match="already has this name"):
        store.rename("a", " b ")
    assert sorted(r.name for r in store.list()) == ["a", "b"]
