"""The rule modes and game state of an 1860 position that change how trains run, read from the position's
`rules` object and each company's `rules` (docs/routes-1860.md, "Rule modes").

Rule modes: `mode` is `"rulebook"` (every small station on a route is called, Running Trains, RB L528; no hex
re-entered, RB L527) or `"site"` (the 18xx.games options: small stations may be skipped, the best ones counted;
`reenter_hexes` lets a route re-enter a hex, the site's option `re_enter_hexes`). Game state: `halts_ignored`
(the Southern Railway has formed and its next stock round begun, RB L660), `nationalisation` (British Rail, RB
L673), `insolvency` (`"leasing"`, RB L628, or the variant `"original"`, RB L727) and `flipped` (bankrupt
companies whose bases are turned over, RB L691). Options of the board rules (docs/board-1860.md):
`no_train_limit` (Phases, RB L285) and `two_7_4_trains` (RB L287). A company's `insolvent` says it runs a leased
train (RB L628).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from solver.core.board_data import frozen_json
from solver.core.board_position import BoardPosition, plain
from solver.errors import InputError, Problem, format_problems
from solver.titles.g1860 import rulebook
from solver.titles.g1860.trains import train_sizes


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class PositionRules(_Strict):
    mode: Literal["rulebook", "site"] = "rulebook"
    reenter_hexes: bool = False
    halts_ignored: bool = False
    nationalisation: bool = False
    insolvency: Literal["leasing", "original"] = "leasing"
    flipped: tuple[str, ...] = ()
    #: The optional rule without a train limit (Phases, RB L285): no limit on the trains a company holds.
    no_train_limit: bool = False
    #: The option for players new to the game: two 7+4 trains instead of one (Phases, RB L287).
    two_7_4_trains: bool = False


class CompanyRules(_Strict):
    insolvent: bool = False


@dataclass(frozen=True)
class RunMode:
    """How one company's trains run in a position."""

    skip_small: bool
    reenter_hexes: bool
    halts_ignored: bool
    nationalisation: bool
    leased: bool
    original_insolvency: bool
    flipped: frozenset[str]


def _read(model: type[_Strict], data: Mapping[str, Any], what: str) -> Any:
    try:
        return model.model_validate_json(json.dumps(plain(data)))
    except ValidationError as exc:
        raise InputError(format_problems(exc, what)) from None


def position_problems(position: BoardPosition) -> list[Problem]:
    """Faults of an 1860 position's rule modes and trains: unknown fields, re-entry without the site's options,
    a flipped company that is not one, a train that is not an 1860 train, an insolvent company with more than
    its one leased train."""
    problems: list[Problem] = []
    try:
        rules = _read(PositionRules, position.rules, "rules")
    except InputError as exc:
        return exc.problems
    if rules.reenter_hexes and rules.mode != "site":
        problems.append(
            Problem(
                "rules.reenter_hexes",
                rulebook.NO_REENTRY,
                "re-entering hexes is an 18xx.games option: it needs mode 'site' (the rulebook forbids it)",
            )
        )
    for company in rules.flipped:
        if company not in position.board.companies:
            problems.append(Problem("rules.flipped", rulebook.FLIPPED_BASES, f"{company!r} is not an 1860 company"))
    sizes = train_sizes()
    for state in position.companies.values():
        for train in state.trains:
            if train not in sizes:
                problems.append(
                    Problem(
                        f"companies {state.id}.trains",
                        rulebook.OWN_TRAINS,
                        f"{train!r} is not an 1860 train ({', '.join(sizes)})",
                    )
                )
        try:
            company_rules = _read(CompanyRules, state.rules, f"companies {state.id}.rules")
        except InputError as exc:
            problems += exc.problems
            continue
        if company_rules.insolvent and len(state.trains) > 1:
            problems.append(
                Problem(
                    f"companies {state.id}",
                    rulebook.LEASING,
                    f"an insolvent company runs only the one train it leases; {len(state.trains)} are listed",
                )
            )
    return problems


def position_rules(position: BoardPosition) -> PositionRules:
    """The position's `rules` object read; InputError naming each faulty field."""
    rules: PositionRules = _read(PositionRules, position.rules, "rules")
    return rules


def company_rules(position: BoardPosition, company: str) -> CompanyRules:
    """A company's `rules` object read (the defaults when the company is not in play); InputError naming each
    faulty field."""
    state = position.companies.get(company)
    read: CompanyRules = _read(CompanyRules, state.rules if state else {}, f"companies {company}.rules")
    return read


def run_mode(position: BoardPosition, company: str) -> RunMode:
    """The mode `company` runs in; InputError with every fault of the position's rule modes."""
    problems = position_problems(position)
    if problems:
        raise InputError(problems)
    rules: PositionRules = _read(PositionRules, position.rules, "rules")
    state = position.companies.get(company)
    company_rules: CompanyRules = _read(CompanyRules, state.rules if state else {}, f"companies {company}.rules")
    return RunMode(
        skip_small=rules.mode == "site",
        reenter_hexes=rules.reenter_hexes,
        halts_ignored=rules.halts_ignored,
        nationalisation=rules.nationalisation,
        leased=company_rules.insolvent,
        original_insolvency=rules.insolvency == "original",
        flipped=frozenset(rules.flipped),
    )


def with_settings(position: BoardPosition, **rules: Any) -> BoardPosition:
    """The position with these entries of its `rules` object set (`mode="rulebook"`, `nationalisation=True`, ...),
    as the Routes page and the review judge a position in another mode. Set to the rulebook's mode it also drops
    `reenter_hexes`: re-entering a hex is the site's option only (Running Trains, RB L527)."""
    new = {**plain(position.rules), **rules}
    if new.get("mode", "rulebook") == "rulebook":
        new.pop("reenter_hexes", None)
    return replace(position, rules=frozen_json(new))
