"""Rule 7.8 with the Home Station marker off the board: "At least one run for a company must include the town
occupied by the company's Home Station marker". With no such marker (lost in the trim of markers after a merger
or acquisition, 7.5.6) no run can meet it, so the company has no legal run (RULES-NOTES "The home station").

The case is the one an exhaustive differential check found: the ESR's only marker at Lowestoft H7, nothing on
its home Ipswich F11, and a 7F that would otherwise earn 150 (Lowestoft 30 + Lowestoft port 120)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest
from ortools.sat.python import cp_model

from routes.conftest import RouteKit
from solver.cli import main
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.cpsat_model import RunModel
from solver.titles.g1862.routes.enumerator import enumerate_best
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.model import Evaluation, RouteSpec, SolveOptions
from solver.titles.g1862.routes.optimizer import optimize, prepare

LOWESTOFT = Path(__file__).resolve().parent / "data" / "esr-lowestoft-no-home.json"
PORT_RUN = RouteSpec("7F", ("H7", "H9"))  # Lowestoft 30 + Lowestoft port 120 in phase F


def lowestoft() -> Position:
    return load_position(LOWESTOFT)


def with_home(position: Position, company: str, home: str) -> Position:
    """The position with the company's home station moved to `home` (a position file's `home` field)."""
    state = replace(position.companies[company], home=home)
    return replace(position, companies=MappingProxyType({**position.companies, company: state}))


def names_the_home_rule(evaluation: Evaluation) -> bool:
    return any(
        p.rule == "7.8" and "Home Station marker is not on the board" in p.message and "F11 Ipswich" in p.message
        for p in evaluation.problems
    )


def test_the_lowestoft_run_earns_150_when_lowestoft_is_the_home() -> None:
    """The same board and route with the ESR's home at Lowestoft (where its marker stands): a legal run of 150,
    so what the tests below refuse is the home rule and nothing else."""
    position = with_home(lowestoft(), "ESR", "H7")
    evaluation = evaluate(position, "ESR", [PORT_RUN])
    assert evaluation.legal and evaluation.revenue == 150
    result = optimize(position, "ESR")
    assert result.status == "optimal" and result.revenue == 150
    best, _ = enumerate_best(position, "ESR")
    assert best.legal and best.revenue == 150


def test_evaluator_refuses_a_run_without_the_home_station_marker_on_the_board() -> None:
    evaluation = evaluate(lowestoft(), "ESR", [PORT_RUN])
    assert not evaluation.legal and evaluation.revenue == 0 and not evaluation.trains
    assert names_the_home_rule(evaluation)
    assert any("7.5.6" in p.message for p in evaluation.problems)  # the reason a marker can be missing


def test_evaluator_names_the_home_rule_even_when_a_route_is_off_the_track() -> None:
    """The home rule does not depend on the routes, so a route that does not follow track is refused with both
    its track problem and 7.8."""
    evaluation = evaluate(lowestoft(), "ESR", [RouteSpec("7F", ("H7", "G6"))])
    assert not evaluation.legal
    assert names_the_home_rule(evaluation)
    assert any(p.rule != "7.8" or "Home Station" not in p.message for p in evaluation.problems)


def test_evaluator_an_empty_run_stays_legal_and_earns_nothing() -> None:
    evaluation = evaluate(lowestoft(), "ESR", [])
    assert evaluation.legal and evaluation.revenue == 0 and not evaluation.problems


def test_a_marker_on_the_printed_home_does_not_count_when_the_home_was_moved() -> None:
    """The home marker is on the board when the company has a marker on *its* home hex (a position may name a
    home other than the printed one): the ESR with its home moved to Great Yarmouth H5, where it has no marker."""
    position = with_home(lowestoft(), "ESR", "H5")
    evaluation = evaluate(position, "ESR", [PORT_RUN])
    assert not evaluation.legal
    assert any(p.rule == "7.8" and "H5 Great Yarmouth" in p.message for p in evaluation.problems)


def test_optimizer_answers_no_legal_run_with_rule_7_8() -> None:
    result = optimize(lowestoft(), "ESR")
    assert result.status == "infeasible" and result.revenue == 0 and result.routes == ()
    assert "(7.8)" in result.reason and "Home Station marker is not on the board" in result.reason
    assert "F11 Ipswich" in result.reason
    assert names_the_home_rule(result.evaluation)


def test_optimizer_lists_no_routes_for_a_company_without_its_home_marker() -> None:
    prepared = prepare(lowestoft(), "ESR")
    assert prepared.plan is None


def test_optimizer_with_pinned_routes_answers_no_legal_run_with_rule_7_8() -> None:
    result = optimize(lowestoft(), "ESR", SolveOptions(pinned=(PORT_RUN,)))
    assert result.status == "infeasible" and "Home Station marker" in result.reason


def test_cpsat_model_runs_no_train_without_the_home_station_marker() -> None:
    """The model itself follows 7.8: built for the Lowestoft board (as `optimize` never does, since it answers
    first), its best run is the empty run."""
    position = with_home(lowestoft(), "ESR", "H7")
    prepared = prepare(position, "ESR")
    assert prepared.plan is not None
    homeless = replace(prepared.position.companies["ESR"], home="F11")
    run = RunModel(prepared.sg, homeless, prepared.plan, "revenue")
    solver = cp_model.CpSolver()
    assert solver.solve(run.model) == cp_model.OPTIMAL
    assert solver.value(run.revenue) == 0 and run.routes(solver) == []
    with_marker = RunModel(prepared.sg, prepared.position.companies["ESR"], prepared.plan, "revenue")
    assert solver.solve(with_marker.model) == cp_model.OPTIMAL and solver.value(with_marker.revenue) == 150


def test_enumerator_answers_no_legal_run_with_rule_7_8() -> None:
    best, routes = enumerate_best(lowestoft(), "ESR")
    assert not best.legal and routes == () and best.revenue == 0
    assert names_the_home_rule(best)


def test_routes_cli_says_no_legal_run_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["routes", str(LOWESTOFT), "--company", "ESR"])
    out, err = capsys.readouterr()
    assert code == 0 and not err
    assert "no legal run" in out and "Home Station marker is not on the board" in out and "(7.8)" in out
    assert "Traceback" not in out


def test_routes_cli_json_gives_the_infeasible_status_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["routes", str(LOWESTOFT), "--company", "ESR", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["status"] == "infeasible" and data["revenue"] == 0 and data["routes"] == []
    assert "Home Station marker is not on the board" in data["reason"] and "(7.8)" in data["reason"]


def test_score_cli_refuses_a_hand_entered_route_with_7_8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    routes = tmp_path / "esr.routes.json"
    routes.write_text(json.dumps({"company": "ESR", "routes": [{"train": "7F", "hexes": ["H7", "H9"]}]}))
    code = main(["score", str(LOWESTOFT), "--routes", str(routes)])
    _, err = capsys.readouterr()
    assert code == 2
    assert "Home Station marker is not on the board" in err and "(rule 7.8)" in err
    code = main(["score", str(LOWESTOFT), "--routes", str(routes), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 2 and data["legal"] is False
    assert any(p["rule"] == "7.8" and "Home Station" in p["message"] for p in data["problems"])


def test_a_company_without_its_home_marker_on_the_rulebook_board_has_no_legal_run(kit: RouteKit) -> None:
    """The 7.8.4 board with the L&H's King's Lynn (C4) marker gone, only Wisbech (B5) left: the Express route
    from The West to Wisbech, which needs no main run once the home marker is gone if 7.8 is read loosely, is
    refused with 7.8."""
    position = kit.rulebook_position("lh-multiple-types", stations={"B5": ["L&H"]})
    ev = kit.run(position, "L&H", ("4E", "A10 B9 B7 B5"))
    assert not ev.legal
    assert kit.has(ev, "7.8", "L&H", "Home Station marker is not on the board", "C4")


def test_no_route_through_the_home_station_is_no_legal_run_found_before_any_chain_is_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stress board 11: the N&E's home Bishop's Stortford (B13) has track only into London, and the N&E has no
    London link (7.6.5), so no legal route of any of its trains includes the home station and no run is legal
    (7.8 bullet 2). That is known once the trains' routes are listed: no Freight chain is listed and no model
    is built, and the reason names the home station (it used to say that no train had any legal route)."""
    from solver.titles.g1862.random_board import stress_positions
    from solver.titles.g1862.routes.chain_candidates import ChainLister
    from solver.titles.g1862.routes.enumerator import legal_routes
    from solver.titles.g1862.track import build_graph

    position = stress_positions()[11]
    assert position.companies["N&E"].home == "B13"

    def no_listing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a chain was listed")

    monkeypatch.setattr(ChainLister, "chains", no_listing)
    monkeypatch.setattr(RunModel, "__init__", no_listing)
    result = optimize(position, "N&E")
    assert result.status == "infeasible"
    assert "B13 Bishop's Stortford" in result.reason and "7.8" in result.reason
    monkeypatch.undo()
    graph = build_graph(position)  # the enumerator's own listing agrees: no legal route reaches B13
    routes = [r for train in position.companies["N&E"].trains for r in legal_routes(graph, "N&E", train)]
    assert routes and not any("B13" in hexes for hexes in routes)
