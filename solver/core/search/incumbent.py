"""A quick first run for the floor: a depth-first search over the trains, each trying its candidates best first
(then not running), cut where what is chosen plus every later train's best cannot beat the best run found, and
given up after a budget of steps. What it finds is a legal run of the model (routes that fit together, joined as
the title asks), so its worth is a floor under the optimum.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.core.search.candidates import Candidate, Weights
from solver.core.search.run_rules import NodeMasks, RunRules, joined, run_score

#: Candidates tried at most, in all; the search keeps the best run found when it runs out.
STEP_BUDGET = 400_000
#: The budget where the search's answer may stand as the proof (`run_search.best_run(search_proves=True)`): a few
#: tenths of a second of this machine, before CP-SAT takes over.
PROOF_BUDGET = 2_000_000


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
    return searched_run(rules, masks, weights, options, must_run, should_stop, budget)[0]


def searched_run(
    rules: RunRules,
    masks: NodeMasks,
    weights: Weights,
    options: Sequence[Sequence[Candidate]],
    must_run: Sequence[bool],
    should_stop: Callable[[], bool] = lambda: False,
    budget: int = STEP_BUDGET,
    costs: Sequence[Sequence[int]] | None = None,
    allowance: int = 0,
    beat: int | None = None,
) -> tuple[tuple[int, tuple[Candidate | None, ...]] | None, bool]:
    """`first_run`'s answer, and whether the search ended within its budget and was not stopped: then it is the
    best run of the candidates given (every cut is by a bound no run beyond it can beat), or proof that none has a
    route.

    With `costs` (per train, per candidate, a cost of at least 0), only runs whose candidates cost at most
    `allowance` in all are searched; with `beat`, only runs worth more than it (what is found then is a run worth
    more, or None).

    Trains with the same candidates (identical trains) are interchangeable: of two such trains searched one after
    the other, the second takes a candidate after the first's, or the same one where track may be shared (and does
    not run when the first does not), so each run is searched once rather than once per order of those trains."""
    kinds = [(tuple(map(id, lane)), must) for lane, must in zip(options, must_run, strict=True)]
    group = [kinds.index(kind) for kind in kinds]
    order = sorted(range(len(options)), key=lambda i: (-(options[i][0].score if options[i] else 0), group[i], i))
    twin = [k > 0 and group[order[k]] == group[order[k - 1]] for k in range(len(order))]
    picked = [0] * len(order)
    # Where track may be shared, two identical trains may run the same route: the second from the first's on.
    after = 0 if rules.shared_track else 1
    best_after = [0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        lane = options[order[k]]
        best_after[k] = best_after[k + 1] + (lane[0].score if lane else 0)
    found: list[tuple[int, tuple[Candidate | None, ...]]] = [] if beat is None else [(beat, ())]
    chosen: list[Candidate | None] = [None] * len(options)
    run: list[Candidate] = []
    marked: dict[str, int] = dict.fromkeys(rules.limits, 0)
    steps = 0

    def marks_fit(c: Candidate) -> bool:
        return all(marked.get(m, 0) < rules.limits.get(m, len(options) + 1) for m in c.option.marks)

    def search(k: int, value: int, used: int, spent: int) -> None:
        nonlocal steps
        if k == len(order):
            worth = run_score(rules, weights, run)
            if run and (not found or worth > found[0][0]) and joined(masks, run):
                found[:] = [(worth, tuple(chosen))]
            return
        rest = best_after[k + 1]
        lane = options[order[k]]
        lane_costs = costs[order[k]] if costs is not None else None
        for j in range(picked[k - 1] + after if twin[k] else 0, len(lane)):
            c = lane[j]
            if steps >= budget or (found and value + c.score + rest <= found[0][0]):
                return
            steps += 1
            if not steps & 255 and should_stop():
                steps = budget
                return
            cost = lane_costs[j] if lane_costs is not None else 0
            if spent + cost > allowance or c.track & used or (c.option.marks and not marks_fit(c)):
                continue
            chosen[order[k]] = c
            picked[k] = j
            run.append(c)
            for m in c.option.marks:
                marked[m] = marked.get(m, 0) + 1
            search(k + 1, value + c.score, used if rules.shared_track else used | c.track, spent + cost)  # noqa: F821
            for m in c.option.marks:
                marked[m] -= 1
            run.pop()
            chosen[order[k]] = None
        if not must_run[order[k]] and steps < budget and (not found or value + rest > found[0][0]):
            picked[k] = len(lane)
            search(k + 1, value, used, spent)  # noqa: F821 (its cell is emptied when the search ends, below)

    try:
        search(0, 0, 0, 0)
    finally:
        del search  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)
    best = found[0] if found and found[0][1] else None
    return best, steps < budget
