"""Reading an 18xx.games game export (the JSON the site offers for download) and checking its shape.

Only the fields the importer needs are checked: the title, the players, the seed, the optional rules and
the action list (each action an object with an integer `id` and a string `type`, ids increasing). Any
other title, a file that is not an export, or a truncated or hand-edited file gives an InputError naming
the field or the action; nothing is half-read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.errors import InputError, Problem
from solver.jsonfile import read_json_file

SUPPORTED_TITLES = ("1862",)
RESERVED_NAMES = frozenset({"treasury", "pool", "ipo"})  # holders of shares in a position file
Action = dict[str, Any]


@dataclass(frozen=True)
class GameExport:
    """A parsed export: where it came from, the game id, title, player ids, seed, optional rules, actions."""

    source: str
    game_id: int | None
    title: str
    players: tuple[str, ...]
    seed: int
    optional_rules: tuple[str, ...]
    actions: tuple[Action, ...]
    description: str = ""
    player_names: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()  # signs that the export may have been edited (see `integrity_checks`)
    finished: bool = False  # the site marked the game finished ("status": "finished")

    def names(self) -> dict[str, str]:
        """Site player id -> the player's name (the id itself when the export gives no name)."""
        names = self.player_names or self.players
        return dict(zip(self.players, names, strict=True))


def describe_action(action: Action) -> str:
    """'action 57 (lay_tile by WVR)': how messages name an action."""
    who = action.get("entity")
    by = f" by {who}" if who is not None else ""
    return f"action {action.get('id', '?')} ({action.get('type', '?')}{by})"


def parse_export(data: Any, source: str = "game file") -> GameExport:
    """A GameExport from parsed JSON, or InputError listing every problem with the file's shape."""
    if isinstance(data, list):
        raise InputError([Problem(source, "format", "this is a list; an 18xx.games game export is one JSON object")])
    if not isinstance(data, dict):
        raise InputError([Problem(source, "format", "not an 18xx.games game export (expected a JSON object)")])
    title = data.get("title")
    if title is None:
        raise InputError([Problem(f"{source} title", "format", "missing: this is not an 18xx.games game export")])
    if title not in SUPPORTED_TITLES:
        raise InputError(
            [
                Problem(
                    f"{source} title",
                    "format",
                    f"the game is {title!r}; only {', '.join(SUPPORTED_TITLES)} games can be imported",
                )
            ]
        )
    problems: list[Problem] = []
    players_raw = data.get("players")
    players: list[str] = []
    names: list[str] = []
    if not isinstance(players_raw, list) or not players_raw:
        problems.append(Problem(f"{source} players", "format", "missing or empty list of players"))
    else:
        for i, p in enumerate(players_raw):
            if not isinstance(p, dict) or "id" not in p:
                problems.append(Problem(f"{source} players[{i}]", "format", "a player needs an 'id'"))
            else:
                players.append(str(p["id"]))
                name = p.get("name")
                names.append(name if isinstance(name, str) and name.strip() else str(p["id"]))
        if not 2 <= len(players_raw) <= 8:
            problems.append(Problem(f"{source} players", "2.1", f"{len(players_raw)} players; 1862 takes 2 to 8"))
    settings = data.get("settings") or {}
    if not isinstance(settings, dict):
        problems.append(Problem(f"{source} settings", "format", "must be an object"))
        settings = {}
    game_id = data.get("id") if isinstance(data.get("id"), int) else None
    seed = settings.get("seed")
    if seed in (None, ""):
        seed = game_id
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append(
            Problem(f"{source} settings.seed", "format", "missing; the seed decides removed companies and permits")
        )
        seed = 0
    rules = settings.get("optional_rules") or []
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        problems.append(Problem(f"{source} settings.optional_rules", "format", "must be a list of names"))
        rules = []
    actions_raw = data.get("actions")
    actions: list[Action] = []
    if not isinstance(actions_raw, list):
        problems.append(Problem(f"{source} actions", "format", "missing: the export has no action list"))
    else:
        last_id = 0
        for i, a in enumerate(actions_raw):
            if not isinstance(a, dict):
                problems.append(Problem(f"{source} actions[{i}]", "format", "an action must be a JSON object"))
                continue
            aid, kind = a.get("id"), a.get("type")
            if not isinstance(aid, int) or isinstance(aid, bool) or not isinstance(kind, str):
                problems.append(
                    Problem(f"{source} actions[{i}]", "format", "an action needs an integer 'id' and a 'type'")
                )
                continue
            if aid <= last_id:
                problems.append(
                    Problem(
                        f"{source} {describe_action(a)}",
                        "format",
                        f"action ids must increase; it follows action {last_id} (the file was edited or cut)",
                    )
                )
            last_id = max(last_id, aid)
            actions.append(a)
    if problems:
        raise InputError(problems)
    names_ok = len(set(names)) == len(names) and not set(names) & RESERVED_NAMES
    return GameExport(
        source=source,
        game_id=game_id,
        title=str(title),
        players=tuple(players),
        seed=int(seed),
        optional_rules=tuple(rules),
        actions=tuple(actions),
        description=str(data.get("description") or ""),
        player_names=tuple(names) if names_ok else tuple(players),
        checks=integrity_checks(actions),
        finished=data.get("status") == "finished",
    )


def integrity_checks(actions: list[Action]) -> tuple[str, ...]:
    """What an export's own numbering and clock say about it: the site numbers actions 1, 2, 3 ... and
    stamps each with the time it was taken, so a gap in the ids or a time going backwards means an action
    is missing or was moved (an edited or cut file; the site's own exports have a few gaps)."""
    checks: list[str] = []
    last_id, last_time = 0, None
    for action in actions:
        aid, when = action["id"], action.get("created_at")
        if aid > last_id + 1:
            missing = f"action {last_id + 1}" if aid == last_id + 2 else f"actions {last_id + 1}-{aid - 1}"
            checks.append(f"check: {missing} missing from the export (ids jump from {last_id} to {aid})")
        if isinstance(when, int) and not isinstance(when, bool):
            if last_time is not None and when < last_time:
                checks.append(f"check: action {aid} is stamped earlier than the action before it")
            last_time = when
        last_id = aid
    return tuple(checks)


def read_export(path: str | Path) -> GameExport:
    """Read and check an export file; InputError naming the file (and line, field or action) otherwise."""
    return parse_export(read_json_file(path, "game"), str(path))
