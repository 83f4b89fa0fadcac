#!/usr/bin/env bash
# Prints the path of a Python that can run llama.cpp's OpenAI-compatible server (the
# llama-cpp-python package, which compiles llama.cpp from source) and write GGUF models (the
# gguf package), making it first when it is missing. Both come from PyPI; the build needs a C
# and C++ compiler and takes about 6 minutes on 2 cores, once per machine: the environment is
# kept in ~/.cache/storykit-llama (STORYKIT_LLAMA_CACHE), one folder per version pair.
#
# Used by the real-server tests (Tests/RealServer). Output: one line, the Python's path. On
# failure, the end of pip's log goes to standard error and the exit status is not 0.
set -euo pipefail
llama_version="0.3.36"
gguf_version="0.19.0"
cache="${STORYKIT_LLAMA_CACHE:-$HOME/.cache/storykit-llama}"
venv="$cache/llama-cpp-python-$llama_version-gguf-$gguf_version"
python="$venv/bin/python"

if [ -x "$python" ] && "$python" -c "import llama_cpp.server, gguf" 2> /dev/null; then
    echo "$python"
    exit 0
fi

mkdir -p "$cache"
rm -rf "$venv.partial"
python3 -m venv "$venv.partial"
log="$cache/build-$llama_version.log"
echo "building llama-cpp-python $llama_version (llama.cpp from source; about 6 minutes, once; log: $log)" >&2
# Generic CPU code, so that the cached build runs on any x86-64 machine it is copied to; no
# llama.cpp tests or examples, which the server does not need.
if ! CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF" \
    "$venv.partial/bin/python" -m pip install --no-cache-dir --quiet \
        "llama-cpp-python[server]==$llama_version" "gguf==$gguf_version" > "$log" 2>&1; then
    echo "llama-server-env.sh: could not install llama-cpp-python $llama_version from PyPI; the end of $log:" >&2
    tail -n 30 "$log" >&2
    exit 1
fi
# The environment is moved into place only once complete, so an interrupted build is redone.
rm -rf "$venv"
mv "$venv.partial" "$venv"
# A moved environment's own scripts name the old path; it is only ever run as "python -m".
echo "$python"
