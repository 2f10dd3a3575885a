"""1860's board rules on positions (solver/titles/g1860/board_rules.py, docs/board-1860.md): one bad file per rule
(tests/titles/g1860/data/board-bad/), refused by `validate` with exit 2 naming the hex or company and the rule;
every example, test board and replayed position of the recorded games valid; the options that lift a rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.any_position import load_any_position
from solver.cli import main
from solver.core.board_position import BoardPosition, parse_position, position_to_data
from solver.titles.g1860 import rulebook
from solver.titles.g1860.board_rules import position_problems
from solver.titles.g1860.importer import import_game

from . import boards

ROOT = Path(__file__).parents[3]
BAD = Path(__file__).parent / "data" / "board-bad"
GAMES = ROOT / "tests" / "data" / "importer" / "1860"
EARLY = ROOT / "examples" / "position-1860-early.json"

#: Each bad file: the place named and the rule cited.
BAD_FILES = {
    "tile-village-tile-on-a-town": ("J8 (Sandown)", rulebook.TILE_FOR_HEX),
    "tile-without-the-hex-letter": ("G9 (Godshill)", rulebook.LABELS),
    "tile-letter-elsewhere": ("J8 (Sandown)", rulebook.LABELS),
    "tile-colour-not-in-phase": ("G5 (Newport)", rulebook.PHASE_TILES),
    "tile-printed-track-not-kept": ("I11 (Ventnor)", rulebook.KEEP_TRACK),
    "tile-track-into-the-sea": ("K7", rulebook.NO_BARRIER),
    "tile-track-into-a-barrier": ("G3 (Whippingham)", rulebook.NO_BARRIER),
    "bases-more-than-tokens": ("company NGStL", rulebook.BASE_COUNT),
    "bases-two-on-one-hex": ("I11 (Ventnor)", rulebook.ONE_BASE_PER_HEX),
    "base-home-missing": ("company S&C", rulebook.HOME_BASE),
    "base-home-space-taken": ("G9 (Godshill)", rulebook.HOME_RESERVED),
    "trains-over-the-limit": ("companies C&N.trains", rulebook.TRAIN_LIMIT),
    "trains-more-than-the-game-has": ("trains 2+1", rulebook.TRAIN_COUNTS),
    "trains-rusted": ("companies FYN.trains", rulebook.PHASE_TRAINS),
    "trains-of-a-later-phase": ("companies IWNJ.trains", rulebook.PHASE_TRAINS),
    "rules-unknown-option": ("rules no_train_limits", "format"),
}


def test_every_bad_file_is_listed() -> None:
    assert {p.stem for p in BAD.glob("*.json")} == set(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_breaks_exactly_its_rule(name: str) -> None:
    where, rule = BAD_FILES[name]
    problems = position_problems(load_any_position(BAD / f"{name}.json"))  # type: ignore[arg-type]
    assert [(p.where, p.rule) for p in problems] == [(where, rule)]


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_validate_exits_2_naming_the_place_and_rule(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    where, rule = BAD_FILES[name]
    assert main(["validate", str(BAD / f"{name}.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {where}: ") and "Traceback" not in err
    assert rule == "format" or rule in err
    assert main(["show", str(BAD / f"{name}.json")]) == 2


def test_validate_json_lists_the_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BAD / "trains-rusted.json"), "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["problems"][0]["rule"] == rulebook.PHASE_TRAINS


def test_validate_and_show_say_what_was_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(EARLY)]) == 0
    assert "1860's board rules" in capsys.readouterr().out
    assert main(["show", str(EARLY)]) == 0
    assert "Checked against its board data and 1860's board rules" in capsys.readouterr().out
    assert main(["validate", str(EARLY), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["checked"] == "board data, board rules"
    assert main(["validate", str(ROOT / "examples" / "position-18bf-early.json")]) == 0
    assert "checked against its board data and 18BF's board rules" in capsys.readouterr().out


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("position-1860-*.json")), ids=lambda p: p.stem)
def test_every_1860_example_is_valid(path: Path) -> None:
    assert position_problems(load_any_position(path)) == []  # type: ignore[arg-type]


def test_the_route_tests_boards_are_valid() -> None:
    made = [
        boards.south_west({"VY&SC": ["3+2"], "S&C": ["3+2"]}),
        boards.cowes({"C&N": ["2+1"], "S&C": ["2+1"]}),
        boards.ventnor({"NGStL": ["5+3"]}),
    ]
    for position in made:
        assert position_problems(position) == []


def test_the_route_tests_hub_breaks_two_board_rules_and_no_other() -> None:
    """The hub round Godshill is a board for the route rules only (tests/titles/g1860/boards.py): Shorwell's 757
    needs edges 4 and 5, and every such rotation runs track into the sea; S&C's base fills VY&SC's home."""
    problems = position_problems(boards.hub({"S&C": ["5+3"]}))
    assert [(p.where, p.rule) for p in problems] == [
        ("E9 (Shorwell)", rulebook.NO_BARRIER),
        ("E9 (Shorwell)", rulebook.HOME_RESERVED),
    ]


@pytest.mark.parametrize("game", sorted(GAMES.glob("*.json")), ids=lambda p: p.stem)
def test_every_replayed_position_of_the_recorded_games_is_valid(game: Path) -> None:
    """The site's own games keep 1860's board rules at every run (their options change only how trains run)."""
    for run in import_game(game):
        assert position_problems(run.position) == [], run.action_id


def _early(**changes: Any) -> BoardPosition:
    data = position_to_data(load_any_position(EARLY))  # type: ignore[arg-type]
    for key, value in changes.items():
        data[key] = value
    return parse_position(data)


def test_no_train_limit_option_lifts_the_limit_rb_l285() -> None:
    companies = {"C&N": {"trains": ["2+1"] * 5}, "IOW": {"trains": []}, "IWNJ": {"trains": []}, "FYN": {"trains": []}}
    assert [p.rule for p in position_problems(_early(companies=companies))] == [rulebook.TRAIN_LIMIT]
    assert position_problems(_early(companies=companies, rules={"no_train_limit": True})) == []


def test_two_7_4_trains_option_rb_l287() -> None:
    companies = {"C&N": {"trains": ["7+4"]}, "IOW": {"trains": ["7+4"]}, "IWNJ": {"trains": []}, "FYN": {"trains": []}}
    assert [p.rule for p in position_problems(_early(phase="7", tiles=[], companies=companies))] == [
        rulebook.TRAIN_COUNTS
    ]
    assert position_problems(_early(phase="7", tiles=[], companies=companies, rules={"two_7_4_trains": True})) == []


def test_a_leased_train_may_be_of_the_next_phase_rb_l295() -> None:
    """Leasing a train does not start a phase (Phases, RB L295): an insolvent company may hold the bank's next."""
    companies = {
        "C&N": {"trains": ["2+1"]},
        "IOW": {"trains": ["3+2"], "rules": {"insolvent": True}},
        "IWNJ": {"trains": []},
        "FYN": {"trains": []},
    }
    assert position_problems(_early(companies=companies)) == []


def test_a_bankrupt_companys_home_may_be_full_of_others_only_with_a_spare_space_rb_l515() -> None:
    """Godshill's russet 770 has two spaces: one base of another company leaves NGStL's space free."""
    stations = {"F2": [["C&N"], [], []], "I3": [["IOW"]], "G7": [["IWNJ"], []], "B4": [["FYN"]], "G9": [["S&C"]]}
    tiles = [{"hex": "G9", "tile": "770", "rotation": 0}]
    companies = {"C&N": {"trains": ["5+3"]}}
    assert position_problems(_early(phase="5", tiles=tiles, stations=stations, companies=companies)) == []
