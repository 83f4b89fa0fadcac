"""Fixtures for the real-server tests: the server runs for the whole session and is stopped at
its end. When the server or the model cannot be had, every test here fails with the reason:
none is skipped."""

import os
import subprocess
import time
import urllib.request

import pytest

from llama_server import CONTEXT_TOKENS, HERE, REPOSITORY, STARTUP_SECONDS, LlamaServer, free_port


@pytest.fixture(scope="session")
def llama_python() -> str:
    setup = subprocess.run([str(REPOSITORY / "scripts" / "llama-server-env.sh")], capture_output=True, text=True, timeout=1800)
    if setup.returncode != 0:
        pytest.fail(f"llama.cpp's server and the model could not be installed, so no real server can run:\n{setup.stderr}",
                    pytrace=False)
    return setup.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="session")
def llama_server(llama_python, tmp_path_factory):
    folder = tmp_path_factory.mktemp("llama")
    port = free_port()
    log = folder / "server.log"
    with open(log, "wb") as output:
        # The server stops when its standard input closes: at the end of the session, or
        # with this process if it dies.
        process = subprocess.Popen(
            [llama_python, str(HERE / "serve_smollm2.py"), str(port), "--context", str(CONTEXT_TOKENS)],
            stdin=subprocess.PIPE, stdout=output, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    server = LlamaServer(process, port, log)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            server.check_alive()
            try:
                with urllib.request.urlopen(f"{server.base_url}/models", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the llama.cpp server did not answer within {STARTUP_SECONDS} s:\n{server.log_tail()}", pytrace=False)
            time.sleep(0.2)
        yield server
    finally:
        process.stdin.close()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture
def no_provider_keys(monkeypatch):
    """A provider key from the environment would come before the request's."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
