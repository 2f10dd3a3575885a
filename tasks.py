"""Set-up and run commands for a machine that has only Python and pip.

    python tasks.py app     create .venv on first use, install the pinned packages, start the app
    python tasks.py test    the same environment, then ruff, mypy and the whole test suite
    python tasks.py lock    rewrite requirements.lock from the current environment

Only the standard library is used here, so this file runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
LOCK = ROOT / "requirements.lock"
STAMP = VENV / ".installed-lock-hash"


def _venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _lock_hash() -> str:
    digest = hashlib.sha256(LOCK.read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    return digest.hexdigest()


def ensure_environment() -> Path:
    """Create .venv and install requirements.lock plus this project, unless already done for this lock."""
    python = _venv_python()
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not STAMP.exists() or STAMP.read_text() != _lock_hash():
        print("Installing pinned packages from requirements.lock (first run only) ...", flush=True)
        _run([str(python), "-m", "pip", "install", "--quiet", "-r", str(LOCK)])
        _run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)])
        STAMP.write_text(_lock_hash())
    return python


def _run(command: list[str], env: dict[str, str] | None = None) -> None:
    result = subprocess.run(command, cwd=ROOT, env=env)
    if result.returncode != 0:
        sys.exit(result.returncode)


def app(args: list[str]) -> None:
    python = ensure_environment()
    _run([str(python), "-m", "streamlit", "run", str(ROOT / "app.py"), *args])


def test(args: list[str]) -> None:
    python = ensure_environment()
    _run([str(python), "-m", "ruff", "check", "."])
    _run([str(python), "-m", "ruff", "format", "--check", "."])
    _run([str(python), "-m", "mypy"])
    _run([str(python), "-m", "pytest", *args])


def lock(args: list[str]) -> None:
    python = ensure_environment()
    frozen = subprocess.run(
        [str(python), "-m", "pip", "freeze", "--exclude-editable"], capture_output=True, text=True, check=True
    ).stdout
    header = (
        "# Pinned versions of every runtime and development dependency (pip freeze of a working environment).\n"
        "# Regenerate with: python tasks.py lock\n"
    )
    LOCK.write_text(header + frozen)


COMMANDS = {"app": app, "test": test, "lock": lock}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        sys.exit(2)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
