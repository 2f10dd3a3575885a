"""18BF's route rules as the core's evaluator hooks (`solver.core.evaluator.RouteRules`), each Problem naming the
train and node and citing the rulebook's section (`solver.titles.g18bf.rulebook`). Readings are in
docs/routes-18bf.md.

Node kinds (data/18bf/title.json): `city` (large cities), `london` (a part of London: two spaces, one exit),
`offboard` (red areas), `town` (small cities), `port` (no train runs to one). `check_route` and `score_route`
judge and value one route alone, so that a search can list candidates with them; `check_overlap` is the one rule
between a company's routes (no shared track); G-trains run no route and are judged apart
(`solver.titles.g18bf.goods`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.core.board_position import BoardPosition
from solver.core.evaluator import StopScore, TracedRoute, TrainScore, full_of_others, shared_track
from solver.core.track_graph import NodeRef, TrackGraph, track_hexes
from solver.errors import Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.bonuses import Bonuses
from solver.titles.g18bf.scoring import RouteValue, value_route
from solver.titles.g18bf.trains import train_sides

#: Node kinds that hold station markers (a route needs one of its company's, §10.1).
MARKER_KINDS = frozenset({"city", "london"})


@dataclass(frozen=True)
class Rules18BF:
    """The route rules of 18BF for `company` in `position`, with the company's bonuses."""

    position: BoardPosition
    company: str
    bonuses: Bonuses
    continuous_track: str = rulebook.ROUTE
    #: Where given (an evaluation's own rules, `evaluator.evaluate`), each route's counting kept by its label, train
    #: and nodes: counted once, though checking the route, scoring it and assigning the Irish Sea ferries each ask
    #: for it. None elsewhere (a search judging many routes keeps none of them).
    counted: dict[tuple[str, str, tuple[NodeRef, ...]], RouteValue] | None = field(
        default=None, compare=False, repr=False
    )

    def own(self, ref: NodeRef) -> bool:
        return self.company in self.position.markers(ref.hex, ref.index)

    def tokened_out(self, graph: TrackGraph, ref: NodeRef) -> bool:
        """Every space of the city filled with other companies' markers (§10.1)."""
        return full_of_others(self.position, graph, ref, self.company)

    # ------------------------------------------------------------ one route

    def check_route(self, graph: TrackGraph, route: TracedRoute) -> list[Problem]:
        """The rules of one route alone (§10.1, §10.6, appendix §10.6, §5)."""
        label = route.label
        problems = [
            Problem(f"{label} {name}", "format", f"{name!r} is not a choice of an 18BF route (there are none)")
            for name in sorted(route.choices)
        ]
        kinds = {ref: graph.nodes[ref].kind for ref in route.nodes}
        for ref in route.nodes:
            if kinds[ref] == "port":
                problems.append(Problem(f"{label} {ref}", rulebook.PORT, "no train may run to a port"))
        for ref in route.passed:
            if kinds[ref] == "offboard":
                problems.append(
                    Problem(f"{label} {ref}", rulebook.RED_AREA_ENDS, "a route that visits a red area ends there")
                )
            elif kinds[ref] == "london":
                problems.append(
                    Problem(
                        f"{label} {ref}", rulebook.LONDON_PARTS, "a part of London has one exit: a train ends there"
                    )
                )
            elif self.tokened_out(graph, ref):
                problems.append(
                    Problem(
                        f"{label} {ref}",
                        rulebook.TOKENED_OUT,
                        "the route passes through a city filled with other companies' markers",
                    )
                )
        for ref, n in Counter(route.nodes).items():
            if n > 1:
                problems.append(Problem(f"{label} {ref}", rulebook.ONCE, f"the route reaches {ref} {n} times"))
        by_hex: dict[str, list[NodeRef]] = {}
        for ref in dict.fromkeys(route.nodes):
            by_hex.setdefault(ref.hex, []).append(ref)
        for hex_id, refs in by_hex.items():
            if len(refs) < 2:
                continue
            if all(kinds[r] == "london" for r in refs):
                problems.append(
                    Problem(
                        f"{label} {hex_id}", rulebook.LONDON_IRELAND, f"no train runs London-London ({_refs(refs)})"
                    )
                )
            else:
                problems.append(
                    Problem(
                        f"{label} {hex_id}",
                        rulebook.ONE_SPACE,
                        f"the route includes {len(refs)} separate spaces of one city ({_refs(refs)})",
                    )
                )
        irish = [r for r in route.nodes if r.hex in self.bonuses.ireland]
        if len({r.hex for r in irish}) > 1:
            problems.append(
                Problem(
                    f"{label} {irish[0]}", rulebook.LONDON_IRELAND, f"no train runs Ireland-Ireland ({_refs(irish)})"
                )
            )
        for ref in route.nodes:
            if kinds[ref] == "london" and not self.own(ref):
                name = graph.nodes[ref].name or str(ref)
                problems.append(
                    Problem(
                        f"{label} {ref}",
                        rulebook.LONDON_IRELAND,
                        f"{self.company} has no station marker in {name}: no train of it runs there",
                    )
                )
        if not any(kinds[r] in MARKER_KINDS and self.own(r) for r in route.nodes):
            problems.append(Problem(label, rulebook.ROUTE, f"no city on the route holds a {self.company} marker"))
        for (i, a), (j, b) in itertools.combinations(enumerate(route.links), 2):
            shared = a.track & b.track
            if shared:
                problems.append(
                    Problem(
                        f"{label} {route.nodes[i]}-{route.nodes[i + 1]} and {route.nodes[j]}-{route.nodes[j + 1]}",
                        rulebook.ONCE,
                        f"the route uses the same track twice in {track_hexes(shared)}",
                    )
                )
        problems += self.value(graph, route).problems
        return problems

    def value(self, graph: TrackGraph, route: TracedRoute) -> RouteValue:
        """The stops the route counts and its value without the Irish Sea ferries (`scoring.value_route`)."""
        return self.counting(graph, route.train, route.label, route.nodes)

    def counting(self, graph: TrackGraph, train: str, label: str, nodes: Sequence[NodeRef]) -> RouteValue:
        """`value` of the route of `train` labelled `label` through `nodes` (kept in `counted` where given)."""
        if self.counted is None:
            return value_route(graph, label, nodes, train_sides()[train], self.bonuses)
        key = (label, train, tuple(nodes))
        known = self.counted.get(key)
        if known is None:
            known = self.counted[key] = value_route(graph, label, nodes, train_sides()[train], self.bonuses)
        return known

    # ------------------------------------------------------------ the trains together

    def check_overlap(self, graph: TrackGraph, routes: Sequence[TracedRoute]) -> list[Problem]:
        """No two routes share a track segment; they may meet or cross at cities and red areas (§10.6)."""
        return shared_track(routes, rulebook.NO_SHARED_TRACK)

    def check_run(self, graph: TrackGraph, routes: Sequence[TracedRoute]) -> list[Problem]:
        """18BF has no rule of the whole run beyond shared track: any marker will do for each route (§10.1)."""
        return []

    # ------------------------------------------------------------ scoring

    def score_route(self, graph: TrackGraph, route: TracedRoute) -> TrainScore:
        """What a legal route earns before the Irish Sea ferries are assigned (`evaluator.evaluate` adds them)."""
        return self.score(graph, route.train, route.label, route.nodes, self.value(graph, route))

    def score(
        self, graph: TrackGraph, train: str, label: str, nodes: Sequence[NodeRef], value: RouteValue
    ) -> TrainScore:
        """A route's score from one counting of its stops: each stop's value or why it earns nothing, the
        bonuses by name, and the revenue."""
        values = dict(value.stop_values)
        stops: list[StopScore] = []
        for ref in nodes:
            node = graph.nodes[ref]
            if ref in values:
                added = [f"{p} +{a}" for p, a in self.bonuses.node_bonus.get(ref.hex, ())]
                note = "counted" + (f" ({', '.join(added)})" if added else "")
                stops.append(StopScore(ref, node.kind, values[ref], True, note))
            elif ref in value.skipped:
                stops.append(StopScore(ref, node.kind, 0, False, "skipped"))
            else:
                stops.append(StopScore(ref, node.kind, 0, False, "track only"))
        notes = [f"{name} +{amount}" for name, amount in value.bonuses]
        if value.multiplier > 1:
            notes.append(f"{train} doubles the route and its bonuses")
        return TrainScore(train, label, tuple(nodes), tuple(stops), value.revenue, 0, tuple(notes))


def _refs(refs: Sequence[NodeRef]) -> str:
    return ", ".join(map(str, refs))
