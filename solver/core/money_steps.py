"""The step log of a money preview, knowing no title: each line says what happens and the rule that makes it
happen, so a player can check every figure against the rulebook."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One line of a preview's log: what happens, and the rule (a title's rulebook citation)."""

    text: str
    rule: str

    def to_dict(self) -> dict[str, str]:
        return {"text": self.text, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
