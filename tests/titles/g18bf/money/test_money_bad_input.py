"""Bad input to 18BF's money previews: each refused with a message naming the company, player or field, and the
section of rules v0.19 that refuses it, with nothing applied."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solver.core.board_position import BoardPosition
from solver.errors import InputError
from solver.titles.g18bf.money.dividend import dividend_preview
from solver.titles.g18bf.money.loans import end_of_turn_preview
from solver.titles.g18bf.money.minors import conversion_preview, minor_merger_preview
from solver.titles.g18bf.money.position import company_money
from solver.titles.g18bf.money.sale import sale_preview
from solver.titles.g18bf.money.start import minor_start, public_start
from solver.titles.g18bf.money.system import system_preview
from solver.titles.g18bf.money.takeover import takeover_preview

from ..boards import RHONDDA_CARDIFF_BRISTOL
from .positions import company, example, london, money_position

SEATS = ["Ann", "Bob", "Cat"]


def refused(call: Callable[[], object], where: str, rule: str) -> str:
    with pytest.raises(InputError) as info:
        call()
    problem = next((p for p in info.value.problems if where in p.where), None)
    assert problem is not None, info.value.problems
    assert problem.rule.startswith(rule), problem
    return problem.message


def test_unknown_company_is_named() -> None:
    assert "not a company of the position" in refused(lambda: company_money(example(), "XYZ"), "company XYZ", "§6")


def test_a_minor_is_never_sold() -> None:
    msg = refused(
        lambda: sale_preview("minor", 90, "Ann", 1, holdings={"Ann": 1}, director="Ann", seats=SEATS, company="TV"),
        "company TV",
        "§9.1",
    )
    assert "never sold" in msg


def test_no_sale_before_the_first_turn() -> None:
    held = {"Ann": 6, "ipo": 4}
    call = lambda: sale_preview("public", 90, "Ann", 1, holdings=held, director="Ann", seats=SEATS, operated=False)  # noqa: E731
    assert "operating turn" in refused(call, "company", "§9.1")


def test_the_pool_never_holds_more_than_half() -> None:
    held = {"Ann": 3, "Bob": 3, "pool": 4}
    call = lambda: sale_preview("public", 90, "Bob", 2, holdings=held, director="Ann", seats=SEATS)  # noqa: E731
    assert "at most 1 can be sold" in refused(call, "shares", "§9.1")


def test_the_directors_certificate_never_goes_to_the_pool() -> None:
    held = {"Ann": 3, "Bob": 1, "ipo": 6}
    call = lambda: sale_preview("public", 90, "Ann", 2, holdings=held, director="Ann", seats=SEATS)  # noqa: E731
    assert "never go to the Pool" in refused(call, "seller Ann", "§9.1")


def test_the_director_changes_to_the_nearest_clockwise_on_a_tie() -> None:
    """§9.1: Bob and Cat both hold 3 after Ann sells down to 2: Bob sits next to Ann clockwise."""
    held = {"Ann": 5, "Bob": 3, "Cat": 3}
    out = sale_preview("public", 90, "Ann", 3, holdings=held, director="Ann", seats=SEATS)
    assert (out.director, out.new_price) == ("Bob", 80)
    seats = ["Ann", "Cat", "Bob"]
    assert sale_preview("public", 90, "Ann", 3, holdings=held, director="Ann", seats=seats).director == "Cat"


def test_a_minor_pays_no_half_dividend() -> None:
    assert "always pays half" in refused(lambda: dividend_preview("minor", 90, 60, choice="half"), "choice", "§10.7")


def test_holdings_must_total_the_shares() -> None:
    call = lambda: dividend_preview("system", 200, 500, holdings={"Ann": 10}, company="GWR")  # noqa: E731
    assert "20 shares; 10 are listed" in refused(call, "company GWR.holdings", "§7.4")


def test_a_price_off_the_market_is_named() -> None:
    assert "nearest: 90 or 100" in refused(
        lambda: dividend_preview("public", 95, 60, holdings={"Ann": 10}), "price", "§6"
    )


def test_no_train_needs_the_trains_cost() -> None:
    assert "cheapest" in refused(
        lambda: end_of_turn_preview("public", 90, 100, 0, trains=0), "cheapest_train", "§10.10"
    )


def test_minor_bid_below_100() -> None:
    assert "from £100" in refused(lambda: minor_start(95), "bid", "§9.2")


def test_public_start_before_phase_4_and_off_the_par_spaces() -> None:
    assert "from phase 4" in refused(lambda: public_start(100, "3"), "phase", "§9.3")
    assert "red or purple" in refused(lambda: public_start(220, "5"), "par", "§9.3")


def test_merger_of_unconnected_minors_names_them() -> None:
    msg = refused(lambda: minor_merger_preview(example(), ["TV", "EG"]), "company EG", "§12.3")
    assert "not connected" in msg and "TV" in msg


def test_minors_joined_by_track_are_connected() -> None:
    """§12.3: Cardiff (TV) and Bristol (BE) joined by the example's tiles U11 and U13."""
    out = minor_merger_preview(example(), ["TV", "BE"], buys={"Ann": 1})
    assert out.allowed and out.steps[0].text.startswith("TV traces routes to BE")


