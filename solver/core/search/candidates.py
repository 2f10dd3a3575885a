"""Candidate routes of each train, listed along the core's track graph through a title's rules.

A title says which routes are legal for a train alone and what each earns through a `RouteWalk`: `start` (may a
route begin at this node), `step` (a partial route grown along one more link, or None when no legal route can go
on that way), `finish` (the ways a route ending here may be scored for one train: revenue, money paid beside
revenue, the title's choices, and marks that a run-wide limit counts) and `ceiling` (at most what a route growing
from here can earn, for listing by bound: routes below a threshold are not listed). The lister walks every simple
path of the graph (no node twice, no track twice, never through a node that may only end a route) and keeps each
route once, in the orientation whose first node sorts first: a title's rules must read a route and its reverse
alike.

For each path and train the option the objective prefers is kept, as one integer `score` (`Weights`): the primary
quantity, then the secondary one, then one point for a train that runs, so that of two runs worth the same the
one running more trains wins. Then dominated candidates are dropped: of routes of one train through the same set of
nodes, one earning no more, on a superset of another's track, carrying a superset of its marks, can always be
swapped for the other in a run (no new track shared, no new mark, the same meeting points).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal, Protocol, TypeVar

from solver.core.evaluator import RouteSpec
from solver.core.track_graph import Link, NodeRef, Piece, Side, TrackGraph

Objective = Literal["revenue", "cash"]
"""'revenue': the most revenue, then the most money beside it; 'cash': the most of both together, then revenue."""

State = TypeVar("State")

#: Every this many steps of the walk the lister asks whether to stop.
CHECK_EVERY = 256
#: Secondary quantities of a whole run stay below this; trains in a run stay below RUNNER_WEIGHT.
SECONDARY_WEIGHT = 1 << 16
RUNNER_WEIGHT = 64


class ListingStopped(Exception):
    """The time limit or the stop event came while routes were being listed."""


class TooManyRoutes(ListingStopped):
    """The listing recorded more routes than it was allowed (`list_candidates(most_routes=...)`)."""


@dataclass(frozen=True)
class Option:
    """One way a route may be scored for a train: `revenue`, `extra` (money paid beside revenue), the title's
    `choices` for the route, its `marks` (counted by the run's limits), `stops`: values within revenue that a
    title scoring each stop once per company counts once however many trains reach it, and `grant`: (label,
    amount), an amount within revenue earned only when the run grants the label (`RunRules.grants`: at most so
    many labels per run, such as ferries each assigned to one area)."""

    revenue: int
    extra: int = 0
    choices: Mapping[str, Any] = field(default_factory=dict)
    marks: frozenset[str] = frozenset()
    stops: Mapping[NodeRef, int] = field(default_factory=dict)
    grant: tuple[str, int] | None = None


class RouteWalk(Protocol[State]):
    """A title's rules for one company's routes, as the lister grows them one link at a time."""

    def start(self, node: NodeRef) -> State | None:
        """The state of a route beginning at `node`, or None when no route may begin there."""
        ...

    def step(self, state: State, link: Link) -> State | None:
        """The state after running along `link` (from the route's last node), or None when no legal route of any
        of the company's trains can run that way (the walk does not go on)."""
        ...

    def finish(self, state: State, train: str) -> Sequence[Option]:
        """The ways a route ending at its last node may be scored for `train`: none when it is not legal alone."""
        ...

    def ceiling(self, state: State, train: str) -> tuple[int, int] | None:
        """At most what a route growing from `state` (this route included) earns for `train`: (revenue, extra),
        or None when none can be legal for it. The lister leaves out what cannot reach its threshold."""
        ...


@dataclass(frozen=True)
class Weights:
    """The objective as one integer: primary * SECONDARY_WEIGHT + secondary, times RUNNER_WEIGHT, plus one per
    train that runs."""

    objective: Objective

    def value(self, revenue: int, extra: int) -> int:
        """The weighted worth of `revenue` and `extra` (without the runner's point); linear in both."""
        if self.objective == "cash":
            return ((revenue + extra) * SECONDARY_WEIGHT + revenue) * RUNNER_WEIGHT
        return (revenue * SECONDARY_WEIGHT + extra) * RUNNER_WEIGHT

    def score(self, option: Option) -> int:
        return self.value(option.revenue, option.extra) + 1

    @staticmethod
    def primary(score: int) -> int:
        """The primary quantity of a weighted score (revenue, or revenue plus extra)."""
        return score // (SECONDARY_WEIGHT * RUNNER_WEIGHT)


class TrackBits:
    """Numbers for the paths and hex sides of a graph's track, so that the track of a route is a bit set (an int):
    two routes share track when their sets meet."""

    def __init__(self) -> None:
        self._bit: dict[Piece | Side, int] = {}
        self._masks: dict[int, tuple[Link, int]] = {}

    def mask(self, link: Link) -> int:
        known = self._masks.get(id(link))
        if known is not None and known[0] is link:
            return known[1]
        mask = 0
        for item in link.track:
            mask |= 1 << self.bit(item)
        self._masks[id(link)] = (link, mask)
        return mask

    def bit(self, item: Piece | Side) -> int:
        """The number of a path or hex side (a new one when first seen)."""
        return self._bit.setdefault(item, len(self._bit))

    def __len__(self) -> int:
        """How many paths and hex sides have a number: every bit of a route's track is below this."""
        return len(self._bit)


def bits(mask: int) -> list[int]:
    """The numbers of the bits set in `mask`."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def node_numbers(graph: TrackGraph) -> Mapping[NodeRef, int]:
    """Each node's number: its place in sorted order (the bit of the node in a route's `node_mask`)."""
    return graph.numbers


def mask_of(nodes: Iterable[NodeRef], numbers: Mapping[NodeRef, int]) -> int:
    """The bit set of `nodes` (by `node_numbers`)."""
    mask = 0
    for ref in nodes:
        mask |= 1 << numbers[ref]
    return mask


@dataclass(frozen=True)
class Candidate:
    """A route a train may run alone: its nodes in order and as a bit set (`node_numbers`), the track it uses (a bit
    set of `TrackBits`), the option kept and its score, and the weighted worth of the option's grant within the
    score (`grant_weight`, 0 without one: `candidate`)."""

    train: str
    nodes: tuple[NodeRef, ...]
    node_mask: int
    track: int
    option: Option
    score: int
    grant_weight: int = 0

    @property
    def base(self) -> int:
        """The score without the option's grant: what the route earns when the run does not grant its label."""
        return self.score - self.grant_weight

    def spec(self) -> RouteSpec:
        """The route as the evaluator reads it."""
        return RouteSpec(self.train, tuple(str(n) for n in self.nodes), dict(self.option.choices))


def candidate(
    train: str,
    nodes: tuple[NodeRef, ...],
    node_mask: int,
    track: int,
    option: Option,
    weights: Weights,
    score: int | None = None,
) -> Candidate:
    """The candidate of a route scored by `option` at `weights` (its score, `weights.score(option)` unless given,
    and its grant's weighted worth)."""
    grant = weights.value(option.grant[1], 0) if option.grant is not None else 0
    return Candidate(train, nodes, node_mask, track, option, weights.score(option) if score is None else score, grant)


def _best(options: Sequence[Option], weights: Weights) -> Option | None:
    if len(options) < 2:
        return options[0] if options else None
    return max(options, key=weights.score)


@dataclass(frozen=True)
class Listing:
    """The candidates of each train, best first, and the threshold each was listed down to (`least`: every route of
    the train scoring at least this is listed; absent when every route is)."""

    candidates: Mapping[str, list[Candidate]]
    least: Mapping[str, int]


def list_candidates(
    graph: TrackGraph,
    walk: RouteWalk[Any],
    trains: Iterable[str],
    weights: Weights,
    track_bits: TrackBits,
    should_stop: Callable[[], bool] = lambda: False,
    share: float | None = None,
    least: Mapping[str, int] | None = None,
    prefixes_dominate: bool = False,
    most_routes: int | None = None,
) -> Listing:
    """Every route each of `trains` (names) may run alone, one per path and train, dominated ones dropped, best
    first; ListingStopped when `should_stop` says so, TooManyRoutes when more than `most_routes` routes (all trains
    together, before dominated ones are dropped) are recorded.

    Listing by bound: with `least`, a train's routes scoring below its threshold are left out; with `share`, those
    below (1 - share) times the best route of the train found so far (a threshold that only rises, so that what is
    left out early stays below it). A partial route is given up when for every train the walk's `ceiling` is below
    the threshold. The walk keeps nodes as numbers (their rank in sorted order) and track as a bit set, so that a
    step costs no hashing of node or track objects.

    With `prefixes_dominate` (a run where a route matters only by its track, score and grant: `RunRules.track_only`),
    a route scoring exactly what a shorter route it extends scores, with the same grant, is not listed: the shorter
    one uses part of its track and earns the same in any run."""
    names = sorted(set(trains))
    refs = graph.order
    rank = node_numbers(graph)
    steps_from = [
        [(rank[nxt], link, track_bits.mask(link)) for nxt in graph.neighbours(ref) for link in graph.links(ref, nxt)]
        for ref in refs
    ]
    end_only = [ref in graph.end_only for ref in refs]
    found: dict[str, list[Candidate]] = {t: [] for t in names}
    fixed = dict(least or {})
    threshold = {t: fixed.get(t, -1) for t in names}
    bounded = share is not None or least is not None
    path: list[int] = []
    on_path = [False] * len(refs)
    steps = 0

    def hopeless(state: Any) -> bool:
        for name in names:
            if threshold[name] < 0:
                return False
            most = walk.ceiling(state, name)
            if most is not None and weights.value(*most) + 1 >= threshold[name]:
                return False
        return True

    recorded = 0

    def record(name: str, candidate: Candidate) -> None:
        nonlocal recorded
        recorded += 1
        if most_routes is not None and recorded > most_routes:
            raise TooManyRoutes
        found[name].append(candidate)
        if share is not None:
            rise = int(candidate.score * (1 - share))
            if rise > threshold[name]:
                threshold[name] = max(rise, fixed.get(name, -1))

    def grow(state: Any, used: int, visited: int, before: Mapping[str, Candidate]) -> None:
        nonlocal steps
        last = path[-1]
        if len(path) > 1 and end_only[last]:
            return
        for nxt, link, mask in steps_from[last]:
            if on_path[nxt] or used & mask:
                continue
            steps += 1
            if steps % CHECK_EVERY == 0 and should_stop():
                raise ListingStopped
            if end_only[nxt] and nxt < path[0]:
                # A route ending there is listed the other way round (from that node), and none runs on from it.
                continue
            after = walk.step(state, link)
            if after is None or (bounded and hopeless(after)):
                continue
            path.append(nxt)
            on_path[nxt] = True
            reached = visited | 1 << nxt
            here: dict[str, Candidate] = {}
            if path[0] < nxt:
                nodes: tuple[NodeRef, ...] | None = None
                for name in names:
                    option = _best(walk.finish(after, name), weights)
                    if option is None:
                        continue
                    score = weights.score(option)
                    if score < threshold[name]:
                        continue
                    shorter = before.get(name)
                    if prefixes_dominate and shorter is not None and _same_worth(shorter, score, option):
                        here[name] = shorter
                        continue
                    if nodes is None:
                        nodes = tuple([refs[i] for i in path])
                    here[name] = candidate(name, nodes, reached, used | mask, option, weights, score)
                    record(name, here[name])
            grow(after, used | mask, reached, here)  # noqa: F821 (its cell is emptied once the walk ends, below)
            on_path[nxt] = False
            path.pop()

    try:
        for start, ref in enumerate(refs):
            state = walk.start(ref)
            if state is None:
                continue
            path.append(start)
            on_path[start] = True
            grow(state, 0, 1 << start, {})
            on_path[start] = False
            path.pop()
    finally:
        # `grow` calls itself through its closure's cell: a reference cycle that would keep every route found (and,
        # after a stop, the whole walk) alive until the cyclic collector ran. Emptied here, reference counting frees
        # them at once.
        del grow
    kept = {name: drop_dominated([c for c in found[name] if c.score >= threshold[name]], should_stop) for name in names}
    return Listing(kept, {name: threshold[name] for name in names if threshold[name] >= 0})


def _same_worth(shorter: Candidate, score: int, option: Option) -> bool:
    """Whether a route scored `score` by `option` earns in any run what `shorter` earns: the same score and
    grant."""
    return shorter.score == score and shorter.option.grant == option.grant


def ordered(candidates: Iterable[Candidate]) -> list[Candidate]:
    """Best first, equals in the order listed (the walk follows the graph's sorted order, so the order depends on
    nothing but the position)."""
    return sorted(candidates, key=attrgetter("score"), reverse=True)  # a stable sort: equals keep their order


def drop_dominated(candidates: Sequence[Candidate], should_stop: Callable[[], bool] = lambda: False) -> list[Candidate]:
    """The candidates left when each route is dropped that another through the same nodes beats: scoring no less,
    on a subset of its track, with a subset of its marks (the first of equals is kept). Best first."""
    groups: dict[int, list[Candidate]] = defaultdict(list)
    for c in candidates:
        groups[c.node_mask].append(c)
    kept: list[Candidate] = []
    for n, group in enumerate(groups.values()):
        if not n % CHECK_EVERY and should_stop():
            raise ListingStopped
        if len(group) == 1:
            kept += group
            continue
        group.sort(key=lambda c: (-c.score, c.track.bit_count(), len(c.option.marks)))
        mine: list[Candidate] = []
        for c in group:
            if not any(
                k.score >= c.score
                and k.track | c.track == c.track
                and k.option.marks <= c.option.marks
                and _grant_covers(k, c)
                for k in mine
            ):
                mine.append(c)
        kept += mine
    return ordered(kept)


def _grant_covers(k: Candidate, c: Candidate) -> bool:
    """Whether `k` earns at least what `c` earns whichever labels the run grants (given k.score >= c.score): `k`
    has no grant, or what it earns without it is at least what `c` earns without its own grant of the same label,
    or at least all that `c` earns."""
    if k.option.grant is None:
        return True
    if c.option.grant is not None and c.option.grant[0] == k.option.grant[0]:
        return k.base >= c.base
    return k.base >= c.score


def pinned_candidates(
    graph: TrackGraph, walk: RouteWalk[Any], spec: RouteSpec, weights: Weights, track_bits: TrackBits
) -> list[Candidate]:
    """The candidates of a route given node by node (each way along the track between its nodes), scored with the
    route's own choices where it gives them (else the objective's best), best first; none when it is not a route
    the train may run alone."""
    refs = [graph.node_ref(text) for text in spec.nodes]
    out: list[Candidate] = []
    state = walk.start(refs[0]) if refs else None
    if state is None or len(refs) < 2 or len(set(refs)) < len(refs):
        return out

    def follow(i: int, state: Any, used: int) -> None:
        if i == len(refs):
            options = [o for o in walk.finish(state, spec.train) if _agrees(o.choices, spec.choices)]
            option = _best(options, weights)
            if option is not None:
                nodes = tuple(refs) if refs[0] < refs[-1] else tuple(reversed(refs))
                mask = mask_of(nodes, node_numbers(graph))
                out.append(candidate(spec.train, nodes, mask, used, option, weights))
            return
        if i > 1 and refs[i - 1] in graph.end_only:
            return
        for link in graph.links(refs[i - 1], refs[i]):
            mask = track_bits.mask(link)
            if not used & mask:
                after = walk.step(state, link)
                if after is not None:
                    follow(i + 1, after, used | mask)  # noqa: F821 (its cell is emptied when the walk ends, below)

    try:
        follow(1, state, 0)
    finally:
        del follow  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)
    return ordered(out)


def _agrees(choices: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    return all(choices.get(k) == v for k, v in wanted.items())
