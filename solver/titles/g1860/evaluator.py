"""The 1860 route evaluator, the one source of truth for whether an 1860 run is legal and what it earns: the core's
`evaluate` with 1860's rules (`solver.titles.g1860.route_rules`) in the position's rule mode."""

from __future__ import annotations

from collections.abc import Sequence

from solver.core import evaluator as core
from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.track_graph import TrackGraph
from solver.titles.g1860 import rulebook
from solver.titles.g1860.modes import run_mode
from solver.titles.g1860.route_rules import Rules1860


def rules_for(position: BoardPosition, company: str) -> Rules1860:
    """1860's route rules for `company`; InputError when the position's rule modes or trains are faulty or the
    company is not in the position."""
    core.require_company(position, company, rulebook.OWN_TRAINS)
    return Rules1860(position, company, run_mode(position, company))


def evaluate(
    position: BoardPosition, company: str, run: Sequence[RouteSpec], graph: TrackGraph | None = None
) -> Evaluation:
    """Judge and score `company`'s run in an 1860 position: every rule broken (each citing the rulebook), or each
    train's revenue and halt subsidy. InputError when the run cannot be judged: a faulty position, a company not
    in it, or a route for a train the company does not have (Running Trains, RB L521: a company runs its own
    trains, each once)."""
    rules = rules_for(position, company)
    core.require_own_trains(position, company, run, rulebook.OWN_TRAINS)
    return core.evaluate(rules, position, company, run, graph)
