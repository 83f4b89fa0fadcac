#!/usr/bin/env bash
# Builds the self-contained shared library libstorykit.so (release) and prints its path.
#
# The Swift runtime is linked statically (-static-stdlib), only storykit_* symbols are
# exported (scripts/storykit.map), and the SONAME carries the ABI version. These flags go on
# this command line, not into Package.swift, so that packages depending on StoryKitCore
# never inherit unsafe flags. Arguments are passed on to swift build (scripts/fit-corrector.py
# builds its own copy: --scratch-path .build-fitting -Xswiftc -DSTORYKIT_FITTING).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
flags=(-c release --product storykit
       -Xswiftc -static-stdlib -Xswiftc -use-ld=lld
       -Xlinker "--version-script=$root/scripts/storykit.map"
       -Xlinker -soname=libstorykit.so.1)
swift build "${flags[@]}" "$@" >&2
bin="$(swift build -c release --show-bin-path "$@")"
# Programs linked with -lstorykit look for the SONAME at run time.
ln -sf libstorykit.so "$bin/libstorykit.so.1"
echo "$bin/libstorykit.so"