def test_merger_nobody_directs_with_two_shares_is_reversed() -> None:
    """§12.4: two minors of two players and nobody buying: no player holds two shares."""
    out = minor_merger_preview(example(), ["TV", "BE"])
    assert not out.allowed and "reversed" in out.steps[-1].text


def test_conversion_outside_the_yellow_zone() -> None:
    assert "100-165" in refused(lambda: conversion_preview(example(), "BE"), "company BE", "§12.2")


def test_conversion_purchase_over_60_percent() -> None:
    msg = refused(lambda: conversion_preview(example(), "TV", buys={"Ann": 5}), "buy Ann", "§12.4")
    assert "at most 4 (60 %)" in msg


def test_merger_too_early_in_phase_2() -> None:
    pos = money_position(
        "2",
        {"LB": company(90, "Ann"), "LR": company(90, "Bob")},
        {"U23": london(["LB"], ["LR"])},
        {"Ann": 0, "Bob": 0, "Cat": 0},
    )
    assert "from phase 3" in refused(lambda: minor_merger_preview(pos, ["LB", "LR"]), "phase", "§12.3")


def test_system_too_early_in_phase_5() -> None:
    pos = money_position(
        "5",
        {"LNW": company(150, "Ann", holdings={"Ann": 10}), "GNR": company(120, "Bob", holdings={"Bob": 10})},
        {"U23": london(["LNW"], ["GNR"])},
        {"Ann": 0, "Bob": 0, "Cat": 0},
    )
    assert "from phase 6" in refused(lambda: system_preview(pos, ["LNW", "GNR"]), "phase", "§12.6")


def test_a_system_of_five_publics() -> None:
    names = ["LNW", "GNR", "MR", "NER", "CR"]
    assert "one to four" in refused(lambda: system_preview(example(), names), "companies", "§12.6")


def test_a_system_of_a_minor() -> None:
    assert "needs a public" in refused(lambda: system_preview(example(), ["LNW", "TV"]), "company TV", "§12.6")


def test_a_public_converts_alone_only_when_its_director_has_no_other() -> None:
    pos = money_position(
        "6",
        {"LNW": company(150, "Ann", holdings={"Ann": 10}), "GNR": company(120, "Ann", holdings={"Ann": 10})},
        {"U23": london(["LNW"], ["GNR"])},
        {"Ann": 0, "Bob": 0, "Cat": 0},
    )
    assert "also directs GNR" in refused(lambda: system_preview(pos, ["LNW"]), "company LNW", "§12.6")


