"""Every legal Freight chain, as candidates for the optimizer (7.8.1).

All non-permanent Freight trains that run join end to end into one chain, which takes a permanent Freight
train too if one runs; permanent trains may also join it or run alone. A chain acts as one train: its
joints are large stations the trains pass through (so not a city full of other companies' markers, 7.4),
no stop or link is used twice across the chain, and its outer ends are not port to port or red area to red
area (7.8). Each train keeps its own length and reaches one of the company's markers (its own legal
route, from `solver.routes.candidates`).

A chain earns only its two outer ends and the bonus between them, and it meets other runs at its large
stations; so of the chains with the same trains and the same two outer ends, only those whose large
stations are not a subset of another's matter (`ChainCandidate.signature`). Even on a full board with
three Freight trains there are only tens of thousands of chains, listed in a fraction of a second.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
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
) -> list[ChainCandidate]:
    """Every chain of two or more of the given trains (`routes[k]`: the legal routes of train group `k`,
    which has `counts[k]` trains), plus one-train chains of the groups in `single`, keeping per signature
    only chains whose large stations are maximal. Stops and links are kept as bit sets, so that joining
    routes and comparing chains is cheap."""
    graph = sg.graph
    index = {s: i for i, s in enumerate(sg.stops)}
    joinable = {s for s in sg.stops if graph.stations[s].kind == "large" and not graph.is_blocked(s, company)}
    Row = tuple[Candidate, int, int, int]
    directed: dict[MemberKey, list[Row]] = {}
    by_start: dict[MemberKey, dict[NodeId, list[Row]]] = {}
    for k, cands in routes.items():
        rows = [
            (
                c,
                sum(1 << index[s] for s in c.stops),
                sum(1 << lk.index for lk in c.links),
                sum(1 << index[s] for s in c.large),
            )
            for c in both_ways(cands)
        ]
        directed[k] = rows
        starts: dict[NodeId, list[Row]] = {}
        for row in rows:
            starts.setdefault(row[0].stops[0], []).append(row)
        by_start[k] = starts

    area = {s: graph.stations[s].area_type for s in sg.stops}
    key_ids: dict[EndKey, int] = {}
    for rows in directed.values():
        for row in rows:
            for end_key in (row[0].start, row[0].end):
                key_ids.setdefault(end_key, len(key_ids))
    end_area = {i: area[k.stop] for k, i in key_ids.items()}
    found: dict[tuple[tuple[MemberKey, ...], int, int], dict[int, tuple[tuple[MemberKey, Candidate], ...]]] = {}

    def record(keys: tuple[MemberKey, ...], members: tuple[tuple[MemberKey, Candidate], ...], large: int) -> None:
        start, end = key_ids[members[0][1].start], key_ids[members[-1][1].end]
        a = end_area[start]
        if a is not None and a == end_area[end]:
            return  # 7.8: never port to port or red area to red area
        bucket = found.setdefault((keys, min(start, end), max(start, end)), {})
        if large not in bucket:
            bucket[large] = members

    pool = [k for k in routes for _ in range(counts[k])]
    orders: set[tuple[MemberKey, ...]] = set()
    for size in range(2, len(pool) + 1):
        for order in itertools.permutations(pool, size):
            if order <= order[::-1]:  # a chain read backwards is the same chain
                orders.add(order)

    def extend(
        order: tuple[MemberKey, ...],
        keys: tuple[MemberKey, ...],
        members: list[tuple[MemberKey, Candidate]],
        stops: int,
        links: int,
        large: int,
    ) -> None:
        if len(members) == len(order):
            record(keys, tuple(members), large)
            return
        joint = members[-1][1].stops[-1]
        if joint not in joinable:
            return
        bit = 1 << index[joint]
        key = order[len(members)]
        for c, smask, lmask, lgmask in by_start[key].get(joint, ()):
            if smask & stops != bit or lmask & links:
                continue  # the chain acts as one train: only the joint is shared (7.8.1, 7.4)
            members.append((key, c))
            extend(order, keys, members, stops | smask, links | lmask, large | lgmask)
            members.pop()

    for order in sorted(orders):
        keys = tuple(sorted(order))
        for c, smask, lmask, lgmask in directed[order[0]]:
            extend(order, keys, [(order[0], c)], smask, lmask, lgmask)
    for k in single:
        for c, _, _, lgmask in directed[k]:
            record((k,), ((k, c),), lgmask)

    result: list[ChainCandidate] = []
    for bucket in found.values():
        kept: list[int] = []
        for mask in sorted(bucket, key=lambda m: -m.bit_count()):
            if not any(mask & k == mask for k in kept):
                kept.append(mask)
                result.append(ChainCandidate(bucket[mask]))
    return result
