#!/usr/bin/env bash
# Builds StoryKitCore's documentation catalog (Sources/StoryKitCore/StoryKitCore.docc) with
# docc from the Swift toolchain, against the module's symbol graph, and fails on any warning:
# a symbol link that resolves to nothing, an article link that does, a parameter left out of
# a documented call. Xcode builds the same catalog. The output (a documentation archive) is
# left in .build-docs/StoryKitCore.doccarchive.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

docc="$(command -v docc || true)"
if [ -z "$docc" ] && command -v swift > /dev/null; then
    candidate="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
    [ -x "$candidate" ] && docc="$candidate"
fi
if [ -z "$docc" ]; then
    echo "check-docs: not checked: this Swift toolchain has no docc" >&2
    exit 1
fi

scratch="$root/.build-docs"
graphs="$scratch/symbol-graphs"
mkdir -p "$scratch"
swift build --scratch-path "$scratch" --target StoryKitCore > "$scratch/build.log" 2>&1 || {
    tail -n 30 "$scratch/build.log" >&2
    exit 1
}
triple="$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
rm -rf "$graphs"
mkdir -p "$graphs"
# StoryKitCore re-exports StoryKitBase, StoryKitCorrection, StoryKitStorage and StoryKitProviders (their symbols are documented
# with its own), which imports the English pack's C module (its module map is in include/).
swift symbolgraph-extract -module-name StoryKitCore -I "$scratch/debug/Modules" \
    -experimental-allowed-reexported-modules=StoryKitBase,StoryKitCorrection,StoryKitStorage,StoryKitProviders \
    -I Sources/StoryKitEnglishData/include -target "$triple" \
    -minimum-access-level public -output-dir "$graphs"
output="$("$docc" convert Sources/StoryKitCore/StoryKitCore.docc --additional-symbol-graph-dir "$graphs" \
    --output-path "$scratch/StoryKitCore.doccarchive" --fallback-display-name StoryKitCore \
    --fallback-bundle-identifier org.storykit.StoryKitCore 2>&1)"
problems="$(grep -E "(warning|error):" <<< "$output" || true)"
if [ -n "$problems" ]; then
    echo "$output" >&2
    echo "check-docs: $(wc -l <<< "$problems") problem(s) in the documentation" >&2
    exit 1
fi
pages="$(find "$scratch/StoryKitCore.doccarchive/data/documentation" -name '*.json' | wc -l)"
echo "check-docs: the catalog builds with no warning ($pages pages)"
