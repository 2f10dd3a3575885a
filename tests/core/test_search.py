"""The title-independent run search (solver.core.search) with a toy title of its own: a train `k` runs along any
simple path of two to k nodes and earns the sum of their values. Every parameter a title sets (shared track or
not, stops scored once per company or once per train, a run-wide limit, an anchor, meeting nodes) is checked
against a brute force over every path and pair of paths, on the track graph of a real 1860 stretch; and the
machinery around it: dominance, listing by bound, the evaluator re-check, time limit and stop."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stop_checks import StopAtCheck
from titles.g1860.boards import hub

from solver.core.evaluator import Evaluation, RouteSpec, StopScore, TrainScore
from solver.core.search.candidates import (
    Candidate,
    Option,
    TrackBits,
    Weights,
    drop_dominated,
    list_candidates,
)
from solver.core.search.run_rules import RunRules
from solver.core.search.run_search import LISTING_BUDGET, LISTING_STOPPED, OptimizerMismatch, RunProblem, best_run
from solver.core.track_graph import Link, NodeRef, TrackGraph

GRAPH = TrackGraph(hub({"S&C": ["2+1"]}))
VALUES = {ref: node.value_in("5") for ref, node in GRAPH.nodes.items()}
TOP = sorted(VALUES.values(), reverse=True)
MARKED = NodeRef("F10", 0)  # a route through it carries the mark "through", which a run may allow once


@dataclass(frozen=True)
class Toy:
    """Train `k` runs along 2 to k nodes; a route through MARKED carries the mark 'through'."""

    once: bool

    def start(self, node: NodeRef) -> tuple[NodeRef, ...]:
        return (node,)

    def step(self, state: tuple[NodeRef, ...], link: Link) -> tuple[NodeRef, ...] | None:
        return (*state, link.b) if len(state) < 4 else None

    def finish(self, state: tuple[NodeRef, ...], train: str) -> Sequence[Option]:
        if len(state) > int(train):
            return ()
        marks = frozenset({"through"}) if MARKED in state else frozenset()
        stops = {ref: VALUES[ref] for ref in state} if self.once else {}
        return (Option(sum(VALUES[ref] for ref in state), 0, {}, marks, stops),)

    def ceiling(self, state: tuple[NodeRef, ...], train: str) -> tuple[int, int] | None:
        more = int(train) - len(state)
        return (sum(VALUES[ref] for ref in state) + sum(TOP[: max(0, more)]), 0) if more >= 0 else None


def paths(longest: int) -> list[tuple[tuple[NodeRef, ...], frozenset[object]]]:
    """Every simple path of 2 to `longest` nodes with each way along the track, by brute force."""
    out: list[tuple[tuple[NodeRef, ...], frozenset[object]]] = []

    def grow(nodes: tuple[NodeRef, ...], track: frozenset[object]) -> None:
        if len(nodes) > 1 and nodes[0] < nodes[-1]:
            out.append((nodes, track))
        if len(nodes) == longest or (len(nodes) > 1 and nodes[-1] in GRAPH.end_only):
            return
        for nxt in GRAPH.neighbours(nodes[-1]):
            for link in GRAPH.links(nodes[-1], nxt):
                if nxt not in nodes and not track & link.track:
                    grow((*nodes, nxt), track | link.track)

    for start in sorted(GRAPH.nodes):
        grow((start,), frozenset())
    return out


def worth(run: Sequence[tuple[NodeRef, ...]], once: bool) -> int:
    if once:
        return sum(VALUES[ref] for ref in set().union(*run))
    return sum(VALUES[ref] for nodes in run for ref in nodes)


def toy_evaluate(trains: Sequence[str], once: bool) -> object:
    def evaluate(run: Sequence[RouteSpec]) -> Evaluation:
        scored: set[NodeRef] = set()
        scores = []
        for spec in run:
            refs = tuple(GRAPH.node_ref(n) for n in spec.nodes)
            stops = tuple(
                StopScore(r, GRAPH.nodes[r].kind, 0 if once and r in scored else VALUES[r], True, "") for r in refs
            )
            scored |= set(refs)
            scores.append(TrainScore(spec.train, spec.train, refs, stops, sum(s.value for s in stops), 0))
        return Evaluation("toy", True, (), tuple(scores))

    return evaluate


def problem(trains: Sequence[str], rules: RunRules, once: bool = False, evaluate: object = None) -> RunProblem:
    return RunProblem(GRAPH, Toy(once), rules, trains, evaluate or toy_evaluate(trains, once))  # type: ignore[arg-type]


def brute_force(trains: Sequence[str], rules: RunRules, once: bool) -> int:
    options: list[list[tuple[tuple[NodeRef, ...], frozenset[object]] | None]] = [
        [None, *[p for p in paths(int(t)) if len(p[0]) <= int(t)]] for t in trains
    ]
    best = 0
    for choice in itertools.product(*options):
        run = [c for c in choice if c is not None]
        if not rules.shared_track and any(a[1] & b[1] for a, b in itertools.combinations(run, 2)):
            continue
        if sum(MARKED in nodes for nodes, _ in run) > rules.limits.get("through", len(run)):
            continue
        if rules.anchors is not None and run and not any(rules.anchors & set(nodes) for nodes, _ in run):
            continue
        if rules.meets is not None and not _meet(run, rules.meets):
            continue
        best = max(best, worth([nodes for nodes, _ in run], once))
    return best


def _meet(run: list[tuple[tuple[NodeRef, ...], frozenset[object]]], meets: frozenset[NodeRef]) -> bool:
    return len(run) < 2 or bool(set(run[0][0]) & set(run[1][0]) & meets)


def _run_rules(shared: bool, once: bool, limit: int | None, anchored: bool, meeting: bool) -> RunRules:
    return RunRules(
        shared_track=shared,
        once_per_company=once,
        limits={} if limit is None else {"through": limit},
        anchors=frozenset({NodeRef("G9", 0)}) if anchored else None,
        meets=frozenset(GRAPH.nodes) if meeting else None,
    )


#: Every run rule of the search on the toy title: track shared or not, stops scored once per company or per train, a
#: mark allowed once, none or any number of times, an anchor on every run or none, the routes meeting or not.
RUN_RULES = st.builds(
    _run_rules, st.booleans(), st.booleans(), st.sampled_from([None, 1, 0]), st.booleans(), st.booleans()
)


@settings(max_examples=25)
@given(trains=st.lists(st.sampled_from(["2", "3", "4"]), min_size=1, max_size=2), rules=RUN_RULES)
def test_the_search_finds_the_brute_force_optimum_under_every_run_rule(trains: list[str], rules: RunRules) -> None:
    once = rules.once_per_company
    result = best_run(problem(trains, rules, once), time_limit=60)
    expected = brute_force(trains, rules, once)
    assert result.evaluation.revenue == expected
    assert result.status == ("optimal" if expected else "infeasible")


def test_the_answer_is_the_same_every_run() -> None:
    rules = RunRules(anchors=frozenset({NodeRef("G9", 0)}), meets=frozenset(GRAPH.nodes))
    answers = [best_run(problem(["4", "4", "3"], rules), time_limit=60).routes for _ in range(3)]
    assert answers[0] == answers[1] == answers[2] and answers[0]


def test_an_evaluator_that_disagrees_is_an_error_never_an_answer() -> None:
    def lying(run: Sequence[RouteSpec]) -> Evaluation:
        real = toy_evaluate(["3"], False)(run)  # type: ignore[operator]
        return Evaluation(
            "toy",
            True,
            (),
            tuple(TrainScore(t.train, t.label, t.nodes, t.stops, t.revenue + 10, 0) for t in real.trains),
        )

    with pytest.raises(OptimizerMismatch):
        best_run(problem(["3"], RunRules(), evaluate=lying), time_limit=60)


def _with_a_train_beside(run: Sequence[RouteSpec]) -> Evaluation:
    """The toy evaluator judging, with every run, a train settled before the search worth 25 (as 18BF's G-trains)."""
    real = toy_evaluate(["3"], False)(run)  # type: ignore[operator]
    beside = TrainScore("G", "G", (), (), 25, 0)
    return Evaluation("toy", True, (), (*real.trains, beside))


def test_the_answer_is_evaluated_once_with_the_trains_beside_the_search() -> None:
    alone = best_run(problem(["3"], RunRules()), time_limit=60)
    beside = RunProblem(GRAPH, Toy(False), RunRules(), ["3"], _with_a_train_beside, beside=25)
    result = best_run(beside, time_limit=60)
    assert result.routes == alone.routes and result.status == "optimal"
    assert result.evaluation.revenue == alone.evaluation.revenue + 25
    assert result.evaluation.trains[-1].train == "G"


@pytest.mark.parametrize("beside", [0, 20, 30])
def test_an_evaluation_worth_other_than_the_search_plus_what_runs_beside_is_an_error(beside: int) -> None:
    with pytest.raises(OptimizerMismatch, match="the evaluator's revenue"):
        best_run(RunProblem(GRAPH, Toy(False), RunRules(), ["3"], _with_a_train_beside, beside=beside), time_limit=60)


def test_no_anchor_on_the_board_means_no_legal_run() -> None:
    result = best_run(problem(["3"], RunRules(anchors=frozenset())), time_limit=60)
    assert result.status == "infeasible" and result.routes == () and result.reason


def test_a_stop_event_already_set_ends_the_search_at_its_first_check() -> None:
    stop = StopAtCheck()
    stop.set()
    result = best_run(problem(["4", "4"], RunRules()), time_limit=60, stop=stop)
    assert stop.checks_after_stop == 1  # the listing's first check, counted (not timed)
    assert result.status == "unknown" and result.reason == LISTING_STOPPED and result.listed == 0


def test_a_listing_budget_gives_up_the_listing_after_so_many_checks_and_says_so() -> None:
    """A listing budget of 0 checks ends the first listing at its first check (status unknown, LISTING_BUDGET,
    the stop not asked); one above what the listing needs changes nothing."""
    trains = ["4", "4"]
    unlimited = best_run(problem(trains, RunRules()), time_limit=60)
    stop = StopAtCheck()
    cut = best_run(problem(trains, RunRules()), time_limit=60, stop=stop, listing_budget=0)
    assert cut.status == "unknown" and cut.reason == LISTING_BUDGET and not cut.routes and stop.checks == 0
    roomy = best_run(problem(trains, RunRules()), time_limit=60, listing_budget=1_000)
    assert unlimited.status == "optimal"
    assert (roomy.status, roomy.routes, roomy.bound) == (unlimited.status, unlimited.routes, unlimited.bound)


def test_a_listing_routes_budget_gives_up_once_more_routes_are_recorded_and_says_so() -> None:
    """`listing_routes`: the first listing gives up (LISTING_BUDGET) once it has recorded more routes than allowed;
    a budget above the routes the board has changes nothing."""
    trains = ["4", "4"]
    unlimited = best_run(problem(trains, RunRules()), time_limit=60, first_share=None)
    cut = best_run(problem(trains, RunRules()), time_limit=60, listing_routes=1)
    assert cut.status == "unknown" and cut.reason == LISTING_BUDGET and not cut.routes
    roomy = best_run(problem(trains, RunRules()), time_limit=60, first_share=None, listing_routes=unlimited.listed)
    assert (roomy.status, roomy.routes, roomy.bound) == (unlimited.status, unlimited.routes, unlimited.bound)


@pytest.mark.parametrize("trains", [["4", "4"], ["4", "3", "2"], ["2"]])
def test_every_route_listed_at_once_gives_the_optimum_of_the_listing_by_bound(trains: list[str]) -> None:
    """`first_share=None` lists every route in one listing (no second listing): the same optimum, proven, as the
    listing by bound, with at least as many routes listed."""
    rules = RunRules(anchors=frozenset({NodeRef("G9", 0)}), meets=frozenset(GRAPH.nodes))
    by_bound = best_run(problem(trains, rules), time_limit=60)
    at_once = best_run(problem(trains, rules), time_limit=60, first_share=None)
    assert at_once.status == by_bound.status == "optimal"
    assert at_once.evaluation.revenue == by_bound.evaluation.revenue
    assert at_once.listed >= by_bound.listed


def test_a_stop_within_the_listing_budget_is_a_stop() -> None:
    stop = StopAtCheck()
    stop.set()
    result = best_run(problem(["4", "4"], RunRules()), time_limit=60, stop=stop, listing_budget=1_000)
    assert stop.checks_after_stop == 1
    assert result.status == "unknown" and result.reason == LISTING_STOPPED


def _candidate(score: int, nodes: str, track: int, marks: frozenset[str] = frozenset()) -> Candidate:
    refs = tuple(GRAPH.node_ref(n) for n in nodes.split())
    mask = sum(1 << i for i, ref in enumerate(sorted(GRAPH.nodes)) if ref in refs)
    return Candidate("3", refs, mask, track, Option(score, 0, {}, marks), score)


def test_strong_dominance_drops_a_route_on_more_track_through_the_same_nodes_earning_no_more() -> None:
    better = _candidate(50, "E9:0 F10:0 F12:0", 0b011)
    worse = _candidate(50, "F12:0 F10:0 E9:0", 0b111)
    other_nodes = _candidate(40, "E9:0 F10:0", 0b111)
    passing = _candidate(60, "E9:0 F10:0 F12:0", 0b001, frozenset({"through"}))
    assert drop_dominated([worse, better, other_nodes]) == [better, other_nodes]
    # A route carrying a mark the other lacks does not dominate it, whatever it earns.
    assert drop_dominated([passing, worse, better]) == [passing, better]


@pytest.mark.parametrize("share", [0.1, 0.3])
def test_listing_by_bound_lists_exactly_the_routes_above_the_threshold(share: float) -> None:
    weights = Weights("revenue")
    full = list_candidates(GRAPH, Toy(False), ["4"], weights, TrackBits())
    bounded = list_candidates(GRAPH, Toy(False), ["4"], weights, TrackBits(), share=share)
    least = bounded.least["4"]
    assert least == int(full.candidates["4"][0].score * (1 - share))
    assert [(c.nodes, c.score) for c in bounded.candidates["4"]] == [
        (c.nodes, c.score) for c in full.candidates["4"] if c.score >= least
    ]
