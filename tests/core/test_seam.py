"""The seam between the core and the titles (issue 17, item 4): no module of solver/core imports a title's
package, 1862's game data or anything of the solver outside the core but its error types, nor names a title or a
title's rule words."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "solver" / "core"
MODULES = sorted(CORE.rglob("*.py"))
ALLOWED = re.compile(r"^(solver\.core(\..*)?|solver\.errors)$")
RULE_WORDS = [
    re.compile(r"\b(Freight|Local|Express)\b"),
    re.compile(r"(?i)\b(permits?|london links?|halts?|g-trains?|whistlestops?)\b"),
    re.compile(r"(?i)\b(1862|1860|18bf|18ea)\b"),
]


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            names.append("relative import")
    return names


def test_the_core_has_modules() -> None:
    assert {p.name for p in MODULES} >= {"geometry.py", "board_data.py", "upgrades.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_core_module_imports_nothing_of_a_title(path: Path) -> None:
    solver = [n for n in _imports(path) if n.startswith("solver") or n == "relative import"]
    assert [n for n in solver if not ALLOWED.match(n)] == []
    assert not any(n.split(".")[0] in ("streamlit", "pages") for n in _imports(path))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_core_module_names_no_title_and_no_rule_word_of_a_title(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert [m.group(0) for pattern in RULE_WORDS for m in pattern.finditer(text)] == []


def test_the_seam_test_catches_a_title_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from solver.titles.g1862.gamedata import load_game\nimport solver.titles.g1862.routes.evaluator\n",
        encoding="utf-8",
    )
    assert [n for n in _imports(bad) if not ALLOWED.match(n)] == [
        "solver.titles.g1862.gamedata",
        "solver.titles.g1862.routes.evaluator",
    ]
