"""Whether companies are connected for the Merger Round (§12.3, §12.5, §12.6), on the core's track graph.

One company must be able to trace routes to each of the others: from a node with one of its markers along track
to a node with the other's marker, passing through no red area and no city whose spaces are all filled by markers
of companies outside the group (§10.1; "Station Markers of merging Companies do not block", §12.3). Two spaces of
one city on separate nodes are joined only by track; every company with a marker in London is connected to every
other with one there (§12.3, appendix §12). Reaching a node is enough: when a graph path exists, a route without
repeated cities does (docs/money-18bf.md, "Connection").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from solver.core.board_position import BoardPosition
from solver.core.money_steps import Step
from solver.core.track_graph import NodeRef, TrackGraph
from solver.errors import InputError, Problem

LONDON = "london"


def _blocked(graph: TrackGraph, ref: NodeRef, group: frozenset[str]) -> bool:
    node = graph.nodes[ref]
    markers = graph.position.markers(ref.hex, ref.index)
    return node.slots > 0 and not group & set(markers) and len(markers) >= node.slots


def reached(graph: TrackGraph, company: str, group: frozenset[str]) -> set[str]:
    """The companies of `group` whose markers `company` reaches (itself included when it has a marker)."""
    position = graph.position
    starts = [r for r in graph.nodes if company in position.markers(r.hex, r.index)]
    found: set[str] = set()
    seen = set(starts)
    queue = deque(starts)
    while queue:
        ref = queue.popleft()
        found |= group & set(position.markers(ref.hex, ref.index))
        if ref not in starts and (ref in graph.end_only or _blocked(graph, ref, group)):
            continue
        for nxt in graph.neighbours(ref):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    if any(graph.nodes[r].kind == LONDON for r in starts):
        found |= {
            c for r, node in graph.nodes.items() if node.kind == LONDON for c in position.markers(r.hex, r.index)
        } & group
    return found


def check_connected(position: BoardPosition, companies: Sequence[str], rule: str) -> Step:
    """The step saying which company reaches all the others; InputError naming the companies no one reaches."""
    group = frozenset(companies)
    graph = TrackGraph(position)
    best: tuple[str, set[str]] | None = None
    for company in companies:
        found = reached(graph, company, group)
        if found >= group:
            others = ", ".join(c for c in companies if c != company)
            return Step(f"{company} traces routes to {others} (connected)", rule)
        if best is None or len(found) > len(best[1]):
            best = (company, found)
    assert best is not None
    missing = [c for c in companies if c not in best[1]]
    unplaced = [c for c in companies if not any(c in ms for nodes in position.stations.values() for ms in nodes)]
    why = f"; {', '.join(unplaced)} has no station marker on the map" if unplaced else ""
    others = ", ".join(sorted(best[1] - {best[0]})) or "none"
    raise InputError(
        [
            Problem(
                f"company {missing[0]}",
                rule,
                f"{', '.join(companies)} are not connected: no one of them traces routes to all the others "
                f"({best[0]} reaches {others}, not {', '.join(missing)}){why}",
            )
        ]
    )


def first_connected(position: BoardPosition, companies: Sequence[str], size: int = 2) -> list[str]:
    """The first `size` companies, in the order given, that are connected with the first of them that reaches
    any other (a default choice for the Merger Round page); the first `size` when none is."""
    graph = TrackGraph(position)
    group = frozenset(companies)
    for company in companies:
        found = reached(graph, company, group) - {company}
        if found:
            return [company, *[c for c in companies if c in found][: size - 1]]
    return list(companies[:size])
