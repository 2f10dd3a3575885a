"""The kinds of 18BF company a money preview knows, and their figures from data/18bf/companies.json: shares and
the Director's Certificate (§7.3, §7.4), station markers (§7.4, §10.5)."""

from __future__ import annotations

from typing import Literal

from solver.core.board_data import load_board
from solver.errors import InputError, Problem
from solver.titles.g18bf.money import rulebook

Kind = Literal["minor", "public", "system"]
KINDS: tuple[Kind, ...] = ("minor", "public", "system")
#: Holders of shares that are not players: the company's treasury (the position's `ipo`) and the Bank Pool.
TREASURY, POOL = "ipo", "pool"
#: Shares of a public and a System, and the shares of each one's Director's Certificate (§7.3, §7.4).
SHARES: dict[Kind, int] = {"minor": 1, "public": 10, "system": 20}
DIRECTOR_SHARES: dict[Kind, int] = {"minor": 1, "public": 2, "system": 4}


def kind_of(company: str, where: str = "company") -> str:
    """The kind of an 18BF company (minor, public, system, private, ferry, underground); InputError naming it when
    the title has no such company."""
    info = load_board("18bf").companies.get(company)
    if info is None:
        raise InputError([Problem(f"{where} {company}", rulebook.MARKET, f"{company!r} is not a company of 18BF")])
    return info.kind


def check_kind(company: str, wanted: tuple[Kind, ...], rule: str, where: str = "company") -> Kind:
    """The kind of `company` when it is one of `wanted`; InputError naming the company and `rule` otherwise."""
    kind = kind_of(company, where)
    for k in wanted:
        if kind == k:
            return k
    raise InputError(
        [Problem(f"{where} {company}", rule, f"{company} is a {kind} company; this needs a {' or '.join(wanted)}")]
    )


def markers_of(company: str) -> int:
    """The station markers a company has (§7.4, §10.5)."""
    return int(load_board("18bf").companies[company].rules.get("markers", 0))


def as_kind(kind: str) -> Kind | None:
    """`kind` as a minor, public or System kind; None for the private companies."""
    return next((k for k in KINDS if k == kind), None)
