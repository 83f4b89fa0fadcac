"""Runs a benchmark script inside its own virtual environment, with the peers it compares
against installed from PyPI on first use, so the benchmarks never touch the system Python; and
with string hashing seeded, so that a peer which breaks ties by a set's order (pyspellchecker
picks among equally likely candidates so) gives the same figures on every run."""

import os
import subprocess
import sys
from pathlib import Path

# Any fixed seed would do: the figures of one seed are the same on every run.
HASH_SEED = "0"


def ensure(script: str, venv: Path, peers: list[str]) -> None:
    """Re-runs `script` inside `venv` (created with `peers` installed when missing) with
    PYTHONHASHSEED 0; returns at once when already running so."""
    if Path(sys.prefix).resolve() == venv.resolve() and os.environ.get("PYTHONHASHSEED") == HASH_SEED:
        return
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *peers], check=True)
    os.execve(str(python), [str(python), script, *sys.argv[1:]], {**os.environ, "PYTHONHASHSEED": HASH_SEED})

