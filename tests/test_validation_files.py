"""Every validation error has a bad position file in tests/data/bad; each gives one clear message per problem,
naming the hex, company or field and the rule it breaks, and nothing is half-loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.errors import InputError, Problem
from solver.titles.g1862.loading import load_position, parse_position

BAD = Path(__file__).resolve().parent / "data" / "bad"

#: file -> the problems it must give, each as (where contains, rule, message contains).
EXPECTED: dict[str, list[tuple[str, str, str]]] = {
    # kind of hex and letter (7.6.1)
    "tile-large-station-on-village": [("E6 (Watton)", "7.6.1", "large station but E6 is a village")],
    "tile-small-station-on-town": [("F3 (Cromer)", "7.6.1", "small station but F3 is a town")],
    "tile-wrong-letter": [("F5 (Norwich)", "7.6.1", "takes only N tiles; tile 57 is unlettered")],
    "tile-letter-on-plain-hex": [("F3 (Cromer)", "7.6.1", "tile 790 has letter N but F3 has no letter")],
    "tile-reserved-elsewhere": [("E12 (Colchester)", "7.6.1", "tile 795 is reserved for F11")],
    "tile-not-reserved-on-ipswich": [("F11 (Ipswich)", "7.6.1", "only tile 795 may be the russet tile")],
    "tile-on-offboard-hex": [("A4", "7.6.1", "A4 is an off-board area")],
    # rotations (7.6.1)
    "rotation-into-barrier": [("F13 (Harwich)", "7.6.1", "rotation 2 runs track into a barrier on its NE side")],
    "rotation-into-sea": [("H5 (Great Yarmouth)", "7.6.1", "into the sea or off the map on its N side")],
    "rotation-off-map": [("E14 (Tiptree)", "7.6.1", "into the sea or off the map on its S side (edge 0)")],
    "rotation-into-display-only-port": [("E2 (Wells-next-the-Sea)", "7.6.1", "into the sea or off the map")],
    "rotation-out-of-range": [("position tiles.0.rotation", "format", "less than or equal to 5")],
    # the tile supply (2.3) and phases (9.0)
    "tile-unknown": [("F3", "2.3", "unknown tile '9999'")],
    "tile-too-many-copies": [("tile 201", "2.3", "laid 3 times (C4, C8, D9) but the game has 2")],
    "tile-twice-on-a-hex": [("F3", "7.6", "two tiles are laid on this hex")],
    "tile-not-a-hex": [("tile on 'F4'", "format", "not a hex id")],
    "tile-green-in-phase-a": [("F3 (Cromer)", "9.0", "tile 14 is green; phase A allows only yellow")],
    "tile-russet-before-phase-d": [("D13 (Witham)", "9.0", "tile 611 is russet; phase C allows only yellow, green")],
    "phase-unknown": [("phase", "9.0", "'Z' is not a phase")],
    # station markers (7.7, 7.6.5, 7.5.6, 11.4)
    "marker-no-slot": [("F3 (Cromer)", "7.7", "2 station markers but tile 57 has 1 slot")],
    "marker-no-slot-empty-town": [("F7 (Diss)", "7.7", "the empty town hex has 1 slot")],
    "marker-on-village": [("G6", "7.7", "G6 is a village")],
    "marker-twice-in-hex": [("E12 (Colchester)", "7.7", "EUR has 2 markers here")],
    "marker-twice-in-london": [("London (ECR)", "7.6.5", "only one London marker")],
    "london-five-links": [("London", "7.6.5", "5 companies have London links; London has 4 spaces")],
    "london-in-stations": [("London", "7.6.5", "go in the 'london' list")],
    "too-many-markers": [("company ECR", "7.5.6", "8 station markers on the map; a company may have at most 7")],
    "too-many-markers-11-4": [("company ECR", "11.4", "9 station markers on the map; a company may have at most 8")],
    # small stations (7.6.2-7.6.4)
    "small-station-yellow-extra": [("E10 (Stowmarket)", "7.6.2", "yellow tile 8852 carries only its printed")],
    "small-station-twice-on-track": [("F9", "7.6.4", "at most one small station")],
    "small-station-no-such-track": [("F9 (Framlingham)", "7.6.4", "no track joining edges 1 and 2")],
    "small-station-on-large-tile": [("F5 (Norwich)", "7.6.4", "tile 790 has a large station")],
    # trains and permits (2.2, 2.4.3, 9.0, 11.1)
    "train-unknown": [("company ENR train '4F'", "2.2", "there is no '4F' train")],
    "train-unknown-nm": [("company ENR train '3/4L'", "2.2", "there is no '3/4L' train")],
    "train-not-a-name": [("company ENR train 'steam'", "2.2", "is not a train name")],
    "train-type-not-in-variant": [("company ENR train 2E", "11.1", "no express trains")],
    "permit-type-not-in-variant": [("company ENR", "11.1", "local permit but this variant has no local trains")],
    "variant-no-train-types": [("variant", "11.1", "no train types are in play")],
    "train-before-its-phase": [("company ENR train 6F", "9.0", "band E train; none is sold before phase E")],
    "train-more-than-the-game-has": [("band G trains", "2.4.3", "hold 2 band G trains but the standard game has 1")],
    # companies (2.1, 3.2)
    "company-unknown": [("company GER", "2.1", "unknown company")],
    "company-unknown-marker": [("F3 marker 'GER'", "2.1", "unknown company")],
    "company-listed-twice": [("company ENR", "2.1", "listed twice")],
    "company-home-not-a-town": [("company Y&N", "3.2", "home G6 is not a town")],
    # money, position format version 2 (2.0, 4.2, 6.3, 6.4.2, 7.1, 7.12, 8.0)
    "money-without-version": [("version", "format", '"version": 2')],
    "money-price-not-on-market": [("market 83", "6.4.2", "not a space on the stock market")],
    "money-company-twice-on-market": [("company ENR", "6.4.2", "more than one share price")],
    "money-company-on-market-not-in-play": [("market 82", "7.1", "GER is on the market but not among the companies")],
    "money-bankrupt-price": [("market 0", "7.12", "bankrupt")],
    "money-holdings-not-ten": [("company ENR holdings", "2.0", "list 9 shares")],
    "money-unknown-holder": [("company ENR holdings", "format", "unknown holder 'Zoe'")],
    "money-director-too-few-shares": [("company ENR director", "6.3", "Ben holds fewer than three shares")],
    "money-par-not-a-par-value": [("company ENR par", "4.2", "80 is not a par value")],
    "money-player-twice": [("player Ann", "format", "listed twice")],
    "money-negative-treasury": [("company ENR cash", "7.5.6", "cannot be negative")],
    "money-director-in-receivership": [("company ENR director", "8.0", "receivership has no director")],
    # the file format
    "wrong-field-types": [
        ("position tiles.0.rotation", "format", "valid integer"),
        ("position companies.0.trains", "format", "valid list"),
    ],
    "unknown-field": [("position tokens", "format", "Extra inputs are not permitted")],
    "not-an-object": [("position (top level)", "format", "valid dictionary")],
    "malformed": [("malformed.json line 4 column", "format", "not valid JSON")],
}


def _problems(name: str) -> list[Problem]:
    with pytest.raises(InputError) as caught:
        load_position(BAD / f"{name}.json")
    return caught.value.problems


def test_every_bad_file_is_listed() -> None:
    assert {p.stem for p in BAD.glob("*.json")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_gives_one_message_per_problem_naming_where_and_rule(name: str) -> None:
    problems = _problems(name)
    assert len(problems) == len(EXPECTED[name]), [str(p) for p in problems]
    for problem, (where, rule, message) in zip(problems, EXPECTED[name], strict=True):
        assert where in problem.where
        assert problem.rule == rule
        assert message in problem.message
        if rule[0].isdigit():
            assert f"(rule {rule})" in str(problem)


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n not in ("malformed", "not-an-object")))
def test_bad_file_names_what_it_breaks(name: str) -> None:
    """Each bad file says in its name field which rule it breaks, so the files document themselves."""
    data = json.loads((BAD / f"{name}.json").read_text(encoding="utf-8"))
    assert data["name"].startswith("Bad: ")


def test_all_problems_are_reported_at_once() -> None:
    """Problems of every kind in one file are all listed, so the user can fix them in one go."""
    data = {
        "phase": "A",
        "tiles": [{"hex": "E6", "tile": "57"}, {"hex": "F3", "tile": "14", "rotation": 2}],
        "stations": {"F7": ["ENR", "WNR"]},
        "london": ["ECR", "N&E", "NGC", "SVR", "EUR"],
        "companies": [{"id": "GER"}, {"id": "ENR", "trains": ["4F"]}],
    }
    with pytest.raises(InputError) as caught:
        parse_position(data)
    rules = sorted(p.rule for p in caught.value.problems)
    assert rules == ["2.1", "2.2", "7.6.1", "7.6.5", "7.7", "9.0"]


GOOD = Path(__file__).resolve().parent / "data" / "good"


@pytest.mark.parametrize("name", sorted(p.stem for p in GOOD.glob("*.json")))
def test_good_edge_case_files_are_accepted(name: str) -> None:
    """Positions at the edge of a rule: the most markers, London links and small stations allowed, the
    reserved tiles, the variants and home markers on untiled towns."""
    position = load_position(GOOD / f"{name}.json")
    assert position.name.startswith("Good: ")


def test_good_files_show_what_they_promise() -> None:
    assert load_position(GOOD / "eight-markers-with-11-4.json").variant.max_markers == 8
    assert len(load_position(GOOD / "london-full.json").london) == 4
    assert len(load_position(GOOD / "three-small-stations.json").tiles["E10"].small_stations) == 3
    short = load_position(GOOD / "short-game-permanent-d.json")
    assert [t.permanent for t in short.companies["ENR"].trains] == [True, False]
