"""1860's optimizer (solver.titles.g1860.optimizer) on the core's run search: the same best run as the independent
exhaustive enumerator, revenue, subsidy and proof, on random stretches of the board in both rule modes, every
special run mode and both objectives; every run of the two recorded games beaten or matched, proven; pins and
excluded trains; the time limit and the stop event."""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stop_checks import StopAtCheck

from benchmarks.run_1860 import dense_positions
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.search.candidates import Objective
from solver.core.search.model import solve_model
from solver.core.search.run_search import LISTING_STOPPED, SEARCH_STOPPED, ProgressInfo
from solver.errors import InputError
from solver.titles.g1860 import enumerator, path_model, rulebook
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.importer.replay import in_mode
from solver.titles.g1860.optimizer import Method, best_run
from solver.titles.g1860.route_bound import route_bound

from .boards import cowes, hub, late_board, south_west, ventnor
from .test_importer import OLD_FORMAT, STOCK_MARKET, reviews

#: Each stretch of the board with the companies that have a base on it.
STRETCHES: dict[str, tuple[Any, tuple[str, ...]]] = {
    "south_west": (south_west, ("VY&SC", "S&C")),
    "cowes": (cowes, ("C&N", "S&C")),
    "hub": (hub, ("S&C", "IWNJ", "NGStL")),
    "ventnor": (ventnor, ("NGStL",)),
}


@st.composite
def rule_modes(draw: st.DrawFn) -> dict[str, Any]:
    """The position's rules: the rulebook's or the site's mode (the site's with re-entered hexes or not), and a
    game state (none, halts ignored, nationalisation)."""
    site = draw(st.booleans())
    rules: dict[str, Any] = {"mode": "site" if site else "rulebook"}
    if site and draw(st.booleans()):
        rules["reenter_hexes"] = True
    state = draw(st.sampled_from(["", "halts_ignored", "nationalisation"]))
    if state:
        rules[state] = True
    return rules


@st.composite
def boards(draw: st.DrawFn) -> tuple[BoardPosition, str, str]:
    """A stretch, a company with a base on it, one or two trains, a rule mode, a game state and an objective."""
    stretch, companies = STRETCHES[draw(st.sampled_from(sorted(STRETCHES)))]
    company = draw(st.sampled_from(companies))
    leased = draw(st.booleans())
    trains = draw(st.lists(st.sampled_from(["2+1", "3+2", "4+2"]), min_size=1, max_size=1 if leased else 2))
    rules = draw(rule_modes())
    if leased:
        rules["insolvency"] = draw(st.sampled_from(["leasing", "original"]))
    objective = draw(st.sampled_from(["revenue", "cash"]))
    position = stretch({company: trains}, rules=rules, company_rules={company: {"insolvent": leased}})
    return position, company, objective


def key(revenue: int, subsidy: int, objective: str) -> tuple[int, int]:
    return (revenue + subsidy, revenue) if objective == "cash" else (revenue, subsidy)


def assert_agrees(position: BoardPosition, company: str, objective: str, found: Any, exhaustive: Any) -> None:
    """The optimizer's answer `found` against the enumerator's `exhaustive` best run: the same worth by the
    objective, proven optimal with that bound and re-scored alike by the evaluator, or both with no run."""
    mine, theirs = found.evaluation, exhaustive.evaluation
    assert key(mine.revenue, mine.subsidy, objective) == key(theirs.revenue, theirs.subsidy, objective)
    if found.routes:
        assert found.status == "optimal" and found.bound == key(mine.revenue, mine.subsidy, objective)[0]
        assert evaluate(position, company, found.routes) == mine
    else:
        assert found.status == "infeasible" and exhaustive.run == ()


@settings(max_examples=60)
@given(boards())
def test_the_optimizer_finds_the_enumerators_best_run_and_proves_it(board: tuple[BoardPosition, str, str]) -> None:
    position, company, objective = board
    found = best_run(position, company, objective=objective)  # type: ignore[arg-type]
    exhaustive = enumerator.best_run(position, company, objective)  # type: ignore[arg-type]
    assert exhaustive.complete
    assert_agrees(position, company, objective, found, exhaustive)


