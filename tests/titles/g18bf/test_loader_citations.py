"""18BF's faults found by the core's loader (data/18bf/title.json → `rules`) cite the rulebook's section (§n), as
every other 18BF message does, never "board data": each bad file (tests/titles/g18bf/data/loader-bad/, each the
early example with one fault) exits 2 from `validate` and `show` with the hex, node or company named and the rule
cited."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.core.board_data import DATA_ROOT
from solver.titles.g18bf import rulebook

BAD = Path(__file__).resolve().parent / "data" / "loader-bad"

#: bad file, where its fault is, the rule it cites
CITED = [
    ("tile-off-map", "tiles Z99", rulebook.THE_MAP),
    ("tile-on-offboard", "tiles A13", rulebook.LAND),
    ("tile-unknown", "tiles U21", rulebook.TILES_IN_BOX),
    ("company-unknown", "companies XYZ", rulebook.COMPANIES),
    ("stations-off-map", "stations Z99", rulebook.THE_MAP),
    ("stations-company-unknown", "stations M15 node 0", rulebook.COMPANIES),
    ("stations-over-slots", "stations D10 node 0", rulebook.STATION_MARKERS),
    ("stations-twice", "stations D10 node 0", rulebook.STATION_MARKERS),
    ("unknown-phase", "phase", rulebook.PHASES),
]


def test_the_board_data_cites_the_rulebook_for_every_fact_the_loader_checks() -> None:
    """title.json's `rules` are the rulebook module's citations, one for each fact (`BoardRule`)."""
    rules = json.loads((DATA_ROOT / "18bf" / "title.json").read_text(encoding="utf-8"))["rules"]
    assert rules == {
        "hexes": rulebook.THE_MAP,
        "land": rulebook.LAND,
        "tiles": rulebook.TILES_IN_BOX,
        "rotations": rulebook.TILE_PLACEMENT,
        "tile_counts": rulebook.TILES_IN_BOX,
        "companies": rulebook.COMPANIES,
        "markers": rulebook.STATION_MARKERS,
        "spaces": rulebook.STATION_MARKERS,
        "phase": rulebook.PHASES,
    }


def test_every_bad_file_is_cited() -> None:
    assert sorted(p.stem for p in BAD.glob("*.json")) == sorted(name for name, _, _ in CITED)


@pytest.mark.parametrize(("name", "where", "rule"), CITED, ids=[c[0] for c in CITED])
def test_a_bad_18bf_file_exits_2_citing_the_rulebook(
    name: str, where: str, rule: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("validate", "show"):
        assert main([command, str(BAD / f"{name}.json")]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        lines = captured.err.splitlines()
        assert any(line.startswith(f"error: {where}") and f"({rule})" in line for line in lines), lines
        assert "board data" not in captured.err
