"""18BF's route rules one by one, and bad input: each Problem names the train and node and cites its section;
a position, company, train or private that cannot be judged is an InputError naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.core.board_position import parse_position, read_position
from solver.core.evaluator import RouteSpec
from solver.core.track_graph import NodeRef
from solver.errors import InputError
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.evaluator import evaluate, rules_for
from solver.titles.g18bf.scoring import RouteValue, best_countings

from .boards import EDINBURGH_BERWICK, LONDON_HARWICH, RHONDDA_CARDIFF_BRISTOL, line, london_east, position, run


def _only(verdict_problems: tuple[object, ...]) -> object:
    assert len(verdict_problems) == 1, verdict_problems
    return verdict_problems[0]


def test_a_route_needs_a_city_with_a_marker_of_the_company() -> None:
    pos = position("2", EDINBURGH_BERWICK, {"D10": [["EPD"]]}, {"EG": ["2"]})
    problem = _only(run(pos, "EG", ("2", "D10 E15")).problems)
    assert (problem.where, problem.rule) == ("train 1 (2)", rulebook.ROUTE)  # type: ignore[attr-defined]


def test_a_red_area_ends_the_route() -> None:
    """§10.1: a route that visits a red area terminates there: Harwich cannot be passed through."""
    pos = london_east("4", "EC", ["4"], tiles=line(["R26", "R28", "S29"]))
    verdict = run(pos, "EC", ("4", "U23:4 S27 S29 R28"))
    assert [(p.where, p.rule) for p in verdict.problems] == [("train 1 (4) S29:0", rulebook.RED_AREA_ENDS)]
    assert run(pos, "EC", ("4", "R28 S29")).problems[0].rule == rulebook.ROUTE  # no EC marker at Ipswich


def test_a_node_twice_and_track_twice_are_refused() -> None:
    pos = position("3", RHONDDA_CARDIFF_BRISTOL, {"U9": [["TV"]]}, {"TV": ["3"]})
    verdict = run(pos, "TV", ("3", "U9 U11 U9"))
    assert {p.rule for p in verdict.problems} == {rulebook.ONCE}
    assert {p.where for p in verdict.problems} == {"train 1 (3) U9:0", "train 1 (3) U9:0-U11:0 and U11:0-U9:0"}


def test_no_train_runs_to_a_port() -> None:
    """Appendix §10.6: Kirkcaldy C11 with a tile towards the port at C13 (the prototype's blue hex)."""
    tiles = line(["C9", "C11", "C13"], {"C11": "621"})
    pos = position("3", tiles, {"C11": [["EPD"]]}, {"EPD": ["2"]})
    verdict = run(pos, "EPD", ("2", "C11 C13"))
    assert any(p.rule == rulebook.PORT and p.where == "train 1 (2) C13:0" for p in verdict.problems)


def test_route_choices_and_bad_node_references_are_named() -> None:
    pos = position("2", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["2"]})
    verdict = evaluate(pos, "EG", [RouteSpec("2", ("D10", "E15"), {"skip": ["E15"]})])
    assert [(p.where, p.rule) for p in verdict.problems] == [("train 1 (2) skip", "format")]
    verdict = run(pos, "EG", ("2", "D10 Z99"))
    assert [(p.where, p.rule) for p in verdict.problems] == [("train 1 (2) Z99", "format")]
    verdict = run(pos, "EG", ("2", "D10 E13"))
    assert "E13 has no station" in verdict.problems[0].message


def test_a_g_train_counts_only_cities_with_the_companys_markers() -> None:
    pos = position("5", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["3G"]})
    assert run(pos, "EG", ("3G", "D10")).revenue == 50 + 30
    verdict = run(pos, "EG", ("3G", "D10 E15"))
    assert [(p.where, p.rule) for p in verdict.problems] == [("train 1 (3G) E15:0", rulebook.G_TRAINS)]
    verdict = evaluate(pos, "EG", [RouteSpec("3G", ("D10",), {"x": 1})])
    assert [(p.where, p.rule) for p in verdict.problems] == [("train 1 (3G) x", "format")]


BAD = sorted((Path(__file__).parent / "bad").glob("*.json"))
DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_a_faulty_company_is_refused_naming_the_company_the_train_or_the_private(path: Path) -> None:
    """Each file of tests/titles/g18bf/bad/ is a position whose first company cannot run (its `name` says the
    message expected): refused before any route is judged, naming the company and the train or private."""
    pos = read_position(path)
    company = next(iter(pos.companies))
    with pytest.raises(InputError) as caught:
        evaluate(pos, company, [])
    assert len(caught.value.problems) == 1
    assert str(caught.value.problems[0]).startswith(pos.name)


def test_there_are_bad_files_for_every_check_of_companies() -> None:
    assert len(BAD) == 13


