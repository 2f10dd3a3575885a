"""Importing the 1860 games recorded on 18xx.games (tests/data/importer/1860/, the site's fixtures
public/fixtures/1860/ at commit 111f7f6): every run replayed, every recorded revenue and subsidy reproduced by the
evaluator in the game's mode, the rulebook's verdict on each, and no recorded legal run above the exhaustive
enumerator's best where it finishes."""

from __future__ import annotations

import itertools
import json
import tempfile
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.board_position import plain, position_to_data
from solver.core.track_graph import TrackGraph
from solver.errors import InputError
from solver.export_actions import resolve_undo_redo
from solver.titles.g1860 import rulebook
from solver.titles.g1860.enumerator import best_run
from solver.titles.g1860.importer import RecordedRun, RunReview, import_game, review_game
from solver.titles.g1860.importer.connections import link_entry
from solver.titles.g1860.importer.replay import in_mode
from solver.titles.g1860.importer.review import review_run

GAMES = Path(__file__).parents[2] / "data" / "importer" / "1860"
OLD_FORMAT = GAMES / "19354.json"
STOCK_MARKET = GAMES / "1860_game_end_stock_market.json"
BANK = GAMES / "1860_game_end_bank.json"


@cache
def reviews(path: Path) -> tuple[RunReview, ...]:
    return tuple(review_game(path))


# ------------------------------------------------------------ whole games


@pytest.mark.parametrize(
    ("path", "runs", "routes", "leased", "nationalised"),
    [
        (OLD_FORMAT, 75, 92, [400, 406, 419, 424, 439, 442, 444, 474, 478], list(range(480, 494))),
        (STOCK_MARKET, 90, 119, [485, 511, 556, 598, 623, 626, 657, 660], []),
        (BANK, 85, 113, [431, 467, 501, 504, 507, 545, 547, 566, 568, 584, 607, 631], []),
    ],
)
def test_recorded_games_import_completely(
    path: Path, runs: int, routes: int, leased: list[int], nationalised: list[int]
) -> None:
    imported = [r.run for r in reviews(path)]
    assert len(imported) == runs
    assert sum(len(r.routes) for r in imported) == routes
    assert [r.action_id for r in imported if r.leased] == leased
    assert [r.action_id for r in imported if r.nationalisation] == nationalised


@pytest.mark.parametrize("path", [STOCK_MARKET, BANK])
def test_site_mode_reproduces_every_recorded_revenue_and_subsidy(path: Path) -> None:
    found = reviews(path)
    assert all(r.run.revenue is not None for r in found)
    assert Counter(r.difference for r in found) == {"match": len(found)}
    for review in found:
        assert review.site.revenue == review.run.revenue
        assert review.site.subsidy == review.run.subsidy


def test_old_format_routes_are_rebuilt_from_connections_and_legal_in_the_game_mode() -> None:
    found = reviews(OLD_FORMAT)
    assert {r.difference for r in found} == {"not_recorded"}
    assert all(r.site.legal for r in found)


@pytest.mark.parametrize(("path", "legal"), [(OLD_FORMAT, 38), (STOCK_MARKET, 60), (BANK, 47)])
def test_rulebook_verdict_on_every_recorded_run(path: Path, legal: int) -> None:
    found = reviews(path)
    assert sum(r.rulebook.legal for r in found) == legal
    for review in found:
        if not review.rulebook.legal:
            assert review.rulebook_problems
            assert all(p.rule.startswith("Running Trains, RB L") for p in review.rulebook.problems)


@pytest.mark.parametrize(
    ("path", "skipping", "reentering"), [(OLD_FORMAT, 37, 0), (STOCK_MARKET, 24, 18), (BANK, 27, 15)]
)
def test_the_rulebook_breaks_only_the_site_options_the_game_was_played_with(
    path: Path, skipping: int, reentering: int
) -> None:
    """The site's deviations (reference D1, D2): skipping small stations (RB L528) and, under the option
    re_enter_hexes, re-entering a hex (RB L527); no other rule is broken by a recorded run."""
    broken = Counter(rule for r in reviews(path) for rule in {p.rule for p in r.rulebook.problems})
    assert broken == {rule: n for rule, n in ((rulebook.CALL_AT_ALL, skipping), (rulebook.NO_REENTRY, reentering)) if n}


