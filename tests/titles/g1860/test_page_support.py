"""The solver/ functions behind 1860's pages, tested without Streamlit: the run report (cards from an Evaluation), the
proof status, the routes drawn on the board, the run settings through the title registry, the importer's board after
any action, the best runs beside a recorded run, and the `score` command on an 1860 position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.run_report import run_report, solved_in, station_choices, status_text
from solver.core.search.run_search import SearchResult
from solver.core.track_graph import TrackGraph
from solver.draw.any_board import node_points
from solver.draw.run_traces import route_points, run_traces
from solver.jsonfile import read_json_file
from solver.titles import registry
from solver.titles.g1860 import rulebook
from solver.titles.g1860.evaluator import evaluate
from solver.titles.g1860.importer.replay import import_game, position_after
from solver.titles.g1860.importer.review import best_runs, review_run
from solver.titles.g1860.modes import with_settings
from solver.titles.g1860.optimizer import best_run

from .money_positions import EXAMPLES, example

BANK_GAME = Path(__file__).resolve().parents[2] / "data" / "importer" / "1860" / "1860_game_end_bank.json"
CN_ROUTE = RouteSpec("8+4", ("F2:0", "F2:1", "F2:2", "F4:0", "G5:0"))
TITLE = registry.TITLES["1860"]


def test_run_report_gives_one_card_per_train_with_each_stop_and_what_it_earns() -> None:
    position = example("nationalisation")
    evaluation = evaluate(position, "C&N", [CN_ROUTE])
    report = run_report(evaluation, TrackGraph(position))
    assert report.legal and not report.problems
    [card] = report.trains
    [score] = evaluation.trains
    assert (card.number, card.train, card.route) == (1, "8+4", "F2:0 - F2:1 - F2:2 - F4:0 - G5:0")
    assert [(s.node, s.counted, s.note) for s in card.stops] == [(str(s.node), s.counted, s.note) for s in score.stops]
    assert sum(s.value for s in card.stops if s.counted) == card.revenue == evaluation.revenue == 80
    assert card.stops[2].place == "halt, Cowes" and card.stops[2].note == "not counted (the Southern has formed)"
    assert report.total == evaluation.revenue + evaluation.subsidy


def test_run_report_of_an_illegal_run_names_each_problem_with_its_rule_and_has_no_cards() -> None:
    position = example("nationalisation")
    evaluation = evaluate(position, "C&N", [RouteSpec("8+4", ("F2:0", "G5:0"))])
    report = run_report(evaluation, TrackGraph(position))
    assert not report.legal and report.trains == ()
    assert report.problems == tuple(f"{p.where}: {p.message} ({p.rule})" for p in evaluation.problems)
    assert any(rulebook.CONTINUOUS_TRACK in p for p in report.problems)


def test_station_choices_list_every_node_with_track_with_its_place() -> None:
    graph = TrackGraph(example("nationalisation"))
    choices = station_choices(graph)
    assert choices["F2:0"] == "F2:0 large, Cowes" and choices["F2:2"] == "F2:2 halt, Cowes"
    assert choices["G5:1"] == "G5:1 large Shide"  # a node with a name of its own
    assert all(graph.neighbours(graph.node_ref(ref)) for ref in choices)


def _result(status: str, reason: str = "") -> SearchResult:
    return SearchResult(status, (), Evaluation("C&N", True), 120, 1.25, reason)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("status", "reason", "text"),
    [
        ("optimal", "", "proven optimal"),
        ("feasible", "", "best found in 1.2 s, bound 120"),
        ("infeasible", "no choice of routes makes a legal run", "no legal run: no choice of routes makes a legal run"),
        ("unknown", "stopped before any run was found", "stopped before any run was found after 1.2 s"),
    ],
)
def test_status_text_says_the_proof_status(status: str, reason: str, text: str) -> None:
    assert status_text(_result(status, reason)).startswith(text)


@pytest.mark.parametrize(
    ("status", "text"),
    [
        ("optimal", "proven optimal"),
        ("feasible", "stopped after 1.2 s: best run so far, bound 120"),
        ("unknown", "stopped after 1.2 s: no run found yet"),
    ],
)
def test_status_text_of_a_search_ended_by_stop_says_it_was_stopped(status: str, text: str) -> None:
    assert status_text(_result(status, "stopped before any run was found"), stopped=True) == text


@pytest.mark.parametrize(
    ("status", "stopped", "text"),
    [
        ("optimal", False, "proven optimal (solved in 1.25 s)"),
        ("feasible", False, "best found in 1.2 s, bound 120"),
        ("feasible", True, "stopped after 1.2 s: best run so far, bound 120"),
        ("unknown", True, "stopped after 1.2 s: no run found yet"),
    ],
)
def test_a_status_that_gives_the_time_is_not_followed_by_solved_in(status: str, stopped: bool, text: str) -> None:
    """The Routes page's answer of a stopped search read "stopped after 1.2 s: ... (solved in 1.25 s)"."""
    result = _result(status, "stopped before any run was found")
    assert status_text(result, stopped=stopped) + solved_in(result.status, result.seconds) == text


