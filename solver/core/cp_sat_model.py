"""`CpModel`: OR-Tools' CP-SAT model without its pre-PEP 8 aliases, so that a model leaves no reference cycle.

OR-Tools 9.15's `CpModel.__init__` stores on the model itself, for each `add_*`, `new_*` and `clear_*` method and
a few others, a camel-case alias (`AddBoolOr` for `add_bool_or`): a warning wrapper around the model's own bound
method (`cp_model._add_pre_pep8_methods`, 61 of them). Each is a reference cycle (model, its `__dict__`, the
wrapper's closure, the bound method, the model), so a model and its proto outlived the solve until the cyclic
collector ran; solves pause the collector (solver/core/gc_pause.py), so it ran inside a later solve. The project
calls only the PEP 8 names: this model adds no aliases, and nothing holds it but its owner
(tests/titles/g18bf/test_no_reference_cycles.py checks that a solve leaves no cycle).
"""

from __future__ import annotations

from ortools.sat.python import cp_model


class CpModel(cp_model.CpModel):
    """`cp_model.CpModel` without the camel-case aliases (module docstring)."""

    def _add_pre_pep8_methods(self) -> None:
        """Adds nothing: each alias would hold the model in a reference cycle."""

    def clone(self) -> CpModel:
        """A copy of the model, of this class (OR-Tools' `clone` builds one of its own, with the aliases)."""
        copy = CpModel()
        copy.proto.copy_from(self.proto)
        copy.rebuild_constant_map()
        return copy
