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
from solver.titles.g18bf.scoring import LARGE, SMALL, bonus_bits, bonuses_total, countings, stop_value
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
        self._counted: dict[tuple[str, frozenset[NodeRef], frozenset[NodeRef]], tuple[Option, ...]] = {}

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
        """The route's value for `train` (`scoring.countings`, the best counting), with what an Irish Sea ferry
        assigned to its area of Ireland adds as the grant of that area. A route whose stops all count (no more
        than the train counts) is valued from the walk's sums, as `scoring.value_route` values it; one where the
        train chooses is valued by `countings`, once per train, set of stops and ends."""
        side = train_sides()[train]
        if not state.marker or len(state.stops) < 2:
            return ()
        if side.kind == "express":
            ends: frozenset[NodeRef] = frozenset()
        else:
            ends = frozenset(r for r in (state.nodes[0], state.nodes[-1]) if r in self.stop)
            fixed = state.large + sum(1 for r in ends if self.kind[r] not in LARGE)
            if fixed > side.stops:
                return ()
        if len(state.stops) <= side.stops:
            revenue = side.multiplier * (sum(state.values) + bonuses_total(state.bits, self.rules.bonuses))
            if state.irish is None or not self.ferry:
                return (Option(revenue),)
            return (Option(revenue + self.ferry * side.multiplier, grant=(state.irish, self.ferry * side.multiplier)),)
        key = (train, frozenset(state.stops), ends)
        known = self._counted.get(key)
        if known is None:
            known = self._counted[key] = self._chosen(state, train)
        return known

    def _chosen(self, state: Partial, train: str) -> tuple[Option, ...]:
        """The option of a route where the train chooses which stops count (`scoring.countings`)."""
        side = train_sides()[train]
        options = countings(self.graph, f"train ({train})", state.nodes, side, self.rules.bonuses)
        if options[0].problems:
            return ()
        base = max(v.revenue for v in options)
        with_ferry = max(v.revenue + (self.ferry * v.multiplier if v.irish else 0) for v in options)
        if state.irish is None or with_ferry == base:
            return (Option(base),)
        return (Option(with_ferry, grant=(state.irish, with_ferry - base)),)

    def ceiling(self, state: Partial, train: str) -> tuple[int, int] | None:
        """At most what a route growing from `state` earns for `train`: its N best stops among those it has and N
        more of the board's best, every route bonus, and a ferry (an upper bound, for listing by bound)."""
        side = train_sides()[train]
        if side.kind != "express" and state.large > side.stops:
            return None
        more = () if len(state.nodes) > 1 and state.nodes[-1] in self.blocked else (self.top_stop,) * side.stops
        best = sorted((*state.values, *more), reverse=True)[: side.stops]
        return side.multiplier * (sum(best) + self.top_bonuses + self.ferry), 0
