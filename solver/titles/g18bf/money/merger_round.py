"""What every Merger Round action reads from the position (§12, §12.1): the phase allows it, the companies are of
the right kind and in play, the unstarted publics and the Systems still in the box, and the table for the share
offering."""

from __future__ import annotations

from collections.abc import Sequence

from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem
from solver.titles.g18bf.money.kinds import Kind, as_kind, markers_of
from solver.titles.g18bf.money.offering import Table
from solver.titles.g18bf.money.position import (
    CompanyMoney,
    cash_of,
    certificate_limit,
    certificates,
    check_money,
    company_money,
    seats,
)


def unstarted(position: BoardPosition, kind: Kind) -> list[str]:
    """The title's companies of `kind` not in play in the position (no price marker and no shares held)."""
    out = []
    for company, info in position.board.companies.items():
        if as_kind(info.kind) != kind:
            continue
        state = position.companies.get(company)
        if state is None or (position.price_of(company) is None and not state.holdings):
            out.append(company)
    return out


def pick_new(position: BoardPosition, kind: Kind, wanted: str | None, rule: str, markers: Sequence[int] = ()) -> str:
    """The company to form: `wanted` when it is an unstarted company of `kind` (with one of `markers` counts
    when given), else the first such; InputError naming it otherwise."""
    free = [c for c in unstarted(position, kind) if not markers or markers_of(c) in markers]
    if wanted is not None:
        if wanted not in free:
            raise InputError(
                [
                    Problem(
                        f"company {wanted}",
                        rule,
                        f"{wanted} is not an unstarted {kind} to form ({', '.join(free) or 'none'})",
                    )
                ]
            )
        return wanted
    if not free:
        raise InputError([Problem("company", rule, f"no {kind} is left to form")])
    return free[0]


def members(position: BoardPosition, companies: Sequence[str], kind: Kind, rule: str) -> list[CompanyMoney]:
    """Each company's money, every one of them a `kind` in play with a price; InputError naming each that is not."""
    check_money(position)
    problems: list[Problem] = []
    out: list[CompanyMoney] = []
    if len(set(companies)) != len(companies):
        problems.append(Problem("companies", rule, f"a company is named twice ({', '.join(companies)})"))
    for company in companies:
        try:
            money = company_money(position, company)
        except InputError as exc:
            problems += exc.problems
            continue
        if money.kind != kind:
            problems.append(Problem(f"company {company}", rule, f"{company} is a {money.kind}; this needs a {kind}"))
        elif money.price is None:
            problems.append(Problem(f"company {company}", rule, f"{company} has no price marker: it is not in play"))
        elif money.director is None:
            problems.append(Problem(f"company {company}", rule, f"{company} has no director (owner) in the position"))
        else:
            out.append(money)
    if problems:
        raise InputError(problems)
    return out


def table(position: BoardPosition) -> Table:
    names = seats(position)
    if not names:
        raise InputError([Problem("players", "§12.4", "the position has no players: the Merger Round needs them")])
    return Table(
        tuple(names), cash_of(position), {p: certificates(position, p) for p in names}, certificate_limit(position)
    )
