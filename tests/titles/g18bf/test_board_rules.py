"""18BF's board rules on a user's position (solver/titles/g18bf/tile_lays.py `board_problems`, the registry's
`board_rules`; docs/routes-18bf.md, "Board rules"): one bad file per kind of fault
(tests/titles/g18bf/data/board-bad/), each breaking exactly its rule and refused by `validate` and `show` with exit
code 2, one line naming the hex or company and the section; every 18BF example, fixture and benchmark board
valid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.any_position import load_any_position
from solver.cli import main
from solver.core.board_position import BoardPosition
from solver.errors import InputError, Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.evaluator import rules_for
from solver.titles.g18bf.tile_lays import HOME, MARKERS, PHASES, TILE_LAY, TRAINS, board_problems

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
BAD = HERE / "data" / "board-bad"

#: Each bad file: the place named and the section cited. The tile counts and a node's spaces are the core loader's
#: checks (a position holding more cannot be read), cited as 18BF's data says (data/18bf/title.json → `rules`).
BAD_FILES = {
    "tile-not-of-the-hex-kind": ("tiles U21", TILE_LAY),
    "tile-yellow-on-printed-track": ("tiles Q15", TILE_LAY),
    "tile-colour-not-in-phase": ("tiles D6", PHASES),
    "tile-upgrade-loses-track": ("tiles M11", TILE_LAY),
    "tile-away-from-the-yellow-triangle": ("tiles C5", TILE_LAY),
    "tile-track-into-the-sea": ("tiles A5", TILE_LAY),
    "tile-track-across-an-impassable-side": ("tiles N10", TILE_LAY),
    "tile-brown-y-with-fewer-exits": ("tiles M17", TILE_LAY),
    "tiles-more-than-the-box": ("tiles K19, A9, D4, H18, I19, L12, O17", "§10.4, §18"),
    "markers-more-than-the-company-has": ("company LB", MARKERS),
    "markers-two-in-one-hex": ("stations M15", MARKERS),
    "markers-on-a-full-city": ("stations K19 node 0", "§10.5"),
    "minor-home-marker-missing": ("company EG", HOME),
    "trains-over-the-limit": ("company LB", PHASES),
    "trains-two-5-plus-5e": ("company LMS", TRAINS),
    "public-without-a-marker": ("company MR", rulebook.FORMED_WITH_MARKERS),
}

#: The bad files of the route rules (tests/titles/g18bf/bad/): a faulty company, train or private.
ROUTE_BAD = sorted((HERE / "bad").glob("*.json"))
ROUTE_BAD_BOARD = HERE / "bad" / "express-twice.json"
#: Every 18BF position the project ships: the examples, the route and money tests' fixtures and the benchmark boards.
VALID = sorted(
    {
        *(ROOT / "examples").glob("position-18bf-*.json"),
        *(p for p in (HERE / "data").glob("*.json") if not p.name.endswith(".routes.json")),
        *(HERE / "money" / "bad").glob("*.json"),
        *(ROOT / "benchmarks" / "positions").glob("18bf-*.json"),
    }
)


def _problems(name: str) -> list[Problem]:
    try:
        position = load_any_position(BAD / f"{name}.json")
    except InputError as exc:
        return exc.problems
    assert isinstance(position, BoardPosition)
    return board_problems(position)


def test_every_bad_file_is_listed() -> None:
    assert {p.stem for p in BAD.glob("*.json")} == set(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_breaks_exactly_its_rule(name: str) -> None:
    where, rule = BAD_FILES[name]
    assert [(p.where, p.rule) for p in _problems(name)] == [(where, rule)]


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_validate_and_show_exit_2_with_one_line_naming_the_place_and_section(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    where, rule = BAD_FILES[name]
    assert main(["validate", str(BAD / f"{name}.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: {where}: ") and err.rstrip().endswith(f"({rule})")
    assert "Traceback" not in err
    assert main(["show", str(BAD / f"{name}.json")]) == 2
    assert capsys.readouterr().err == err


def test_validate_json_lists_the_problem_with_its_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BAD / "tile-track-into-the-sea.json"), "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and [(p["where"], p["rule"]) for p in out["problems"]] == [("tiles A5", TILE_LAY)]


@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_18bf_position_keeps_the_board_rules(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(path)]) == 0
    assert "18BF's board rules (tiles for their hex, phase and track, §10.4" in capsys.readouterr().out


@pytest.mark.parametrize("path", ROUTE_BAD, ids=lambda p: p.stem)
def test_validate_refuses_each_company_the_route_rules_refuse(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Defect: `validate`, `show` and the money previews called a position valid whose company has a train that is no
    18BF train (`7`), is obsolete or not yet bought, a private closed, unknown or owned twice, or a field that is no
    company field (`cash` in `rules`): only the evaluator's `rules_for` checked them, so `routes` refused what
    `validate` accepted. Now the board rules hold the same checks (trains.train_problems,
    bonuses.company_field_problems): `validate` exits 2 naming the company, train or private and the section, each
    problem the evaluator's."""
    position = load_any_position(path)
    assert isinstance(position, BoardPosition)
    company = next(iter(position.companies))
    with pytest.raises(InputError) as caught:
        rules_for(position, company)
    board = [(p.where, p.rule) for p in board_problems(position)]
    assert all((p.where, p.rule) in board for p in caught.value.problems), (board, caught.value.problems)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: company ") and "Traceback" not in err


def test_the_route_rules_bad_file_with_two_5_plus_5e_breaks_that_board_rule_only() -> None:
    position = load_any_position(ROUTE_BAD_BOARD)
    assert isinstance(position, BoardPosition)
    assert [(p.where, p.rule) for p in board_problems(position)] == [("company LNE", TRAINS)]


def test_the_messages_say_what_the_rule_asks() -> None:
    """Each tile fault says what the hex takes or which rotations keep the track (§10.4)."""
    messages = {name: _problems(name)[0].message for name in BAD_FILES}
    assert (
        messages["tile-not-of-the-hex-kind"] == "the hex takes plain track; tile 57 is not one, nor an upgrade of one"
    )
    assert messages["tile-away-from-the-yellow-triangle"] == (
        "tile 4 at rotation 0 keeps neither the printed track (pointing to the yellow triangle on edge 5) nor the "
        "track of a tile it upgrades (rotations 2, 5 do)"
    )
    assert messages["tile-brown-y-with-fewer-exits"].endswith(
        "623 fits and is in the box, with more exits than tile 801"
    )
    assert messages["tile-track-across-an-impassable-side"] == (
        "tile 9 at rotation 1 runs track on edge 4 into the barrier towards N12"
    )
