"""Fuzz the commands of 1860 and 18BF with mutations of their real position files (tests/fuzz/mutations.py, as
test_fuzz_inputs.py does for 1862): every command of the title that does not search (`validate`, `show`, the money
previews and 18BF's Merger Round) reads each mutated file. The contract (docs/reliability.md, "1860 and 18BF"): exit
code 0 or 2, an `error:` line for each refusal, never another exception, and a file `validate` refuses is refused by
every command (no preview of a position that is not one)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .mutations import mutated_file
from .test_fuzz_inputs import LONG, ROOT, _cli, _cli_refusal, _Stats, fuzz

TITLES = ROOT / "tests" / "titles"
SEEDS = sorted(
    [
        *(ROOT / "examples").glob("position-1860-*.json"),
        *(ROOT / "examples").glob("position-18bf-*.json"),
        *(TITLES / "g1860" / "data" / "money-bad").glob("*.json"),
        *(TITLES / "g18bf" / "money" / "bad").glob("*.json"),
        *(p for p in (TITLES / "g18bf" / "data").glob("*.json") if not p.name.endswith(".routes.json")),
    ]
)


def commands(path: str, game: object, company: str) -> list[list[str]]:
    """The commands of the title that read a position and do not search."""
    market = [
        ["market", "dividend", "--position", path, "--company", company, "--revenue", "100"],
        ["market", "sell", "--position", path, "--company", company, "--seller", "Ann", "--shares", "1"],
    ]
    if game == "1860":
        return [*market, ["market", "value", path]]
    return [
        *market,
        ["market", "loans", path, "--company", company],
        ["market", "redeem", path, "--company", company],
        ["market", "buy", path, "--company", company, "--buyer", "Bob"],
        ["market", "endgame", path],
        ["merger", path, "convert", company],
    ]


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@pytest.mark.timeout(600 if LONG else 120)
def test_fuzzed_1860_and_18bf_positions_are_refused_cleanly_by_every_command(folder: Path) -> None:
    stats = _Stats("titles")

    def check(case: tuple[Path, bytes]) -> None:
        seed_file, data = case
        path = folder / "position.json"
        path.write_bytes(data)
        seed_data = json.loads(seed_file.read_text(encoding="utf-8"))
        company = next(iter(seed_data.get("companies") or {"X": 0}))
        with stats.case():
            valid, _out, err = _cli(["validate", str(path)])
            if valid != 0:
                _cli_refusal(valid, err)
                stats.refused += 1
            for argv in [["show", str(path)], *commands(str(path), seed_data.get("game"), company)]:
                code, _out, err = _cli(argv)
                if code != 0:
                    _cli_refusal(code, err)
                assert valid == 0 or code == 2, (argv, "validate refused the file, this command did not")

    fuzz("titles", mutated_file(SEEDS), check)
    stats.write()
