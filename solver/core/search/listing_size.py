"""How large a listing of routes (`solver.core.search.candidates.list_candidates`) would be, estimated without
doing it: Knuth's estimator of a search tree's size (D. E. Knuth, "Estimating the efficiency of backtrack
programs", Math. Comp. 29, 1975) over the same walk. A probe runs one random path from a random first node down the
tree the lister searches (no node twice, no track twice, never through a node that may only end a route, the
title's `step` saying where a route may go on); at each node it passes it counts the steps the lister would try
there (a), the ways it may go on (d), and picks one of those at random. The product of the d above a node,
times its a, is an unbiased estimate of the steps the lister takes at that depth; summed over the depths and
averaged over the probes, of the steps of the whole listing (what its checks of the time limit count: one every
`CHECK_EVERY` steps).

Used by a title to choose a search before listing (docs/search.md); the probes' seed
is fixed so that the choice depends on nothing but the position.
"""

from __future__ import annotations

import random
from typing import Any

from solver.core.search.candidates import RouteWalk, TrackBits, node_numbers
from solver.core.track_graph import TrackGraph


def estimated_steps(graph: TrackGraph, walk: RouteWalk[Any], probes: int, seed: int = 0) -> float:
    """The estimated number of steps `list_candidates` takes to list every route of `walk` on `graph` (no listing
    by bound), averaged over `probes` random probes drawn with `seed`."""
    refs = sorted(graph.nodes)
    rank = node_numbers(graph)
    track_bits = TrackBits()
    steps_from = [
        [(rank[nxt], link, track_bits.mask(link)) for nxt in graph.neighbours(ref) for link in graph.links(ref, nxt)]
        for ref in refs
    ]
    end_only = [ref in graph.end_only for ref in refs]
    starts = [(i, state) for i, ref in enumerate(refs) if (state := walk.start(ref)) is not None]
    if not starts or probes < 1:
        return 0.0
    pick = random.Random(seed)
    total = 0.0
    for _ in range(probes):
        first, state = pick.choice(starts)
        on_path, used, last, weight = {first}, 0, first, float(len(starts))
        while not (len(on_path) > 1 and end_only[last]):
            tried = [
                (nxt, link, mask) for nxt, link, mask in steps_from[last] if nxt not in on_path and not used & mask
            ]
            total += weight * len(tried)
            ways = [(nxt, mask, after) for nxt, link, mask in tried if (after := walk.step(state, link)) is not None]
            if not ways:
                break
            weight *= len(ways)
            last, mask, state = pick.choice(ways)
            on_path.add(last)
            used |= mask
    return total / probes