@st.composite
def stretch_runs(
    draw: st.DrawFn, pool: tuple[str, ...] = ("2+1", "3+2", "4+2", "6+3"), fewest: int = 2, most: int = 4
) -> tuple[BoardPosition, str, str]:
    """A stretch, a company with a base on it, `fewest` to `most` trains of `pool`, a rule mode, a game state and
    an objective."""
    stretch, companies = STRETCHES[draw(st.sampled_from(sorted(STRETCHES)))]
    company = draw(st.sampled_from(companies))
    trains = draw(st.lists(st.sampled_from(pool), min_size=fewest, max_size=most))
    rules = draw(rule_modes())
    return stretch({company: trains}, rules=rules), company, draw(st.sampled_from(["revenue", "cash"]))


@settings(max_examples=40, deadline=None)
@given(stretch_runs())
def test_the_path_model_and_the_listed_routes_find_the_same_best_run(board: tuple[BoardPosition, str, str]) -> None:
    """Two exact searches, one over each train's path (no listing), one over listed routes (the core's): the same
    revenue and subsidy, both proven, with up to four trains, where the enumerator would take too long."""
    position, company, objective = board
    paths = best_run(position, company, objective=objective, method="paths")  # type: ignore[arg-type]
    routes = best_run(position, company, objective=objective, method="routes")  # type: ignore[arg-type]
    mine, theirs = paths.evaluation, routes.evaluation
    assert (mine.revenue, mine.subsidy) == (theirs.revenue, theirs.subsidy)
    assert paths.status == routes.status
    assert paths.status == ("optimal" if paths.routes else "infeasible")


@settings(max_examples=25, deadline=None)
@given(stretch_runs(fewest=3))
def test_the_path_model_alone_with_three_or_four_trains_finds_the_listed_routes_best_run(
    board: tuple[BoardPosition, str, str],
) -> None:
    """The path model with no route bound before it (`method="path_model"`, as where the listing passes its limit
    on a late board) against the core's search over listed routes: the same revenue and subsidy, both proven."""
    position, company, objective = board
    alone = best_run(position, company, objective=objective, method="path_model")  # type: ignore[arg-type]
    routes = best_run(position, company, objective=objective, method="routes")  # type: ignore[arg-type]
    mine, theirs = alone.evaluation, routes.evaluation
    assert (mine.revenue, mine.subsidy) == (theirs.revenue, theirs.subsidy)
    assert alone.status == routes.status == ("optimal" if alone.routes else "infeasible")


@settings(max_examples=8)
@given(st.data())
def test_on_the_recorded_yellow_phase_positions_the_optimizer_equals_the_enumerator(data: st.DataObject) -> None:
    """Real positions of medium size: the phase-2 runs of the recorded games, where the enumerator finishes."""
    early = [r.run for path in (OLD_FORMAT, STOCK_MARKET) for r in reviews(path) if r.run.position.phase == "2"]
    run = data.draw(st.sampled_from(early))
    position = in_mode(run.position, data.draw(st.sampled_from(["site", "rulebook"])))
    exhaustive = enumerator.best_run(position, run.company, time_limit=5.0)
    if not exhaustive.complete:
        return
    found = best_run(position, run.company)
    assert (found.evaluation.revenue, found.evaluation.subsidy) == (
        exhaustive.evaluation.revenue,
        exhaustive.evaluation.subsidy,
    )
    assert found.status == ("optimal" if found.routes else "infeasible")


@pytest.mark.parametrize("path", [OLD_FORMAT, STOCK_MARKET], ids=lambda p: p.stem)
@pytest.mark.parametrize("mode", ["site", "rulebook"])
def test_no_recorded_run_beats_the_proven_optimum(path: Path, mode: str) -> None:
    """Every run of the two recorded games: in the site's mode (as played) the proven optimum is at least the
    recorded revenue; in the rulebook's mode at least every recorded run the rulebook allows."""
    for review in reviews(path):
        verdict = review.site if mode == "site" else review.rulebook
        position = review.run.position if mode == "site" else in_mode(review.run.position, "rulebook")
        found = best_run(position, review.run.company, time_limit=600)
        assert found.status in ("optimal", "infeasible"), review.run.action_id
        if verdict.legal:
            assert found.status == "optimal", review.run.action_id
            assert found.evaluation.revenue >= verdict.revenue, review.run.action_id


