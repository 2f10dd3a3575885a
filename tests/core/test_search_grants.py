"""The run search's grants (`RunRules.grants`, `Option.grant`): an amount a route earns only when the run grants
its label, at most so many labels per run (18BF's Irish Sea ferries, each assigned to one area). The toy title of
test_search.py with a grant: a route ending at one of three nodes earns 10 more, labelled by that node, when the
run grants it. Checked against a brute force over every pair of paths and every choice of labels, and strong
dominance with grants."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.evaluator import Evaluation, RouteSpec, StopScore, TrainScore
from solver.core.search.candidates import Candidate, Option, drop_dominated
from solver.core.search.run_rules import RunRules
from solver.core.search.run_search import RunProblem, best_run
from solver.core.track_graph import NodeRef

from .test_search import GRAPH, VALUES, Toy, paths

#: Ends that earn a grant, each its own label.
FERRY_ENDS = tuple(sorted(GRAPH.nodes))[::4][:3]
FERRY = 10


def _grant(nodes: Sequence[NodeRef]) -> tuple[str, int] | None:
    """The grant of a route: 10 labelled by a ferry end it ends at (its first such end)."""
    end = next((ref for ref in (nodes[0], nodes[-1]) if ref in FERRY_ENDS), None)
    return (str(end), FERRY) if end is not None else None


@dataclass(frozen=True)
class GrantToy(Toy):
    def finish(self, state: tuple[NodeRef, ...], train: str) -> Sequence[Option]:
        options = super().finish(state, train)
        grant = _grant(state)
        if not options or grant is None:
            return options
        return (Option(options[0].revenue + FERRY, grant=grant),)

    def ceiling(self, state: tuple[NodeRef, ...], train: str) -> tuple[int, int] | None:
        most = super().ceiling(state, train)
        return None if most is None else (most[0] + FERRY, 0)


def _granted(runs: Sequence[Sequence[NodeRef]], labels: int) -> int:
    """The best the grants add to a run, by brute force over every choice of `labels` labels."""
    grants = [g for nodes in runs if (g := _grant(nodes)) is not None]
    names = sorted({label for label, _ in grants})
    choices = itertools.combinations(names, min(labels, len(names)))
    return max((sum(a for label, a in grants if label in chosen) for chosen in choices), default=0)


def _evaluate(labels: int) -> object:
    def evaluate(run: Sequence[RouteSpec]) -> Evaluation:
        routes = [tuple(GRAPH.node_ref(n) for n in spec.nodes) for spec in run]
        scores = [
            TrainScore(
                spec.train,
                spec.train,
                refs,
                tuple(StopScore(r, GRAPH.nodes[r].kind, VALUES[r], True, "") for r in refs),
                sum(VALUES[r] for r in refs),
                0,
            )
            for spec, refs in zip(run, routes, strict=True)
        ]
        if scores:
            first = scores[0]
            extra = _granted(routes, labels)
            scores[0] = TrainScore(first.train, first.label, first.nodes, first.stops, first.revenue + extra, 0)
        return Evaluation("toy", True, (), tuple(scores))

    return evaluate


def _brute_force(trains: Sequence[str], labels: int) -> int:
    options = [[None, *[p for p, _ in paths(int(t))]] for t in trains]
    tracks = {p: t for p, t in paths(4)}
    best = 0
    for choice in itertools.product(*options):
        run = [p for p in choice if p is not None]
        if any(tracks[a] & tracks[b] for a, b in itertools.combinations(run, 2)):
            continue
        best = max(best, sum(VALUES[r] for nodes in run for r in nodes) + _granted(run, labels))
    return best


@settings(max_examples=15, deadline=None)
@given(trains=st.lists(st.sampled_from(["2", "3"]), min_size=1, max_size=2), labels=st.sampled_from([0, 1, 2]))
def test_grants_are_earned_only_for_the_labels_the_run_grants_as_brute_force_finds(
    trains: list[str], labels: int
) -> None:
    problem = RunProblem(GRAPH, GrantToy(False), RunRules(grants=labels), trains, _evaluate(labels))  # type: ignore[arg-type]
    result = best_run(problem, time_limit=60)
    assert result.status == "optimal"
    assert result.evaluation.revenue == _brute_force(trains, labels)


def _candidate(score: int, nodes: str, track: int, grant: tuple[str, int] | None) -> Candidate:
    refs = tuple(GRAPH.node_ref(n) for n in nodes.split())
    mask = sum(1 << i for i, ref in enumerate(sorted(GRAPH.nodes)) if ref in refs)
    return Candidate("3", refs, mask, track, Option(score, grant=grant), score, grant[1] if grant else 0)


def test_a_route_whose_worth_rests_on_a_grant_does_not_dominate_one_earning_without_it() -> None:
    ferry = _candidate(60, "E9:0 F10:0 F12:0", 0b011, ("a", 30))
    plain = _candidate(50, "E9:0 F10:0 F12:0", 0b111, None)
    assert drop_dominated([ferry, plain]) == [ferry, plain]
    # With a grant of its own label and no more at stake, the route on less track wins.
    same_label = _candidate(55, "E9:0 F10:0 F12:0", 0b111, ("a", 30))
    assert drop_dominated([ferry, same_label]) == [ferry]
    # Without a grant, the route earning more on less track dominates whatever the other's grant.
    assert drop_dominated([_candidate(70, "E9:0 F10:0 F12:0", 0b011, None), ferry])[0].score == 70
    assert len(drop_dominated([_candidate(70, "E9:0 F10:0 F12:0", 0b011, None), ferry])) == 1
