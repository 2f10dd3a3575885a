"""Undo and redo are resolved as 18xx.games does: an undone action never happened."""

from __future__ import annotations

from typing import Any

import pytest

from solver.errors import InputError
from solver.importer.actions import effective_actions, resolve_undo_redo


def acts(*specs: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"id": i + 1, "type": kind, **fields} for i, (kind, fields) in enumerate(specs)]


def ids(actions: list[dict[str, Any]]) -> list[int]:
    return [a["id"] for a in actions]


def test_undo_removes_the_latest_action_in_effect() -> None:
    actions = acts(("lay_tile", {}), ("place_token", {}), ("undo", {}), ("undo", {}), ("pass", {}))
    assert ids(resolve_undo_redo(actions)) == [5]


def test_undo_skips_messages_and_never_undoes_them() -> None:
    actions = acts(("lay_tile", {}), ("message", {}), ("undo", {}))
    assert ids(resolve_undo_redo(actions)) == []


def test_undo_to_an_action_id_undoes_everything_after_it() -> None:
    actions = acts(("bid", {}), ("pass", {}), ("pass", {}), ("undo", {"action_id": 1}), ("par", {}))
    assert ids(resolve_undo_redo(actions)) == [1, 5]


def test_undo_to_zero_goes_back_to_the_start() -> None:
    actions = acts(("bid", {}), ("pass", {}), ("undo", {"action_id": 0}))
    assert resolve_undo_redo(actions) == []


def test_redo_restores_what_the_last_undo_removed() -> None:
    actions = acts(("lay_tile", {}), ("undo", {}), ("redo", {}), ("pass", {}))
    assert ids(resolve_undo_redo(actions)) == [1, 4]


def test_redo_after_two_undos_restores_only_the_second() -> None:
    actions = acts(("a", {}), ("b", {}), ("undo", {}), ("undo", {}), ("redo", {}))
    assert ids(resolve_undo_redo(actions)) == [1]


def test_a_new_action_closes_open_undos() -> None:
    actions = acts(("a", {}), ("undo", {}), ("b", {}), ("redo", {}))
    with pytest.raises(InputError, match=r"action 4 \(redo\).*nothing undone"):
        resolve_undo_redo(actions)


def test_undo_to_an_unknown_action_names_the_undo() -> None:
    actions = acts(("a", {}), ("undo", {"action_id": 77}))
    with pytest.raises(InputError, match=r"action 2 \(undo\).*action 77"):
        resolve_undo_redo(actions)


def test_automatic_passes_follow_their_action() -> None:
    actions = acts(("pass", {"auto_actions": [{"type": "pass", "entity": "WVR"}]}), ("lay_tile", {}))
    steps = effective_actions(actions)
    assert [(s.action["type"], s.parent_id) for s in steps] == [("pass", None), ("pass", 1), ("lay_tile", None)]
    assert steps[1].id == 1
