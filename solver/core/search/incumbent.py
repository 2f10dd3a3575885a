"""A quick first run for the floor: a depth-first search over the trains, each trying its candidates best first
(then not running), cut where what is chosen plus every later train's best cannot beat the best run found, and
given up after a budget of steps. What it finds is a legal run of the model (routes that fit together, joined as
the title asks), so its worth is a floor under the optimum.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from itertools import pairwise

from solver.core.search.candidates import Candidate, Weights, bits
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
    filtered: bool = False,
) -> tuple[tuple[int, tuple[Candidate | None, ...]] | None, bool]:
    """`first_run`'s answer, and whether the search ended within its budget and was not stopped: then it is the
    best run of the candidates given (every cut is by a bound no run beyond it can beat), or proof that none has a
    route.

    With `costs` (per train, per candidate, a cost of at least 0), only runs whose candidates cost at most
    `allowance` in all are searched; with `beat`, only runs worth more than it (what is found then is a run worth
    more, or None).

    Trains with the same candidates at the same costs, both free or both made to run (identical trains), are
    interchangeable: of two such trains searched one after the other, the second takes a candidate after the
    first's, or the same one where track may be shared (and does not run when the first does not), so each run is
    searched once rather than once per order of those trains.

    With `filtered`, each train's candidates that fit (their cost within what is left, no track shared with the
    routes chosen) are found as bit sets (`_Fitting`) rather than tried one by one: the same runs are searched in
    the same order, the same steps counted (each candidate skipped is still a step) and the same answer given, in
    a fraction of the time where most candidates do not fit (a search under costs, docs/search.md); it costs the
    bit sets of the candidates chosen, so it is for searches over a few thousand candidates."""
    kinds = [
        (tuple(map(id, lane)), must, tuple(costs[i]) if costs is not None else ())
        for i, (lane, must) in enumerate(zip(options, must_run, strict=True))
    ]
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

    def leaf() -> None:
        worth = run_score(rules, weights, run)
        if run and (not found or worth > found[0][0]) and joined(masks, run):
            found[:] = [(worth, tuple(chosen))]

    def choose(k: int, c: Candidate) -> None:
        chosen[order[k]] = c
        run.append(c)
        for m in c.option.marks:
            marked[m] = marked.get(m, 0) + 1

    def unchoose(k: int, c: Candidate) -> None:
        for m in c.option.marks:
            marked[m] -= 1
        run.pop()
        chosen[order[k]] = None

    def search(k: int, value: int, used: int, spent: int) -> None:
        nonlocal steps
        if k == len(order):
            leaf()
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
            # The bookkeeping of `choose` and `unchoose` written out: the plain search's descents are its hot path.
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
            search(k + 1, value, used, spent)  # noqa: F821

    def skipped(count: int) -> bool:
        """Count `count` candidates that do not fit as steps, as `search` does one at a time (asking whether to
        stop on passing a multiple of 256); whether the search goes on."""
        nonlocal steps
        if steps >= budget:
            return False
        if steps + count > budget or ((steps + count) >> 8 > steps >> 8 and should_stop()):
            steps = budget
            return False
        steps += count
        return True

    def search_fitting(k: int, value: int, spent: int, blocked: tuple[int, ...]) -> None:
        """`search` with the candidates that fit found as bit sets: `blocked[d]` holds the candidates of the
        train searched at depth k + d that share track with a route chosen. A walk of its own: one walk for both
        ways was measured slower for both titles (docs/search.md, "Two walks rather than one, measured")."""
        nonlocal steps
        assert fitting is not None  # only searched with the bit sets built
        if k == len(order):
            leaf()
            return
        rest = best_after[k + 1]
        lane = options[order[k]]
        size = len(lane)
        cur = picked[k - 1] + after if twin[k] else 0
        fit = fitting.affordable(order[k], allowance - spent) & ~blocked[0]
        fit = fit >> cur << cur
        lowered = fitting.lowered[order[k]]
        lane_costs = costs[order[k]] if costs is not None else None
        while True:
            # The first candidate from `cur` on that `search` would stop at: it cannot beat the best run found.
            limit = bisect_left(lowered, value + rest - found[0][0], cur) if found else size
            low = fit & -fit
            j = low.bit_length() - 1 if fit else size
            end = min(j, limit)
            if end > cur and not skipped(end - cur):
                return
            if end == size:
                break
            if end == limit or steps >= budget:
                return
            steps += 1
            if not steps & 255 and should_stop():
                steps = budget
                return
            fit ^= low
            cur = j + 1
            c = lane[j]
            if c.option.marks and not marks_fit(c):
                continue
            picked[k] = j
            choose(k, c)
            cost = lane_costs[j] if lane_costs is not None else 0
            deeper = tuple(b | fitting.sharing(order[k], j, order[k + 1 + d]) for d, b in enumerate(blocked[1:]))
            search_fitting(k + 1, value + c.score, spent + cost, deeper)  # noqa: F821
            unchoose(k, c)
        if not must_run[order[k]] and steps < budget and (not found or value + rest > found[0][0]):
            picked[k] = size
            search_fitting(k + 1, value, spent, blocked[1:])  # noqa: F821

    # The bit sets find where the search by score stops by bisection: only for candidates best first.
    in_order = all(a.score >= b.score for lane in options for a, b in pairwise(lane))
    fitting = _Fitting(rules, options, costs) if filtered and in_order else None
    try:
        if fitting is None:
            search(0, 0, 0, 0)
        else:
            search_fitting(0, 0, 0, (0,) * len(order))
    finally:
        # `search` and `search_fitting` call themselves through their closure's cells: a reference cycle that would
        # keep the run and the candidates alive until the cyclic collector ran (which solves pause). Emptied here.
        del search, search_fitting
    best = found[0] if found and found[0][1] else None
    return best, steps < budget


class _Fitting:
    """Each train's candidates as bit sets (bit j: the train's candidate j, best first): those within a cost
    (`affordable`) and those sharing track with a chosen candidate of a train (`sharing`, built when first asked),
    and the negated scores in order (`lowered`), for finding where a search by score stops."""

    def __init__(
        self, rules: RunRules, options: Sequence[Sequence[Candidate]], costs: Sequence[Sequence[int]] | None
    ) -> None:
        self.options = options
        self.shared_track = rules.shared_track
        self.lowered = [[-c.score for c in lane] for lane in options]
        self.cost_steps: list[list[int]] = []
        self.within: list[list[int]] = []
        for i, lane in enumerate(options):
            lane_costs = costs[i] if costs is not None else [0] * len(lane)
            cheapest = sorted(range(len(lane)), key=lane_costs.__getitem__)
            within, mask = [0], 0
            for j in cheapest:
                mask |= 1 << j
                within.append(mask)
            self.cost_steps.append([lane_costs[j] for j in cheapest])
            self.within.append(within)
        self._by_item: dict[int, dict[int, int]] = {}
        self._sharing: dict[tuple[int, int, int], int] = {}

    def affordable(self, i: int, most: int) -> int:
        """Train i's candidates costing at most `most`."""
        return self.within[i][bisect_right(self.cost_steps[i], most)]

    def sharing(self, i: int, j: int, other: int) -> int:
        """Train `other`'s candidates sharing track with train i's candidate j (none where track may be
        shared)."""
        if self.shared_track:
            return 0
        key = (i, j, other)
        known = self._sharing.get(key)
        if known is None:
            by_item = self._items(other)
            known = 0
            for item in bits(self.options[i][j].track):
                known |= by_item.get(item, 0)
            self._sharing[key] = known
        return known

    def _items(self, other: int) -> dict[int, int]:
        """Per track item, the bit set of train `other`'s candidates using it (shared by identical lanes)."""
        lane = self.options[other]
        by_item = self._by_item.get(id(lane))
        if by_item is None:
            by_item = {}
            for j, c in enumerate(lane):
                for item in bits(c.track):
                    by_item[item] = by_item.get(item, 0) | 1 << j
            self._by_item[id(lane)] = by_item
        return by_item
