"""An exact search without CP-SAT for the smallest runs: a company whose only trains are one to three
Freight trains (7.8.1), such as ESR with two 7F.

There CP-SAT's fixed cost, building its model and the options' bounds are most of the solve
(docs/optimizer.md "Design history"), while the runs are few: each permanent train alone, or the trains in
one chain. So `best_freight_run` takes the best run found by the local search
(`solver.titles.g1862.routes.improve`) as the first incumbent, lists only the chains that could beat it
(`ChainLister` with the thresholds of `solver.titles.g1862.routes.bounds.chain_thresholds`: every chain left
out earns less), and then tries every combination of the runners' options in a branch and bound: options in
order of what they earn on their own, a branch given up when that sum cannot beat the incumbent. A Freight
run scores its two outer ends and the bonus between them, each station or off-board area once (7.8, 7.8.1),
so for these runs the local search's value is exactly the model's; legality is the same judge's (7.8 bullet
2: the home station and connected runs; 7.8.1: each train once, a chain of non-permanent trains not beside
a lone permanent one). The answer is re-checked by the evaluator like every other
(`solver.titles.g1862.routes.optimizer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from solver.titles.g1862.routes.bounds import chain_thresholds, own_values
from solver.titles.g1862.routes.candidates import ListingStopped
from solver.titles.g1862.routes.cpsat_model import Option, RunPlan
from solver.titles.g1862.routes.improve import Judge, improve
from solver.titles.g1862.routes.model import Objective
from solver.titles.g1862.track import NodeId

SMALL_FREIGHT = 3  # at most this many Freight trains, and no other train: measured in docs/optimizer.md
# A search that needs more branches than this gives up and leaves the run to CP-SAT: the long-Freight boards
# need at most about 10,000 (9F 8F 7F), a few hundredths of a second.
BRANCHES = 40_000
CHECK_EVERY = 1024  # branches between two calls of the caller's stop check


def is_small(plan: RunPlan) -> bool:
    """Whether the run is small enough for `best_freight_run`: only Freight trains, at most SMALL_FREIGHT,
    none pinned."""
    trains = sum(len(group) for group in plan.groups)
    pinned = any(slot.pinned is not None for group in plan.groups for slot in group)
    only_freight = all(rp.kind in ("lone", "chain") for rp in plan.runners)
    return only_freight and 0 < trains <= SMALL_FREIGHT and not pinned


def best_freight_run(
    plan: RunPlan,
    values: Mapping[str, int],
    unit_of: Mapping[str, str],
    objective: Objective,
    home: NodeId,
    stopped: Callable[[], bool],
) -> tuple[int, list[tuple[int, Option]]] | None:
    """The best legal run of a small plan (`is_small`) and its value in model objective units, proven by
    exhausting every combination that could beat it; as (value, [(runner, option)]). None when no legal run
    was found (the CP-SAT path then says why), when the search needs more than BRANCHES branches, or when
    `stopped()` became true before the search was complete (nothing found so far is claimed to be optimal;
    the rounds then answer for the time limit or the stop)."""
    assert is_small(plan)
    # the first incumbent: the local search's run among the trains' own routes (0 when it finds none, for
    # example when the only train is a non-permanent Freight, which runs only as a one-train chain)
    start = improve(plan, None, values, unit_of, objective, home, stopped)
    incumbent = start[0] if start is not None else 0
    if plan.lister is not None:
        # every chain whose run could reach the incumbent: the chains left out earn less than their thresholds
        thresholds = chain_thresholds(plan, values, unit_of, objective, incumbent)
        try:
            plan = plan.with_chains(plan.lister.chains(thresholds, stopped))
        except ListingStopped:
            return None
    judge = Judge(plan, values, unit_of, objective, home)
    own = [own_values(rp, values, unit_of, objective) for rp in plan.runners]
    order = [sorted(range(len(v)), key=v.__getitem__, reverse=True) for v in own]
    most = [max(v, default=0) for v in own]
    ahead = [sum(most[i:]) for i in range(len(most) + 1)]  # the most the runners from i on add
    best: list[tuple[int, Option]] | None = None
    best_value = incumbent - 1  # a run worth the incumbent is found again: the search returns its options
    picks: list[tuple[int, Option]] = []
    branches = 0
    same = [
        i > 0 and plan.runners[i].kind == "lone" and plan.runners[i].group == plan.runners[i - 1].group
        for i in range(len(plan.runners))
    ]
    chosen_at: list[int] = [-1] * len(plan.runners)  # the position in `order` each runner took (-1: none)

    def search(i: int, upper: int) -> bool:
        """Extend `picks` with runner i's options; False when stopped."""
        nonlocal best, best_value, branches
        branches += 1
        if branches > BRANCHES or (branches % CHECK_EVERY == 0 and stopped()):
            return False
        if i == len(plan.runners):
            if picks and judge.legal(picks):
                v = judge.value(picks)
                if v > best_value:
                    best_value, best = v, list(picks)
            return True
        # identical lone trains take their routes in order, and one runs only if the one before does
        # (each set of routes once)
        first = chosen_at[i - 1] if same[i] else 0
        if not (same[i] and chosen_at[i - 1] < 0):
            for pos in range(max(first, 0), len(order[i])):
                j = order[i][pos]
                if upper + own[i][j] + ahead[i + 1] <= best_value:
                    break  # options are sorted by what they add at most
                picks.append((i, plan.runners[i].options[j]))
                chosen_at[i] = pos
                if not judge.freight_clash(picks) and not search(i + 1, upper + own[i][j]):  # noqa: F821 - deleted once the walk is over
                    return False
                picks.pop()
        chosen_at[i] = -1
        return search(i + 1, upper)  # noqa: F821 - deleted once the walk is over

    try:
        complete = search(0, 0)
    finally:
        del search  # the recursive closure refers to itself: freed now rather than by the garbage collector
    if not complete or best is None:
        return None
    return best_value, best
