"""OR-Tools' CP-SAT loaded without pandas (`solver.core.cp_sat_without_pandas`, the pool's server of `review
--jobs`): CP-SAT solves, pandas is not loaded, a later `import pandas` is the real one, cp_model's pandas helpers
fail with a message, and a module that needs more of pandas than the stand-in has is loaded with the real
pandas. Each in a fresh process: the test process may hold pandas already (the stand-in is then not used)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, path: Path | None = None) -> str:
    """Run `code` in a fresh interpreter (with `path` first on its module path); its output."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cp_sat_solves_without_pandas_and_a_later_import_of_pandas_is_the_real_one() -> None:
    out = run_python(
        """
        import sys
        from solver.core.cp_sat_without_pandas import PandasNotLoaded
        from ortools.sat.python import cp_model
        print("pandas loaded:", "pandas" in sys.modules)
        model = cp_model.CpModel()
        x = model.new_int_var(0, 7, "x")
        model.add(x <= 5)
        model.maximize(x)
        cp_solver = cp_model.CpSolver()
        print(cp_solver.solve(model) == cp_model.OPTIMAL, cp_solver.value(x))
        try:
            cp_solver.values([x])  # a pandas helper
        except PandasNotLoaded as exc:
            print("helper:", exc)
        import pandas
        print("real pandas:", pandas.DataFrame({"a": [1, 2]}).shape)
        """
    )
    assert out.splitlines() == [
        "pandas loaded: False",
        "True 5",
        "helper: this process loaded OR-Tools without pandas: its pandas helpers are not available",
        "real pandas: (2, 1)",
    ]


def test_a_module_that_needs_more_of_pandas_than_the_stand_in_is_loaded_with_the_real_one(tmp_path: Path) -> None:
    # as cp_model would be by an OR-Tools that uses pandas at load beyond Index and Series
    (tmp_path / "uses_a_data_frame.py").write_text(
        "import pandas as pd\nEMPTY = pd.DataFrame()\n",
        encoding="utf-8",
    )
    out = run_python(
        """
        import sys
        from solver.core.cp_sat_without_pandas import load
        print(type(load("uses_a_data_frame").EMPTY).__module__.split(".")[0], "pandas" in sys.modules)
        """,
        tmp_path,
    )
    assert out.split() == ["pandas", "True"]
