"""New board (titles.g1862.new_board): the printed map at any phase and variant, each company on its home with the
train it would most likely hold, and every bad choice refused naming the company or field and the rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import InputError
from solver.titles.g1862.gamedata import PHASES, load_game
from solver.titles.g1862.loading import parse_position
from solver.titles.g1862.new_board import new_board
from solver.titles.g1862.position import position_to_dict
from solver.titles.g1862.trains import TrainType
from solver.titles.g1862.validation import validate_position

GAME = load_game()
F, L, E = TrainType.FREIGHT, TrainType.LOCAL, TrainType.EXPRESS


def rules(exc: pytest.ExceptionInfo[InputError]) -> set[str]:
    return {p.rule for p in exc.value.problems}


def test_the_printed_map_has_no_tiles_and_each_company_its_home_marker_2_1_7_2() -> None:
    board = new_board("B", permits={"ECR": [E], "ESR": [F], "N&E": [L]})
    assert board.tiles == {}
    assert board.stations == {"D13": ("ECR",), "F11": ("ESR",), "B13": ("N&E",)}
    assert {c: s.home for c, s in board.companies.items()} == {"ECR": "D13", "ESR": "F11", "N&E": "B13"}


def test_each_company_gets_a_card_of_the_phase_band_as_its_permit_type_9_0() -> None:
    board = new_board("B", permits={"ECR": [E], "ESR": [F], "N&E": [L]})
    assert {c: [t.name for t in s.trains] for c, s in board.companies.items()} == {
        "ECR": ["2/3E"],
        "ESR": ["2F"],
        "N&E": ["2/3L"],
    }


def test_several_permits_take_the_first_of_express_freight_local_8_0() -> None:
    board = new_board("D", permits={"ECR": [L, F], "ESR": [L, E, F]})
    assert [t.name for t in board.companies["ECR"].trains] == ["5F"]
    assert [t.name for t in board.companies["ESR"].trains] == ["4E"]


def test_when_the_band_is_sold_out_an_earlier_unrusted_band_is_used_2_4_3_7_10() -> None:
    # Band G has one card; F two; E three. Band D rusts in G, so it is never given in phase G.
    companies = ["ECR", "ESR", "EUR", "FDR", "N&E", "NGC", "SVR"]
    board = new_board("G", permits={c: [F] for c in companies})
    got = [board.companies[c].trains[0].band if board.companies[c].trains else None for c in companies]
    assert got == ["G", "F", "F", "E", "E", "E", None]


def test_a_short_game_uses_its_own_freight_permanence_11_2() -> None:
    board = new_board("D", "short", permits={"ECR": [F]})
    assert board.companies["ECR"].trains[0].permanent  # D's F5 is permanent in the short game


def test_a_variant_without_a_permit_type_is_refused_11_1() -> None:
    with pytest.raises(InputError) as exc:
        new_board("B", train_types=[F, L], permits={"ECR": [E]})
    assert rules(exc) == {"11.1"} and "company ECR" in str(exc.value)


def test_bad_choices_name_the_field_or_company_and_the_rule() -> None:
    with pytest.raises(InputError) as exc:
        new_board("Z", train_types=[], permits={"XYZ": [F], "ECR": []})
    assert rules(exc) == {"9.0", "11.1", "2.1", "6.5.4.3"}


@settings(max_examples=25, deadline=None)
@given(
    phase=st.sampled_from(PHASES),
    length=st.sampled_from(["short", "standard", "long"]),
    chosen=st.dictionaries(
        st.sampled_from(sorted(GAME.companies)), st.sets(st.sampled_from(list(TrainType)), min_size=1), max_size=20
    ),
)
def test_every_new_board_is_a_legal_position_that_loads_again(
    phase: str, length: str, chosen: dict[str, set[TrainType]]
) -> None:
    board = new_board(phase, length, permits=chosen)  # type: ignore[arg-type]
    assert validate_position(board, check_supply=True) == []
    assert position_to_dict(parse_position(position_to_dict(board))) == position_to_dict(board)
    assert all(board.stations[GAME.companies[c].home] == (c,) for c in chosen)
