"""18BF's CP-SAT optimizer (solver.titles.g18bf.optimizer, the core's run search): the independent enumerator's
optimum and proof on random boards of the real map (hypothesis), the worked examples R1-R12 that are runs, pins
and exclusions, the time limit and the stop event, determinism, and bad input named."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from stop_checks import StopAtCheck

from benchmarks.run_18bf import positions
from solver.core.board_position import BoardPosition
from solver.core.evaluator import RouteSpec
from solver.core.search.run_search import LISTING_STOPPED, SEARCH_STOPPED, ProgressInfo
from solver.core.track_graph import TrackGraph
from solver.errors import InputError
from solver.titles.g18bf import enumerator, rulebook
from solver.titles.g18bf.evaluator import evaluate, rules_for
from solver.titles.g18bf.optimizer import Method, best_run
from solver.titles.g18bf.random_board import random_position

from .boards import (
    BIRMINGHAM_LOOP_TILES,
    CARDIFF_BRISTOL,
    EDINBURGH_BERWICK,
    GLASGOW_TO_MIDDLESBROUGH,
    RHONDDA_CARDIFF_BRISTOL,
    SCOTLAND_AND_WALES,
    line,
    london_east,
    position,
)
from .test_rulebook_examples import _goods_position

#: Train sets by phase, each a company's trains the rules allow (Table 4, §8, §10.10).
TRAIN_SETS = {
    "5": (("4", "3", "3G"), ("5", "4")),
    "7": (("6", "5", "3G"), ("3+3", "5", "4G")),
    "8": (("5+5E", "4+4", "6G"), ("4+4", "2+2"), ("5+5E", "3+3", "5G"), ("4+4", "4+4")),
}
#: Privates by phase: Irish Sea ferries (a run-wide assignment), port ferries, undergrounds, P7 before phase 8.
PRIVATES = {
    "5": ((), ("F1",), ("F1", "F2", "P7"), ("U1", "F5")),
    "7": ((), ("F2",), ("F1", "F3", "U2"), ("P7", "F6")),
    "8": ((), ("F1",), ("F1", "F2", "U1"), ("F5", "U2"), ("F1", "F2", "F3")),
}
#: Centres: Wales with Mid and South Ireland (P8), west Scotland with North Ireland (F4), Bristol and Cardiff, the
#: Midlands, Lancashire, London.
CENTRES = ("P8", "F4", "U13", "P16", "M15", "T22")


#: Both searches of the optimizer on every board (the default chooses between them by the board's size).
METHODS: tuple[Method, ...] = ("paths", "listed", "auto")


@st.composite
def boards(draw: Any) -> BoardPosition:
    phase = draw(st.sampled_from(sorted(TRAIN_SETS)))
    return random_position(
        draw(st.integers(0, 10_000)),
        draw(st.sampled_from(CENTRES)),
        draw(st.integers(2, 4)),  # legal late boards (random_board) are dense: radius 5 is the benchmark's
        "LMS",
        draw(st.sampled_from(TRAIN_SETS[phase])),
        phase=phase,
        share=draw(st.sampled_from((0.6, 0.8, 0.95))),
        markers=draw(st.integers(2, 6)),
        privates=draw(st.sampled_from(PRIVATES[phase])),
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=boards())
def test_the_optimizer_proves_the_enumerators_optimum_on_random_boards(pos: BoardPosition) -> None:
    exhaustive = enumerator.best_run(pos, "LMS", time_limit=20)
    assume(exhaustive.complete)
    for method in METHODS:
        found = best_run(pos, "LMS", time_limit=60, method=method)
        assert found.evaluation.revenue == exhaustive.evaluation.revenue, method
        assert found.status == ("optimal" if found.routes else "infeasible")
        assert found.bound == (found.evaluation.revenue if found.routes else None)
        assert evaluate(pos, "LMS", found.routes) == found.evaluation


# ---------------------------------------------------------------- R1-R12 through the optimizer

_STATIONS_R11 = {"D4": [["LMS"]], "D6": [["LMS"], [], []], "U7": [["LMS"]]}
_WALES = line(["N4", "N6", "O7", "P6", "Q7", "R6", "S5", "T6", "U7", "U5", "T4", "S3"])

EXAMPLES: dict[str, tuple[BoardPosition, str, int]] = {
    # R1: Edinburgh-Berwick with England-Scotland, 50 in phase 2; as a 2+2 in phase 8, 160.
    "R1 phase 2": (position("2", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["2"]}), "EG", 50),
    "R1 2+2": (position("8", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["2+2"]}), "EG", 160),
    # R2: Cardiff-Bristol with England-Wales, 80 in phase 7; a 4+4 in phase 8, 160.
    "R2 phase 7": (position("7", CARDIFF_BRISTOL, {"U11": [["TV"]]}, {"TV": ["4"]}), "TV", 80),
    "R2 4+4": (position("8", CARDIFF_BRISTOL, {"U11": [["TV"]]}, {"TV": ["4+4"]}), "TV", 160),
    # R3c: F5 and P7, the 3-train to Harwich 120 (the 2-train has no other way out of London(E)); R3d: 3+3 300.
    "R3c": (london_east("3", "EC", ["3", "2"], ["F5", "P7"]), "EC", 120),
    "R3d": (london_east("7", "EC", ["3+3"], ["F5", "P7"]), "EC", 300),
    # R4: the 2-train cannot run Rhondda-Cardiff-Bristol (three large cities), so Rhondda-Cardiff 50; the 3 does, 100.
    "R4 2-train": (position("2", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]]}, {"TV": ["2"]}), "TV", 50),
    "R4 3-train": (position("3", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]]}, {"TV": ["3"]}), "TV", 100),
    # R6: Cardiff full of BE's markers ends the route: 50.
    "R6": (position("3", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]], "U11": [["BE"]]}, {"TV": ["3"]}), "TV", 50),
    # R7: one space of Birmingham only: Birmingham-Coventry 50.
    "R7": (position("3", BIRMINGHAM_LOOP_TILES, {"Q15": [["BG"], [], []]}, {"BG": ["3"]}), "BG", 50),
    # R8: no Ireland-Ireland: one area of Ireland and Swansea, 40.
    "R8": (position("3", _WALES, {"U7": [["SAM"]]}, {"SAM": ["3"]}), "SAM", 40),
    # R9: the 5+5E's best five from Glasgow to Middlesbrough, doubled: 480.
    "R9": (position("8", GLASGOW_TO_MIDDLESBROUGH, {"D6": [[], ["LMS"], []]}, {"LMS": ["5+5E"]}), "LMS", 480),
    # R10, R10b (in phase 8), R10c: G-trains.
    "R10": (*_goods_position(["5G"])[::-1], 320),
    "R10 P7": (*_goods_position(["5G"], ["P7"])[::-1], 330),
    "R10b": (*_goods_position(["5G", "6G"], phase="8")[::-1], 380),
    # R11: the example's three routes 170, with F1 and F2 +30, with F1 +20 (to North Ireland, two trains).
    "R11 F1 F2": (
        position("6", SCOTLAND_AND_WALES, _STATIONS_R11, {"LMS": ["4", "5", "6"]}, {"LMS": ["F1", "F2"]}),
        "LMS",
        200,
    ),
    "R11 F1": (
        position("6", SCOTLAND_AND_WALES, _STATIONS_R11, {"LMS": ["4", "5", "6"]}, {"LMS": ["F1"]}),
        "LMS",
        190,
    ),
    # R12: two 2-trains cannot share Edinburgh-Berwick: one runs, 50; one train out of London(E): the 3, 90.
    "R12 side": (position("2", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["2", "2"]}), "EG", 50),
    "R12 London": (london_east("3", "GER", ["3", "2"]), "GER", 90),
}


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_worked_examples_best_runs(name: str, method: Method) -> None:
    pos, company, revenue = EXAMPLES[name]
    found = best_run(pos, company, time_limit=60, method=method)
    assert found.status == "optimal"
    assert found.evaluation.revenue == revenue == enumerator.best_run(pos, company).evaluation.revenue
    graph = TrackGraph(pos)
    for spec in found.routes:
        hexes = [graph.node_ref(n).hex for n in spec.nodes]
        assert len(set(hexes)) == len(hexes)  # no two spaces of a city, no London-London, no Ireland-Ireland


def test_r3e_a_marker_in_another_part_of_london_leaves_no_run() -> None:
    """R3e: EC's marker is in London(W); its train may not run to London(E), and nothing else is on its track."""
    found = best_run(london_east("3", "EC", ["3"], part=1), "EC")
    assert found.status == "infeasible" and found.routes == () and found.reason


