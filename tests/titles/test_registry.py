"""The title registry (solver.titles.registry): one descriptor per title with board data, its name as its data
gives it, its positions read and written by the functions it names (1862's own format, the core's for the others)
with the title kept, the pages and money pages each title has, and title packages imported only when used."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest

from solver.any_position import any_position_to_dict, load_any_position, parse_any_position
from solver.cli import main
from solver.core.board_data import DATA_ROOT, load_board
from solver.core.board_position import BoardPosition
from solver.errors import InputError
from solver.titles import registry
from solver.titles.g1862.position import Position

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
EXAMPLE = {"1862": "position-late-game", "1860": "position-1860-early", "18bf": "position-18bf-early"}


def test_every_title_with_board_data_has_a_descriptor_named_as_its_data_names_it() -> None:
    with_data = {p.name for p in DATA_ROOT.iterdir() if (p / "title.json").is_file()}
    assert with_data <= set(registry.TITLES)
    for game in with_data:
        assert registry.TITLES[game].name == load_board(game).name
    assert next(iter(registry.TITLES)) == registry.DEFAULT_TITLE == "1862"  # a file without `game` is 1862's


@pytest.mark.parametrize("game", list(registry.TITLES))
def test_a_descriptor_names_existing_data_package_and_position_functions(game: str) -> None:
    title = registry.TITLES[game]
    assert title.data.is_dir() and (title.data / "map.json").is_file()
    if title.package is not None:
        assert (ROOT / title.package.replace(".", "/") / "__init__.py").is_file()
    assert set(title.pages) <= set(registry.APP_PAGES)
    assert registry.MARKET in title.money_pages  # the stock market applies to every title
    assert title.train_kinds


@pytest.mark.parametrize("game", list(EXAMPLE))
def test_a_position_is_read_and_written_by_its_title_and_keeps_it(game: str) -> None:
    title = registry.TITLES[game]
    data = json.loads((EXAMPLES / f"{EXAMPLE[game]}.json").read_text(encoding="utf-8"))
    position = title.read_position(data, "example")
    assert isinstance(position, Position if game == "1862" else BoardPosition)
    assert position.title == game
    assert title.position_data(position) == any_position_to_dict(position)
    again = parse_any_position(any_position_to_dict(position))
    assert again == position and again.title == game


def test_money_pages_are_each_titles_own() -> None:
    money = {game: registry.TITLES[game].money_pages for game in EXAMPLE}
    assert money == {
        "1862": ("Mergers", "Stock market"),
        "1860": ("Nationalisation", "Stock market"),
        "18bf": ("Merger Round", "Stock market"),
    }


def test_every_title_has_every_page_the_money_page_under_its_own_name() -> None:
    assert registry.TITLES["1862"].pages == registry.TITLES["1860"].pages == registry.APP_PAGES
    assert registry.TITLES["18bf"].pages == registry.APP_PAGES
    assert registry.TITLES["18bf"].on_core_routes
    assert registry.TITLES["18bf"].money_pages[0] == "Merger Round"  # its page in the Mergers page's place
    assert registry.TITLES["1862"].can("solve") and registry.TITLES["18bf"].can("solve")
    assert registry.TITLES["18bf"].capabilities == {"edit", "score", "solve", "previews"}
    assert registry.TITLES["1860"].capabilities == {"edit", "score", "solve", "import", "previews"}


def test_an_unknown_title_is_refused_naming_every_title() -> None:
    with pytest.raises(InputError) as err:
        registry.title("1863")
    [problem] = err.value.problems
    assert problem.where == "game" and "'1863' is not a title of this assistant (1862, 1860, 18bf)" in str(problem)


def _modules_after(code: str) -> set[str]:
    """The solver.titles packages imported by `code`, run in a fresh interpreter."""
    script = f"import sys\n{code}\nprint(sorted(m for m in sys.modules if m.startswith('solver.titles.g')))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return {name.split(".")[2] for name in eval(out)}


def test_title_packages_are_imported_only_when_a_position_of_the_title_is_read() -> None:
    assert _modules_after("import solver.any_position, solver.storage") == set()
    read = "from solver.any_position import load_any_position; load_any_position({!r})"
    assert _modules_after(read.format(str(EXAMPLES / "position-1860-early.json"))) == set()
    assert _modules_after(read.format(str(EXAMPLES / "position-late-game.json"))) == {"g1862"}


def test_loading_a_saved_file_of_each_title_gives_that_title() -> None:
    for game, stem in EXAMPLE.items():
        assert load_any_position(EXAMPLES / f"{stem}.json").title == game


@pytest.mark.parametrize(("command", "capability"), [("score", "score"), ("routes", "solve")])
def test_a_command_a_title_cannot_do_yet_is_refused_naming_the_title(
    command: str, capability: registry.Capability, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # every title can score and solve now: 18BF is made to lack the capability, to prove the refusal still holds
    kept = registry.TITLES["18bf"].capabilities - {capability}
    lacking = dataclasses.replace(registry.TITLES["18bf"], capabilities=kept)
    titles = MappingProxyType({**registry.TITLES, "18bf": lacking})
    monkeypatch.setattr(registry, "TITLES", titles)
    path = str(EXAMPLES / f"{EXAMPLE['18bf']}.json")
    extra = ["--routes", str(EXAMPLES / "rulebook" / "enr-table.2f.routes.json")] if command == "score" else []
    assert main([command, path, "--company", "X", *extra]) == 2
    able = " and ".join(t.short for t in titles.values() if t.can(capability))
    assert capsys.readouterr().err.strip() == (
        f"error: {path} game: `{command}` is not available for 18BF positions yet: it works with {able} positions"
    )
