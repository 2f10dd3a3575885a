"""Upper bounds on a company's run, per runner option, used to leave hopeless options out of the model.

What one option can add to a run is at most what it earns when no other train scores its stops: the best
N of its stops (and, for a Local, its small stations and, as subsidy, 10 per hex; 7.8.2, 7.8.3), or for a
Freight train alone or the chain its two ends and the bonus between them (7.8.1). What the rest of the run
can add is at most the sum of the other runners' best options, taken over the ways the Freight trains can
be used together (each train once: in the chain or alone, 7.8.1). Their sum bounds every run that uses the
option: once-only scoring (7.8), connectivity and the home station only lower the real value.

So if a run worth `floor` is known or hoped for, every option whose bound is below `floor` can be left out:
the best run either is worth less than `floor` or uses none of them. `solver.titles.g1862.routes.optimizer` solves the
smaller model and checks which case it is in.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from solver.titles.g1862.routes.candidates import Candidate
from solver.titles.g1862.routes.chain_candidates import ChainCandidate, Keys
from solver.titles.g1862.routes.cpsat_model import (
    REVENUE_WEIGHT,
    SUBSIDY_PER_HEX,
    Option,
    RunnerPlan,
    RunPlan,
    route_value,
)
from solver.titles.g1862.routes.model import Objective
from solver.titles.g1862.trains import TrainType


@dataclass(frozen=True)
class OptionBounds:
    """`per_option[i][j]`: an upper bound, in model objective units, on every run in which runner `i`
    takes its option `j`; `total`: an upper bound on every run."""

    per_option: tuple[tuple[int, ...], ...]
    total: int


def option_value(
    rp: RunnerPlan, c: Option, values: Mapping[str, int], unit_of: Mapping[str, str], objective: Objective
) -> int:
    """The most option `c` can add to the objective: revenue (weighted as the model weighs it) plus, for a
    Local train, the subsidy of all its hexes."""
    if rp.kind in ("express", "local"):
        assert isinstance(c, Candidate) and rp.slot is not None
        revenue = route_value(c, rp.slot.train, values)
        local = rp.slot.train.type is TrainType.LOCAL
        subsidy = SUBSIDY_PER_HEX * len(c.hexes) if local else 0
    else:
        assert isinstance(c, (Candidate, ChainCandidate))
        revenue = values.get(unit_of[c.start.stop], 0) + values.get(unit_of[c.end.stop], 0) + c.bonus
        subsidy = 0
    weight = 1 if objective == "cash" else REVENUE_WEIGHT
    return weight * revenue + subsidy


def own_values(
    rp: RunnerPlan, values: Mapping[str, int], unit_of: Mapping[str, str], objective: Objective
) -> tuple[int, ...]:
    """`option_value` of each of the runner's options, kept on the runner (the values and scoring units are
    those of its plan's graph)."""
    own = rp.own_values.get(objective)
    if own is None:
        own = rp.own_values[objective] = tuple(option_value(rp, c, values, unit_of, objective) for c in rp.options)
    return own


class _Parts:
    """What the bounds are made of: each option's own value, the best Express and Local options, and what
    the Freight runners can add together (in model objective units)."""

    def __init__(self, plan: RunPlan, values: Mapping[str, int], unit_of: Mapping[str, str], objective: Objective):
        self.plan = plan
        self.weight = 1 if objective == "cash" else REVENUE_WEIGHT
        self.own = [own_values(rp, values, unit_of, objective) for rp in plan.runners]
        self.best = [max(v, default=0) for v in self.own]
        self.counts = plan.counts()
        self.express_local = sum(
            b for rp, b in zip(plan.runners, self.best, strict=True) if rp.kind in ("express", "local")
        )
        self.lone = [i for i, rp in enumerate(plan.runners) if rp.kind == "lone"]
        # the best chain for each multiset of trains in it: listed or not, at most what the lister allows
        lister = plan.lister
        self.chain_best = {k: self.weight * lister.best_possible(k) for k in lister.keys} if lister else {}
        self.freight_best = max(
            [self.best[i] + self.rest(forced=i) for i in self.lone]
            + [v + self.rest(keys=k) for k, v in self.chain_best.items()]
            + [0]
        )

    def rest(self, forced: int | None = None, keys: Keys | None = None) -> int:
        """The most the other Freight runners can add when lone runner `forced` runs, or when the chain
        runs with trains `keys`, that runner itself not counted (each train used at most as often as the
        company has it, 7.8.1)."""
        result = 0
        chain_choices: list[tuple[Keys, int] | None]
        chain_choices = [(keys, 0)] if keys is not None else [None, *self.chain_best.items()]
        for choice in chain_choices:
            used_by_chain = Counter(choice[0]) if choice else Counter[int]()
            for n in range(len(self.lone) + 1):
                for alone in itertools.combinations(self.lone, n):
                    if forced is not None and forced not in alone:
                        continue
                    used = used_by_chain + Counter(self.plan.runners[i].group for i in alone)
                    if any(used[k] > self.counts[k] for k in used if k is not None):
                        continue
                    total = (choice[1] if choice else 0) + sum(self.best[i] for i in alone if i != forced)
                    result = max(result, total)
        return result

    def chain_others(self, keys: Keys) -> int:
        """The most every other runner can add to a run whose chain has trains `keys`."""
        return self.express_local + self.rest(keys=keys)


def option_bounds(
    plan: RunPlan, values: Mapping[str, int], unit_of: Mapping[str, str], objective: Objective
) -> OptionBounds:
    """Bounds for every option of `plan` (see the module docstring)."""
    parts = _Parts(plan, values, unit_of, objective)
    per_option: list[tuple[int, ...]] = []
    for i, rp in enumerate(plan.runners):
        if rp.kind in ("express", "local"):
            others = parts.express_local - parts.best[i] + parts.freight_best
            per_option.append(tuple(v + others for v in parts.own[i]))
        elif rp.kind == "chain":
            by_keys = {k: parts.chain_others(k) for k in parts.chain_best}
            per_option.append(
                tuple(
                    v + by_keys[c.keys]
                    for c, v in zip(rp.options, parts.own[i], strict=True)
                    if isinstance(c, ChainCandidate)
                )
            )
        else:
            others = parts.express_local + parts.rest(forced=i)
            per_option.append(tuple(v + others for v in parts.own[i]))
    return OptionBounds(tuple(per_option), parts.express_local + parts.freight_best)


def chain_thresholds(
    plan: RunPlan, values: Mapping[str, int], unit_of: Mapping[str, str], objective: Objective, floor: int
) -> dict[Keys, int]:
    """For each set of trains a chain can have, what such a chain must earn (its two ends and bonus, in
    revenue) for its bound to reach `floor`: the chains below it need not be listed for a round with that
    floor."""
    parts = _Parts(plan, values, unit_of, objective)
    return {k: -(-(floor - parts.chain_others(k)) // parts.weight) for k in parts.chain_best}
