"""A merge scenario taken from a position that carries money (format version 2): the players and their cash,
and for each company its price, par, charter side, treasury, trains, permits, station markers and holdings, so
that the Mergers page previews the merger of the board on the table rather than a made-up one (5, 7.5, 7.14).

The scenario is the plain dict of the scenario file (docs/scenario.schema.json), checked later by
`parse_scenario` like any file.
"""

from __future__ import annotations

from typing import Any, Literal

from solver.errors import InputError, Problem
from solver.titles.g1862.position import Position
from solver.titles.g1862.trains import TrainType

Kind = Literal["merger", "acquisition", "refinance"]


def scenario_from_position(position: Position, active: str, other: str | None, kind: Kind = "merger") -> dict[str, Any]:
    """The scenario of `active` (the operating company, whose director initiates and whose company survives
    unless changed later) merging with or acquiring `other`, or refinancing alone (`other` None).

    InputError, naming the company and the rule, when the position lacks what a merger needs: a company not in
    play, no share price (6.4.2), no holdings (2.0) or no director to initiate (7.5.1, 8.0)."""
    ids = [active] if other is None else [active, other]
    problems: list[Problem] = []
    for company in ids:
        state = position.companies.get(company)
        if state is None:
            problems.append(Problem(f"company {company}", "5.1", "is not in this position"))
            continue
        if position.price_of(company) is None:
            problems.append(Problem(f"company {company}", "6.4.2", "has no share price in the position's market"))
        if state.money is None or not state.money.holdings:
            problems.append(Problem(f"company {company}", "2.0", "the position gives no holdings of its shares"))
    money = position.companies[active].money if active in position.companies else None
    director = money.director if money is not None else None
    if not problems and director is None:
        problems.append(Problem(f"company {active}", "7.5.1", "has no director to initiate the merger"))
    if not position.players:
        problems.append(Problem("players", "5.2.4", "the position lists no players"))
    if problems:
        raise InputError(problems)
    return {
        "game": position.title,
        "name": f"From the position: {' and '.join(ids)}",
        "kind": "refinance" if other is None else kind,
        "initiator": director,
        "survivor": active,
        "active": active,
        "players": [{"name": p.name, "cash": p.cash} for p in position.players],
        "companies": [_company(position, c) for c in ids],
        "returns": "in_turn",
        "max_markers": position.variant.max_markers,
    }


def _company(position: Position, company: str) -> dict[str, Any]:
    state = position.companies[company]
    money = state.money
    assert money is not None
    markers = position.markers_of(company) + (["London"] if company in position.london else [])
    entry: dict[str, Any] = {
        "id": company,
        "price": position.price_of(company),
        "chartered": money.chartered,
        "cash": money.cash,
        "trains": [t.name for t in state.trains],
        "permits": [t.value for t in TrainType if t in state.permits],
        "markers": markers,
        # The markers it may still place: the limit on the map (7 or 8 with 11.4, 7.5.6) less those placed.
        "unused_markers": max(0, position.variant.max_markers - len(markers)),
        "holdings": dict(money.holdings),
        "home": state.home,
        "operated": money.operated,
    }
    if money.par is not None:
        entry["par"] = money.par
    if money.director is not None:
        entry["director"] = money.director
    return entry
