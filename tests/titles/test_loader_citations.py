"""The faults the core's loader finds in a position of 1860 or 18BF (data/<title>/title.json → `rules`) cite the
title's rulebook, as every other message of that title does (1860: heading and line, RB L<n>; 18BF: §n), never
"board data": title.json's `rules` are the title's rulebook module's strings, and each bad file exits 2 from
`validate` and `show` with the hex, node or company named and the rule cited. 1860's bad files are
tests/core/data/positions/bad/ (all of 1860); 18BF's tests/titles/g18bf/data/loader-bad/, each the early example
with one fault."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from solver.cli import main
from solver.core.board_data import DATA_ROOT
from solver.titles.g18bf import rulebook as rb18bf
from solver.titles.g1860 import rulebook as rb1860

ROOT = Path(__file__).resolve().parents[2]
BAD = {
    "1860": ROOT / "tests" / "core" / "data" / "positions" / "bad",
    "18bf": ROOT / "tests" / "titles" / "g18bf" / "data" / "loader-bad",
}
RULEBOOK: dict[str, ModuleType] = {"1860": rb1860, "18bf": rb18bf}

#: Each fact the loader checks (`BoardRule`) and the name of its citation in each title's rulebook module.
FACTS = {
    "1860": {
        "hexes": "THE_MAP",
        "land": "THE_MAP",
        "tiles": "TILES_IN_BOX",
        "rotations": "TILE_PLACEMENT",
        "tile_counts": "TILES_IN_BOX",
        "companies": "COMPANIES",
        "markers": "ONE_BASE_PER_HEX",
        "spaces": "BASE_SPACES",
        "phase": "PHASES",
    },
    "18bf": {
        "hexes": "THE_MAP",
        "land": "LAND",
        "tiles": "TILES_IN_BOX",
        "rotations": "TILE_PLACEMENT",
        "tile_counts": "TILES_IN_BOX",
        "companies": "COMPANIES",
        "markers": "STATION_MARKERS",
        "spaces": "STATION_MARKERS",
        "phase": "PHASES",
    },
}

#: title, bad file, where its fault is, the name of the citation in the title's rulebook module
CITED = [
    ("1860", "tile-off-map", "tiles Z9", "THE_MAP"),
    ("1860", "tile-on-offboard", "tiles J2", "THE_MAP"),
    ("1860", "tile-unknown", "tiles F6", "TILES_IN_BOX"),
    ("1860", "tile-fixed-rotation", "tiles G5", "TILE_PLACEMENT"),
    ("1860", "tile-count", "tiles F2, F6", "TILES_IN_BOX"),
    ("1860", "company-unknown", "companies LSWR", "COMPANIES"),
    ("1860", "stations-off-map", "stations Z9", "THE_MAP"),
    ("1860", "stations-company-unknown", "stations F2 node 0", "COMPANIES"),
    ("1860", "stations-over-slots", "stations F2 node 0", "BASE_SPACES"),
    ("1860", "stations-twice", "stations F2 node 0", "ONE_BASE_PER_HEX"),
    ("1860", "stations-on-node-without-space", "stations F2 node 1", "BASE_SPACES"),
    ("1860", "unknown-phase", "phase", "PHASES"),
    ("18bf", "tile-off-map", "tiles Z99", "THE_MAP"),
    ("18bf", "tile-on-offboard", "tiles A13", "LAND"),
    ("18bf", "tile-unknown", "tiles U21", "TILES_IN_BOX"),
    ("18bf", "company-unknown", "companies XYZ", "COMPANIES"),
    ("18bf", "stations-off-map", "stations Z99", "THE_MAP"),
    ("18bf", "stations-company-unknown", "stations M15 node 0", "COMPANIES"),
    ("18bf", "stations-over-slots", "stations D10 node 0", "STATION_MARKERS"),
    ("18bf", "stations-twice", "stations D10 node 0", "STATION_MARKERS"),
    ("18bf", "unknown-phase", "phase", "PHASES"),
]


@pytest.mark.parametrize("title", sorted(FACTS))
def test_the_board_data_cites_the_rulebook_for_every_fact_the_loader_checks(title: str) -> None:
    rules = json.loads((DATA_ROOT / title / "title.json").read_text(encoding="utf-8"))["rules"]
    assert rules == {fact: getattr(RULEBOOK[title], name) for fact, name in FACTS[title].items()}


def test_every_18bf_bad_file_is_cited() -> None:
    assert sorted(p.stem for p in BAD["18bf"].glob("*.json")) == sorted(c[1] for c in CITED if c[0] == "18bf")


@pytest.mark.parametrize(("title", "name", "where", "rule"), CITED, ids=[f"{c[0]}-{c[1]}" for c in CITED])
def test_a_bad_file_exits_2_citing_the_rulebook(
    title: str, name: str, where: str, rule: str, capsys: pytest.CaptureFixture[str]
) -> None:
    cited = getattr(RULEBOOK[title], rule)
    for command in ("validate", "show"):
        assert main([command, str(BAD[title] / f"{name}.json")]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        lines = captured.err.splitlines()
        assert any(line.startswith(f"error: {where}") and f"({cited})" in line for line in lines), lines
        assert "board data" not in captured.err
