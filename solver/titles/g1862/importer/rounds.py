"""Which round each recorded action belongs to, and the order companies operated in each operating round.

An export does not mark rounds; we read them from who acts. Company actions happen only in operating
rounds (7.1); bids, pars, share purchases and sales and player passes only in the Parliament and Stock
Rounds (4, 5, 6). Each company operates once per operating round, in share-price order (7.1), so a
company acting again after another has acted starts the next operating round. The first set of
operating rounds is numbered 1; each later set (after the next Parliament and Stock Rounds) one more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.titles.g1862.importer.actions import Step

PLAYER_ROUND_TYPES = frozenset({"bid", "par", "buy_shares", "sell_shares", "pass"})


def is_company_step(step: Step) -> bool:
    """True for an action taken by (or automatically for) a company rather than a player."""
    action = step.action
    if action.get("entity_type") is not None:
        return action.get("entity_type") == "corporation"
    return isinstance(action.get("entity"), str) and not str(action.get("entity")).isdigit()


@dataclass
class OperatingRound:
    """One operating round: its set (turn) and number, and the steps of each company in operating order."""

    turn: int
    number: int
    first_step: int
    last_step: int = -1
    order: list[str] = field(default_factory=list)
    first_step_of: dict[str, int] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"OR {self.turn}.{self.number}"


@dataclass(frozen=True)
class RoundMap:
    """For every step, the operating round it belongs to (None in a Parliament or Stock Round)."""

    round_of_step: tuple[int | None, ...]
    rounds: tuple[OperatingRound, ...]

    def label(self, step_index: int) -> str:
        index = self.round_of_step[step_index]
        return self.rounds[index].label if index is not None else "SR"


def map_rounds(steps: Sequence[Step]) -> RoundMap:
    """Split the effective steps into operating rounds (7.1), recording each round's operating order."""
    rounds: list[OperatingRound] = []
    round_of: list[int | None] = []
    turn = 1
    current: OperatingRound | None = None
    last_company: str | None = None
    for i, step in enumerate(steps):
        action = step.action
        if is_company_step(step):
            company = str(action.get("entity"))
            if current is None:
                current = OperatingRound(turn, 1, i)
                rounds.append(current)
                last_company = None
            elif company != last_company and company in current.first_step_of:
                current.last_step = i - 1
                current = OperatingRound(turn, current.number + 1, i)
                rounds.append(current)
            if company not in current.first_step_of:
                current.first_step_of[company] = i
                current.order.append(company)
            last_company = company
            current.last_step = i
            round_of.append(len(rounds) - 1)
        elif action.get("type") in PLAYER_ROUND_TYPES and action.get("entity_type", "player") == "player":
            if current is not None:
                current = None
                turn += 1
            round_of.append(None)
        else:
            round_of.append(len(rounds) - 1 if current is not None else None)
    return RoundMap(tuple(round_of), tuple(rounds))


def turn_slot(rounds: RoundMap, company: str, after: int, n_steps: int) -> int | None:
    """The step index at which `company`'s next operating turn after step `after` would begin when it acts
    without recorded actions (a company in receivership, 7.1): in the first operating round whose slot for
    it lies after `after`, just before the first company that followed it in the last round it was seen in.
    None when no later operating round exists."""
    seen_in = None
    for r in rounds.rounds:
        if company in r.first_step_of and r.first_step_of[company] <= after:
            seen_in = r
    if seen_in is None:
        return None
    position = seen_in.order.index(company)
    successors = set(seen_in.order[position + 1 :])
    for r in rounds.rounds:
        if r.last_step < after and r.first_step < after:
            continue
        starts = [s for c, s in r.first_step_of.items() if c in successors]
        slot = min(starts) if starts else min(r.last_step + 1, n_steps)
        if slot > after:
            return slot
    return None
