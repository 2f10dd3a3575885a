"""The worked examples R1-R12 of ../shared/reference/18bf/README.md §1.9 (constructed from the rules: the rulebook
has none), each on a stretch of the real map of data/18bf, checked through the evaluator."""

from __future__ import annotations

from typing import Any

import pytest

from solver.core.evaluator import Evaluation
from solver.errors import InputError
from solver.titles.g18bf import rulebook

from .boards import (
    BIRMINGHAM_LOOP_TILES,
    CARDIFF_BRISTOL,
    EDINBURGH_BERWICK,
    GLASGOW_TO_MIDDLESBROUGH,
    NOTTINGHAM_DERBY_STOKE,
    RHONDDA_CARDIFF_BRISTOL,
    SCOTLAND_AND_WALES,
    line,
    london_east,
    position,
    run,
)


def _rules(verdict: Evaluation) -> set[str]:
    assert not verdict.legal
    return {p.rule for p in verdict.problems}


def _notes(verdict: Evaluation) -> list[str]:
    return [n for t in verdict.trains for n in t.notes]


# ---------------------------------------------------------------- R1, R2: border bonuses


def test_r1_england_scotland_bonus_with_a_town_ending_the_route() -> None:
    """R1: Edinburgh (Y 30, Scotland) to Berwick (town 10, England): 40 + England-Scotland 10 = 50 in phase 2,
    60 in phase 3 (bonus 20), and as a 2+2 in phase 8 (bonus 40) (30 + 10 + 40) x 2 = 160 (§10.6)."""
    for phase, trains, train, revenue in (("2", ["2"], "2", 50), ("3", ["2"], "2", 60), ("8", ["2+2"], "2+2", 160)):
        pos = position(phase, EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": trains})
        verdict = run(pos, "EG", (train, "D10 E15"))
        assert verdict.legal and verdict.revenue == revenue, (phase, verdict)
        assert any(n.startswith("England-Scotland") for n in _notes(verdict))


def test_r2_england_wales_bonus_by_phase() -> None:
    """R2: Cardiff (20, Wales) to Bristol (Y 30, England): 60 in phase 2, 70 in phases 3-6, 80 in 7-8 (§10.6:
    England-Wales 10/20/20/30). Trains that exist in each phase run it (2 until phase 4, then 4, then 4+4)."""
    for phase, train, revenue in (("2", "2", 60), ("3", "2", 70), ("5", "4", 70), ("6", "4", 70), ("7", "4", 80)):
        pos = position(phase, CARDIFF_BRISTOL, {"U11": [["TV"]]}, {"TV": [train]})
        verdict = run(pos, "TV", (train, "U11 U13"))
        assert verdict.legal and verdict.revenue == revenue, (phase, verdict)
    pos = position("8", CARDIFF_BRISTOL, {"U11": [["TV"]]}, {"TV": ["4+4"]})
    assert run(pos, "TV", ("4+4", "U11 U13")).revenue == 2 * (20 + 30 + 30)


# ---------------------------------------------------------------- R3: London, a red area, privates


def test_r3a_london_and_a_red_area() -> None:
    """R3a: a 3-train London(E)-Colchester-Harwich in phase 3: 40 + 10 + 20 + London-red 20 = 90."""
    verdict = run(london_east("3", "EC", ["3"]), "EC", ("3", "U23:4 S27 S29"))
    assert verdict.legal and verdict.revenue == 90
    assert _notes(verdict) == ["London and a red area +20"]


def test_r3b_a_two_train_skips_the_intermediate_small_city() -> None:
    """R3b: the same route for a 2-train skips Colchester (intermediate small cities may be skipped, §10.6):
    40 + 20 + 20 = 80."""
    verdict = run(london_east("3", "EC", ["2"]), "EC", ("2", "U23:4 S27 S29"))
    assert verdict.legal and verdict.revenue == 80
    colchester = verdict.trains[0].stops[1]
    assert (str(colchester.node), colchester.counted, colchester.note) == ("S27:0", False, "skipped")


def test_r3c_ferry_and_private_bonuses() -> None:
    """R3c: owning F5 (Harwich +20) and P7 (London +10): 90 + 20 + 10 = 120 (§7.1, Tables 1 and 2)."""
    verdict = run(london_east("3", "EC", ["3"], ["F5", "P7"]), "EC", ("3", "U23:4 S27 S29"))
    assert verdict.legal and verdict.revenue == 120


def test_r3d_a_plus_train_doubles_every_bonus() -> None:
    """R3d: phase 7, London still yellow (40), a public with a marker in London(E) owning F5 and P7, a 3+3:
    (40 + 10 + 40) x 2 = 180 and bonuses (30 + 20 + 10) x 2 = 120: 300 (§10.6, appendix §10.6)."""
    verdict = run(london_east("7", "GER", ["3+3"], ["F5", "P7"]), "GER", ("3+3", "U23:4 S27 S29"))
    assert verdict.legal and verdict.revenue == 300


def test_r3e_london_needs_a_marker_in_that_part() -> None:
    """R3e: the company's only London marker is in London(W): no train of it runs to London(E) (§10.6)."""
    verdict = run(london_east("3", "LR", ["3"], part=1), "LR", ("3", "U23:4 S27 S29"))
    assert _rules(verdict) == {rulebook.LONDON_IRELAND, rulebook.ROUTE}
    assert any("London(E)" in p.message and p.where == "train 1 (3) U23:4" for p in verdict.problems)


# ---------------------------------------------------------------- R4, R5: counting


def test_r4_large_cities_cannot_be_skipped() -> None:
    """R4: Rhondda (30), Cardiff (20), Bristol (30) in a row, a marker at Rhondda: a 2-train cannot run the three
    (§10.6: large cities may not be skipped); a 3-train earns 80, and here England-Wales 10 more (Rhondda and
    Cardiff are in Wales, Bristol in England), 90."""
    pos = position("2", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]]}, {"TV": ["2"]})
    verdict = run(pos, "TV", ("2", "U9 U11 U13"))
    assert _rules(verdict) == {rulebook.COUNT}
    assert verdict.problems[0].where == "train 1 (2)"
    pos = position("3", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]]}, {"TV": ["3"]})
    verdict = run(pos, "TV", ("3", "U9 U11 U13"))
    assert verdict.legal and verdict.revenue == 80 + 20  # England-Wales is 20 in phase 3


