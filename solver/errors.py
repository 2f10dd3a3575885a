"""Error types shared by every part of the solver.

A `Problem` is one thing wrong with user input: where it is (a hex, company, field or route), the rule it
breaks (a rulebook section such as "7.6.1", or "format" for a malformed file) and a sentence saying what is
wrong. Input errors carry every problem found, so the user can fix them all at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import ValidationError


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where, which rule, and what."""

    where: str
    rule: str
    message: str

    def __str__(self) -> str:
        """'where: message (rule 7.6.1)'; the rule is not added again when the message already ends citing it."""
        cited = self.rule and self.rule[0].isdigit() and not self.message.endswith(f"({self.rule})")
        return f"{self.where}: {self.message}" + (f" (rule {self.rule})" if cited else "")


def cited(problem: Problem) -> Problem:
    """The problem with its rule said in its message where `Problem.__str__` does not cite it: a rule that is not a
    section number but names a place in a rulebook (1860's `Track Tiles, RB L450-L453`, 18BF's `§10.6`); unchanged
    when the rule is a section number (cited by `__str__`), has no number (`format`) or is said already. The one
    way the command line and the pages cite a problem."""
    rule = problem.rule
    if not rule or rule[0].isdigit() or not any(c.isdigit() for c in rule) or rule in problem.message:
        return problem
    return Problem(problem.where, rule, f"{problem.message} ({rule})")


def problem_text(problem: Problem) -> str:
    """A problem as the command line prints it and the pages show it: its place, message and rule (`cited`)."""
    return str(cited(problem))


class SolverError(Exception):
    """Base class of every error the solver reports to a user (the CLI exits with code 2)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class InputError(SolverError):
    """A position, route, scenario or game file that breaks the file format or a rule of the game."""


def problems_of(check: Callable[[], object]) -> list[Problem]:
    """The problems of the InputError `check` raises, or none when it passes: for gathering every problem of an
    input before raising them together."""
    try:
        check()
    except InputError as exc:
        return list(exc.problems)
    return []


class DataError(Exception):
    """A game data file in data/ that is malformed. This is a bug in the shipped data, not user input."""

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file = file
        self.field = field
        super().__init__(f"{file}: {field}: {message}")


def format_problems(exc: ValidationError, what: str) -> list[Problem]:
    """One Problem per field a file's structure gets wrong, named ``<what> <field.path>`` (rule "format")."""
    return [
        Problem(f"{what} {'.'.join(str(p) for p in err['loc']) or '(top level)'}", "format", err["msg"])
        for err in exc.errors()
    ]
