"""An exhaustive search for a company's best 18BF run, independent of any optimizer: it lists every route each
train may run (every simple path along the track graph, every way it can lie on the track, kept when the route
rules accept it alone), then searches every choice of one route or none per train whose routes share no track
(§10.6), by branch and bound over the candidates sorted by value; the G-trains' part is solved apart, exactly
(`goods.best_goods`). The answer is judged again by the evaluator, the one source of truth, and must agree.

Candidates are listed by `route_candidates` and valued by the route rules alone (legality and value of one
route), the whole-run parts being the shared-track check and the Irish Sea ferries' assignment
(`scoring.irish_ferries`): a search of another kind can reuse both.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec, TracedRoute
from solver.core.track_graph import NodeRef, Piece, Side, TrackGraph
from solver.titles.g18bf.evaluator import evaluate, rules_for
from solver.titles.g18bf.goods import best_goods
from solver.titles.g18bf.route_rules import Rules18BF
from solver.titles.g18bf.scoring import LARGE, countings, irish_ferries
from solver.titles.g18bf.trains import train_sides


class SearchStopped(Exception):
    """The time limit passed."""


@dataclass(frozen=True)
class Candidate:
    """A route one train may run alone: its spec, its value without the Irish Sea ferries, the Irish area it
    counts and its multiplier, and the track it uses."""

    spec: RouteSpec
    value: int
    irish: str | None
    multiplier: int
    track: frozenset[Piece | Side]


@dataclass(frozen=True)
class Best:
    """The best run found, its evaluation, the candidates listed and runs reached in the search, and whether the
    search was complete (False when the time limit stopped it: then the run is the best found so far)."""

    run: tuple[RouteSpec, ...]
    evaluation: Evaluation
    candidates: int
    runs_judged: int
    complete: bool = True


def simple_paths(graph: TrackGraph, rules: Rules18BF, most_large: int | None) -> Iterator[tuple[NodeRef, ...]]:
    """Every path of two or more distinct nodes along links, once per pair of directions (the path or its
    reverse, whichever sorts first), not run on past a red area, a part of London, a port or a city full of
    other companies' markers, nor past more than `most_large` large stops (None: no limit)."""

    def extend(path: list[NodeRef], large: int) -> Iterator[tuple[NodeRef, ...]]:
        if len(path) > 1 and path[0] < path[-1]:
            yield tuple(path)
        last = path[-1]
        if len(path) > 1 and (last in graph.end_only or rules.tokened_out(graph, last)):
            return
        for nxt in graph.neighbours(last):
            if nxt in path:
                continue
            more = large + (graph.nodes[nxt].kind in LARGE)
            if most_large is not None and more > most_large:
                continue
            path.append(nxt)
            yield from extend(path, more)  # noqa: F821 (its cell is emptied when the listing ends, below)
            path.pop()

    try:
        for start in sorted(graph.nodes):
            if graph.nodes[start].kind != "port":
                yield from extend([start], int(graph.nodes[start].kind in LARGE))
    finally:
        del extend  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)


def route_candidates(graph: TrackGraph, rules: Rules18BF, train: str, deadline: float = math.inf) -> list[Candidate]:
    """Every route `train` may run alone, one per path and track used (the best way where several ways of a
    path use the same track); SearchStopped when the clock passes `deadline` (time.monotonic())."""
    side = train_sides()[train]
    most = None if side.kind == "express" else side.stops
    found: dict[tuple[frozenset[Piece | Side], str | None], Candidate] = {}
    for path in simple_paths(graph, rules, most):
        if time.monotonic() > deadline:
            raise SearchStopped
        options = [graph.links(a, b) for a, b in itertools.pairwise(path)]
        for way in itertools.product(*options):
            route = TracedRoute(0, train, f"train ({train})", path, way, {})
            if rules.check_route(graph, route):
                continue
            for value in countings(graph, route.label, path, side, rules.bonuses):
                candidate = Candidate(
                    RouteSpec(train, tuple(map(str, path))), value.revenue, value.irish, value.multiplier, route.track
                )
                known = found.get((route.track, value.irish))
                if known is None or candidate.value > known.value:
                    found[(route.track, value.irish)] = candidate
    return sorted(found.values(), key=lambda c: (-c.value, c.spec.nodes))


