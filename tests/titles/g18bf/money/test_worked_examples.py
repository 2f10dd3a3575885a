"""The reference's constructed money examples M1-M17 (../shared/reference/18bf/README.md §2.7), each with its
expected figures, against rules v0.19's sections."""

from __future__ import annotations

import pytest

from solver.core.board_position import BoardPosition
from solver.titles.g18bf.money.dividend import dividend_options, dividend_preview
from solver.titles.g18bf.money.loans import end_of_turn_preview
from solver.titles.g18bf.money.minors import conversion_preview, minor_merger_preview
from solver.titles.g18bf.money.sale import sale_preview
from solver.titles.g18bf.money.start import minor_start
from solver.titles.g18bf.money.system import system_preview
from solver.titles.g18bf.money.value import company_value, final_price, game_end_preview

from .positions import company, example, london, money_position

M1_HOLDINGS = {"P1": 5, "ipo": 2, "pool": 1, "P2": 2}


def test_m1_public_full_half_and_withhold() -> None:
    """§10.7: price 90, earnings 150; P1 5 shares, treasury 2, Pool 1, others 2."""
    out = dividend_options("public", 90, 150, holdings=M1_HOLDINGS, company="LNW")
    full, half, withhold = out["full"], out["half"], out["withhold"]
    assert (full.per_share, full.payouts["P1"], full.to_company, full.lost, full.new_price) == (15, 75, 30, 15, 100)
    assert (half.paid, half.kept, half.per_share, half.new_price) == (80, 70, 8, 90)
    assert (withhold.paid, withhold.kept, withhold.new_price) == (0, 150, 80)
    assert withhold.cash_changes["LNW"] == 150


def test_m2_system_moves_one_space_without_double_jump_below_twice_the_price() -> None:
    """§10.7: price 200, earnings 500: 25 a share, 250 >= 200 -> 220; in phase 8 250 < 400, no double jump."""
    for phase in ("6", "8"):
        out = dividend_preview("system", 200, 500, holdings={"P1": 20}, phase=phase)
        assert (out.per_share, out.new_price) == (25, 220)


def test_m3_system_double_jump_in_phase_8() -> None:
    """§10.7, §8: price 200, earnings 900: 45 a share, 450 >= 400 -> two spaces, 245 (one space, 220, before)."""
    assert dividend_preview("system", 200, 900, holdings={"P1": 20}, phase="8").new_price == 245
    assert dividend_preview("system", 200, 900, holdings={"P1": 20}, phase="7").new_price == 220


def test_m4_system_per_share_rounds_down_and_the_remainder_stays_in_the_treasury() -> None:
    """§10.7: 510 / 20 = 25.5 -> 25 a share; the 10 not paid stays with the System (docs/money-18bf.md)."""
    out = dividend_preview("system", 200, 510, holdings={"P1": 12, "P2": 8}, company="GWR")
    assert (out.per_share, out.payouts, out.kept) == (25, {"P1": 300, "P2": 200}, 10)
    assert out.cash_changes["GWR"] == 10


def test_m5_minor_half_to_owner_and_moves() -> None:
    """§10.7: price 60, earnings 70: owner 35, treasury 35, -> 65; no earnings -> 55; at 165 it stays."""
    out = dividend_preview("minor", 60, 70, owner="Ann", company="TV")
    assert (out.payouts, out.kept, out.new_price) == ({"Ann": 35}, 35, 65)
    assert dividend_preview("minor", 60, 0, owner="Ann").new_price == 55
    assert dividend_preview("minor", 165, 70, owner="Ann").new_price == 165


@pytest.mark.parametrize(("bid", "price"), [(100, 50), (135, 65), (175, 80), (230, 110), (300, 135)])
def test_m6_minor_start_price_from_the_bid(bid: int, price: int) -> None:
    """§9.2: half the bid rounded down to a start space, 50 to 135."""
    out = minor_start(bid)
    assert (out.price, out.treasury) == (price, bid)


def test_m7_director_sale_moves_one_space_and_others_none() -> None:
    """§9.1: the director sells 3 at 120: 360 and one space left to 110; a non-director's 3 move nothing."""
    holdings = {"Ann": 6, "Bob": 3, "ipo": 1}
    out = sale_preview("public", 120, "Ann", 3, holdings=holdings, director="Ann", seats=["Ann", "Bob"])
    assert (out.proceeds, out.new_price, out.director) == (360, 110, "Ann")
    other = sale_preview("public", 120, "Bob", 3, holdings=holdings, director="Ann", seats=["Ann", "Bob"])
    assert (other.proceeds, other.new_price) == (360, 120)


def test_m8_interest_redemption_and_forced_train_with_five_loans() -> None:
    """§10.2, §10.8-§10.10: 2 loans, £130, no train, cheapest 225: interest 10 -> 120; 2 repaid -> 20; 5 loans
    (5 x 45 = 225) -> 245; the train bought -> 20 left, 5 loans; no run (withheld) -> one left."""
    out = end_of_turn_preview("public", 90, 130, 2, trains=0, cheapest_train=225, withheld=True)
    assert (out.interest, out.loans_repaid, out.loans_taken, out.train_cost) == (10, 2, 5, 225)
    assert (out.cash_after, out.loans_after, out.new_price) == (20, 5, 80)


