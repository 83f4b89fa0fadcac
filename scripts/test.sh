#!/usr/bin/env bash
# Runs every test of StoryKit: the Swift suites (core and C ABI), the C header and examples,
# the storykit command-line tool's binary, the Python binding against the self-contained
# libstorykit.so, and every snippet of README.md and Examples/python/README.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

echo "== Swift tests"
swift test

echo "== Self-contained shared library"
lib="$(scripts/build-library.sh)"
echo "$lib"

echo "== C header and examples"
example="$(STORYKIT_LIB="$lib" scripts/build-c-example.sh)"
"$example" > /dev/null

echo "== Command-line tool (Examples/storykit-cli)"
swift build --package-path Examples/storykit-cli
cli_bin="$(swift build --package-path Examples/storykit-cli --show-bin-path)"

echo "== Python tests"
python="python3"
if ! "$python" -c "import pytest" 2> /dev/null; then
    # No pytest on this machine: install it into a private virtual environment.
    venv="$root/.build/python-test-venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet pytest
    python="$venv/bin/python"
fi
STORYKIT_LIB="$lib" STORYKIT_CLI="$cli_bin/storykit-cli" STORYKIT_README_TOUR="$cli_bin/readme-tour" \
    STORYKIT_C_EXAMPLES="$(dirname "$example")" \
    "$python" -m pytest -q Examples/python/tests Examples/c/test_examples.py Examples/storykit-cli/tests Tests/Snippets
