"""1860's route rules as the core's evaluator hooks (`solver.core.evaluator.RouteRules`), each Problem citing the
rulebook by heading and line (`solver.titles.g1860.rulebook`). Readings are in docs/routes-1860.md.

Node kinds (data/1860/title.json): `large` and `offboard` (Ryde Pier, "counts as a large station", RB L523) are
large stations; `small` small stations; `halt` halts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solver.core.board_position import BoardPosition
from solver.core.evaluator import TracedRoute, TrainScore, full_of_others, shared_track
from solver.core.track_graph import NodeRef, TrackGraph, track_hexes
from solver.errors import Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.modes import RunMode
from solver.titles.g1860.scoring import count_stops, score_counted
from solver.titles.g1860.trains import train_sizes

LARGE = frozenset({"large", "offboard"})
ROUTE_END_KINDS = frozenset({"large", "offboard", "small"})


@dataclass(frozen=True)
class Rules1860:
    """The route rules of 1860 for `company` in `position`, in `mode` (`solver.titles.g1860.modes`)."""

    position: BoardPosition
    company: str
    mode: RunMode
    continuous_track: str = rulebook.CONTINUOUS_TRACK

    # ------------------------------------------------------------ stations

    def tokened_out(self, graph: TrackGraph, ref: NodeRef) -> bool:
        """Every station circle of a large station filled by other companies' bases that are not turned over
        (Running Trains, RB L530; a bankrupt company's turned bases stop no train, Bankrupt Companies, RB L691)."""
        return graph.nodes[ref].kind in LARGE and full_of_others(
            self.position, graph, ref, self.company, self.mode.flipped
        )

    def passes(self, graph: TrackGraph, route: TracedRoute) -> tuple[NodeRef, ...]:
        """The tokened-out stations the route runs through (not its ends)."""
        return tuple(ref for ref in route.passed if self.tokened_out(graph, ref))

    def home(self, graph: TrackGraph) -> NodeRef | None:
        """The node of the company's home hex that holds its base, or None when none does."""
        company = self.position.board.companies[self.company]
        if company.home is None:
            return None
        for i in range(len(graph.faces[company.home].nodes)):
            if self.company in self.position.markers(company.home, i):
                return NodeRef(company.home, i)
        return None

    # ------------------------------------------------------------ one route

    def check_route(self, graph: TrackGraph, route: TracedRoute) -> list[Problem]:
        """The rules of one route: ends, a base of the company, nodes, track and hexes once, at most one
        tokened-out station passed, Ryde Pier only as an end, and the train's allowance."""
        label = route.label
        problems: list[Problem] = []
        for end in route.ends:
            kind = graph.nodes[end].kind
            if kind not in ROUTE_END_KINDS:
                problems.append(
                    Problem(f"{label} {end}", rulebook.ROUTE_ENDS, f"a route may not begin or end at a {kind}")
                )
        for ref in route.passed:
            if ref in graph.end_only:
                problems.append(Problem(f"{label} {ref}", rulebook.RYDE_PIER, "the end of a line is run through"))
        if not any(
            graph.nodes[ref].kind in LARGE and self.company in self.position.markers(ref.hex, ref.index)
            for ref in route.nodes
        ):
            problems.append(
                Problem(label, rulebook.BASE_ON_ROUTE, f"no large station on the route has a {self.company} base")
            )
        twice = [ref for ref, n in Counter(route.nodes).items() if n > 1]
        for ref in twice:
            problems.append(Problem(f"{label} {ref}", rulebook.NO_REENTRY, f"the route calls at {ref} twice"))
        for (i, a), (j, b) in itertools.combinations(enumerate(route.links), 2):
            shared = a.track & b.track
            if shared:
                problems.append(
                    Problem(
                        f"{label} {route.nodes[i]}-{route.nodes[i + 1]} and {route.nodes[j]}-{route.nodes[j + 1]}",
                        rulebook.NO_SHARED_TRACK,
                        f"the route runs over the same track twice in {track_hexes(shared)}",
                    )
                )
        if not self.mode.reenter_hexes:
            entered = [h for h, n in Counter(route.hexes).items() if n > 1]
            for h in entered:
                problems.append(
                    Problem(f"{label} {h}", rulebook.NO_REENTRY, f"the route leaves {h} and enters it again")
                )
        passes = self.passes(graph, route)
        if len(passes) > 1:
            problems.append(
                Problem(
                    label,
                    rulebook.TOKENED_OUT,
                    f"the route runs through {len(passes)} tokened-out stations ({', '.join(map(str, passes))}); "
                    "one train may pass one",
                )
            )
        size = train_sizes()[route.train]
        problems += count_stops(graph, route, size, self.mode).problems
        return problems

    # ------------------------------------------------------------ the trains together

    def check_overlap(self, graph: TrackGraph, routes: Sequence[TracedRoute]) -> list[Problem]:
        """No two trains run over the same track (Running Trains, RB L540); stations may be shared."""
        return shared_track(routes, rulebook.NO_SHARED_TRACK)

    def check_run(self, graph: TrackGraph, routes: Sequence[TracedRoute]) -> list[Problem]:
        """The home base on a route, every route meeting the run from it at a station, and one pass of a
        tokened-out station for the whole run."""
        if not routes:
            return []
        problems: list[Problem] = []
        home = self.home(graph)
        company = self.position.board.companies[self.company]
        if home is None:
            problems.append(
                Problem(
                    f"company {self.company}",
                    rulebook.HOME_AND_MEETING,
                    f"no {self.company} base stands on its home {company.home}: no run can include it",
                )
            )
        else:
            reached = {r.index for r in routes if home in r.nodes}
            if not reached:
                problems.append(
                    Problem(
                        f"company {self.company}",
                        rulebook.HOME_AND_MEETING,
                        f"no route includes the home base at {home}",
                    )
                )
            # Each further run meets one already joined at a station of any kind (docs/routes-1860.md).
            grew = True
            while grew:
                grew = False
                for r in routes:
                    if r.index not in reached and any(
                        set(r.nodes) & set(o.nodes) for o in routes if o.index in reached
                    ):
                        reached.add(r.index)
                        grew = True
            if reached:
                for r in routes:
                    if r.index not in reached:
                        problems.append(
                            Problem(r.label, rulebook.HOME_AND_MEETING, "the route meets no route of the run from home")
                        )
        passing = [r for r in routes if self.passes(graph, r)]
        if len(passing) > 1:
            problems.append(
                Problem(
                    ", ".join(r.label for r in passing),
                    rulebook.TOKENED_OUT,
                    "only one train of a run may pass through a tokened-out station",
                )
            )
        return problems

    # ------------------------------------------------------------ scoring

    def score_route(self, graph: TrackGraph, route: TracedRoute) -> TrainScore:
        size = train_sizes()[route.train]
        counted = count_stops(graph, route, size, self.mode)
        notes = [f"passes tokened-out {ref}" for ref in self.passes(graph, route)]
        return score_counted(graph, self.position.phase, route, counted, self.mode, notes)