def run_value(chosen: Sequence[Candidate], rules: Rules18BF) -> int:
    """The routes' value with the Irish Sea ferries assigned at best (§10.6)."""
    ferries = irish_ferries([(c.irish, c.multiplier) for c in chosen], rules.bonuses)
    return sum(c.value for c in chosen) + sum(amount for _, amount in ferries.values())


def best_run(position: BoardPosition, company: str, time_limit: float | None = None) -> Best:
    """The best legal run of `company`'s trains, by listing every candidate route and searching every choice of
    routes sharing no track, within `time_limit` seconds if given (then possibly incomplete)."""
    deadline = math.inf if time_limit is None else time.monotonic() + time_limit
    rules = rules_for(position, company)
    graph = TrackGraph(position)
    trains = position.companies[company].trains
    goods = best_goods(graph, company, [t for t in trains if train_sides()[t].goods], rules.bonuses)
    route_trains = sorted((t for t in trains if not train_sides()[t].goods), key=lambda t: -train_sides()[t].stops)
    listed: dict[str, list[Candidate]] = {}
    try:
        for train in route_trains:
            if train not in listed:
                listed[train] = route_candidates(graph, rules, train, deadline)
    except SearchStopped:
        verdict = evaluate(position, company, goods, graph)
        return Best(tuple(goods), verdict, 0, 0, complete=False)
    search = _Search(rules, [listed[t] for t in route_trains], route_trains, deadline)
    complete = search.run()
    specs = (*(c.spec for c in search.best if c is not None), *goods)
    verdict = evaluate(position, company, specs, graph)
    expected = run_value([c for c in search.best if c is not None], rules)
    goods_value = sum(t.revenue for t in verdict.trains if train_sides()[t.train].goods)
    if not verdict.legal or verdict.revenue != expected + goods_value:
        raise AssertionError(f"the evaluator does not confirm the search's run: {verdict}")
    return Best(specs, verdict, sum(len(v) for v in listed.values()), search.leaves, complete)


class _Search:
    """Branch and bound over one candidate or none per train: candidates sorted by value, a bound of the best
    candidate of each train left (with an Irish ferry's bonus where it could earn one), identical trains taking
    candidates in increasing order."""

    def __init__(self, rules: Rules18BF, options: list[list[Candidate]], trains: list[str], deadline: float) -> None:
        ferry = rules.bonuses.irish_amount if rules.bonuses.irish_ferries else 0

        def optimistic(c: Candidate) -> int:
            return c.value + (ferry * c.multiplier if c.irish else 0)

        self.rules = rules
        self.options = [sorted(o, key=lambda c: -optimistic(c)) for o in options]
        self.trains = trains
        self.deadline = deadline
        self.optimistic = [[optimistic(c) for c in o] for o in self.options]
        self.rest = [sum(o[0] if o else 0 for o in self.optimistic[i:]) for i in range(len(options) + 1)]
        self.best: list[Candidate | None] = [None] * len(options)
        self.best_value = 0
        self.leaves = 0

    def run(self) -> bool:
        try:
            self._step(0, [], frozenset(), 0, -1)
        except SearchStopped:
            return False
        return True

    def _step(
        self, i: int, chosen: list[Candidate | None], used: frozenset[Piece | Side], bound: int, last: int
    ) -> None:
        if time.monotonic() > self.deadline:
            raise SearchStopped
        if i == len(self.options):
            self.leaves += 1
            value = run_value([c for c in chosen if c is not None], self.rules)
            if value > self.best_value:
                self.best_value, self.best = value, list(chosen)
            return
        if bound + self.rest[i] <= self.best_value:
            return
        same = i > 0 and self.trains[i] == self.trains[i - 1]
        if not (same and last == len(self.options[i])):
            for k, candidate in enumerate(self.options[i]):
                if same and k <= last:
                    continue
                if bound + self.optimistic[i][k] + self.rest[i + 1] <= self.best_value:
                    break
                if candidate.track & used:
                    continue
                chosen.append(candidate)
                self._step(i + 1, chosen, used | candidate.track, bound + self.optimistic[i][k], k)
                chosen.pop()
        chosen.append(None)
        self._step(i + 1, chosen, used, bound, len(self.options[i]))
        chosen.pop()