# ------------------------------------------------------------ pins, excluded trains, modes


HUB = hub({"S&C": ["3+2", "3+2"]})


def test_pinning_the_best_route_of_one_train_gives_the_same_best_run() -> None:
    best = best_run(HUB, "S&C")
    again = best_run(HUB, "S&C", pins=[best.routes[1]])
    assert again.status == "optimal" and again.evaluation.revenue == best.evaluation.revenue
    assert best.routes[1] in again.routes


def test_a_pinned_worse_route_is_kept_and_the_rest_re_solved() -> None:
    pin = RouteSpec("3+2", ("E9:0", "F10:0", "F12:0"))
    pinned = best_run(HUB, "S&C", pins=[pin])
    assert pinned.status == "optimal"
    assert any(set(r.nodes) == set(pin.nodes) for r in pinned.routes)
    assert pinned.evaluation.revenue <= best_run(HUB, "S&C").evaluation.revenue


def test_a_pinned_route_the_train_may_not_run_is_bad_input_naming_it() -> None:
    with pytest.raises(InputError) as caught:
        best_run(HUB, "S&C", pins=[RouteSpec("3+2", ("G11:0", "G9:0", "G7:0", "H8:0"))])
    assert caught.value.problems[0].where.startswith("pinned route 1 (3+2)")


def test_a_pin_or_exclusion_of_a_train_the_company_does_not_have_is_bad_input() -> None:
    with pytest.raises(InputError) as pinned:
        best_run(HUB, "S&C", pins=[RouteSpec("4+2", ("E9:0", "F10:0", "F12:0"))])
    assert pinned.value.problems[0].rule == rulebook.OWN_TRAINS and "4+2" in pinned.value.problems[0].message
    with pytest.raises(InputError) as excluded:
        best_run(HUB, "S&C", excluded=["3+2", "3+2", "3+2"])
    assert excluded.value.problems[0].where == "excluded train 3+2"


def test_an_excluded_train_does_not_run() -> None:
    one = best_run(HUB, "S&C", excluded=["3+2"])
    assert len(one.routes) == 1 and one.status == "optimal"
    assert one.evaluation.revenue == best_run(hub({"S&C": ["3+2"]}), "S&C").evaluation.revenue


def test_an_unknown_company_is_bad_input() -> None:
    with pytest.raises(InputError):
        best_run(HUB, "XYZ")


def test_nationalisation_counts_only_the_first_number_rb_l673() -> None:
    pos = south_west({"VY&SC": ["3+2"]})
    normal, british_rail = best_run(pos, "VY&SC"), best_run(pos, "VY&SC", nationalisation=True)
    assert (normal.evaluation.revenue, normal.evaluation.subsidy) == (80, 10)
    assert british_rail.evaluation.revenue < normal.evaluation.revenue
    stops = [s for t in british_rail.evaluation.trains for s in t.stops if s.counted]
    assert len(stops) <= 3


def test_a_company_without_its_home_base_has_no_legal_run_rb_l525() -> None:
    pos = hub({"IWNJ": ["3+2"]})
    without = BoardPosition(pos.board, pos.phase, pos.tiles, {**pos.stations, "G7": ((), ())}, pos.companies, pos.rules)
    result = best_run(without, "IWNJ")
    assert result.status == "infeasible" and "home G7" in result.reason


# ------------------------------------------------------------ time limit and stop


def _hard(method: str, trains: int = 4) -> tuple[BoardPosition, str]:
    """A position neither search proves within a second: for the listed routes the hardest recorded one (IWNJ's
    8+4 and 6+3 at action 648, site mode); for method 'paths' IWNJ on the last board of 19354 (site mode) with
    9+5 9+5 8+4 7+4 (the route bound and its search: listing alone takes longer than a second) or, with
    `trains=2`, two 9+5 (the path model: its first run comes well before its proof)."""
    if method == "routes":
        review = next(r for r in reviews(STOCK_MARKET) if r.run.action_id == 648)
        return review.run.position, review.run.company
    if trains == 2:
        return late_board(OLD_FORMAT, "IWNJ", "site", ("9+5", "9+5")), "IWNJ"
    return late_board(OLD_FORMAT, "IWNJ", "site"), "IWNJ"


