"""The explanation of a run (solver.titles.g1862.routes.explain): every pound of the evaluator's result in words, on the
late-game example, the rulebook's examples and random runs of the rulebook boards (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings

from routes.conftest import RouteKit
from routes.test_evaluator_properties import board, judge, runs
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.explain import explain, explanation_lines
from solver.titles.g1862.routes.model import RouteSpec

# The late-game ECR run the optimizer proves best (revenue 1240):
# 6F + 5F + 3F as one Freight run from the Great Yarmouth port to the Midlands, a 4/5E and a 4L.
ECR_RUN = [
    RouteSpec("6F", ("I4", "H5", "G6", "F5", "F7", "F9", "F11")),
    RouteSpec("5F", ("F11", "E12", "E10", "E8", "D7", "C8")),
    RouteSpec("3F", ("C8", "C6", "B7", "A8")),
    RouteSpec("4/5E", ("D15", "D13", "E12", "F13", "G14")),
    RouteSpec("4L", ("C8", "D7", "E8", "E6", "F5", "G6", "H5")),
]


def test_the_late_game_ecr_freight_bonus_is_shown_as_its_sum(late_game: Position) -> None:
    run = explain(evaluate(late_game, "ECR", ECR_RUN), late_game.game)
    first = run.trains[0]
    assert first.bonus.startswith("7 intervening hexes x 30 = 210")  # a port end: 30 a hex (7.8.1)
    assert first.bonus_value == 210
    assert "runs end to end with 2: 5F and 3: 3F" in first.chain
    assert "bonus is shown with train 1" in run.trains[1].chain
    assert (run.revenue, run.subsidy, run.total) == (1240, 70, 1310)


def test_each_stop_that_earns_nothing_says_why_with_its_rule(late_game: Position) -> None:
    run = explain(evaluate(late_game, "ECR", ECR_RUN), late_game.game)
    why = {(t.train, s.name): s.why for t in run.trains for s in t.stops}
    assert why[("4/5E", "D13 Witham")] == "dropped: a 4/5E scores 4 of its 5 stations (7.8.3)"
    assert why[("6F", "F5 Norwich")] == "passed through: a Freight run scores only its ends (7.8.1)"
    assert why[("6F", "small station in G6 Acle")] == "small station: ignored by Freight trains (7.8.1)"
    assert why[("6F", "Great Yarmouth port (I4)")] == ""
    reasons = {s.reason for t in run.trains for s in t.stops if not s.earned}
    assert reasons == {"dropped", "passed through", "small station ignored"}
    assert why[("4L", "small station in G6 Acle")] == ""  # a Local scores small stations (7.8.2)
    local = run.trains[4]
    assert local.subsidy == "7 hexes x 10 = 70" and local.subsidy_value == 70


def test_a_stop_scored_by_another_train_names_that_train(late_game: Position) -> None:
    ev = evaluate(
        late_game,
        "ESR",
        [RouteSpec("4E", ("E12", "F11", "G10", "G12", "H11")), RouteSpec("3L", ("D9", "E10", "F11", "F9", "F7"))],
    )
    run = explain(ev, late_game.game)
    ipswich = next(s for s in run.trains[1].stops if s.name == "F11 Ipswich")
    assert ipswich.earned == 0 and ipswich.why.startswith("scored by 4E")
    woodbridge = next(s for s in run.trains[0].stops if s.name == "small station in G10 Woodbridge")
    assert woodbridge.why == "small station: ignored by Express trains (7.8.3)"


def test_rulebook_7_8_2_wnr_local_3_text_shows_110_and_40_subsidy(kit: RouteKit) -> None:
    ev = kit.rulebook_run("west-norfolk.local-3.routes.json")
    position = kit.rulebook_position("west-norfolk")
    lines = explanation_lines(explain(ev, position.game))
    assert "    revenue 110" in lines
    assert any(line.startswith("    Local subsidy: 4 hexes x 10 = 40") for line in lines)


def test_the_text_lists_every_train_and_stop(late_game: Position) -> None:
    ev = evaluate(late_game, "ECR", ECR_RUN)
    lines = explanation_lines(explain(ev, late_game.game))
    assert sum(line.startswith("  Train ") for line in lines) == 5
    assert sum(len(t.stops) for t in ev.trains) == sum(" -> " in line for line in lines)
    assert "    Freight bonus: 7 intervening hexes x 30 = 210 (as the crow flies, a port at an end, 7.8.1)" in lines


@settings(max_examples=150, deadline=None)
@given(runs())
def test_the_explanation_adds_up_to_the_evaluators_figures(case: tuple[int, list[RouteSpec]]) -> None:
    index, routes = case
    ev = judge(index, routes)
    position, _, _, _ = board(index)
    run = explain(ev, position.game)
    assert len(run.trains) == len(ev.trains)
    for t in run.trains:
        assert sum(s.earned for s in t.stops) + t.bonus_value == t.revenue
        assert all(bool(s.why) == (s.earned == 0) for s in t.stops if s.value)
        if t.bonus:
            assert t.bonus.split(" (")[0].endswith(f"= {t.bonus_value}")
    assert sum(t.revenue for t in run.trains) == run.revenue == ev.revenue
    assert sum(t.subsidy_value for t in run.trains) == run.subsidy == ev.subsidy
