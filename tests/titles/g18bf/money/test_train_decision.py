"""The train decision (§10.10, §8, Table 4, §10.6): R13 of the reference (a 3G beating a 5), boards where each side
wins, a System's trade-ins at Table 4's values, the first train of a card starting its phase (rusting, the falling
limit and the discard), paying with loans only without a train, and the refusals naming train and rule."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.board_position import BoardPosition, parse_position
from solver.errors import InputError
from solver.titles.g18bf.enumerator import best_run as enumerate_run
from solver.titles.g18bf.money.runs import RunEarnings
from solver.titles.g18bf.money.train_decision import TrainDecision, default_candidates, train_decision

from ..boards import EDINBURGH_BERWICK, GLASGOW_TO_MIDDLESBROUGH
from .positions import company, money_position

PLAYERS = {"Ann": 500, "Bob": 500, "Cat": 500}
LATE_LMS = Path(__file__).resolve().parents[1] / "data" / "late-lms.json"


def _public(phase: str, trains: tuple[str, ...], cash: int, stations: Any, tiles: Any, loans: int = 0) -> BoardPosition:
    spec = company(100, "Ann", holdings={"Ann": 6, "Bob": 2, "ipo": 2}, cash=cash, trains=trains, loans=loans)
    return money_position(phase, {"NER": spec}, stations, PLAYERS, tiles)


def edinburgh_and_two_marker_cities(trains: tuple[str, ...] = ("4",), cash: int = 600) -> BoardPosition:
    """R13's board: NER's markers at Edinburgh (track to Berwick: a route of 30 + 10 and England-Scotland), and at
    Newcastle (yellow Y, 30) and York (yellow, 20) with no track between them; phase 5 (Mine 50)."""
    return _public(
        "5",
        trains,
        cash,
        {"D10": [["NER"]], "G17": [["NER"]], "K19": [["NER"]]},
        [*EDINBURGH_BERWICK, ("G17", "621", 2), ("K19", "57", 1)],
    )


def glasgow_line(trains: tuple[str, ...] = (), cash: int = 600, loans: int = 0, phase: str = "5") -> BoardPosition:
    """One marker at Glasgow on a long line to Middlesbrough: five large cities for a 5-train, one marker city for
    a G-train."""
    return _public(phase, trains, cash, {"D6": [[], ["NER"], []]}, GLASGOW_TO_MIDDLESBROUGH, loans)


def _option(decision: TrainDecision, label: str) -> Any:
    return next(o for o in decision.options if o.label == label)


def test_r13_a_3g_beats_the_5_when_the_marker_cities_are_worth_more_than_the_route() -> None:
    """R13: the 5 adds nothing to the 4's route (no track left: routes share none, §10.6), the 3G earns the Mine
    bonus 50 and its three marker cities 30 + 30 + 20 (§10.6): 130 more, 13 a share; the side is for good."""
    decision = train_decision(edinburgh_and_two_marker_cities(), "NER", ["5", "3G"])
    assert decision.current.revenue == 70 and decision.current.proven
    five, goods = _option(decision, "5"), _option(decision, "3G")
    assert (five.run.revenue, five.revenue_change, five.price) == (70, 0, 550)
    assert (goods.run.revenue, goods.revenue_change, goods.price) == (200, 130, 450)
    assert (goods.per_share, goods.per_share_change) == (20, 13)
    assert goods.run.proven and decision.best is not None and decision.best.label == "3G"
    assert any("for good" in s.text and s.rule == "§10.10" for s in goods.steps)


def test_train_decision_the_5_wins_on_a_long_line_with_one_marker() -> None:
    """Without a train, the 5 counts Glasgow 40, Edinburgh 30, Newcastle 50, Sunderland 40, Middlesbrough 40 and
    England-Scotland 30 (phase 5): 230; the 3G only Glasgow: 50 + 40 = 90."""
    decision = train_decision(glasgow_line(), "NER", ["5", "3G"])
    assert decision.current.revenue == 0
    assert (_option(decision, "5").run.revenue, _option(decision, "3G").run.revenue) == (230, 90)
    assert decision.best is not None and decision.best.train == "5"
    assert _option(decision, "5").per_share == 23


def test_train_decision_runs_match_the_exhaustive_enumerator() -> None:
    """Each option's run is the enumerator's best run with the same trains (an independent check)."""

    def enumerated(position: BoardPosition, company: str, **_: Any) -> RunEarnings:
        best = enumerate_run(position, company)
        return RunEarnings(best.evaluation.revenue, tuple(best.run), "optimal", True, "enumerated", 0.0)

    for board in (edinburgh_and_two_marker_cities(), glasgow_line(("4",))):
        by_optimizer = train_decision(board, "NER", ["5", "3G"])
        by_enumerator = train_decision(board, "NER", ["5", "3G"], run=enumerated)
        assert [o.run.revenue for o in by_optimizer.options] == [o.run.revenue for o in by_enumerator.options]


def test_train_decision_loans_only_without_a_train() -> None:
    """§10.2, §10.10: NER without a train and £300 may take loans (each nets 45) up to its limit of 5: the 3G
    (450) needs 4, the 5 (550) would need 6 and cannot be paid; with a train NER may take none."""
    decision = train_decision(glasgow_line(cash=300), "NER", ["5", "3G"])
    goods, five = _option(decision, "3G"), _option(decision, "5")
    assert (goods.affordable, goods.loans, goods.cash_after) == (True, 4, 300 + 4 * 45 - 450)
    assert sum(goods.cash_changes.values()) == 0
    assert (five.affordable, five.loans) == (False, 0)
    with_train = train_decision(glasgow_line(("4",), cash=300), "NER", ["3G"])
    assert not with_train.options[0].affordable and with_train.options[0].loans == 0


def test_train_decision_first_6_starts_phase_6_rusts_3_and_discards_over_the_limit() -> None:
    """§8, §10.10, Table 4: in phase 5 the first 6 starts phase 6: NER's 3 rusts; with a 4 and a 5 the public's
    limit falls to 2, so one old train is discarded: on the one line only one train runs, and of the runs worth the
    same the dearer train is kept (the 5)."""
    rusting = train_decision(glasgow_line(("3", "5")), "NER", ["6"]).options[0]
    assert (rusting.phase_after, rusting.rusted, rusting.discarded, rusting.limit) == ("6", ("3",), (), 2)
    over = train_decision(glasgow_line(("4", "5")), "NER", ["6"]).options[0]
    assert over.discarded == ("4",) and sorted(over.trains_after) == ["5", "6"]


def test_train_decision_a_public_at_its_limit_may_not_buy() -> None:
    with pytest.raises(InputError) as info:
        train_decision(glasgow_line(("3", "4", "5")), "NER", ["5"])
    problem = info.value.problems[0]
    assert problem.where == "company NER" and problem.rule.startswith("§10.10") and "limit" in problem.message


def _lms(cash: int = 1400) -> BoardPosition:
    data = json.loads(LATE_LMS.read_text(encoding="utf-8"))
    data["market"] = {"200": ["LMS"]}
    data["players"] = [{"name": n, "cash": c} for n, c in PLAYERS.items()]
    data["companies"]["LMS"].update(
        {"cash": cash, "director": "Ann", "holdings": {"Ann": 8, "Bob": 6, "ipo": 6}, "operated": True}
    )
    return parse_position(data)


def test_train_decision_a_system_at_its_limit_trades_in_at_table_4_values() -> None:
    """§10.10, Table 4: the LMS holds four trains (its limit): a 4+4 (1000) is bought only by trading one in, at
    the table's values: 5+5E 375, 4+4 250, 2+2 150, 6G 200; the old train goes to the Pool."""
    decision = train_decision(_lms(), "LMS", ["4+4"])
    prices = {o.trade_in: o.price for o in decision.options}
    assert prices == {"5+5E": 625, "4+4": 750, "2+2": 850, "6G": 800}
    assert all(len(o.trains_after) == 4 and o.run.proven for o in decision.options)
    assert decision.current.revenue == 1430
    assert _option(decision, "4+4 for the 2+2").run.revenue == 1550


