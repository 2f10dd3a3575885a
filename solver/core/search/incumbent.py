"""A quick first run for the floor: a depth-first search over the trains, each trying its candidates best first
(then not running), cut where what is chosen plus every later train's best cannot beat the best run found, and
given up after a budget of steps. What it finds is a legal run of the model (routes that fit together, joined as
the title asks), so its worth is a floor under the optimum.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.core.search.candidates import Candidate, Weights
from solver.core.search.run_rules import NodeMasks, RunRules, fits, joined, run_score

#: Candidates tried at most, in all; the search keeps the best run found when it runs out.
STEP_BUDGET = 20_000


def first_run(
    rules: RunRules,
    masks: NodeMasks,
    weights: Weights,
    options: Sequence[Sequence[Candidate]],
    must_run: Sequence[bool],
    should_stop: Callable[[], bool] = lambda: False,
    budget: int = STEP_BUDGET,
) -> tuple[int, tuple[Candidate | None, ...]] | None:
    """The best run found (its weighted worth, and per train its candidate or None; the trains of `must_run` always
    run) within `budget` steps; None when none with a route was found."""
    order = sorted(range(len(options)), key=lambda i: (-(options[i][0].score if options[i] else 0), i))
    best_after = [0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        lane = options[order[k]]
        best_after[k] = best_after[k + 1] + (lane[0].score if lane else 0)
    found: list[tuple[int, tuple[Candidate | None, ...]]] = []
    chosen: list[Candidate | None] = [None] * len(options)
    run: list[Candidate] = []
    steps = 0

    def beats(value: int) -> bool:
        return not found or value > found[0][0]

    def search(k: int, value: int) -> None:
        nonlocal steps
        if k == len(order):
            if run and beats(run_score(rules, weights, run)) and joined(masks, run):
                found[:] = [(run_score(rules, weights, run), tuple(chosen))]
            return
        for c in options[order[k]]:
            if steps >= budget or not beats(value + c.score + best_after[k + 1]):
                return
            steps += 1
            if steps % 256 == 0 and should_stop():
                steps = budget
                return
            if not fits(rules, run, c):
                continue
            chosen[order[k]] = c
            run.append(c)
            search(k + 1, value + c.score)
            run.pop()
            chosen[order[k]] = None
        if not must_run[order[k]] and steps < budget and beats(value + best_after[k + 1]):
            search(k + 1, value)

    search(0, 0)
    return found[0] if found else None
