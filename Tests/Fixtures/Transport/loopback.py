"""Starts loopback_server.py for a pytest module: `with running() as port: ...`."""
import contextlib
import subprocess
import sys
from pathlib import Path

SERVER = Path(__file__).resolve().with_name("loopback_server.py")


@contextlib.contextmanager
def running():
    """Runs the server until the block ends; yields its port on 127.0.0.1."""
    process = subprocess.Popen([sys.executable, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert line.startswith("PORT "), line
        yield int(line.split()[1])
    finally:
        process.stdin.close()
        process.wait(timeout=10)
