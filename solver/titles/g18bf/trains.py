"""18BF's trains as the route rules see them, read from data/18bf/trains.json (Table 4 in §10.10, §8, §10.6).

A card has one or two sides; a position names the side the company runs (`5` or `3G`: the buyer chooses once,
§10.10). Kinds: `normal` (an N-train counting at most N cities and red areas), `double` (2+2, 3+3, 4+4: the N-train
with its route and every bonus doubled), `express` (5+5E: any five stops, doubled; Systems only, one each) and
`goods` (a G-train: no route, §10.6).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from solver.core.board_data import DATA_ROOT
from solver.core.board_position import BoardPosition
from solver.errors import Problem
from solver.titles.g18bf import rulebook

PHASES = ("2", "3", "4", "5", "6", "7", "8")


@dataclass(frozen=True)
class TrainSide:
    """One side of a train card: its name, kind, number, the phase from which it can exist, the phase in which it
    is obsolete (None: never), the company kinds that may own it (empty: any), the most one company may own; its
    card, whether the card's first train starts its phase (the 5+5E and 2+2 start none), its cost and a System's
    trade-in value (None: the table's "-"), Table 4."""

    name: str
    kind: str
    stops: int
    from_phase: str
    obsolete_in: str | None
    owners: tuple[str, ...]
    most_per_company: int | None
    card: str = ""
    starts_phase: bool = False
    cost: int = 0
    trade_in: int | None = None

    @property
    def multiplier(self) -> int:
        """2 for the plus trains (2+2, 3+3, 4+4, 5+5E), which double the route and every bonus (§10.6)."""
        return 2 if self.kind in ("double", "express") else 1

    @property
    def goods(self) -> bool:
        return self.kind == "goods"


def runs_no_route(name: str) -> bool:
    """Whether the train `name` runs no route: a G-train counts its company's marker cities (§10.6); the Routes
    page draws them as marked cities, not joined (the registry's `unrouted`)."""
    side = train_sides().get(name)
    return side is not None and side.goods


def phase_index(phase: str) -> int:
    return PHASES.index(phase)


@cache
def train_sides() -> Mapping[str, TrainSide]:
    """Every side of every card by its name (`2`, `5`, `3G`, `4+4`, `5+5E`, ...)."""
    data = json.loads((DATA_ROOT / "18bf" / "trains.json").read_text(encoding="utf-8"))
    cards = data["trains"]
    starts = {c["id"]: c.get("starts_phase") or c.get("available_from_phase") or PHASES[0] for c in cards}
    obsolete = {old: starts[c["id"]] for c in cards for old in c.get("obsoletes", ())}
    return MappingProxyType(
        {
            side["id"]: TrainSide(
                side["id"],
                side["kind"],
                side["stops"],
                starts[card["id"]],
                obsolete.get(card["id"]),
                tuple(card.get("owners", ())),
                card.get("most_per_company"),
                card["id"],
                "starts_phase" in card or card["id"] == cards[0]["id"],
                side["cost"],
                side["trade_in"],
            )
            for card in cards
            for side in card["sides"]
        }
    )


def train_problems(position: BoardPosition, company: str) -> list[Problem]:
    """The company's trains against Table 4 and §8: a side of a card, not obsolete in the phase, not before it can be
    bought, 5+5E for Systems only and one each (§10.10). The evaluator's check of the company that runs, and the
    board editor's of every company (docs/board-18bf.md)."""
    kind = position.board.companies[company].kind
    trains = position.companies[company].trains
    sides = train_sides()
    problems: list[Problem] = []
    phase = phase_index(position.phase)
    for name in trains:
        side = sides.get(name)
        where = f"company {company} train {name}"
        if side is None:
            problems.append(Problem(where, rulebook.TRAINS, f"{name!r} is not an 18BF train ({', '.join(sides)})"))
            continue
        if phase < phase_index(side.from_phase):
            problems.append(Problem(where, rulebook.TRAINS, f"no {name} exists before phase {side.from_phase}"))
        if side.obsolete_in is not None and phase >= phase_index(side.obsolete_in):
            problems.append(
                Problem(where, rulebook.TRAINS, f"{name}-trains are obsolete from phase {side.obsolete_in}")
            )
        if side.owners and kind not in side.owners:
            problems.append(Problem(where, rulebook.TRAINS, f"only a {' or '.join(side.owners)} may own a {name}"))
    for name, n in Counter(trains).items():
        most = sides[name].most_per_company if name in sides else None
        if most is not None and n > most:
            problems.append(Problem(f"company {company}", rulebook.TRAINS, f"{n} {name} trains; at most {most} each"))
    return problems
