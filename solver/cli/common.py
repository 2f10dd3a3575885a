"""Helpers shared by the command modules: reading input files and printing JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from solver.errors import InputError, Problem


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def read_json_file(path: str | Path, what: str) -> Any:
    """Parse a user's JSON file; InputError naming the file (and line) if it cannot be read or parsed."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Problem(str(p), "file", f"{what} file not found")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(str(p), "file", f"cannot read {what} file: {exc}")]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{p} line {exc.lineno} column {exc.colno}"
        raise InputError([Problem(where, "format", f"not valid JSON: {exc.msg}")]) from None


def print_json(payload: Any) -> None:
    print(json.dumps(payload, indent=2, ensure_ascii=False))
