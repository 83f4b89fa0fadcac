#!/usr/bin/env bash
# The main job: builds libstorykit.so and runs a guided tour of what it does, through the C
# example and the Python binding. Embedded defaults only: no network, no keys.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lib="$("$root/scripts/build-library.sh")"
example="$(STORYKIT_LIB="$lib" "$root/scripts/build-c-example.sh")"
echo "== From C (Examples/c/example.c)"
"$example"
echo
echo "== From Python (Examples/python/demo.py)"
STORYKIT_LIB="$lib" python3 "$root/Examples/python/demo.py"
