"""Implicit events rebuilt from hand-made exports: home markers (7.2), mergers (5.2, 7.5.6) and a train
bought in receivership."""

from __future__ import annotations

from solver.titles.g1862.importer import import_export
from solver.titles.g1862.importer.export_file import parse_export
from solver.titles.g1862.importer.replay import ImportedGame
from solver.titles.g1862.trains import TrainType
from solver.titles.g1862.validation import validate_position

from .builder import P1, P2, Export, wvr_start


def replay(export: Export) -> ImportedGame:
    return import_export(parse_export(export.data()))


def wvr_marker_on_ngc_home(export: Export) -> None:
    wvr_start(export)
    export.lay("WVR", "C10", "6-0", 4)
    export.token("WVR", "6-0-0", 0)
    export.par(P2, "NGC")
    export.add("pass", "WVR")


def test_home_marker_placed_when_the_company_first_operates() -> None:
    export = Export()
    wvr_start(export)
    game = replay(export)
    assert game.final_position is not None
    assert game.final_position.stations["G8"] == ("WVR",)


def test_home_marker_displaces_the_marker_placed_last_when_the_home_is_full() -> None:
    export = Export()
    wvr_marker_on_ngc_home(export)
    export.add("pass", "NGC")  # NGC's first turn: it does not upgrade its full home (tile 6, one space)
    game = replay(export)
    assert game.final_position is not None
    assert game.final_position.stations["C10"] == ("NGC",)
    assert any("NGC's home marker displaces WVR's marker on C10" in n for n in game.notes)


def test_home_upgrade_makes_room_instead_of_displacing() -> None:
    export = Export()
    wvr_marker_on_ngc_home(export)
    export.buy("WVR", "B-0", "2/3E")  # the first B train starts phase B: green tiles (9.0)
    export.lay("NGC", "C10", "14-0", 4)  # green: two spaces (7.2, third paragraph)
    game = replay(export)
    assert game.final_position is not None
    assert game.final_position.stations["C10"] == ("WVR", "NGC")
    assert validate_position(game.final_position) == []


def merger_export(choice: str) -> Export:
    export = Export()
    export.par(P1, "EUR")
    export.par(P2, "N&E")
    export.lay("EUR", "E12", "790-0", 2)
    export.token("EUR", "D15-0-4", 0)  # London link
    export.lay("N&E", "B13", "6-0", 3)
    export.token("N&E", "790-0-0", 1)  # shares Colchester with EUR
    export.buy("N&E", "A-0", "1F*")
    export.add("pass", "N&E")
    export.token("EUR", "B15-0-3", 0)  # hand-made: a second London space, to test the duplicate rule
    export.actions[-1]["entity"] = "N&E"
    export.add("merge", "EUR", corporation="N&E")
    export.add("choose", "EUR", choice=choice)
    return export


def test_merger_removes_shared_and_second_london_markers_and_swaps_the_rest() -> None:
    game = replay(merger_export("first"))  # EUR survives
    pos = game.final_position
    assert pos is not None
    assert pos.stations["E12"] == ("EUR",)  # N&E's marker beside EUR's is removed (7.5.6)
    assert pos.stations["B13"] == ("EUR",)  # N&E's home marker becomes EUR's
    assert pos.london == ("EUR",)  # one London marker per company (7.6.5)
    eur = pos.companies["EUR"]
    assert [t.name for t in eur.trains] == ["1F"]
    assert eur.permits == {TrainType.EXPRESS, TrainType.FREIGHT}
    assert "N&E" not in pos.companies


def test_merger_with_the_other_survivor_keeps_its_markers() -> None:
    game = replay(merger_export("last"))  # N&E survives
    pos = game.final_position
    assert pos is not None
    assert pos.stations["E12"] == ("N&E",)
    assert pos.london == ("N&E",)
    assert "EUR" not in pos.companies


def test_receivership_company_buys_the_train_its_next_run_uses() -> None:
    export = Export()
    wvr_start(export)
    export.add("pass", P1)  # stock round
    export.lay("WVR", "F11", "790-1", 1)
    export.run("WVR", "A-0", ["F11", "G10", "G8"], 60)
    export.add("dividend", "WVR", kind="payout")
    export.add("sell_shares", P1, shares=["WVR_0"], percent=30)  # nobody holds 30%: receivership (6.4.3)
    export.run("WVR", "A-0", ["F11", "G10", "G8"], 60)  # no dividend action: the site pays it
    export.add("pass", P2)
    export.add(
        "run_routes",
        "WVR",
        routes=[
            {"train": t, "hexes": ["F11", "G10", "G8"], "connections": [["G10", "F11"], ["G8", "G10"]], "revenue": 60}
            for t in ("A-0", "A-1")
        ],
    )
    game = replay(export)
    last = game.runs[-1]
    assert last.receivership
    assert [t.name for t in last.position.companies["WVR"].trains] == ["2E", "2E"]  # Express: WVR's permit
    assert any("WVR (in receivership) buys train A-1 as 2E" in n for n in game.notes)


def test_token_recorded_in_an_occupied_space_goes_in_the_first_free_space() -> None:
    # C10 gets a green two-space tile holding WVR's marker in space 0; EUR's action names space 0 too: the site
    # puts a marker in the first free space whatever the action records, so EUR's goes in space 1.
    export = Export()
    wvr_marker_on_ngc_home(export)
    export.buy("WVR", "B-0", "2/3E")  # phase B: green tiles (9.0)
    export.par(P1, "EUR")
    export.lay("EUR", "C10", "14-0", 4)
    export.token("EUR", "14-0-0", 0)
    game = replay(export)
    assert game.final_position is not None
    assert game.final_position.stations["C10"] == ("WVR", "EUR")
    assert any("EUR's marker on C10 goes in space 1, the first free one" in n for n in game.notes)
    assert validate_position(game.final_position) == []
