"""1860's insolvency preview (Insolvency, RB L618-L640) in each of its cases, the players' assets at the end (The
End of the Game, RB L332-L338), and the money of a position kept by the core position's round trip."""

from __future__ import annotations

from solver.core.board_position import parse_position, position_to_data
from solver.titles.g1860.enumerator import best_run
from solver.titles.g1860.money import rulebook
from solver.titles.g1860.money.insolvency import insolvency_preview, smallest_train
from solver.titles.g1860.money.position import with_company
from solver.titles.g1860.money.value import player_values

from .money_positions import example


def test_rb_l620_a_company_that_can_afford_the_train_must_buy_it() -> None:
    data = position_to_data(example("insolvent"))
    data["companies"]["C&N"]["cash"] = 300
    out = insolvency_preview(parse_position(data), "C&N")
    assert (out.insolvent, out.reason, out.revenue) == (False, "can afford a train", 0)
    assert out.steps[-1].rule == rulebook.MUST_BUY


def test_rb_l622_a_company_with_a_train_is_not_insolvent() -> None:
    out = insolvency_preview(example("insolvent"), "S&C")
    assert (out.insolvent, out.reason) == (False, "owns a train")


def test_rb_l638_a_company_without_a_valid_route_cannot_be_insolvent() -> None:
    data = position_to_data(example("insolvent"))
    data["companies"]["IOW"] = {"trains": [], "cash": 0}
    out = insolvency_preview(parse_position(data), "IOW")
    assert (out.insolvent, out.reason) == (False, "no valid route")
    assert out.steps[-1].rule == rulebook.NO_ROUTE


def test_rb_l628_the_leased_train_is_the_phases_and_its_run_is_the_evaluators_best_leased_run() -> None:
    position = example("insolvent")
    assert smallest_train(position.phase) == "3+2"
    out = insolvency_preview(position, "C&N")
    exact = best_run(with_company(position, "C&N", ("3+2",), insolvent=True), "C&N")
    assert out.revenue == exact.evaluation.revenue and out.run == exact.run


def test_rb_l332_l338_assets_count_money_shares_at_price_and_half_without_a_train() -> None:
    out = player_values(example("insolvent"), privates={"Bob": 130})
    by_name = {v.player: v for v in out.players}
    assert by_name["Ann"].shares == {"C&N": 4 * 39} and by_name["Ann"].total == 310 + 156
    assert by_name["Bob"].shares == {"C&N": 2 * 39, "S&C": 5 * 54}
    assert by_name["Bob"].total == 420 + 78 + 270 + 130
    assert [v.player for v in out.players] == ["Bob", "Ann"]
    assert out.bank_left == 10_000 - 730


def test_the_money_of_a_position_survives_the_round_trip() -> None:
    position = example("nationalisation")
    again = parse_position(position_to_data(position))
    assert again == position
    assert again.price_of("NGStL") == 86 and again.companies["S&C"].holdings["pool"] == 2