def test_m9_conversion_of_a_minor_with_its_loan_and_train() -> None:
    """§12.2, §12.4: a minor at 120 with £150, 1 loan and a 3-train converts: the public at 120, the owner's 2
    shares, £150, 1 loan, the 3-train, 8 in the treasury; the owner may buy 4 more (60 %), paying the public."""
    pos = money_position(
        "4",
        {"GA": company(120, "Ann", cash=150, loans=1, trains=("3",))},
        {"D6": [["GA"], [], []]},
        {"Ann": 1000, "Bob": 500, "Cat": 500},
    )
    out = conversion_preview(pos, "GA", public="CR")
    assert (out.price, dict(out.holdings), out.cash, out.loans, out.trains) == (
        120,
        {"Ann": 2, "ipo": 8},
        150,
        1,
        ("3",),
    )
    assert out.offers[0].player == "Ann" and out.offers[0].most == 4 and out.offers[0].limit == "60 %"
    bought = conversion_preview(pos, "GA", public="CR", buys={"Ann": 4}, singles={"Bob"})
    assert dict(bought.holdings) == {"Ann": 6, "Bob": 1, "ipo": 3}
    assert bought.cash == 150 + 5 * 120 and bought.cash_changes["Ann"] == -480


def _three_london_minors(prices: tuple[int, int, int]) -> BoardPosition:
    return money_position(
        "3",
        {"LB": company(prices[0], "A"), "LR": company(prices[1], "A"), "LY": company(prices[2], "B")},
        {"U23": london(["LB"], ["LR"], [], ["LY"])},
        {"A": 500, "B": 500, "C": 500},
    )


def test_m10_merger_price_capped_at_a_space_and_the_shares() -> None:
    """§12.3: minors at 90 (A), 110 (A), 65 (B): 175 -> 165; A 2 shares and director, B 1, 7 in the treasury."""
    out = minor_merger_preview(_three_london_minors((90, 110, 65)), ["LB", "LR", "LY"])
    assert (out.price, dict(out.holdings), out.director, out.allowed) == (165, {"A": 2, "B": 1, "ipo": 7}, "A", True)


def test_m11_merger_price_capped_at_200() -> None:
    """§12.3: 135 + 100 = 235 -> 200."""
    pos = money_position(
        "3",
        {"LB": company(135, "A"), "LR": company(100, "A")},
        {"U23": london(["LB"], ["LR"])},
        {"A": 0, "B": 0, "C": 0},
    )
    assert minor_merger_preview(pos, ["LB", "LR"]).price == 200


def test_m12_merger_price_below_100_is_not_floored() -> None:
    """§12.3: 45 + 50 = 95 -> 90 (the 18xx.games prototype floors it at 100; the rulebook does not)."""
    pos = money_position(
        "3", {"LB": company(45, "A"), "LR": company(50, "A")}, {"U23": london(["LB"], ["LR"])}, {"A": 0, "B": 0, "C": 0}
    )
    assert minor_merger_preview(pos, ["LB", "LR"]).price == 90


def test_m13_two_publics_form_an_eight_marker_system() -> None:
    """§12.6 a: A 150 and B 120; P1 A6+B3, P2 A2+B5, Pool A1, treasury A1+B2; A 4 markers, B 3: price 135; P1 9,
    P2 7, Pool 1, treasury 3; P1 directs; 7 markers topped up to 8."""
    out = system_preview(example(), ["LNW", "GNR"])
    assert (out.company, out.price) == ("GWR", 135)
    assert dict(out.holdings) == {"Ann": 9, "Bob": 7, "pool": 1, "ipo": 3}
    assert (out.director, len(out.markers), out.spare_markers) == ("Ann", 7, 1)
    assert (out.cash, out.loans) == (500, 3)


def _m14(cat_cash: int = 500) -> BoardPosition:
    return money_position(
        "6",
        {
            "LNW": company(180, "Ann", holdings={"Ann": 6, "Bob": 4}),
            "GNR": company(150, "Bob", holdings={"Bob": 6, "Cat": 4}),
            "MR": company(110, "Cat", holdings={"Ann": 1, "Bob": 2, "Cat": 4, "pool": 3}),
        },
        {"U23": london(["LNW"], ["GNR"], ["MR"])},
        {"Ann": 500, "Bob": 500, "Cat": cat_cash},
    )


def test_m14_three_publics_triples_and_trades() -> None:
    """§12.6 b: 180, 150, 110 -> 290 -> 270 -> three left -> 200. Triples: Ann 4 (+1), Bob 8, Cat 4 (+pair), Pool 2.
    From the director Bob clockwise: Cat trades the pair up for 133 -> 6; Ann's single finds no share and trades
    down for 133 -> 4. The System's cash is unchanged."""
    out = system_preview(_m14(), ["LNW", "GNR", "MR"])
    assert out.price == 200
    assert dict(out.holdings) == {"Ann": 4, "Bob": 8, "Cat": 6, "pool": 2}
    trades = {e.holder: (e.trade, e.cash) for e in out.exchanges}
    assert trades["Cat"] == ("up", 133) and trades["Ann"] == ("down", -133)
    assert (out.director, out.cash, out.cash_changes.get("Cat"), out.cash_changes.get("Ann")) == ("Bob", 0, -133, 133)
    assert out.company in ("GCR", "LMS", "LNE")


