"""Train names as players write them (2.2, 7.8.1-7.8.3) and which Freight trains are permanent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.titles.g1862.gamedata import GameData, load_game
from solver.titles.g1862.trains import TrainType, parse_train, train_names


@pytest.mark.parametrize(
    ("text", "kind", "band", "scored", "visits", "permanent"),
    [
        ("3F", TrainType.FREIGHT, "C", 3, 3, False),
        ("F3", TrainType.FREIGHT, "C", 3, 3, False),
        ("5F", TrainType.FREIGHT, "D", 5, 5, False),
        ("6F", TrainType.FREIGHT, "E", 6, 6, True),
        ("9f", TrainType.FREIGHT, "H", 9, 9, True),
        ("4/5L", TrainType.LOCAL, "E", 4, 5, False),
        ("L4/5", TrainType.LOCAL, "E", 4, 5, False),
        ("2/3E", TrainType.EXPRESS, "B", 2, 3, False),
        (" 2E ", TrainType.EXPRESS, "A", 2, 2, False),
        ("3L", TrainType.LOCAL, "C", 3, 3, False),
        ("5/6E", TrainType.EXPRESS, "G", 5, 6, False),
    ],
)
def test_parse_train(
    game: GameData, text: str, kind: TrainType, band: str, scored: int, visits: int, permanent: bool
) -> None:
    train = parse_train(text, game)
    assert (train.type, train.band, train.scored, train.visits, train.permanent) == (
        kind,
        band,
        scored,
        visits,
        permanent,
    )


def test_freight_f6_to_f9_are_permanent(game: GameData) -> None:
    """7.8.1: permanent Freight trains (F6 to F9)."""
    assert [parse_train(f"{n}F", game).permanent for n in (1, 2, 3, 5, 6, 7, 8, 9)] == [False] * 4 + [True] * 4


def test_short_game_makes_d_freight_permanent(game: GameData) -> None:
    """11.2: in the shorter game D trains are permanent."""
    assert not parse_train("5F", game).permanent
    assert parse_train("5F", game, short_game=True).permanent
    assert not parse_train("3F", game, short_game=True).permanent


@pytest.mark.parametrize("text", ["4F", "3/4L", "2/2/3E", "10F", "3X", "", "E", "3/5E"])
def test_unknown_trains_are_refused_naming_the_known_ones(game: GameData, text: str) -> None:
    with pytest.raises(ValueError, match="trains are 1F, 2L, 2E"):
        parse_train(text, game)


def test_there_are_24_train_names(game: GameData) -> None:
    assert len(train_names(game)) == 24
    assert len(set(train_names(game))) == 24


@given(st.sampled_from(train_names(load_game())))
def test_a_train_name_reads_back_as_itself(name: str) -> None:
    game = load_game()
    train = parse_train(name, game)
    assert train.name == name == str(train)
    assert train.is_freight == name.endswith("F")