def test_bank_fixture_action_71_is_the_reference_example() -> None:
    run = next(r for r in reviews(BANK) if r.run.action_id == 71)
    assert [r.nodes for r in run.run.routes] == [
        ("J4:0", "I5:0", "H4:1", "H4:0", "G3:0", "G5:0"),
        ("F2:0", "F2:1", "F2:2", "F4:0", "G5:0"),
    ]
    assert [(t.revenue, t.subsidy) for t in run.site.trains] == [(50, 10), (60, 0)]


def test_a_route_inside_cowes_in_the_old_format() -> None:
    run = next(r for r in reviews(OLD_FORMAT) if r.run.action_id == 69)
    assert run.run.routes[0].nodes in {("F2:0", "F2:1"), ("F2:1", "F2:0")}
    assert run.site.trains[0].revenue == 30


def test_halts_are_ignored_after_the_southern_formed() -> None:
    for path in (OLD_FORMAT, STOCK_MARKET, BANK):
        runs = [r.run for r in reviews(path)]
        ignored = [r for r in runs if r.halts_ignored]
        assert ignored
        assert all(route.halts is None for r in ignored for route in r.routes)
        assert all(r.position.phase == "9" for r in ignored)


def test_a_company_parred_again_has_its_markers_turned_over() -> None:
    flipped = {c for r in reviews(STOCK_MARKET) for c in r.run.position.rules.get("flipped", ())}
    assert flipped == {"BHI&R"}


# ------------------------------------------------------------ against the exhaustive search


def test_no_recorded_legal_run_beats_the_enumerators_best_early_in_the_game() -> None:
    """The yellow phase: 18 runs of the three games, each in both modes."""
    covered = complete = 0
    for path in (OLD_FORMAT, STOCK_MARKET, BANK):
        for review in reviews(path):
            if review.run.position.phase != "2":
                continue
            for mode, verdict in (("site", review.site), ("rulebook", review.rulebook)):
                best = best_run(in_mode(review.run.position, mode), review.run.company, time_limit=5.0)
                covered += 1
                if best.complete:
                    complete += 1
                    assert not verdict.legal or verdict.revenue <= best.evaluation.revenue, review.run.action_id
    assert covered == 36
    assert complete >= covered // 2


# ------------------------------------------------------------ bad exports


def _write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _game(path: Path = STOCK_MARKET) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _action(data: dict[str, Any], action_id: int) -> dict[str, Any]:
    return next(a for a in data["actions"] if a["id"] == action_id)


