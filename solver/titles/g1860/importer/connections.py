"""The site's record of a route (`connections`) read as the stations it passes, in order.

18xx.games writes one entry per step between consecutive stations of a route (`lib/engine/route.rb`, `chain_id`):
the hex of every tile path walked from one station to the next, in the direction walked (a hex crossed twice
appears twice); for a step along a single path inside one tile, that hex alone (`["H4"]`); and where a tile has
more than one path between its own stations (Cowes 787-789), `"F2 a.b"`, the two stations' indices sorted. The
direction of an entry is not tied to the route's. An entry is matched here to the track graph's links that give the
same entry, and consecutive entries must share a station. Where several station lists fit, the one whose stations
are the recorded `nodes` is taken (the newer record format); without them (the older format), the first.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from solver.core.track_graph import Link, NodeRef, TrackGraph

Entry = tuple[str, ...]

#: Enough candidate station lists for any recorded route: more only arise from an edited record.
MAX_FITS = 64


def link_entry(graph: TrackGraph, link: Link) -> Entry:
    """The site's entry for one step along `link` (from `link.a` to `link.b`)."""
    if len(link.pieces) == 1:
        piece = link.pieces[0]
        face = graph.faces[piece.hex]
        joins = [p for p in face.paths if p.a.kind == "node" and p.b.kind == "node"]
        path = face.paths[piece.path]
        if len(joins) > 1 and path.a.kind == "node" and path.b.kind == "node":
            low, high = sorted((path.a.index, path.b.index))
            return (f"{piece.hex} {low}.{high}",)
    return tuple(piece.hex for piece in link.pieces)


def entry_index(graph: TrackGraph) -> dict[Entry, set[tuple[NodeRef, NodeRef]]]:
    """Every step of track by the site's entry for it: (from, to) station pairs, both directions listed."""
    index: dict[Entry, set[tuple[NodeRef, NodeRef]]] = defaultdict(set)
    for a in graph.nodes:
        for b in graph.neighbours(a):
            for link in graph.links(a, b):
                entry = link_entry(graph, link)
                index[entry].add((a, b))
                index[entry[::-1]].add((b, a))
    return index


def _steps(index: dict[Entry, set[tuple[NodeRef, NodeRef]]], entry: Entry) -> list[tuple[NodeRef, NodeRef]]:
    """The steps an entry can be, read either way."""
    return sorted(index.get(entry, set()) | index.get(entry[::-1], set()))


def station_lists(
    index: dict[Entry, set[tuple[NodeRef, NodeRef]]], entries: Sequence[Entry]
) -> list[tuple[NodeRef, ...]]:
    """Every list of distinct stations whose steps give `entries` in order (read either way), each route once."""
    found: list[tuple[NodeRef, ...]] = []
    if not entries:
        return found

    def extend(path: list[NodeRef], i: int) -> None:
        if len(found) >= MAX_FITS:
            return
        if i == len(entries):
            found.append(tuple(path))
            return
        for a, b in _steps(index, entries[i]):
            if a == path[-1] and b not in path:
                path.append(b)
                extend(path, i + 1)  # noqa: F821 (its cell is emptied when the listing ends, below)
                path.pop()

    try:
        for a, b in _steps(index, entries[0]):
            extend([a, b], 1)
    finally:
        del extend  # it calls itself through its cell: emptied, no reference cycle is left (docs/architecture.md)
    unique: dict[tuple[NodeRef, ...], tuple[NodeRef, ...]] = {}
    for nodes in found:
        unique.setdefault(min(nodes, nodes[::-1]), nodes)
    return list(unique.values())
