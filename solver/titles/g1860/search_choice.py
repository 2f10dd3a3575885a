"""Which of 1860's exact searches a run of several trains takes (docs/routes-1860.md, "Which way"): the bound from
every listed route and the search over the routes it keeps (`route_bound`, `priced_search`), or the path model
alone (`path_model`), which lists no route.

The listing is the cost of the first: on the largest dense boards it holds 80,000-215,000 routes and takes longer
than the path model's whole proof. So before listing, the listing's size is estimated (the core's
`listing_size.estimated_steps`, a few hundredths of a second): above LISTED_STEPS the path model answers alone. The
listing itself still gives up after LISTING_CHECKS checks of the time limit, for a board the estimate underrates.
Both limits were measured on the 60 dense boards of `benchmarks/run_1860.py` (the table in docs/routes-1860.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.core.search.candidates import CHECK_EVERY, Weights
from solver.core.search.listing_size import estimated_steps
from solver.core.track_graph import TrackGraph
from solver.titles.g1860.route_bound import BoundStopped, RouteBound, route_bound
from solver.titles.g1860.route_walk import Walk1860

#: Above this many estimated steps of the listing the path model alone is quicker: IWNJ's four trains on
#: stock_market's last board in the site's mode (215,169 routes) are estimated at 819-973 x 256 steps, every other
#: dense board at most 441 x 256 (IWNJ there in the rulebook's mode, and NGStL in the site's, where the path model
#: alone takes several times the listed search's time).
LISTED_STEPS = 640 * CHECK_EVERY
#: The probes of the estimate: a first few, and more where the first do not show the listing well below the limit
#: (the estimate's spread falls as the square root of the probes: 2,048 keep the dense boards' within 15 %).
FIRST_PROBES = 256
PROBES = 2048
#: The route bound gives up at this many checks of the time limit (a check every 256 steps of the listing, 256
#: groups of its dominance test, 64 node sets of its cuts, one per round of its LP) and the path model answers
#: alone: every dense board the estimate leaves to the listing takes at most 643 checks.
LISTING_CHECKS = 900


def listed_bound(
    graph: TrackGraph, walk: Walk1860, trains: Sequence[str], weights: Weights, stopped: Callable[[], bool]
) -> RouteBound | None:
    """The bound on `trains`' run from every listed route, or None where the path model alone is quicker (the
    listing estimated above LISTED_STEPS, or passing LISTING_CHECKS). BoundStopped when `stopped()` says so."""
    estimate = estimated_steps(graph, walk, FIRST_PROBES)
    if estimate > LISTED_STEPS / 4:
        if stopped():
            raise BoundStopped
        estimate = estimated_steps(graph, walk, PROBES)
    if estimate > LISTED_STEPS:
        return None
    checks = 0

    def listing_stopped() -> bool:
        nonlocal checks
        checks += 1
        return stopped() or checks > LISTING_CHECKS

    try:
        return route_bound(graph, walk, trains, weights, listing_stopped)
    except BoundStopped:
        if stopped():
            raise
        return None
