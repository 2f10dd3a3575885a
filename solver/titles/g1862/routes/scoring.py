"""Scoring of a legal run (7.8, 7.8.1-7.8.3): what each train may score, the once-only rule and the N/M drop.

Every scorer (a Local or Express train, or a Freight run: one train or a chain) has the scoring units it may
score. A unit is a station, or a whole off-board area (7.8: "each station and off-board area is only scored
once", however many of the area's hexes the trains reach). A Freight run may score its two outer ends
(7.8.1); a Local scores N of its large stations and every small station (7.8.2); an Express scores N of its
large stations and off-board areas (7.8.3). Each unit is scored at most once across the company.

The director chooses which stop an N/M train drops and which train is credited with a stop several trains
visit (7.8.2, 7.8.3), so `best_credit` picks the choice that earns the company most. It is exact: the best
total is the value of the union of what each train scores, and each N/M train may drop at most M-N stops, so
the choices are few.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from solver.titles.g1862 import hexgrid

#: Freight bonus per intervening hex, and per hex when either end is a port (7.8.1).
FREIGHT_BONUS = 20
FREIGHT_PORT_BONUS = 30
#: Local subsidy per distinct hex visited by the company's Local trains (7.8.2).
LOCAL_SUBSIDY = 10


@dataclass(frozen=True)
class Scorer:
    """What one train, or one Freight run, may score: `limited` units (at most `limit` of them are scored)
    and `unlimited` units (all scored), each listed once in visiting order."""

    limited: tuple[str, ...]
    unlimited: tuple[str, ...]
    limit: int

    def options(self, values: Mapping[str, int]) -> list[frozenset[str]]:
        """The sets of units this scorer may score, best first (dropping the cheapest stop, then the last).

        Scoring fewer than `limit` never helps the company, so every option scores min(limit, visited)."""
        if len(self.limited) <= self.limit:
            return [frozenset(self.limited) | frozenset(self.unlimited)]
        combos = list(itertools.combinations(self.limited, self.limit))
        combos.sort(key=lambda c: -sum(values[u] for u in c))
        return [frozenset(c) | frozenset(self.unlimited) for c in combos]


def best_credit(scorers: Sequence[Scorer], values: Mapping[str, int]) -> tuple[int, list[frozenset[str]]]:
    """The most a company earns from its stops under the once-only rule (7.8) and the N/M drops (7.8.2-7.8.3).

    Returns the total value of the scored units and, for each scorer, the set of units it is allowed to score
    in the best choice (a unit in several sets is scored once: the evaluator credits it to one train).
    """
    options = [s.options(values) for s in scorers]
    fixed: set[str] = set()
    free: list[int] = []
    for i, opts in enumerate(options):
        if len(opts) == 1:
            fixed |= opts[0]
        else:
            free.append(i)
    base = sum(values[u] for u in fixed)
    chosen = [opts[0] for opts in options]
    if not free:
        return base, chosen
    best_total = -1
    best_pick: tuple[frozenset[str], ...] = ()
    for pick in itertools.product(*(options[i] for i in free)):
        union = set(fixed).union(*pick)
        total = sum(values[u] for u in union)
        if total > best_total:
            best_total, best_pick = total, pick
    for i, opt in zip(free, best_pick, strict=True):
        chosen[i] = opt
    return best_total, chosen


def freight_intervening(start_hex: str, end_hex: str, offboard_ends: int) -> int:
    """Intervening hexes, as the crow flies, between a Freight run's two ends (7.8.1), barriers ignored.

    Each off-board end is measured from the land hex the run enters it from and counts one hex beyond it
    (RULES-NOTES): steps between the two hexes, plus one per off-board end, minus one. Norwich to Wells port is
    2; Felixstowe to its own port 0; Midlands entered from Wisbech to Wells port 4.
    """
    return max(0, hexgrid.distance(start_hex, end_hex) + offboard_ends - 1)


def freight_bonus(start_hex: str, end_hex: str, offboard_ends: int, port_end: bool) -> tuple[int, int]:
    """(intervening hexes, bonus): 20 per intervening hex, 30 when either end is a port (7.8.1)."""
    hexes = freight_intervening(start_hex, end_hex, offboard_ends)
    return hexes, hexes * (FREIGHT_PORT_BONUS if port_end else FREIGHT_BONUS)
