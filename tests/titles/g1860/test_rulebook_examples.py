"""Every worked example of 1860's route rules in the rulebook (../shared/reference/1860/README.md §1.8, items 1-7),
each on a stretch of the Isle of Wight board where it can be played."""

from __future__ import annotations

from solver.errors import Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.modes import RunMode
from solver.titles.g1860.scoring import allowance, leasing_revenue, original_insolvency_revenue
from solver.titles.g1860.trains import train_sizes

from .boards import cowes, hub, position, run, south_west


def _rules(problems: tuple[Problem, ...]) -> list[str]:
    return [p.rule for p in problems]


def test_rb_l542_a_3_plus_2_via_a_20_a_small_10_and_a_halt_earns_80_and_10_subsidy() -> None:
    """RB L542: a 3+2 from a 20-station to a 30-station via a 20-station, a small 10-station and a halt."""
    pos = south_west({"VY&SC": ["3+2"]})
    result = run(pos, "VY&SC", ("3+2", "B6 C7 E9 F10 F12"))
    assert result.legal, result.problems
    assert (result.revenue, result.subsidy) == (80, 10)
    assert [(str(s.node), s.value, s.note) for s in result.trains[0].stops] == [
        ("B6:0", 30, "scored"),
        ("C7:0", 0, "subsidy 10"),
        ("E9:0", 20, "scored"),
        ("F10:0", 10, "scored"),
        ("F12:0", 20, "scored"),
    ]


def test_rb_l538_a_2_plus_1_calls_at_2_large_and_a_small() -> None:
    result = run(south_west({"VY&SC": ["2+1"]}), "VY&SC", ("2+1", "E9 F10 F12"))
    assert result.legal and (result.revenue, result.subsidy) == (50, 0)


def test_rb_l538_a_2_plus_1_calls_at_2_large_and_a_halt() -> None:
    result = run(south_west({"VY&SC": ["2+1"]}), "VY&SC", ("2+1", "B6 C7 E9"))
    assert result.legal and (result.revenue, result.subsidy) == (50, 10)


def test_rb_l538_a_2_plus_1_calls_at_1_large_and_2_small() -> None:
    """Cowes large, Cowes small and Cement Mills small; the Cowes halt between them is bypassed."""
    result = run(cowes({"C&N": ["2+1"]}), "C&N", ("2+1", "F2:0 F2:1 F2:2 F4"))
    assert result.legal and (result.revenue, result.subsidy) == (40, 0)
    assert [s.note for s in result.trains[0].stops] == ["scored", "scored", "bypassed", "scored"]


def test_rb_l538_a_2_plus_1_calls_at_1_large_a_small_and_a_halt() -> None:
    """Cement Mills small, the Carisbrooke and Chale Green halts (one counted), Chale large."""
    result = run(cowes({"S&C": ["2+1"]}), "S&C", ("2+1", "F4 F6 F10 F12"))
    assert result.legal and (result.revenue, result.subsidy) == (30, 10)


def test_rb_l538_a_2_plus_1_may_not_call_at_1_large_and_2_halts_as_it_cannot_end_at_a_halt() -> None:
    result = run(cowes({"S&C": ["2+1"]}), "S&C", ("2+1", "F12 F10 F6"))
    assert not result.legal
    assert _rules(result.problems) == [rulebook.ROUTE_ENDS]
    assert result.problems[0].where == "train 1 (2+1) F6:0"


def test_rb_l532_a_bypassed_halt_is_legal_and_rb_l528_a_skipped_small_station_is_not() -> None:
    pos = cowes({"S&C": ["2+1"]})
    bypassed = run(pos, "S&C", ("2+1", "F4 F6 F10 F12", 0))
    assert bypassed.legal and (bypassed.revenue, bypassed.subsidy) == (30, 0)
    both_small = run(cowes({"C&N": ["2+1"]}), "C&N", ("2+1", "F2:0 F2:1 F2:2 F4 F6 F10 F12"))
    assert _rules(both_small.problems) == [rulebook.CALL_AT_ALL]


