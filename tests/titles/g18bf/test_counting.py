"""One counting search for 18BF (§10.6: the highest earnings are declared): `scoring.best_stops` chooses which of a
route's optional stops count, for the evaluator (`value_route`, stops in route order, ties to the earlier) and for
the run search (`route_walk.Walk18BF`, value only, stops heaviest first). Hypothesis properties: its worth is the
best of every combination, its choice the first best as itertools.combinations lists them, in either order; and
the run search values every route it walks as the evaluator does."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from solver.core.track_graph import NodeRef
from solver.titles.g18bf.evaluator import rules_for
from solver.titles.g18bf.route_walk import Walk18BF
from solver.titles.g18bf.scoring import best_stops, bonus_bits, bonuses_total, countings
from solver.titles.g18bf.trains import train_sides

from .test_properties import BOARD, BONUSES, GRAPH, walks

#: The bonus bits of the board's stops: Scotland, England, Wales, London and red areas in every mix.
BITS = sorted({bonus_bits(GRAPH, ref, BONUSES) for ref in GRAPH.nodes})
RULES = rules_for(BOARD, "LMS")


def _bonus(mask: int) -> int:
    return bonuses_total(mask, BONUSES)


stops = st.lists(st.tuples(st.integers(0, 100), st.sampled_from(BITS)), max_size=9)


@given(stops, st.integers(0, 6), st.sampled_from([0, *BITS]), st.booleans())
def test_the_counted_stops_are_the_first_best_combination(
    found: list[tuple[int, int]], room: int, base: int, heaviest_first: bool
) -> None:
    if heaviest_first:
        found = sorted(found, key=lambda s: -s[0])
    weights, bits = [w for w, _ in found], [b for _, b in found]
    worth, chosen = best_stops(weights, bits, room, base, _bonus, heaviest_first)

    def value(combo: tuple[int, ...]) -> int:
        mask = base
        for i in combo:
            mask |= bits[i]
        return sum(weights[i] for i in combo) + _bonus(mask)

    combos = list(itertools.combinations(range(len(found)), min(room, len(found))))
    best = max(value(c) for c in combos)
    assert worth == best == value(chosen)
    assert chosen == next(c for c in combos if value(c) == best)


@given(walks(), st.sampled_from(["2", "3", "4", "5", "6", "2+2", "3+3", "4+4", "5+5E"]))
def test_the_run_search_values_each_route_it_walks_as_the_evaluator_does(path: tuple[NodeRef, ...], train: str) -> None:
    """A route the walk accepts is worth, by the walk, what the evaluator's countings give it (the Irish Sea
    ferry's grant included for an Irish area the best counting counts)."""
    walk = Walk18BF(RULES, GRAPH, [train])
    state = walk.start(path[0])
    for a, b in itertools.pairwise(path):
        if state is None:
            return
        state = walk.step(state, GRAPH.links(a, b)[0])
    if state is None:
        return
    options = walk.finish(state, train)
    side = train_sides()[train]
    values = countings(GRAPH, "t", path, side, BONUSES)
    if not options or values[0].problems:
        return
    ferry = BONUSES.irish_amount * side.multiplier if BONUSES.irish_ferries else 0
    [option] = options
    assert option.revenue == max(v.revenue + (ferry if v.irish else 0) for v in values)
