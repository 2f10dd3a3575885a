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


class _Node(NamedTuple):
    """What the walk asks of a node, read once per walk so that a step looks the node up once: whether no route
    may reach it (a port; a part of London without the company's marker), its hex and the hex's bit (one per hex
    with a node), whether it is in Ireland, whether it is a large stop, its bit as a stop (0: not a stop), its
    value and bonus bits as a stop, whether it holds the company's marker, and whether a route runs on from it (not
    from a red area, a part of London or a full city)."""

    refused: bool
    hex: str
    hex_bit: int
    irish: bool
    large: bool
    stop_bit: int
    value: int
    bits: int
    own: bool
    blocked: bool


class _Side(NamedTuple):
    """What valuing a route asks of a train: whether it is the 5+5E (any five stops), how many stops it counts, and
    its multiplier (2 for a plus train, §10.6)."""

    express: bool
    stops: int
    multiplier: int


class Partial(NamedTuple):
    """A route grown so far: its first and last nodes and how many nodes it has, its hexes (a bit set), its stops
    in order (cities, small cities, red areas) with the sum of their values and what they bring to the route
    bonuses (`scoring.bonus_bits`), how many large stops it has, whether it includes a city with one of the
    company's markers, and the area of Ireland it reaches (None: none); its stops and its large stops as bit sets
    (one bit per stop of the board, in sorted order)."""

    first: _Node
    last: _Node
    length: int
    hexes: int
    stops: tuple[_Node, ...]
    total: int
    bits: int
    large: int
    marker: bool
    irish: str | None
    stop_mask: int
    large_mask: int


