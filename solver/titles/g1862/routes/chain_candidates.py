"""Freight chains, listed on demand by what they can earn, as candidates for the optimizer (7.8.1).

All non-permanent Freight trains that run join end to end into one chain, which takes a permanent Freight
train too if one runs; permanent trains may also join it or run alone. A chain acts as one train: its
joints are large stations the trains pass through (so not a city full of other companies' markers, 7.4),
no stop or link is used twice across the chain, and its outer ends are not port to port or red area to red
area (7.8). Each train keeps its own length and reaches one of the company's markers (its own legal
route, from `solver.titles.g1862.routes.candidates`).

A chain earns only its two outer ends (each scored as its station or off-board area, 7.8) and the bonus
between them, meets other runs at its large stations, and uses up the permanent trains in it (a
non-permanent train can run nowhere but in the chain). So of the chains with the same permanent trains
and the same two scoring ends, a chain is dropped when another earns at least its bonus and visits every
large station it visits.

With two or three long Freight trains there are millions of chains, so they are not all listed: a
`ChainLister` gives, for each set of trains, a cheap ceiling on what a chain of them earns (the best pair
of ends the trains' routes have that lie close enough for the trains' lengths to join), and lists only
the chains that earn at least a threshold per set of trains. The optimizer asks for the chains that could
be part of a run worth its current floor, which on boards with long permanent Freight trains is a small
part of them or none; a partial chain is given up as soon as no end that reaches the threshold lies
within the length of the trains still to join (a train of N hexes ends at most N hexes from where it
starts, and an off-board end one hex further, 7.8.1).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from solver.core.lazy import lazy
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.routes.candidates import (
    BONUS_PLAIN,
    BONUS_PORT,
    Candidate,
    EndKey,
    ListingStopped,
    both_ways,
    freight_bonus,
)
from solver.titles.g1862.routes.stop_graph import StopGraph
from solver.titles.g1862.track import NodeId

MemberKey = int
"""Which train (or group of identical trains) runs a member route: an index chosen by the caller."""

Keys = tuple[MemberKey, ...]
"""The trains of a chain as a sorted tuple of member keys (a key repeated for identical trains)."""


@dataclass(frozen=True)
class ChainCandidate:
    """Two or more Freight routes joined end to end (in chain order, each read in chain direction), or one
    non-permanent Freight route on its own."""

    members: tuple[tuple[MemberKey, Candidate], ...]

    @property
    def start(self) -> EndKey:
        return self.members[0][1].start

    @property
    def end(self) -> EndKey:
        return self.members[-1][1].end

    @lazy
    def large(self) -> frozenset[NodeId]:
        return frozenset(s for _, c in self.members for s in c.large)

    @lazy
    def stop_set(self) -> frozenset[NodeId]:
        return frozenset(s for _, c in self.members for s in c.stops)

    @property
    def bonus(self) -> int:
        return freight_bonus(self.start, self.end)

    @lazy
    def keys(self) -> Keys:
        return tuple(sorted(k for k, _ in self.members))


# a directed member route: (route, body, large stations, start end id, end end id, joint index or -1).
# `body` holds the stops other than the first (low bits) and the links (above them) as one bit set: a
# route joins a chain at its first stop and must share nothing else with it.
_Row = tuple[Candidate, int, int, int, int, int]
CHECK_EVERY = 64  # partial chains between two calls of the caller's stop check (each tries hundreds of routes)
# per (permanent trains, scoring ends): large stations -> (bonus, members) of the best chain found
_Best = dict[int, tuple[int, tuple[tuple[MemberKey, Candidate], ...]]]


class ChainLister:
    """The chains of a company's Freight trains (`routes[k]`: the legal routes of train group `k`, which has
    `counts[k]` trains; the groups in `permanent` are permanent trains; the groups in `single` also run as
    one-train chains), listed on demand above a threshold (see the module docstring)."""

    def __init__(
        self,
        sg: StopGraph,
        company: str,
        routes: Mapping[MemberKey, Sequence[Candidate]],
        counts: Mapping[MemberKey, int],
        single: Sequence[MemberKey],
        permanent: Collection[MemberKey] = (),
    ):
        graph = sg.graph
        self.permanent = frozenset(permanent)
        self.single = tuple(single)
        self._values = {st.scoring_unit: st.value for st in graph.stations.values()}
        self._unit_of = {s: graph.stations[s].scoring_unit for s in sg.stops}
        index = {s: i for i, s in enumerate(sg.stops)}
        self._stop_hex = [hexgrid.parse_hex(graph.stations[s].hex) for s in sg.stops]
        joinable = {s for s in sg.stops if graph.stations[s].kind == "large" and not graph.is_blocked(s, company)}
        self._ends: list[EndKey] = []
        self._end_ids: dict[EndKey, int] = {}
        self._stations = graph.stations
        self._end_unit: list[str] = []
        self._end_value: list[int] = []  # what the end's station or area is worth
        self._end_area: list[str | None] = []
        self._end_at: list[tuple[int, int, int]] = []  # (col, row, 1 if off-board): where the bonus is measured
        self._index = index
        self._joinable = joinable
        self._shift = len(sg.stops)
        self._routes = routes
        self._end_set: dict[MemberKey, frozenset[int]] = {}
        self._length: dict[MemberKey, int] = {}
        for k, cands in routes.items():
            # the listing shares one EndKey per stop and link, so most ends are the same object: each once
            ends = {id(e): e for c in cands for e in (c.start, c.end)}
            self._end_set[k] = frozenset(map(self._end_id, ends.values()))
            self._length[k] = max((c.sides for c in cands), default=0)
        pool = [k for k in sorted(routes) for _ in range(counts[k])]
        orders: set[tuple[MemberKey, ...]] = set()
        for size in range(2, len(pool) + 1):
            for order in itertools.permutations(pool, size):
                if order <= order[::-1]:  # a chain read backwards is the same chain
                    orders.add(order)
        self._orders = sorted(orders)
        # the lowest listing made so far: its thresholds, its chains, and the best of them per set of trains
        self._cache: tuple[dict[Keys, int], list[ChainCandidate], dict[Keys, int]] | None = None

    def _end_id(self, key: EndKey) -> int:
        """The number of a chain end (a method, not a closure kept on the lister: a closure that refers to
        the lister would make a reference cycle, which only the garbage collector frees)."""
        i = self._end_ids.get(key)
        if i is None:
            i = self._end_ids[key] = len(self._ends)
            self._ends.append(key)
            station = self._stations[key.stop]
            self._end_unit.append(station.scoring_unit)
            self._end_value.append(self._values.get(station.scoring_unit, 0))
            self._end_area.append(station.area_type)
            self._end_at.append((*hexgrid.parse_hex(key.hex), int(key.offboard)))
        return i

    def member_routes(self) -> list[Candidate]:
        """Every legal route of every train that may join a chain (a chain's member routes are among them)."""
        return [c for k in sorted(self._routes) for c in self._routes[k]]

    @lazy
    def _rows(self) -> tuple[dict[MemberKey, list[_Row]], dict[MemberKey, dict[int, list[_Row]]]]:
        """Every route of every train in both directions as a row, and the rows by their first stop. Made
        at the first listing that needs them (often none does)."""
        index, shift = self._index, self._shift
        directed: dict[MemberKey, list[_Row]] = {}
        by_joint: dict[MemberKey, dict[int, list[_Row]]] = {}
        for k, cands in self._routes.items():
            rows: list[_Row] = []
            starts: dict[int, list[_Row]] = {}
            for c in both_ways(cands):
                last = c.stops[-1]
                row = (
                    c,
                    sum(1 << index[s] for s in c.stops[1:]) | sum(1 << lk.index for lk in c.links) << shift,
                    sum(1 << index[s] for s in c.large),
                    self._end_id(c.start),
                    self._end_id(c.end),
                    index[last] if last in self._joinable else -1,
                )
                rows.append(row)
                starts.setdefault(index[c.stops[0]], []).append(row)
            directed[k] = rows
            by_joint[k] = starts
        return directed, by_joint

    # ------------------------------------------------------------------ what a chain earns

    def _pair_value(self, a: int, z: int, within: int | None = None) -> int | None:
        """What a chain from end `a` to end `z` earns (both ends and the bonus, 7.8.1), or None if the two
        may not be joined (7.8: never port to port or red area to red area) or, with `within`, lie further
        apart than that many hex sides."""
        area, other = self._end_area[a], self._end_area[z]
        if area is not None and area == other:
            return None
        # `_reach` and `_bonus` written out: the ceilings ask this of every pair of ends
        ca, ra, oa = self._end_at[a]
        cz, rz, oz = self._end_at[z]
        dcol = abs(ca - cz)
        reach = dcol + max(0, (abs(ra - rz) - dcol) // 2) + oa + oz
        if within is not None and reach > within:
            return None
        rate = BONUS_PORT if area == "port" or other == "port" else BONUS_PLAIN
        return self._end_value[a] + self._end_value[z] + max(0, reach - 1) * rate

    def _bonus(self, a: int, z: int, reach: int) -> int:
        """The Freight bonus between ends `a` and `z` (`candidates.freight_bonus`, 7.8.1), from their reach: the
        intervening hexes as the crow flies are the reach less one (an off-board end counts one hex beyond its
        entry hex, RULES-NOTES), 30 each with a port end, else 20."""
        port = self._end_area[a] == "port" or self._end_area[z] == "port"
        return max(0, reach - 1) * (BONUS_PORT if port else BONUS_PLAIN)

    def value(self, chain: ChainCandidate) -> int:
        """What `chain` earns when no other train scores its ends: both ends and the bonus (7.8.1)."""
        units = (self._unit_of[chain.start.stop], self._unit_of[chain.end.stop])
        return sum(self._values.get(u, 0) for u in units) + chain.bonus

    @lazy
    def keys(self) -> tuple[Keys, ...]:
        """Every set of trains a chain can have."""
        found = {tuple(sorted(order)) for order in self._orders} | {(k,) for k in self.single}
        return tuple(sorted(found))

    @lazy
    def ceilings(self) -> dict[Keys, int]:
        """For each set of trains, a ceiling on what a chain of them earns: the best pair of ends of their
        routes whose hexes lie within the trains' joint length of each other (7.8.1)."""
        result: dict[Keys, int] = {}
        for keys in self.keys:
            ends = sorted(set().union(*(self._end_set[k] for k in set(keys))))
            length = sum(self._length[k] for k in keys)
            best = 0
            for a, z in itertools.combinations(ends, 2):
                value = self._pair_value(a, z, length)
                if value is not None and value > best:
                    best = value
            result[keys] = best
        return result

    def _reach(self, a: int, z: int) -> int:
        """The fewest hex sides a route from end `a` to end `z` crosses."""
        ca, ra, oa = self._end_at[a]
        cz, rz, oz = self._end_at[z]
        dcol, drow = abs(ca - cz), abs(ra - rz)
        return dcol + max(0, (drow - dcol) // 2) + oa + oz

    def best_possible(self, keys: Keys) -> int:
        """A bound on what a chain of these trains earns, sharpened by the last listing (every chain that
        reaches its threshold is listed, so the others earn less)."""
        ceiling = self.ceilings.get(keys, 0)
        if self._cache is None:
            return ceiling
        thresholds, _, listed = self._cache
        return min(ceiling, max(listed.get(keys, 0), thresholds.get(keys, 0) - 1))

    # ------------------------------------------------------------------ listing

    def chains(
        self, thresholds: Mapping[Keys, int] | None = None, stopped: Callable[[], bool] | None = None
    ) -> list[ChainCandidate]:
        """Every chain, without the dominated ones, that earns at least `thresholds[keys]` for its set of
        trains (every chain when None). `stopped` is called every few thousand partial chains; when it
        returns True the listing ends with ListingStopped."""
        asked = {k: (thresholds or {}).get(k, 0) for k in self.keys}
        # chains with the same permanent trains are compared with each other (see the module docstring),
        # so they share the lowest threshold asked for any of them: a chain kept above its threshold is
        # then never one that a chain left out below another threshold would have dominated
        lowest: dict[Keys, int] = {}
        for k, t in asked.items():
            lowest[self._permanent_of(k)] = min(t, lowest.get(self._permanent_of(k), t))
        wanted = {k: lowest[self._permanent_of(k)] for k in self.keys}
        if self._cache is not None and all(wanted[k] >= t for k, t in self._cache[0].items()):
            # a higher threshold keeps what it keeps of a listing made lower (a dominating chain earns at
            # least as much as the chain it dominates, so it passes any threshold that one passes)
            return [c for c in self._cache[1] if self.value(c) >= wanted[c.keys]]
        chains = self._list(wanted, stopped)
        listed: dict[Keys, int] = {}
        for c in chains:
            listed[c.keys] = max(listed.get(c.keys, 0), self.value(c))
        self._cache = (wanted, chains, listed)
        return chains

    def _permanent_of(self, keys: Keys) -> Keys:
        return tuple(k for k in keys if k in self.permanent)

    def _list(self, wanted: Mapping[Keys, int], stopped: Callable[[], bool] | None) -> list[ChainCandidate]:
        found: dict[tuple[tuple[MemberKey, ...], str, str], _Best] = {}
        end_unit = self._end_unit
        stop_at = self._stop_hex
        end_at = self._end_at
        nodes = [0]

        def targets(perm: tuple[MemberKey, ...], a: int, last: MemberKey, least: int) -> dict[int, tuple[_Best, int]]:
            """The ends a chain from `a` may finish at (ends of `last`'s routes) earning at least `least`,
            each with the bucket its chains go to and their bonus."""
            result: dict[int, tuple[_Best, int]] = {}
            for z in self._end_set[last]:
                value = self._pair_value(a, z)
                if value is None or value < least:
                    continue
                ua, uz = end_unit[a], end_unit[z]
                bucket = found.setdefault((perm, ua, uz) if ua < uz else (perm, uz, ua), {})
                result[z] = (bucket, self._bonus(a, z, self._reach(a, z)))
            return result

        def reachable(goal: dict[int, tuple[_Best, int]], joint: int, length: int) -> bool:
            """Whether some end in `goal` lies within `length` hex sides of stop `joint` (7.8.1)."""
            cj, rj = stop_at[joint]
            for z in goal:
                cz, rz, oz = end_at[z]
                dcol, drow = abs(cj - cz), abs(rj - rz)
                if dcol + max(0, (drow - dcol) // 2) + oz <= length:
                    return True
            return False

        def extend(
            order: tuple[MemberKey, ...],
            rest: tuple[int, ...],
            goal: dict[int, tuple[_Best, int]],
            reach: dict[tuple[int, int], bool],
            members: list[tuple[MemberKey, Candidate]],
            joint: int,
            used: int,
            large: int,
        ) -> None:
            depth = len(members)
            key = order[depth]
            rows = by_joint[key].get(joint, ())
            nodes[0] += 1
            if stopped is not None and nodes[0] % CHECK_EVERY == 0 and stopped():
                raise ListingStopped
            # the chain acts as one train: only the joint is shared (7.8.1, 7.4)
            if depth + 1 < len(order):
                for c, body, lgmask, _, _, nxt in rows:
                    if nxt < 0 or body & used:
                        continue
                    ok = reach.get((nxt, depth + 1))
                    if ok is None:
                        ok = reach[nxt, depth + 1] = reachable(goal, nxt, rest[depth + 1])
                    if not ok:
                        continue
                    members.append((key, c))
                    extend(order, rest, goal, reach, members, nxt, used | body, large | lgmask)  # noqa: F821 - deleted once the walk is over
                    members.pop()
                return
            for c, body, lgmask, _, z, _ in rows:
                if body & used:
                    continue
                target = goal.get(z)
                if target is None:
                    continue
                bucket, b = target
                lg = large | lgmask
                held = bucket.get(lg)
                if held is None or held[0] < b:
                    bucket[lg] = (b, (*members, (key, c)))

        try:
            for order in self._orders:
                keys = tuple(sorted(order))
                least = wanted[keys]
                if least > self.ceilings[keys]:
                    continue
                directed, by_joint = self._rows
                perm = self._permanent_of(keys)
                rest = tuple(sum(self._length[k] for k in order[d:]) for d in range(len(order)))
                goals: dict[int, tuple[dict[int, tuple[_Best, int]], dict[tuple[int, int], bool]]] = {}
                for c, body, lgmask, a, _, nxt in directed[order[0]]:
                    if nxt < 0:
                        continue
                    if a not in goals:
                        goals[a] = (targets(perm, a, order[-1], least), {})
                    goal, reach = goals[a]
                    if not goal:
                        continue
                    ok = reach.get((nxt, 1))
                    if ok is None:
                        ok = reach[nxt, 1] = reachable(goal, nxt, rest[1])
                    if ok:
                        first = 1 << self._index[c.stops[0]]
                        extend(order, rest, goal, reach, [(order[0], c)], nxt, body | first, lgmask)
            for k in self.single:
                perm = (k,) if k in self.permanent else ()
                least = wanted[(k,)]
                if least > self.ceilings[(k,)]:
                    continue
                for c, _, lgmask, a, z, _ in self._rows[0][k]:
                    value = self._pair_value(a, z)
                    if value is None or value < least:
                        continue
                    ua, uz = end_unit[a], end_unit[z]
                    bucket = found.setdefault((perm, ua, uz) if ua < uz else (perm, uz, ua), {})
                    b = self._bonus(a, z, self._reach(a, z))
                    held = bucket.get(lgmask)
                    if held is None or held[0] < b:
                        bucket[lgmask] = (b, ((k, c),))

            result: list[ChainCandidate] = []
            for bucket in found.values():
                kept: list[tuple[int, int]] = []
                # most large stations first, then the higher bonus: a chain can only be dominated by one before it
                for large, (b, members) in sorted(bucket.items(), key=lambda kv: (-kv[0].bit_count(), -kv[1][0])):
                    if not any(large & other == large and b <= ob for other, ob in kept):
                        kept.append((large, b))
                        result.append(ChainCandidate(members))
        finally:
            del extend  # the recursive closure refers to itself: freed now rather than by the garbage collector
        return result