def test_a_search_ended_by_ctrl_c_names_it() -> None:
    assert (
        status_text(_result("unknown"), stopped=True, by="Ctrl-C") == "stopped by Ctrl-C after 1.2 s: no run found yet"
    )


def test_run_traces_follow_the_track_from_the_first_station_to_the_last() -> None:
    position = example("nationalisation")
    graph = TrackGraph(position)
    nodes = tuple(graph.node_ref(n) for n in CN_ROUTE.nodes)
    points = route_points(graph, nodes)
    first = node_points(position.board, "F2", graph.faces["F2"])[0]
    last = node_points(position.board, "G5", graph.faces["G5"])[0]
    assert points[0] == pytest.approx(first) and points[-1] == pytest.approx(last)
    assert len(points) > len(nodes)  # along the track's curves, not straight from station to station
    traces = run_traces(graph, [("1: 8+4", nodes), ("2: 8+4", nodes)])
    assert [t.name for t in traces] == ["1: 8+4", "1: 8+4 stops", "2: 8+4", "2: 8+4 stops"]
    assert traces[0].line.color != traces[2].line.color


def test_with_settings_to_the_rulebook_drops_reentering_hexes_rb_l527() -> None:
    position = with_settings(example("nationalisation"), mode="site", reenter_hexes=True)
    assert position.rules["reenter_hexes"] is True
    back = with_settings(position, mode="rulebook")
    assert back.rules["mode"] == "rulebook" and "reenter_hexes" not in back.rules
    assert with_settings(back, nationalisation=True).rules["nationalisation"] is True


def test_the_registry_runs_1860s_evaluator_optimizer_and_settings() -> None:
    position = example("nationalisation")
    assert TITLE.on_core_routes and not registry.TITLES["1862"].on_core_routes
    assert TITLE.evaluate(position, "C&N", [CN_ROUTE]) == evaluate(position, "C&N", [CN_ROUTE])
    nationalised = TITLE.with_settings(position, nationalisation=True)
    through = TITLE.best_run(nationalised, "IWNJ", objective="revenue", time_limit=20.0)
    direct = best_run(position, "IWNJ", nationalisation=True, time_limit=20.0)
    assert through.status == direct.status == "optimal"
    assert through.evaluation.revenue == direct.evaluation.revenue == 120
    assert [s.key for s in TITLE.run_settings] == ["mode", "nationalisation"]
    assert {o for o, _ in TITLE.objectives} == {"revenue", "cash"}


def test_position_after_an_action_is_the_board_the_next_run_is_judged_on() -> None:
    data = read_json_file(BANK_GAME, "game")
    runs = [r for r in import_game(BANK_GAME) if not r.leased][:12]
    run = runs[-1]
    moment = position_after(data, str(BANK_GAME), run.action_id - 1)
    assert dict(moment.tiles) == dict(run.position.tiles)
    assert dict(moment.stations) == dict(run.position.stations)
    assert moment.companies[run.company].trains == run.position.companies[run.company].trains
    assert run.company in moment.companies and len(moment.companies) > 1


def test_best_runs_beside_a_site_mode_run_are_proven_in_both_modes_and_never_beaten_by_the_recorded_run() -> None:
    run = next(r for r in import_game(BANK_GAME) if not r.leased and r.position.phase == "3")
    found = best_runs(run, 20.0)
    assert set(found) == {"site", "rulebook"}
    assert all(r.status == "optimal" for r in found.values())
    assert found["site"].evaluation.revenue >= review_run(run).site.revenue
    assert found["site"].evaluation.revenue >= found["rulebook"].evaluation.revenue  # the site's options only add


def test_score_command_judges_an_1860_route_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    routes = tmp_path / "routes.json"
    routes.write_text(json.dumps({"company": "C&N", "routes": [{"train": "8+4", "nodes": list(CN_ROUTE.nodes)}]}))
    position = str(EXAMPLES / "position-1860-nationalisation.json")
    assert main(["score", position, "--routes", str(routes)]) == 0
    out = capsys.readouterr().out
    assert "C&N run, phase 9: legal" in out and "Revenue 80; halt subsidy 0" in out
    assert main(["score", position, "--routes", str(routes), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["revenue"] == 80
    routes.write_text(json.dumps({"company": "C&N", "routes": [{"train": "8+4", "nodes": ["F2:0", "G5:0"]}]}))
    assert main(["score", position, "--routes", str(routes)]) == 2
    assert "RB L526" in capsys.readouterr().err
