"""Train cards as a company runs them: Freight ``3F``, Local ``4/5L`` and Express ``2/3E`` (2.2, 7.8.1-7.8.3).

A band's card is used as one of three types. Freight-N travels N hexes after its start hex; Local and
Express N/M visit at most M large stations (Express: and off-board areas) and score N of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from solver.jsonfile import FROM_JSON
from solver.titles.g1862.gamedata import Band, GameData


class TrainType(StrEnum):
    FREIGHT = "freight"
    LOCAL = "local"
    EXPRESS = "express"

    @property
    def letter(self) -> str:
        return self.value[0].upper()


#: A train type in a file model: read from its value ("freight"), nothing else accepted (solver.jsonfile).
TrainTypeField = Annotated[TrainType, FROM_JSON]

_LETTERS = {t.letter: t for t in TrainType}
_TRAIN = re.compile(r"^\s*(?:(\d+)(?:/(\d+))?\s*([FLEfle])|([FLEfle])\s*(\d+)(?:/(\d+))?)\s*$")


@dataclass(frozen=True, order=True)
class Train:
    """One train: its type, band, how far it may go and how much it scores.

    For Freight, `scored` = `visits` = hexes it may travel after its start (7.8.1). For Local and Express,
    `visits` is M, the most large stations (Express: plus off-board areas) on its route, and `scored` is N,
    how many of them it scores (7.8.2, 7.8.3).
    """

    type: TrainType
    band: str
    scored: int
    visits: int
    permanent: bool

    @property
    def name(self) -> str:
        """The train's name as players write it: ``3F``, ``4/5L``, ``2/3E``."""
        if self.type is TrainType.FREIGHT or self.scored == self.visits:
            return f"{self.scored}{self.type.letter}"
        return f"{self.scored}/{self.visits}{self.type.letter}"

    @property
    def is_freight(self) -> bool:
        return self.type is TrainType.FREIGHT

    def __str__(self) -> str:
        return self.name


def band_train_name(band: Band, kind: TrainType) -> str:
    """The name of a band's card used as a train of `kind` (2.2): ``3F``, ``4/5L``, ``2E``."""
    if kind is TrainType.FREIGHT:
        return f"{band.freight}F"
    n, m = band.local if kind is TrainType.LOCAL else band.express
    return f"{n}{kind.letter}" if n == m else f"{n}/{m}{kind.letter}"


def train_names(game: GameData) -> list[str]:
    """Every train name that exists in the game, for messages."""
    return [band_train_name(band, kind) for band in game.bands.values() for kind in TrainType]


def parse_train(text: str, game: GameData, short_game: bool = False) -> Train:
    """Read a train name such as ``3F``, ``4/5L``, ``E2/3``; ValueError naming the known trains if unknown.

    Freight F6-F9 are permanent (7.8.1); in the short game D's F5 is permanent too (11.2).
    """
    match = _TRAIN.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a train name; trains are {', '.join(train_names(game))}")
    if match.group(3):
        first, second, letter = match.group(1), match.group(2), match.group(3)
    else:
        letter, first, second = match.group(4), match.group(5), match.group(6)
    kind = _LETTERS[letter.upper()]
    n = int(first)
    m = int(second) if second else n
    for band in game.bands.values():
        if kind is TrainType.FREIGHT and second is None and band.freight == n:
            permanent = band.freight_permanent or (short_game and band.band in game.short_game.permanent_freight_bands)
            return Train(kind, band.band, n, n, permanent)
        if kind is TrainType.LOCAL and band.local == (n, m):
            return Train(kind, band.band, n, m, False)
        if kind is TrainType.EXPRESS and band.express == (n, m):
            return Train(kind, band.band, n, m, False)
    raise ValueError(f"there is no {text.strip()!r} train in the game; trains are {', '.join(train_names(game))}")
