#!/usr/bin/env bash
# Checks that include/storykit.h compiles cleanly as C99 and C++17, then builds the C examples
# (example, stream, transport, stream_cost) against libstorykit.so into Examples/c/build. Prints the path
# of the first, the tour of the C ABI. With STORYKIT_C_SANITIZE=1 the examples are built with
# AddressSanitizer and UndefinedBehaviorSanitizer (any finding aborts) into
# Examples/c/build-sanitized.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lib="${STORYKIT_LIB:-$("$root/scripts/build-library.sh")}"
libdir="$(dirname "$lib")"
out="$root/Examples/c/build"
sanitize=()
if [ "${STORYKIT_C_SANITIZE:-0}" = 1 ]; then
    out="$root/Examples/c/build-sanitized"
    sanitize=(-g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
fi
mkdir -p "$out"
warnings=(-Wall -Wextra -pedantic -Werror)
cc -std=c99 "${warnings[@]}" -fsyntax-only -x c "$root/include/storykit.h"
c++ -std=c++17 "${warnings[@]}" -fsyntax-only -x c++ "$root/include/storykit.h"
for name in example stream transport stream_cost; do
    cc -std=c99 "${warnings[@]}" ${sanitize[@]+"${sanitize[@]}"} -I "$root/include" "$root/Examples/c/$name.c" \
       -L "$libdir" -lstorykit -Wl,-rpath,"$libdir" -o "$out/$name"
done
echo "$out/example"
