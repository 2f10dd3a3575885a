"""Helpers shared by the command modules: the --json flag and printing JSON. Input files are read by
`solver.jsonfile`."""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def print_json(payload: Any) -> None:
    print(json.dumps(payload, indent=2, ensure_ascii=False))
