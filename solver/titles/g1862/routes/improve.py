"""A better run before the last round: local search over the listed options (7.4, 7.8, 7.8.1-7.8.3).

The last round of `solver.titles.g1862.routes.optimizer` proves the optimum quickly once it has been
found (docs/optimizer.md "Design history": hinted with the optimal run, its proof takes about half the
time), so a good run is looked for here, in Python, before the first round is built: from one option through
the home station, each runner in turn takes the option that raises the run's value most while the run stays
legal, until no runner can improve it; one such climb starts from each runner's best option through the home
station, and the best run of all the climbs is kept (one climb alone stops where every change of one runner
lowers the run, docs/optimizer.md step 6).

A run is judged as the model judges it, from below:

* legal: each Freight train used at most once (alone or in the chain), a chain of non-permanent trains only
  with a permanent train when one runs alone (7.8.1); one run includes the home station, and the runs are
  connected, two runs meeting at a large station both visit (7.8 bullet 2);
* worth at least: Freight runs (lone permanent trains and the chain) score both outer ends and the bonus
  between them (7.8.1); then each Express and Local train, in the model's order, its best N stops not yet
  scored, a Local also its small stations (7.8.2, 7.8.3); each station and off-board area once (7.8); and
  for Local trains 10 per distinct hex (7.8.2). This is one way of scoring the routes, so the model's best
  scoring of them is worth at least as much.

Nothing here is trusted: the optimizer keeps the run only if CP-SAT, with every route choice fixed to it,
finds it legal and scores it (`optimizer._hint`), and every answer is re-checked by the evaluator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from solver.titles.g1862.routes.bounds import own_values
from solver.titles.g1862.routes.candidates import Candidate
from solver.titles.g1862.routes.chain_candidates import ChainCandidate
from solver.titles.g1862.routes.cpsat_model import REVENUE_WEIGHT, SUBSIDY_PER_HEX, Option, RunPlan
from solver.titles.g1862.routes.model import Objective
from solver.titles.g1862.track import NodeId
from solver.titles.g1862.trains import TrainType

Selection = list[int | None]  # per runner: the index of its option, or None when it does not run
CHECK_EVERY = 256  # options tried between two calls of the caller's stop check


class Judge:
    """The legality and value (a lower bound on the model's) of a selection of options of `plan`."""

    def __init__(
        self,
        plan: RunPlan,
        values: Mapping[str, int],
        unit_of: Mapping[str, str],
        objective: Objective,
        home: NodeId,
    ):
        self.plan = plan
        self.values = values
        self.unit_of = unit_of
        self.home = home
        self.objective = objective
        self.weight = 1 if objective == "cash" else REVENUE_WEIGHT
        self.cash = objective == "cash"
        self.counts = plan.counts()
        self.kinds = [rp.kind for rp in plan.runners]
        self.scored = [rp.slot.train.scored if rp.slot is not None else 0 for rp in plan.runners]
        self.local = [rp.slot is not None and rp.slot.train.type is TrainType.LOCAL for rp in plan.runners]
        # per option (by identity), worked out once: a Freight run's bonus and end units, an Express or Local
        # route's scoring units from the most valuable down
        self._ends: dict[int, tuple[int, frozenset[str]]] = {}
        self._ranked: dict[int, tuple[str, ...]] = {}

    def _freight_ends(self, c: Option) -> tuple[int, frozenset[str]]:
        ends = self._ends.get(id(c))
        if ends is None:
            units = frozenset((self.unit_of[c.start.stop], self.unit_of[c.end.stop]))
            ends = self._ends[id(c)] = (c.bonus, units)
        return ends

    def _units(self, c: Candidate) -> tuple[str, ...]:
        ranked = self._ranked.get(id(c))
        if ranked is None:
            values = self.values
            # equal values by name: the order of a set of names changes with Python's hash seed, and which of
            # two equal stops a train scores decides what the next train may still score
            ranked = self._ranked[id(c)] = tuple(sorted(c.units, key=lambda u: (-values.get(u, 0), u)))
        return ranked

    def option(self, i: int, j: int) -> Option:
        return self.plan.runners[i].options[j]

    def trains(self, i: int, c: Option) -> list[int]:
        """The Freight train groups option `c` of runner `i` uses (7.8.1)."""
        if isinstance(c, ChainCandidate):
            return list(c.keys)
        group = self.plan.runners[i].group
        return [] if group is None else [group]

    def freight_clash(self, picks: Sequence[tuple[int, Option]]) -> list[int]:
        """The runners to leave out so that each Freight train runs at most once and a chain of
        non-permanent trains does not run beside a permanent one (7.8.1): the lone runners that take a
        train the chain needs, or all lone runners; empty when the Freight runners fit together."""
        chain = next((c for i, c in picks if self.kinds[i] == "chain"), None)
        lone = [i for i, _ in picks if self.kinds[i] == "lone"]
        if chain is None or not lone:
            return []
        assert isinstance(chain, ChainCandidate)
        if not self.plan.permanent.intersection(chain.keys):
            return lone
        used = Counter(chain.keys)
        clash = []
        for i in lone:
            group = self.plan.runners[i].group
            assert group is not None
            used[group] += 1
            if used[group] > self.counts[group]:
                clash.append(i)
                used[group] -= 1
        return clash

    def legal(self, picks: Sequence[tuple[int, Option]]) -> bool:
        """7.8 bullet 2 (the home station, connected runs) and 7.8.1 (each Freight train once)."""
        if not picks or self.freight_clash(picks):
            return False
        if not any(self.home in c.large for _, c in picks):  # the home station is a large station
            return False
        large = [c.large for _, c in picks]
        reached = {0}
        frontier = [0]
        while frontier:
            a = frontier.pop()
            for b in range(len(large)):
                if b not in reached and not large[a].isdisjoint(large[b]):
                    reached.add(b)
                    frontier.append(b)
        return len(reached) == len(large)

    def value(self, picks: Sequence[tuple[int, Option]]) -> int:
        """What the model's objective is worth at least for these options (the module docstring)."""
        values, unit_of = self.values, self.unit_of
        claimed: set[str] = set()
        revenue = 0
        for i, c in picks:
            if self.kinds[i] in ("lone", "chain"):
                bonus, ends = self._freight_ends(c)
                revenue += bonus
                for unit in ends:
                    if unit not in claimed:
                        claimed.add(unit)
                        revenue += values.get(unit, 0)
        hexes: set[str] = set()
        for i, c in picks:
            if self.kinds[i] not in ("express", "local"):
                continue
            assert isinstance(c, Candidate)
            free = [u for u in self._units(c) if u not in claimed][: self.scored[i]]
            for unit in free:
                claimed.add(unit)
                revenue += values.get(unit, 0)
            if self.local[i]:
                for s in c.small:
                    unit = unit_of[s]
                    if unit not in claimed:
                        claimed.add(unit)
                        revenue += values.get(unit, 0)
                hexes |= c.hexes
        subsidy = SUBSIDY_PER_HEX * len(hexes)
        return self.weight * revenue + subsidy if not self.cash else revenue + subsidy


def improve(
    plan: RunPlan,
    keep: Sequence[Sequence[bool]] | None,
    values: Mapping[str, int],
    unit_of: Mapping[str, str],
    objective: Objective,
    home: NodeId,
    stopped: Callable[[], bool],
) -> tuple[int, Selection] | None:
    """A good run among the options `keep` allows (every option when None), and its value in model objective
    units (at least what the model scores it), or None when no option visits the home station.

    A climb starts from one option through the home station `home`, then changes one runner's option at a
    time (a runner that did not run may start; a chain or lone Freight train that needs trains another runner
    holds sends that runner off, 7.8.1), taking for each runner the change that raises the value most while
    the run stays legal, until no runner can raise it. Options are tried from the highest own value down,
    and a runner's search ends where even an option's own value cannot raise the run. There is one climb per
    runner that can run through the home station, from its option there that adds most on its own (the
    runner that adds most first); the best run of all the climbs is returned. Ends early, with the best run
    so far, when `stopped()` becomes true."""
    climb = _Climb(Judge(plan, values, unit_of, objective, home), keep, stopped)
    found: tuple[int, Selection] | None = None
    for i, j in climb.starts():
        run = climb.from_option(i, j)
        if found is None or run[0] > found[0]:
            found = run
        if climb.stopped_early:
            break
    return found


class _Climb:
    """The climbs of `improve` over the judge's plan: what they share (the judge, every option's own value, the
    options `keep` allows each runner, in the order it tries them) and the count of options tried, for the
    stop check."""

    def __init__(self, judge: Judge, keep: Sequence[Sequence[bool]] | None, stopped: Callable[[], bool]):
        self.plan = plan = judge.plan
        self.judge = judge
        self.stopped = stopped
        self.stopped_early = False
        self.tried = 0
        self.own = [own_values(rp, judge.values, judge.unit_of, judge.objective) for rp in plan.runners]
        self.order = [
            sorted(
                (j for j in range(len(values_i)) if keep is None or keep[i][j]), key=values_i.__getitem__, reverse=True
            )
            for i, values_i in enumerate(self.own)
        ]

    def starts(self) -> list[tuple[int, int]]:
        """Per runner, its option through the home station that adds most on its own (the first listed of
        equal ones), the runner whose option adds most first; once for identical trains (7.8: one run includes
        the home station, a large station, so an option visits it when it is among the option's large
        stations)."""
        firsts = []
        seen: set[tuple[str, str, int]] = set()
        for i, rp in enumerate(self.plan.runners):
            # `order` is by own value, highest first, and stable: the first through home is the best
            j = next((j for j in self.order[i] if self.judge.home in rp.options[j].large), None)
            if j is None:
                continue
            if rp.slot is not None and rp.slot.pinned is None:  # identical trains have the same options
                same = (rp.kind, rp.slot.train.name, j)
                if same in seen:
                    continue
                seen.add(same)
            firsts.append((self.own[i][j], i, j))
        return [(i, j) for _, i, j in sorted(firsts, key=lambda t: (-t[0], t[1]))]

    def _picks(self, sel: Selection) -> list[tuple[int, Option]]:
        return [(i, self.judge.option(i, j)) for i, j in enumerate(sel) if j is not None]

    def from_option(self, first: int, option: int) -> tuple[int, Selection]:
        """The run reached from option `option` of runner `first` alone (see `improve`), and its value."""
        judge, own, order = self.judge, self.own, self.order
        current: Selection = [None] * len(self.plan.runners)
        current[first] = option
        best = judge.value(self._picks(current))
        improved = True
        while improved:
            improved = False
            for i in range(len(current)):
                rest = [p for p in self._picks(current) if p[0] != i]
                ceiling = judge.value(rest)
                step: tuple[int, Selection] | None = None
                for j in order[i]:
                    if ceiling + own[i][j] <= (step[0] if step else best):
                        break  # sorted by what the option adds at most: no later one can do better
                    self.tried += 1
                    if self.tried % CHECK_EVERY == 0 and self.stopped():
                        self.stopped_early = True
                        return best, _in_order(self.plan, current)
                    if j == current[i]:
                        continue
                    trial = [*rest, (i, judge.option(i, j))]
                    clash = judge.freight_clash(trial)
                    if i in clash:  # the lone train needs a train of the chain, or the chain none of its kind
                        trial = [p for p in trial if judge.kinds[p[0]] != "chain"]
                    elif clash:  # the chain needs trains running alone, or runs only without them
                        trial = [p for p in trial if p[0] not in clash]
                    if not judge.legal(trial):
                        continue
                    v = judge.value(trial)
                    if v > (step[0] if step else best):
                        sel: Selection = [None] * len(current)
                        for k, _ in trial:
                            sel[k] = j if k == i else current[k]
                        step = (v, sel)
                if step is not None:
                    best, current = step
                    improved = True
        return best, _in_order(self.plan, current)


def _in_order(plan: RunPlan, sel: Selection) -> Selection:
    """The same run with identical trains that are not pinned running in order (the model's symmetry
    breaking: a later one runs only if the earlier ones do); their options are the same lists."""
    sel = list(sel)
    same: dict[tuple[str, str], list[int]] = {}
    for i, rp in enumerate(plan.runners):
        if rp.slot is not None and rp.slot.pinned is None:
            same.setdefault((rp.kind, rp.slot.train.name), []).append(i)
    for members in same.values():
        chosen = [sel[i] for i in members if sel[i] is not None]
        for k, i in enumerate(members):
            sel[i] = chosen[k] if k < len(chosen) else None
    return sel
