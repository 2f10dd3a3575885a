"""The seams of the engine (issue 17, item 4; docs/architecture.md):

1. between the core and the titles: no module of solver/core imports a title's package, the title registry, or
   anything of the solver outside the core but its error types (nor Streamlit or the pages), by an import
   statement or by naming a solver module in a string (importlib); and none names a title or a title's rule words;
2. between the titles: no module of a title's package (solver/titles/g*) imports another title's package;
3. between the engine and the app: no module of solver/ imports Streamlit or the pages;
4. between the engine and the command line: no module of the core or of a title imports solver/cli.

Each checker is also run on synthetic modules that break the seam, which it must catch."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SOLVER = Path(__file__).resolve().parents[2] / "solver"
CORE = SOLVER / "core"
CORE_MODULES = sorted(CORE.rglob("*.py"))
TITLE_PACKAGES = sorted(p for p in (SOLVER / "titles").iterdir() if p.is_dir() and p.name.startswith("g"))
TITLE_MODULES = sorted(path for package in TITLE_PACKAGES for path in package.rglob("*.py"))
ALLOWED = re.compile(r"^(solver\.core(\..*)?|solver\.errors)$")
#: A title's name or one of its rule words (issue 17: Freight, Local, Express, permit, London link, halt,
#: G-train, ...), matched as words; the money rules' names too.
RULE_WORDS = [
    re.compile(r"\b(Freight|Local|Express)\b"),
    re.compile(r"(?i)\b(permits?|london links?|halts?|g-trains?|whistlestops?|tokened[- ]out)\b"),
    re.compile(r"(?i)\b(hudson|nationali[sz]ation|merger rounds?|system formation|insolven(t|cy))\b"),
    re.compile(r"(?i)\b(1862|1860|18bf|18ea|eastern counties|isle of wight|big four)\b"),
]


def _imports(source: str) -> list[str]:
    """The modules a module's source imports (a relative import as "relative import"), and the solver modules it
    names in a string, as a dynamic import would (`importlib.import_module("solver.titles...")`)."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            names.append("relative import")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names += re.findall(r"\bsolver(?:\.\w+)+", node.value)
    return names


def core_seam_faults(source: str) -> list[str]:
    """What in a core module's source breaks the core's seam: each import it may not make, each rule word."""
    imports = _imports(source)
    solver = [n for n in imports if n.startswith("solver") or n == "relative import"]
    faults = [f"imports {n}" for n in solver if not ALLOWED.match(n)]
    faults += [f"imports {n}" for n in imports if n.split(".")[0] in ("streamlit", "pages")]
    faults += [f"names {m.group(0)!r}" for pattern in RULE_WORDS for m in pattern.finditer(source)]
    return faults


def title_seam_faults(package: str, source: str) -> list[str]:
    """What in a module of the title package `package` (e.g. "g1862") breaks the seam between titles: each import
    of another title's package."""
    others = [n for n in _imports(source) if re.match(r"^solver\.titles\.g\w+", n)]
    return [f"imports {n}" for n in others if n.split(".")[2] != package]


def test_the_core_and_the_titles_have_modules() -> None:
    assert {p.name for p in CORE_MODULES} >= {"geometry.py", "board_data.py", "upgrades.py", "evaluator.py"}
    assert {p.name for p in TITLE_PACKAGES} >= {"g1860", "g1862"}


@pytest.mark.parametrize("path", CORE_MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_a_core_module_imports_nothing_of_a_title_and_names_no_title_nor_rule_word(path: Path) -> None:
    assert core_seam_faults(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", TITLE_MODULES, ids=lambda p: str(p.relative_to(SOLVER / "titles")))
def test_a_title_imports_no_other_titles_package(path: Path) -> None:
    package = path.relative_to(SOLVER / "titles").parts[0]
    assert title_seam_faults(package, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", [*CORE_MODULES, *TITLE_MODULES], ids=lambda p: str(p.relative_to(SOLVER)))
def test_no_module_of_the_core_or_a_title_imports_the_command_line(path: Path) -> None:
    """The layers go one way: the command line (solver/cli) calls the titles and the core, never the reverse."""
    assert [n for n in _imports(path.read_text(encoding="utf-8")) if n.startswith("solver.cli")] == []


@pytest.mark.parametrize("path", sorted(SOLVER.rglob("*.py")), ids=lambda p: str(p.relative_to(SOLVER)))
def test_no_solver_module_imports_streamlit_or_the_pages(path: Path) -> None:
    assert [n for n in _imports(path.read_text(encoding="utf-8")) if n.split(".")[0] in ("streamlit", "pages")] == []


@pytest.mark.parametrize(
    ("source", "fault"),
    [
        ("from solver.titles.g1862.position import Position\n", "imports solver.titles.g1862.position"),
        ("import solver.titles.g1860.route_rules\n", "imports solver.titles.g1860.route_rules"),
        ("from solver.titles import registry\n", "imports solver.titles"),
        ("from solver.any_position import parse_any_position\n", "imports solver.any_position"),
        ("import importlib\nrules = importlib.import_module('solver.titles.g1860')\n", "imports solver.titles.g1860"),
        ("from .board_data import Board\n", "imports relative import"),
        ("import streamlit as st\n", "imports streamlit"),
        ('"""Scores a Freight train."""\n', "names 'Freight'"),
        ("HALT = 'halt'\n", "names 'halt'"),
        ("# an 18BF G-train runs no route\n", "names '18BF'"),
    ],
)
def test_the_core_seam_checker_catches_a_synthetic_core_module_that_breaks_it(source: str, fault: str) -> None:
    assert fault in core_seam_faults(source)


def test_the_core_seam_checker_passes_a_title_free_module() -> None:
    source = "from solver.core.geometry import Layout\nfrom solver.errors import Problem\nSTATIONS = 'nodes'\n"
    assert core_seam_faults(source) == []


def test_the_title_seam_checker_catches_one_title_importing_another() -> None:
    assert title_seam_faults("g1860", "from solver.titles.g1862.importer import actions\n") == [
        "imports solver.titles.g1862.importer"
    ]
    assert title_seam_faults("g1862", "from solver.titles.g1862.position import Position\n") == []
    assert title_seam_faults("g1862", "from solver.core.track_graph import TrackGraph\n") == []