def _error(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        import_game(path)
    return "\n".join(str(p) for p in caught.value.problems)


def test_truncated_export_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(STOCK_MARKET.read_text(encoding="utf-8")[:5000], encoding="utf-8")
    assert "not valid JSON" in _error(path)


def test_export_of_another_title_is_refused(tmp_path: Path) -> None:
    data = _game()
    data["title"] = "1862"
    assert "the game is '1862'" in _error(_write(tmp_path, data))


def test_export_without_actions_is_refused(tmp_path: Path) -> None:
    data = _game()
    data["actions"] = []
    assert "no action list" in _error(_write(tmp_path, data))


def test_edited_action_ids_are_refused(tmp_path: Path) -> None:
    data = _game()
    data["actions"][5]["id"] = 1
    assert "action ids must increase" in _error(_write(tmp_path, data))


def test_unsupported_option_is_refused(tmp_path: Path) -> None:
    data = _game()
    data["settings"]["optional_rules"].append("simplified_insolvency")
    assert "simplified_insolvency" in _error(_write(tmp_path, data))


def test_edited_connections_name_the_action_and_train(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 71)["routes"][0]["connections"][0] = ["I5", "K7"]
    message = _error(_write(tmp_path, data))
    assert "action 71 (run_routes by C&N) train 2+1-0" in message
    assert "do not follow the track" in message


def test_recorded_nodes_that_are_not_the_connections_stations_are_refused(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 71)["routes"][1]["nodes"] = ["F2-0", "F4-0", "G5-0"]
    assert "action 71 (run_routes by C&N) train 2+1-1" in _error(_write(tmp_path, data))


def test_tile_that_does_not_keep_the_track_is_refused(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 97)["rotation"] = 3  # 763 is laid at rotation 0 only (RB L469)
    message = _error(_write(tmp_path, data))
    assert "action 97 (lay_tile by C&N)" in message
    assert "763 at rotation 3 on G5" in message


def test_unknown_tile_is_refused(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 55)["tile"] = "999-0"
    assert "tile '999' is not an 1860 tile" in _error(_write(tmp_path, data))


def test_token_on_a_tile_not_on_the_map_is_refused(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 62)["city"] = "57-1-0"
    assert "action 62 (place_token by IOW): no tile '57-1' is on the map" in _error(_write(tmp_path, data))


def test_unknown_company_is_refused(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 58)["entity"] = "LNWR"
    assert "'LNWR' is not an 1860 company" in _error(_write(tmp_path, data))


def test_malformed_action_is_named(tmp_path: Path) -> None:
    data = _game(BANK)
    del _action(data, 58)["train"]
    assert "action 58 (buy_train by C&N): malformed action" in _error(_write(tmp_path, data))


def test_a_train_run_beside_a_train_the_company_does_not_own_is_refused(tmp_path: Path) -> None:
    data = _game(BANK)
    _action(data, 71)["routes"][1]["train"] = "3+2-0"
    assert "runs 3+2-0, which it does not own, beside other trains" in _error(_write(tmp_path, data))


@pytest.mark.parametrize(
    ("path", "map_variant", "rules"),
    [
        (OLD_FORMAT, "full", {"mode": "site"}),
        (STOCK_MARKET, "two_player", {"mode": "site", "reenter_hexes": True}),
        (BANK, "two_player", {"mode": "site", "reenter_hexes": True}),
    ],
)
def test_the_games_options_give_the_map_and_rule_mode(path: Path, map_variant: str, rules: dict[str, Any]) -> None:
    first = reviews(path)[0].run.position
    assert first.board.map_variant == map_variant
    assert dict(first.rules) == rules


def test_no_skip_towns_gives_the_rulebooks_mode(tmp_path: Path) -> None:
    data = _game(OLD_FORMAT)
    data["settings"]["optional_rules"] = ["no_skip_towns"]
    runs = import_game(_write(tmp_path, data))
    assert runs[0].position.rules["mode"] == "rulebook"


def test_no_skip_towns_with_hex_reentry_is_refused(tmp_path: Path) -> None:
    data = _game()
    data["settings"]["optional_rules"] = ["no_skip_towns", "re_enter_hexes"]
    assert "no_skip_towns together with re_enter_hexes" in _error(_write(tmp_path, data))


@pytest.mark.parametrize("path", [OLD_FORMAT, STOCK_MARKET, BANK])
def test_stations_read_from_connections_give_the_recorded_connections_back(path: Path) -> None:
    """Each step between consecutive stations of a route read from the record is track whose site entry is the
    recorded connection of that step (in either direction), and the stations are the recorded nodes and hexes."""
    raw_runs = {a["id"]: a for a in _game(path)["actions"] if a["type"] == "run_routes"}
    for review in reviews(path):
        run = review.run
        graph = TrackGraph(run.position)
        for route, raw in zip(run.routes, raw_runs[run.action_id]["routes"], strict=True):
            refs = [graph.node_ref(n) for n in route.nodes]
            for (a, b), recorded in zip(itertools.pairwise(refs), raw["connections"], strict=True):
                entries = {link_entry(graph, link) for link in graph.links(a, b)}
                assert tuple(recorded) in entries or tuple(recorded[::-1]) in entries, (run.action_id, a, b)
            if "nodes" in raw:
                assert {f"{r.hex}-{r.index}" for r in refs} == set(raw["nodes"])
                assert [r.hex for r in refs] == raw["hexes"]


def _cut_limit(data: dict[str, Any]) -> int:
    """The last action id before the first 9+5 is bought and before the last action of a company that is parred
    again (its markers are read as turned over from then): up to there nothing later in the record changes how an
    earlier run is read."""
    limit = int(data["actions"][-1]["id"])
    parred: set[str] = set()
    last: dict[str, int] = {}
    for action in data["actions"]:
        if action["type"] == "buy_train" and str(action.get("train", "")).startswith("9+5"):
            limit = min(limit, int(action["id"]) - 1)
        if action["type"] == "par":
            corporation = action["corporation"]
            if corporation in parred:
                limit = min(limit, last.get(corporation, int(action["id"]) - 1))
            parred.add(corporation)
        if isinstance(action.get("entity"), str):
            last[action["entity"]] = int(action["id"])
    return limit


def _assert_cut_reads_as_the_whole(game: Path, cut: int) -> list[RecordedRun]:
    """The export of `game` cut after action `cut` is the game as it stood then: its runs are the runs in effect
    at the cut (undo and redo read as the site does, `resolve_undo_redo`), so a run that an undo after the cut
    takes back is one of them. Every one that is also a run of the whole game is read exactly as there, on the
    same board. Returns the cut export's runs."""
    data = _game(game)
    data["actions"] = [a for a in data["actions"] if a["id"] <= cut]
    in_effect = [a["id"] for a in resolve_undo_redo(data["actions"]) if a["type"] == "run_routes"]
    whole = {r.run.action_id: r.run for r in reviews(game)}
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), data)
        if not in_effect:
            assert "records no run" in _error(path)
            return []
        cut_runs = import_game(path)
    assert [r.action_id for r in cut_runs] == in_effect
    both = [(r, whole[r.action_id]) for r in cut_runs if r.action_id in whole]
    assert [(r.routes, r.leased) for r, _ in both] == [(w.routes, w.leased) for _, w in both]
    assert [position_to_data(r.position) for r, _ in both] == [position_to_data(w.position) for _, w in both]
    return cut_runs


