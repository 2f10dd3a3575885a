"""Players in seat order: "to the left" and "clockwise" in the rulebook are the order of the position's players
(§9, §9.1, §12.4)."""

from __future__ import annotations

from collections.abc import Sequence


def clockwise_from(seats: Sequence[str], start: str, *, include_start: bool = True) -> list[str]:
    """The players in seat order starting with `start` (or with the next player), all of them once."""
    if start not in seats:
        return list(seats)
    i = seats.index(start)
    order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    return order if include_start else order[1:]


def nearest_clockwise(seats: Sequence[str], start: str, among: Sequence[str]) -> str:
    """The first of `among` met going clockwise from the player after `start` (`start` itself last)."""
    for player in [*clockwise_from(seats, start, include_start=False), start]:
        if player in among:
            return player
    return sorted(among)[0]
