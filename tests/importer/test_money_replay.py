"""Money replayed from an 18xx.games export (solver/titles/g1862/importer/stock.py): cash of players, companies
and the Bank from the set-up to the end, checked against the site's own final scores (each export's `result`), with the
Bank's money conserved and nobody's cash negative at any moment (issue 15)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.titles.g1862.gamedata import load_game
from solver.titles.g1862.importer.export_file import GameExport, read_export
from solver.titles.g1862.importer.replay import final_scores, position_before

DATA = Path(__file__).resolve().parents[1] / "data" / "importer"
NAMES = ["46925.json", "1862_game_end_bank.json", "1862_game_end_stock_market.json"]
RULES = load_game().company_rules


@cache
def export(name: str) -> GameExport:
    return read_export(DATA / name)


def site_result(name: str) -> dict[str, int]:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    names = export(name).names()
    return {names[player]: score for player, score in data["result"].items()}


@pytest.mark.parametrize("name", NAMES)
def test_final_scores_are_the_sites_result(name: str) -> None:
    # 10.4: cash plus shares at their price (halved, per certificate, without a train): each export's `result`
    # is the site's own final score of every player
    assert final_scores(export(name)) == site_result(name)


def test_the_auction_winner_pays_his_bid_and_three_times_the_par() -> None:
    # 46925: Player 1 wins the EUR charter for 30 (4.2) and pars it at 62 (4.2: the director's certificate is
    # three shares); with 3 players each starts with 800 (2.4.1)
    before, _ = position_before(export("46925.json"), 10)
    after, _ = position_before(export("46925.json"), 11)
    cash_before = {p.name: p.cash for p in before.players}
    cash_after = {p.name: p.cash for p in after.players}
    assert cash_before == dict.fromkeys(cash_before, RULES.starting_cash["3"])
    assert cash_after["Player 1"] == 800 - 30 - 3 * 62
    money = after.companies["EUR"].money
    assert money is not None and money.cash == 0 and dict(money.holdings) == {"Player 1": 3, "ipo": 7}


def test_a_chartered_company_floats_with_ten_times_its_par_less_three_markers() -> None:
    # 46925 action 12: Player 1's second extra EUR share sells half of it (6.5.4): 10 x 62 in, 3 x 60 out
    position, _ = position_before(export("46925.json"), 13)
    money = position.companies["EUR"].money
    assert money is not None and money.cash == 10 * 62 - 3 * RULES.station_markers.cost_chartered


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(NAMES), st.data())
def test_money_is_conserved_and_never_negative(name: str, data: st.DataObject) -> None:
    # Money only changes hands: players, companies and the Bank together always hold the Bank's 15,000
    # (2.4.1); no player's or company's cash is ever negative (a purchase needs the money, 6.5, 7.9).
    ids = [a["id"] for a in export(name).actions]
    action_id = data.draw(st.sampled_from(ids))
    position, game = position_before(export(name), action_id)
    assert sum(game.cash.values()) == RULES.bank
    assert all(amount >= 0 for holder, amount in game.cash.items() if holder != "bank"), game.cash
    assert sum(p.cash for p in position.players) == sum(game.cash[p.name] for p in position.players)
