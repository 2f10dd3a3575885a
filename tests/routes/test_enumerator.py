"""The enumerator: every legal route of each train, and the best run by exhaustive search with a safe bound.

Its answers are checked against a plain brute force over every combination of routes (no bound at all),
against hand-worked positions, and against the evaluator's verdict on the routes it returns."""

from __future__ import annotations

import itertools

import pytest

from routes.conftest import RouteKit
from solver.errors import InputError
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.enumerator import enumerate_best, legal_routes
from solver.titles.g1862.routes.evaluator import evaluate, route_labels
from solver.titles.g1862.routes.legality import trace_route
from solver.titles.g1862.routes.model import RouteSpec
from solver.titles.g1862.track import build_graph

SMALL_BOARDS = [
    ("west-norfolk", "WNR"),
    ("enr-table-late-trains", "ENR"),
    ("chain-f2-f3", "L&H"),
    ("chain-f1-f1-f3", "L&H"),
    ("colchester-london", "EUR"),
]


def brute_force(position: Position, company: str) -> tuple[int, int]:
    """The best (revenue, subsidy) over every combination of legal routes, each scored by the evaluator."""
    graph = build_graph(position)
    trains = list(position.companies[company].trains)
    choices = [[None, *legal_routes(graph, company, t)] for t in trains]
    best = (0, 0)
    for combo in itertools.product(*choices):
        routes = [RouteSpec(t.name, hexes) for t, hexes in zip(trains, combo, strict=True) if hexes is not None]
        ev = evaluate(position, company, routes, graph)
        if ev.legal:
            best = max(best, (ev.revenue, ev.subsidy))
    return best


@pytest.mark.parametrize(("board", "company"), SMALL_BOARDS)
def test_enumerator_matches_brute_force(kit: RouteKit, board: str, company: str) -> None:
    position = kit.rulebook_position(board)
    ev, routes = enumerate_best(position, company)
    assert ev.legal
    assert (ev.revenue, ev.subsidy) == brute_force(position, company)
    again = evaluate(position, company, routes)
    assert again == ev


@pytest.mark.parametrize(("board", "company"), [*SMALL_BOARDS, ("lh-multiple-types", "L&H"), ("enr-table", "ENR")])
def test_every_listed_route_is_legal_on_its_own(kit: RouteKit, board: str, company: str) -> None:
    position = kit.rulebook_position(board)
    graph = build_graph(position)
    for train in set(position.companies[company].trains):
        routes = legal_routes(graph, company, train)
        assert routes, f"{train.name} has no route"
        assert len(set(routes)) == len(routes)
        assert not {tuple(reversed(r)) for r in routes} & set(routes)  # each route once, in one direction
        for hexes in routes:
            traced, problems = trace_route(graph, company, train, hexes, train.name)
            assert traced is not None and not problems, (hexes, problems)


def test_legal_routes_reach_every_hand_found_route(kit: RouteKit) -> None:
    position = kit.rulebook_position("lh-multiple-types")
    graph = build_graph(position)
    trains = {t.name: t for t in position.companies["L&H"].trains}
    both_ways = {
        name: {h for r in legal_routes(graph, "L&H", t) for h in (r, tuple(reversed(r)))} for name, t in trains.items()
    }
    assert ("C4", "D5", "E6", "E4") in both_ways["3L"]
    assert ("A10", "B9", "B7", "B5") in both_ways["4E"]
    assert ("A6", "B5", "C4", "D3", "E2", "D1") in both_ways["5F"]
    assert not any(len(r) > 6 for r in both_ways["5F"])  # at most five hexes after the start
    assert not any(h.startswith("A") for r in both_ways["3L"] for h in r)  # never off-board


def test_no_routes_without_a_permit(kit: RouteKit) -> None:
    position = kit.rulebook_position(
        "lh-multiple-types", companies=[{"id": "L&H", "trains": ["3L", "4E", "5F"], "permits": ["freight"]}]
    )
    graph = build_graph(position)
    local = next(t for t in position.companies["L&H"].trains if t.name == "3L")
    assert legal_routes(graph, "L&H", local) == []
    ev, routes = enumerate_best(position, "L&H")
    assert {r.train for r in routes} == {"5F"}
    assert ev.revenue == 90 + 90 + 4 * 30  # Midlands to Wells port


