"""1860's nationalisation preview (Railway Nationalisation, RB L664-L685): the closing rule with its ties, the
recorded game 19354's British Rail rounds reproduced from its recorded revenues, and the example position's rounds
with every revenue from the best N-only run and every step citing the rulebook."""

from __future__ import annotations

import threading
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.titles.g1860 import enumerator
from solver.titles.g1860.importer.replay import import_game
from solver.titles.g1860.importer.review import review_run
from solver.titles.g1860.modes import with_settings
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.nationalisation import closing, nationalisation_preview
from solver.titles.g1860.money.runs import best_run

from .money_positions import example

GAME_19354 = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "1860" / "games" / "19354.json"


def test_rb_l679_the_two_lowest_close() -> None:
    assert set(closing({"A": 100, "B": 90, "C": 80, "D": 120})) == {"B", "C"}


def test_rb_l679_every_company_tied_at_the_lowest_closes() -> None:
    assert set(closing({"A": 90, "B": 90, "C": 90, "D": 120})) == {"A", "B", "C"}


def test_rb_l679_a_company_alone_lowest_takes_the_whole_next_tier_with_it() -> None:
    assert set(closing({"A": 80, "B": 90, "C": 90, "D": 120})) == {"A", "B", "C"}


@cache
def _british_rail_19354() -> tuple[BoardPosition, dict[str, int]]:
    """Game 19354 as British Rail formed (action 480): the board, every company with the train it ran, and the
    revenue each recorded run earns (the export keeps no prices or holdings: those are made up, the same for all)."""
    if not GAME_19354.is_file():
        pytest.skip(f"the recorded game is not present at {GAME_19354}")
    runs = [r for r in import_game(GAME_19354) if r.nationalisation]
    first_round = runs[:7]
    revenues = {r.company: review_run(r).site.revenue for r in first_round}
    data: dict[str, Any] = position_to_data(first_round[0].position)
    players = ["Ann", "Bob"]
    data["companies"] = {
        r.company: {
            "trains": list(r.position.companies[r.company].trains),
            "director": players[i % 2],
            "holdings": {players[i % 2]: 6, players[(i + 1) % 2]: 4},
            "operated": True,
        }
        for i, r in enumerate(first_round)
    }
    data["players"] = [{"name": p, "cash": 2000} for p in players]
    data["market"] = {"100": [r.company for r in first_round]}
    return parse_position(data), revenues


def test_game_19354_british_rail_closes_fyn_and_s_and_c_then_three_then_ends_with_iow_and_ngstl() -> None:
    """The recorded game: after the first round FYN and S&C (270 each) closed; after the second IWNJ (310, alone
    lowest) took C&N and BHI&R (320) with it; IOW and NGStL ran a last time (actions 480-493)."""
    position, revenues = _british_rail_19354()
    out = nationalisation_preview(position, revenues=revenues)
    assert [set(r.closed) for r in out.rounds] == [{"FYN", "S&C"}, {"IWNJ", "C&N", "BHI&R"}, {"IOW", "NGStL"}]
    assert [len(r.order) for r in out.rounds] == [7, 5, 2]
    assert out.rounds[-1].steps[-1].rule == rulebook.NAT_LAST
    assert out.triggered


def test_the_example_position_runs_two_rounds_with_each_revenue_the_best_n_only_run() -> None:
    position = example("nationalisation")
    out = nationalisation_preview(position)
    for company, revenue in out.revenues.items():
        exact = enumerator.best_run(with_settings(position, nationalisation=True), company)
        assert exact.complete and revenue == exact.evaluation.revenue
    assert out.revenues == {"C&N": 80, "IWNJ": 120, "NGStL": 90, "S&C": 50}
    assert [r.closed for r in out.rounds] == [("S&C", "C&N"), ("IWNJ", "NGStL")]
    assert out.final_prices == {"C&N": 100, "IWNJ": 122, "NGStL": 95, "S&C": 71}
    assert out.values is not None
    assert sum(out.income.values()) == sum(r.payouts[p] for r in out.rounds for p in r.payouts)
    assert all("RB L" in s.rule for s in out.steps)


def test_rb_l675_l681_a_company_in_receivership_pays_nothing_drops_and_closes_first() -> None:
    data = position_to_data(example("nationalisation"))
    del data["companies"]["NGStL"]["director"]
    out = nationalisation_preview(parse_position(data))
    first = out.rounds[0]
    assert first.revenues["NGStL"] == 0 and first.prices_after["NGStL"] < first.prices_before["NGStL"]
    assert "NGStL" in first.closed
    assert any(s.rule == rulebook.NAT_RECEIVERSHIP_FIRST for s in first.steps)


def test_rb_l666_l668_a_directed_company_without_a_train_stops_nationalisation() -> None:
    data = position_to_data(example("nationalisation"))
    data["companies"]["IWNJ"]["trains"] = []
    out = nationalisation_preview(parse_position(data), revenues={"IWNJ": 0})
    assert not out.triggered
    assert out.steps[0].rule == rulebook.NATIONALISED and "IWNJ" in out.steps[0].text


def test_the_preview_asks_best_run_in_nationalisation_mode() -> None:
    position = example("nationalisation")
    hook = best_run(position, "NGStL", nationalisation=True)
    direct = enumerator.best_run(with_settings(position, nationalisation=True), "NGStL")
    assert hook.evaluation.revenue == direct.evaluation.revenue == 90
    normal = best_run(position, "NGStL")
    assert normal.evaluation.revenue >= hook.evaluation.revenue


def test_game_19354_british_rail_revenues_are_each_companys_proven_n_only_optimum_from_the_optimizer() -> None:
    """The preview's runs come from the CP-SAT optimizer (money/runs.py): on the real board at British Rail, where
    the exhaustive enumerator does not finish listing routes in a minute, every company's N-only run (RB L673) is
    proven within the time limit, and no recorded run of the first round earns more."""
    position, recorded = _british_rail_19354()
    out = nationalisation_preview(position, time_limit=20.0)
    assert all(out.complete.values()) and set(out.complete) == set(recorded)
    for company, revenue in recorded.items():
        assert out.revenues[company] >= revenue, company


def test_a_stopped_preview_marks_each_company_not_proven() -> None:
    """Stop (the Nationalisation page's button) holds: with the stop event set, the optimizer returns at once and no
    company's run is claimed proven."""
    position, recorded = _british_rail_19354()
    stop = threading.Event()
    stop.set()
    started = time.perf_counter()
    out = nationalisation_preview(position, time_limit=20.0, stop=stop)
    assert time.perf_counter() - started < 10.0
    assert set(out.complete) == set(recorded) and not any(out.complete.values())
    assert any("not proven: the time limit or Stop ended the search" in s.text for s in out.steps)
