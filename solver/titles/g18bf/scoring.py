"""Which stops of an 18BF route count, and what the route is worth (§10.6, §7.1).

An N-train (and a 2+2, 3+3 or 4+4, which runs as one) counts every large city, part of London and red area of its
route, which may be at most N, and its small cities up to N: intermediate small cities may be skipped, a small
city at an end may not (docs/routes-18bf.md, "Readings"). A 5+5E counts any five stops of its route. Each counts
at least two. Where the train has a choice, the stops that make the route worth most are counted: the highest
legal earnings must be declared (§10.6).

A stop is worth its printed value (a red area's by phase) plus what the company's privates add to it (§7.1); the
route adds the border bonuses (a counted stop in Scotland and one not in Scotland; the same for Wales), and London
and a red area, all from counted stops (§10.6: "Skipped cities do not count"); a plus train doubles the lot. The
Irish Sea ferries are assigned to areas for the whole run (`irish_ferries`), so a route's value here leaves them out
and names the Irish area it counts.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from solver.core.track_graph import NodeRef, TrackGraph
from solver.errors import Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.bonuses import Bonuses
from solver.titles.g18bf.trains import TrainSide

#: Node kinds a route counts as a city or red area that it may not skip (§10.6), and small cities.
LARGE = frozenset({"city", "london", "offboard"})
SMALL = "town"


@dataclass(frozen=True)
class RouteValue:
    """The stops a route counts and skips, each counted stop's value with its privates' additions, the route
    bonuses by name, the multiplier (2 for plus trains), the Irish area it counts (None: none) and any problem
    counting (too many large cities, fewer than two stops)."""

    counted: tuple[NodeRef, ...]
    skipped: tuple[NodeRef, ...]
    stop_values: tuple[tuple[NodeRef, int], ...]
    bonuses: tuple[tuple[str, int], ...]
    multiplier: int
    irish: str | None
    problems: tuple[Problem, ...]

    @property
    def revenue(self) -> int:
        """The route's value without the Irish Sea ferries: stops plus bonuses, times the multiplier."""
        return self.multiplier * (sum(v for _, v in self.stop_values) + sum(b for _, b in self.bonuses))


def stop_value(graph: TrackGraph, ref: NodeRef, bonuses: Bonuses) -> int:
    """A stop's value in the position's phase plus what the company's privates add to it (§7.1)."""
    return graph.nodes[ref].value_in(graph.position.phase) + bonuses.added(ref.hex)


#: What a counted stop brings to the route bonuses, as bits: in Scotland or not, in Wales or not, a part of
#: London, a red area.
_SCOTLAND, _NOT_SCOTLAND, _WALES, _NOT_WALES, _LONDON, _RED = (1 << i for i in range(6))


def bonus_bits(graph: TrackGraph, ref: NodeRef, bonuses: Bonuses) -> int:
    """What a counted stop brings to the route bonuses (`bonuses_of`), as bits."""
    region = bonuses.region(ref.hex)
    kind = graph.nodes[ref].kind
    bits = _SCOTLAND if region == "scotland" else _NOT_SCOTLAND
    bits |= _WALES if region == "wales" else _NOT_WALES
    return bits | (_LONDON if kind == "london" else 0) | (_RED if kind == "offboard" else 0)


def bonus_pairs(bonuses: Bonuses) -> list[tuple[str, int, int, int]]:
    """Each route bonus (§10.6) as (name, bit, other bit, amount): earned once by a route whose counted stops bring
    both bits (`bonus_bits`): a stop in Scotland and one not in Scotland, the same for Wales, a part of London and
    a red area."""
    return [
        ("England-Scotland", _SCOTLAND, _NOT_SCOTLAND, bonuses.england_scotland),
        ("England-Wales", _WALES, _NOT_WALES, bonuses.england_wales),
        ("London and a red area", _LONDON, _RED, bonuses.london_red),
    ]


def bonuses_of(bits: int, bonuses: Bonuses) -> list[tuple[str, int]]:
    """The route bonuses earned by counted stops bringing `bits` together (§10.6)."""
    return [(name, amount) for name, a, b, amount in bonus_pairs(bonuses) if bits & a and bits & b]


def bonuses_total(bits: int, bonuses: Bonuses) -> int:
    """The sum of the route bonuses earned by counted stops bringing `bits` together (before doubling)."""
    return sum(amount for _, amount in bonuses_of(bits, bonuses))


def route_bonuses(graph: TrackGraph, counted: Iterable[NodeRef], bonuses: Bonuses) -> list[tuple[str, int]]:
    """The border and London-red bonuses a train earns from the stops it counts (§10.6), before doubling: a
    counted stop in Scotland and one not in Scotland, the same for Wales, a part of London and a red area."""
    bits = 0
    for ref in counted:
        bits |= bonus_bits(graph, ref, bonuses)
    return bonuses_of(bits, bonuses)


