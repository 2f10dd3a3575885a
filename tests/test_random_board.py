"""Random legal boards: every position passes validation (7.6.1-7.6.5, 7.7, 9.0), and the stress positions
are the dense late-game boards the route benchmark needs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.titles.g1862.random_board import random_position, stress_positions
from solver.titles.g1862.track import build_graph
from solver.titles.g1862.validation import validate_position


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    density=st.floats(min_value=0.0, max_value=1.0),
    phase=st.sampled_from(list("ABCDEFGH")),
)
def test_random_positions_are_valid(seed: int, density: float, phase: str) -> None:
    position = random_position(seed, density, phase=phase)
    assert validate_position(position) == []
    assert position.phase == phase
    company = next(iter(position.companies.values()))
    assert company.home in position.stations and company.id in position.stations[company.home]
    assert all(len(set(o)) == len(o) for o in position.stations.values())  # one marker per company per hex


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), phase=st.sampled_from(list("ABCDEFGH")))
def test_a_board_without_the_home_marker_is_valid_and_otherwise_the_same(seed: int, phase: str) -> None:
    """7.5.6: a merger's trim of markers may take a company's home marker; such a board is still a valid
    position (7.8 then leaves the company no legal run), with the same tiles and rivals' home markers."""
    with_home = random_position(seed, 0.8, phase=phase)
    without = random_position(seed, 0.8, phase=phase, home_marker=False)
    assert validate_position(without) == []
    company = next(iter(without.companies.values()))
    assert company.id not in without.stations.get(company.home, ())
    assert without.tiles == with_home.tiles and without.companies == with_home.companies
    rivals = [c for c in without.game.companies if c != company.id]
    for rival in rivals:
        home = without.game.companies[rival].home
        assert (rival in without.stations.get(home, ())) == (rival in with_home.stations.get(home, ()))


def test_same_seed_gives_the_same_board() -> None:
    assert random_position(7, 0.8) == random_position(7, 0.8)


def test_tiles_follow_the_phase_colours() -> None:
    """9.0: phase A allows only yellow tiles."""
    position = random_position(3, 1.0, phase="A")
    game = position.game
    assert position.tiles
    assert {game.tiles[t.tile].color for t in position.tiles.values()} == {"yellow"}


def test_stress_positions_are_dense_late_boards_with_every_train_type() -> None:
    positions = stress_positions()
    assert len(positions) >= 20
    for position in positions:
        assert validate_position(position) == []
        assert position.phase in "EFGH"
        game = position.game
        assert len(position.tiles) >= 0.8 * len(game.land_hexes)
        colours = [game.tiles[t.tile].color for t in position.tiles.values()]
        assert colours.count("yellow") < len(colours) / 2  # most of the map green and russet
        assert any(t.small_stations for t in position.tiles.values() if game.tiles[t.tile].color != "yellow")
        company = next(iter(position.companies.values()))
        trains = company.trains
        assert 4 <= len(trains) <= 5
        freight = [t for t in trains if t.is_freight]
        assert len(freight) >= 2  # a chain of Freight trains (7.8.1)
        assert any(not t.is_freight and t.scored < t.visits for t in trains)  # an N/M train
        assert company.home in position.tiles
        assert {t.type.value for t in trains} == {"freight", "local", "express"}
        assert build_graph(position).marker_stations(company.id)
