"""Fixtures for the route tests: rulebook example positions, positions built from a few tiles, and runs.

The `kit` fixture bundles the helpers so that test modules need no imports from this file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.titles.g1862.position import Position, position_from_dict
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import Evaluation, RouteSpec
from solver.titles.g1862.routes.routes_file import load_routes
from solver.titles.g1862.validation import validate_position

RULEBOOK = Path(__file__).resolve().parents[2] / "examples" / "rulebook"


class RouteKit:
    """Build valid positions and evaluate runs written compactly, e.g. ``("3F", "F1 F3 F5")``."""

    rulebook = RULEBOOK

    @staticmethod
    def position(data: dict[str, Any], *, check_supply: bool = True) -> Position:
        """A position from a dict in the file format; asserts it breaks no rule (7.6.1 tiles, 7.7 markers, 9.0
        train supply unless `check_supply` is off)."""
        base: dict[str, Any] = {"game": "1862", "phase": "D", "tiles": [], "stations": {}, "london": []}
        base.update(data)
        position, problems = position_from_dict(base)
        assert position is not None and not problems, problems
        problems = validate_position(position, check_supply=check_supply)
        assert not problems, problems
        return position

    def rulebook_data(self, name: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((RULEBOOK / f"{name}.json").read_text(encoding="utf-8"))
        return data

    def rulebook_position(self, name: str, **changes: Any) -> Position:
        """An example position under examples/rulebook/, optionally changed (top-level keys replaced). The
        'late trains' ENR table board keeps the table's phase B prices with trains of later bands, so its
        train supply is not checked (every other rule is)."""
        data = self.rulebook_data(name)
        data.update(changes)
        return self.position(data, check_supply="late-trains" not in name)

    def rulebook_run(self, route_file: str) -> Evaluation:
        """Evaluate an example route file ``<position>.<case>.routes.json`` on its position."""
        position = self.rulebook_position(route_file.split(".")[0])
        company, routes = load_routes(RULEBOOK / route_file)
        assert company is not None
        return evaluate(position, company, routes)

    @staticmethod
    def specs(*routes: tuple[str, str]) -> list[RouteSpec]:
        return [RouteSpec(train, tuple(hexes.split())) for train, hexes in routes]

    def run(self, position: Position, company: str, *routes: tuple[str, str]) -> Evaluation:
        return evaluate(position, company, self.specs(*routes))

    @staticmethod
    def has(evaluation: Evaluation, rule: str, *words: str) -> bool:
        """True if some problem cites `rule` and mentions every word (in its place or its message)."""
        return any(
            p.rule == rule and all(w.lower() in f"{p.where} {p.message}".lower() for w in words)
            for p in evaluation.problems
        )

    @staticmethod
    def statuses(evaluation: Evaluation, index: int) -> dict[str, str]:
        """Stop status by node for the index-th route."""
        return {s.node: s.status for s in evaluation.trains[index].stops}


@pytest.fixture(scope="session")
def kit() -> RouteKit:
    return RouteKit()
