#!/usr/bin/env bash
# Builds StoryKit's libFuzzer targets (Tests/Fuzz/Targets) with AddressSanitizer and runs each
# for a while, printing executions, coverage and findings per target.
#
#   scripts/fuzz.sh [--seconds N] [--max-len BYTES] [--build-only] [TARGET ...]
#
# Every target first replays its regression inputs (Tests/Fuzz/Regressions/TARGET), then
# fuzzes for N seconds (default 30) from its seed corpus (made from Tests/Fixtures) and the
# corpus earlier runs grew in .build-fuzz/corpus/TARGET, with inputs of up to BYTES (default
# 8192; shorter inputs run faster). A finding is written to
# .build-fuzz/findings/ and makes the script fail; replay one with
#   .build-fuzz/bin/TARGET .build-fuzz/findings/TARGET-crash-...
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

seconds=30
max_len=8192
build_only=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --max-len) max_len="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 64 ;;
        *) targets+=("$1"); shift ;;
    esac
done
if [ ${#targets[@]} -eq 0 ]; then
    for source in Tests/Fuzz/Targets/*.swift; do targets+=("$(basename "$source" .swift)"); done
fi
for target in "${targets[@]}"; do
    [ -f "Tests/Fuzz/Targets/$target.swift" ] || { echo "fuzz.sh: no target $target in Tests/Fuzz/Targets" >&2; exit 64; }
done

build=".build-fuzz"
mkdir -p "$build/modules" "$build/bin" "$build/findings"
# One package name for every module, so the targets may use package-level API as the tests do.
flags=(-O -wmo -parse-as-library -package-name storykit -sanitize=fuzzer,address -I "$build/modules" -I include)
# Each language's pack: a C file that embeds it, and the module map Swift imports it by.
data_objects=()
for data in Sources/StoryKit*Data; do
    name="$(basename "$data")"
    flags+=(-I "$data/include")
    object="$build/modules/$name.o"
    if [ ! -f "$object" ] || [ -n "$(find "$data" -newer "$object" -print -quit)" ]; then
        clang -c -O2 -I "$data/include" "$data"/*.c -o "$object"
    fi
    data_objects+=("$object")
done

# Builds a module into a static library when any of its sources is newer than the library, or
# when a module built before it (the modules are built in dependency order) was rebuilt: a
# module compiled against an older interface may call what no longer exists.
rebuilt_upstream=0
build_module() {
    local name="$1" directory="$2"
    local library="$build/modules/lib$name.a"
    if [ "$rebuilt_upstream" -eq 0 ] && [ -f "$library" ] \
        && [ -z "$(find "$directory" -name '*.swift' -newer "$library" -print -quit)" ]; then
        return
    fi
    rebuilt_upstream=1
    echo "== Building $name with -sanitize=fuzzer,address" >&2
    # Linker notes about exporting local __asan symbols are harmless and filtered out.
    find "$directory" -name '*.swift' -print0 | xargs -0 swiftc "${flags[@]}" -emit-library -static \
        -module-name "$name" -emit-module-path "$build/modules/$name.swiftmodule" -o "$library"
}
build_module StoryKitBase Sources/StoryKitBase
build_module StoryKitCorrection Sources/StoryKitCorrection
build_module StoryKitStorage Sources/StoryKitStorage
build_module StoryKitProviders Sources/StoryKitProviders
build_module StoryKitCore Sources/StoryKitCore
# The language packs, which the C library carries: the corrector target reaches them through it.
packs=(StoryKitSpanish StoryKitFrench StoryKitGerman StoryKitItalian StoryKitPortuguese StoryKitDutch)
for pack in "${packs[@]}"; do build_module "$pack" "Sources/$pack"; done
build_module StoryKitLanguages Sources/StoryKitLanguages
build_module StoryKitC Sources/StoryKitC
pack_libraries=()
for pack in StoryKitLanguages "${packs[@]}"; do pack_libraries+=("$build/modules/lib$pack.a"); done

for target in "${targets[@]}"; do
    binary="$build/bin/$target"
    if [ -f "$binary" ] && [ -z "$(find "Tests/Fuzz/Targets/$target.swift" Tests/Fuzz/Support "$build/modules" -newer "$binary" -print -quit)" ]; then
        continue
    fi
    echo "== Building fuzz target $target" >&2
    swiftc "${flags[@]}" -module-name "Fuzz_${target//-/_}" Tests/Fuzz/Support/*.swift "Tests/Fuzz/Targets/$target.swift" \
        "$build/modules/libStoryKitC.a" "${pack_libraries[@]}" "$build/modules/libStoryKitCore.a" "$build/modules/libStoryKitProviders.a" "$build/modules/libStoryKitStorage.a" "$build/modules/libStoryKitCorrection.a" "$build/modules/libStoryKitBase.a" "${data_objects[@]}" -o "$binary" 2>&1 \
        | { grep -v "Cannot export local symbol" || true; } >&2
done
[ "$build_only" -eq 1 ] && exit 0

rm -rf "$build/seeds"
python3 Tests/Fuzz/make_seeds.py "$build/seeds"

# The last line of a log that the sed script prints, or nothing.
last_match() {
    sed -n "$1" "$2" | tail -n 1
}

failed=0
# Swift's own crash backtracer would race AddressSanitizer's report; libFuzzer reports findings.
export SWIFT_BACKTRACE=enable=no
printf '%-14s %12s %10s %8s %9s %8s  %s\n' target executions "exec/s" coverage features corpus findings
for target in "${targets[@]}"; do
    binary="$build/bin/$target"
    log="$build/$target.log"
    regressions="Tests/Fuzz/Regressions/$target"
    if [ -d "$regressions" ] && ! "$binary" "$regressions"/* > "$log.replay" 2>&1; then
        echo "$target: a regression input fails again (log: $log.replay)"
        failed=1
        continue
    fi
    mkdir -p "$build/corpus/$target" "$build/seeds/$target"
    status=0
    "$binary" "$build/corpus/$target" "$build/seeds/$target" -max_total_time="$seconds" -max_len="$max_len" \
        -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$build/findings/$target-" \
        > "$log" 2>&1 || status=$?
    executions="$(last_match 's/^stat::number_of_executed_units: *//p' "$log")"
    rate="$(last_match 's/^stat::average_exec_per_sec: *//p' "$log")"
    coverage="$(last_match 's/.* cov: \([0-9]*\) .*/\1/p' "$log")"
    features="$(last_match 's/.* ft: \([0-9]*\) .*/\1/p' "$log")"
    corpus="$(find "$build/corpus/$target" -type f | wc -l)"
    finding="none"
    if [ "$status" -ne 0 ]; then
        finding="$(last_match "s|.*\($build/findings/$target-[a-z-]*-[0-9a-f]*\).*|\1|p" "$log")"
        finding="${finding:-exit $status, see $log}"
        failed=1
    fi
    printf '%-14s %12s %10s %8s %9s %8s  %s\n' "$target" "${executions:-?}" "${rate:-?}" "${coverage:-?}" "${features:-?}" "$corpus" "$finding"
done
exit "$failed"
