"""The project's CP-SAT model (solver/core/cp_sat_model.py) leaves no reference cycle, where OR-Tools' own holds
itself in one through its camel-case aliases; it still builds and solves a model as OR-Tools' does."""

from __future__ import annotations

from cycles import cycle_garbage
from ortools.sat.python import cp_model

from solver.core.cp_sat_model import CpModel


def test_or_tools_model_holds_itself_in_a_reference_cycle() -> None:
    """Why the project's model exists: if an OR-Tools version stops doing this, the class can go."""
    assert "CpModel x1" in cycle_garbage(cp_model.CpModel)


def test_the_projects_model_leaves_no_reference_cycle() -> None:
    assert cycle_garbage(CpModel) == []


def test_the_projects_model_solves_as_or_tools_does() -> None:
    model = CpModel()
    x = model.new_int_var(0, 10, "x")
    y = model.new_int_var(0, 10, "y")
    model.add(x + 2 * y <= 14)
    model.maximize(3 * x + 4 * y)
    solver = cp_model.CpSolver()
    assert solver.solve(model) == cp_model.OPTIMAL
    assert solver.objective_value == 3 * 10 + 4 * 2


def test_a_copy_of_the_projects_model_is_the_projects_model_and_leaves_no_cycle() -> None:
    """1862's hint fills in a run on a copy of the model: OR-Tools' `clone` would build its own, aliases and all."""
    model = CpModel()
    x = model.new_int_var(0, 10, "x")
    model.maximize(x)
    copies = []
    assert cycle_garbage(lambda: copies.append(model.clone())) == []
    assert type(copies[0]) is CpModel and cp_model.CpSolver().solve(copies[0]) == cp_model.OPTIMAL
