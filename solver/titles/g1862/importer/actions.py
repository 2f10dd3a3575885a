"""Which recorded actions happened: undo and redo resolved exactly as 18xx.games does.

The site keeps every click in the export, including `undo` and `redo`. An undone action never happened.
The rules (facts read from the site's `filtered_actions`):

* `undo` without `action_id` undoes the latest action still in effect (messages are never undone);
* `undo` with `action_id` N goes back to just after action N (N = 0: to the start of the game), undoing
  every action in effect after it;
* `redo` restores what the most recent still-open undo removed;
* any other action closes all open undos: they can no longer be redone.

Each action may carry `auto_actions` (passes the site made on the players' behalf); they happen right
after it, so `effective_actions` lists them after their parent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.errors import InputError, Problem
from solver.titles.g1862.importer.export_file import Action, describe_action

UNDO, REDO, MESSAGE = "undo", "redo", "message"


def resolve_undo_redo(actions: Sequence[Action], source: str = "game file") -> list[Action]:
    """The actions in effect, in order, with undone actions dropped and undo/redo/message actions removed.

    Linear in the number of actions: the actions in effect are a stack of indices (an undo pops, a redo pushes
    back what the undo popped), and an undo's target is found through an id -> index table.
    Raises InputError naming the undo or redo that cannot be applied (a hand-edited or truncated file).
    """
    kept = [False] * len(actions)
    live: list[int] = []  # indices of the actions in effect (messages excepted), ascending
    open_undos: list[list[int]] = []
    index_of: dict[int, int] = {}
    for index, action in enumerate(actions):
        kind = action["type"]
        if kind == UNDO:
            target = action.get("action_id")
            undo_to = len(live) and live[-1]  # without a target: the latest action in effect
            if target is not None:
                found = 0 if target == 0 else index_of.get(target)
                if found is None:
                    raise InputError(
                        [
                            Problem(
                                f"{source} {describe_action(action)}",
                                "format",
                                f"undoes back to action {target}, which is not an earlier action of this file",
                            )
                        ]
                    )
                undo_to = found if target == 0 else found + 1
            undone: list[int] = []
            while live and live[-1] >= undo_to:
                undone.append(live.pop())
                kept[undone[-1]] = False
            open_undos.append(undone)
        elif kind == REDO:
            if not open_undos:
                raise InputError(
                    [Problem(f"{source} {describe_action(action)}", "format", "redo with nothing undone to redo")]
                )
            for i in reversed(open_undos.pop()):
                kept[i] = True
                live.append(i)
        elif kind == MESSAGE:
            kept[index] = True
        else:
            open_undos.clear()
            kept[index] = True
            live.append(index)
        index_of[action["id"]] = index
    return [a for a, k in zip(actions, kept, strict=True) if k and a["type"] != MESSAGE]


@dataclass(frozen=True)
class Step:
    """One effective action: the action itself and, for an automatic pass, the id of the action that made it."""

    action: Action
    parent_id: int | None = None

    @property
    def id(self) -> int:
        return int(self.action["id"]) if self.parent_id is None else self.parent_id

    def describe(self) -> str:
        if self.parent_id is None:
            return describe_action(self.action)
        return f"automatic {self.action.get('type')} of {self.action.get('entity')} in action {self.parent_id}"


def effective_actions(actions: Sequence[Action], source: str = "game file") -> list[Step]:
    """Every action that happened, in order, each followed by its automatic actions."""
    steps: list[Step] = []
    for action in resolve_undo_redo(actions, source):
        steps.append(Step(action))
        autos = action.get("auto_actions") or []
        if not isinstance(autos, list):
            raise InputError([Problem(f"{source} {describe_action(action)}", "format", "auto_actions must be a list")])
        for auto in autos:
            if not isinstance(auto, dict) or not isinstance(auto.get("type"), str):
                raise InputError(
                    [Problem(f"{source} {describe_action(action)}", "format", "an automatic action is malformed")]
                )
            steps.append(Step(auto, int(action["id"])))
    return steps
