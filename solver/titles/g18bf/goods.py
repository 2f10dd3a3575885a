"""18BF's G-trains (§10.6): "The G-trains do not run a route. The value of the run is equal to the Mine bonus plus
the value of cities with Station Markers of the Company up to the number of the train. When running more than one
G-train, different cities must be chosen, and at least one city must be chosen for each G-train. If a Company has
more than one Marker in a city (including London), it may only run one G-train there and count it once."

A G-train's part of a run is a `RouteSpec` whose nodes are the cities it counts, each a node holding one of the
company's markers (`U23:4` for London(E)); the city is the hex, so two parts of London are one city. A city is
worth its value plus what the company's privates add to it (§7.1: "each train running to that city"; the
designer's note in ../shared/reference/18bf/README.md §1.2). The G-trains' cities may also be used by the
company's route trains. G-trains get no border bonus and cannot count a red area, so no London-red bonus either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.core.evaluator import RouteSpec, StopScore, TrainScore
from solver.core.track_graph import NodeRef, TrackGraph
from solver.errors import Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.bonuses import Bonuses
from solver.titles.g18bf.route_rules import MARKER_KINDS
from solver.titles.g18bf.scoring import stop_value
from solver.titles.g18bf.trains import train_sides


@dataclass(frozen=True)
class GoodsRun:
    """The G-trains of a run, each with its label (`train 3 (5G)`) and its spec."""

    labels: tuple[str, ...]
    specs: tuple[RouteSpec, ...]


def marker_cities(graph: TrackGraph, company: str, bonuses: Bonuses) -> dict[str, tuple[NodeRef, int]]:
    """Each city (hex) holding one of the company's markers, with a node holding it and the city's value (the
    most valuable such node, the first of equals)."""
    out: dict[str, tuple[NodeRef, int]] = {}
    for ref, node in graph.nodes.items():
        if node.kind in MARKER_KINDS and company in graph.position.markers(ref.hex, ref.index):
            value = stop_value(graph, ref, bonuses)
            if ref.hex not in out or value > out[ref.hex][1]:
                out[ref.hex] = (ref, value)
    return out


def check_goods(graph: TrackGraph, company: str, run: GoodsRun, bonuses: Bonuses) -> list[Problem]:
    """The rules of the G-trains of a run (§10.6): each counts 1 to N cities holding the company's markers, a
    city once, no city for two G-trains (that G-trains exist only from phase 5 is the trains' check, §8)."""
    problems: list[Problem] = []
    taken: dict[str, str] = {}
    for label, spec in zip(run.labels, run.specs, strict=True):
        side = train_sides()[spec.train]
        problems += [
            Problem(f"{label} {name}", "format", f"{name!r} is not a choice of a G-train (there are none)")
            for name in sorted(spec.choices)
        ]
        if not 1 <= len(spec.nodes) <= side.stops:
            problems.append(
                Problem(
                    label,
                    rulebook.G_TRAINS,
                    f"a {side.name} counts 1 to {side.stops} cities with the company's markers, not {len(spec.nodes)}",
                )
            )
        for text in spec.nodes:
            try:
                ref = graph.node_ref(text)
            except ValueError as exc:
                problems.append(Problem(f"{label} {text}", "format", str(exc)))
                continue
            node = graph.nodes[ref]
            if node.kind not in MARKER_KINDS or company not in graph.position.markers(ref.hex, ref.index):
                problems.append(
                    Problem(f"{label} {ref}", rulebook.G_TRAINS, f"{ref} holds no {company} station marker")
                )
            if ref.hex in taken:
                where = "this G-train" if taken[ref.hex] == label else taken[ref.hex]
                problems.append(
                    Problem(
                        f"{label} {ref}",
                        rulebook.G_TRAINS,
                        f"the city {ref.hex} is already counted by {where}: a city counts once for one G-train",
                    )
                )
            taken.setdefault(ref.hex, label)
    return problems


def score_goods(graph: TrackGraph, label: str, spec: RouteSpec, bonuses: Bonuses) -> TrainScore:
    """What a legal G-train earns: the Mine bonus plus its cities (with the privates' additions)."""
    refs = tuple(graph.node_ref(text) for text in spec.nodes)
    stops = []
    for ref in refs:
        added = [f"{p} +{a}" for p, a in bonuses.node_bonus.get(ref.hex, ())]
        note = "marker city" + (f" ({', '.join(added)})" if added else "")
        stops.append(StopScore(ref, graph.nodes[ref].kind, stop_value(graph, ref, bonuses), True, note))
    mine = bonuses.mine or 0
    revenue = mine + sum(s.value for s in stops)
    return TrainScore(spec.train, label, refs, tuple(stops), revenue, 0, (f"Mine bonus +{mine}",))


def best_goods(
    graph: TrackGraph, company: str, trains: Sequence[str], bonuses: Bonuses, taken: frozenset[str] = frozenset()
) -> list[RouteSpec]:
    """The G-trains' best run, exactly: as many G-trains run as there are cities (the biggest first), and the
    most valuable cities fill them, the biggest train taking the most valuable cities. Every G-train that runs
    earns the Mine bonus, so running more never earns less; the cities any set of k trains can count are at
    most the sum of their numbers, which the k biggest maximise. Cities of `taken` (hexes: those of pinned
    G-trains) are left to them."""
    if not trains:
        return []
    found = marker_cities(graph, company, bonuses)
    cities = sorted((c for hex_id, c in found.items() if hex_id not in taken), key=lambda c: (-c[1], c[0]))
    sides = sorted(trains, key=lambda t: -train_sides()[t].stops)[: len(cities)]
    capacity = [train_sides()[t].stops for t in sides]
    used = cities[: sum(capacity)]
    # One city for each train first (each must count one), then the rest by capacity.
    given: list[list[NodeRef]] = [[used[i][0]] for i in range(len(sides))]
    rest = [ref for ref, _ in used[len(sides) :]]
    for i, cap in enumerate(capacity):
        while rest and len(given[i]) < cap:
            given[i].append(rest.pop(0))
    return [RouteSpec(t, tuple(str(r) for r in refs)) for t, refs in zip(sides, given, strict=True)]
