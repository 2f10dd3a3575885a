"""The routes of a run meeting one another, as linear constraints over whether each train visits each node: the
piece a title's rule "every route meets the rest of the run" is written with, by the core's choice among listed
routes (`solver.core.search.model`) and by a title's path model alike.

"Trains a and b meet at n" is a Boolean at most both visits; for every split of the trains into two sides (the
first train's side named, at most 2^(trains-1) splits), when a train runs on each side some pair across the split
meets. Together: the routes that run form one connected whole.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from ortools.sat.python import cp_model

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

    Node = TypeVar("Node", bound=SupportsRichComparison)
else:
    Node = TypeVar("Node")


def routes_meet(
    model: cp_model.CpModel,
    visits: Sequence[Mapping[Node, cp_model.IntVar]],
    runs: Sequence[cp_model.LinearExpr],
    met: Callable[[int, int, Node, cp_model.IntVar], None] | None = None,
) -> None:
    """Every running train's route meets the others' (`visits[t]`: train t's Boolean per node it may visit,
    `runs[t]`: whether it runs). `met(a, b, node, var)` is told each meeting Boolean made."""
    n = len(visits)
    meet: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for a, b in itertools.combinations(range(n), 2):
        pair: list[cp_model.IntVar] = []
        for node in sorted(set(visits[a]) & set(visits[b])):
            y = model.new_bool_var(f"m{a}_{b}_{node}")
            model.add(y <= visits[a][node])
            model.add(y <= visits[b][node])
            pair.append(y)
            if met is not None:
                met(a, b, node, y)
        meet[(a, b)] = pair
    for size in range(1, n):
        for side in itertools.combinations(range(n), size):
            if 0 not in side:
                continue
            other = [u for u in range(n) if u not in side]
            crossing = [y for a in side for b in other for y in meet[(min(a, b), max(a, b))]]
            for a in side:
                for b in other:
                    model.add(cp_model.LinearExpr.sum(crossing) >= runs[a] + runs[b] - 1)
