"""Routes as paths in a CP-SAT model, without listing them: the building blocks of a title's path model (a search
of the run where listing every route of a train is too slow, docs/search.md "Other searches of the same problem").

A train's route is a path along the track graph: a Boolean per link and direction (an `Arc`), kept a single path
by CP-SAT's circuit constraint over the graph's nodes and one more node `D` standing for "off the board": D -> n
begins the route at n, n -> D ends it there, a node's loop means the train does not visit it, and D's loop that the
train does not run. A route visits no node twice (the circuit) and, with `track_once`, uses no path or hex side
twice; a route and its reverse are the same, so it begins at the end that sorts first. What a title's rules add
(which nodes may begin or end a route, which may only end one, what a route must visit, what it earns) are linear
constraints over the path's `visit`, `begin` and `end` Booleans, written by the title.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.core.evaluator import RouteSpec
from solver.core.search.candidates import (
    RUNNER_WEIGHT,
    SECONDARY_WEIGHT,
    Candidate,
    TrackBits,
    Weights,
    pinned_candidates,
)
from solver.core.search.run_search import OptimizerMismatch, RunProblem
from solver.core.track_graph import Link, NodeRef, Piece, Side, TrackGraph


@dataclass(frozen=True)
class Arc:
    """One way along track for one train: the link (oriented from its tail) and its Boolean."""

    link: Link
    var: cp_model.IntVar


@dataclass(frozen=True)
class TrainPath:
    """One train's route in a model: whether it runs, the nodes it visits, where it begins and ends (only at
    nodes that may end a route) and the ways along track it takes."""

    run: cp_model.IntVar
    visit: dict[NodeRef, cp_model.IntVar]
    begin: dict[NodeRef, cp_model.IntVar]
    end: dict[NodeRef, cp_model.IntVar]
    arcs: tuple[Arc, ...]

    def uses(self, ref: NodeRef, through: int = 1, ends: int = 1) -> cp_model.LinearExpr:
        """`through` when the route runs through `ref` (visits it and neither begins nor ends there), `ends` when it
        begins or ends there, else 0."""
        terms = [self.visit[ref]]
        weights = [through]
        for side in (self.begin, self.end):
            if ref in side:
                terms.append(side[ref])
                weights.append(ends - through)
        return cp_model.LinearExpr.weighted_sum(terms, weights)

    def through(self, ref: NodeRef) -> cp_model.LinearExpr:
        """1 when the route runs through `ref` (visits it and neither begins nor ends there), else 0."""
        return self.uses(ref, ends=0)

    def nodes(self, solver: cp_model.CpSolver) -> tuple[NodeRef, ...]:
        """The route the solver's answer gives, its nodes in order from where it begins (empty: it does not run)."""
        if not solver.boolean_value(self.run):
            return ()
        first = next(ref for ref, var in self.begin.items() if solver.boolean_value(var))
        after = {arc.link.a: arc.link.b for arc in self.arcs if solver.boolean_value(arc.var)}
        nodes = [first]
        while nodes[-1] in after:
            nodes.append(after[nodes[-1]])
        return tuple(nodes)


def path_nodes(graph: TrackGraph, left_out: Collection[NodeRef] = ()) -> list[NodeRef]:
    """The nodes a route may visit: every node joined to another by track, but `left_out`, in sorted order."""
    return [ref for ref in sorted(graph.nodes) if graph.neighbours(ref) and ref not in left_out]


def add_path(
    model: cp_model.CpModel,
    graph: TrackGraph,
    nodes: Sequence[NodeRef],
    ends: Collection[NodeRef],
    name: str,
) -> TrainPath:
    """One train's route over `nodes` (`path_nodes`) as a circuit with the node "off the board": it begins and ends
    at two different nodes of `ends`, begins at the one that sorts first, and never runs through a node of the
    graph's `end_only` (a node that may only end a route). Links to nodes outside `nodes` are not taken."""
    m = model
    inside = set(nodes)
    number = {ref: i + 1 for i, ref in enumerate(nodes)}
    run = m.new_bool_var(f"{name}_run")
    visit = {ref: m.new_bool_var(f"{name}_v_{ref}") for ref in nodes}
    terminals = [ref for ref in nodes if ref in ends]
    begin = {ref: m.new_bool_var(f"{name}_b_{ref}") for ref in terminals}
    end = {ref: m.new_bool_var(f"{name}_e_{ref}") for ref in terminals}
    arcs: list[Arc] = []
    circuit: list[tuple[int, int, cp_model.LiteralT]] = [(0, 0, ~run)]
    circuit += [(number[ref], number[ref], ~visit[ref]) for ref in nodes]
    circuit += [(0, number[ref], begin[ref]) for ref in terminals]
    circuit += [(number[ref], 0, end[ref]) for ref in terminals]
    for a in nodes:
        for b in graph.neighbours(a):
            if b not in inside:
                continue
            ways = [Arc(link, m.new_bool_var(f"{name}_l_{a}_{b}_{k}")) for k, link in enumerate(graph.links(a, b))]
            arcs += ways
            if len(ways) == 1:
                circuit.append((number[a], number[b], ways[0].var))
                continue
            pair = m.new_bool_var(f"{name}_p_{a}_{b}")
            m.add(pair == sum(w.var for w in ways))
            circuit.append((number[a], number[b], pair))
    m.add_circuit(circuit)
    for ref in nodes:
        # The one circuit passes "off the board" whenever the train visits a node: no loop of track on its own.
        m.add_implication(visit[ref], run)
    for ref in terminals:
        # Two different ends: a route of one node is no route.
        m.add_bool_or([~begin[ref], ~end[ref]])
    # A route and its reverse are the same route: it begins at the end that sorts first.
    m.add(sum(number[ref] * begin[ref] for ref in terminals) <= sum(number[ref] * end[ref] for ref in terminals))
    path = TrainPath(run, visit, begin, end, tuple(arcs))
    for ref in graph.end_only & inside:
        m.add(path.through(ref) <= 0)
    return path


