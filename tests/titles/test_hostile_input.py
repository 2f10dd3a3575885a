"""The hostile-input campaign for 1860 and 18BF (docs/reliability.md, "1860 and 18BF"): every command each title has
reads malformed files and arguments, and each answers with exit code 2 and one `error:` line per problem naming the
file, field, hex or company (and the rule where there is one), never an exception; nothing is written.

- Files broken as bytes or JSON (empty, cut, not UTF-8, a key twice, NaN, too deep, too large, a folder, a missing
  file, JSON that is no object, another title): generated here from the titles' example positions, fed to every
  command.
- Files that are JSON positions but not ones a game can reach (tests/titles/g1860/data/hostile/,
  tests/titles/g18bf/data/hostile/): one test per file, each a defect found by the campaign, refused by every command
  that reads a position.
- Arguments: a time limit that is not a number of seconds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = {
    "1860": ROOT / "examples" / "position-1860-insolvent.json",
    "18bf": ROOT / "examples" / "position-18bf-trains.json",
}
COMPANY = {"1860": "C&N", "18bf": "NER"}


def commands(title: str, path: str) -> list[list[str]]:
    """Every command of `title` that reads a position file (searches with a short time limit)."""
    company = COMPANY[title]
    shared = [
        ["validate", path],
        ["show", path],
        ["routes", path, "--company", company, "--time-limit", "1"],
        ["score", path, "--routes", str(ROOT / "tests" / "titles" / "g18bf" / "data" / "late-lms.routes.json")],
        ["market", "dividend", "--position", path, "--company", company, "--revenue", "100"],
        ["market", "sell", "--position", path, "--company", company, "--seller", "Ann", "--shares", "1"],
    ]
    if title == "1860":
        return [
            *shared,
            ["market", "nationalise", path, "--time-limit", "1"],
            ["market", "insolvency", path, "--company", company, "--time-limit", "1"],
            ["market", "value", path],
        ]
    return [
        *shared,
        ["market", "dividend", "--position", path, "--company", company, "--best-run", "--time-limit", "1"],
        ["market", "loans", path, "--company", company],
        ["market", "trains", path, "--company", company, "--time-limit", "1"],
        ["market", "redeem", path, "--company", company],
        ["market", "buy", path, "--company", company, "--buyer", "Cat"],
        ["market", "endgame", path],
        ["merger", path, "convert", company],
    ]


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command in this process (any exception but the clean refusal fails the test); its error lines."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (argv, code, out, err)
    lines = err.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), (argv, err)
    return err


def _broken(title: str, kind: str, folder: Path) -> tuple[Path, str]:
    """A broken file made from the title's example, and what its error line names."""
    text = EXAMPLE[title].read_text(encoding="utf-8")
    path = folder / f"{title}-{kind}.json"
    data = json.loads(text)
    contents: dict[str, bytes] = {
        "empty": b"",
        "cut": text[: len(text) // 2].encode(),
        "not-utf8": b"\xff\xfe" + text.encode()[2:],
        "key-twice": text.replace('"phase"', '"phase": "2", "phase"', 1).encode(),
        "nan": text.replace('"phase"', '"nan": NaN, "phase"', 1).encode(),
        "too-deep": b"[" * 1000 + b"]" * 1000,
        "too-large": (text[:-2] + ', "notes": "' + "x" * 2_100_000 + '"}').encode(),
        "not-an-object": json.dumps([data]).encode(),
        "another-title": json.dumps({**data, "game": "1830"}).encode(),
    }
    names = {
        "empty": "not valid JSON",
        "cut": "not valid JSON",
        "not-utf8": "not UTF-8",
        "key-twice": "twice",
        "nan": "NaN",
        "too-deep": "nested more than",
        "too-large": "larger than",
        "not-an-object": "",
        "another-title": "1830",
        "folder": "folder",
        "missing": "",
    }
    if kind == "folder":
        path.mkdir()
    elif kind != "missing":
        path.write_bytes(contents[kind])
    return path, names[kind]


KINDS = ["empty", "cut", "not-utf8", "key-twice", "nan", "too-deep", "too-large", "not-an-object", "another-title",
         "folder", "missing"]  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("title", ["1860", "18bf"])
def test_a_broken_file_is_refused_by_every_command_naming_the_file(
    title: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, named = _broken(title, kind, tmp_path)
    for argv in commands(title, str(path)):
        err = _refused(argv, capsys)
        assert str(path) in err and named in err, (argv, err)


#: Each hostile position (a defect the campaign found: the command read it as a position) and what every command
#: that reads it must name: the place and the rule.
HOSTILE = {
    ("1860", "home-base-missing"): ("company C&N", "RB L509"),
    ("18bf", "position-rules-field"): ("rules.bogus", "no rule modes"),
    ("18bf", "train-unknown-with-money"): ("company NER train 99", "§10.10, §8"),
}


@pytest.mark.parametrize(("title", "name"), sorted(HOSTILE), ids=lambda v: str(v))
def test_a_position_validate_refuses_is_refused_by_every_command(
    title: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: `market` (1860: value, dividend, sell, insolvency, nationalise) previewed a position whose companies
    had no home base; 18BF's `validate`, `show`, money previews and Merger Round read a position-level `rules` field
    no rule knows and a train that is no 18BF train."""
    where, rule = HOSTILE[(title, name)]
    path = ROOT / "tests" / "titles" / f"g{title}" / "data" / "hostile" / f"{name}.json"
    for argv in commands(title, str(path)):
        if argv[0] in ("routes", "score"):  # they judge a run by the route rules, not the board rules
            continue
        err = _refused(argv, capsys)
        assert f"error: {where}" in err and rule in err, (argv, err)


@pytest.mark.parametrize("seconds", ["nan", "-1", "inf"])
@pytest.mark.parametrize(
    "argv",
    [
        ["market", "nationalise", "examples/position-1860-nationalisation.json"],
        ["market", "insolvency", "examples/position-1860-insolvent.json", "--company", "C&N"],
        ["market", "trains", "examples/position-18bf-trains.json", "--company", "NER"],
        ["market", "dividend", "--position", "examples/position-18bf-trains.json", "--company", "NER", "--best-run"],
        ["market", "loans", "examples/position-18bf-trains.json", "--company", "NER", "--best-run"],
    ],
    ids=["1860-nationalise", "1860-insolvency", "18bf-trains", "18bf-dividend", "18bf-loans"],
)
def test_a_time_limit_that_is_not_seconds_is_refused(
    argv: list[str], seconds: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: 1860's nationalise and insolvency took `nan` and `-1` (and searched with them), 18BF's previews `nan`
    (a search of no time, said to be ended by the time limit)."""
    monkeypatch.chdir(ROOT)
    err = _refused([*argv, "--time-limit", seconds], capsys)
    assert err.startswith("error: --time-limit: must be a finite number of seconds from 0"), err


@pytest.mark.parametrize("kind", ["not-utf8", "folder"])
def test_a_real_process_prints_no_traceback(kind: str, tmp_path: Path) -> None:
    path, _ = _broken("18bf", kind, tmp_path)
    child = subprocess.run(
        [sys.executable, "-m", "solver", "market", "endgame", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert child.returncode == 2 and child.stdout == ""
    assert child.stderr.startswith(f"error: {path}") and "Traceback" not in child.stderr, child.stderr