def test_r5_a_small_city_ending_a_route_counts() -> None:
    """R5 (a reading, docs/routes-18bf.md): Nottingham (Y 30), Derby (20) and Stoke-on-Trent (a small city, 10)
    at the end: only intermediate small cities may be skipped (§10.6), so a 2-train cannot run it; the 3-train
    earns 60, and the 2-train Nottingham-Derby 50. (The 18xx.games prototype would accept the 2-train as 50.)"""
    stations = {"O19": [["MC"]]}
    verdict = run(position("2", NOTTINGHAM_DERBY_STOKE, stations, {"MC": ["2"]}), "MC", ("2", "O19 O17 O15"))
    assert _rules(verdict) == {rulebook.COUNT}
    assert "its ends are never skipped" in verdict.problems[0].message
    pos = position("3", NOTTINGHAM_DERBY_STOKE, stations, {"MC": ["3", "2"]})
    assert run(pos, "MC", ("3", "O19 O17 O15")).revenue == 60
    assert run(pos, "MC", ("2", "O19 O17")).revenue == 50


# ---------------------------------------------------------------- R6, R7, R8: stations and spaces


def test_r6_a_city_full_of_other_markers_is_not_passed_but_may_end_a_route() -> None:
    """R6: Cardiff's one space holds another company's marker: Rhondda-Cardiff-Bristol is illegal (§10.1), and
    Rhondda-Cardiff, ending there, is legal."""
    pos = position("3", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]], "U11": [["BE"]]}, {"TV": ["3"]})
    verdict = run(pos, "TV", ("3", "U9 U11 U13"))
    assert _rules(verdict) == {rulebook.TOKENED_OUT}
    assert verdict.problems[0].where == "train 1 (3) U11:0"
    assert run(pos, "TV", ("3", "U9 U11")).revenue == 30 + 20


