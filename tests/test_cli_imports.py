"""What a command line loads (issue 13: `routes --time-limit 1` must answer within 1.5 s, and most of that was
import time). The parser imports only the module of the command it runs, so `routes` never loads polars,
plotly, Streamlit or the importer, and `--help` or `validate` never loads OR-Tools. Checked in a fresh
process by the modules it holds after the command, not by timing (the measured times are in
docs/reliability.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "position-example.json"

# Runs the code given, then prints the names of the loaded modules as a JSON list.
LOADED_AFTER = """
import json, sys
{code}
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_after(code: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", LOADED_AFTER.format(code=code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return set(json.loads(result.stdout.splitlines()[-1]))


def _loaded_of(modules: set[str], *names: str) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_the_routes_command_loads_no_module_of_the_other_commands() -> None:
    modules = _loaded_after(
        "import contextlib, io\n"
        "from solver.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['routes', {str(EXAMPLE)!r}, '--company', 'WNR', '--json']) == 0\n"
    )
    assert "solver.titles.g1862.routes.optimizer" in modules  # the command ran
    g1862 = "solver.titles.g1862"
    not_needed = (f"{g1862}.importer", f"{g1862}.review", f"{g1862}.draw", "solver.draw")
    assert _loaded_of(modules, "polars", "plotly", "streamlit", *not_needed) == []
    other_commands = [f"solver.cli.{name}" for name in COMMANDS if name not in ("routes", "score")]
    assert _loaded_of(modules, *other_commands) == []  # routes uses score's JSON of a train


def test_building_the_parser_loads_only_the_command_named() -> None:
    modules = _loaded_after(
        "from solver.cli import build_parser\n"
        "build_parser(['validate', 'x.json'])\n"
        "build_parser(['--help'])\n"
        "build_parser([])\n"
    )
    assert "solver.cli.validate" in modules
    assert _loaded_of(modules, *(f"solver.cli.{name}" for name in COMMANDS if name != "validate")) == []
    assert _loaded_of(modules, "ortools", "pandas", "polars", "plotly") == []


def test_the_help_lists_every_command_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    for name, line in COMMANDS.items():
        assert f"{name} {line}" in out


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_has_its_own_arguments_in_its_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m solver {name} [-h]")
    assert "--json" in out or name in ("market", "merger")  # their actions take --json


def test_review_with_two_jobs_leaves_or_tools_and_polars_to_the_workers() -> None:
    # issue 16 item 3: with a pool the calling process solves nothing and writes no table, so it loads
    # neither OR-Tools (with pandas) nor polars; its imports are the serial part of `review --jobs N`
    game = ROOT / "tests" / "data" / "importer" / "1862_game_end_bank.json"
    modules = _loaded_after(
        "import contextlib, io\n"
        "from solver.cli import main\n"
        "if __name__ == '__main__':\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        f"        assert main(['review', {str(game)!r}, '--jobs', '2', '--quiet', '--time-limit', '0.05']) == 0\n"
    )
    assert "solver.titles.g1862.review" in modules  # the command ran
    assert _loaded_of(modules, "ortools", "pandas", "polars") == []


def test_the_review_pools_server_loads_no_board_file_models_and_no_core_search() -> None:
    """The pool's server imports `batch.PRELOAD` before any worker can start (docs/importer.md "Measured"): 1862's
    optimizer with CP-SAT, and neither the core's board files and their checks (1862 reads its own data) nor
    the core run search's model (1862 uses only its stoppable solve)."""
    from solver.titles.g1862.routes.batch import PRELOAD

    modules = _loaded_after("import importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in PRELOAD))
    assert "solver.titles.g1862.routes.optimizer" in modules
    assert _loaded_of(modules, "solver.core.board_data", "solver.core.board_files", "solver.core.search.model") == []
    assert _loaded_of(modules, "pandas", "polars") == []