def test_r12_the_second_two_train_stays_home_when_its_only_route_shares_track() -> None:
    found = best_run(*EXAMPLES["R12 side"][:2])
    assert [spec.train for spec in found.routes] == ["2"]


# ---------------------------------------------------------------- pins and exclusions


def _dense() -> BoardPosition:
    return random_position(3, "P16", 2, "LMS", ["5+5E", "4+4", "6G"], share=0.9, markers=5)


def test_a_pinned_route_runs_and_the_others_take_the_best_of_what_is_left() -> None:
    """A pinned route is answered by the listed search (docs/routes-18bf.md); the brute force lists every 5+5E
    route, so the board is a small one (1,410 of them)."""
    pos = random_position(3, "K16", 2, "LMS", ["5+5E", "4+4", "6G"], share=0.9, markers=5)
    graph = TrackGraph(pos)
    rules = rules_for(pos, "LMS")
    best = best_run(pos, "LMS")
    # Pin the 4+4 to a route other than its best one; the 5+5E and the 6G then run their best around it.
    fours = enumerator.route_candidates(graph, rules, "4+4")
    chosen = next(s for s in best.routes if s.train == "4+4").nodes
    pin = next(c for c in fours if c.spec.nodes != chosen and tuple(reversed(c.spec.nodes)) != chosen)
    pinned = best_run(pos, "LMS", pins=[pin.spec])
    assert pin.spec in pinned.routes and pinned.status == "optimal"
    assert pinned.evaluation.revenue <= best.evaluation.revenue
    # Brute force: the best 5+5E route on track the pin leaves free (no Irish ferries here: values add up).
    express = max(
        (c.value for c in enumerator.route_candidates(graph, rules, "5+5E") if not c.track & pin.track), default=0
    )
    goods = sum(t.revenue for t in best.evaluation.trains if t.train == "6G")
    assert pinned.evaluation.revenue == pin.value + express + goods


