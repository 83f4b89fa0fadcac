"""Runs a benchmark script inside its own virtual environment, with the peers it compares
against installed from PyPI on first use, so the benchmarks never touch the system Python."""

import os
import subprocess
import sys
from pathlib import Path


def ensure(script: str, venv: Path, peers: list[str]) -> None:
    """Re-runs `script` inside `venv` (created with `peers` installed when missing); returns at
    once when already running there."""
    if Path(sys.prefix).resolve() == venv.resolve():
        return
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *peers], check=True)
    os.execv(str(python), [str(python), script, *sys.argv[1:]])
