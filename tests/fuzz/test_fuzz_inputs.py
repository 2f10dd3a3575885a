"""Fuzz the readers of every input a user gives with mutations of real files (tests/fuzz/mutations.py): positions,
route files, merge scenarios and 18xx.games exports. The contract (issue 13): each input gives either a valid
result or the project's clean error (InputError with problems; from the command line exit code 2 with one line
per problem), never another exception and never a hang; and the command line and the app agree on the same bytes.

In CI each target first replays the cases stored in tests/fuzz/examples/ (read only), then runs a fixed budget
(CI_EXAMPLES) with a fixed seed. A longer run: ``FUZZ_EXAMPLES=3000 .venv/bin/python -m pytest tests/fuzz`` runs
3000 random cases per target, saves any failing case to tests/fuzz/examples/, and writes its figures to
test-results/fuzz-<target>.json (docs/reliability.md has the measured ones).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.database import DirectoryBasedExampleDatabase, ReadOnlyDatabase
from hypothesis.strategies import SearchStrategy

from solver.cli import main
from solver.cli.show import summary
from solver.errors import InputError
from solver.jsonfile import parse_json_bytes
from solver.storage import parse_upload, position_json
from solver.titles.g1862.importer import import_export
from solver.titles.g1862.importer.export_file import parse_export
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.money import merge_preview, parse_scenario
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.evaluator import evaluate
from solver.titles.g1862.routes.routes_file import parse_routes

from .mutations import mutated_export, mutated_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES, DATA, RULEBOOK = ROOT / "examples", ROOT / "tests" / "data", ROOT / "examples" / "rulebook"
RESULTS = ROOT / "test-results"

POSITION_SEEDS = sorted(
    [*EXAMPLES.glob("position-*.json"), *(DATA / "good").glob("*.json"), *(DATA / "bad").glob("*.json")]
    + [p for p in RULEBOOK.glob("*.json") if not p.name.endswith(".routes.json")]
)
ROUTE_SEEDS = sorted([*RULEBOOK.glob("*.routes.json"), *(ROOT / "tests" / "routes" / "data").glob("*.routes.json")])
SCENARIO_SEEDS = sorted([*EXAMPLES.glob("merge-*.json"), *(ROOT / "tests" / "money" / "data").glob("*.json")])
EXPORT_SEED = DATA / "importer" / "46925.json"

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))
LONG = FUZZ_EXAMPLES > 0
DATABASE = DirectoryBasedExampleDatabase(Path(__file__).resolve().parent / "examples")
CI_EXAMPLES = {"position": 150, "routes": 100, "scenario": 100, "export": 25, "titles": 40}


def fuzz(target: str, cases: SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    """Run `check` on generated `cases`. In CI: first every case stored in tests/fuzz/examples/ (read only, never
    rewritten), then a fixed budget with a fixed seed. In a long run: FUZZ_EXAMPLES random cases, any failing
    case saved to tests/fuzz/examples/. (Hypothesis keys the stored cases by the source of `check`.)"""
    common: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    }
    if LONG:
        settings(max_examples=FUZZ_EXAMPLES, database=DATABASE, **common)(given(cases)(check))()
        return
    stored = settings(max_examples=10_000, database=ReadOnlyDatabase(DATABASE), phases=[Phase.reuse], **common)
    stored(given(cases)(check))()
    seed(1862)(settings(max_examples=CI_EXAMPLES[target], **common)(given(cases)(check)))()


class _Stats:
    """Cases, total and slowest time of a target, written to test-results/ in a long run."""

    def __init__(self, target: str) -> None:
        self.target, self.cases, self.seconds, self.slowest, self.refused = target, 0, 0.0, 0.0, 0

    @contextlib.contextmanager
    def case(self) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            took = time.perf_counter() - started
            self.cases, self.seconds, self.slowest = self.cases + 1, self.seconds + took, max(self.slowest, took)

    def write(self) -> None:
        if LONG:
            RESULTS.mkdir(exist_ok=True)
            figures = {"cases": self.cases, "refused": self.refused, "seconds": round(self.seconds, 1)}
            figures["slowest_case_seconds"] = round(self.slowest, 3)
            (RESULTS / f"fuzz-{self.target}.json").write_text(json.dumps(figures, indent=2) + "\n")


def _cli(argv: list[str]) -> tuple[int, str, str]:
    """`python -m solver ARGV` in this process: exit code, stdout, stderr. Any exception other than the clean
    error escapes and fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _clean_refusal(exc: InputError) -> None:
    assert exc.problems, "an InputError without a problem"
    for problem in exc.problems:
        str(problem).encode("utf-8")  # every message can be printed


