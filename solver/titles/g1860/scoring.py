"""Which stops of an 1860 route count, and what the route earns.

A train N+M calls at up to N large stations (Ryde Pier counting as one) and M small stations or halts in addition,
each large station it does not call at giving room for one more small station or halt (Running Trains, RB L534).
Under the rulebook it calls at every small station on its route (RB L528); under the site's options it may skip
small stations and the most valuable ones are counted (reference D1). Halts may be bypassed (RB L532): the
route's choice `halts` says how many are counted, and by default as many as the allowance leaves after the
small stations (counting a halt never costs revenue there). Each counted halt pays 10 to the treasury, not
revenue (RB L532). Special modes: after the Southern forms halts are not counted (RB L660); after
nationalisation the first number is the whole allowance (RB L673); a leased train uses only its first number
and earns 40 + 20 a stop, halts included, with no subsidy (Insolvency, RB L628-L632), or under the variant runs
normally for half its revenue rounded up to 10 plus the full subsidy (RB L727).
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.core.evaluator import StopScore, TracedRoute, TrainScore
from solver.core.track_graph import NodeRef, TrackGraph
from solver.errors import Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.modes import RunMode
from solver.titles.g1860.trains import TrainSize

HALT_SUBSIDY = 10
LEASE_BASE = 40
LEASE_PER_STOP = 20
LARGE_KINDS = frozenset({"large", "offboard"})


@dataclass(frozen=True)
class Counted:
    """The stops of a route sorted by what they count for: every large station, the small stations counted and
    skipped, every halt passed and how many of them count; `problems` when the train cannot call at them."""

    problems: tuple[Problem, ...]
    large: tuple[NodeRef, ...]
    small: tuple[NodeRef, ...]
    skipped: tuple[NodeRef, ...]
    halts: tuple[NodeRef, ...]
    halts_counted: int


def allowance(size: TrainSize, mode: RunMode) -> tuple[int, int, str]:
    """(large stations at most, stations of every kind at most, the rule that says so) for a train in `mode`."""
    if mode.nationalisation:
        return size.n, size.n, rulebook.NATIONALISATION
    if mode.leased and not mode.original_insolvency:
        return size.n, size.n, rulebook.LEASING
    return size.n, size.n + size.m, rulebook.ALLOWANCE


def leasing_revenue(stops: int) -> int:
    """40 plus 20 for each station or halt a leased train runs to (Insolvency, RB L628-L632)."""
    return LEASE_BASE + LEASE_PER_STOP * stops


def original_insolvency_revenue(revenue: int) -> int:
    """Half the revenue, rounded up to the nearest 10 (Variant: Original Insolvency Revenue, RB L727)."""
    return -(-revenue // 20) * 10


def count_stops(graph: TrackGraph, route: TracedRoute, size: TrainSize, mode: RunMode) -> Counted:
    """Sort the route's stops into counted and not, checking the train's allowance and the `halts` choice."""
    label = route.label
    kinds = {ref: graph.nodes[ref].kind for ref in route.nodes}
    large = tuple(r for r in route.nodes if kinds[r] in LARGE_KINDS)
    small = tuple(r for r in route.nodes if kinds[r] == "small")
    halts = tuple(r for r in route.nodes if kinds[r] == "halt")
    large_cap, total, rule = allowance(size, mode)
    problems: list[Problem] = []
    if len(large) > large_cap:
        problems.append(
            Problem(
                label,
                rule,
                f"the route calls at {len(large)} large stations; a {size.name} train calls at {large_cap} at most",
            )
        )
    room = max(0, total - len(large))
    for name in sorted(set(route.choices) - {"halts"}):
        problems.append(Problem(f"{label} {name}", "format", f"{name!r} is not a choice of an 1860 route (halts)"))
    chosen = route.choices.get("halts")
    if chosen is not None and (
        not isinstance(chosen, int) or isinstance(chosen, bool) or not 0 <= chosen <= len(halts)
    ):
        problems.append(
            Problem(
                label, rulebook.HALTS, f"halts counted must be a whole number from 0 to {len(halts)}, not {chosen!r}"
            )
        )
        chosen = None
    if mode.halts_ignored:
        if chosen:
            problems.append(
                Problem(label, rulebook.SOUTHERN, "halts are no longer counted once the Southern has formed")
            )
        counted_halts = 0
    elif chosen is None:
        counted_halts = max(0, min(len(halts), room - len(small)))
    else:
        counted_halts = chosen
    if mode.skip_small:
        if counted_halts > room:
            problems.append(
                Problem(
                    label,
                    rule,
                    f"{counted_halts} halts counted; the train has room for {room} after its large stations",
                )
            )
        keep = max(0, min(len(small), room - counted_halts))
        best = sorted(small, key=lambda r: (-graph.nodes[r].value_in(graph.position.phase), route.nodes.index(r)))[
            :keep
        ]
        counted_small = tuple(r for r in small if r in best)
    else:
        counted_small = small
        if len(small) > room:
            problems.append(
                Problem(
                    label,
                    rulebook.CALL_AT_ALL,
                    f"the route passes {len(small)} small stations and must call at all of them; with "
                    f"{len(large)} large stations a {size.name} train has room for {room}",
                )
            )
        elif len(small) + counted_halts > room:
            problems.append(
                Problem(
                    label,
                    rule,
                    f"{counted_halts} halts counted; after {len(small)} small stations the train has room for "
                    f"{room - len(small)}",
                )
            )
    skipped = tuple(r for r in small if r not in counted_small)
    return Counted(tuple(problems), large, counted_small, skipped, halts, counted_halts)


def score_counted(
    graph: TrackGraph, phase: str, route: TracedRoute, counted: Counted, mode: RunMode, notes: list[str]
) -> TrainScore:
    """What a legal route earns: station values (each train its own, Running Trains, RB L542) and the halt
    subsidy, or a leased train's revenue."""
    leasing = mode.leased and not mode.original_insolvency
    counted_halts = set(counted.halts[: counted.halts_counted])
    stops: list[StopScore] = []
    for ref in route.nodes:
        node = graph.nodes[ref]
        if ref in counted.large or ref in counted.small:
            value = LEASE_PER_STOP if leasing else node.value_in(phase)
            stops.append(StopScore(ref, node.kind, value, True, "scored"))
        elif ref in counted.skipped:
            stops.append(StopScore(ref, node.kind, 0, False, "skipped (18xx.games option)"))
        elif ref in counted_halts:
            if leasing:
                stops.append(StopScore(ref, node.kind, LEASE_PER_STOP, True, "counted as a stop of the leased train"))
            else:
                stops.append(StopScore(ref, node.kind, 0, True, f"subsidy {HALT_SUBSIDY}"))
        elif mode.halts_ignored:
            stops.append(StopScore(ref, node.kind, 0, False, "not counted (the Southern has formed)"))
        else:
            stops.append(StopScore(ref, node.kind, 0, False, "bypassed"))
    values = sum(s.value for s in stops)
    subsidy = 0 if leasing else HALT_SUBSIDY * counted.halts_counted
    if leasing:
        calls = sum(1 for s in stops if s.counted)
        revenue = leasing_revenue(calls)
        notes = [*notes, f"leased train: {LEASE_BASE} + {LEASE_PER_STOP} for each of {calls} stops"]
    elif mode.leased:
        revenue = original_insolvency_revenue(values)
        notes = [*notes, f"leased train: half of {values}, rounded up to 10"]
    else:
        revenue = values
    return TrainScore(route.train, route.label, route.nodes, tuple(stops), revenue, subsidy, tuple(notes))
