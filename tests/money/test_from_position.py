"""A merge scenario taken from a position with money (format version 2): every figure comes from the
position, the scenario passes the same checks as a file, and a position without money is refused by name."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

import pytest

from solver.errors import InputError
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.money import merge_preview, parse_scenario
from solver.titles.g1862.money.from_position import scenario_from_position
from solver.titles.g1862.position import Position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_late_game_esr_and_fdr_merger_uses_the_positions_money(late_game: Position) -> None:
    raw = scenario_from_position(late_game, "ESR", "FDR")
    assert raw["kind"] == "merger" and raw["survivor"] == "ESR" and raw["initiator"] == "Bob"
    assert raw["players"] == [{"name": p.name, "cash": p.cash} for p in late_game.players]
    esr, fdr = raw["companies"]
    assert (esr["price"], fdr["price"]) == (late_game.price_of("ESR"), late_game.price_of("FDR"))
    assert esr["markers"] == ["F7", "F11", "G12", "London"] and esr["unused_markers"] == 3
    assert esr["trains"] == ["4E", "3L"] and fdr["trains"] == []
    assert esr["holdings"] == dict(late_game.companies["ESR"].money.holdings)  # type: ignore[union-attr]
    outcome = merge_preview(parse_scenario(raw))
    assert sum(outcome.holdings_after["ESR"].values()) == 10
    assert sum(outcome.cash_changes.values()) == 0  # money is only moved (5.2)


def test_one_company_alone_is_a_refinancing(late_game: Position) -> None:
    raw = scenario_from_position(late_game, "N&E", None, "merger")
    assert raw["kind"] == "refinance" and [c["id"] for c in raw["companies"]] == ["N&E"]
    assert merge_preview(parse_scenario(raw)).kind == "refinance"


def test_a_position_without_money_is_refused_naming_the_company_and_rule() -> None:
    early = load_position(EXAMPLES / "position-early-game.json")
    companies = list(early.companies)
    with pytest.raises(InputError) as err:
        scenario_from_position(early, companies[0], companies[1])
    wheres = {(p.where, p.rule) for p in err.value.problems}
    assert (f"company {companies[0]}", "6.4.2") in wheres and (f"company {companies[1]}", "2.0") in wheres
    assert ("players", "5.2.4") in wheres


def test_a_company_without_a_price_is_named(late_game: Position) -> None:
    market = {p: tuple(c for c in s if c != "FDR") for p, s in late_game.market.items()}
    unpriced = dataclasses.replace(late_game, market=MappingProxyType({p: s for p, s in market.items() if s}))
    with pytest.raises(InputError) as err:
        scenario_from_position(unpriced, "ESR", "FDR")
    assert [(p.where, p.rule) for p in err.value.problems] == [("company FDR", "6.4.2")]
