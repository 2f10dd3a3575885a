"""What each phase of 18BF allows (§8, data/18bf/trains.json → `phases`): train limits, certificate limits and
the Merger Round's steps (minor mergers from phase 3, public starts from 4, Systems from 6, double jumps in 8)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from solver.core.board_data import DATA_ROOT
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook


@cache
def _phases() -> Mapping[str, Mapping[str, Any]]:
    data = json.loads((DATA_ROOT / "18bf" / "trains.json").read_text(encoding="utf-8"))
    return {p["id"]: p for p in data["phases"]}


def phase_row(phase: str) -> Mapping[str, Any]:
    row = _phases().get(phase)
    if row is None:
        raise InputError(
            [Problem("phase", rulebook.PHASES, f"{phase!r} is not a phase of 18BF ({', '.join(_phases())})")]
        )
    return row


def allows(phase: str, what: str) -> bool:
    return what in phase_row(phase)["allows"]


def first_phase(what: str) -> str:
    return next(p for p, row in _phases().items() if what in row["allows"])


def require(phase: str, what: str, rule: str, doing: str) -> None:
    """InputError naming the phase when it does not allow `what` (e.g. `system_formation`)."""
    if not allows(phase, what):
        raise InputError(
            [
                Problem(
                    "phase",
                    rule,
                    f"{doing} is allowed from phase {first_phase(what)} (the position is in phase {phase})",
                )
            ]
        )


def train_limit(phase: str, kind: str) -> int:
    return int(phase_row(phase)["train_limit"].get(kind, 0))