def test_r7_one_space_of_a_multi_space_city_per_route() -> None:
    """R7: a route from Birmingham's city on edge 3 round by Coventry into its city on edge 4 includes two
    separate spaces of one city (§10.1)."""
    pos = position("3", BIRMINGHAM_LOOP_TILES, {"Q15": [["BG"], [], []]}, {"BG": ["3"]})
    verdict = run(pos, "BG", ("3", "Q15:0 Q17 Q15:1"))
    assert _rules(verdict) == {rulebook.ONE_SPACE}
    assert verdict.problems[0].where == "train 1 (3) Q15"
    assert run(pos, "BG", ("3", "Q15:0 Q17")).legal


def test_r8_no_london_london_and_no_ireland_ireland() -> None:
    """R8: a route from London(NW) round by T22 and U21 to London(W), both parts holding the company's markers;
    and a route from Mid-Ireland by Swansea (the company's marker) to South Ireland (§10.6)."""
    tiles = line(["U23", "T22", "U21", "U23"])
    pos = position("5", tiles, {"U23": [[], ["LNW"], ["LNW"], [], [], []]}, {"LNW": ["5"]})
    verdict = run(pos, "LNW", ("5", "U23:2 U23:1"))
    assert _rules(verdict) == {rulebook.LONDON_IRELAND}
    assert "London-London" in verdict.problems[0].message
    wales = line(["N4", "N6", "O7", "P6", "Q7", "R6", "S5", "T6", "U7", "U5", "T4", "S3"])
    pos = position("3", wales, {"U7": [["SAM"]]}, {"SAM": ["3"]})
    verdict = run(pos, "SAM", ("3", "N4 U7 S3"))
    assert _rules(verdict) == {rulebook.LONDON_IRELAND}
    assert "Ireland-Ireland" in verdict.problems[0].message
    assert run(pos, "SAM", ("3", "U7 S3")).revenue == 20 + 20


# ---------------------------------------------------------------- R9: the 5+5E


def test_r9_the_express_counts_the_best_five_stops_doubled() -> None:
    """R9 on the real map, phase 8: Glasgow (X1, 40, Scotland), Falkirk (town), Edinburgh (Y 30, Scotland),
    Berwick (town), Newcastle (Y 50), Sunderland (40), Middlesbrough (40). A 5+5E counts any five stops (§10.6),
    large cities too may be skipped: the best five are 50 + 40 + 40 + 40 + 30 = 200 with England-Scotland 40,
    doubled: 480. The towns are skipped and no marker city need be counted (the marker is at Glasgow)."""
    pos = position("8", GLASGOW_TO_MIDDLESBROUGH, {"D6": [[], ["LMS"], []]}, {"LMS": ["5+5E"]})
    verdict = run(pos, "LMS", ("5+5E", "D6:1 D8 D10 E15 G17 H18 I19"))
    assert verdict.legal and verdict.revenue == 2 * (200 + 40)
    counted = [str(s.node) for s in verdict.trains[0].stops if s.counted]
    assert counted == ["D6:1", "D10:0", "G17:0", "H18:0", "I19:0"]


# ---------------------------------------------------------------- R10: G-trains


def _goods_position(trains: list[str], privates: list[str] | None = None, phase: str = "7") -> tuple[str, Any]:
    """A public's markers in London (X11, 100), Leeds (X14, 70), Newcastle (brown Y, 50), York (brown
    63, 40); no track between them is needed."""
    pos = position(
        phase,
        [("U23", "X11", 0), ("L16", "X14", 0), ("G17", "623", 0), ("K19", "63", 0)],
        {"U23": [[], [], ["NER"], [], [], []], "L16": [["NER"]], "G17": [["NER"]], "K19": [["NER"]]},
        {"NER": trains},
        {"NER": privates} if privates else None,
    )
    return "NER", pos


def test_r10_a_g_train_runs_no_route() -> None:
    """R10: one 5G: Mine 60 + 100 + 70 + 50 + 40 = 320; owning P7 (London +10, §7.1; the designer's note that
    private bonuses apply to G-trains): 330 (§10.6)."""
    company, pos = _goods_position(["5G"])
    verdict = run(pos, company, ("5G", "U23:2 L16 G17 K19"))
    assert verdict.legal and verdict.revenue == 320
    company, pos = _goods_position(["5G"], ["P7"])
    assert run(pos, company, ("5G", "U23:2 L16 G17 K19")).revenue == 330


