"""1860's rules for one route as the core's run search grows it (`solver.core.search.candidates.RouteWalk`): the
same rules the evaluator applies (`route_rules.Rules1860`, `scoring`), read one link at a time so that the walk
stops as soon as no train of the company could run further that way. The evaluator re-checks every answer.

- a route begins and ends at a large or small station (Ryde Pier counting as large), never at a halt (Running
  Trains, RB L523); it includes a large station with a base of the company (RB L524);
- it never re-enters a hex, unless the site's option allows it (RB L527); nodes and track once are the core's;
- it runs through at most one tokened-out station (RB L530), and a route that does carries the mark `pass`,
  which the run allows once (RB L530: one train of the run);
- at most N large stations; under the rulebook every small station is called, so the small stations fit in the
  room left (RB L528, L534); under the site's options the most valuable ones fitting it are counted (reference D1);
- each halt choice from none to the most the room allows is one option: revenue and subsidy as
  `scoring.score_counted` gives them (RB L532, L542; leased trains RB L628-L632, L727; RB L660, L673).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from solver.core.search.candidates import Option
from solver.core.track_graph import Link, NodeRef, TrackGraph
from solver.titles.g1860.route_rules import LARGE, ROUTE_END_KINDS, Rules1860
from solver.titles.g1860.scoring import (
    HALT_SUBSIDY,
    allowance,
    leasing_revenue,
    original_insolvency_revenue,
)
from solver.titles.g1860.trains import train_sizes

#: The mark of a route that runs through a tokened-out station (Running Trains, RB L530).
PASS = "pass"


class Partial(NamedTuple):
    """A route grown so far: its first and last node, how many large stations and their values' sum, the small
    stations' values, the halts passed, tokened-out stations run through, whether a base of the company is on it,
    and the hexes it has entered."""

    start: NodeRef
    last: NodeRef
    large: int
    large_value: int
    small: tuple[int, ...]
    halts: int
    passes: int
    base: bool
    hexes: frozenset[str]


class _Reach(NamedTuple):
    """What running along one link brings: the node reached, its kind, value and whether it holds a base of the
    company, whether the node left is tokened-out, and the hexes entered after the one left."""

    node: NodeRef
    kind: str
    value: int
    base: bool
    leaves_tokened_out: bool
    hexes: tuple[str, ...]


class Walk1860:
    """The walk of one company's routes in its position's rule mode, for the trains `trains` (names)."""

    def __init__(self, rules: Rules1860, graph: TrackGraph, trains: Sequence[str]) -> None:
        self.mode = rules.mode
        position = rules.position
        self.kind = {ref: node.kind for ref, node in graph.nodes.items()}
        self.value = {ref: node.value_in(position.phase) for ref, node in graph.nodes.items()}
        self.tokened_out = frozenset(ref for ref in graph.nodes if rules.tokened_out(graph, ref))
        self.bases = frozenset(
            ref
            for ref, node in graph.nodes.items()
            if node.kind in LARGE and rules.company in position.markers(ref.hex, ref.index)
        )
        limits = [allowance(train_sizes()[t], self.mode) for t in trains]
        self.most_large = max((large for large, _, _ in limits), default=0)
        self.most_stops = max((total for _, total, _ in limits), default=0)
        self._reach: dict[int, tuple[Link, _Reach]] = {}
        self._options: dict[tuple[str, int, int, tuple[int, ...], int, bool], tuple[Option, ...]] = {}
        self.large_top = _prefix(v for ref, v in self.value.items() if self.kind[ref] in LARGE)
        self.small_top = _prefix(v for ref, v in self.value.items() if self.kind[ref] == "small")
        self.halts_on_board = sum(1 for kind in self.kind.values() if kind == "halt")

    def start(self, node: NodeRef) -> Partial | None:
        if self.kind[node] not in ROUTE_END_KINDS:
            return None
        here = _Reach(node, self.kind[node], self.value[node], node in self.bases, False, ())
        hexes = frozenset({node.hex})
        return self._add(Partial(node, node, 0, 0, (), 0, 0, False, hexes), here, 0, hexes)

    def _reached(self, link: Link) -> _Reach:
        known = self._reach.get(id(link))
        if known is not None and known[0] is link:
            return known[1]
        b = link.b
        reach = _Reach(b, self.kind[b], self.value[b], b in self.bases, link.a in self.tokened_out, link.hexes()[1:])
        self._reach[id(link)] = (link, reach)
        return reach

    def step(self, state: Partial, link: Link) -> Partial | None:
        reach = self._reached(link)
        passes = state.passes
        if reach.leaves_tokened_out and state.last != state.start:
            passes += 1
            if passes > 1:
                return None
        hexes = state.hexes
        if not self.mode.reenter_hexes and reach.hexes:
            for h in reach.hexes:
                if h in hexes:
                    return None
            hexes = hexes.union(reach.hexes)
        return self._add(state, reach, passes, hexes)

    def _add(self, state: Partial, reach: _Reach, passes: int, hexes: frozenset[str]) -> Partial | None:
        start, _, large, large_value, small, halts, _, base, _ = state
        if reach.kind in LARGE:
            if large >= self.most_large:
                return None
            large, large_value, base = large + 1, large_value + reach.value, base or reach.base
        elif reach.kind == "small":
            if not self.mode.skip_small and len(small) + large >= self.most_stops:
                return None
            small = (*small, reach.value)
        elif reach.kind == "halt":
            halts += 1
        return Partial(start, reach.node, large, large_value, small, halts, passes, base, hexes)

    def ceiling(self, state: Partial, train: str) -> tuple[int, int] | None:
        """At most what a route growing from `state` earns for `train`: the most valuable large and small stations
        of the board in the room the train has left (an upper bound, for listing by bound)."""
        large_cap, total, _ = allowance(train_sizes()[train], self.mode)
        if state.large > large_cap:
            return None
        values = state.large_value + self.large_top[min(large_cap - state.large, len(self.large_top) - 1)]
        room = max(0, total - state.large)
        if self.mode.skip_small:
            values += self.small_top[min(room, len(self.small_top) - 1)]
            halt_room = room
        else:
            if len(state.small) > room:
                return None
            halt_room = room - len(state.small)
            values += sum(state.small) + self.small_top[min(halt_room, len(self.small_top) - 1)]
        halts = 0 if self.mode.halts_ignored else min(halt_room, self.halts_on_board)
        if self.mode.leased and not self.mode.original_insolvency:
            return leasing_revenue(total), 0
        if self.mode.leased:
            return original_insolvency_revenue(values), HALT_SUBSIDY * halts
        return values, HALT_SUBSIDY * halts

    def finish(self, state: Partial, train: str) -> Sequence[Option]:
        if not state.base or self.kind[state.last] not in ROUTE_END_KINDS:
            return ()
        # The options depend on nothing else of the route: tens of thousands of routes share a few thousand keys.
        key = (train, state.large, state.large_value, state.small, state.halts, state.passes > 0)
        known = self._options.get(key)
        if known is None:
            known = self._options[key] = self._scored(state, train)
        return known

    def _scored(self, state: Partial, train: str) -> tuple[Option, ...]:
        """The options of a route with a base ending at a station (`finish`)."""
        large_cap, total, _ = allowance(train_sizes()[train], self.mode)
        if state.large > large_cap:
            return ()
        room = max(0, total - state.large)
        n_small = len(state.small)
        if not self.mode.skip_small and n_small > room:
            return ()
        if self.mode.halts_ignored:
            most_halts = 0
        elif self.mode.skip_small:
            most_halts = min(state.halts, room)
        else:
            most_halts = min(state.halts, room - n_small)
        marks = frozenset({PASS}) if state.passes else frozenset()
        ranked = sorted(state.small, reverse=True) if self.mode.skip_small else state.small
        leasing = self.mode.leased and not self.mode.original_insolvency
        options: list[Option] = []
        for halts in range(most_halts + 1):
            small = ranked[: max(0, min(n_small, room - halts))] if self.mode.skip_small else ranked
            values = state.large_value + sum(small)
            if leasing:
                revenue, subsidy = leasing_revenue(state.large + len(small) + halts), 0
            elif self.mode.leased:
                revenue, subsidy = original_insolvency_revenue(values), HALT_SUBSIDY * halts
            else:
                revenue, subsidy = values, HALT_SUBSIDY * halts
            options.append(Option(revenue, subsidy, {"halts": halts}, marks))
        return tuple(options)


def _prefix(values: Iterable[int]) -> tuple[int, ...]:
    """Sums of the k largest of `values`, for k from 0 to all of them."""
    sums = [0]
    for v in sorted(values, reverse=True):
        sums.append(sums[-1] + v)
    return tuple(sums)