def test_the_site_option_skips_a_small_station_and_counts_the_best_ones() -> None:
    """Reference D1 and #5180: under the 18xx.games options the same route is legal, the halts count chosen
    against the small stations."""
    pos = cowes({"C&N": ["2+1"]}, rules={"mode": "site"})
    route = "F2:0 F2:1 F2:2 F4 F6 F10 F12"
    best = run(pos, "C&N", ("2+1", route))
    assert best.legal and (best.revenue, best.subsidy) == (50, 0)
    assert [s.note for s in best.trains[0].stops].count("skipped (18xx.games option)") == 1
    with_halt = run(pos, "C&N", ("2+1", route, 1))
    assert with_halt.legal and (with_halt.revenue, with_halt.subsidy) == (40, 10)


def test_rb_l530_one_train_may_pass_one_tokened_out_station_and_end_at_another() -> None:
    """Godshill G9 is full (NGStL and VY&SC): S&C runs through it, and ends at a full Merstone (IWNJ)."""
    result = run(hub({"S&C": ["3+2"]}), "S&C", ("3+2", "F12 F10 G9 G7:0"))
    assert result.legal, result.problems
    assert result.trains[0].notes == ("passes tokened-out G9:0",)
    assert result.revenue == 20 + 10 + 30 + 20


def test_rb_l530_a_second_pass_on_the_same_train_is_illegal() -> None:
    result = run(hub({"S&C": ["3+2"]}), "S&C", ("3+2", "F12 F10 G9 G7:0 H8"))
    assert _rules(result.problems) == [rulebook.TOKENED_OUT]


def test_rb_l530_a_second_pass_by_another_train_is_illegal() -> None:
    """Both trains run through Godshill on different track; only one of them may."""
    pos = hub({"S&C": ["3+2", "3+2"]})
    result = run(pos, "S&C", ("3+2", "F12 F10 G9 G11"), ("3+2", "E9 G9 G7:0"))
    assert _rules(result.problems) == [rulebook.TOKENED_OUT]
    assert result.problems[0].where == "train 1 (3+2), train 2 (3+2)"
    alone = run(pos, "S&C", ("3+2", "F12 F10 G9 G11"), ("3+2", "E9 F10"))
    assert alone.legal, alone.problems


def test_rb_l632_leasing_pays_at_most_140_for_a_5_plus_3_and_220_for_a_9_plus_5() -> None:
    assert leasing_revenue(train_sizes()["5+3"].n) == 140
    assert leasing_revenue(train_sizes()["9+5"].n) == 220
    pos = cowes({"C&N": ["5+3"]}, phase="5", company_rules={"C&N": {"insolvent": True}})
    result = run(pos, "C&N", ("5+3", "F2:0 F2:1 F2:2 F4 F6 F10 F12"))
    assert result.legal, result.problems
    assert (result.revenue, result.subsidy) == (140, 0)
    assert sum(1 for s in result.trains[0].stops if s.counted) == 5


def test_rb_l628_a_leased_train_uses_only_its_large_station_allowance() -> None:
    pos = cowes({"C&N": ["2+1"]}, company_rules={"C&N": {"insolvent": True}})
    result = run(pos, "C&N", ("2+1", "F2:0 F2:1 F2:2 F4"))
    assert _rules(result.problems) == [rulebook.CALL_AT_ALL]
    assert run(pos, "C&N", ("2+1", "F2:0 F2:1")).revenue == 40 + 2 * 20


def test_rb_l727_original_insolvency_pays_half_rounded_up_to_10_plus_the_full_subsidy() -> None:
    assert original_insolvency_revenue(250) + 40 == 170
    pos = south_west({"VY&SC": ["3+2"]}, rules={"insolvency": "original"}, company_rules={"VY&SC": {"insolvent": True}})
    result = run(pos, "VY&SC", ("3+2", "B6 C7 E9 F10 F12"))
    assert (result.revenue, result.subsidy) == (40, 10)
    assert original_insolvency_revenue(70) == 40


