"""The evaluator protocol: how a title's rules judge and score a company's run on the core's track graph.

A run is one route per train: the train's name (the title's) and the nodes it passes, in order (`HEX:n`, or
`HEX` for a hex with one node), with the title's choices for the route (e.g. how many stops of some kind it
counts). `evaluate` traces every route on the track graph (each step must be a link of track; where two nodes
are joined by more than one way, the ways are tried until the title's rules accept one) and asks the title's
`RouteRules`, whose hooks are named after rules:

- `check_route`: one route alone (its ends, its length against the train, track or hexes used twice, ...);
- `check_overlap`: the trains together (track shared between them);
- `check_run`: the whole run (trains the company owns, the home station, how the routes meet, ...);
- `score_route`: what one legal route earns: revenue, which stops count, and money paid beside revenue.

Every Problem names the train and node and cites the title's rulebook in `rule`. A legal run's revenue is the
sum of its trains' revenues, and its subsidy the sum of theirs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from solver.core.board_position import BoardPosition
from solver.core.track_graph import Link, NodeRef, Piece, Side, TrackGraph, track_hexes
from solver.errors import InputError, Problem

#: At most this many ways of tracing one route (several links between the same two nodes) are tried, each using
#: no piece of track twice.
MAX_WAYS = 256
#: At most this many checks of overlap in the search for ways of all routes that share no track.
MAX_OVERLAP_CHECKS = 20_000


@dataclass(frozen=True)
class RouteSpec:
    """One train's route: the train's name, the nodes passed in order, and the title's choices for it."""

    train: str
    nodes: tuple[str, ...]
    choices: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TracedRoute:
    """A route on the track: the nodes in order and the link taken between each two; `label` names the train
    in messages (`train 2 (3+2)`)."""

    index: int
    train: str
    label: str
    nodes: tuple[NodeRef, ...]
    links: tuple[Link, ...]
    choices: Mapping[str, Any]

    @cached_property
    def track(self) -> frozenset[Piece | Side]:
        return frozenset().union(*(link.track for link in self.links))

    @cached_property
    def hexes(self) -> tuple[str, ...]:
        """The hexes in the order the route runs through them, a stretch in one hex given once."""
        out: list[str] = [self.nodes[0].hex]
        for link in self.links:
            for h in link.hexes():
                if h != out[-1]:
                    out.append(h)
        return tuple(out)

    @property
    def ends(self) -> tuple[NodeRef, NodeRef]:
        return self.nodes[0], self.nodes[-1]

    @property
    def passed(self) -> tuple[NodeRef, ...]:
        """The nodes between the two ends."""
        return self.nodes[1:-1]


@dataclass(frozen=True)
class StopScore:
    """One node of a route and what it earns: `counted` when it counts for the train, `value` what it adds to
    revenue, `note` why (the title's words: scored, bypassed, skipped, subsidy...)."""

    node: NodeRef
    kind: str
    value: int
    counted: bool
    note: str


@dataclass(frozen=True)
class TrainScore:
    """What one train's route earns: revenue, and `subsidy` paid to the treasury beside revenue."""

    train: str
    label: str
    nodes: tuple[NodeRef, ...]
    stops: tuple[StopScore, ...]
    revenue: int
    subsidy: int
    notes: tuple[str, ...] = ()


class TrainMoney(Protocol):
    """What one train of a run earns: revenue, and `subsidy` paid beside it."""

    @property
    def revenue(self) -> int: ...

    @property
    def subsidy(self) -> int: ...


class RunTotals:
    """A run's totals from its trains (a dataclass's `trains`): revenue, the money paid beside revenue and both."""

    trains: Sequence[TrainMoney]

    @property
    def revenue(self) -> int:
        return sum(t.revenue for t in self.trains)

    @property
    def subsidy(self) -> int:
        return sum(t.subsidy for t in self.trains)

    @property
    def total(self) -> int:
        return self.revenue + self.subsidy


@dataclass(frozen=True)
class Evaluation(RunTotals):
    """The verdict on a run: every rule broken, or each train's score and the totals."""

    company: str
    legal: bool
    problems: tuple[Problem, ...] = ()
    trains: tuple[TrainScore, ...] = ()


