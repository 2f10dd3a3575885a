"""The CP-SAT choice of at most one candidate route per train (a pinned train exactly one), under a title's run
rules (`solver.core.search.run_rules`):

- no track shared between trains where the title forbids it: at most one chosen route per path or hex side that
  routes of two trains or more use;
- each run-wide limit: at most `n` chosen routes carrying its mark;
- one chosen route includes an anchor whenever any train runs;
- the routes meet: "train t visits node n" is a Boolean equal to the sum of t's routes through n, "t and u meet
  at n" is at most both, and for every split of the trains into two sides, when a train runs on each side some
  pair across the split meets (at most 2^(trains-1) splits);
- stops scored once per company: what a stop adds beyond its first train is taken off the objective;
- grants (`RunRules.grants`): a Boolean per label, at most `grants` of them true, and a candidate's grant earned
  (a Boolean at most the candidate and its label) or else taken off the objective;
- identical trains that are not pinned run in order (the first runs whenever the second does).

The objective is the candidates' weighted scores (`solver.core.search.candidates.Weights`). Solved with an
explicit worker count and time limit (and a limit of deterministic work for a round that only looks for a run),
a stop event checked every 50 ms, and each better run reported to `progress`.
"""

from __future__ import annotations

import itertools
import threading
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.core.cp_sat_model import CpModel
from solver.core.search.candidates import Candidate, Weights, bits
from solver.core.search.meeting import routes_meet
from solver.core.search.run_rules import NodeMasks, RunRules, granted
from solver.core.search.stoppable import solve_stoppable
from solver.core.track_graph import NodeRef


class BuildingStopped(Exception):
    """The time limit or the stop event came while the model was being built."""


class SolverFailure(RuntimeError):
    """CP-SAT refused the model or failed: never an answer about the run."""


@dataclass(frozen=True)
class Lane:
    """One train of the run: its name, the candidates it may take, and whether it is pinned (must take one)."""

    train: str
    candidates: Sequence[Candidate]
    pinned: bool = False


@dataclass(frozen=True)
class Outcome:
    """What a solve gave: CP-SAT's status name, the run found (per lane its candidate or None; None when no run
    was found), its weighted worth and CP-SAT's bound on the model's best."""

    status: str
    run: tuple[Candidate | None, ...] | None
    value: int
    bound: int


