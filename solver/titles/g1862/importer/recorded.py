"""Judging a recorded run's routes by our evaluator, whatever order and direction the site recorded them in.

The site records a route's hexes in either direction and the members of a Freight chain in any order; 7.8.1
joins Freight trains end to end, so the recording order carries no meaning. `judge_routes` tries the
Freight routes in every order and direction and keeps a legal joining when there is one; the review judges
every run with it. (The replay of the money pays the recorded revenue: with it the three games' final scores
are the site's, docs/importer.md.)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import Evaluation, RouteSpec

CHAIN_WORDS = ("join end to end",)


def orientations(routes: Sequence[RouteSpec]) -> list[list[RouteSpec]]:
    """The recorded routes with the Freight routes in every order and direction (the site records a route's
    hexes in either direction and chain members in any order; 7.8.1 joins them end to end)."""
    freight = [i for i, r in enumerate(routes) if r.train.upper().endswith("F")]
    if len(freight) < 2 or len(freight) > 4:
        return [list(routes)]
    others = [r for i, r in enumerate(routes) if i not in freight]
    out: list[list[RouteSpec]] = []
    for order in itertools.permutations(freight):
        for flips in itertools.product((False, True), repeat=len(order)):
            chain = [
                RouteSpec(routes[i].train, tuple(reversed(routes[i].hexes)) if f else routes[i].hexes)
                for i, f in zip(order, flips, strict=True)
            ]
            out.append(chain + others)
    return out


def judge_routes(
    position: Position, company: str, specs: tuple[RouteSpec, ...]
) -> tuple[Evaluation, tuple[RouteSpec, ...]]:
    """Our evaluator's verdict on the recorded routes, with Freight routes oriented into a chain when the
    recording's order or direction is all that keeps them apart (7.8.1)."""
    first = evaluate(position, company, specs)
    if first.legal or not any(word in p.message for p in first.problems for word in CHAIN_WORDS):
        return first, specs
    best: tuple[Evaluation, tuple[RouteSpec, ...]] = (first, specs)
    for candidate in orientations(specs)[1:]:
        ev = evaluate(position, company, candidate)
        if ev.legal:
            return ev, tuple(candidate)
        joins = sum(any(w in p.message for w in CHAIN_WORDS) for p in ev.problems)
        best_joins = sum(any(w in p.message for w in CHAIN_WORDS) for p in best[0].problems)
        if joins < best_joins or (joins == best_joins and len(ev.problems) < len(best[0].problems)):
            best = (ev, tuple(candidate))
    return best
