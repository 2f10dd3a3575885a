"""Which search a run of several trains takes (solver.titles.g1860.search_choice): the listing's size estimated by
the core's `listing_size.estimated_steps` (Knuth's estimator) against the steps the lister really takes, the
largest dense board sent to the path model before any route is listed, the boards the listed search proves quickly
kept to it, and Stop and the time limit at the choice itself. That the optimizer equals the enumerator on either
side of the rule is checked in test_route_bound.py (every way forced in turn)."""

from __future__ import annotations

from typing import Any

import pytest
from stop_checks import StopAtCheck

from solver.core.search.candidates import TrackBits, Weights, list_candidates
from solver.core.search.listing_size import estimated_steps
from solver.core.track_graph import Link, TrackGraph
from solver.titles.g1860 import search_choice
from solver.titles.g1860.evaluator import rules_for
from solver.titles.g1860.optimizer import best_run
from solver.titles.g1860.route_walk import Partial, Walk1860
from solver.titles.g1860.search_choice import LISTED_STEPS, PROBES, listed_bound

from .boards import late_board
from .test_importer import OLD_FORMAT, STOCK_MARKET


def _walk(game: Any, company: str, mode: str) -> tuple[TrackGraph, Walk1860, list[str]]:
    position = late_board(game, company, mode)
    trains = list(position.companies[company].trains)
    graph = TrackGraph(position)
    return graph, Walk1860(rules_for(position, company), graph, trains), trains


class _CountedWalk(Walk1860):
    """1860's walk counting its steps: one per step the lister tries (its time-limit checks count the same)."""

    steps = 0

    def step(self, state: Partial, link: Link) -> Partial | None:
        self.steps += 1
        return super().step(state, link)


@pytest.mark.parametrize("company", ["IWNJ", "BHI&R", "FYN"])
def test_the_listings_estimated_steps_are_within_a_fifth_of_the_steps_it_takes(company: str) -> None:
    """19354's last board, four trains, rulebook mode: 12,850-29,223 steps listed; the estimate the choice uses
    (PROBES probes, the fixed seed) within 20 % of them (measured 1-15 % off)."""
    position = late_board(OLD_FORMAT, company, "rulebook")
    trains = list(position.companies[company].trains)
    graph = TrackGraph(position)
    walk = _CountedWalk(rules_for(position, company), graph, trains)
    list_candidates(graph, walk, sorted(set(trains)), Weights("revenue"), TrackBits())
    counted = walk.steps
    assert abs(estimated_steps(graph, walk, PROBES) - counted) < 0.2 * counted


def test_iwnj_site_on_stock_markets_last_board_goes_to_the_path_model_before_any_route_is_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """IWNJ with 9+5 9+5 8+4 7+4 on stock_market's last board in the site's mode: 215,169 routes, whose listing
    and bound took longer than the path model's whole proof (600 checks, about 1.8 s, wasted before it). The
    estimate (about 973 x 256 steps) is above LISTED_STEPS: no route is listed."""

    def unlisted(*_: object) -> None:
        raise AssertionError("routes were listed")

    monkeypatch.setattr(search_choice, "route_bound", unlisted)
    graph, walk, trains = _walk(STOCK_MARKET, "IWNJ", "site")
    assert listed_bound(graph, walk, trains, Weights("revenue"), lambda: False) is None


@pytest.mark.parametrize(("company", "mode"), [("IWNJ", "rulebook"), ("NGStL", "site"), ("C&N", "site")])
def test_the_largest_boards_the_listed_search_proves_stay_listed(company: str, mode: str) -> None:
    """The next largest dense boards, on stock_market's last board: IWNJ (rulebook, 81,267 routes: the listed
    search and the path model alone take about the same), NGStL (site, 60,902 routes: the path model alone took
    9.6 s against the listed search's 1.7 s) and C&N (site, 24,986): estimated below LISTED_STEPS."""
    graph, walk, _ = _walk(STOCK_MARKET, company, mode)
    assert estimated_steps(graph, walk, PROBES) <= LISTED_STEPS


def test_a_stop_at_the_choice_ends_the_work_at_once_with_no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop pressed at the second check of a four-train solve (the first is before any work; on IWNJ's largest
    board the second is between the estimate's two stages): nothing is listed or solved after it, and nothing is
    claimed."""

    def unlisted(*_: object) -> None:
        raise AssertionError("routes were listed")

    monkeypatch.setattr(search_choice, "route_bound", unlisted)
    stop = StopAtCheck(2)
    result = best_run(late_board(STOCK_MARKET, "IWNJ", "site"), "IWNJ", time_limit=600, stop=stop)
    assert stop.pressed and stop.checks_after_stop == 1
    assert result.status == "unknown" and not result.routes
