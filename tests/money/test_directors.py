"""Directorships (6.3, 5.2.5, 8.0)."""

from __future__ import annotations

import pytest

from solver.errors import InputError
from solver.titles.g1862.money.directors import director_after_merge, director_after_sale

SEATS = ["P1", "P2", "P3", "P4"]


def test_6_3_example_player_1_sells_three_and_player_2_becomes_director() -> None:
    change = director_after_sale({"P1": 5, "P2": 3}, SEATS, director="P1", seller="P1", sold=3)
    assert change.allowed and change.director == "P2"
    assert change.shares_after["P1"] == 2 and change.pool_after == 3


def test_6_3_example_director_with_four_cannot_sell_two_with_an_empty_pool() -> None:
    change = director_after_sale({"P1": 4, "P2": 1}, SEATS, director="P1", seller="P1", sold=2, pool=0)
    assert not change.allowed and change.director == "P1"
    assert "Bank Pool, which holds 0" in change.explanation


def test_6_3_director_certificate_to_the_pool_with_a_part_exchange_is_receivership() -> None:
    change = director_after_sale({"P1": 4, "P2": 1}, SEATS, director="P1", seller="P1", sold=2, pool=1)
    assert change.allowed and change.director is None


def test_6_3_ties_go_to_the_player_closest_to_the_directors_left() -> None:
    change = director_after_sale({"P2": 4, "P3": 3, "P1": 3}, SEATS, director="P2", seller="P2", sold=2)
    assert change.director == "P3"


def test_6_3_director_keeping_three_stays_and_non_director_sales_change_nothing() -> None:
    assert director_after_sale({"P1": 6, "P2": 4}, SEATS, "P1", "P1", 2).director == "P1"
    assert director_after_sale({"P1": 3, "P2": 2}, SEATS, "P1", "P2", 2).director == "P1"


def test_5_2_5_most_shares_then_initiator_then_clockwise() -> None:
    assert director_after_merge({"P1": 3, "P2": 4}, SEATS, "P1") == "P2"
    assert director_after_merge({"P1": 3, "P3": 3, "P4": 3}, SEATS, "P3") == "P3"
    assert director_after_merge({"P1": 3, "P4": 3}, SEATS, "P2") == "P4"
    assert director_after_merge({"P1": 2, "P2": 2}, SEATS, "P1") is None


def test_bad_sales_are_rejected() -> None:
    with pytest.raises(InputError, match="cannot sell 4"):
        director_after_sale({"P1": 3}, SEATS, "P1", "P1", 4)
    with pytest.raises(InputError, match="not one of the players"):
        director_after_sale({"Zed": 3}, SEATS, "Zed", "Zed", 1)
