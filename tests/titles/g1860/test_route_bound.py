"""The bound from listed routes (solver.titles.g1860.route_bound) and the search over the routes it leaves
(solver.titles.g1860.priced_search, the optimizer's way for three trains or more): the bound never below the best
run the independent exhaustive enumerator finds, the search equal to the enumerator (revenue, subsidy, proof) with
three trains on random stretches in both modes, every game state and both objectives, and the dense board where
the bound closes what the path model's relaxation left open."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.core.board_position import BoardPosition
from solver.core.search.candidates import Weights
from solver.core.track_graph import TrackGraph
from solver.titles.g1860 import enumerator, search_choice
from solver.titles.g1860.evaluator import rules_for
from solver.titles.g1860.optimizer import best_run
from solver.titles.g1860.route_bound import BoundStopped, RouteBound, node_sets, route_bound
from solver.titles.g1860.route_walk import Walk1860

from .boards import late_board
from .test_importer import OLD_FORMAT, STOCK_MARKET
from .test_optimizer import assert_agrees, key, stretch_runs


def three_trains(most: int = 3) -> st.SearchStrategy[tuple[BoardPosition, str, str]]:
    """A stretch, a company with a base on it, `most` trains of 2+1, 3+2 and 4+2, a rule mode, a game state and an
    objective."""
    return stretch_runs(("2+1", "3+2", "4+2"), most, most)


def _bound(position: BoardPosition, company: str, objective: str) -> int:
    trains = list(position.companies[company].trains)
    graph = TrackGraph(position)
    walk = Walk1860(rules_for(position, company), graph, trains)
    return route_bound(graph, walk, trains, Weights(objective), lambda: False).most  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3).flatmap(lambda n: three_trains(most=n)))
def test_the_route_bound_is_never_below_the_enumerators_best_run(board: tuple[BoardPosition, str, str]) -> None:
    """Weak duality over every route each train may run alone, with the cuts over node sets (valid for every run,
    RB L540) and the home and meeting rule left out (RB L525): no run is worth more than the bound."""
    position, company, objective = board
    exhaustive = enumerator.best_run(position, company, objective, time_limit=5.0)  # type: ignore[arg-type]
    assume(exhaustive.complete)
    worth = key(exhaustive.evaluation.revenue, exhaustive.evaluation.subsidy, objective)[0]
    assert _bound(position, company, objective) >= worth


#: Each side of the choice of search (solver.titles.g1860.search_choice) forced in turn: the listed search as the
#: rule chooses it on these small stretches; the path model alone where the listing's estimate is above its limit;
#: and where the listing passes its checks.
CHOICES: dict[str, dict[str, int]] = {
    "listed": {},
    "estimated too large": {"LISTED_STEPS": -1},
    "listing past its checks": {"LISTING_CHECKS": 0},
}


@pytest.mark.parametrize("choice", sorted(CHOICES))
@settings(max_examples=20, deadline=None)
@given(board=three_trains())
def test_with_three_trains_the_optimizer_finds_the_enumerators_best_run_and_proves_it(
    choice: str, board: tuple[BoardPosition, str, str]
) -> None:
    position, company, objective = board
    exhaustive = enumerator.best_run(position, company, objective, time_limit=5.0)  # type: ignore[arg-type]
    assume(exhaustive.complete)
    listed: list[bool] = []
    with pytest.MonkeyPatch.context() as patch:
        for name, value in CHOICES[choice].items():
            patch.setattr(search_choice, name, value)
        patch.setattr(search_choice, "route_bound", _recorded(listed))
        found = best_run(position, company, objective=objective)  # type: ignore[arg-type]
    assert_agrees(position, company, objective, found, exhaustive)
    # The side forced is the side taken: the listing begun, and its bound reached only where it is the listed search.
    assert listed == ([True] if choice == "listed" else [False] if choice == "listing past its checks" else [])


def _recorded(listed: list[bool]) -> Callable[..., RouteBound]:
    """The route bound, recording each call: True when it gave a bound, False when it gave up."""

    def bound(*args: Any) -> RouteBound:
        try:
            found = route_bound(*args)
        except BoundStopped:
            listed.append(False)
            raise
        listed.append(True)
        return found

    return bound


def test_the_route_bound_proves_iwnj_four_trains_on_19354s_last_board() -> None:
    """IWNJ with 9+5 9+5 8+4 7+4 on the last board of 19354 (rulebook): the path model's relaxation stayed at
    860-880 above the run of 820 for 49 s (docs/routes-1860.md, "Measured"); the bound over whole routes with the
    cuts is 823 1/3, rounded down to the tens 820, and the run found reaches it."""
    position = late_board(OLD_FORMAT, "IWNJ", "rulebook")
    assert _bound(position, "IWNJ", "revenue") == 820
    result = best_run(position, "IWNJ", time_limit=600)
    assert result.status == "optimal" and result.evaluation.revenue == result.bound == 820


def test_four_trains_with_no_route_through_the_home_base_have_no_legal_run_rb_l525() -> None:
    """BHI&R with four trains on stock_market's last board: routes exist, none through its home base, so no run is
    legal (RB L525). The search once lowered its target step by step with no check of the time limit between
    steps, past the limit; it now answers at once."""
    position = late_board(STOCK_MARKET, "BHI&R", "site")
    result = best_run(position, "BHI&R", time_limit=600)
    assert result.status == "infeasible" and not result.routes


@pytest.mark.parametrize("largest", [1, 2, 3, 4])
def test_the_node_sets_are_every_connected_set_of_track_once(largest: int) -> None:
    """`node_sets` against a brute force over every set of up to `largest` nodes of a late board: the connected
    ones (a set is connected when a search along track from one of its nodes inside the set reaches them all),
    each given once."""
    graph = TrackGraph(late_board(STOCK_MARKET, "IWNJ", "site"))
    given_sets = list(node_sets(graph, largest))
    assert len(given_sets) == len(set(given_sets))
    linked = [ref for ref in graph.nodes if graph.neighbours(ref)]
    expected = set()
    for size in range(1, largest + 1):
        for combo in itertools.combinations(linked, size):
            nodes = frozenset(combo)
            reached, todo = {combo[0]}, [combo[0]]
            while todo:
                for b in graph.neighbours(todo.pop()):
                    if b in nodes and b not in reached:
                        reached.add(b)
                        todo.append(b)
            if reached == nodes:
                expected.add(nodes)
    assert set(given_sets) == expected