def test_more_routes_than_trains_an_unknown_company_and_another_title_are_refused() -> None:
    pos = position("2", EDINBURGH_BERWICK, {"D10": [["EG"]]}, {"EG": ["2"]})
    with pytest.raises(InputError, match=r"company EG: 2 route\(s\) for 2 but the company has 1"):
        run(pos, "EG", ("2", "D10 E15"), ("2", "D10 E15"))
    with pytest.raises(InputError, match="'GA' is not a company of the position"):
        run(pos, "GA", ("2", "D10 E15"))
    other = parse_position({"game": "1860", "phase": "2"})
    with pytest.raises(InputError, match="cannot judge a 1860 position"):
        evaluate(other, "C&N", [])


def test_no_route_turns_back_at_a_junction() -> None:
    """§10.1: "It may not use any segment of track more than once, not even the small section of track at the
    junctions on some non-city tiles—this implies that it may not backtrack over the sharp angle at such a
    junction." T26 takes the junction tile 26 (from London's side to Colchester's and to Southend's): London(E)
    reaches either, Colchester and Southend are not joined through the junction, and two trains cannot both use
    the track from London to the junction (§10.6)."""
    tiles = [t for t in LONDON_HARWICH if t[0] != "T26"] + [("T26", "26", 0), ("U27", "4", 2)]
    parts: list[list[str]] = [[] for _ in range(6)]
    parts[4] = ["EC"]
    pos = position("3", tiles, {"U23": parts}, {"EC": ["3", "2"]})
    assert run(pos, "EC", ("2", "U23:4 U27")).revenue == 40 + 10
    assert run(pos, "EC", ("3", "U23:4 S27 S29")).revenue == 90
    turned = run(pos, "EC", ("3", "S27 U27"))
    assert [p.message for p in turned.problems] == ["no track joins S27:0 to U27:0 without another stop"]
    both = run(pos, "EC", ("3", "U23:4 S27 S29"), ("2", "U23:4 U27"))
    assert [(p.where, p.rule) for p in both.problems] == [("train 1 (3) and train 2 (2)", rulebook.NO_SHARED_TRACK)]


def test_an_express_skips_its_irish_area_when_the_only_ferry_is_worth_as_much_elsewhere() -> None:
    """§10.6 (the highest earnings declared; one area per Irish ferry): a System with one ferry runs a 5+5E that
    may count North Ireland (40, the first of equals with a 50 once the ferry's 10 is weighed) or skip it for
    that 50, and a 4+4 to Mid-Ireland. The ferry goes to one area only (both weigh 2, North Ireland first), so
    counting North Ireland gains 20 with the ferry while skipping it gains 20 without it and lets the ferry earn
    20 at Mid-Ireland: the run takes the second counting (the countings here stand for `scoring.countings`)."""
    pos = position("8", [], {}, {"LNE": ["5+5E", "4+4"]}, {"LNE": ["F1"]})
    bonuses = rules_for(pos, "LNE").bonuses
    a, b = NodeRef("H2", 0), NodeRef("M17", 0)
    count_ireland = RouteValue((a,), (b,), ((a, 40),), (), 2, "H2", ())
    skip_ireland = RouteValue((b,), (a,), ((b, 50),), (), 2, None, ())
    to_mid_ireland = RouteValue((NodeRef("N4", 0),), (), ((NodeRef("N4", 0), 40),), (), 2, "N4", ())
    worth, chosen = best_countings([[count_ireland, skip_ireland], [to_mid_ireland]], bonuses)
    assert chosen == (skip_ireland, to_mid_ireland)
    assert worth == 100 + 80 + 20
    worth, chosen = best_countings([[count_ireland, skip_ireland]], bonuses)
    assert chosen == (count_ireland,) and worth == 80 + 20  # alone, the ferry's 20 makes a tie: the first


def test_a_legal_run_is_found_among_many_ways_of_laying_its_routes_on_junction_tiles() -> None:
    # Two 4+4s from Birmingham (Q15) on a board of junction tiles (27, 43-46, 70), where 180 ways of track join the
    # first route's nodes and 6 the second's: some choice of ways shares no track (§10.6), so the run is legal.
    # The evaluator once gave up after 256 steps of its search and called it illegal (the optimizer then stopped
    # with OptimizerMismatch).
    position = read_position(DATA / "junction-ways.json")
    first = RouteSpec("4+4", ("Q15:0", "R14:0", "T14:0", "U13:0", "T10:0", "U7:0", "U9:0"))
    second = RouteSpec("4+4", ("Q15:0", "T14:0", "U13:0", "U11:0", "U9:0"))
    verdict = evaluate(position, "LMS", [first, second])
    assert verdict.legal, verdict.problems
    assert verdict.revenue == evaluate(position, "LMS", [first]).revenue + evaluate(position, "LMS", [second]).revenue
