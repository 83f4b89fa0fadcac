"""Fixtures for the real-server tests: the server runs for the whole session and is stopped at
its end. When llama-cpp-python cannot be had, every test here fails with the reason: none is
skipped."""

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
        pytest.fail(f"llama-cpp-python could not be installed, so no real server can run:\n{setup.stderr}", pytrace=False)
    return setup.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="session")
def llama_server(llama_python, tmp_path_factory):
    folder = tmp_path_factory.mktemp("llama")
    model = folder / "tiny.gguf"
    subprocess.run([llama_python, str(HERE / "tiny_llama.py"), str(model), "--context", str(CONTEXT_TOKENS)],
                   check=True, capture_output=True, timeout=120)
    port = free_port()
    log = folder / "server.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [llama_python, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", "tiny",
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(CONTEXT_TOKENS), "--n_threads", "1",
             "--seed", "7"],
            stdout=output, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
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
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
