"""7.5.2: two companies may merge only when track joins a station marker of one to a station marker of the
other (a shared station counts; London markers do not; a route cannot pass a town full of other companies'
markers, 7.4). On the late-game example, variants of it, and random legal boards (hypothesis)."""

from __future__ import annotations

import dataclasses
import itertools
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.money.connection import merge_connection
from solver.titles.g1862.position import CompanyState, Position
from solver.titles.g1862.random_board import random_position
from solver.titles.g1862.validation import validate_position


def with_stations(position: Position, changes: dict[str, tuple[str, ...]]) -> Position:
    """The position with some towns' markers replaced; it must still be a legal board."""
    stations = dict(position.stations)
    for hex_, owners in changes.items():
        if owners:
            stations[hex_] = owners
        else:
            stations.pop(hex_, None)
    changed = dataclasses.replace(position, stations=MappingProxyType(stations))
    assert not [p for p in validate_position(changed) if p.rule != "9.0"], validate_position(changed)
    return changed


def test_companies_with_markers_in_the_same_station_are_connected(late_game: Position) -> None:
    found = merge_connection(late_game, "ECR", "ESR")
    assert found.connected and found.hexes == ("F11",)
    assert "both have a station marker in F11" in found.reason


def test_a_route_may_pass_a_town_with_a_free_slot(late_game: Position) -> None:
    # N&B in Bury St Edmunds (D9) and N&E in Witham (D13): through Sudbury (D11), one of its two slots free.
    found = merge_connection(late_game, "N&B", "N&E")
    assert found.connected and found.hexes == ("D9", "D11", "D13")


def test_a_town_full_of_other_companies_markers_blocks_the_route(late_game: Position) -> None:
    # 7.2's example: a company "cannot trace past Ipswich as Ipswich is blocked by other station markers".
    # Here Colchester (E12, four slots: EUR, ECR, SVR, I&B) stands between the ESR in Ipswich and the N&E in
    # Witham, and every other way is blocked too.
    found = merge_connection(late_game, "ESR", "N&E")
    assert not found.connected and found.hexes == ()
    assert "towns full of other companies' markers" in found.reason
    freed = with_stations(late_game, {"E12": ("EUR", "ECR", "SVR")})
    assert merge_connection(freed, "ESR", "N&E").hexes == ("F11", "E12", "D13")


def test_a_blocked_town_sends_the_route_round_another_way(late_game: Position) -> None:
    full = with_stations(late_game, {"D11": ("SVR", "WNR")})
    assert merge_connection(full, "N&B", "N&E").hexes == ("D9", "D7", "D5", "C6", "B7", "B9")


def test_the_answer_is_the_same_from_either_company(late_game: Position) -> None:
    companies = list(late_game.companies)
    for a in companies:
        for b in companies:
            if a != b:
                assert merge_connection(late_game, a, b).connected == merge_connection(late_game, b, a).connected


def test_london_markers_do_not_count(late_game: Position) -> None:
    # N&E keeps only its London link: it has no station marker from which to trace (7.5.2).
    only_london = with_stations(late_game, {"B9": ("ECR", "NGC"), "B13": (), "D13": ("ECR",)})
    assert "N&E" in only_london.london
    found = merge_connection(only_london, "ECR", "N&E")
    assert not found.connected
    assert found.reason == "N&E has no station marker on the map (London markers do not count, 7.5.2)"


def test_a_company_not_in_the_position_is_refused(late_game: Position) -> None:
    with pytest.raises(InputError) as err:
        merge_connection(late_game, "ECR", "GER")
    assert err.value.problems[0].where == "company GER" and err.value.problems[0].rule == "7.5.2"
    with pytest.raises(InputError):
        merge_connection(late_game, "ECR", "ECR")


def in_play(position: Position) -> Position:
    """The position with every company that has a marker on the map in play (random boards place rivals'
    markers without listing the rivals)."""
    companies = dict(position.companies)
    for owners in position.stations.values():
        for c in owners:
            companies.setdefault(c, CompanyState(c, (), frozenset(), position.game.companies[c].home))
    return dataclasses.replace(position, companies=MappingProxyType(companies))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_on_random_boards_a_connection_is_a_chain_of_neighbouring_hexes_between_the_two(
    seed: int, data: st.DataObject
) -> None:
    position = in_play(random_position(seed))
    marked = sorted(c for c in position.companies if position.markers_of(c))
    if len(marked) < 2:
        return
    a, b = data.draw(st.permutations(marked))[:2]
    found = merge_connection(position, a, b)
    assert found.connected == merge_connection(position, b, a).connected
    if not found.connected:
        assert found.hexes == ()
        return
    assert found.hexes[0] in position.markers_of(a) and found.hexes[-1] in position.markers_of(b)
    for here, there in itertools.pairwise(found.hexes):
        assert hexgrid.distance(here, there) == 1