class RunModel:
    """The model of one round, built once, solved once."""

    def __init__(
        self,
        rules: RunRules,
        masks: NodeMasks,
        weights: Weights,
        lanes: Sequence[Lane],
        should_stop: Callable[[], bool] = lambda: False,
    ) -> None:
        self.lanes = lanes
        self.rules = rules
        self.should_stop = should_stop
        m = self.model = CpModel()
        self.x = [[m.new_bool_var(f"x{t}_{k}") for k in range(len(lane.candidates))] for t, lane in enumerate(lanes)]
        self.runs: list[cp_model.LinearExpr] = []
        objective: list[cp_model.LinearExprT] = []
        for lane, xs in zip(lanes, self.x, strict=True):
            ran = _sum(xs)
            self.runs.append(ran)
            if lane.pinned:
                m.add(ran == 1)
            elif xs:
                m.add_at_most_one(xs)
            objective += [c.score * x for c, x in zip(lane.candidates, xs, strict=True)]
        for (a, la), (b, lb) in itertools.pairwise(enumerate(lanes)):
            if la.train == lb.train and not la.pinned and not lb.pinned:
                m.add(self.runs[a] >= self.runs[b])
        if not rules.shared_track:
            self._track_once()
        for mark, limit in sorted(rules.limits.items()):
            marked = [
                x
                for lane, xs in zip(lanes, self.x, strict=True)
                for c, x in zip(lane.candidates, xs, strict=True)
                if mark in c.option.marks
            ]
            if len(marked) > limit:
                m.add(_sum(marked) <= limit)
        self.hint_vars: list[tuple[cp_model.IntVar, Callable[[Sequence[Candidate | None]], int]]] = []
        self._joined(masks)
        if rules.once_per_company:
            objective += self._stops_once(weights)
        if rules.grants is not None:
            objective += self._grants(rules.grants)
        m.maximize(_sum(objective))

    # ------------------------------------------------------------ constraints

    def _check(self) -> None:
        """Building a large model takes a while: BuildingStopped when the time limit or the stop event came."""
        if self.should_stop():
            raise BuildingStopped

    def _track_once(self) -> None:
        users: dict[int, dict[int, list[cp_model.IntVar]]] = defaultdict(lambda: defaultdict(list))
        for t, (lane, xs) in enumerate(zip(self.lanes, self.x, strict=True)):
            for k, (c, x) in enumerate(zip(lane.candidates, xs, strict=True)):
                if not k % 512:
                    self._check()
                for item in bits(c.track):
                    users[item][t].append(x)
        for item in sorted(users):
            by_lane = users[item]
            if len(by_lane) > 1:
                self.model.add_at_most_one([x for t in sorted(by_lane) for x in by_lane[t]])

    def _visits(self, nodes: int) -> list[dict[int, cp_model.IntVar]]:
        """Per lane, a Boolean per node of `nodes` (a bit set) its candidates reach: the lane's route runs through
        it."""
        visits: list[dict[int, cp_model.IntVar]] = []
        for t, (lane, xs) in enumerate(zip(self.lanes, self.x, strict=True)):
            through: dict[int, list[cp_model.IntVar]] = defaultdict(list)
            for k, (c, x) in enumerate(zip(lane.candidates, xs, strict=True)):
                if not k % 512:
                    self._check()
                for node in bits(c.node_mask & nodes):
                    through[node].append(x)
            mine: dict[int, cp_model.IntVar] = {}
            for node in sorted(through):
                v = self.model.new_bool_var(f"v{t}_{node}")
                self.model.add(v == _sum(through[node]))
                mine[node] = v
                self.hint_vars.append((v, _visit_hint(t, node)))
            visits.append(mine)
        return visits

    def _joined(self, masks: NodeMasks) -> None:
        m = self.model
        n = len(self.lanes)
        if masks.anchors is not None:
            anchored = _sum(
                [
                    x
                    for lane, xs in zip(self.lanes, self.x, strict=True)
                    for c, x in zip(lane.candidates, xs, strict=True)
                    if c.node_mask & masks.anchors
                ]
            )
            for ran in self.runs:
                m.add(anchored >= ran)
        if masks.meets is None or n < 2:
            return
        reach = 0
        for lane in self.lanes:
            for c in lane.candidates:
                reach |= c.node_mask
        visits = self._visits(reach & masks.meets)

        def hinted(a: int, b: int, node: int, y: cp_model.IntVar) -> None:
            self.hint_vars.append((y, _meet_hint(a, b, node)))

        routes_meet(m, visits, self.runs, hinted)

    def _stops_once(self, weights: Weights) -> list[cp_model.LinearExprT]:
        """Penalties for a stop scored by more than one train, each worth its weight beyond the first."""
        scorers: dict[NodeRef, list[cp_model.IntVar]] = defaultdict(list)
        value: dict[NodeRef, int] = {}
        lanes: dict[NodeRef, set[int]] = defaultdict(set)
        for t, (lane, xs) in enumerate(zip(self.lanes, self.x, strict=True)):
            for c, x in zip(lane.candidates, xs, strict=True):
                for node, v in c.option.stops.items():
                    scorers[node].append(x)
                    value[node] = v
                    lanes[node].add(t)
        penalties: list[cp_model.LinearExprT] = []
        for node in sorted(scorers):
            if len(lanes[node]) < 2:
                continue
            extra = self.model.new_int_var(0, len(lanes[node]) - 1, f"dup_{node}")
            self.model.add(extra >= _sum(scorers[node]) - 1)
            penalties.append(-weights.value(value[node], 0) * extra)
            self.hint_vars.append((extra, _repeat_hint(node)))
        return penalties

    def _grants(self, most: int) -> list[cp_model.LinearExprT]:
        """At most `most` labels granted; a candidate's grant is earned only when it runs and its label is granted,
        else its weight is taken off the objective."""
        m = self.model
        label_vars: dict[str, cp_model.IntVar] = {}
        terms: list[cp_model.LinearExprT] = []
        for t, (lane, xs) in enumerate(zip(self.lanes, self.x, strict=True)):
            for k, (c, x) in enumerate(zip(lane.candidates, xs, strict=True)):
                if c.option.grant is None or not c.grant_weight:
                    continue
                label = c.option.grant[0]
                if label not in label_vars:
                    label_vars[label] = m.new_bool_var(f"g_{label}")
                    self.hint_vars.append((label_vars[label], _granted_hint(self.rules, label)))
                earned = m.new_bool_var(f"e{t}_{k}")
                m.add(earned <= x)
                m.add(earned <= label_vars[label])
                terms += [-c.grant_weight * x, c.grant_weight * earned]
                self.hint_vars.append((earned, _earned_hint(self.rules, t, c)))
        if len(label_vars) > most:
            m.add(_sum([label_vars[label] for label in sorted(label_vars)]) <= most)
        return terms

    # ------------------------------------------------------------ solving

    def hint(self, run: Sequence[Candidate | None]) -> None:
        """A complete hint: the routes of `run` and what follows from them."""
        for lane, xs, chosen in zip(self.lanes, self.x, run, strict=True):
            for c, x in zip(lane.candidates, xs, strict=True):
                self.model.add_hint(x, int(c is chosen))
        for var, rule in self.hint_vars:
            self.model.add_hint(var, rule(run))

    def solve(
        self,
        seconds: float,
        work: float | None,
        workers: int,
        stop: threading.Event | None,
        on_run: Callable[[int, int], None] | None,
    ) -> Outcome:
        # Presolve rewrites the linear constraints into clauses that leave the linear relaxation, which is tight
        # here: measured on the hardest recorded position of docs/search.md ("Measured"), 2.0 s to prove without
        # it, not proven in 8 s with it.
        solver, code = solve_model(self.model, seconds, work, workers, stop, on_run, presolve=False)
        name = solver.status_name(code)
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Outcome(name, None, 0, int(solver.best_objective_bound) if code != cp_model.INFEASIBLE else 0)
        run = tuple(
            next((c for c, x in zip(lane.candidates, xs, strict=True) if solver.boolean_value(x)), None)
            for lane, xs in zip(self.lanes, self.x, strict=True)
        )
        return Outcome(name, run, int(solver.objective_value), int(solver.best_objective_bound))


