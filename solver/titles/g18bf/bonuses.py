"""18BF's bonuses for one company in one position (§10.6, §7.1; amounts in data/18bf/bonuses.json and
companies.json): the border bonuses, London and a red area, the Mine bonus of G-trains, and what the private
companies it owns add to a city or red area for each of its trains, with the Irish Sea ferries apart (each is
assigned to one area of Ireland per round, §10.6).

The company's private companies are its `rules.privates` in the position (`{"privates": ["P7", "F5"]}`); a
private that no longer exists in the phase, or one owned by two companies, makes the position faulty
(`InputError` naming the company and the private).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from solver.core.board_data import DATA_ROOT
from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.trains import phase_index

PRIVATE_KINDS = ("private", "ferry", "underground")
#: The company fields of a position's `rules`: its privates, and its loans (read by the money previews, §10.2).
COMPANY_RULES = frozenset({"privates", "loans"})


@cache
def phase_bonuses() -> Mapping[str, Mapping[str, int]]:
    """data/18bf/bonuses.json: each bonus by phase (the Mine bonus only from phase 5)."""
    data = json.loads((DATA_ROOT / "18bf" / "bonuses.json").read_text(encoding="utf-8"))
    return MappingProxyType({k: MappingProxyType(v) for k, v in data.items() if k != "about"})


@dataclass(frozen=True)
class Bonuses:
    """What one company's trains earn beyond the printed values in the position's phase.

    `node_bonus[hex]` lists (private, amount) for each private the company owns that adds to that hex (§7.1);
    `irish_ferries` are its Irish Sea ferries and `ireland` the areas they serve (§10.6)."""

    england_scotland: int
    england_wales: int
    london_red: int
    mine: int | None
    scotland: frozenset[str]
    wales: frozenset[str]
    node_bonus: Mapping[str, tuple[tuple[str, int], ...]]
    irish_ferries: tuple[str, ...]
    ireland: frozenset[str]
    irish_amount: int

    def region(self, hex_id: str) -> str:
        """`scotland`, `wales` or `england` (every hex in neither list, docs/data-18bf.md "Regions")."""
        if hex_id in self.scotland:
            return "scotland"
        return "wales" if hex_id in self.wales else "england"

    def added(self, hex_id: str) -> int:
        """What the company's privates add to a city or red area of `hex_id`, for each train (§7.1)."""
        return sum(amount for _, amount in self.node_bonus.get(hex_id, ()))


def company_field_problems(position: BoardPosition, company: str) -> list[Problem]:
    """The company's fields of the position (`rules`: privates and loans, nothing else) against §7.1 and §8: each
    private a private, ferry or underground, not closed nor before its phase, owned by one company."""
    board = position.board
    rules = position.companies[company].rules
    where = f"company {company}"
    problems = [
        Problem(
            f"{where} rules.{key}", "format", f"{key!r} is not a company field of an 18BF position (privates, loans)"
        )
        for key in sorted(set(rules) - COMPANY_RULES)
    ]
    owned = rules.get("privates", ())
    if not isinstance(owned, tuple) or not all(isinstance(p, str) for p in owned):
        return [*problems, Problem(f"{where} rules.privates", "format", "privates must be a list of company ids")]
    for private in owned:
        spec = board.companies.get(private)
        if spec is None or spec.kind not in PRIVATE_KINDS:
            problems.append(
                Problem(f"{where} rules.privates", "format", f"{private!r} is not a private, ferry or underground")
            )
            continue
        closes = spec.rules.get("closes_in_phase")
        if closes is not None and phase_index(position.phase) >= phase_index(closes):
            problems.append(
                Problem(
                    f"{where} {private}",
                    rulebook.PRIVATES_CLOSE,
                    f"{private} closed at the start of phase {closes}; in phase {position.phase} no company owns it",
                )
            )
        start = spec.rules.get("available_from_phase")
        if start is not None and phase_index(position.phase) < phase_index(start):
            problems.append(
                Problem(
                    f"{where} {private}",
                    rulebook.UNDERGROUNDS,
                    f"{private} is available from phase {start}, not in phase {position.phase}",
                )
            )
        others = [c for c, s in position.companies.items() if c != company and private in s.rules.get("privates", ())]
        if others:
            problems.append(
                Problem(f"{where} {private}", rulebook.PRIVATE_BONUS, f"{private} is also owned by {', '.join(others)}")
            )
    if len(set(owned)) < len(owned):
        problems.append(Problem(f"{where} rules.privates", "format", "a private is listed twice"))
    return problems


def company_bonuses(position: BoardPosition, company: str) -> Bonuses:
    """The bonuses of `company`'s trains in `position`; InputError when its privates are faulty."""
    problems = company_field_problems(position, company)
    if problems:
        raise InputError(problems)
    board = position.board
    phase = position.phase
    node_bonus: dict[str, list[tuple[str, int]]] = defaultdict(list)
    irish: list[str] = []
    ireland: frozenset[str] = frozenset()
    irish_amount = 0
    for private in position.companies[company].rules.get("privates", ()):
        bonus: Mapping[str, Any] | None = board.companies[private].rules.get("bonus")
        if bonus is None:
            continue
        if bonus.get("one_area_per_round"):
            irish.append(private)
            ireland = frozenset(bonus["hexes"])
            irish_amount = bonus["amount"]
            continue
        for hex_id in bonus["hexes"]:
            node_bonus[hex_id].append((private, bonus["amount"]))
    if not ireland:
        ireland = frozenset(
            h
            for c in board.companies.values()
            if (b := c.rules.get("bonus")) is not None and b.get("one_area_per_round")
            for h in b["hexes"]
        )
    table = phase_bonuses()
    return Bonuses(
        england_scotland=table["england_scotland"][phase],
        england_wales=table["england_wales"][phase],
        london_red=table["london_red"][phase],
        mine=table["mine"].get(phase),
        scotland=board.regions.get("scotland", frozenset()),
        wales=board.regions.get("wales", frozenset()),
        node_bonus=MappingProxyType({h: tuple(v) for h, v in node_bonus.items()}),
        irish_ferries=tuple(irish),
        ireland=ireland,
        irish_amount=irish_amount,
    )
