"""1860's trains as route rules see them: a train N+M calls at N large stations and M small stations or halts
in addition (Running Trains, RB L534), read from data/1860/trains.json (Phases, RB L274-L283)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from solver.core.board_data import DATA_ROOT


@dataclass(frozen=True)
class TrainSize:
    """A train's two numbers: `n` large stations, `m` small stations or halts in addition."""

    name: str
    n: int
    m: int


@cache
def train_sizes() -> Mapping[str, TrainSize]:
    """Every 1860 train by its name (`2+1` ... `9+5`)."""
    data = json.loads((DATA_ROOT / "1860" / "trains.json").read_text(encoding="utf-8"))
    return MappingProxyType({t["id"]: TrainSize(t["id"], t["n"], t["m"]) for t in data["trains"]})
