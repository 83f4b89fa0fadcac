#!/usr/bin/env bash
# Checks that the Swift sources are laid out as .swift-format says (the toolchain's swift format,
# lint mode, layout only: its rules are off). `scripts/check-format.sh --fix` rewrites them so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
paths=(Sources Tests Examples/storykit-cli/Sources Examples/Benchmarks/Sources Integrations/storykit-async-http-client/Sources Package.swift)
if ! swift format --version > /dev/null 2>&1; then
    echo "this toolchain has no swift format: not checked"
    exit 77
fi
if [ "${1:-}" = "--fix" ]; then
    exec swift format format -i -r --parallel "${paths[@]}"
fi
swift format lint -r --strict --parallel "${paths[@]}"
echo "check-format: every Swift file is laid out as .swift-format says"
