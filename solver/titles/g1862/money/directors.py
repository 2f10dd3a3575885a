"""Directorships (5.2.5, 6.3, 8.0): who holds the director's certificate after a sale or a merge.

The director's certificate is three shares in one certificate. A director needs at least three shares; another
player takes the certificate by holding more shares than the director, giving three ordinary certificates in
exchange. After a merge the player with most shares is director, ties going first to the initiating director,
then clockwise from him (5.2.5). A company nobody holds three shares of is in receivership (8.0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from solver.errors import InputError, Problem

DIRECTOR_SHARES = 3


def clockwise_from(seats: Sequence[str], start: str) -> list[str]:
    """The players in clockwise order beginning with `start` (seats are listed clockwise)."""
    i = seats.index(start)
    return [*seats[i:], *seats[:i]]


def director_after_merge(shares: Mapping[str, int], seats: Sequence[str], initiator: str) -> str | None:
    """The director after a merge (5.2.5): most shares, ties to the initiating director then clockwise from
    him; None (receivership, 8.0) if no player holds three shares."""
    best: str | None = None
    for player in clockwise_from(seats, initiator):
        n = shares.get(player, 0)
        if n >= DIRECTOR_SHARES and (best is None or n > shares.get(best, 0)):
            best = player
    return best


@dataclass(frozen=True)
class DirectorChange:
    """The directorship after a player's sale (6.3): whether the sale is allowed, the director afterwards
    (None: certificate in the Bank Pool, receivership) and a sentence for the table."""

    allowed: bool
    director: str | None
    shares_after: Mapping[str, int]
    pool_after: int
    explanation: str


def director_after_sale(
    shares: Mapping[str, int], seats: Sequence[str], director: str, seller: str, sold: int, pool: int = 0
) -> DirectorChange:
    """Who is director after `seller` sells `sold` shares to the Bank Pool (6.3).

    `shares` maps players to shares held (the director's certificate counting three), `pool` is the number of
    ordinary certificates already in the Bank Pool. Another player with more shares than the director's
    remainder (and at least three) takes the certificate, ties going to the closest to the director's left.
    Otherwise a director selling below three shares puts the certificate in the pool, taking back ordinary
    certificates from the pool to keep one or two shares; the sale is not allowed if the pool has too few
    (6.3, second example). No player with three shares then: receivership (8.0).
    """
    problems: list[Problem] = []
    for name in {director, seller} | set(shares):
        if name not in seats:
            problems.append(Problem(f"player {name}", "6.3", "not one of the players"))
    if problems:
        raise InputError(problems)
    if shares.get(seller, 0) < sold:
        raise InputError(
            [Problem(f"player {seller}", "6.4", f"holds {shares.get(seller, 0)} shares, cannot sell {sold}")]
        )
    if shares.get(director, 0) < DIRECTOR_SHARES:
        raise InputError([Problem(f"player {director}", "6.3", "a director holds at least three shares")])
    after = dict(shares)
    after[seller] = after.get(seller, 0) - sold
    if seller != director:
        return DirectorChange(True, director, after, pool + sold, f"{director} stays director (6.3)")
    remainder = after[director]
    contenders = [
        p
        for p in clockwise_from(seats, director)[1:]
        if after.get(p, 0) >= DIRECTOR_SHARES and after.get(p, 0) > remainder
    ]
    if contenders:
        top = max(after[p] for p in contenders)
        new = next(p for p in contenders if after[p] == top)
        text = (
            f"{new} holds {top} shares, more than {director}'s {remainder}: {new} becomes director, giving "
            f"three ordinary certificates to {director} for the director's certificate (6.3)"
        )
        return DirectorChange(True, new, after, pool + sold, text)
    if remainder >= DIRECTOR_SHARES:
        return DirectorChange(
            True, director, after, pool + sold, f"{director} keeps {remainder} shares and stays director (6.3)"
        )
    needed = max(0, DIRECTOR_SHARES - sold)
    if needed > pool:
        text = (
            f"{director} cannot sell exactly {sold}: to keep {remainder} share(s) the director's certificate must be "
            f"part-exchanged for {needed} ordinary certificate(s) from the Bank Pool, which holds {pool} (6.3)"
        )
        return DirectorChange(False, director, dict(shares), pool, text)
    text = "the director's certificate goes to the Bank Pool; no player holds three shares: receivership (6.3, 8.0)"
    if needed:
        text = f"{director} part-exchanges the director's certificate for {needed} pool certificate(s); " + text
    return DirectorChange(True, None, after, pool + sold, text)
