"""The seeded set-up of an 18xx.games 1862 game: removed companies, permits and availability (2.1, 4.1).

The rulebook deals director certificates and permits at random (4.1: the last four of the shuffled deck are
out of the game; permits are dealt one per company). The site draws them from its own generator seeded
with the game's seed, so an export does not record them; we redraw them the same way. Facts (from the
site's g_1862 set-up): the generator is x' = (a*x + c) mod m starting from seed mod m; companies are shuffled
by sorting on one draw each, in the site's company order; the first 4 (3 with 7 players, 2 with 8) are
removed; the permit deck (6 x freight, express, local; 2 fewer below 7 players) is shuffled the same way
and dealt in company order; of the shuffled companies the last 4 become available in phase C, the 4 before
them in phase B, the rest from the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from solver.titles.g1862.importer.engine_data import EngineData
from solver.titles.g1862.trains import TrainType

T = TypeVar("T")


@dataclass(frozen=True)
class Setup:
    """Companies removed from the game, each remaining company's permit, and the phase it becomes available."""

    removed: tuple[str, ...]
    permits: dict[str, TrainType]
    available_from: dict[str, str]


class SiteRandom:
    """The site's linear congruential generator."""

    def __init__(self, seed: int, a: int, c: int, m: int) -> None:
        self.state = seed % m
        self.a, self.c, self.m = a, c, m

    def next(self) -> int:
        self.state = (self.a * self.state + self.c) % self.m
        return self.state


def _shuffle(items: list[T], rng: SiteRandom) -> list[T]:
    keys = [(rng.next(), i) for i in range(len(items))]
    return [items[i] for _, i in sorted(keys)]


def seeded_setup(seed: int, players: int, engine: EngineData) -> Setup:
    """Redraw the set-up of a game with this seed and number of players (2.1, 4.1)."""
    facts = engine.setup
    rng = SiteRandom(seed, facts.random.a, facts.random.c, facts.random.m)
    order = _shuffle(list(engine.corporation_order), rng)
    n_removed = facts.removed_companies_by_players[str(players)]
    removed, offered = order[:n_removed], order[n_removed:]
    in_game = [c for c in engine.corporation_order if c not in removed]
    deck = [TrainType(kind) for _ in range(facts.permit_deck_copies) for kind in facts.permit_deck_order]
    if players < 7:
        deck = deck[: len(deck) - facts.permits_dropped_below_7_players]
    deck = _shuffle(deck, rng)
    permits = {company: deck[i] for i, company in enumerate(in_game)}
    available = {c: "A" for c in offered}
    for phase, count in facts.availability_phases:
        if count is not None:
            for c in list(reversed(offered))[:count]:
                available[c] = phase
    return Setup(tuple(removed), permits, available)
