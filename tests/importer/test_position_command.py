"""`python -m solver position GAME.json --action N`: any moment of a recorded game as a position file, the
same position the review opens for a run (issue 15)."""

from __future__ import annotations

import dataclasses
import itertools
import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cli import main
from solver.export_actions import effective_actions
from solver.titles.g1862.importer.export_file import GameExport, read_export
from solver.titles.g1862.importer.replay import ImportedGame, import_export, position_before
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import position_to_dict
from solver.titles.g1862.validation import validate_position

DATA = Path(__file__).resolve().parents[1] / "data" / "importer"
NAMES = ("46925.json", "1862_game_end_bank.json", "1862_game_end_stock_market.json")


@cache
def export(name: str) -> GameExport:
    return read_export(DATA / name)


@cache
def full(name: str) -> ImportedGame:
    return import_export(export(name))


def board(position: object) -> dict[str, object]:
    data = position_to_dict(position)  # type: ignore[arg-type]
    data.pop("name", None)
    return data


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(NAMES), st.data())
def test_replaying_a_prefix_gives_the_position_the_review_opens_for_that_run(name: str, data: st.DataObject) -> None:
    run = data.draw(st.sampled_from(full(name).runs))
    position, _ = position_before(export(name), run.action_id)
    assert board(position) == board(run.position)


def mid_turn_actions(name: str) -> list[int]:
    """Actions taken by the same company or player as the action before them (no turn starts or ends there)."""
    steps = [s for s in effective_actions(export(name).actions) if s.parent_id is None]
    return [b.id for a, b in itertools.pairwise(steps) if a.action.get("entity") == b.action.get("entity")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(NAMES), st.data())
def test_replaying_any_prefix_gives_the_position_of_opening_that_action(name: str, data: st.DataObject) -> None:
    # Opening action N replays the whole export up to N, with what the site does before N is taken (a turn
    # ending, a home marker); a prefix is the export cut before N. Within a turn they must agree (a company in
    # receivership buys its trains from its replayed treasury, not from what a later run shows).
    action_id = data.draw(st.sampled_from(mid_turn_actions(name)))
    opened, _ = position_before(export(name), action_id)
    # between a merger and its recorded remove_token actions the survivor holds more markers than 7.5.6 allows
    assert [p for p in validate_position(opened) if p.rule != "7.5.6"] == []
    cut = dataclasses.replace(export(name), actions=tuple(a for a in export(name).actions if a["id"] < action_id))
    prefix = import_export(cut).final_position
    assert board(prefix) == board(opened)


def test_cli_writes_the_position_before_the_action_with_its_money(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.json"
    game = str(DATA / "1862_game_end_bank.json")
    assert main(["position", game, "--action", "618", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "ENR is about to run" in captured.err and "SVR goes bankrupt" in captured.err
    position = load_position(out)
    assert position.stations["B13"] == ("E&H",)  # SVR's marker has left; ENR's goes in at action 618
    assert position.price_of("ENR") == 200 and position.has_money
    money = position.companies["ENR"].money
    assert money is not None and money.director == "Player 2" and sum(money.holdings.values()) == 10


def test_cli_without_action_gives_the_position_after_the_last(capsys: pytest.CaptureFixture[str]) -> None:
    # the bank-end game is finished: nobody is about to run after its last action
    assert full("1862_game_end_bank.json").about_to_run is None
    assert main(["position", str(DATA / "46925.json")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == 2 and data["phase"] == full("46925.json").final_position.phase  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--action", "99999"], "action 99999: no such action (actions 1-702)"),
        (["--out", "/nonexistent/p.json"], "--out /nonexistent/p.json"),
    ],
)
def test_cli_bad_action_or_output_is_refused(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", str(DATA / "46925.json"), *args]) == 2
    assert message in capsys.readouterr().err


def test_a_game_in_progress_gives_its_current_position_and_the_company_about_to_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An export of a game still running: 46925 as it stood after WVR's tile lay of action 100 (OR 2.1)
    data = json.loads((DATA / "46925.json").read_text(encoding="utf-8"))
    data["actions"] = [a for a in data["actions"] if a["id"] <= 100]
    data["status"] = "active"
    live = tmp_path / "live.json"
    live.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "now.json"
    assert main(["position", str(live), "--out", str(out)]) == 0
    assert "WVR is about to run" in capsys.readouterr().err
    position = load_position(out)
    assert position.tiles["F11"].tile == "790" and "WVR" in position.companies
    assert main(["routes", str(out), "--company", "WVR", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "optimal"


@pytest.mark.parametrize(
    ("name", "action_id"),
    [
        ("46925.json", 266),
        ("46925.json", 600),
        ("1862_game_end_bank.json", 300),
        ("1862_game_end_stock_market.json", 500),
    ],
)
def test_cli_position_carries_the_replayed_cash_and_treasuries(
    name: str, action_id: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # version 2 (docs/position.md): players' cash and each company's treasury as replayed, holdings of ten shares
    out = tmp_path / "p.json"
    assert main(["position", str(DATA / name), "--action", str(action_id), "--out", str(out)]) == 0
    capsys.readouterr()
    position = load_position(out)
    _, game = position_before(export(name), action_id)
    assert {p.name: p.cash for p in position.players} == {p.name: game.cash[p.name] for p in position.players}
    for company, state in position.companies.items():
        if state.money is not None:
            assert state.money.cash == game.cash.get(company, 0)
            assert sum(state.money.holdings.values()) == 10
    assert sum(p.cash for p in position.players) > 0
