"""Undo and redo are resolved as 18xx.games does: an undone action never happened."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862.importer.actions import effective_actions, resolve_undo_redo


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


def reference_resolution(kinds: list[tuple[str, int | None]]) -> tuple[list[int], int]:
    """The undo/redo rules of the module docstring written the plain way (quadratic), as the oracle: the ids
    in effect and the number of undos still open to a redo."""
    effect: list[int] = []  # ids in effect, in order (messages excepted)
    history: list[list[int]] = []  # what each open undo removed
    for n, (kind, target) in enumerate(kinds, start=1):
        if kind == "undo":
            keep = [] if target == 0 else effect[: effect.index(target) + 1] if target else effect[:-1]
            history.append(effect[len(keep) :])
            effect = keep
        elif kind == "redo":
            effect = sorted(effect + history.pop())
        elif kind != "message":
            history.clear()
            effect.append(n)
    return effect, len(history)


@st.composite
def undo_sequences(draw: st.DrawFn) -> list[tuple[str, int | None]]:
    kinds: list[tuple[str, int | None]] = []
    for _ in range(draw(st.integers(0, 40))):
        effect, open_undos = reference_resolution(kinds)
        choice = draw(st.sampled_from(["pass", "lay_tile", "message", "undo", "undo_to", "redo"]))
        if choice == "undo_to" and effect:
            kinds.append(("undo", draw(st.sampled_from([0, *effect]))))
        elif choice == "redo" and open_undos:
            kinds.append(("redo", None))
        elif choice in ("undo", "undo_to"):
            kinds.append(("undo", None))
        elif choice != "redo":
            kinds.append((choice, None))
    return kinds


@settings(max_examples=300, deadline=None)
@given(undo_sequences())
def test_undo_and_redo_agree_with_the_plain_reading(kinds: list[tuple[str, int | None]]) -> None:
    actions = acts(*((k, {} if t is None else {"action_id": t}) for k, t in kinds))
    assert ids(resolve_undo_redo(actions)) == reference_resolution(kinds)[0]


def test_seventy_four_thousand_pass_undo_actions_resolve_to_nothing() -> None:
    # issue 13: a 1.99 MB export of 74,000 pass/undo actions (its import time is in benchmarks/importer.py)
    actions = acts(*((("pass", {}), ("undo", {}))[i % 2] for i in range(74_000)))
    assert resolve_undo_redo(actions) == []
