"""A real OpenAI-compatible inference server: llama.cpp's own, through the xllamacpp wheel
(scripts/llama-server-env.sh installs it with the model once per machine), serving
SmolLM2-135M-Instruct on 127.0.0.1 (serve_smollm2.py)."""

import socket
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
sys.path.insert(0, str(REPOSITORY / "Examples" / "python"))

CONTEXT_TOKENS = 4096
STARTUP_SECONDS = 90
MODEL = "smollm2"


class LlamaServer:
    """A running server process, its port and its log."""

    def __init__(self, process: subprocess.Popen, port: int, log: Path) -> None:
        self.process = process
        self.port = port
        self.log = log
        self.base_url = f"http://127.0.0.1:{port}/v1"

    def log_tail(self) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])

    def check_alive(self) -> None:
        assert self.process.poll() is None, f"the llama.cpp server exited ({self.process.returncode}):\n{self.log_tail()}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_smollm2(caller: str) -> tuple[subprocess.Popen, str]:
    """Starts serve_smollm2.py on a free port (installing the server once) and returns the
    process, which stops when its standard input is closed, and its base URL."""
    python = subprocess.run([str(REPOSITORY / "scripts" / "llama-server-env.sh")], capture_output=True, text=True,
                            check=True).stdout.strip().splitlines()[-1]
    port = free_port()
    server = subprocess.Popen([python, str(HERE / "serve_smollm2.py"), str(port)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in server.stdout:
        if line.startswith("PORT"):
            return server, f"http://127.0.0.1:{port}/v1"
    raise SystemExit(f"{caller}: the llama.cpp server did not start")