def test_a_pinned_g_train_keeps_its_cities_and_the_others_take_the_rest() -> None:
    company, pos = _goods_position(["5G", "6G"], phase="8")
    pinned = best_run(pos, company, pins=[RouteSpec("5G", ("G17",))])
    assert RouteSpec("5G", ("G17",)) in pinned.routes
    six = next(s for s in pinned.routes if s.train == "6G")
    assert "G17:0" not in six.nodes and len(six.nodes) == 3
    assert pinned.evaluation.revenue == 60 + 50 + 60 + 100 + 70 + 40


def test_an_excluded_train_does_not_run() -> None:
    pos, company, _ = EXAMPLES["R3c"]
    found = best_run(pos, company, excluded=["3"])
    assert [s.train for s in found.routes] in ([], ["2"])
    assert all(s.train != "3" for s in found.routes)


# ---------------------------------------------------------------- bad input


def test_an_unknown_company_is_named() -> None:
    with pytest.raises(InputError, match="company XX"):
        best_run(_dense(), "XX")


def test_a_pin_for_a_train_the_company_does_not_own_is_named() -> None:
    with pytest.raises(InputError, match=r"pinned route 1 \(3\+3\).*LMS has no \(other\) 3\+3 train"):
        best_run(_dense(), "LMS", pins=[RouteSpec("3+3", ("P16", "Q15:0"))])


def test_an_illegal_pin_is_named_with_its_rule() -> None:
    pos, company, _ = EXAMPLES["R6"]
    with pytest.raises(InputError) as raised:
        best_run(pos, company, pins=[RouteSpec("3", ("U9", "U11", "U13"))])
    problem = raised.value.problems[0]
    assert problem.where.startswith("pinned route 1 (3)") and problem.rule == rulebook.TOKENED_OUT


