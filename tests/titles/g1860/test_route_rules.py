"""One test per rule that makes an 1860 route or run illegal, each checking the Problem names the train, node or
company and cites the rule by its heading and line in the rulebook; and the position faults of the rule modes."""

from __future__ import annotations

import pytest

from solver.core.evaluator import RouteSpec
from solver.errors import InputError, Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate

from .boards import HUB_STATIONS, HUB_TILES, cowes, hub, position, run, south_west, ventnor


def _rules(problems: tuple[Problem, ...] | list[Problem]) -> list[str]:
    return [p.rule for p in problems]


def test_every_rule_is_cited_by_heading_and_rulebook_line() -> None:
    cited = [v for k, v in vars(rulebook).items() if k.isupper() and k != "SITE_OPTIONS"]
    assert cited and all(", RB L" in c for c in cited)


def test_rb_l521_a_route_for_a_train_the_company_does_not_have_cannot_be_judged() -> None:
    pos = south_west({"VY&SC": ["2+1"]})
    with pytest.raises(InputError) as err:
        run(pos, "VY&SC", ("3+2", "E9 F10 F12"))
    assert err.value.problems == [
        Problem("company VY&SC", rulebook.OWN_TRAINS, "1 route(s) for 3+2 but the company has 0")
    ]
    with pytest.raises(InputError) as err:
        run(pos, "S&C", ("2+1", "E9 F10 F12"))
    assert err.value.problems[0].where == "company S&C"


def test_rb_l523_a_route_may_not_begin_at_a_halt() -> None:
    result = run(cowes({"S&C": ["2+1"]}), "S&C", ("2+1", "F6 F10 F12"))
    assert [(p.where, p.rule) for p in result.problems] == [("train 1 (2+1) F6:0", rulebook.ROUTE_ENDS)]


def test_rb_l524_every_route_includes_a_large_station_with_a_base_of_the_company() -> None:
    pos = cowes({"C&N": ["2+1", "2+1"]})
    result = run(pos, "C&N", ("2+1", "F2:0 F2:1"), ("2+1", "F4 F6 F10 F12"))
    assert [(p.where, p.rule) for p in result.problems] == [
        ("train 2 (2+1)", rulebook.BASE_ON_ROUTE),
        ("train 2 (2+1)", rulebook.HOME_AND_MEETING),
    ]


def test_rb_l525_one_route_includes_the_home_base() -> None:
    """S&C has a base at Shorwell E9 as well as at home in Chale F12: a run from Shorwell alone is not enough."""
    result = run(hub({"S&C": ["3+2"]}), "S&C", ("3+2", "E9 F10"))
    assert [(p.where, p.rule) for p in result.problems] == [("company S&C", rulebook.HOME_AND_MEETING)]


def test_rb_l525_a_company_without_its_home_base_on_the_map_has_no_legal_run() -> None:
    pos = position("5", [("E9", "757", 1), ("F10", "769", 0), ("F12", "115", 3)], {"E9": [["S&C"]]}, {"S&C": ["3+2"]})
    result = run(pos, "S&C", ("3+2", "E9 F10 F12"))
    assert _rules(result.problems) == [rulebook.HOME_AND_MEETING]
    assert "no S&C base stands on its home F12" in result.problems[0].message


def test_rb_l525_each_further_run_meets_an_earlier_one_at_a_station_of_any_kind() -> None:
    pos = hub({"S&C": ["3+2", "3+2"]})
    apart = run(pos, "S&C", ("3+2", "F12 F10"), ("3+2", "E9 G9 G7:0"))
    assert [(p.where, p.rule) for p in apart.problems] == [("train 2 (3+2)", rulebook.HOME_AND_MEETING)]
    at_small = run(pos, "S&C", ("3+2", "F12 F10"), ("3+2", "E9 F10"))
    assert at_small.legal, at_small.problems


def test_rb_l526_consecutive_stops_are_joined_by_track_without_another_stop() -> None:
    result = run(south_west({"VY&SC": ["3+2"]}), "VY&SC", ("3+2", "B6 E9 F10"))
    assert [(p.where, p.rule) for p in result.problems] == [("train 1 (3+2) B6:0-E9:0", rulebook.CONTINUOUS_TRACK)]


