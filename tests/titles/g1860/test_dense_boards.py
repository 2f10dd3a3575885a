"""The benchmark's dense 1860 boards (benchmarks/run_1860.py, docs/benchmarks.md) are positions a real game can
reach: no more of a train than the game has (Phases, RB L274-L289: one 8+4, one 7+4), within phase 9's limit of
two trains unless the position records the optional rule of no train limit (RB L283, L285), in both rule modes."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from benchmarks.run_1860 import FOUR_TRAINS, TWO_TRAINS, Named, dense_positions
from solver.core.board_data import DATA_ROOT
from solver.titles.g1860.modes import position_problems, run_mode
from solver.titles.g1860.trains import train_rows


@cache
def _boards() -> tuple[Named, ...]:
    return tuple(dense_positions())


def _train_limit(phase: str) -> int:
    phases = json.loads((DATA_ROOT / "1860" / "trains.json").read_text(encoding="utf-8"))["phases"]
    return int(next(p["train_limit"] for p in phases if p["id"] == phase))


def test_rb_l274_every_dense_board_holds_no_more_of_a_train_than_the_game_has() -> None:
    counts = {row["id"]: row["count"] for row in train_rows()}
    for name, company, position in _boards():
        for train, held in Counter(position.companies[company].trains).items():
            assert counts[train] is None or held <= counts[train], (name, company, train)


def test_rb_l283_l285_more_than_two_trains_only_under_the_recorded_rule_of_no_train_limit() -> None:
    for name, company, position in _boards():
        trains = position.companies[company].trains
        assert position.phase == "9"
        assert bool(position.rules.get("no_train_limit", False)) == (len(trains) > _train_limit(position.phase))
        assert position_problems(position) == [], (name, company)


def test_the_dense_suite_covers_both_train_sets_in_both_rule_modes() -> None:
    seen = {
        (tuple(position.companies[company].trains), run_mode(position, company).skip_small)
        for _, company, position in _boards()
    }
    assert seen == {(trains, skip) for trains in (*FOUR_TRAINS, TWO_TRAINS) for skip in (False, True)}
