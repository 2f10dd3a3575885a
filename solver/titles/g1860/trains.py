"""1860's trains as route rules see them: a train N+M calls at N large stations and M small stations or halts
in addition (Running Trains, RB L534), read from data/1860/trains.json (Phases, RB L274-L283)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from solver.core.board_data import DATA_ROOT


@dataclass(frozen=True)
class TrainSize:
    """A train's two numbers: `n` large stations, `m` small stations or halts in addition."""

    name: str
    n: int
    m: int


@cache
def _trains_file() -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads((DATA_ROOT / "1860" / "trains.json").read_text(encoding="utf-8"))
    return data


@cache
def train_rows() -> tuple[Mapping[str, Any], ...]:
    """The rows of data/1860/trains.json: each train's id, numbers, count, price, phase and the train that rusts
    it."""
    return tuple(MappingProxyType(dict(t)) for t in _trains_file()["trains"])


@cache
def phase_rows() -> Mapping[str, Mapping[str, Any]]:
    """The phases of data/1860/trains.json by id: the tile colours available, the train limit, the events."""
    return MappingProxyType({p["id"]: MappingProxyType(dict(p)) for p in _trains_file()["phases"]})


@cache
def train_sizes() -> Mapping[str, TrainSize]:
    """Every 1860 train by its name (`2+1` ... `9+5`)."""
    return MappingProxyType({t["id"]: TrainSize(t["id"], t["n"], t["m"]) for t in train_rows()})