def test_pins_sharing_track_are_refused() -> None:
    pos, company, _ = EXAMPLES["R12 side"]
    with pytest.raises(InputError) as raised:
        best_run(pos, company, pins=[RouteSpec("2", ("D10", "E15")), RouteSpec("2", ("E15", "D10"))])
    assert raised.value.problems[0].rule == rulebook.NO_SHARED_TRACK


def test_an_excluded_train_the_company_does_not_own_is_named() -> None:
    with pytest.raises(InputError, match="excluded train 2"):
        best_run(_dense(), "LMS", excluded=["2"])


# ---------------------------------------------------------------- time, stop, progress, determinism


def _hard() -> BoardPosition:
    return random_position(113, "T16", 5, "LMS", ["5+5E", "4+4", "6G", "5G"], share=0.9, markers=6, privates=["F1"])


def test_a_stop_event_already_set_ends_the_path_model_at_its_first_check() -> None:
    """Stop pressed before the search: no route train's run, nothing claimed proven, the stop read once (a board
    the path model proves in tenths of a second would be solved before CP-SAT's watcher first looks at the
    event)."""
    stop = StopAtCheck()  # counts the checks of the stop, so that a busy machine cannot fail the test
    stop.set()
    found = best_run(_hard(), "LMS", stop=stop, method="paths")
    assert stop.checks_after_stop == 1
    assert found.status == "unknown" and found.reason == SEARCH_STOPPED
    assert [s.train for s in found.routes] == ["6G", "5G"]  # the G-trains, chosen apart, and no route train
    assert found.evaluation.legal


def _pin_of_best(pos: BoardPosition, train: str) -> RouteSpec:
    return next(s for s in best_run(pos, "LMS").routes if s.train == train)


def test_with_a_pin_the_stop_event_ends_the_listing_at_its_next_check() -> None:
    """A pinned route is the listed search's (docs/routes-18bf.md): Stop pressed while it lists the 5+5E's
    routes ends it at its next check."""
    pos = _hard()
    pin = _pin_of_best(pos, "4+4")
    stop = StopAtCheck(20)  # set by the listing's 20th check of it
    found = best_run(pos, "LMS", pins=[pin], stop=stop)
    assert stop.pressed and stop.checks_after_stop == 1
    assert found.status == "unknown" and found.reason == LISTING_STOPPED


def test_the_stop_event_ends_the_path_model_at_its_next_check_with_the_run_found() -> None:
    """Stop pressed at the first run the path model reports, on a board it takes a good second to prove (the
    benchmark's dense seed 108): the search ends at the watcher's next check with that run or a better one,
    G-trains included, and its bound."""
    pos = random_position(108, "P16", 5, "LMS", ["5+5E", "4+4", "4+4", "6G"], share=0.9, markers=6)
    stop = StopAtCheck()
    seen: list[ProgressInfo] = []

    def report(info: ProgressInfo) -> None:
        seen.append(info)
        stop.set()

    found = best_run(pos, "LMS", stop=stop, progress=report, method="paths")
    assert stop.checks_after_stop == 1
    assert found.status == "feasible" and found.evaluation.legal
    assert found.evaluation.revenue >= seen[0].objective
    assert found.bound is not None and found.bound >= found.evaluation.revenue


def test_a_short_time_limit_holds() -> None:
    """The limit is checked against the wall clock, so a busy machine gives the search less CPU before it,
    never more: the CPU of the thread that runs it (CP-SAT's one worker runs in it) stays within 0.5 s."""
    pos = _hard()
    began = time.thread_time()
    found = best_run(pos, "LMS", time_limit=0.05)
    assert time.thread_time() - began < 0.5
    assert found.status in ("unknown", "feasible", "optimal")
    if found.status == "feasible":
        assert found.bound is not None and found.bound >= found.evaluation.revenue


def test_progress_reports_runs_with_the_g_trains_and_a_bound_above_them() -> None:
    seen: list[ProgressInfo] = []
    found = best_run(_dense(), "LMS", progress=seen.append)
    assert seen and seen[-1].objective <= found.evaluation.revenue
    assert all(info.bound >= info.objective for info in seen)