@pytest.mark.parametrize("method", ["paths", "routes"])
@pytest.mark.parametrize("limit", [0.05, 0.3])
def test_the_time_limit_holds(limit: float, method: Method) -> None:
    """The limit is checked against the wall clock, so a busy machine gives the search less CPU before it,
    never more: the CPU of the thread that runs the search (CP-SAT's one worker runs in it) stays within the
    limit and a margin for the answer's re-check, whatever the load."""
    position, company = _hard(method)
    began = time.thread_time()
    result = best_run(position, company, time_limit=limit, method=method)
    assert time.thread_time() - began < limit + 0.2
    assert result.status in ("feasible", "unknown")


def test_no_garbage_collection_runs_between_two_checks_of_the_time_limit() -> None:
    """The route bound lists tens of thousands of routes on the four-train board; with the cyclic collector on,
    their allocations set off collections that walk the whole heap (in a test process, every object earlier tests
    left) between two checks of the limit, which made the time limit test above overrun its margin now and then.
    The optimizer pauses the collector while it runs (`solver.core.gc_pause`), and turns it on again after.
    Counted: collections begun while the route bound runs."""
    collections: list[str] = []

    def count(phase: str, _: dict[str, int]) -> None:
        # A collection started while the route bound is on the stack (listing, columns, LP rounds).
        frame = sys._getframe(1)
        while frame is not None and phase == "start":
            if frame.f_code is route_bound.__code__:
                collections.append(phase)
                return
            frame = frame.f_back  # type: ignore[assignment]

    position, company = _hard("paths")
    gc.callbacks.append(count)
    try:
        result = best_run(position, company, time_limit=600)
    finally:
        gc.callbacks.remove(count)
    assert result.status == "optimal" and not collections and gc.isenabled()


def test_a_stop_set_before_the_path_model_returns_no_run_and_claims_no_proof() -> None:
    """Stop pressed before the search: a board the path model proves in milliseconds is not solved (CP-SAT's
    watcher looks at the event only every 50 ms), the stop is read once, and nothing is claimed proven."""
    stop = StopAtCheck()
    stop.set()
    result = best_run(HUB, "S&C", stop=stop, method="paths")
    assert stop.checks_after_stop == 1
    assert result.status == "unknown" and not result.routes and result.reason == SEARCH_STOPPED


def test_the_stop_event_ends_the_listing_at_its_next_check() -> None:
    position, company = _hard("routes")
    stop = StopAtCheck(20)  # set by the listing's 20th check of it: Stop pressed while routes are listed
    result = best_run(position, company, time_limit=600, stop=stop, method="routes")
    assert stop.pressed and stop.checks_after_stop == 1
    assert result.status == "unknown" and result.reason == LISTING_STOPPED


@pytest.mark.parametrize("method", ["paths", "routes"])
def test_the_stop_event_ends_the_search_at_its_next_check_with_the_run_found(method: Method) -> None:
    position, company = _hard(method, trains=2)
    stop = StopAtCheck()
    seen: list[ProgressInfo] = []

    def report(info: ProgressInfo) -> None:  # Stop pressed at the first run found, before the search can end
        seen.append(info)
        stop.set()

    result = best_run(position, company, time_limit=600, stop=stop, progress=report, method=method)
    assert stop.checks_after_stop == 1
    assert result.status == "feasible" and result.evaluation.revenue >= seen[0].objective


def _checks_of_a_whole_run() -> int:
    """How often the route bound and its search on the four-train board ask the stop event when it is never set."""
    position, company = _hard("paths")
    counting = StopAtCheck()
    best_run(position, company, time_limit=600, stop=counting)
    return counting.checks