def _feature(graph: TrackGraph, ref: NodeRef, bonuses: Bonuses) -> tuple[str, str, bool]:
    """What decides a stop's part in the bonuses: its region, its kind, whether it is in Ireland."""
    return bonuses.region(ref.hex), graph.nodes[ref].kind, ref.hex in bonuses.ireland


def best_stops(
    weights: Sequence[int],
    bits: Sequence[int],
    room: int,
    base: int,
    bonus: Callable[[int], int],
    heaviest_first: bool = False,
) -> tuple[int, tuple[int, ...]]:
    """Which `room` of a route's optional stops (each its weight and the bonus bits it brings, `bonus_bits`) to
    count, with stops bringing `base` counted anyway, so that their weights plus `bonus` of all their bits are
    worth most (§10.6: the highest earnings are declared); all of them when there is room. Returns that worth (the
    fixed stops' own values left out) and the chosen indexes: the first best combination in the order given, as
    itertools.combinations lists them. Exact: a branch is cut when even its best stops and every bonus bit left
    cannot beat the best so far. The one counting search of 18BF: the evaluator's `value_route` (stops in route
    order, ties to the earlier) and the run search's `route_walk` (value only, `heaviest_first`: the stops given by
    weight, the heaviest first, so that the best j stops from any index are the next j, and when the heaviest
    `room` already bring every bonus they are the answer)."""
    n = len(weights)
    size = max(min(room, n), 0)
    sums: list[int] = []
    table: list[list[int]] = []  # from index i on: the sums of the j best weights (when not given by weight)
    if heaviest_first:
        top = every = base
        for i, b in enumerate(bits):
            every |= b
            if i < size:
                top |= b
        if bonus(top) == bonus(every):
            return sum(weights[:size]) + bonus(top), tuple(range(size))
        sums = [0, *itertools.accumulate(weights)]
    else:
        table = [list(itertools.accumulate(sorted(weights[i:], reverse=True), initial=0)) for i in range(n + 1)]
    later = [0] * (n + 1)  # every bonus bit a stop from index i on brings
    for i in range(n - 1, -1, -1):
        later[i] = later[i + 1] | bits[i]
    best: tuple[int, ...] = ()
    best_value = -1
    chosen: list[int] = []

    def search(i: int, value: int, mask: int) -> None:
        nonlocal best, best_value
        need = size - len(chosen)
        if need == 0:
            total = value + bonus(mask)
            if total > best_value:
                best, best_value = tuple(chosen), total
            return
        for j in range(i, n - need + 1):
            most = table[j][need] if table else sums[j + need] - sums[j]
            if value + most + bonus(mask | later[j]) <= best_value:
                return
            chosen.append(j)
            search(j + 1, value + weights[j], mask | bits[j])  # noqa: F821 (its cell is emptied when it ends, below)
            chosen.pop()

    try:
        search(0, 0, base)
    finally:
        del search  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)
    return best_value, best


def _choose(
    graph: TrackGraph,
    fixed: Sequence[NodeRef],
    optional: Sequence[NodeRef],
    k: int,
    bonuses: Bonuses,
    weigh_ferries: bool,
) -> tuple[NodeRef, ...]:
    """The k optional stops that, counted with `fixed`, make the route worth most (with `weigh_ferries`, an Irish
    area weighed with a ferry the company owns), by `best_stops`. Exact: the bonuses depend only on which features
    the counted stops have, so only the k best stops of each feature can be needed; ties go to the stops earlier
    on the route."""
    if k <= 0:
        return ()
    ferry = bonuses.irish_amount if bonuses.irish_ferries and weigh_ferries else 0
    weight = {ref: stop_value(graph, ref, bonuses) + (ferry if ref.hex in bonuses.ireland else 0) for ref in optional}
    order = {ref: i for i, ref in enumerate(optional)}
    groups: dict[tuple[str, str, bool], list[NodeRef]] = defaultdict(list)
    for ref in sorted(optional, key=lambda r: (-weight[r], order[r])):
        group = groups[_feature(graph, ref, bonuses)]
        if len(group) < k:
            group.append(ref)
    pool = sorted((r for g in groups.values() for r in g), key=lambda r: order[r])
    base = 0
    for ref in fixed:
        base |= bonus_bits(graph, ref, bonuses)
    earned: dict[int, int] = {}

    def bonus(mask: int) -> int:
        if mask not in earned:
            earned[mask] = bonuses_total(mask, bonuses)
        return earned[mask]

    _, picked = best_stops([weight[r] for r in pool], [bonus_bits(graph, r, bonuses) for r in pool], k, base, bonus)
    return tuple(pool[i] for i in picked)