def test_a_record_cut_after_a_run_that_is_undone_later_keeps_that_run() -> None:
    """The stock market game cut after action 330 (hypothesis's 64 %): IWNJ's run 327 on the G5 tile it laid
    (325) and its marker there (326) is in effect then; undos 331-337 take it back and it is made again as
    run 343. The shorter export is the game as it stood at action 330: run 327 is one of its runs, on the same
    board as run 343."""
    cut_runs = _assert_cut_reads_as_the_whole(STOCK_MARKET, 330)
    undone = cut_runs[-1]
    again = next(r.run for r in reviews(STOCK_MARKET) if r.run.action_id == 343)
    assert (undone.action_id, undone.company) == (327, "IWNJ")
    assert undone.routes == again.routes
    assert position_to_data(undone.position) == position_to_data(again.position)
    assert review_run(undone).difference == "match"


@settings(max_examples=8, deadline=None)
@given(game=st.sampled_from([OLD_FORMAT, STOCK_MARKET, BANK]), fraction=st.floats(0.05, 1.0))
def test_a_record_cut_short_imports_the_runs_before_the_cut_unchanged(game: Path, fraction: float) -> None:
    """Replaying is causal: an export cut after any action (before the Southern or a second par, whose reading
    looks ahead) gives the runs in effect at the cut, each read as in the whole game and on the same board."""
    limit = _cut_limit(_game(game))
    _assert_cut_reads_as_the_whole(game, next(a["id"] for a in _game(game)["actions"] if a["id"] >= limit * fraction))


def test_no_verdict_depends_on_when_a_bankrupt_companys_markers_were_turned_over() -> None:
    """The export does not say when a price reached 0; the earliest moment is taken. Judged with the markers still
    standing, every run of that window gets the same verdicts (docs/importer-1860.md)."""
    window = [
        r for path in (OLD_FORMAT, STOCK_MARKET, BANK) for r in reviews(path) if r.run.position.rules.get("flipped")
    ]
    assert len(window) == 17
    for review in window:
        rules = {k: v for k, v in plain(review.run.position.rules).items() if k != "flipped"}
        standing = review_run(replace(review.run, position=replace(review.run.position, rules=rules)))
        assert (standing.difference, standing.site.revenue, standing.site.subsidy, standing.rulebook.legal) == (
            review.difference,
            review.site.revenue,
            review.site.subsidy,
            review.rulebook.legal,
        )