def test_r10b_two_g_trains_choose_different_cities() -> None:
    """R10b: a 5G and a 6G: 2 x 60 + 260 = 380; each needs a city, and no city is counted twice (§10.6). The
    reference sets it in phase 7, which misreads Table 4 and §8: the 4+4/6G card starts phase 8, so no 6G exists
    in phase 7 (the position is refused, naming the train); in phase 8 the Mine bonus is still 60."""
    with pytest.raises(InputError, match="company NER train 6G: no 6G exists before phase 8"):
        company, pos = _goods_position(["5G", "6G"])
        run(pos, company, ("5G", "U23:2 L16"), ("6G", "G17 K19"))
    company, pos = _goods_position(["5G", "6G"], phase="8")
    verdict = run(pos, company, ("5G", "U23:2 L16"), ("6G", "G17 K19"))
    assert verdict.legal and verdict.revenue == 380
    twice = run(pos, company, ("5G", "U23:2 L16"), ("6G", "L16 K19"))
    assert _rules(twice) == {rulebook.G_TRAINS}
    assert twice.problems[0].where == "train 2 (6G) L16:0"
    none = run(pos, company, ("5G", "U23:2 L16 G17 K19"), ("6G", ""))
    assert _rules(none) == {rulebook.G_TRAINS}


def test_r10c_two_markers_in_one_city_count_once() -> None:
    """R10c: a System with two London markers (X11, 100) and one other city worth 50, phase 7, a 3G and a 4G:
    London counts once, 2 x 60 + 100 + 50 = 270; counting London for both G-trains is refused (§10.6)."""
    pos = position(
        "7",
        [("U23", "X11", 0), ("G17", "623", 0)],
        {"U23": [["LNE"], [], ["LNE"], [], [], []], "G17": [["LNE"]]},
        {"LNE": ["3G", "4G"]},
    )
    assert run(pos, "LNE", ("3G", "U23:0"), ("4G", "G17")).revenue == 270
    verdict = run(pos, "LNE", ("3G", "U23:0"), ("4G", "U23:2 G17"))
    assert _rules(verdict) == {rulebook.G_TRAINS}
    assert run(pos, "LNE", ("3G", "U23:0 U23:2 G17")).legal is False


# ---------------------------------------------------------------- R11, R12: ferries, shared track


def test_r11_irish_ferries_go_to_the_areas_most_trains_reach() -> None:
    """R11: a System owning F1 and F2 runs two trains to North Ireland (by its two entries) and one to South
    Ireland: F1 to North Ireland (+10 for each of the two) and F2 to South Ireland (+10): +30 (§10.6). Phase 6:
    Greenock 20 + Ayr 10 + North Ireland 30; Glasgow 30 + North Ireland 30; Swansea 20 + South Ireland 30."""
    stations = {"D4": [["LMS"]], "D6": [["LMS"], [], []], "U7": [["LMS"]]}
    routes = (("4", "D4 F4 H2"), ("5", "D6:0 H2"), ("6", "U7 S3"))
    for ferries, bonus in (([], 0), (["F1"], 20), (["F1", "F2"], 30), (["F1", "F2", "F3"], 30)):
        pos = position(
            "6", SCOTLAND_AND_WALES, stations, {"LMS": ["4", "5", "6"]}, {"LMS": ferries} if ferries else None
        )
        verdict = run(pos, "LMS", *routes)
        assert verdict.legal and verdict.revenue == 60 + 60 + 50 + bonus, ferries


def test_r12_no_track_shared_between_a_companys_trains() -> None:
    """R12: two trains both using the side D10/E11 of R1 (§10.6); and two trains out of one part of London,
    whose two spaces share one exit (§5)."""
    pos = position("2", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["2", "2"]})
    verdict = run(pos, "EG", ("2", "D10 E15"), ("2", "D10 E15"))
    assert _rules(verdict) == {rulebook.NO_SHARED_TRACK}
    assert verdict.problems[0].where == "train 1 (2) and train 2 (2)"
    pos = london_east("3", "GER", ["3", "2"])
    verdict = run(pos, "GER", ("3", "U23:4 S27 S29"), ("2", "U23:4 S27"))
    assert _rules(verdict) == {rulebook.NO_SHARED_TRACK}
