"""The step log of a money preview, knowing no title: each line says what happens and the rule that makes it
happen, so a player can check every figure against the rulebook; and a preview's outcome as JSON."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Step:
    """One line of a preview's log: what happens, and the rule (a title's rulebook citation)."""

    text: str
    rule: str

    def to_dict(self) -> dict[str, str]:
        return {"text": self.text, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def _plain(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (tuple, list)):
        return [v.to_dict() if hasattr(v, "to_dict") else v for v in value]
    return value


def outcome_dict(outcome: Any, omit: Collection[str] = ()) -> dict[str, Any]:
    """A preview's outcome (a dataclass) as JSON, field by field in their order: a mapping as a dict, a tuple as a
    list, a value with `to_dict` (a Step, a market move, an offer) as its dict; the fields in `omit` left out."""
    return {f.name: _plain(getattr(outcome, f.name)) for f in fields(outcome) if f.name not in omit}