@pytest.mark.parametrize("when", ["listing", "last check"])
def test_the_stop_event_ends_the_route_bound_and_its_search_at_the_next_check(when: str) -> None:
    """Stop pressed while the routes are listed (the 20th check: no run yet) or at the last check a whole run makes
    (the quick search over the routes kept): the work ends at that check. What is claimed is only what was proven
    by then: at the last check the run found already reaches the route bound, so it is proven optimal."""
    position, company = _hard("paths")
    stop = StopAtCheck(20 if when == "listing" else _checks_of_a_whole_run())
    result = best_run(position, company, time_limit=600, stop=stop)
    assert stop.pressed and stop.checks_after_stop == 1
    if when == "listing":
        assert result.status == "unknown" and not result.routes
    else:
        assert result.status == "optimal" and result.bound == result.evaluation.revenue == 820


def test_progress_reports_better_runs_up_to_the_answer() -> None:
    seen: list[ProgressInfo] = []
    result = best_run(HUB, "S&C", progress=seen.append)
    # Each report is a better run (by revenue, then subsidy, then trains running): revenue never falls.
    assert seen and [p.objective for p in seen] == sorted(p.objective for p in seen)
    assert seen[-1].objective == result.evaluation.revenue
    assert all(p.bound >= result.evaluation.revenue for p in seen)


def _recorded_solves(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    """The path model's CP-SAT solves from now on, each as its work limit (None: no limit), in order."""
    works: list[float | None] = []

    def recorded(model: Any, seconds: float, work: float | None, *args: Any, **kwargs: Any) -> Any:
        works.append(work)
        return solve_model(model, seconds, work, *args, **kwargs)

    monkeypatch.setattr(path_model, "solve_model", recorded)
    return works


def test_rb_l521_a_two_train_tie_with_an_idle_train_is_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    """S&C on stock_market's last board with two 9+5 (benchmarks/run_1860.py's dense board, site mode): the best
    run leaves one train idle. Whether another run of that worth runs both is proven (every CP-SAT step of the path
    model without a work limit), and the core's search over listed routes, which proves ties, agrees."""
    name, company, position = next(
        b
        for b in dense_positions()
        if b[0].startswith("1860_game_end_stock_market") and b[1] == "S&C" and "site" in b[0]
        if len(b[2].companies[b[1]].trains) == 2
    )
    works = _recorded_solves(monkeypatch)
    paths = best_run(position, company)
    assert paths.status == "optimal" and len(paths.routes) == 1, name
    # One train alone, the worth, the trains running; no subsidy step: halts are no longer counted (RB L660).
    assert works == [None] * 3
    routes = best_run(position, company, method="routes")
    assert routes.status == "optimal" and len(routes.routes) == 1
    assert paths.evaluation.revenue == routes.evaluation.revenue == 250


@pytest.mark.parametrize(
    ("trains", "rules", "steps"),
    [
        (["2+1"], {}, 2),  # the worth, the subsidy (a halt may be counted); the one train runs: no tie step
        (["2+1"], {"halts_ignored": True}, 1),  # the worth only: no subsidy (RB L660), the one train runs
        (["2+1", "2+1"], {"halts_ignored": True}, 3),  # the 2+1's best alone, the worth, the tie (one train idle)
        (["3+2", "4+2"], {}, 5),  # two trains' best alone, the worth, the subsidy, the tie
    ],
)
@pytest.mark.parametrize("objective", ["revenue", "cash"])
def test_the_path_model_solves_no_step_that_can_prove_nothing_new(
    monkeypatch: pytest.MonkeyPatch, trains: list[str], rules: dict[str, Any], steps: int, objective: Objective
) -> None:
    """The path model's steps after the worth: the secondary quantity is solved only where a route can count a
    halt (with none counted the subsidy is 0 and revenue the whole worth, RB L532, L660), the trains running only
    where the run found leaves a train idle (RB L521); the answer is the enumerator's, proven, either way."""
    solves = _recorded_solves(monkeypatch)
    position = cowes({"C&N": trains}, rules=rules)
    found = best_run(position, "C&N", objective=objective)
    assert len(solves) == steps
    assert_agrees(position, "C&N", objective, found, enumerator.best_run(position, "C&N", objective=objective))