def solve_model(
    model: cp_model.CpModel,
    seconds: float,
    work: float | None,
    workers: int,
    stop: threading.Event | None,
    on_run: Callable[[int, int], None] | None,
    presolve: bool = True,
    linearization: int | None = None,
) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    """Solve a CP-SAT model with `workers` workers within `seconds` (and `work` units of deterministic work), the
    stop event checked every 50 ms and each better run's objective and bound given to `on_run`: the solver and
    its status code. SolverFailure when CP-SAT refuses the model."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, seconds)
    if work is not None:
        solver.parameters.max_deterministic_time = work
    solver.parameters.num_workers = workers
    # Python's SIGINT handler stays in place, so Ctrl-C still ends the command cleanly.
    solver.parameters.catch_sigint_signal = False
    solver.parameters.cp_model_presolve = presolve
    if linearization is not None:
        solver.parameters.linearization_level = linearization
    code = solve_stoppable(solver, model, _Watcher(on_run), stop)
    if code == cp_model.MODEL_INVALID:
        raise SolverFailure(f"CP-SAT refused the model: {model.validate() or solver.status_name(code)}")
    return solver, code


class _Watcher(cp_model.CpSolverSolutionCallback):
    def __init__(self, on_run: Callable[[int, int], None] | None) -> None:
        super().__init__()
        self.on_run = on_run

    def on_solution_callback(self) -> None:
        if self.on_run is not None:
            self.on_run(int(self.objective_value), int(self.best_objective_bound))


def _sum(terms: Sequence[cp_model.LinearExprT]) -> cp_model.LinearExpr:
    return cp_model.LinearExpr.sum(list(terms))


def _visit_hint(lane: int, node: int) -> Callable[[Sequence[Candidate | None]], int]:
    def value(run: Sequence[Candidate | None]) -> int:
        chosen = run[lane]
        return int(chosen is not None and chosen.node_mask >> node & 1)

    return value


def _meet_hint(a: int, b: int, node: int) -> Callable[[Sequence[Candidate | None]], int]:
    def value(run: Sequence[Candidate | None]) -> int:
        return _visit_hint(a, node)(run) * _visit_hint(b, node)(run)

    return value


def _repeat_hint(node: NodeRef) -> Callable[[Sequence[Candidate | None]], int]:
    def value(run: Sequence[Candidate | None]) -> int:
        return max(0, sum(1 for c in run if c is not None and node in c.option.stops) - 1)

    return value


def _granted_hint(rules: RunRules, label: str) -> Callable[[Sequence[Candidate | None]], int]:
    def value(run: Sequence[Candidate | None]) -> int:
        return int(label in granted(rules, [c for c in run if c is not None]))

    return value


def _earned_hint(rules: RunRules, lane: int, chosen: Candidate) -> Callable[[Sequence[Candidate | None]], int]:
    def value(run: Sequence[Candidate | None]) -> int:
        if run[lane] is not chosen or chosen.option.grant is None:
            return 0
        return _granted_hint(rules, chosen.option.grant[0])(run)

    return value