def test_train_decision_table_4_values_not_the_appendix_25_percent() -> None:
    """§10.10, Table 4: a System below its limit may buy the 6 outright (650) or trade in its 5 (135 off, where the
    appendix's 25 % would give 137.5) or its 3G (125 off, not 112.5): the table is followed (docs/money-18bf.md)."""
    spec = company(200, "Ann", holdings={"Ann": 8, "Bob": 4, "ipo": 8}, cash=2000, trains=("5", "3G"))
    pos = money_position("6", {"GWR": spec}, {"D6": [[], ["GWR"], []]}, PLAYERS, GLASGOW_TO_MIDDLESBROUGH)
    decision = train_decision(pos, "GWR", ["6"])
    assert {o.trade_in: (o.discount, o.price) for o in decision.options} == {
        None: (0, 650),
        "5": (135, 515),
        "3G": (125, 525),
    }
    traded = _option(decision, "6 for the 5")
    assert traded.trains_after == ("3G", "6") and traded.cash_changes == {"GWR": -515, "bank": 515}


def test_train_decision_refuses_trains_not_for_sale_naming_them() -> None:
    """§10.10, §8: an unknown train, a card two phases ahead, an obsolete train, a 5+5E for a public."""
    cases = {
        "7": "not an 18BF train",
        "4+4": "starts phase 8",
        "2": "obsolete from phase 4",
    }
    for train, words in cases.items():
        with pytest.raises(InputError) as info:
            train_decision(glasgow_line(), "NER", [train])
        assert info.value.problems[0].where == f"train {train}" and words in info.value.problems[0].message
    with pytest.raises(InputError, match="only a system may own a 5\\+5E"):
        train_decision(glasgow_line(phase="8"), "NER", ["5+5E"])
    system = company(200, "Ann", holdings={"Ann": 8, "ipo": 12}, cash=2000, trains=("5",))
    pos = money_position("7", {"GWR": system}, {"D6": [[], ["GWR"], []]}, PLAYERS, GLASGOW_TO_MIDDLESBROUGH)
    with pytest.raises(InputError, match="no 5\\+5E may be bought before phase 8"):
        train_decision(pos, "GWR", ["5+5E"])
    with pytest.raises(InputError, match="already owns 1 5\\+5E"):
        train_decision(_lms(), "LMS", ["5+5E"])