class RouteRules(Protocol):
    """A title's route rules for one position and company (hooks named after rules, each returning every
    Problem it finds, each citing the title's rulebook)."""

    @property
    def continuous_track(self) -> str:
        """The rule that a route follows continuous track between consecutive nodes (cited when it does not)."""
        ...

    def check_route(self, graph: TrackGraph, route: TracedRoute) -> list[Problem]: ...

    def check_overlap(self, graph: TrackGraph, routes: Sequence[TracedRoute]) -> list[Problem]: ...

    def check_run(self, graph: TrackGraph, routes: Sequence[TracedRoute]) -> list[Problem]: ...

    def score_route(self, graph: TrackGraph, route: TracedRoute) -> TrainScore: ...


def shared_track(routes: Sequence[TracedRoute], rule: str) -> list[Problem]:
    """One Problem, citing the title's `rule`, for each two routes that run over the same track (a path or a hex
    side), for titles whose trains may not share track; they may still meet at stations."""
    return [
        Problem(
            f"{a.label} and {b.label}", rule, f"two trains run over the same track in {track_hexes(a.track & b.track)}"
        )
        for a, b in itertools.combinations(routes, 2)
        if a.track & b.track
    ]


def require_company(position: BoardPosition, company: str, rule: str) -> None:
    """InputError citing the title's `rule` when `company` is not a company of the position (naming those that are)."""
    if company not in position.companies:
        known = ", ".join(position.companies) or "none"
        raise InputError(
            [Problem(f"company {company}", rule, f"{company!r} is not a company of the position ({known})")]
        )


def require_own_trains(position: BoardPosition, company: str, run: Sequence[RouteSpec], rule: str) -> None:
    """InputError citing the title's `rule` for each train the run gives more routes than the company has of it (a
    company runs its own trains, each once): such a run cannot be judged."""
    owned = Counter(position.companies[company].trains)
    wanted = Counter(spec.train for spec in run)
    extra = [
        Problem(f"company {company}", rule, f"{n} route(s) for {t} but the company has {owned[t]}")
        for t, n in sorted(wanted.items())
        if n > owned[t]
    ]
    if extra:
        raise InputError(extra)


def full_of_others(
    position: BoardPosition, graph: TrackGraph, ref: NodeRef, company: str, ignored: Collection[str] = ()
) -> bool:
    """Every station space of the node held by other companies' markers (those in `ignored` not counted), none of
    them `company`'s: the node a title's route may not run through. A node with no spaces is never full."""
    slots = graph.nodes[ref].slots
    markers = position.markers(ref.hex, ref.index)
    if slots == 0 or company in markers:
        return False
    return len([m for m in markers if m not in ignored]) >= slots


def train_labels(trains: Sequence[str]) -> list[str]:
    """`train 1 (2+1)`, `train 2 (3+2)`, ...: how messages name the routes of a run."""
    return [f"train {i + 1} ({name})" for i, name in enumerate(trains)]


def trace(
    graph: TrackGraph, spec: RouteSpec, index: int, label: str, rule: str
) -> tuple[list[TracedRoute], list[Problem]]:
    """Every way the route can lie on the track (up to MAX_WAYS), or the problems that stop it: a node that
    is not one, fewer than two nodes, a node twice in a row, or two consecutive nodes no track joins."""
    problems: list[Problem] = []
    refs: list[NodeRef] = []
    for text in spec.nodes:
        try:
            refs.append(graph.node_ref(text))
        except ValueError as exc:
            problems.append(Problem(f"{label} {text}", "format", str(exc)))
    if problems:
        return [], problems
    if len(refs) < 2:
        return [], [Problem(label, rule, "a route runs between at least two stations")]
    options: list[tuple[Link, ...]] = []
    for a, b in itertools.pairwise(refs):
        links = graph.links(a, b)
        if not links:
            problems.append(Problem(f"{label} {a}-{b}", rule, f"no track joins {a} to {b} without another stop"))
        options.append(links)
    if problems:
        return [], problems
    # A way using a piece of track twice breaks every title's rules (and no run search lists one): only when every
    # way does is the first of them traced, for the title's rules to name what it uses twice.
    ways = _ways(options) or [tuple(links[0] for links in options)]
    return [TracedRoute(index, spec.train, label, tuple(refs), way, spec.choices) for way in ways], []


