"""The CP-SAT model of a company's run (7.4, 7.8, 7.8.1-7.8.3).

The model chooses among listed legal routes: each Express or Local train, each permanent Freight train
running alone, and the Freight chain pick at most one of their candidates (`solver.titles.g1862.routes.candidates`,
`solver.titles.g1862.routes.chain_candidates`), one Boolean each. On the 1862 map a train has at most a few thousand
legal routes and a chain tens of thousands, and choosing among listed routes gives a far tighter linear
relaxation than building paths arc by arc. (An `add_circuit` per train with a virtual depot was measured
first; it took tens of seconds on dense boards without proving optimality, because its relaxation lets a
fractional path visit every valuable station. Listing the routes makes the same boards take well under a
second.) What couples the trains is modelled on top:

* once-only (7.8): a station, or a whole off-board area, earns for one train at most; an N/M train scores
  at most N of the stops it visits and the model picks which (7.8.2, 7.8.3);
* Freight (7.8.1): all non-permanent Freight trains that run are in the one chain, which takes a permanent
  train too if one runs; a permanent train off the chain runs alone; a chain or lone Freight scores its
  two outer ends and the bonus between them;
* connectivity (7.8 bullet 2): the runs form a tree rooted at a run through the home station in which a
  child shares a large station with its parent; with no Home Station marker on the board no train runs;
* Local subsidy (7.8.2): 10 per distinct hex that a Local route visits.

Scores are bounded above by what the chosen routes allow and the objective pushes them up, so at the
optimum the model's value is the evaluator's value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ortools.sat.python import cp_model

from solver.core.cp_sat_model import CpModel
from solver.titles.g1862.position import CompanyState
from solver.titles.g1862.routes.candidates import Candidate, legal_candidates, maximal
from solver.titles.g1862.routes.chain_candidates import ChainCandidate, ChainLister
from solver.titles.g1862.routes.model import Objective
from solver.titles.g1862.routes.stop_graph import StopGraph
from solver.titles.g1862.track import NodeId, large_id
from solver.titles.g1862.trains import Train, TrainType

SUBSIDY_PER_HEX = 10  # 7.8.2
REVENUE_WEIGHT = 1000  # objective "revenue": revenue first, subsidy (at most 370) as tie-break

Lit = cp_model.IntVar
Expr = cp_model.LinearExprT
Option = Candidate | ChainCandidate
RunnerKind = Literal["express", "local", "lone", "chain"]


@dataclass(frozen=True)
class TrainSlot:
    """A train the model may run: its index among the company's trains and, if pinned, its fixed route
    (only that route, in either direction, is offered)."""

    index: int
    train: Train
    pinned: Candidate | None = None


@dataclass
class Runner:
    """Something that runs one route: an Express or Local train, a permanent Freight train alone, or the
    Freight chain. `options` are its candidate routes, one Boolean each; `run` is their sum."""

    kind: RunnerKind
    name: str
    run: Lit
    slot: TrainSlot | None = None
    options: list[tuple[Option, Lit]] = field(default_factory=list)
    _by_stop: dict[NodeId, Lit] | None = None

    def visits(self, model: cp_model.CpModel, stop: NodeId) -> Expr:
        """1 when the chosen route visits `stop`: one Boolean per stop, defined once as the sum of the
        routes through it, so that constraints on it stay short."""
        if self._by_stop is None:
            by_stop: dict[NodeId, list[Lit]] = {}
            for c, x in self.options:
                for s in c.stop_set:
                    by_stop.setdefault(s, []).append(x)
            self._by_stop = {}
            for s, lits in sorted(by_stop.items()):  # sorted: the same model whatever the hash seed
                v = model.new_bool_var(f"{self.name}@{s}")
                model.add(v == _sum(lits))
                self._by_stop[s] = v
        return self._by_stop.get(stop, 0)

    def large(self) -> set[NodeId]:
        return {s for c, _ in self.options for s in c.large}


def _sum(terms: Sequence[Expr]) -> cp_model.LinearExpr:
    """The sum of linear terms as one CP-SAT expression (0 for none)."""
    return cp_model.LinearExpr.sum(list(terms))


def _weighted(lits: Sequence[Lit], weights: Sequence[int]) -> cp_model.LinearExpr:
    """The weighted sum of Booleans as one CP-SAT expression (Python's `sum` builds one node per term)."""
    return cp_model.LinearExpr.weighted_sum(list(lits), list(weights))


def route_value(c: Option, train: Train, values: Mapping[str, int]) -> int:
    """What an Express or Local route earns its train when no other train scores its stops: the best N of
    its large stations (and, for Express, off-board areas), plus its small stations for a Local (7.8.2,
    7.8.3). `values` is keyed by scoring unit (a small station is its own unit)."""
    assert isinstance(c, Candidate)
    best = sorted((values.get(u, 0) for u in c.units), reverse=True)
    small = sum(values.get(s, 0) for s in c.small) if train.type is TrainType.LOCAL else 0
    return sum(best[: train.scored]) + small


@dataclass(frozen=True)
class RunnerPlan:
    """The options of one runner, listed once per solve: an Express or Local train, a permanent Freight
    train alone (`group`: its train group), or the Freight chain (its options say which groups run in it)."""

    kind: RunnerKind
    name: str
    slot: TrainSlot | None
    options: tuple[Option, ...]
    group: int | None = None
    # what each option earns on its own, per objective (`solver.titles.g1862.routes.bounds`): worked out once,
    # although the bounds are asked for several times a solve (a plan with other chains is a new RunnerPlan,
    # given a dict of its own), and shared by identical lone trains, whose options are the same
    own_values: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class RunPlan:
    """Every runner's options, and the Freight train groups (identical trains with the same pin) with how
    many trains each has and which are permanent (7.8.1). The chain runner's options are the chains listed
    so far (`with_chains`); `lister` lists them on demand (`solver.titles.g1862.routes.chain_candidates`)."""

    runners: tuple[RunnerPlan, ...]
    groups: tuple[tuple[TrainSlot, ...], ...]
    permanent: frozenset[int]
    lister: ChainLister | None = None

    def counts(self) -> dict[int, int]:
        return {k: len(members) for k, members in enumerate(self.groups)}

    def with_chains(self, chains: Sequence[ChainCandidate]) -> RunPlan:
        """The same plan with `chains` as the chain runner's options."""
        runners = tuple(
            replace(rp, options=tuple(chains), own_values={}) if rp.kind == "chain" else rp for rp in self.runners
        )
        return replace(self, runners=runners)

    def reaches(self, stop: NodeId) -> bool:
        """Whether some listed route of some train visits `stop` (every chain is made of listed routes)."""
        routes = [c for rp in self.runners for c in rp.options if isinstance(c, Candidate)]
        if self.lister is not None:
            routes += self.lister.member_routes()
        return any(stop in c.stops for c in routes)

    def complete(self) -> RunPlan:
        """The plan with every chain listed."""
        return self if self.lister is None else self.with_chains(self.lister.chains())


def plan_run(
    sg: StopGraph, company: str, slots: Sequence[TrainSlot], stopped: Callable[[], bool] | None = None
) -> RunPlan:
    """List every runner's options: the legal routes of each train without the dominated ones
    (`solver.titles.g1862.routes.candidates`); the Freight chains are left to the plan's `lister`. `stopped` is called
    while listing; when it returns True the listing ends with ListingStopped."""
    london = company in sg.graph.position.london
    listed: dict[str, list[Candidate]] = {}  # identical trains have the same routes
    # A Freight-N route is legal for every Freight train of at least N hexes and for none shorter (7.8.1: the
    # length is the only rule that depends on the train), so the longest Freight train's routes are listed
    # once and each shorter train takes those within its length, in the same order as its own walk would
    # list them (the walk meets a route's prefixes first, and a prefix is never longer than the route).
    longest = max((s.train for s in slots if s.train.is_freight), key=lambda t: t.visits, default=None)

    def candidates(slot: TrainSlot) -> list[Candidate]:
        if slot.pinned is not None:
            return [slot.pinned]
        train = slot.train
        if train.name not in listed:
            if train.is_freight and longest is not None and longest.name != train.name:
                listed[train.name] = [c for c in candidates(TrainSlot(-1, longest)) if c.sides <= train.visits]  # noqa: F821 - deleted once the walk is over
            else:
                listed[train.name] = legal_candidates(sg, company, train, london, stopped)
        return listed[train.name]

    try:
        runners: list[RunnerPlan] = []
        for slot in slots:
            if slot.train.is_freight:
                continue
            local = slot.train.type is TrainType.LOCAL
            cands = candidates(slot)
            if slot.pinned is None:
                cands = maximal(cands, "local" if local else "express", stopped=stopped)
            runners.append(
                RunnerPlan("local" if local else "express", f"{slot.train.name}#{slot.index}", slot, tuple(cands))
            )
        freight = [s for s in slots if s.train.is_freight]
        if not freight:
            return RunPlan(tuple(runners), (), frozenset())
        # trains that are interchangeable (same train, same pin) form one group
        by_key: dict[tuple[str, int | None], list[TrainSlot]] = {}
        for slot in freight:
            by_key.setdefault((slot.train.name, id(slot.pinned) if slot.pinned else None), []).append(slot)
        groups = tuple(tuple(members) for members in by_key.values())
        routes = {k: candidates(members[0]) for k, members in enumerate(groups)}
        counts = {k: len(members) for k, members in enumerate(groups)}
        permanent = frozenset(k for k, members in enumerate(groups) if members[0].train.permanent)
        single = [k for k in routes if k not in permanent]
        lister = ChainLister(sg, company, routes, counts, single, permanent)
        runners.append(RunnerPlan("chain", "chain", None, ()))

        def unit(stop: NodeId) -> str:
            return sg.graph.stations[stop].scoring_unit

        for k in sorted(permanent):
            cands = routes[k] if groups[k][0].pinned is not None else maximal(routes[k], "lone", unit, stopped)
            own: dict[str, tuple[int, ...]] = {}  # the group's trains have the same options, worth the same
            for slot in groups[k]:
                runners.append(RunnerPlan("lone", f"{slot.train.name}#{slot.index}", slot, tuple(cands), k, own))
    finally:
        del candidates  # the recursive closure refers to itself: freed now rather than by the garbage collector
    return RunPlan(tuple(runners), groups, permanent, lister)


class RunModel:
    """Builds the model for one company; read the answer with `routes`."""

    def __init__(
        self,
        sg: StopGraph,
        company: CompanyState,
        plan: RunPlan,
        objective: Objective,
        keep: Sequence[Sequence[bool]] | None = None,
    ):
        """The model of `plan`; with `keep`, only the options `keep[runner][option]` of each runner (pinned
        routes are always kept)."""
        self.sg = sg
        self.graph = sg.graph
        self.company = company
        self.objective = objective
        self.plan = plan
        self.model = CpModel()
        self.values = {st.scoring_unit: st.value for st in self.graph.stations.values()}
        self.runners: list[Runner] = []
        self.scores: dict[str, list[Lit]] = {}
        self.bonus_terms: list[Expr] = []
        self.subsidy_terms: list[Lit] = []
        self.groups = plan.groups
        # 7.8: with a marker on its home hex, one run must include the home station (even if that hex has
        # no tile yet: then no run can); without one, no run is legal
        has_home = company.id in self.graph.position.stations.get(company.home, ())
        self.home = large_id(company.home) if has_home else None
        for i, rp in enumerate(plan.runners):
            pinned = rp.slot is not None and rp.slot.pinned is not None
            options = (
                rp.options
                if keep is None or pinned
                else tuple(c for c, k in zip(rp.options, keep[i], strict=True) if k)
            )
            if rp.kind in ("express", "local"):
                self._express_local(rp, options)
            else:
                self._score_ends(self._runner(rp.kind, rp.name, options, rp.slot))
        self._freight()
        self._once_only()
        self._subsidy()
        self._connected()
        self._symmetry()
        scored = [self.values[u] * sc for u, lits in self.scores.items() for sc in lits]
        self.revenue: Expr = _sum(scored + self.bonus_terms)
        self.subsidy: Expr = SUBSIDY_PER_HEX * _sum(self.subsidy_terms)
        if objective == "cash":
            self.model.maximize(self.revenue + self.subsidy)
        else:
            self.model.maximize(REVENUE_WEIGHT * self.revenue + self.subsidy)

    # ------------------------------------------------------------------ helpers

    def _unit(self, stop: NodeId) -> str:
        return self.graph.stations[stop].scoring_unit

    def _runner(self, kind: RunnerKind, name: str, options: Sequence[Option], slot: TrainSlot | None) -> Runner:
        m = self.model
        runner = Runner(kind, name, m.new_bool_var(f"run.{name}"), slot)
        runner.options = [(c, m.new_bool_var(f"{name}.{i}")) for i, c in enumerate(options)]
        m.add(runner.run == _sum([x for _, x in runner.options]))
        self.runners.append(runner)
        return runner

    def _score(self, unit: str, name: str) -> Lit | None:
        """A new 'this run scores this unit' literal (None for a stop worth nothing)."""
        if self.values.get(unit, 0) <= 0:
            return None
        sc = self.model.new_bool_var(name)
        self.scores.setdefault(unit, []).append(sc)
        return sc

    def _score_ends(self, runner: Runner) -> None:
        """A chain or lone Freight train scores its two outer ends and the bonus between them (7.8.1)."""
        by_unit: dict[str, list[Lit]] = {}
        for c, x in runner.options:
            for key in (c.start, c.end):
                by_unit.setdefault(self.graph.stations[key.stop].scoring_unit, []).append(x)
        for unit, lits in sorted(by_unit.items()):  # sorted: the same model whatever the hash seed
            sc = self._score(unit, f"{runner.name}[{unit}]")
            if sc is not None:
                self.model.add(sc <= _sum(lits))
        self.bonus_terms.append(_weighted([x for _, x in runner.options], [c.bonus for c, _ in runner.options]))

    # ------------------------------------------------------------------ Express and Local (7.8.2, 7.8.3)

    def _express_local(self, rp: RunnerPlan, options: Sequence[Option]) -> None:
        m = self.model
        slot = rp.slot
        assert slot is not None
        train = slot.train
        local = rp.kind == "local"
        name = rp.name
        runner = self._runner(rp.kind, name, options, slot)
        if slot.pinned is not None:
            m.add(runner.run == 1)
        by_unit: dict[str, list[Lit]] = {}
        small: dict[NodeId, list[Lit]] = {}
        for c, x in runner.options:
            assert isinstance(c, Candidate)
            for u in c.units:
                by_unit.setdefault(u, []).append(x)
            if local:  # every small station, 20 each (7.8.2)
                for s in c.small:
                    small.setdefault(s, []).append(x)
        counted = []
        earned: list[Expr] = []
        for unit, lits in sorted(by_unit.items()):  # sorted: the same model whatever the hash seed
            sc = self._score(unit, f"{name}[{unit}]")
            if sc is not None:
                m.add(sc <= _sum(lits))
                counted.append(sc)
                earned.append(self.values[unit] * sc)
        if train.scored < train.visits:
            m.add(_sum(counted) <= train.scored)  # N of M (7.8.2, 7.8.3)
        for s, lits in sorted(small.items()):
            sc = self._score(self.graph.stations[s].scoring_unit, f"{name}[{s}]")
            if sc is not None:
                m.add(sc <= _sum(lits))
                earned.append(self.values[self.graph.stations[s].scoring_unit] * sc)
        # the train earns at most its chosen route's best N stops (and small stations): a cut that keeps
        # the relaxation from scoring the best stops of several fractional routes at once
        best = [route_value(c, train, self.values) for c, _ in runner.options]
        m.add(_sum(earned) <= _weighted([x for _, x in runner.options], best))

    # ------------------------------------------------------------------ Freight (7.8.1)

    def _freight(self) -> None:
        """7.8.1: every Freight train runs at most once, alone (permanent trains) or in the chain; a pinned
        train runs; a chain of non-permanent trains must take a permanent train if one runs."""
        chain = next((r for r in self.runners if r.kind == "chain"), None)
        if chain is None:
            return
        m = self.model
        permanent = self.plan.permanent
        counts = self.plan.counts()
        alone: dict[int, list[Runner]] = {k: [] for k in counts}
        for rp, r in zip(self.plan.runners, self.runners, strict=True):
            if rp.group is not None:
                alone[rp.group].append(r)
        keys = [c.keys if isinstance(c, ChainCandidate) else () for c, _ in chain.options]
        for k, members in enumerate(self.groups):
            in_chain = _sum([Counter(ks)[k] * x for ks, (_, x) in zip(keys, chain.options, strict=True) if k in ks])
            running = in_chain + _sum([r.run for r in alone[k]])
            if members[0].pinned is not None:
                m.add(running == counts[k])  # a pinned train runs
            else:
                m.add(running <= counts[k])
        # a train alone is not also in the chain (one clique per lone train, which also tightens the
        # relaxation)
        for k, runners in alone.items():
            for r in runners:
                clash = [
                    x
                    for ks, (_, x) in zip(keys, chain.options, strict=True)
                    if not permanent.intersection(ks) or (counts[k] == 1 and k in ks)
                ]
                m.add(_sum(clash) + r.run <= 1)

    # ------------------------------------------------------------------ once-only, subsidy

    def _once_only(self) -> None:
        for lits in self.scores.values():  # 7.8: each station and off-board area is scored once
            if len(lits) > 1:
                self.model.add(_sum(lits) <= 1)

    def _subsidy(self) -> None:
        """7.8.2: 10 per distinct hex visited by the company's Local trains."""
        by_hex: dict[str, list[Lit]] = {}
        for runner in self.runners:
            if runner.kind == "local":
                for c, x in runner.options:
                    assert isinstance(c, Candidate)
                    for h in c.hexes:
                        by_hex.setdefault(h, []).append(x)
        for h, lits in sorted(by_hex.items()):
            b = self.model.new_bool_var(f"subsidy[{h}]")
            self.model.add(b <= _sum(lits))
            self.subsidy_terms.append(b)

    # ------------------------------------------------------------------ connectivity (7.8 bullet 2)

    def _connected(self) -> None:
        """7.8 bullet 2: one run includes the home station (with no Home Station marker on the board, no run
        can, so no train runs) and the runs are connected, two runs being linked when they share a large station.

        Connectivity is written as cut constraints: for every split of the runners into two sides and
        every pair of running runners on opposite sides, some link crosses the split. With at most a
        handful of runners this is a few hundred small constraints, and their relaxation is far tighter
        than an ordering of the runs (which was measured first and left a 10% gap on dense boards)."""
        m = self.model
        running = [r for r in self.runners if r.options]
        if not running:
            return
        if self.home is None:
            # 7.8: no Home Station marker on the board, so no run can include its town: no train runs
            # (RULES-NOTES "The home station")
            for r in running:
                m.add(r.run == 0)
        else:
            any_run = m.new_bool_var("any_run")
            for r in running:
                m.add_implication(r.run, any_run)
            m.add(_sum([r.visits(m, self.home) for r in running]) >= any_run)
        n = len(running)
        large = [r.large() for r in running]
        link: dict[tuple[int, int], Lit] = {}
        for i in range(n):
            for j in range(i + 1, n):
                shared = sorted(large[i] & large[j])
                if not shared:
                    continue
                e = m.new_bool_var(f"link.{running[i].name}.{running[j].name}")
                meets = []
                for s in shared:  # runs meet at a large station (7.8)
                    b = m.new_bool_var(f"meet.{running[i].name}.{running[j].name}[{s}]")
                    m.add(b <= running[i].visits(m, s))
                    m.add(b <= running[j].visits(m, s))
                    meets.append(b)
                m.add(e <= _sum(meets))
                link[i, j] = e
        for mask in range(1, 2 ** (n - 1)):  # each split once: runner n-1 is always outside
            inside = [i for i in range(n) if mask >> i & 1]
            outside = [i for i in range(n) if not mask >> i & 1]
            crossing = _sum([link[key] for i in inside for j in outside if (key := (min(i, j), max(i, j))) in link])
            for a in inside:
                for z in outside:
                    m.add(crossing >= running[a].run + running[z].run - 1)

    def _symmetry(self) -> None:
        """Identical trains that are not pinned are interchangeable: run them in order. (Making the first
        also take the route listed first, a sum of option indices on each side, was measured to make CP-SAT
        look for solutions far longer on boards with three identical lone Freight trains: three 9F 2.4 s of
        CPU with it, 0.4 s without; over the 13 long-Freight and 24 stress boards 15.7 s with it, 14.4 s
        without; docs/optimizer.md.)"""
        seen: dict[tuple[str, str], Runner] = {}
        for r in self.runners:
            if r.slot is None or r.slot.pinned is not None:
                continue
            key = (r.kind, r.slot.train.name)
            if key in seen:
                self.model.add_implication(r.run, seen[key].run)
            seen[key] = r

    # ------------------------------------------------------------------ reading the answer

    def routes(self, value: cp_model.CpSolver) -> list[tuple[TrainSlot, Candidate]]:
        """Each running train and its route in the solution (chain trains in chain order and direction),
        ordered by train."""
        picks = [(r.slot, c) for r in self.runners for c, x in r.options if value.boolean_value(x)]
        return slot_routes(self.groups, picks)


def slot_routes(
    groups: Sequence[Sequence[TrainSlot]], picks: Sequence[tuple[TrainSlot | None, Option]]
) -> list[tuple[TrainSlot, Candidate]]:
    """Each running train and its route for the options taken (`picks`: a runner's slot, None for the chain,
    and its option), the chain's trains in chain order and direction, taken from their `groups`; ordered by
    train."""
    chosen: list[tuple[TrainSlot, Candidate]] = []
    used: set[int] = set()
    chain: ChainCandidate | None = None
    for slot, c in picks:
        if isinstance(c, ChainCandidate):
            chain = c
        else:
            assert slot is not None
            chosen.append((slot, c))
            used.add(slot.index)
    if chain is not None:
        for k, cand in chain.members:
            member = next(s for s in groups[k] if s.index not in used)
            used.add(member.index)
            chosen.append((member, cand))
    return sorted(chosen, key=lambda sc: sc[0].index)