def test_rb_l526_a_route_runs_between_at_least_two_stations() -> None:
    result = run(south_west({"VY&SC": ["3+2"]}), "VY&SC", ("3+2", "E9"))
    assert _rules(result.problems) == [rulebook.CONTINUOUS_TRACK]


def test_a_node_reference_that_names_no_node_is_refused_with_the_hex() -> None:
    result = run(south_west({"VY&SC": ["3+2"]}), "VY&SC", ("3+2", "E9 F10:3 Z99 F12"))
    assert [p.where for p in result.problems] == ["train 1 (3+2) F10:3", "train 1 (3+2) Z99"]
    assert "F10 has 1 node(s) now" in result.problems[0].message


def test_rb_l527_a_route_may_not_re_enter_a_hex_under_the_rulebook() -> None:
    """From one Ventnor station round to the other (the recorded NGStL run of the bank fixture, action 289)."""
    pos = ventnor({"NGStL": ["3+2", "3+2"]})
    routes = (("3+2", "G9 G11 H12"), ("3+2", "I11:1 H12 H10 I11:0"))
    result = run(pos, "NGStL", *routes)
    assert [(p.where, p.rule) for p in result.problems] == [("train 2 (3+2) I11", rulebook.NO_REENTRY)]


def test_the_site_option_re_enter_hexes_allows_the_ventnor_loop() -> None:
    pos = ventnor({"NGStL": ["3+2", "3+2"]}, rules={"mode": "site", "reenter_hexes": True})
    result = run(pos, "NGStL", ("3+2", "G9 G11 H12"), ("3+2", "I11:1 H12 H10 I11:0"))
    assert result.legal, result.problems
    assert [(t.revenue, t.subsidy) for t in result.trains] == [(40, 0), (90, 10)]


def test_rb_l527_a_route_calls_at_a_station_once_and_runs_over_its_track_once() -> None:
    result = run(south_west({"VY&SC": ["3+2"]}), "VY&SC", ("3+2", "E9 F10 E9"))
    assert rulebook.NO_REENTRY in _rules(result.problems)
    assert rulebook.NO_SHARED_TRACK in _rules(result.problems)


def test_rb_l534_a_train_calls_at_no_more_than_n_large_stations() -> None:
    result = run(south_west({"VY&SC": ["2+1"]}), "VY&SC", ("2+1", "B6 C7 E9 F10 F12"))
    # The small station at F10 then finds no room either (RB L528).
    assert _rules(result.problems) == [rulebook.ALLOWANCE, rulebook.CALL_AT_ALL]
    assert "calls at 3 large stations" in result.problems[0].message


def test_rb_l534_halts_counted_fit_in_the_room_left_by_the_small_stations() -> None:
    result = run(cowes({"S&C": ["2+1"]}), "S&C", ("2+1", "F4 F6 F10 F12", 2))
    assert _rules(result.problems) == [rulebook.ALLOWANCE]


def test_rb_l532_the_halts_counted_are_a_whole_number_up_to_the_halts_passed() -> None:
    pos = cowes({"S&C": ["2+1"]})
    for bad in (3, -1):
        assert _rules(run(pos, "S&C", ("2+1", "F4 F6 F10 F12", bad)).problems) == [rulebook.HALTS]


def test_rb_l540_two_trains_may_not_run_over_the_same_track() -> None:
    pos = south_west({"VY&SC": ["2+1", "2+1"]})
    result = run(pos, "VY&SC", ("2+1", "E9 F10 F12"), ("2+1", "F12 F10 E9"))
    assert [(p.where, p.rule) for p in result.problems] == [
        ("train 1 (2+1) and train 2 (2+1)", rulebook.NO_SHARED_TRACK)
    ]
    assert "E9, F10, F12" in result.problems[0].message


def test_rb_l542_each_train_scores_its_own_stations_even_where_they_share_one() -> None:
    pos = hub({"S&C": ["3+2", "3+2"]})
    result = run(pos, "S&C", ("3+2", "F12 F10"), ("3+2", "E9 F10"))
    assert [t.revenue for t in result.trains] == [30, 30]
    assert result.revenue == 60