class Walk18BF:
    """The walk of one company's routes for its route trains `trains` (names)."""

    def __init__(self, rules: Rules18BF, graph: TrackGraph, trains: Sequence[str]) -> None:
        self.rules = rules
        self.graph = graph
        bonuses = rules.bonuses
        self.kind: dict[NodeRef, str] = {}
        self.stop: dict[NodeRef, int] = {}
        self.bits: dict[NodeRef, int] = {}
        blocked: set[NodeRef] = set(graph.end_only)
        own: set[NodeRef] = set()
        # Each node's facts by hex, then by index: a step looks them up without hashing a NodeRef. Stops are
        # numbered in the nodes' sorted order.
        self._node: dict[str, list[_Node]] = {h: [] for h in graph.faces}
        hex_bit = {h: 1 << i for i, h in enumerate(sorted({ref.hex for ref in graph.order}))}
        for ref in graph.order:
            kind = self.kind[ref] = graph.nodes[ref].kind
            stop_bit = 0
            if kind in LARGE or kind == SMALL:
                stop_bit = 1 << len(self.stop)
                self.stop[ref] = stop_value(graph, ref, bonuses)
                self.bits[ref] = bonus_bits(graph, ref, bonuses)
            if rules.tokened_out(graph, ref):
                blocked.add(ref)
            mine = kind in MARKER_KINDS and rules.own(ref)
            if mine:
                own.add(ref)
            self._node[ref.hex].append(
                _Node(
                    kind == "port" or (kind == "london" and not mine),
                    ref.hex,
                    hex_bit[ref.hex],
                    ref.hex in bonuses.ireland,
                    kind in LARGE,
                    stop_bit,
                    self.stop.get(ref, 0),
                    self.bits.get(ref, 0),
                    mine,
                    ref in blocked,
                )
            )
        self.blocked = frozenset(blocked)
        self.own = frozenset(own)
        sides = [train_sides()[t] for t in trains]
        self.most_large = None if any(s.kind == "express" for s in sides) else max((s.stops for s in sides), default=0)
        self.top_stop = max(self.stop.values(), default=0)
        self.top_bonuses = bonuses.england_scotland + bonuses.england_wales + bonuses.london_red
        self.ferry = bonuses.irish_amount if bonuses.irish_ferries else 0
        self._bonuses: dict[int, int] = {}
        self._counted: dict[tuple[int, int, int, int], int] = {}
        self._finished: dict[tuple[str, int, int], tuple[Option, ...]] = {}
        self._options: dict[tuple[int, tuple[str, int] | None], tuple[Option, ...]] = {}
        self._sides = {t: _Side(s.kind == "express", s.stops, s.multiplier) for t, s in train_sides().items()}

    def start(self, ref: NodeRef) -> Partial | None:
        node = self._node[ref.hex][ref.index]
        return self._add(Partial(node, node, 0, 0, (), 0, 0, 0, False, None, 0, 0), node)

    def step(self, state: Partial, link: Link) -> Partial | None:
        if state.length > 1 and state.last.blocked:
            return None
        return self._add(state, self._node[link.b.hex][link.b.index])

    def _add(self, state: Partial, node: _Node) -> Partial | None:
        if node.refused or node.hex_bit & state.hexes:
            return None
        irish = state.irish
        if node.irish:
            if irish is not None:
                return None
            irish = node.hex
        large, large_mask = state.large, state.large_mask
        if node.large:
            large += 1
            if self.most_large is not None and large > self.most_large:
                return None
            large_mask |= node.stop_bit
        stops, total, bits, stop_mask = state.stops, state.total, state.bits, state.stop_mask
        if node.stop_bit:
            stops, total = (*stops, node), total + node.value
            bits, stop_mask = bits | node.bits, stop_mask | node.stop_bit
        marker = state.marker or node.own
        hexes = state.hexes | node.hex_bit
        return Partial(
            state.first, node, state.length + 1, hexes, stops, total, bits, large, marker, irish, stop_mask, large_mask
        )

    def finish(self, state: Partial, train: str) -> Sequence[Option]:
        """The route's value for `train`, as `scoring.countings` gives it (the best counting of its stops, §10.6),
        with what an Irish Sea ferry assigned to its area of Ireland adds as the grant of that area: an N-train
        counts its large stops and ends and the best of its other small cities, a 5+5E its best five stops,
        weighed with the route bonuses they bring (`_best`). A route with a marker city is valued by its stops
        and ends alone (its large stops, Irish area, values and bonus bits are its stops'), so each such set is
        valued once per walk and train: routes through the same stops by other track are many on a dense board."""
        if not state.marker or len(state.stops) < 2:
            return ()
        ends = state.first.stop_bit | state.last.stop_bit
        side = self._sides[train]
        if not side.express and state.large + (ends & ~state.large_mask).bit_count() > side.stops:
            return ()  # more large stops and ends than the train counts
        key = (train, state.stop_mask, ends)
        known = self._finished.get(key)
        if known is None:
            known = self._finished[key] = self._value(state, side, ends)
        return known

    def _value(self, state: Partial, side: _Side, ends: int) -> tuple[Option, ...]:
        express, most, multiplier = side
        ferry = self.ferry if state.irish is not None else 0
        if len(state.stops) <= most:
            # Every stop counts: no choice to weigh.
            revenue = multiplier * (state.total + self._bonus(state.bits))
            return self._option(revenue, multiplier * ferry, state.irish)
        fixed = 0 if express else state.large_mask | ends
        revenue = multiplier * self._best(state, fixed, most, 0)
        if not ferry:
            return self._option(revenue, 0, None)
        return self._option(revenue, multiplier * self._best(state, fixed, most, ferry) - revenue, state.irish)

    def _option(self, revenue: int, grant: int, area: str | None) -> tuple[Option, ...]:
        """The route's one option: `revenue`, and with `grant` (> 0) what a ferry assigned to `area` adds (then
        within the option's revenue). Options are kept by worth and shared (many routes are worth the same)."""
        key = (revenue, None) if area is None or not grant else (revenue, (area, grant))
        known = self._options.get(key)
        if known is None:
            worth, label = key
            known = self._options[key] = (Option(worth + grant, grant=label) if label else Option(worth),)
        return known

    def _best(self, state: Partial, fixed: int, most: int, ferry: int) -> int:
        """The most the route's counted stops and bonuses are worth (before doubling): every stop of `fixed` (a bit
        set of stops) and the best of the others up to `most` stops in all, an Irish area weighed with `ferry` more,
        by the evaluator's own counting search (`scoring.best_stops`), given the stops heaviest first (only the
        value is needed here; the evaluator says which stops count). The value depends only on the set of stops, so
        each set is counted once per walk (routes through the same stops by other track are many on a dense
        board)."""
        key = (state.stop_mask, fixed, most, ferry)
        known = self._counted.get(key)
        if known is None:
            known = self._counted[key] = self._count(state, fixed, most, ferry)
        return known

    def _count(self, state: Partial, fixed: int, most: int, ferry: int) -> int:
        total, mask = 0, 0
        optional: list[tuple[int, int]] = []
        for stop in state.stops:
            worth = stop.value + (ferry if stop.irish else 0)
            if stop.stop_bit & fixed:
                total, mask = total + worth, mask | stop.bits
            else:
                optional.append((worth, stop.bits))
        optional.sort(reverse=True)  # heaviest first (the order of equals does not change the value)
        weights, bits = [w for w, _ in optional], [b for _, b in optional]
        best, _ = best_stops(weights, bits, most - fixed.bit_count(), mask, self._bonus, heaviest_first=True)
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
        if state.length == 1 or not state.last.blocked:
            stops = side.stops * self.top_stop
        else:
            stops = sum(sorted((stop.value for stop in state.stops), reverse=True)[: side.stops])
        return side.multiplier * (stops + self.top_bonuses + self.ferry), 0