def test_the_answer_is_the_same_every_run() -> None:
    pos = _dense()
    answers = [best_run(pos, "LMS").routes for _ in range(3)]
    assert answers[0] == answers[1] == answers[2] and answers[0]


@pytest.mark.parametrize("method", ["listed", "paths"])
def test_the_answer_is_judged_once_with_its_g_trains(method: Method, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one re-check the answer needs is the evaluator's verdict on the whole run, G-trains included (the core's
    `RunProblem.beside`); the G-trains' own worth is the one other evaluation (dense seed 114: 5+5E, 4+4, 2+2 and
    a 6G). Before, the route trains' run was judged and then the whole run again."""
    import solver.titles.g18bf.optimizer as optimizer

    judged: list[tuple[str, ...]] = []

    def counted(position: BoardPosition, company: str, run: Any, graph: Any = None) -> Any:
        judged.append(tuple(spec.train for spec in run))
        return evaluate(position, company, run, graph)

    monkeypatch.setattr(optimizer, "evaluate", counted)
    position = positions("dense")[14][2]
    found = best_run(position, "LMS", method=method)
    assert found.status == "optimal" and found.evaluation.revenue == 1290
    assert judged == [("6G",), tuple(spec.train for spec in found.routes)]
    assert found.evaluation == evaluate(position, "LMS", found.routes)


def test_the_default_search_is_the_listed_one_on_a_board_of_few_routes_and_the_path_model_elsewhere() -> None:
    """The benchmark's dense seed 105 (565 routes) is answered by the listed search, which counts what it listed;
    seed 100 (the 5+5E's routes fill tens of thousands) by the path model, which lists none; both proven, and on
    the small board the path model finds the same worth."""
    few = random_position(105, "T16", 5, "LMS", ["5+5E", "4+4", "6G", "5G"], share=0.9, markers=6, privates=["F1"])
    many = random_position(100, "P16", 5, "LMS", ["5+5E", "4+4", "4+4", "6G"], share=0.9, markers=6)
    listed, paths = best_run(few, "LMS"), best_run(many, "LMS")
    assert listed.status == paths.status == "optimal"
    assert listed.listed > 0 and paths.listed == 0
    assert listed.evaluation.revenue == best_run(few, "LMS", method="paths").evaluation.revenue


def test_the_dispatch_by_routes_sends_dense_seed_106_to_the_path_model_and_mid_seed_100_to_the_listed_search() -> None:
    """The rule measured on the benchmark's boards (docs/routes-18bf.md, "The optimizer"): dense seed 106 lists its
    4,801 routes within 29 checks, but the listed search took 0.35 s there against the path model's 0.15 s, so it
    goes to the path model (more than `FEW_ROUTES`); mid seed 100 needs 112 checks for its 3,674 routes, and the
    listed search took 0.5 s against the path model's 4.7 s, so it is listed. Both proven, the same worth as the
    other search's."""
    dense_106 = positions("dense")[6][2]
    mid_100 = positions("mid")[0][2]
    paths, listed = best_run(dense_106, "LMS"), best_run(mid_100, "LMS")
    assert paths.status == listed.status == "optimal"
    assert paths.listed == 0 and listed.listed > 0
    assert paths.evaluation.revenue == best_run(dense_106, "LMS", method="listed").evaluation.revenue == 1480
    assert listed.evaluation.revenue == 1810


def test_the_stop_event_ends_the_listing_of_every_route_at_its_next_check_and_is_not_a_budget() -> None:
    """A board of few routes (the benchmark's mid seed 100: 112 checks of the listing of every route, within
    FEW_ROUTES_CHECKS) is listed with no pin; Stop pressed at the listing's 20th check ends it at the next one, as a
    stop (LISTING_STOPPED, status unknown), not as the budget's give-up that would start the path model."""
    stop = StopAtCheck(20)
    found = best_run(positions("mid")[0][2], "LMS", stop=stop)
    assert stop.pressed and stop.checks_after_stop == 1
    assert found.status == "unknown" and found.reason == LISTING_STOPPED
    assert [s.train for s in found.routes] == ["6G"]
