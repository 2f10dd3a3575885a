"""Helpers shared by the command modules: the --json flag, printing JSON and reading company ids. Input files
are read by `solver.jsonfile`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import Any

from solver.errors import InputError, Problem


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def print_json(payload: Any) -> None:
    print(json.dumps(payload, indent=2, ensure_ascii=False))


def name_value_pairs(items: Iterable[str], what: str) -> list[tuple[str, int]]:
    """`NAME=NUMBER` arguments as (name, number) pairs; InputError naming each one written otherwise."""
    pairs: list[tuple[str, int]] = []
    problems: list[Problem] = []
    for item in items:
        name, sep, value = item.rpartition("=")
        if not sep or not name or not value.lstrip("-").isdigit():
            problems.append(Problem(f"{what} {item!r}", "format", "write NAME=NUMBER"))
            continue
        pairs.append((name, int(value)))
    if problems:
        raise InputError(problems)
    return pairs


def canonical_company(text: str, known: Iterable[str], context: str) -> str:
    """The company id among `known` that the user's `text` names, case ignored (``ecr`` -> ``ECR``, 2.1);
    InputError listing `known` when none matches or several do. `context` completes "is not ...": "in this
    position", "a company of 1862"."""
    known = list(known)
    if text in known:
        return text
    matches = [c for c in known if c.casefold() == text.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    listed = ", ".join(known) or "none"
    if matches:
        message = f"matches {', '.join(matches)} when case is ignored; write one exactly (companies: {listed})"
    else:
        message = f"is not {context}; companies: {listed}"
    raise InputError([Problem(f"company {text}", "2.1", message)])