def test_rb_l65_ryde_pier_is_reached_from_the_green_ryde_esplanade_and_ends_a_route() -> None:
    pos = position("3", [("I3", "758", 0)], {"I3": [["IOW"]]}, {"IOW": ["2+1"]})
    result = run(pos, "IOW", ("2+1", "I3 J2"))
    assert result.legal and result.revenue == 50 + 20
    assert rulebook.RYDE_PIER in _rules(run(pos, "IOW", ("2+1", "I3 J2 I3")).problems)
    yellow = position("3", [], {"I3": [["IOW"]]}, {"IOW": ["2+1"]})
    assert _rules(run(yellow, "IOW", ("2+1", "I3 J2")).problems) == [rulebook.CONTINUOUS_TRACK]


def test_rb_l691_a_bankrupt_companys_turned_bases_do_not_stop_trains() -> None:
    """With VY&SC bankrupt, Godshill is no longer full for S&C: both trains may run through it."""
    pos = hub({"S&C": ["3+2", "3+2"]}, rules={"flipped": ["VY&SC"]})
    result = run(pos, "S&C", ("3+2", "F12 F10 G9 G11"), ("3+2", "E9 G9 G7:0"))
    assert result.legal, result.problems
    assert all(t.notes == () for t in result.trains)


@pytest.mark.parametrize(
    ("rules", "company_rules", "trains", "where", "rule"),
    [
        ({"reenter_hexes": True}, {}, ["2+1"], "rules.reenter_hexes", rulebook.NO_REENTRY),
        ({"flipped": ["LSWR"]}, {}, ["2+1"], "rules.flipped", rulebook.FLIPPED_BASES),
        ({"mode": "house"}, {}, ["2+1"], "rules mode", "format"),
        ({"southern": True}, {}, ["2+1"], "rules southern", "format"),
        ({"no_train_limit": "yes"}, {}, ["2+1"], "rules no_train_limit", "format"),
        ({}, {"insolvent": "yes"}, ["2+1"], "companies C&N.rules insolvent", "format"),
        ({}, {"insolvent": True}, ["2+1", "3+2"], "companies C&N", rulebook.LEASING),
        ({}, {}, ["4"], "companies C&N.trains", rulebook.OWN_TRAINS),
    ],
)
def test_a_faulty_rule_mode_or_train_is_refused_naming_the_field(
    rules: dict[str, object], company_rules: dict[str, object], trains: list[str], where: str, rule: str
) -> None:
    pos = cowes({"C&N": trains}, rules=rules, company_rules={"C&N": company_rules})
    with pytest.raises(InputError) as err:
        run(pos, "C&N", ("2+1", "F2:0 F2:1"))
    assert [(p.where, p.rule) for p in err.value.problems] == [(where, rule)]


def test_rb_l540_where_track_offers_two_ways_between_two_stations_each_train_takes_its_own() -> None:
    """With a curve at F8, Shorwell E9 and Chale Green F10 are joined directly and round by F8: two S&C trains
    between them take one way each; a third finds none free."""
    tiles = [t if t[0] != "F8" else ("F8", "7", 0) for t in HUB_TILES]
    pos = position("5", tiles, HUB_STATIONS, {"S&C": ["3+2", "3+2", "3+2"]})
    two = run(pos, "S&C", ("3+2", "F12 F10 E9"), ("3+2", "E9 F10"))
    assert two.legal, two.problems
    assert [t.revenue for t in two.trains] == [50, 30]
    three = run(pos, "S&C", ("3+2", "F12 F10 E9"), ("3+2", "E9 F10"), ("3+2", "F10 E9"))
    assert set(_rules(three.problems)) == {rulebook.NO_SHARED_TRACK}


def test_a_route_choice_that_1860_does_not_have_is_refused_by_name() -> None:
    pos = cowes({"S&C": ["2+1"]})
    result = evaluate(pos, "S&C", [RouteSpec("2+1", ("F4", "F6", "F10", "F12"), {"halt": 1})])
    assert [(p.where, p.rule) for p in result.problems] == [("train 1 (2+1) halt", "format")]