def value_route(
    graph: TrackGraph,
    label: str,
    nodes: Sequence[NodeRef],
    side: TrainSide,
    bonuses: Bonuses,
    weigh_ferries: bool = True,
) -> RouteValue:
    """Count the stops of a route (its nodes in order) for `side` and value it; `problems` when it cannot count
    them (§10.6). Where the train chooses (small cities, a 5+5E's five), an Irish area is weighed with an Irish
    Sea ferry the company owns unless `weigh_ferries` is False: the choice that is best when no ferry goes to the
    area (only a 5+5E can skip a red area, so only its counting can depend on where the ferries go)."""
    stops = [r for r in nodes if graph.nodes[r].kind in LARGE or graph.nodes[r].kind == SMALL]
    problems: list[Problem] = []
    if side.kind == "express":
        fixed: list[NodeRef] = []
        optional = stops
    else:
        ends = {nodes[0], nodes[-1]}
        fixed = [r for r in stops if graph.nodes[r].kind in LARGE or r in ends]
        optional = [r for r in stops if r not in fixed]
        if len(fixed) > side.stops:
            problems.append(
                Problem(
                    label,
                    rulebook.COUNT,
                    f"the route must count {len(fixed)} cities and red areas (large cities and its ends are never "
                    f"skipped); a {side.name} train counts {side.stops} at most",
                )
            )
    chosen = set(_choose(graph, fixed, optional, side.stops - len(fixed), bonuses, weigh_ferries))
    counted = tuple(r for r in stops if r in fixed or r in chosen)
    if len(counted) < 2:
        problems.append(Problem(label, rulebook.COUNT, f"the route counts {len(counted)} stop(s); a train counts two"))
    irish = next((r.hex for r in counted if r.hex in bonuses.ireland), None)
    return RouteValue(
        counted=counted,
        skipped=tuple(r for r in stops if r not in counted),
        stop_values=tuple((r, stop_value(graph, r, bonuses)) for r in counted),
        bonuses=tuple(route_bonuses(graph, counted, bonuses)),
        multiplier=side.multiplier,
        irish=irish,
        problems=tuple(problems),
    )


def countings(
    graph: TrackGraph,
    label: str,
    nodes: Sequence[NodeRef],
    side: TrainSide,
    bonuses: Bonuses,
    first: RouteValue | None = None,
) -> list[RouteValue]:
    """The countings of a route worth considering for a whole run: the best one with an owned Irish ferry going
    to its Irish area (`first` when it is given: `value_route`'s for the same route), and for a 5+5E counting an
    Irish area, the best one without (when it differs)."""
    if first is None:
        first = value_route(graph, label, nodes, side, bonuses)
    if side.kind != "express" or first.irish is None or not bonuses.irish_ferries:
        return [first]
    second = value_route(graph, label, nodes, side, bonuses, weigh_ferries=False)
    return [first] if second.counted == first.counted else [first, second]


def irish_ferries(visits: Sequence[tuple[str | None, int]], bonuses: Bonuses) -> dict[int, tuple[str, int]]:
    """The best assignment of the company's Irish Sea ferries to areas of Ireland, one area each (§10.6): given
    each train's Irish area and multiplier, the ferries go to the areas that the most train-visits reach (a plus
    train counting twice; ties to the area first in the data's order), which is exact as every Irish ferry is
    worth the same. Returns, for each train that earns a ferry's bonus, (the ferry, its bonus, doubled for a plus
    train)."""
    weight: dict[str, int] = defaultdict(int)
    for area, multiplier in visits:
        if area is not None:
            weight[area] += multiplier
    order = sorted(bonuses.ireland)
    areas = sorted(weight, key=lambda a: (-weight[a], order.index(a)))
    assigned = {area: ferry for ferry, area in zip(bonuses.irish_ferries, areas, strict=False)}
    return {
        i: (assigned[area], bonuses.irish_amount * multiplier)
        for i, (area, multiplier) in enumerate(visits)
        if area is not None and area in assigned
    }


def best_countings(options: Sequence[Sequence[RouteValue]], bonuses: Bonuses) -> tuple[int, tuple[RouteValue, ...]]:
    """Of the countings each route may take (`countings`), the choice that makes the run worth most with the
    Irish Sea ferries assigned at best (§10.6: the highest earnings are declared); the first of equals. Returns
    the worth (ferries included) and the chosen counting of each route."""
    best: tuple[int, tuple[RouteValue, ...]] = (-1, ())
    for combo in itertools.product(*options):
        ferries = irish_ferries([(v.irish, v.multiplier) for v in combo], bonuses)
        worth = sum(v.revenue for v in combo) + sum(amount for _, amount in ferries.values())
        if worth > best[0]:
            best = (worth, combo)
    return best
