"""Freight trains run end to end as one (7.8.1): which groupings of a company's Freight routes are legal.

All non-permanent Freight trains that run join end to end into ONE chain, which must also take a permanent
Freight if the company runs one; permanent Freight trains (F6-F9, and D's F5 in the short game, 11.2) may run
separately or join. A chain acts as one train (7.8.1: "an F2 and a F3 train run together as would a F5
train"): its joints are large stations it passes through (so not a town full of other companies' markers,
7.4, and never an off-board area, which is terminal), no station is reached twice and no segment used twice
across the whole chain, and its two outer ends may not be port to port or red area to red area (7.8). Each
train keeps its own length limit and must reach one of the company's markers (checked per route).

The route file does not say how Freight trains are grouped; the evaluator tries every legal grouping and
keeps the one that earns the company most.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.errors import Problem
from solver.titles.g1862.routes.legality import TracedRoute, station_name
from solver.titles.g1862.track import NodeId, TrackGraph


@dataclass(frozen=True)
class FreightRun:
    """Freight trains scored as one: a lone train, or a chain of trains joined end to end (7.8.1).

    `routes` are in chain order and `flipped[i]` says the i-th route is run from its last hex to its first.
    """

    routes: tuple[TracedRoute, ...]
    flipped: tuple[bool, ...]

    @property
    def start(self) -> NodeId:
        first = self.routes[0]
        return first.end if self.flipped[0] else first.start

    @property
    def end(self) -> NodeId:
        last = self.routes[-1]
        return last.start if self.flipped[-1] else last.end

    @property
    def start_hex(self) -> str:
        return self.routes[0].end_hex(self.start)

    @property
    def end_hex(self) -> str:
        return self.routes[-1].end_hex(self.end)

    @property
    def is_chain(self) -> bool:
        return len(self.routes) > 1

    def joints(self) -> list[NodeId]:
        out = []
        for r, f in zip(self.routes[:-1], self.flipped[:-1], strict=True):
            out.append(r.start if f else r.end)
        return out


Grouping = tuple[FreightRun, ...]


def _head_tail(route: TracedRoute, flipped: bool) -> tuple[NodeId, NodeId]:
    return (route.end, route.start) if flipped else (route.start, route.end)


def chain_problems(graph: TrackGraph, company: str, run: FreightRun) -> list[Problem]:
    """Every rule of 7.8.1 a chain of Freight trains breaks, acting as one train (empty for a lone train)."""
    if not run.is_chain:
        return []
    labels = " + ".join(r.label for r in run.routes)
    where = f"Freight chain {labels}"
    problems: list[Problem] = []
    joints: list[NodeId] = []
    for (a, fa), (b, fb) in itertools.pairwise(zip(run.routes, run.flipped, strict=True)):
        tail = _head_tail(a, fa)[1]
        head = _head_tail(b, fb)[0]
        if tail != head:
            problems.append(
                Problem(
                    f"{where}: {a.label} and {b.label}",
                    "7.8.1",
                    f"{a.label} ends at {station_name(graph, tail)} but {b.label} starts at "
                    f"{station_name(graph, head)}: Freight trains join end to end",
                )
            )
            continue
        joints.append(tail)
        st = graph.stations[tail]
        if st.kind != "large":
            problems.append(
                Problem(
                    f"{where} hex {st.hex}",
                    "7.8.1",
                    f"the chain would pass through {station_name(graph, tail)}; an off-board area is terminal "
                    "(7.4), so Freight trains join only at a large station",
                )
            )
        elif graph.is_blocked(tail, company):
            problems.append(
                Problem(
                    f"{where} hex {st.hex}",
                    "7.8.1",
                    f"the chain acts as one train and may not pass through {station_name(graph, tail)}, which is "
                    f"full of other companies' station markers ({', '.join(st.markers)}) (7.4)",
                )
            )
    if problems:
        return problems
    visits: Counter[NodeId] = Counter(n for r in run.routes for n in r.stations)
    for joint in joints:
        visits[joint] -= 1
    for node, n in visits.items():
        if n > 1:
            problems.append(
                Problem(
                    f"{where} at {station_name(graph, node)}",
                    "7.8.1",
                    f"the chain acts as one train and reaches {station_name(graph, node)} {n} times (7.4)",
                )
            )
    uses: Counter[int] = Counter(s for r in run.routes for s in r.segments)
    for seg_index, n in uses.items():
        if n > 1:
            seg = graph.segments[seg_index]
            problems.append(
                Problem(
                    f"{where} hex {seg.hex}",
                    "7.8.1",
                    f"the chain acts as one train and uses the same track segment in {seg.hex} {n} times (7.4)",
                )
            )
    first, last = graph.stations[run.start], graph.stations[run.end]
    if first.kind == "offboard" and last.kind == "offboard" and first.area_type == last.area_type:
        kind = "port" if first.area_type == "port" else "red off-board area"
        problems.append(
            Problem(
                f"{where} {first.hex}->{last.hex}",
                "7.8",
                f"the chain runs from a {kind} to a {kind} ({station_name(graph, first.id)} to "
                f"{station_name(graph, last.id)}); like any route it may not run port to port or red area to red area",
            )
        )
    return problems


def _mismatches(run: FreightRun) -> int:
    """How many consecutive trains of a run do not meet end to end."""
    pairs = itertools.pairwise(zip(run.routes, run.flipped, strict=True))
    return sum(1 for (a, fa), (b, fb) in pairs if _head_tail(a, fa)[1] != _head_tail(b, fb)[0])


def _orderings(routes: Sequence[TracedRoute]) -> Iterator[FreightRun]:
    """Every order and direction of a block of trains, each chain once (not also reversed)."""
    seen: set[tuple[tuple[int, bool], ...]] = set()
    for perm in itertools.permutations(routes):
        for flips in itertools.product((False, True), repeat=len(perm)):
            key = tuple((r.index, f) for r, f in zip(perm, flips, strict=True))
            rev = tuple((r.index, not f) for r, f in zip(reversed(perm), reversed(flips), strict=True))
            if rev in seen:
                continue
            seen.add(key)
            yield FreightRun(tuple(perm), tuple(flips))


def _joined_orderings(routes: Sequence[TracedRoute]) -> Iterator[FreightRun]:
    """The orders and directions of a block of trains in which each train starts where the one before it
    ends (7.8.1), each chain once (not also reversed). The same chains as `_orderings` gives without a
    mismatch, found without trying every order: with six Freight trains that is 23,040 orders."""
    seen: set[tuple[tuple[int, bool], ...]] = set()
    order: list[tuple[TracedRoute, bool]] = []

    def extend() -> Iterator[FreightRun]:
        if len(order) == len(routes):
            key = tuple((r.index, f) for r, f in order)
            rev = tuple((r.index, not f) for r, f in reversed(order))
            if rev not in seen:
                seen.add(key)
                yield FreightRun(tuple(r for r, _ in order), tuple(f for _, f in order))
            return
        tail = _head_tail(*order[-1])[1] if order else None
        for route in routes:
            if any(route is r for r, _ in order):
                continue
            for flipped in (False, True):
                if tail is None or _head_tail(route, flipped)[0] == tail:
                    order.append((route, flipped))
                    yield from extend()  # noqa: F821 (its cell is emptied when the listing ends, below)
                    order.pop()

    try:
        yield from extend()
    finally:
        del extend  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)


def _legal_chains(graph: TrackGraph, company: str, block: Sequence[TracedRoute]) -> list[FreightRun]:
    if len(block) == 1:
        return [FreightRun((block[0],), (False,))]
    return [run for run in _joined_orderings(block) if not chain_problems(graph, company, run)]


def _partitions(items: list[TracedRoute]) -> Iterator[list[list[TracedRoute]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1 :]]


def _allowed_blocks(blocks: list[list[TracedRoute]]) -> bool:
    """7.8.1: every non-permanent Freight in one block, which takes a permanent if any permanent runs."""
    with_np = [b for b in blocks if any(not r.train.permanent for r in b)]
    if len(with_np) > 1:
        return False
    if not with_np:
        return True
    any_permanent = any(r.train.permanent for b in blocks for r in b)
    return not any_permanent or any(r.train.permanent for r in with_np[0])


def freight_groupings(
    graph: TrackGraph, company: str, freights: Sequence[TracedRoute]
) -> tuple[list[Grouping], list[Problem]]:
    """Every legal way to group the company's Freight routes into lone trains and chains (7.8.1).

    Returns the groupings (each a tuple of `FreightRun`) and, when there is none, the problems of the
    closest attempt (the required chain in the order that breaks fewest rules).
    """
    if not freights:
        return [()], []
    groupings: list[Grouping] = []
    cache: dict[tuple[int, ...], list[FreightRun]] = {}
    for blocks in _partitions(list(freights)):
        if not _allowed_blocks(blocks):
            continue
        choices: list[list[FreightRun]] = []
        for block in blocks:
            key = tuple(sorted(r.index for r in block))
            if key not in cache:
                cache[key] = _legal_chains(graph, company, block)
            choices.append(cache[key])
        for combo in itertools.product(*choices):
            groupings.append(tuple(combo))
    if groupings:
        return groupings, []
    return [], _explain(graph, company, freights)


def _explain(graph: TrackGraph, company: str, freights: Sequence[TracedRoute]) -> list[Problem]:
    """Problems of the required chain (all non-permanent trains plus one permanent if any runs), in the
    order and direction that breaks fewest rules."""
    non_permanent = [r for r in freights if not r.train.permanent]
    permanent = [r for r in freights if r.train.permanent]
    blocks = [[*non_permanent, p] for p in permanent] if permanent else [non_permanent]
    best: list[Problem] | None = None
    best_key: tuple[int, int] | None = None
    for block in blocks:
        for run in _orderings(block):
            problems = chain_problems(graph, company, run)
            key = (_mismatches(run), len(problems))  # closest: trains that join end to end, then fewest rules
            if best_key is None or key < best_key:
                best, best_key = problems, key
    labels = ", ".join(r.label for r in freights)
    intro = Problem(
        f"Freight trains {labels}",
        "7.8.1",
        "all non-permanent Freight trains must join end to end into one chain"
        + (", together with a permanent Freight train" if permanent else ""),
    )
    return [intro, *(best or [])]
