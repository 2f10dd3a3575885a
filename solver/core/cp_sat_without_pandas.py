"""OR-Tools' CP-SAT loaded without pandas, in a process that only solves: importing this module does it (the
server of a pool of solving processes imports it first, docs/importer.md "Measured").

`ortools.sat.python.cp_model` imports pandas (and with it pyarrow) for its pandas helpers alone
(`new_int_var_series`, `new_bool_var_series`, the interval series, `values`, `boolean_values`,
`float_values`), which the solver never calls; at load it only names `pandas.Index` and `pandas.Series` in
its type aliases. pandas is half the CPU of loading CP-SAT and the solver. `load` imports cp_model with a
stand-in for pandas whose `Index` and `Series` are classes of nothing (no object is one and none can be made:
`PandasNotLoaded`), so cp_model's pandas helpers fail, and takes the stand-in out of `sys.modules` at once: a
later `import pandas` in the same process loads the real one. If cp_model needs more of pandas to load
(another OR-Tools version), it is loaded with the real pandas.

Only for a process of our own that runs no other thread while it loads: another thread importing pandas
meanwhile would get the stand-in. The app and the other commands load cp_model as usual.
"""

from __future__ import annotations

import importlib
import sys
import types

CP_MODEL = "ortools.sat.python.cp_model"


class PandasNotLoaded(RuntimeError):
    """A pandas object was asked for in a process that loaded cp_model without pandas."""


class _Nothing:
    """`pandas.Index` and `pandas.Series` in the stand-in: no object is one, and none can be made."""

    def __new__(cls, *args: object, **kwargs: object) -> _Nothing:
        raise PandasNotLoaded("this process loaded OR-Tools without pandas: its pandas helpers are not available")


def load(module: str = CP_MODEL) -> types.ModuleType:
    """Import `module` (cp_model; a test names another) with the stand-in for pandas, or as usual if it or
    pandas is loaded already or the stand-in is not enough; the module."""
    if module in sys.modules or "pandas" in sys.modules:
        return importlib.import_module(module)
    stand_in = types.ModuleType("pandas", f"a stand-in for pandas while {module} was loaded ({__name__})")
    stand_in.__dict__.update(Index=type("Index", (_Nothing,), {}), Series=type("Series", (_Nothing,), {}))
    sys.modules["pandas"] = stand_in
    try:
        return importlib.import_module(module)
    except AttributeError:  # the module needs more of pandas than the stand-in has
        del sys.modules["pandas"]
        return importlib.import_module(module)
    finally:
        if sys.modules.get("pandas") is stand_in:
            del sys.modules["pandas"]


load()
