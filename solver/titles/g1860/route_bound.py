"""A bound on the worth of an 1860 run from its listed routes: the linear relaxation of choosing whole routes
(set packing), tightened by cuts over small sets of nodes, solved by column generation, and turned into a bound
that holds by weak duality whatever the LP solver's accuracy.

Why: the path model's own relaxation (four paths as arc flows) is 5-8 % above the best run on the dense
four-train boards, and CP-SAT spends its time closing that gap. Over whole routes the fractional solutions of
arc flows (split flows, values not tied to one route) are gone; with the cuts below the bound is within the tens
of the best run on the hardest boards (docs/routes-1860.md, "Measured").

The relaxation, over every route each train may run alone (`solver.core.search.candidates.list_candidates`
with the walk `solver.titles.g1860.route_walk`: RB L523-L534, L65, L527, L660, L673; dominated routes dropped,
which costs no run its worth: a dominated route can be swapped for its dominator in any run):

- maximise the sum of x_r times the route's worth (the objective's primary quantity: revenue, or revenue plus
  subsidy), 0 <= x_r <= 1;
- at most as many routes of a train as the company has of it;
- each path and hex side on at most one route (no track shared between trains, RB L540);
- at most one route through a tokened-out station (RB L530);
- the home and meeting rule (RB L525) is left out: a relaxation stays a bound;
- cuts, for a connected set S of at most CUT_NODES nodes: with B the ways of track leaving S that some route uses
  (of each link from a node of S to one outside, its first path or hex side, next to S) and b_r how many of them
  route r uses, the sum of b_r x_r is at most |B| (no way on two routes, RB L540), so for a whole run (x in
  {0, 1}) the sum of floor(b_r / 2) x_r is at most floor(|B| / 2). A route crossing the border of S k times uses k
  of these ways; for one node this is "run through by at most half its ways", and for an odd |B| the linear
  relaxation alone allows half a route more.

Column generation: the LP over a few columns (GLOP), each listed route priced by the duals (its worth minus the
duals of its track, pass and cuts), the best pricing out added, until none does; then the cuts the LP's
solution breaks are added, and again. Pricing is exact over every listed route, which is every route of each
train (no bound on the listing), so the LP's optimum is the optimum over all of them.

The bound itself is Lagrangian: for any duals y >= 0 of the rows other than the trains', every run (x whole, so
that the cuts hold) is worth at most b . y plus, for each train, as many times as the company has it, the most
any of its routes earns above its duals (or 0): x's worth is sum (worth_r - a_r . y) x_r + sum (a_r . y) x_r, the
second sum at most b . y since A x <= b. This holds for whatever duals the LP solver returns (negative ones set
to 0), so the bound is proven by the arithmetic here, not by the LP solver's optimality; and since a run's worth
is a sum of routes' worths, it is a multiple of their greatest common divisor, to which the bound is rounded down.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from ortools.linear_solver import pywraplp

from solver.core.search import paths
from solver.core.search.candidates import (
    RUNNER_WEIGHT,
    SECONDARY_WEIGHT,
    Candidate,
    ListingStopped,
    TrackBits,
    Weights,
    list_candidates,
)
from solver.core.track_graph import NodeRef, Piece, Side, TrackGraph
from solver.titles.g1860.route_walk import PASS, Walk1860

#: Cuts are sought over connected sets of up to this many nodes (measured on the dense boards: sets of three
#: bring IWNJ's bound on 19354's last board from 875 to 823, against a best run of 820).
CUT_NODES = 3
#: Each train's this many best routes start the column generation; each round adds at most this many per train.
FIRST_COLUMNS = 40
ADDED_COLUMNS = 60
#: At most this many cuts, the most broken first, are added per round.
ADDED_CUTS = 20
#: Every this many node sets the search for cuts asks whether to stop.
CHECK_SETS = 64
#: A reduced cost or a cut's excess below this counts as none (the bound does not depend on it).
TOLERANCE = 1e-7
#: A weighted score's unit of the primary quantity (`Weights.primary`).
PRIMARY_UNIT = SECONDARY_WEIGHT * RUNNER_WEIGHT


class BoundStopped(Exception):
    """The time limit or the stop event came while the bound was being computed."""


@dataclass(frozen=True)
class RouteBound:
    """What the listed routes prove: no run is worth more than `most` (the objective's primary quantity, a multiple
    of `step`, the greatest common divisor of the routes' worths), no route of a train alone more than
    `alone[train]`. `routes` are every route listed, best first per train; `value` is the Lagrangian bound before
    rounding and `slack[r]` (at most 0) what route r takes off it: a run worth w holds only routes whose slack is
    at least w - value (module docstring). `lp` is the LP's value at the end, `cuts` the cuts added."""

    most: int
    step: int
    alone: dict[str, int]
    routes: tuple[Candidate, ...]
    value: float
    slack: NDArray[np.float64]
    lp: float
    cuts: int

    def routes_within(self, worth: int) -> list[Candidate]:
        """The routes a run worth `worth` or more can hold (allowing for rounding in the sums)."""
        keep = self.slack >= worth - self.value - 1e-6
        return [c for c, kept in zip(self.routes, keep.tolist(), strict=True) if kept]


class _Columns:
    """The listed routes as arrays: worth, train (an index into the sorted names), the track items each uses (a
    0/1 matrix `track`, item numbers of `track_bits` by routes: a row per item, so that the few items a cut or a
    dual touches are read as whole rows rather than a column of every route) and whether it passes a tokened-out
    station; `by_train` are each train's routes (best first), `known` how many track items `track_bits` numbers.
    The arrays are read off the routes in one sweep (one `bytes.join`), the trains by their counts and the
    matrix's height from the matrix: a sweep of Python per array took 0.05 s on the largest listings."""

    def __init__(self, by_train: Sequence[Sequence[Candidate]], known: int, stopped: Callable[[], bool]) -> None:
        routes = [c for lane in by_train for c in lane]
        count = len(routes)
        self.train = np.repeat(np.arange(len(by_train), dtype=np.int64), [len(lane) for lane in by_train])
        if stopped():  # each part takes tens of milliseconds on the largest listings: the limit is asked between
            raise BoundStopped
        # One sweep of the routes: each as bytes, its score twice over plus whether it passes in the first eight
        # (scores stay far below 2^62: a primary quantity of thousands times SECONDARY_WEIGHT * RUNNER_WEIGHT),
        # its track after them.
        size = 8 + (known + 7) // 8
        packed = np.frombuffer(
            b"".join(
                [(c.track << 64 | c.score << 1 | (PASS in c.option.marks)).to_bytes(size, "little") for c in routes]
            ),
            dtype=np.uint8,
        ).reshape(count, size)
        if stopped():
            raise BoundStopped
        first = np.ascontiguousarray(packed[:, :8]).view("<u8").ravel()
        self.worth = ((first >> 1) // PRIMARY_UNIT).astype(np.float64)
        self.passes = (first & 1).astype(np.float64)
        track = np.unpackbits(np.ascontiguousarray(packed[:, 8:].T), axis=0, bitorder="little")
        # Rows up to the last item a route uses (`known` may number items no route kept uses).
        self.track = track[: int(np.flatnonzero(track.any(axis=1))[-1]) + 1]

    def __len__(self) -> int:
        return len(self.worth)


@dataclass(frozen=True)
class _Cut:
    """Sum of coefficient[r] x_r at most `most` (for every listed route r): a cut over the node set `nodes`."""

    nodes: frozenset[NodeRef]
    coefficient: NDArray[np.int64]
    most: int


def node_sets(graph: TrackGraph, largest: int) -> Iterator[frozenset[NodeRef]]:
    """Every connected set of up to `largest` nodes joined by track, once each: from each node in order, the
    sets grown from it one neighbour at a time, depth first (a set already given is not grown again). The walk
    keeps its own stack (a recursive nested generator would hold itself in its closure's cell, a reference
    cycle; docs/architecture.md "No reference cycles")."""
    seen: set[frozenset[NodeRef]] = set()
    for ref in sorted(graph.nodes):
        if not graph.neighbours(ref):
            continue
        # each entry: a set and the nodes next to it; the neighbours of a set are pushed last first, so that
        # they are grown in order, each after everything grown from the one before
        stack = [(frozenset({ref}), frozenset(graph.neighbours(ref)))]
        while stack:
            nodes, frontier = stack.pop()
            if nodes in seen:
                continue
            seen.add(nodes)
            yield nodes
            if len(nodes) < largest:
                for nxt in sorted(frontier, reverse=True):
                    stack.append((nodes | {nxt}, (frontier | set(graph.neighbours(nxt))) - nodes - {nxt}))


def border_ways(graph: TrackGraph, nodes: frozenset[NodeRef]) -> set[Piece | Side]:
    """The ways track leaves `nodes` to a node outside: of each link from a node of the set to one outside, its
    first path (or hex side), next to the set. A route crossing the border k times uses k of them."""
    ways: set[Piece | Side] = set()
    for a in nodes:
        for b in graph.neighbours(a):
            if b not in nodes:
                for link in graph.links(a, b):
                    ways.add(link.pieces[0] if link.pieces else link.sides[0])
    return ways


def route_bound(
    graph: TrackGraph, walk: Walk1860, trains: Sequence[str], weights: Weights, stopped: Callable[[], bool]
) -> RouteBound:
    """The bound on `trains`' run (the objective of `weights`) from every route each may run alone, computed until
    the LP is solved over every route with no cut broken. BoundStopped when `stopped()` says so (asked while
    listing and every round)."""
    names = sorted(set(trains))
    count = Counter(trains)
    track_bits = TrackBits()
    try:
        listing = list_candidates(graph, walk, names, weights, track_bits, stopped)
    except ListingStopped as stop:
        raise BoundStopped from stop
    if stopped():
        # The listing's last stretch (dropping dominated routes) may end past the limit: checked before the arrays.
        raise BoundStopped
    by_train = [listing.candidates[name] for name in names]
    routes = tuple(c for lane in by_train for c in lane)
    # Each train's routes are best first: its first is its best alone.
    alone = {name: Weights.primary(lane[0].score) if lane else 0 for name, lane in zip(names, by_train, strict=True)}
    if not routes:
        return RouteBound(0, 0, alone, routes, 0.0, np.zeros(0), 0.0, 0)
    if stopped():
        raise BoundStopped
    columns = _Columns(by_train, len(track_bits), stopped)
    if stopped():
        raise BoundStopped
    step = int(np.gcd.reduce(columns.worth.astype(np.int64))) or 1
    limits = np.array([count[name] for name in names], dtype=np.float64)
    candidates = _cut_candidates(graph, columns, track_bits, stopped)
    lp = _Master(columns, limits)
    for name_index in range(len(names)):
        mine = np.flatnonzero(columns.train == name_index)
        lp.add_columns(mine[np.argsort(-columns.worth[mine], kind="stable")][:FIRST_COLUMNS])
    best = (math.inf, np.zeros(0))
    while True:
        if stopped():
            raise BoundStopped
        lp.solve()
        reduced, bound = lp.lagrangian()
        if bound < best[0]:
            best = (bound, reduced)
        if lp.add_priced(reduced):
            continue
        if not lp.add_cuts(candidates):
            break
    value, reduced = best
    train_most = np.array([_most(reduced[columns.train == t]) for t in range(len(names))])
    slack = reduced - train_most[columns.train]
    return RouteBound(_rounded(value, step), step, alone, routes, value, slack, lp.value, len(lp.cuts))


def weighted_bound(primary: int | None) -> int | None:
    """A weighted bound (`Weights`) on every run whose primary quantity is at most `primary`."""
    return None if primary is None else paths.weighted_bound(primary)


def _most(reduced: NDArray[np.float64]) -> float:
    """The most a train's routes earn above their duals, or 0 (a train need not run)."""
    return max(0.0, float(reduced.max())) if len(reduced) else 0.0


def _rounded(bound: float, step: int) -> int:
    """The largest multiple of `step` at most `bound`, allowing for rounding in the sums."""
    return math.floor((bound + 1e-6) / step) * step


def _cut_candidates(
    graph: TrackGraph, columns: _Columns, track_bits: TrackBits, stopped: Callable[[], bool]
) -> list[_Cut]:
    """The cuts over connected sets of up to CUT_NODES nodes: with B the ways leaving the set that some route uses,
    each route r using b_r of them, the sum of b_r x_r is at most |B| (no way on two routes, RB L540), so for a
    whole run the sum of floor(b_r / 2) x_r is at most floor(|B| / 2). Kept where |B| is odd (for an even |B| the
    rows of track imply it) and some route uses two of B. BoundStopped when `stopped()` says so (asked every
    CHECK_SETS sets)."""
    width = columns.track.shape[0]
    out = []
    for k, nodes in enumerate(node_sets(graph, CUT_NODES)):
        if k % CHECK_SETS == CHECK_SETS - 1 and stopped():
            raise BoundStopped
        ways = sorted({track_bits.bit(item) for item in border_ways(graph, nodes)} & set(range(width)))
        if len(ways) % 2 == 0:
            continue
        coefficient = columns.track[ways].sum(axis=0, dtype=np.int64) // 2
        if coefficient.any():
            out.append(_Cut(nodes, coefficient, len(ways) // 2))
    return out


class _Master:
    """The restricted LP: the columns added so far, the trains' rows, one row per track item, the pass row and
    the cuts added."""

    def __init__(self, columns: _Columns, limits: NDArray[np.float64]) -> None:
        self.columns = columns
        self.limits = limits
        self.solver = pywraplp.Solver.CreateSolver("GLOP")
        self.objective = self.solver.Objective()
        self.objective.SetMaximization()
        self.train_rows = [self.solver.Constraint(0.0, float(n)) for n in limits]
        self.item_rows = [self.solver.Constraint(0.0, 1.0) for _ in range(columns.track.shape[0])]
        self.pass_row = self.solver.Constraint(0.0, 1.0)
        self.cuts: list[_Cut] = []
        self.cut_rows: list[pywraplp.Constraint] = []
        self.included = np.zeros(len(columns), dtype=bool)
        self.variables: dict[int, pywraplp.Variable] = {}
        self.value = 0.0

    def add_columns(self, new: NDArray[np.int64]) -> None:
        c = self.columns
        for j in new.tolist():
            x = self.solver.NumVar(0.0, 1.0, "")
            self.variables[j] = x
            self.included[j] = True
            self.objective.SetCoefficient(x, float(c.worth[j]))
            self.train_rows[int(c.train[j])].SetCoefficient(x, 1.0)
            for item in np.flatnonzero(c.track[:, j]).tolist():
                self.item_rows[item].SetCoefficient(x, 1.0)
            if c.passes[j]:
                self.pass_row.SetCoefficient(x, 1.0)
            for cut, row in zip(self.cuts, self.cut_rows, strict=True):
                if cut.coefficient[j]:
                    row.SetCoefficient(x, float(cut.coefficient[j]))

    def solve(self) -> None:
        status = self.solver.Solve()
        if status != pywraplp.Solver.OPTIMAL:
            # GLOP fails only on numerical trouble; the duals read below still give a valid (weaker) bound.
            return
        self.value = self.objective.Value()

    def lagrangian(self) -> tuple[NDArray[np.float64], float]:
        """Each route's worth less the duals of its rows other than the trains' (negative duals read as 0), and
        the bound those duals prove (weak duality, module docstring)."""
        c = self.columns
        items = np.array([max(0.0, row.dual_value()) for row in self.item_rows], dtype=np.float64)
        passing = max(0.0, self.pass_row.dual_value())
        cuts = [max(0.0, row.dual_value()) for row in self.cut_rows]
        reduced = c.worth - passing * c.passes
        for item in np.flatnonzero(items).tolist():
            # Row by row over the items with a dual (a few dozen of hundreds): no product over the whole matrix,
            # which cast it to floats each round and ran on several threads (docs/routes-1860.md, "Measured").
            reduced -= items[item] * c.track[item]
        bound = float(items.sum()) + passing
        for cut, dual in zip(self.cuts, cuts, strict=True):
            if dual:
                reduced -= dual * cut.coefficient
                bound += dual * cut.most
        for t, limit in enumerate(self.limits):
            bound += limit * _most(reduced[c.train == t])
        return reduced, bound

    def add_priced(self, reduced: NDArray[np.float64]) -> bool:
        """Add the routes that price out against the trains' duals too (the best ADDED_COLUMNS per train); whether
        any did."""
        c = self.columns
        train_duals = np.array([max(0.0, row.dual_value()) for row in self.train_rows], dtype=np.float64)
        gain = reduced - train_duals[c.train]
        gain[self.included] = -math.inf
        added = False
        for t in range(len(self.limits)):
            mine = np.flatnonzero((c.train == t) & (gain > TOLERANCE))
            if len(mine):
                self.add_columns(mine[np.argsort(-gain[mine], kind="stable")][:ADDED_COLUMNS])
                added = True
        return added

    def add_cuts(self, candidates: Sequence[_Cut]) -> bool:
        """Add the cuts the LP's solution breaks (the most broken ADDED_CUTS); whether any was."""
        chosen = np.array(list(self.variables), dtype=np.int64)
        x = np.array([self.variables[j].solution_value() for j in chosen.tolist()], dtype=np.float64)
        have = {cut.nodes for cut in self.cuts}
        broken = []
        for cut in candidates:
            if cut.nodes in have:
                continue
            excess = float(cut.coefficient[chosen] @ x) - cut.most
            if excess > TOLERANCE:
                broken.append((excess, cut))
        broken.sort(key=lambda pair: -pair[0])
        for _, cut in broken[:ADDED_CUTS]:
            row = self.solver.Constraint(0.0, float(cut.most))
            for j in np.flatnonzero(cut.coefficient[chosen]).tolist():
                row.SetCoefficient(self.variables[int(chosen[j])], float(cut.coefficient[chosen[j]]))
            self.cuts.append(cut)
            self.cut_rows.append(row)
        return bool(broken)