def test_the_best_run_of_the_7_8_4_board_is_the_rulebook_run(kit: RouteKit) -> None:
    ev, routes = enumerate_best(kit.rulebook_position("lh-multiple-types"), "L&H")
    assert (ev.revenue, ev.subsidy) == (640, 40)
    assert len(routes) == 3


def test_trains_that_add_nothing_are_left_out(kit: RouteKit) -> None:
    ev, routes = enumerate_best(kit.rulebook_position("enr-table"), "ENR")
    assert (ev.revenue, ev.subsidy) == (220, 40)
    assert all(t.revenue > 0 or t.subsidy_hexes for t in ev.trains)
    assert len(routes) == 2


def test_pinned_routes_run_as_given(kit: RouteKit) -> None:
    position = kit.rulebook_position("west-norfolk")
    pin = RouteSpec("3F", ("F5", "E4", "E2"))
    ev, routes = enumerate_best(position, "WNR", pinned=[pin])
    assert routes[0] == pin
    assert ev.legal
    free, _ = enumerate_best(position, "WNR")
    assert ev.revenue <= free.revenue


def test_excluded_trains_do_not_run(kit: RouteKit) -> None:
    position = kit.rulebook_position("west-norfolk")
    ev, routes = enumerate_best(position, "WNR", excluded=["3F", "3E"])
    assert {r.train for r in routes} == {"3L"}
    assert ev.revenue == max(
        evaluate(position, "WNR", [RouteSpec("3L", h)]).revenue
        for h in legal_routes(build_graph(position), "WNR", position.companies["WNR"].trains[1])
        if evaluate(position, "WNR", [RouteSpec("3L", h)]).legal
    )


def test_pinned_or_excluded_train_the_company_lacks_is_an_input_error(kit: RouteKit) -> None:
    position = kit.rulebook_position("west-norfolk")
    with pytest.raises(InputError):
        enumerate_best(position, "WNR", excluded=["6F"])
    with pytest.raises(InputError):
        enumerate_best(position, "WNR", pinned=[RouteSpec("5E", ("E2", "E4"))])
    with pytest.raises(InputError):
        enumerate_best(position, "ZZZ")


def test_illegal_pinned_route_returns_its_problems(kit: RouteKit) -> None:
    position = kit.rulebook_position("west-norfolk")
    ev, routes = enumerate_best(position, "WNR", pinned=[RouteSpec("3L", ("E2", "D3"))])
    assert not ev.legal
    assert routes == (RouteSpec("3L", ("E2", "D3")),)


def _subsidy_board(kit: RouteKit) -> Position:
    """ENR's 2L: Cromer-Norwich earns 60 with 20 subsidy; Cromer-N Walsham-Acle-Great Yarmouth (no small
    stations on that line) earns 50 with 40 subsidy."""
    return kit.position(
        {
            "phase": "B",
            "tiles": [
                {"hex": "F3", "tile": "5", "rotation": 5},
                {"hex": "F5", "tile": "790", "rotation": 0},
                {"hex": "G4", "tile": "16", "rotation": 5},
                {"hex": "G6", "tile": "21", "rotation": 0},
                {"hex": "H5", "tile": "201", "rotation": 0},
            ],
            "stations": {"F3": ["ENR"]},
            "companies": [{"id": "ENR", "trains": ["2L"], "permits": ["local"]}],
        }
    )


@pytest.mark.parametrize(("objective", "expected"), [("revenue", (60, 20)), ("cash", (50, 40))])
def test_objective_revenue_or_cash(kit: RouteKit, objective: str, expected: tuple[int, int]) -> None:
    ev, _ = enumerate_best(_subsidy_board(kit), "ENR", objective=objective)  # type: ignore[arg-type]
    assert (ev.revenue, ev.subsidy) == expected


def test_identical_trains_are_labelled_apart() -> None:
    assert route_labels(["1F", "3F", "1F"]) == ["1F #1", "3F", "1F #2"]