def test_a_system_needs_a_player_with_four_shares() -> None:
    """§12.6: two publics spread so that nobody holds four System shares: the System may not form."""
    pos = money_position(
        "6",
        {
            "LNW": company(150, "Ann", holdings={"Ann": 2, "Bob": 1, "Cat": 1, "ipo": 6}),
            "GNR": company(120, "Bob", holdings={"Bob": 2, "Ann": 1, "Cat": 1, "ipo": 6}),
        },
        {"U23": london(["LNW"], ["GNR"])},
        {"Ann": 0, "Bob": 0, "Cat": 0},
    )
    out = system_preview(pos, ["LNW", "GNR"])
    assert not out.allowed and out.director is None
    assert any("may not form" in s.text for s in out.steps)


def test_takeover_needs_a_treasury_share() -> None:
    pos = money_position(
        "4",
        {"LY": company(65, "Cat"), "LNW": company(150, "Ann", holdings={"Ann": 8, "Bob": 2})},
        {"U23": london(["LNW"], ["LY"])},
        {"Ann": 0, "Bob": 0, "Cat": 0},
    )
    assert "no share in its treasury" in refused(lambda: takeover_preview(pos, "LY", "LNW"), "company LNW", "§12.5")


def test_takeover_gives_the_owner_a_share_and_the_public_a_marker_in_london() -> None:
    """§12.5: LNW with a spare marker takes over LY; Cat gets a treasury share; LNW's marker replaces LY's."""
    pos = money_position(
        "4",
        {
            "LY": company(65, "Cat", cash=40, loans=2, trains=("3",)),
            "LNW": company(150, "Ann", holdings={"Ann": 8, "ipo": 2}, cash=100, loans=4),
        },
        {"U23": london(["LNW"], ["LY"])},
        {"Ann": 0, "Bob": 0, "Cat": 0},
    )
    out = takeover_preview(pos, "LY", "LNW")
    assert dict(out.holdings) == {"Ann": 8, "ipo": 1, "Cat": 1}
    assert (out.cash, out.loans, out.trains, out.markers) == (140, 6, ("3",), (("U23", 0), ("U23", 1)))


def test_a_minor_in_phase_8_is_not_made_to_buy_a_train() -> None:
    """§8: minors may own no train in phase 8, so a trainless minor buys none and does not move for it."""
    out = end_of_turn_preview("minor", 90, 40, 0, trains=0, phase="8", company="TV")
    assert (out.train_cost, out.new_price, out.loans_taken) == (None, 90, 0)
    assert "may own no train in phase 8" in out.steps[0].text


def _rhondda_cardiff_bristol(cardiff: tuple[str, ...] = ("TV",)) -> BoardPosition:
    """GJ at Rhondda (U9), TV at Cardiff (U11, one space), BE at Bristol (U13), joined by track U9-U11-U13."""
    return money_position(
        "3",
        {"GJ": company(90, "Ann"), "TV": company(100, "Bob"), "BE": company(80, "Ann")},
        {"U9": [["GJ"]], "U11": [list(cardiff)], "U13": [["BE"]]},
        {"Ann": 500, "Bob": 500, "Cat": 500},
        tiles=RHONDDA_CARDIFF_BRISTOL,
    )


def test_a_city_filled_by_an_outsider_blocks_the_connection() -> None:
    """§12.3, §10.1: Cardiff's one space holds TV's marker, so GJ (Rhondda) and BE (Bristol) are not connected."""
    msg = refused(lambda: minor_merger_preview(_rhondda_cardiff_bristol(), ["GJ", "BE"]), "company", "§12.3")
    assert "not connected" in msg
    open_cardiff = minor_merger_preview(_rhondda_cardiff_bristol(cardiff=()), ["GJ", "BE"])
    assert open_cardiff.steps[0].text == "GJ traces routes to BE (connected)"


def test_the_merging_companies_markers_do_not_block() -> None:
    """§12.3: with TV merging too, Cardiff does not block: GJ, TV and BE are connected."""
    out = minor_merger_preview(_rhondda_cardiff_bristol(), ["GJ", "TV", "BE"], buys={"Ann": 1})
    assert out.allowed and "traces routes to" in out.steps[0].text
