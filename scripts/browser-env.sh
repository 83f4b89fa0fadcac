#!/usr/bin/env bash
# Prints the path of a headless Chromium, for the test that opens the HTML book in a real
# browser: STORYKIT_BROWSER, else chromium-headless-shell or chromium on PATH, else Debian's
# chromium-headless-shell installed once (apt-get, as root or with sudo; about 250 MB).
# Exits 77 with the reason as its last line when there is none and none can be installed.
set -uo pipefail

for candidate in "${STORYKIT_BROWSER:-}" chromium-headless-shell chromium; do
    [ -n "$candidate" ] || continue
    if path="$(command -v "$candidate")"; then
        echo "$path"
        exit 0
    fi
done

if ! command -v apt-get > /dev/null; then
    echo "no headless Chromium, and no apt-get to install Debian's chromium-headless-shell" >&2
    echo "skipped: no headless Chromium (install chromium-headless-shell, or set STORYKIT_BROWSER)" >&2
    exit 77
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
    as_root=(sudo -n)
else
    echo "skipped: no headless Chromium, and installing chromium-headless-shell needs root" >&2
    exit 77
fi
export DEBIAN_FRONTEND=noninteractive
echo "installing Debian's chromium-headless-shell (once)…" >&2
if ! "${as_root[@]}" apt-get install -y -qq chromium-headless-shell >&2; then
    "${as_root[@]}" apt-get update -qq >&2 && "${as_root[@]}" apt-get install -y -qq chromium-headless-shell >&2 || {
        echo "skipped: apt-get could not install chromium-headless-shell (see above)" >&2
        exit 77
    }
fi
command -v chromium-headless-shell
