"""The seeded set-up (4.1) and the site's hidden small-station tile variants (7.6.3, 7.6.4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.importer.engine_data import load_engine_data
from solver.titles.g1862.importer.setup import seeded_setup
from solver.titles.g1862.importer.tile_variants import physical_tile, split_instance
from solver.titles.g1862.trains import TrainType

ENGINE = load_engine_data()
GAME = load_game()


def test_game_46925_setup_matches_the_companies_and_trains_it_used() -> None:
    setup = seeded_setup(46925, 3, ENGINE)
    assert sorted(setup.removed) == ["E&H", "ESR", "I&B", "N&S"]
    # the companies ran trains of their permit's type in the recorded game
    assert setup.permits["ENR"] is TrainType.FREIGHT
    assert setup.permits["EUR"] is TrainType.EXPRESS
    assert setup.permits["W&F"] is TrainType.LOCAL
    assert setup.available_from["WStI"] == "B" and setup.available_from["SVR"] == "C"


@given(seed=st.integers(min_value=1, max_value=10**9), players=st.integers(min_value=2, max_value=8))
def test_setup_removes_4_3_or_2_companies_and_deals_one_permit_each(seed: int, players: int) -> None:
    setup = seeded_setup(seed, players, ENGINE)
    assert len(setup.removed) == {7: 3, 8: 2}.get(players, 4)
    assert set(setup.permits) | set(setup.removed) == set(ENGINE.corporation_order)
    assert sorted(setup.available_from.values()).count("C") == 4


def test_a_variant_becomes_its_base_tile_with_the_station_rotated() -> None:
    # 16_1a: tile 16 with a station on its track joining local edges 0 and 2
    laid = physical_tile("16_1a", 1, GAME, ENGINE)
    assert laid.tile == "16"
    assert laid.small_stations == ((1, 3),)


def test_a_yellow_village_tile_keeps_its_printed_station() -> None:
    laid = physical_tile("8851", 3, GAME, ENGINE)
    assert laid.tile == "8851" and len(laid.small_stations) == 1


def test_a_plain_green_village_tile_without_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="without its small-station variant"):
        physical_tile("16", 0, GAME, ENGINE)


@pytest.mark.parametrize("bad", ["57", "-1", "57-x"])
def test_tile_ids_need_a_copy_number(bad: str) -> None:
    with pytest.raises(ValueError, match=r"not an 18xx\.games tile id"):
        split_instance(bad)


def test_every_variant_station_track_is_a_track_of_its_base_tile() -> None:
    for name, variant in ENGINE.tile_variants.items():
        tracks = {tuple(sorted(t)) for t in GAME.tiles[variant.base].tracks}
        assert all(tuple(sorted(t)) in tracks for t in variant.small_station_tracks), name