def track_once(model: cp_model.CpModel, paths: Iterable[TrainPath]) -> None:
    """No path or hex side used twice by the routes of `paths` together (nor twice by one route)."""
    users: dict[Piece | Side, list[cp_model.IntVar]] = defaultdict(list)
    for path in paths:
        for arc in path.arcs:
            for item in arc.link.track:
                users[item].append(arc.var)
    for item in sorted(users, key=repr):
        if len(users[item]) > 1:
            model.add_at_most_one(users[item])


def in_order(
    model: cp_model.CpModel, trains: Sequence[str], paths: Sequence[TrainPath], worths: Sequence[cp_model.LinearExprT]
) -> None:
    """Identical trains (the same name, next to each other in `trains`) run in order: the first runs whenever the
    second does and is worth at least as much (`worths`), since swapping their routes gives the same run."""
    for a, b in itertools.pairwise(range(len(trains))):
        if trains[a] == trains[b]:
            model.add(paths[a].run >= paths[b].run)
            model.add(worths[a] >= worths[b])


def at_most_one_per_hex(model: cp_model.CpModel, path: TrainPath) -> None:
    """The route visits at most one node of each hex."""
    by_hex: dict[str, list[cp_model.IntVar]] = defaultdict(list)
    for ref, var in path.visit.items():
        by_hex[ref.hex].append(var)
    for hex_id in sorted(by_hex):
        if len(by_hex[hex_id]) > 1:
            model.add_at_most_one(by_hex[hex_id])


def weighted_bound(primary: float) -> int:
    """A weighted bound (`Weights`) on every run whose primary quantity (revenue) is at most `primary`."""
    return (int(primary) + 1) * SECONDARY_WEIGHT * RUNNER_WEIGHT - 1


def path_candidates(problem: RunProblem, weights: Weights, specs: Sequence[RouteSpec]) -> list[Candidate]:
    """The routes a path model found as the core's candidates, scored by the title's walk, for the evaluator's
    re-check (`run_search.checked_result`); OptimizerMismatch when the walk does not accept one."""
    track_bits = TrackBits()
    run = []
    for spec in specs:
        same = pinned_candidates(problem.graph, problem.walk, spec, weights, track_bits)
        if not same:
            raise OptimizerMismatch(f"the path model's route {spec} is not a route the title's walk accepts")
        run.append(same[0])
    return run


def _ways(paths: Sequence[TrainPath]) -> dict[NodeRef, set[Piece | Side]]:
    """The ways track leaves each node by in the routes' arcs: its links grouped by the first path or hex side they
    use."""
    ways: dict[NodeRef, set[Piece | Side]] = defaultdict(set)
    for path in paths:
        for arc in path.arcs:
            ways[arc.link.a].add(arc.link.pieces[0] if arc.link.pieces else arc.link.sides[0])
    return ways


def ways_shared(model: cp_model.CpModel, graph: TrackGraph, paths: Sequence[TrainPath]) -> None:
    """A cut the linear relaxation lacks, where no track is shared between trains: a node whose track leaves it by
    d ways (`_ways`) is left or reached by the routes together at most d times, a route running through it using
    two of the ways and one ending there one. It changes no legal run."""
    ways = _ways(paths)
    for ref in sorted(ways):
        if 2 * len(paths) > len(ways[ref]):
            model.add(cp_model.LinearExpr.sum([path.uses(ref, through=2) for path in paths]) <= len(ways[ref]))


def through_at_most(model: cp_model.CpModel, paths: Sequence[TrainPath]) -> None:
    """The cut of `ways_shared` rounded, counting only the routes run through a node: one whose track leaves it by
    an odd number d of ways (`_ways`) is run through by at most d // 2 routes, each using two of the ways where no
    track is shared. The linear relaxation lacks the rounding; it changes no legal run."""
    ways = _ways(paths)
    for ref in sorted(ways):
        d = len(ways[ref])
        if d % 2 and d > 1:
            model.add(cp_model.LinearExpr.sum([path.through(ref) for path in paths]) <= d // 2)
