#!/usr/bin/env bash
# Runs every test of StoryKit: the Swift suites (core and C ABI), the C header and example,
# and the Python binding's pytest suite against the self-contained libstorykit.so.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

echo "== Swift tests"
swift test

echo "== Self-contained shared library"
lib="$(scripts/build-library.sh)"
echo "$lib"

echo "== C header and example"
example="$(STORYKIT_LIB="$lib" scripts/build-c-example.sh)"
"$example" > /dev/null

echo "== Python tests"
python="python3"
if ! "$python" -c "import pytest" 2> /dev/null; then
    # No pytest on this machine: install it into a private virtual environment.
    venv="$root/.build/python-test-venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet pytest
    python="$venv/bin/python"
fi
STORYKIT_LIB="$lib" "$python" -m pytest -q Examples/python/tests
