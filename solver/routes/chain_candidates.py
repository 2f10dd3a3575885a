"""Every legal Freight chain, as candidates for the optimizer (7.8.1).

All non-permanent Freight trains that run join end to end into one chain, which takes a permanent Freight
train too if one runs; permanent trains may also join it or run alone. A chain acts as one train: its
joints are large stations the trains pass through (so not a city full of other companies' markers, 7.4),
no stop or link is used twice across the chain, and its outer ends are not port to port or red area to red
area (7.8). Each train keeps its own length and reaches one of the company's markers (its own legal
route, from `solver.routes.candidates`).

A chain earns only its two outer ends (each scored as its station or off-board area, 7.8) and the bonus
between them, meets other runs at its large stations, and uses up the permanent trains in it (a
non-permanent train can run nowhere but in the chain). So of the chains with the same permanent trains
and the same two scoring ends, a chain is dropped when another earns at least its bonus and visits every
large station it visits. On a full board with three Freight trains, hundreds of thousands of chains are
listed and some ten thousand kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from solver.routes.candidates import Candidate, EndKey, both_ways, freight_bonus
from solver.routes.stop_graph import StopGraph
from solver.track import NodeId

MemberKey = int
"""Which train (or group of identical trains) runs a member route: an index chosen by the caller."""


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

    @cached_property
    def large(self) -> frozenset[NodeId]:
        return frozenset(s for _, c in self.members for s in c.large)

    @cached_property
    def stop_set(self) -> frozenset[NodeId]:
        return frozenset(s for _, c in self.members for s in c.stops)

    @property
    def bonus(self) -> int:
        return freight_bonus(self.start, self.end)

    @cached_property
    def keys(self) -> tuple[MemberKey, ...]:
        return tuple(sorted(k for k, _ in self.members))


def enumerate_chains(
    sg: StopGraph,
    company: str,
    routes: Mapping[MemberKey, Sequence[Candidate]],
    counts: Mapping[MemberKey, int],
    single: Sequence[MemberKey],
    permanent: Collection[MemberKey] = (),
) -> list[ChainCandidate]:
    """Every chain of two or more of the given trains (`routes[k]`: the legal routes of train group `k`,
    which has `counts[k]` trains; the groups in `permanent` are permanent trains), plus one-train chains of
    the groups in `single`, without the dominated ones (see the module docstring). Stops, links and large
    stations are kept as bit sets and ends as small integers, so that joining routes is cheap."""
    graph = sg.graph
    index = {s: i for i, s in enumerate(sg.stops)}
    joinable = {s for s in sg.stops if graph.stations[s].kind == "large" and not graph.is_blocked(s, company)}
    end_ids: dict[EndKey, int] = {}
    ends: list[EndKey] = []
    unit_ids: dict[str, int] = {}
    end_unit: list[int] = []
    end_area: list[str | None] = []

    def end_id(key: EndKey) -> int:
        i = end_ids.get(key)
        if i is None:
            i = end_ids[key] = len(ends)
            ends.append(key)
            station = graph.stations[key.stop]
            end_unit.append(unit_ids.setdefault(station.scoring_unit, len(unit_ids)))
            end_area.append(station.area_type)
        return i

    # a directed member route: (route, body, large stations, start end id, end end id, joint index or -1).
    # `body` holds the stops other than the first (low bits) and the links (above them) as one bit set: a
    # route joins a chain at its first stop and must share nothing else with it.
    shift = len(sg.stops)
    Row = tuple[Candidate, int, int, int, int, int]
    directed: dict[MemberKey, list[Row]] = {}
    by_joint: dict[MemberKey, dict[int, list[Row]]] = {}
    for k, cands in routes.items():
        rows: list[Row] = []
        starts: dict[int, list[Row]] = {}
        for c in both_ways(cands):
            last = c.stops[-1]
            row = (
                c,
                sum(1 << index[s] for s in c.stops[1:]) | sum(1 << lk.index for lk in c.links) << shift,
                sum(1 << index[s] for s in c.large),
                end_id(c.start),
                end_id(c.end),
                index[last] if last in joinable else -1,
            )
            rows.append(row)
            starts.setdefault(index[c.stops[0]], []).append(row)
        directed[k] = rows
        by_joint[k] = starts

    Best = dict[int, tuple[int, tuple[tuple[MemberKey, Candidate], ...]]]
    # per (permanent trains, scoring ends): large stations -> (bonus, members) of the best chain found
    found: dict[tuple[tuple[MemberKey, ...], int, int], Best] = {}

    end_tables: dict[tuple[tuple[MemberKey, ...], int], Callable[[int], tuple[Best, int] | None]] = {}

    def ends_from(perm: tuple[MemberKey, ...], a: int) -> Callable[[int], tuple[Best, int] | None]:
        """For chains with these permanent trains that begin at end `a`: the bucket and the bonus of a chain
        ending at end `z`, or None if the two ends may not be joined (7.8: never port to port or red area
        to red area)."""
        cache: dict[int, tuple[Best, int] | None] = {}

        def at(z: int) -> tuple[Best, int] | None:
            if z in cache:
                return cache[z]
            area = end_area[a]
            if area is not None and area == end_area[z]:
                cache[z] = None
                return None
            ua, uz = end_unit[a], end_unit[z]
            bucket = found.setdefault((perm, ua, uz) if ua < uz else (perm, uz, ua), {})
            cache[z] = (bucket, freight_bonus(ends[a], ends[z]))
            return cache[z]

        return end_tables.setdefault((perm, a), at)

    def record(
        at: Callable[[int], tuple[Best, int] | None],
        members: list[tuple[MemberKey, Candidate]],
        z: int,
        large: int,
    ) -> None:
        target = at(z)
        if target is None:
            return
        bucket, b = target
        held = bucket.get(large)
        if held is None or held[0] < b:
            bucket[large] = (b, tuple(members))

    pool = [k for k in routes for _ in range(counts[k])]
    orders: set[tuple[MemberKey, ...]] = set()
    for size in range(2, len(pool) + 1):
        for order in itertools.permutations(pool, size):
            if order <= order[::-1]:  # a chain read backwards is the same chain
                orders.add(order)

    def extend(
        order: tuple[MemberKey, ...],
        at: Callable[[int], tuple[Best, int] | None],
        members: list[tuple[MemberKey, Candidate]],
        joint: int,
        used: int,
        large: int,
    ) -> None:
        depth = len(members)
        key = order[depth]
        rows = by_joint[key].get(joint, ())
        # the chain acts as one train: only the joint is shared (7.8.1, 7.4)
        if depth + 1 < len(order):
            for c, body, lgmask, _, _, nxt in rows:
                if nxt < 0 or body & used:
                    continue
                members.append((key, c))
                extend(order, at, members, nxt, used | body, large | lgmask)
                members.pop()
            return
        for c, body, lgmask, _, z, _ in rows:
            if body & used:
                continue
            target = at(z)
            if target is None:
                continue
            bucket, b = target
            lg = large | lgmask
            held = bucket.get(lg)
            if held is None or held[0] < b:
                bucket[lg] = (b, (*members, (key, c)))

    for order in sorted(orders):
        perm = tuple(sorted(k for k in order if k in permanent))
        for c, body, lgmask, a, _, nxt in directed[order[0]]:
            if nxt >= 0:
                first = 1 << index[c.stops[0]]
                extend(order, ends_from(perm, a), [(order[0], c)], nxt, body | first, lgmask)
    for k in single:
        perm = (k,) if k in permanent else ()
        for c, _, lgmask, a, z, _ in directed[k]:
            record(ends_from(perm, a), [(k, c)], z, lgmask)

    result: list[ChainCandidate] = []
    for bucket in found.values():
        kept: list[tuple[int, int]] = []
        # most large stations first, then the higher bonus: a chain can only be dominated by one before it
        for large, (b, members) in sorted(bucket.items(), key=lambda kv: (-kv[0].bit_count(), -kv[1][0])):
            if not any(large & other == large and b <= ob for other, ob in kept):
                kept.append((large, b))
                result.append(ChainCandidate(members))
    return result