def test_m14_a_player_short_of_money_trades_down() -> None:
    """§12.6 b: Cat with 100 cannot pay 133: the pair trades down (1 share and 67), and Ann's single trades up."""
    out = system_preview(_m14(cat_cash=100), ["LNW", "GNR", "MR"])
    trades = {e.holder: (e.trade, e.cash, e.shares) for e in out.exchanges}
    assert trades["Cat"] == ("down", -67, 5) and trades["Ann"] == ("up", 67, 5)


def _m15(ann_cash: int) -> BoardPosition:
    return money_position(
        "7",
        {
            "LNW": company(200, "Ann", holdings={"Ann": 6, "Bob": 4}),
            "GNR": company(150, "Bob", holdings={"Ann": 4, "Bob": 6}),
            "MR": company(120, "Bob", holdings={"Ann": 3, "Bob": 4, "pool": 3}),
            "NER": company(90, "Cat", holdings={"Bob": 2, "Cat": 8}),
        },
        {"U23": london(["LNW"], ["GNR"], ["MR"], ["NER"])},
        {"Ann": ann_cash, "Bob": 500, "Cat": 500},
    )


def test_m15_four_publics_pairs_and_the_odd_share() -> None:
    """§12.6 c: 200, 150, 120, 90 -> 290 -> 270; Ann's 13 -> 6 and an odd share: up costs 135 (-> 7); the Pool's
    odd share then finds none left and trades down, the System paying 135 to the Bank."""
    out = system_preview(_m15(500), ["LNW", "GNR", "MR", "NER"])
    assert out.price == 270
    trades = {e.holder: (e.trade, e.cash, e.shares) for e in out.exchanges}
    assert trades["Ann"] == ("up", 135, 7) and trades["pool"] == ("down", -135, 1)
    assert (out.cash_changes["Ann"], out.cash_changes["bank"], out.cash) == (-135, 135, 0)


def test_m15_down_pays_half_the_price_and_the_pool_trades_up_with_the_banks_money() -> None:
    """§12.6 c: Ann without money trades down for 135 (-> 6), the System borrowing 3 loans (3 x 45 = 135) to pay
    her; the Pool then trades up, the Bank paying 135 into the System."""
    out = system_preview(_m15(0), ["LNW", "GNR", "MR", "NER"])
    trades = {e.holder: (e.trade, e.cash, e.shares) for e in out.exchanges}
    assert trades["Ann"] == ("down", -135, 6) and trades["pool"] == ("up", 135, 2)
    assert (out.cash_changes["Ann"], out.loans, out.cash) == (135, 3, 135)
    assert out.cash_changes["bank"] == -3 * 50 + 3 * 5 - 135


def test_m16_one_public_converts_into_an_eight_marker_system() -> None:
    """§12.6 d: a public at 150, Ann 6, Bob 3, Pool 1, 4 markers: the System at 150, Ann 6, Bob 3, Pool 1, treasury 10;
    8 markers; an unstarted public discarded."""
    pos = money_position(
        "6",
        {"LNW": company(150, "Ann", holdings={"Ann": 6, "Bob": 3, "pool": 1})},
        {"U23": london(["LNW"]), "M15": [["LNW"], [], []], "D6": [["LNW"], [], []], "K19": [["LNW"]]},
        {"Ann": 0, "Bob": 0, "Cat": 0},
        tiles=[("K19", "57", 1)],
    )
    out = system_preview(pos, ["LNW"])
    assert (out.price, dict(out.holdings)) == (150, {"Ann": 6, "Bob": 3, "pool": 1, "ipo": 10})
    assert (len(out.markers) + out.spare_markers, out.company in ("GWR", "SR")) == (8, True)
    assert out.discarded_company is not None


def test_m17_game_end_loans_move_prices_and_minors_count_double() -> None:
    """§13: a public at 200 with 3 loans: 200 -> 180 -> 165 -> 150; a minor at 120 is worth 240."""
    assert [m.end for m in final_price(200, 3)] == [180, 165, 150]
    assert company_value("minor", 120, 1) == 240
    pos = money_position(
        "8",
        {"LNW": company(200, "Ann", holdings={"Ann": 6, "ipo": 4}, loans=3), "TV": company(120, "Ann")},
        {"U23": london(["LNW"]), "U11": [["TV"]]},
        {"Ann": 100, "Bob": 50, "Cat": 0},
        tiles=[("U11", "57", 1)],
    )
    out = game_end_preview(pos)
    ann = next(p for p in out.players if p.player == "Ann")
    assert (out.final_price("LNW"), ann.total) == (150, 100 + 6 * 150 + 240)