def _ways(options: Sequence[Sequence[Link]]) -> list[tuple[Link, ...]]:
    """The first MAX_WAYS choices of one link per step (in the order of the links) whose track is disjoint."""
    found: list[tuple[Link, ...]] = []
    chosen: list[Link] = []

    def grow(step: int, used: frozenset[Piece | Side]) -> None:
        if step == len(options):
            found.append(tuple(chosen))
            return
        for link in options[step]:
            if len(found) >= MAX_WAYS:
                return
            if used.isdisjoint(link.track):
                chosen.append(link)
                grow(step + 1, used | link.track)  # noqa: F821 (its cell is emptied when the walk ends, below)
                chosen.pop()

    try:
        grow(0, frozenset())
    finally:
        del grow  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)
    return found


def evaluate(
    rules: RouteRules,
    position: BoardPosition,
    company: str,
    run: Sequence[RouteSpec],
    graph: TrackGraph | None = None,
    labels: Sequence[str] | None = None,
) -> Evaluation:
    """Judge and score a company's run under a title's `rules`: every problem found, or each train's score.

    Each route is traced on the track; where it can lie on the track in several ways, the first way (in the
    order of the links) that the title's rules accept for the route alone and together with the other routes
    is taken, and when none is accepted the problems of the first way are reported. `labels` name the routes in
    messages (by default `train_labels` of the run: a title whose run holds more than routes passes its own).
    """
    if graph is None:
        graph = TrackGraph(position)
    if labels is None:
        labels = train_labels([spec.train for spec in run])
    problems: list[Problem] = []
    candidates: list[list[TracedRoute]] = []
    for i, spec in enumerate(run):
        ways, issues = trace(graph, spec, i, labels[i], rules.continuous_track)
        problems += issues
        candidates.append(ways)
    if problems:
        return Evaluation(company, False, tuple(problems))
    accepted = [[w for w in ways if not rules.check_route(graph, w)] for ways in candidates]
    chosen = _first_without_overlap(rules, graph, accepted) if all(accepted) else None
    if chosen is None:
        chosen = [ways[0] for ways in candidates]
        problems = [p for route in chosen for p in rules.check_route(graph, route)]
        problems += rules.check_overlap(graph, chosen)
    problems += rules.check_run(graph, chosen)
    if problems:
        return Evaluation(company, False, tuple(problems))
    return Evaluation(company, True, (), tuple(rules.score_route(graph, route) for route in chosen))


def _first_without_overlap(
    rules: RouteRules, graph: TrackGraph, accepted: list[list[TracedRoute]]
) -> list[TracedRoute] | None:
    """The first choice of one way per route that shares no track (in the order of the ways), by a depth-first
    search that drops, after each choice, the later routes' ways that overlap it (a title's overlap is between two
    routes: what two routes break, any more routes holding them break too); ways laying a route on the same track
    are tried once (overlap is a matter of track). None when there is none, or when MAX_OVERLAP_CHECKS checks
    found none."""
    distinct = [_first_per_track(ways) for ways in accepted]
    chosen: list[TracedRoute] = []
    checks = 0

    def overlaps(routes: list[TracedRoute]) -> bool:
        nonlocal checks
        checks += 1
        return bool(rules.check_overlap(graph, routes))

    def search(left: list[list[TracedRoute]]) -> bool:
        if not left:
            return True
        for way in left[0]:
            if checks > MAX_OVERLAP_CHECKS:
                return False
            if chosen and overlaps([*chosen, way]):
                continue
            rest = [[w for w in ways if not overlaps([way, w])] for ways in left[1:]]
            if not all(rest):
                continue
            chosen.append(way)
            if search(rest):  # noqa: F821 (its cell is emptied when the search ends, below)
                return True
            chosen.pop()
        return False

    try:
        return chosen if search(distinct) else None
    finally:
        del search  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)


def _first_per_track(ways: Sequence[TracedRoute]) -> list[TracedRoute]:
    seen: set[frozenset[Piece | Side]] = set()
    out: list[TracedRoute] = []
    for way in ways:
        if way.track not in seen:
            seen.add(way.track)
            out.append(way)
    return out