def _cli_refusal(code: int, err: str) -> None:
    assert code == 2, err
    assert any(line.startswith("error: ") for line in err.splitlines()), err


def _valid(path: Path) -> bool:
    try:
        load_position(path)
    except InputError:
        return False
    return True


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@pytest.mark.timeout(600 if LONG else 120)
def test_fuzzed_positions_are_read_or_refused_cleanly_and_alike_by_cli_and_app(folder: Path) -> None:
    stats = _Stats("position")

    def check(case: tuple[Path, bytes]) -> None:
        _, data = case
        path = folder / "position.json"
        path.write_bytes(data)
        with stats.case():
            accepted = None
            try:
                accepted = parse_upload(data, "upload.json")
            except InputError as exc:
                _clean_refusal(exc)
                stats.refused += 1
            else:
                position_json(accepted)  # storable
                if isinstance(accepted, Position):  # what `show` prints for 1862
                    summary(accepted)
            code, out, err = _cli(["validate", str(path), "--json"])
        if accepted is None:
            assert code == 2 and not json.loads(out)["ok"], (code, out, err)
        else:
            assert code == 0, err

    fuzz("position", mutated_file(POSITION_SEEDS), check)
    stats.write()


@pytest.mark.timeout(600 if LONG else 120)
def test_fuzzed_route_files_are_scored_or_refused_cleanly(folder: Path) -> None:
    stats = _Stats("routes")
    positions = {p: load_position(p) for p in POSITION_SEEDS if p.parent == RULEBOOK and _valid(p)}

    def position_for(seed_file: Path) -> Path:
        named = RULEBOOK / f"{seed_file.name.split('.')[0]}.json"
        return named if named in positions else RULEBOOK / "west-norfolk.json"

    def check(case: tuple[Path, bytes]) -> None:
        seed_file, data = case
        position_path = position_for(seed_file)
        path = folder / "run.routes.json"
        path.write_bytes(data)
        with stats.case():
            try:
                company, routes = parse_routes(parse_json_bytes(data, "upload.json"))
                if company is not None:
                    evaluate(positions[position_path], company, routes)
            except InputError as exc:
                _clean_refusal(exc)
                stats.refused += 1
            code, _out, err = _cli(["score", str(position_path), "--routes", str(path)])
        if code != 0:
            _cli_refusal(code, err)

    fuzz("routes", mutated_file(ROUTE_SEEDS), check)
    stats.write()


@pytest.mark.timeout(600 if LONG else 120)
def test_fuzzed_scenarios_are_previewed_or_refused_cleanly(folder: Path) -> None:
    stats = _Stats("scenario")

    def check(case: tuple[Path, bytes]) -> None:
        _, data = case
        path = folder / "scenario.json"
        path.write_bytes(data)
        with stats.case():
            try:
                merge_preview(parse_scenario(parse_json_bytes(data, "upload.json")))
                previewed = True
            except InputError as exc:
                _clean_refusal(exc)
                stats.refused += 1
                previewed = False
            code, _out, err = _cli(["merge", str(path)])
        if previewed:
            assert code == 0, err
        else:
            _cli_refusal(code, err)

    fuzz("scenario", mutated_file(SCENARIO_SEEDS), check)
    stats.write()


@pytest.mark.timeout(1800 if LONG else 120)
def test_fuzzed_game_exports_are_imported_or_refused_cleanly() -> None:
    stats = _Stats("export")

    def check(data: bytes) -> None:
        with stats.case():
            try:
                import_export(parse_export(parse_json_bytes(data, "game.json"), "game.json"))
            except InputError as exc:
                _clean_refusal(exc)
                stats.refused += 1

    fuzz("export", mutated_export(EXPORT_SEED), check)
    stats.write()
