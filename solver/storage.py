"""Saved positions in a local SQLite database, and reading positions uploaded as JSON files.

The database is created on first use at ``$RMS_DB_PATH`` if that is set, else in the user's data folder
(``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS,
``%APPDATA%`` on Windows) under ``railway-mania-solver/positions.sqlite3``. Positions are stored as the JSON
position file of their title (see `solver.any_position`: 1862's format, or the core's for 1860 and 18BF), so what
is saved is exactly what can be downloaded and loaded again, title included.

Besides named positions the store keeps one *draft* per browser tab: the position being edited, written after
every edit under a random token kept in the page address, so that a refresh of the page loses nothing.
Every read validates the position again; a stored row that no longer validates is reported, never loaded.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from solver.any_position import AnyPosition, any_position_to_dict, parse_any_position
from solver.errors import InputError, Problem
from solver.jsonfile import LONE_SURROGATE, is_utf8, lone_surrogates, parse_json_bytes, parse_json_text
from solver.titles.registry import DEFAULT_TITLE

ENV_VAR = "RMS_DB_PATH"
APP_FOLDER = "railway-mania-solver"
DB_NAME = "positions.sqlite3"
MAX_NAME = 80
DRAFT_DAYS = 30

_SCHEMA = """
CREATE TABLE IF NOT EXISTS positions (
    name TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    saved_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS drafts (
    token TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    saved_name TEXT,
    saved_at REAL NOT NULL
);
"""


def default_db_path() -> Path:
    """Where the database lives: $RMS_DB_PATH, else the platform's user data folder."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / APP_FOLDER / DB_NAME


@dataclass(frozen=True)
class SavedPosition:
    """One row of the list of saved positions."""

    name: str
    saved_at: float
    phase: str
    companies: tuple[str, ...]
    title: str = DEFAULT_TITLE


def position_json(position: AnyPosition) -> str:
    """The position as the text of a JSON position file of its title; InputError naming the field if it holds
    text that cannot be stored (a lone surrogate, which no file or database can hold)."""
    data = any_position_to_dict(position)
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if not is_utf8(text):
        raise InputError([Problem(f"position {where}", "format", LONE_SURROGATE) for where in lone_surrogates(data)])
    return text


def _saved_at(value: object) -> float:
    """The save time of a row in seconds since 1970; 0.0 for a value that is not a number (a row written by
    something else), so that the list still shows every row."""
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0.0


def parse_upload(data: bytes, filename: str = "upload") -> AnyPosition:
    """A validated position of any title from the bytes of an uploaded JSON position file, read exactly as the
    command line reads a file (`solver.jsonfile`); InputError naming the file and every problem (too large, not
    UTF-8, not JSON, wrong structure, broken rules) otherwise."""
    return parse_any_position(parse_json_bytes(data, filename), filename)


def _taken(name: str) -> InputError:
    return InputError([Problem(f"name {name!r}", "format", "a saved position already has this name")])


def _check_name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise InputError([Problem("name", "format", "give the position a name")])
    if len(clean) > MAX_NAME:
        raise InputError([Problem("name", "format", f"names are at most {MAX_NAME} characters")])
    return clean


class PositionStore:
    """Named positions and per-tab drafts in one SQLite file (created with its folder on first use)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=5)
        except (OSError, sqlite3.Error) as exc:
            raise InputError([Problem(str(self.path), "file", f"cannot open the position database: {exc}")]) from None
        try:
            with conn:
                conn.executescript(_SCHEMA)
                yield conn
        except sqlite3.DatabaseError as exc:
            raise InputError([Problem(str(self.path), "file", f"the position database is unusable: {exc}")]) from None
        finally:
            conn.close()

    # ------------------------------------------------------------ named positions

    def save(self, name: str, position: AnyPosition, overwrite: bool = False) -> str:
        """Store `position` under `name` (spaces tidied); returns the name used. Refused if the name is taken
        and `overwrite` is False."""
        clean = _check_name(name)
        body = position_json(position)
        # One statement each, so that a name is taken or not in one step: two saves of a new name at the same
        # moment (two tabs, two processes) give one "saved" and one "taken", never two "saved".
        on_conflict = "DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at" if overwrite else "DO NOTHING"
        with self._db() as db:
            cur = db.execute(
                f"INSERT INTO positions(name, body, saved_at) VALUES (?, ?, ?) ON CONFLICT(name) {on_conflict}",
                (clean, body, time.time()),
            )
            if cur.rowcount == 0:
                raise _taken(clean)
        return clean

    def list(self) -> list[SavedPosition]:
        """Every saved position, newest first, with its title, phase and companies for the list."""
        with self._db() as db:
            rows = db.execute("SELECT name, body, saved_at FROM positions ORDER BY saved_at DESC, name").fetchall()
        out = []
        for name, body, saved_at in rows:
            try:
                raw = parse_json_text(str(body), f"saved position {name!r}")
                title = str(raw.get("game", DEFAULT_TITLE))
                phase = str(raw.get("phase", "?"))
                listed = raw.get("companies", [])
                # 1862 lists companies as objects with an id; the core's format maps each id to its state.
                ids = list(listed) if isinstance(listed, dict) else [c.get("id", "?") for c in listed]
                companies = tuple(str(c) for c in ids)
            except (InputError, AttributeError, TypeError):
                title, phase, companies = "?", "?", ()
            out.append(SavedPosition(str(name), _saved_at(saved_at), phase, companies, title))
        return out

    def find(self, name: str) -> SavedPosition | None:
        """The saved position that `name` (spaces tidied as `save` does) would overwrite, or None."""
        clean = _check_name(name)
        return next((row for row in self.list() if row.name == clean), None)

    def load(self, name: str) -> AnyPosition:
        """The saved position called `name`, validated again; InputError if there is none or it is broken."""
        with self._db() as db:
            row = db.execute("SELECT body FROM positions WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise InputError([Problem(f"saved position {name!r}", "file", "there is no saved position with this name")])
        return parse_upload(str(row[0]).encode("utf-8"), f"saved position {name!r}")

    def rename(self, old: str, new: str) -> str:
        """Rename a saved position; refused if `old` does not exist or `new` is taken. Returns the new name."""
        clean = _check_name(new)
        with self._db() as db:
            try:
                cur = db.execute("UPDATE positions SET name = ? WHERE name = ?", (clean, old))
            except sqlite3.IntegrityError:
                raise _taken(clean) from None
            if cur.rowcount == 0:
                raise InputError(
                    [Problem(f"saved position {old!r}", "file", "there is no saved position with this name")]
                )
            db.execute("UPDATE drafts SET saved_name = ? WHERE saved_name = ?", (clean, old))
        return clean

    def delete(self, name: str) -> None:
        """Delete a saved position; InputError if there is none of that name."""
        with self._db() as db:
            cur = db.execute("DELETE FROM positions WHERE name = ?", (name,))
            if cur.rowcount == 0:
                raise InputError(
                    [Problem(f"saved position {name!r}", "file", "there is no saved position with this name")]
                )
            db.execute("UPDATE drafts SET saved_name = NULL WHERE saved_name = ?", (name,))

    # ------------------------------------------------------------ drafts (survive a page refresh)

    def save_draft(self, token: str, position: AnyPosition, saved_name: str | None = None) -> None:
        """Keep the position being edited in the tab identified by `token` (and the saved name it came from)."""
        cutoff = time.time() - DRAFT_DAYS * 86400
        with self._db() as db:
            db.execute(
                "INSERT INTO drafts(token, body, saved_name, saved_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(token) DO UPDATE SET body = excluded.body, saved_name = excluded.saved_name, "
                "saved_at = excluded.saved_at",
                (token, position_json(position), saved_name, time.time()),
            )
            db.execute("DELETE FROM drafts WHERE saved_at < ?", (cutoff,))

    def load_draft(self, token: str) -> tuple[AnyPosition, str | None] | None:
        """The draft of tab `token` and the saved name it came from, or None if there is none (or it no
        longer validates)."""
        with self._db() as db:
            row = db.execute("SELECT body, saved_name FROM drafts WHERE token = ?", (token,)).fetchone()
        if row is None:
            return None
        try:
            return parse_upload(str(row[0]).encode("utf-8"), "draft"), row[1]
        except InputError:
            return None