def test_train_decision_default_candidates_are_this_and_the_next_cards() -> None:
    assert default_candidates("5", "public") == ["5", "3G", "6", "4G"]
    assert default_candidates("8", "system", ("5+5E",)) == ["4+4", "6G", "2+2"]
    assert default_candidates("8", "system") == ["4+4", "6G", "5+5E", "2+2"]


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.sampled_from(["4", "5", "3G"]), min_size=0, max_size=2),
    st.sampled_from(["5", "3G"]),
)
def test_property_a_purchase_keeping_the_old_trains_never_lowers_the_run(old: list[str], train: str) -> None:
    """In the same phase with every old train kept, the run with the new train is worth at least the run without
    it (the new train may run nothing, §10.6)."""
    for board in (edinburgh_and_two_marker_cities(tuple(old)), glasgow_line(tuple(old))):
        decision = train_decision(board, "NER", [train])
        for option in decision.options:
            assert option.phase_after == "5" and not option.discarded
            assert option.run.revenue >= decision.current.revenue
            assert sum(option.cash_changes.values()) == 0


def test_train_decision_stop_ends_every_run_marked_not_proven() -> None:
    """Stop pressed before the runs: every route run ends at once, not proven (and never counted as proven); the
    G-train's cities are chosen exactly, so the 3G's run stays proven."""
    stop = threading.Event()
    stop.set()
    decision = train_decision(glasgow_line(), "NER", ["5", "3G"], stop=stop)
    five, goods = _option(decision, "5"), _option(decision, "3G")
    assert not five.run.proven and five.run.status in ("unknown", "feasible")
    assert goods.run.proven and goods.run.revenue == 90
