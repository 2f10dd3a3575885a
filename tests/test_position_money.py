"""The money part of a position (format version 2): players, the stock market and each company's par,
treasury, holdings and director. Old (version 1) files still load; version 2 round-trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862.loading import load_position, parse_position
from solver.titles.g1862.money.market import get_market, operating_order
from solver.titles.g1862.position import position_to_dict

ROOT = Path(__file__).resolve().parents[1]
LATE = ROOT / "examples" / "position-late-game.json"


def test_version_1_files_still_load_without_money() -> None:
    position = load_position(ROOT / "examples" / "position-early-game.json")
    assert not position.has_money
    assert position.price_of("ENR") is None
    assert all(c.money is None for c in position.companies.values())


def test_late_game_example_carries_prices_holdings_and_treasuries() -> None:
    position = load_position(LATE)
    assert position.has_money
    assert [p.name for p in position.players] == ["Alice", "Bob", "Carol", "Dan"]
    assert position.price_of("ECR") == 182
    ecr = position.companies["ECR"].money
    assert ecr is not None and ecr.director == "Alice" and sum(ecr.holdings.values()) == 10
    # the operating order follows the prices, highest first (7.1)
    order = operating_order(position.market, get_market())
    assert order[0] == "ECR" and order[-1] == "WVR"


def test_version_2_round_trips() -> None:
    position = load_position(LATE)
    data = position_to_dict(position)
    assert data["version"] == 2
    assert parse_position(json.loads(json.dumps(data))) == position


def test_written_files_are_version_2_even_without_money() -> None:
    position = load_position(ROOT / "examples" / "position-early-game.json")
    data = position_to_dict(position)
    assert data["version"] == 2 and "players" not in data and "market" not in data
    assert parse_position(data) == position


def test_stack_order_is_kept() -> None:
    data = json.loads(LATE.read_text(encoding="utf-8"))
    data["market"] = {"182": ["ECR", "ESR"], "110": ["EUR"]}
    position = parse_position(data)
    assert position.market[182] == ("ECR", "ESR")
    assert operating_order(position.market, get_market())[:2] == ["ECR", "ESR"]


@given(st.lists(st.integers(min_value=0, max_value=10), min_size=4, max_size=4))
def test_holdings_must_total_ten(split: list[int]) -> None:
    data = json.loads(LATE.read_text(encoding="utf-8"))
    holders = ["Alice", "Bob", "ipo", "pool"]
    data["companies"][0]["holdings"] = dict(zip(holders, split, strict=True))
    data["companies"][0].pop("director")
    if sum(split) == 10:
        assert parse_position(data).companies["ECR"].money is not None
    else:
        with pytest.raises(InputError) as caught:
            parse_position(data)
        assert [p.rule for p in caught.value.problems] == ["2.0"]