def test_rb_l673_in_nationalisation_a_9_plus_5_counts_9_stations_instead_of_14() -> None:
    mode = RunMode(False, False, True, True, False, False, frozenset())
    assert allowance(train_sizes()["9+5"], mode)[:2] == (9, 9)
    normal = RunMode(False, False, False, False, False, False, frozenset())
    assert allowance(train_sizes()["9+5"], normal)[:2] == (9, 14)
    pos = cowes({"C&N": ["2+1"]}, rules={"nationalisation": True, "halts_ignored": True})
    assert _rules(run(pos, "C&N", ("2+1", "F2:0 F2:1 F2:2 F4")).problems) == [rulebook.CALL_AT_ALL]
    assert run(pos, "C&N", ("2+1", "F2:0 F2:1")).revenue == 30


def test_rb_l660_halts_are_not_counted_once_the_southern_has_formed() -> None:
    pos = south_west({"VY&SC": ["3+2"]}, rules={"halts_ignored": True})
    result = run(pos, "VY&SC", ("3+2", "B6 C7 E9 F10 F12"))
    assert (result.revenue, result.subsidy) == (80, 0)
    assert result.trains[0].stops[1].note == "not counted (the Southern has formed)"
    assert _rules(run(pos, "VY&SC", ("3+2", "B6 C7 E9 F10 F12", 1)).problems) == [rulebook.SOUTHERN]


# The recorded runs of the reference's §1.8 item 9, on the board their `connections` describe (tiles of the 1860 box
# at the rotations that join the recorded hexes; the record gives no rotations).
RECORDED_71 = [
    ("J4", "115", 1),
    ("I5", "742", 2),
    ("H4", "744", 2),
    ("G3", "741", 5),
    ("F2", "787", 0),
    ("F4", "742", 3),
]


def test_bank_fixture_action_71_c_and_n_runs_50_and_10_subsidy_and_60() -> None:
    """1860_game_end_bank.json, action 71 (two-player map, the site's options): J4-I5-H4-H4-G3-G5 earns 50 and 10
    subsidy (Ryde 20, Newport 30, four halts passed and one counted); F2-F2-F2-F4-G5 earns 60 (Cowes 20, its small
    station 10, Newport 30; no halt counted). Both are legal under the rulebook too."""
    for rules in ({"mode": "site", "reenter_hexes": True}, {}):
        pos = position(
            "2",
            RECORDED_71,
            {"F2": [["C&N"], [], []], "G5": [["C&N"]]},
            {"C&N": ["2+1", "2+1"]},
            rules=rules,
            map_variant="two_player",
        )
        result = run(pos, "C&N", ("2+1", "J4 I5 H4:1 H4:0 G3 G5", 1), ("2+1", "F2:0 F2:1 F2:2 F4 G5", 0))
        assert result.legal, result.problems
        assert [(t.revenue, t.subsidy) for t in result.trains] == [(50, 10), (60, 0)]


def test_game_19354_action_69_a_route_inside_cowes_and_runs_meeting_at_a_small_station() -> None:
    """19354.json, action 69 (old record, no revenue stored): `F2 0.1` runs from Cowes' large station to its small
    station, worth 30; the second 2+1 (`F2 1.2`, F4-F2, F4-G5) starts at that small station, where the two runs
    meet (Running Trains, RB L525). The second route needs a C&N base on a large station (RB L524): Newport's."""
    stations = {"F2": [["C&N"], [], []], "G5": [["C&N"]]}
    pos = position("2", [("F2", "787", 0), ("F4", "742", 3)], stations, {"C&N": ["2+1", "2+1"]})
    result = run(pos, "C&N", ("2+1", "F2:0 F2:1"), ("2+1", "F2:1 F2:2 F4 G5", 1))
    assert result.legal, result.problems
    assert result.trains[0].revenue == 30
    assert (result.trains[1].revenue, result.trains[1].subsidy) == (40, 10)
