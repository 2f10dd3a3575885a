"""18BF's rules for one route as the core's run search grows it (`solver.core.search.candidates.RouteWalk`): the
rules `route_rules.Rules18BF.check_route` applies, read one link at a time so that the walk stops as soon as no
route train of the company could run further that way, and the value `scoring` gives. The evaluator re-checks
every answer.

- a route begins anywhere but at a port and never reaches one (appendix §10.6);
- it runs on from no red area (§10.1), part of London (§5) or city filled with other companies' markers (§10.1):
  the first two are the track graph's `end_only`, the third is checked here;
- it reaches no hex twice: one space of a multi-space city (§10.1), no London-London (§10.6); at most one area of
  Ireland (§10.6); a part of London only where the company has a marker in it (§10.6);
- it counts at most N large cities and red areas for an N-train (none for the 5+5E, which counts any five), and it
  includes a city with one of the company's markers (§10.1);
- its value is `scoring.countings`' best. An Irish Sea ferry is assigned to one area for the whole run (§10.6):
  what a ferry adds to a route counting an area of Ireland is the option's `grant`, labelled by the area, and the
  run grants as many areas as the company has Irish ferries (`RunRules.grants`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from solver.core.search.candidates import Option
from solver.core.track_graph import Link, NodeRef, TrackGraph
from solver.titles.g18bf.route_rules import MARKER_KINDS, Rules18BF
from solver.titles.g18bf.scoring import LARGE, SMALL, best_stops, bonus_bits, bonuses_total, stop_value
from solver.titles.g18bf.trains import train_sides


class Partial(NamedTuple):
    """A route grown so far: its nodes in order and their hexes, its stops (cities, small cities, red areas) with
    the sum of their values and what they bring to the route bonuses (`scoring.bonus_bits`), how many large stops
    it has, whether it includes a city with one of the company's markers, and the area of Ireland it reaches
    (None: none)."""

    nodes: tuple[NodeRef, ...]
    hexes: frozenset[str]
    stops: tuple[NodeRef, ...]
    values: tuple[int, ...]
    bits: int
    large: int
    marker: bool
    irish: str | None


class Walk18BF:
    """The walk of one company's routes for its route trains `trains` (names)."""

    def __init__(self, rules: Rules18BF, graph: TrackGraph, trains: Sequence[str]) -> None:
        self.rules = rules
        self.graph = graph
        bonuses = rules.bonuses
        self.kind = {ref: node.kind for ref, node in graph.nodes.items()}
        self.stop = {ref: stop_value(graph, ref, bonuses) for ref in graph.nodes if self._is_stop(ref)}
        self.bits = {ref: bonus_bits(graph, ref, bonuses) for ref in self.stop}
        self.blocked = frozenset(ref for ref in graph.nodes if rules.tokened_out(graph, ref)) | graph.end_only
        self.own = frozenset(ref for ref in graph.nodes if self.kind[ref] in MARKER_KINDS and rules.own(ref))
        sides = [train_sides()[t] for t in trains]
        self.most_large = None if any(s.kind == "express" for s in sides) else max((s.stops for s in sides), default=0)
        self.top_stop = max(self.stop.values(), default=0)
        self.top_bonuses = bonuses.england_scotland + bonuses.england_wales + bonuses.london_red
        self.ferry = bonuses.irish_amount if bonuses.irish_ferries else 0
        self._bonuses: dict[int, int] = {}
        self._counted: dict[tuple[frozenset[NodeRef], frozenset[NodeRef], int, int], int] = {}

    def _is_stop(self, ref: NodeRef) -> bool:
        return self.kind[ref] in LARGE or self.kind[ref] == SMALL

    def start(self, node: NodeRef) -> Partial | None:
        if self.kind[node] == "port":
            return None
        return self._add(Partial((), frozenset(), (), (), 0, 0, False, None), node)

    def step(self, state: Partial, link: Link) -> Partial | None:
        if len(state.nodes) > 1 and state.nodes[-1] in self.blocked:
            return None
        return self._add(state, link.b)

    def _add(self, state: Partial, ref: NodeRef) -> Partial | None:
        kind = self.kind[ref]
        if kind == "port" or ref.hex in state.hexes or (kind == "london" and ref not in self.own):
            return None
        irish = state.irish
        if ref.hex in self.rules.bonuses.ireland:
            if irish is not None:
                return None
            irish = ref.hex
        large = state.large + (kind in LARGE)
        if self.most_large is not None and large > self.most_large:
            return None
        stops, values, bits = state.stops, state.values, state.bits
        if ref in self.stop:
            stops, values, bits = (*stops, ref), (*values, self.stop[ref]), bits | self.bits[ref]
        marker = state.marker or ref in self.own
        return Partial((*state.nodes, ref), state.hexes | {ref.hex}, stops, values, bits, large, marker, irish)

    def finish(self, state: Partial, train: str) -> Sequence[Option]:
        """The route's value for `train`, as `scoring.countings` gives it (the best counting of its stops, §10.6),
        with what an Irish Sea ferry assigned to its area of Ireland adds as the grant of that area: an N-train
        counts its large stops and ends and the best of its other small cities, a 5+5E its best five stops,
        weighed with the route bonuses they bring (`_best`)."""
        side = train_sides()[train]
        if not state.marker or len(state.stops) < 2:
            return ()
        ends = (state.nodes[0], state.nodes[-1])
        if side.kind != "express":
            small_ends = sum(1 for r in ends if r in self.stop and self.kind[r] not in LARGE)
            if state.large + small_ends > side.stops:
                return ()
        if len(state.stops) <= side.stops:
            # Every stop counts: no choice to weigh.
            revenue = side.multiplier * (sum(state.values) + self._bonus(state.bits))
            ferry = self.ferry * side.multiplier
            if state.irish is None or not ferry:
                return (Option(revenue),)
            return (Option(revenue + ferry, grant=(state.irish, ferry)),)
        fixed: frozenset[NodeRef] = frozenset()
        if side.kind != "express":
            fixed = frozenset(r for r in state.stops if self.kind[r] in LARGE or r in ends)
        revenue = side.multiplier * self._best(state, fixed, side.stops, 0)
        if state.irish is None or not self.ferry:
            return (Option(revenue),)
        with_ferry = side.multiplier * self._best(state, fixed, side.stops, self.ferry)
        if with_ferry == revenue:
            return (Option(revenue),)
        return (Option(with_ferry, grant=(state.irish, with_ferry - revenue)),)

    def _best(self, state: Partial, fixed: frozenset[NodeRef], most: int, ferry: int) -> int:
        """The most the route's counted stops and bonuses are worth (before doubling): every stop of `fixed` and the
        best of the others up to `most` stops in all, an Irish area weighed with `ferry` more, by the evaluator's
        own counting search (`scoring.best_stops`), given the stops heaviest first (only the value is needed here;
        the evaluator says which stops count). The value depends only on the set of stops, so each set is counted
        once per walk (routes through the same stops by other track are many on a dense board)."""
        key = (frozenset(state.stops), fixed, most, ferry)
        known = self._counted.get(key)
        if known is None:
            known = self._counted[key] = self._count(state, fixed, most, ferry)
        return known

    def _count(self, state: Partial, fixed: frozenset[NodeRef], most: int, ferry: int) -> int:
        ireland = self.rules.bonuses.ireland
        total, mask = 0, 0
        optional: list[tuple[int, int]] = []
        for ref, value in zip(state.stops, state.values, strict=True):
            worth = value + (ferry if ref.hex in ireland else 0)
            if ref in fixed:
                total, mask = total + worth, mask | self.bits[ref]
            else:
                optional.append((worth, self.bits[ref]))
        optional.sort(key=lambda item: -item[0])
        weights, bits = [w for w, _ in optional], [b for _, b in optional]
        best, _ = best_stops(weights, bits, most - len(fixed), mask, self._bonus, heaviest_first=True)
        return total + best

    def _bonus(self, mask: int) -> int:
        known = self._bonuses.get(mask)
        if known is None:
            known = self._bonuses[mask] = bonuses_total(mask, self.rules.bonuses)
        return known

    def ceiling(self, state: Partial, train: str) -> tuple[int, int] | None:
        """At most what a route growing from `state` earns for `train`: N of the board's best stop while it may run
        on (no stop is worth more), else its own N best stops; every route bonus and a ferry (an upper bound, for
        listing by bound)."""
        side = train_sides()[train]
        if side.kind != "express" and state.large > side.stops:
            return None
        if len(state.nodes) == 1 or state.nodes[-1] not in self.blocked:
            stops = side.stops * self.top_stop
        else:
            stops = sum(sorted(state.values, reverse=True)[: side.stops])
        return side.multiplier * (stops + self.top_bonuses + self.ferry), 0
