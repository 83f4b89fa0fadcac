#!/usr/bin/env bash
# apple-availability-check.sh: type-check a Swift package's library sources for Apple
# deployment targets (macOS, iOS) on Linux, with Apple availability checking on.
#
#   scripts/apple-availability-check.sh [options] CHECKOUT
#   scripts/apple-availability-check.sh [options] --files FILE.swift...
#
# Options:
#   --targets "T1 T2 ..."  deployment targets (default: "macos13 ios16"). Short forms:
#                         macosN[.M] -> arm64-apple-macosN.M, iosN[.M] -> arm64-apple-iosN.M,
#                         iosN-sim -> arm64-apple-iosN-simulator; full triples also work
#                         (arm64|x86_64)-apple-(macos|ios)VER[-simulator].
#   --module NAME         module under Sources/ to check (repeatable; default: all of them).
#                         Modules it imports are checked first, and modules importing
#                         Foundation are skipped (reported, exit 2 if asked for).
#   --swift-version N     language mode (default: 6 when Package.swift says .v6, else 5).
#   --files F...          check these files as one module instead of a checkout.
#   --sil                 also run SILGen and the mandatory passes (-emit-sil) when the
#                         type check is clean, for diagnostics emitted after type checking.
#   -v                    print the compiler's full output.
#   --self-test           check that a deliberately wrong file is flagged, a correct one passes.
# Exit status: 0 clean; 1 availability errors; 2 other compile errors only; 3 setup failure.
#
# How it works (no macOS SDK needed; nothing is fetched but the PyPI `ziglang` wheel):
#  * Standard library: the toolchain's Linux textual interfaces (usr/lib/swift/linux/
#    *.swiftmodule/*.swiftinterface) keep Apple availability (@available(macOS 13.0, iOS
#    16.0, ...)). They are copied into a fake resource dir as <platform>/<M>.swiftmodule/
#    <arch>-apple-<os>.swiftinterface with -target rewritten and these patches, each of which
#    touches only how the library itself builds, not the availability clients see:
#      - -disable-availability-checking added to their swift-module-flags;
#      - @backDeployed(...) removed (Linux interfaces print no bodies for such functions;
#        clients' availability comes from the @available attribute, which stays);
#      - `import Glibc` removed (Synchronization, Observation, Distributed, _Differentiation);
#      - _swift_stdlib_gettid() -> UInt32(0) in Synchronization's inlinable Mutex bodies
#        (Linux futex shim; Apple's Mutex uses os_unfair_lock);
#      - arm64 only: Float80's _stdlib_remainderl/_stdlib_squareRootl bodies -> fatalError().
#    Linux-only modules (Glibc, _Builtin_float, Runtime, Cxx*, Testing*) are left out.
#  * SDK: the macOS SDK's libc headers as shipped in the ziglang wheel (lib/libc/include/
#    any-darwin-any: Apple's headers with their API_AVAILABLE / __IOS_PROHIBITED
#    annotations), one clang module `Darwin` over a POSIX umbrella header (MacTypes.h left
#    out), and a Darwin Swift overlay interface with the overlay's public declarations
#    (errno, open/openat/fcntl/ioctl wrappers, S_IF* mode_t constants, stdio streams,
#    fork/vfork unavailable, SIG_*, sem_open, environ) plus CLOCK_* (see below).
#  * Dispatch: a minimal stub (DispatchSemaphore, DispatchQueue.global().async) so that
#    modules using only those can be checked.
#  * Clients compile with -disable-objc-interop (the Linux stdlib lacks the ObjC bridging
#    intrinsics), so @objc / NSObject code cannot be checked; Foundation is not available,
#    and modules importing it are skipped.
#  * One whole-module -typecheck per module and target, so every error is reported.
# First run per platform builds the stdlib modules from text: ~3 minutes each on 2 cores.
set -euo pipefail

TARGETS="macos13 ios16"
MODULES=()
SWIFT_VERSION=""
FILES=()
CHECKOUT=""
RUN_SIL=0
VERBOSE=0
SELF_TEST=0
ZIG_VERSION="0.17.1"

while [ $# -gt 0 ]; do
    case "$1" in
        --targets) TARGETS="$2"; shift 2 ;;
        --module) MODULES+=("$2"); shift 2 ;;
        --swift-version) SWIFT_VERSION="$2"; shift 2 ;;
        --sil) RUN_SIL=1; shift ;;
        -v) VERBOSE=1; shift ;;
        --self-test) SELF_TEST=1; shift ;;
        --files) shift; while [ $# -gt 0 ]; do FILES+=("$1"); shift; done ;;
        -h|--help) sed -n '2,/^# Exit status/p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 3 ;;
        *) CHECKOUT="$1"; shift ;;
    esac
done
if [ $SELF_TEST -eq 1 ]; then
    # The check must flag a deliberately wrong file and pass a correct one.
    T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
    printf '%s\n' '// wrong below macOS 13 / iOS 16: Duration used with no @available' \
        'let d: Duration = .seconds(1)' > "$T/bad.swift"
    printf '%s\n' '@available(macOS 13.0, iOS 16.0, *)' 'func timeout() -> Duration { .seconds(1) }' \
        'func describe() -> String {' '    if #available(macOS 13.0, iOS 16.0, *) { return "\(timeout())" }' \
        '    return "no Duration before macOS 13"' '}' > "$T/good.swift"
    printf '%s\n' 'struct E: Error {}' 'func takesAny<T>(_ x: T) {}' \
        'func run() { let g: () throws(E) -> Void = {}; takesAny(g) }' > "$T/typed-throws.swift"
    fail=0
    expect() {  # expect STATUS PATTERN TARGETS FILE
        local want="$1" pattern="$2" targets="$3" file="$4" out rc
        set +e; out="$("$0" --targets "$targets" --files "$T/$file" 2>&1)"; rc=$?; set -e
        printf '%s\n' "$out" | sed "s|$T/||"
        # A here-string, not a pipe: with pipefail, grep -q leaving at its first match can
        # kill printf with SIGPIPE and fail a check that matched.
        if [ "$rc" != "$want" ] || ! grep -qE "$pattern" <<< "$out"; then
            echo "SELF-TEST FAILED: $file for $targets: exit $rc, wanted $want and /$pattern/"; fail=1
        fi
    }
    expect 1 "'Duration' is only available in macOS 13.0 or newer" "macos12" bad.swift
    expect 1 "'Duration' is only available in iOS 16.0 or newer" "ios15" bad.swift
    expect 0 "total: 0 availability error\(s\), 0 other" "macos12 ios15" good.swift
    expect 0 "total: 0 availability error\(s\), 0 other" "macos13 ios16" bad.swift
    expect 1 "runtime support for typed throws function types is only available in macOS 15" "macos13" typed-throws.swift
    [ $fail -eq 0 ] && echo "self-test passed" && exit 0
    exit 1
fi
if [ -z "$CHECKOUT" ] && [ ${#FILES[@]} -eq 0 ]; then
    echo "usage: $0 [--targets \"macos13 ios16\"] [--module NAME] CHECKOUT | --files F.swift..." >&2
    exit 3
fi

SWIFTC="${SWIFTC:-}"
if [ -z "$SWIFTC" ]; then
    if [ -x /opt/swift/usr/bin/swiftc ]; then SWIFTC=/opt/swift/usr/bin/swiftc; else SWIFTC="$(command -v swiftc || true)"; fi
fi
[ -n "$SWIFTC" ] && [ -x "$SWIFTC" ] || { echo "swiftc not found (set SWIFTC)" >&2; exit 3; }
TOOLCHAIN_LIB="$(dirname "$SWIFTC")/../lib/swift"
TOOLCHAIN_LIB="$(readlink -f "$TOOLCHAIN_LIB")"
LINUX_IFACES="$TOOLCHAIN_LIB/linux"
[ -f "$LINUX_IFACES/Swift.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" ] || {
    echo "no Linux stdlib interfaces under $LINUX_IFACES" >&2; exit 3; }
SWIFT_ID="$("$SWIFTC" --version 2>/dev/null | head -1 | tr -c 'A-Za-z0-9.\n' '_' )"
CACHE="${APPLE_CHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apple-availability-check}/$SWIFT_ID"
mkdir -p "$CACHE"
NICE="nice -n 5"
SCRIPT_VERSION=4  # bump when the generated files change

# ---------------------------------------------------------------- Darwin headers (PyPI)
HEADERS="$CACHE/darwin-include"
if [ ! -f "$HEADERS/.complete" ]; then
    echo "== fetching Darwin libc headers from the PyPI ziglang $ZIG_VERSION wheel" >&2
    rm -rf "$CACHE/wheel" "$HEADERS"; mkdir -p "$CACHE/wheel"
    python3 -m pip download --quiet --no-deps --only-binary=:all: \
        --platform manylinux2010_x86_64 "ziglang==$ZIG_VERSION" -d "$CACHE/wheel" >&2 \
        || python3 -m pip download --quiet --no-deps --only-binary=:all: "ziglang==$ZIG_VERSION" -d "$CACHE/wheel" >&2 \
        || { echo "pip download of ziglang failed" >&2; exit 3; }
    python3 - "$CACHE/wheel" "$HEADERS" <<'PY'
import sys, zipfile, pathlib, glob
wheel = glob.glob(sys.argv[1] + "/ziglang-*.whl")[0]
out = pathlib.Path(sys.argv[2]); prefix = "ziglang/lib/libc/include/any-darwin-any/"
with zipfile.ZipFile(wheel) as z:
    for n in z.namelist():
        if n.startswith(prefix) and not n.endswith("/"):
            p = out / n[len(prefix):]; p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(z.read(n))
PY
    rm -rf "$CACHE/wheel"
    touch "$HEADERS/.complete"
fi

# ---------------------------------------------------------------- targets
resolve_target() {  # short form or triple -> triple
    local t="$1"
    case "$t" in
        macos[0-9]*) local v="${t#macos}"; [[ "$v" == *.* ]] || v="$v.0"; echo "arm64-apple-macos$v" ;;
        ios[0-9]*-sim) local v="${t#ios}"; v="${v%-sim}"; [[ "$v" == *.* ]] || v="$v.0"; echo "arm64-apple-ios$v-simulator" ;;
        ios[0-9]*) local v="${t#ios}"; [[ "$v" == *.* ]] || v="$v.0"; echo "arm64-apple-ios$v" ;;
        *-apple-macos*|*-apple-ios*) echo "$t" ;;
        *) echo "unsupported target $t" >&2; return 1 ;;
    esac
}

# Prepares CACHE/<key>/{res,sdk} for a triple and prints "RES SDK".
prepare_platform() {
    local triple="$1" arch os env platform modtriple key minver
    arch="${triple%%-*}"
    case "$triple" in
        *-apple-macos*) os=macos; env=""; platform=macosx; modtriple="$arch-apple-macos"
            [ "$arch" = arm64 ] && minver=11.0 || minver=10.13 ;;
        *-apple-ios*-simulator) os=ios; env=-simulator; platform=iphonesimulator; modtriple="$arch-apple-ios-simulator"; minver=13.0 ;;
        *-apple-ios*) os=ios; env=""; platform=iphoneos; modtriple="$arch-apple-ios"; minver=13.0 ;;
    esac
    key="$CACHE/$modtriple"
    if [ ! -f "$key/.complete-$SCRIPT_VERSION" ]; then
        echo "== preparing $modtriple (stdlib interfaces, fake SDK)" >&2
        rm -rf "$key"; mkdir -p "$key"
        python3 - "$LINUX_IFACES" "$TOOLCHAIN_LIB" "$HEADERS" "$key" "$platform" "$modtriple" \
            "$arch-apple-$os$minver$env" "$arch" <<'PY'
import sys, os, re, pathlib, shutil, json
linux, toolchain, headers, key, platform, modtriple, iface_target, arch = sys.argv[1:]
key = pathlib.Path(key)
res = key / "res"; sdk = key / "sdk"
(res / platform).mkdir(parents=True)
for d in ("clang", "shims", "apinotes"):
    if os.path.exists(f"{toolchain}/{d}"):
        os.symlink(f"{toolchain}/{d}", res / d)
SKIP = {"Glibc", "_Builtin_float", "Runtime", "Cxx", "CxxStdlib", "Testing",
        "_Testing_Foundation", "_TestDiscovery", "_TestingInterop"}
for mod in sorted(pathlib.Path(linux).glob("*.swiftmodule")):
    name = mod.name[:-len(".swiftmodule")]
    src = mod / "x86_64-unknown-linux-gnu.swiftinterface"
    if name in SKIP or not src.exists():
        continue
    lines = src.read_text().split("\n")
    assert lines[2].startswith("// swift-module-flags:"), src
    lines[2] = lines[2].replace("-target x86_64-unknown-linux-gnu", "-target " + iface_target)
    lines[2] += " -disable-availability-checking"
    t = "\n".join(lines)
    t = re.sub(r"@backDeployed\([^)]*\)", "", t)
    t = re.sub(r"^import Glibc\n", "", t, flags=re.M)
    t = t.replace("_swift_stdlib_gettid()", "Swift.UInt32(0)")
    if arch == "arm64":
        t = re.sub(r"self = _stdlib_(remainderl|squareRootl)\([^)]*\)", "Swift.fatalError()", t)
    out = res / platform / mod.name
    out.mkdir()
    (out / f"{modtriple}.swiftinterface").write_text(t)

# Fake SDK. Version 14.0: clang stops searching subdirectories for module maps (and so
# cannot find SwiftShims in the resource dir) when the SDK says 15 or later.
canonical = {"macosx": "macosx14.0", "iphoneos": "iphoneos17.0", "iphonesimulator": "iphonesimulator17.0"}[platform]
sdk.mkdir()
(sdk / "SDKSettings.json").write_text(json.dumps({
    "Version": "14.0", "MaximumDeploymentTarget": "14.0.99", "CanonicalName": canonical,
    "VersionMap": {"macOS_iOSMac": {"14.0": "17.0"}, "iOSMac_macOS": {"17.0": "14.0"}},
    "DisplayName": "fake SDK: zig's copy of the macOS SDK libc headers"}))
inc = sdk / "usr" / "include"
shutil.copytree(headers, inc, symlinks=True)
(inc / "_fake_darwin").mkdir()
umbrella = ["sys/types.h", "stdint.h", "stdio.h", "stdlib.h", "string.h", "strings.h", "errno.h",
            "semaphore.h", "sys/ioctl.h", "stdarg.h", "fcntl.h", "unistd.h", "limits.h", "signal.h",
            "time.h", "dirent.h", "pthread.h", "sched.h", "poll.h", "stdatomic.h", "sys/stat.h",
            "sys/file.h", "sys/time.h", "sys/mman.h", "sys/uio.h", "sys/wait.h", "sys/resource.h",
            "sys/socket.h", "sys/un.h", "sys/sysctl.h", "netinet/in.h", "arpa/inet.h", "netdb.h",
            "math.h", "locale.h", "libgen.h", "dlfcn.h", "spawn.h", "termios.h", "mach/mach_time.h",
            "os/lock.h", "copyfile.h"]
(inc / "_fake_darwin" / "Darwin.h").write_text(
    "/* umbrella of the fake clang module Darwin (MacTypes.h left out) */\n" +
    "".join(f"#include <{h}>\n" for h in umbrella))
(inc / "module.modulemap").write_text(
    'module Darwin [system] [extern_c] {\n  umbrella header "_fake_darwin/Darwin.h"\n  export *\n}\n')
overlay_dir = sdk / "usr" / "lib" / "swift" / "Darwin.swiftmodule"
overlay_dir.mkdir(parents=True)
S = "Swift."
decls = [
    "public var errno: Swift.Int32 { get set }",
    "public var stdin: Swift.UnsafeMutablePointer<Darwin.FILE> { get set }",
    "public var stdout: Swift.UnsafeMutablePointer<Darwin.FILE> { get set }",
    "public var stderr: Swift.UnsafeMutablePointer<Darwin.FILE> { get set }",
    "public func dprintf(_ fd: Swift.Int, _ format: Swift.UnsafePointer<Swift.Int8>, _ args: any Swift.CVarArg...) -> Swift.Int32",
    "public func snprintf(ptr: Swift.UnsafeMutablePointer<Swift.Int8>, _ len: Swift.Int, _ format: Swift.UnsafePointer<Swift.Int8>, _ args: any Swift.CVarArg...) -> Swift.Int32",
    "public func open(_ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32) -> Swift.Int32",
    "public func open(_ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32, _ mode: Darwin.mode_t) -> Swift.Int32",
    "public func openat(_ fd: Swift.Int32, _ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32) -> Swift.Int32",
    "public func openat(_ fd: Swift.Int32, _ path: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32, _ mode: Darwin.mode_t) -> Swift.Int32",
    "public func fcntl(_ fd: Swift.Int32, _ cmd: Swift.Int32) -> Swift.Int32",
    "public func fcntl(_ fd: Swift.Int32, _ cmd: Swift.Int32, _ value: Swift.Int32) -> Swift.Int32",
    "public func fcntl(_ fd: Swift.Int32, _ cmd: Swift.Int32, _ ptr: Swift.UnsafeMutableRawPointer) -> Swift.Int32",
    "public func ioctl(_ fd: Swift.CInt, _ request: Swift.UInt, _ value: Swift.CInt) -> Swift.CInt",
    "public func ioctl(_ fd: Swift.CInt, _ request: Swift.UInt, _ ptr: Swift.UnsafeMutableRawPointer) -> Swift.CInt",
    "public func ioctl(_ fd: Swift.CInt, _ request: Swift.UInt) -> Swift.CInt",
    '@available(*, unavailable, message: "Please use threads or posix_spawn*()")\npublic func fork() -> Swift.Int32',
    '@available(*, unavailable, message: "Please use threads or posix_spawn*()")\npublic func vfork() -> Swift.Int32',
    "public var SIG_DFL: Darwin.sig_t? { get }",
    "public var SIG_IGN: Darwin.sig_t { get }",
    "public var SIG_ERR: Darwin.sig_t { get }",
    "public var SIG_HOLD: Darwin.sig_t { get }",
    "public var SEM_FAILED: Swift.UnsafeMutablePointer<Darwin.sem_t>? { get }",
    "public func sem_open(_ name: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32) -> Swift.UnsafeMutablePointer<Darwin.sem_t>?",
    "public func sem_open(_ name: Swift.UnsafePointer<Swift.CChar>, _ oflag: Swift.Int32, _ mode: Darwin.mode_t, _ value: Swift.CUnsignedInt) -> Swift.UnsafeMutablePointer<Darwin.sem_t>?",
    "public var environ: Swift.UnsafeMutablePointer<Swift.UnsafeMutablePointer<Swift.CChar>?> { get }",
    "public let MAP_FAILED: Swift.UnsafeMutableRawPointer!",
]
for m in ["IFMT", "IFIFO", "IFCHR", "IFDIR", "IFBLK", "IFREG", "IFLNK", "IFSOCK", "IFWHT",
          "IRWXU", "IRUSR", "IWUSR", "IXUSR", "IRWXG", "IRGRP", "IWGRP", "IXGRP", "IRWXO",
          "IROTH", "IWOTH", "IXOTH", "ISUID", "ISGID", "ISVTX", "ISTXT", "IREAD", "IWRITE", "IEXEC"]:
    decls.append(f"public var S_{m}: Darwin.mode_t {{ get }}")
# <_time.h>: `#define CLOCK_REALTIME _CLOCK_REALTIME` aliases an enumerator of clockid_t; this
# compiler's ClangImporter does not import such aliases, but Xcode-built code uses
# `clock_gettime(CLOCK_REALTIME, ...)` and `import var Darwin.CLOCK_REALTIME`, so the names
# are declared here with the enumerators' type and availability (__CLOCK_AVAILABILITY).
for c in ["REALTIME", "MONOTONIC", "MONOTONIC_RAW", "MONOTONIC_RAW_APPROX", "UPTIME_RAW",
          "UPTIME_RAW_APPROX", "PROCESS_CPUTIME_ID", "THREAD_CPUTIME_ID"]:
    decls.append("@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)\n"
                 f"public var CLOCK_{c}: Darwin.clockid_t {{ get }}")
(overlay_dir / f"{modtriple}.swiftinterface").write_text(
    "// swift-interface-format-version: 1.0\n"
    "// swift-compiler-version: Swift version 6.3.1 (swift-6.3.1-RELEASE)\n"
    f"// swift-module-flags: -target {iface_target} -enable-library-evolution -swift-version 5 -O -module-name Darwin -disable-availability-checking\n"
    "// Stand-in for the Darwin Swift overlay (public declarations of swiftlang/swift\n"
    "// stdlib/public/Platform/Platform.swift for Darwin, as in the SDK's Darwin.swiftinterface).\n"
    "@_exported import Darwin\nimport Swift\n" + "\n".join(decls) + "\n")
# A minimal stand-in for Apple's Dispatch overlay (only DispatchSemaphore(value:), signal,
# wait, DispatchQueue.global().async(execute:)); any other Dispatch API shows up as an
# "other error". Apple's versions carry no @available (they predate every supported OS).
stub = key / "stubs" / "Dispatch.swiftmodule"; stub.mkdir(parents=True)
(stub / f"{modtriple}.swiftinterface").write_text(
    "// swift-interface-format-version: 1.0\n"
    "// swift-compiler-version: Swift version 6.3.1 (swift-6.3.1-RELEASE)\n"
    f"// swift-module-flags: -target {iface_target} -enable-library-evolution -swift-version 5 -O -module-name Dispatch -disable-availability-checking\n"
    "import Swift\n"
    "public class DispatchObject {}\n"
    "final public class DispatchSemaphore : Dispatch.DispatchObject, @unchecked Swift.Sendable {\n"
    "  public init(value: Swift.Int)\n"
    "  @discardableResult public func signal() -> Swift.Int\n"
    "  public func wait()\n}\n"
    "final public class DispatchQueue : Dispatch.DispatchObject, @unchecked Swift.Sendable {\n"
    "  public class func global() -> Dispatch.DispatchQueue\n"
    "  public func async(execute work: @escaping @Sendable () -> Swift.Void)\n}\n")
PY
        touch "$key/.complete-$SCRIPT_VERSION"
    fi
    echo "$key/res $key/sdk"
}

# ---------------------------------------------------------------- checking
AVAIL_RE='is only available in|is unavailable in|runtime support for .* is only available'
TOTAL_AVAIL=0
TOTAL_OTHER=0
RUN_DIR="$(mktemp -d)"
trap 'rm -rf "$RUN_DIR"' EXIT
PACKAGE_NAME=checkedpkg
EXTRA_INCLUDES=()

check() {  # check LABEL TRIPLE SWIFTVERSION MODULENAME EMIT(0|1) FILES...
    local label="$1" triple="$2" sv="$3" modname="$4" emit="$5"; shift 5
    local paths res sdk out
    paths="$(prepare_platform "$triple")"; res="${paths% *}"; sdk="${paths#* }"
    out="$(mktemp -p "$RUN_DIR")"
    mkdir -p "$RUN_DIR/modules-$triple"
    local flags=(-wmo -Xfrontend -disable-objc-interop -resource-dir "$res" -sdk "$sdk"
                 -module-cache-path "$CACHE/module-cache" -target "$triple" -swift-version "$sv"
                 -module-name "$modname" -package-name "$PACKAGE_NAME" -parse-as-library
                 -I "$RUN_DIR/modules-$triple" -I "$sdk/../stubs")
    local inc; for inc in "${EXTRA_INCLUDES[@]}"; do flags+=(-I "$inc"); done
    set +e
    $NICE "$SWIFTC" -typecheck "${flags[@]}" "$@" >"$out" 2>&1
    local rc=$?
    if [ $rc -eq 0 ] && [ $RUN_SIL -eq 1 ]; then
        $NICE "$SWIFTC" -emit-sil -o /dev/null "${flags[@]}" "$@" >"$out" 2>&1; rc=$?
    fi
    if [ "$emit" = 1 ]; then  # for the modules that import this one, errors or not
        $NICE "$SWIFTC" -emit-module -emit-module-path "$RUN_DIR/modules-$triple/$modname.swiftmodule" \
            -Xfrontend -experimental-allow-module-with-compiler-errors "${flags[@]}" "$@" >/dev/null 2>&1
    fi
    set -e
    [ $VERBOSE -eq 1 ] && cat "$out" >&2
    local errs avail other nolocation na no
    errs="$(grep -E '^[^ ].*:[0-9]+:[0-9]+: error: ' "$out" | sed "s|^${CHECKOUT:+$CHECKOUT/}||" | sort -u || true)"
    nolocation="$(grep -E '^(<unknown>:0: )?error:' "$out" | sort -u || true)"
    avail="$(printf '%s\n' "$errs" | grep -E "$AVAIL_RE" || true)"
    other="$(printf '%s\n%s\n' "$errs" "$nolocation" | grep -vE "$AVAIL_RE" | grep -v '^$' || true)"
    na=$(printf '%s' "$avail" | grep -c . || true); no=$(printf '%s' "$other" | grep -c . || true)
    TOTAL_AVAIL=$((TOTAL_AVAIL + na)); TOTAL_OTHER=$((TOTAL_OTHER + no))
    echo "=== $label for $triple: $na availability error(s), $no other error(s) (swiftc rc=$rc)"
    [ -n "$avail" ] && printf '%s\n' "$avail" | sed 's/^/  /'
    [ -n "$other" ] && { echo "  -- other errors (may be real, or a gap in the emulation):"; printf '%s\n' "$other" | sed 's/^/  /'; }
    if [ $rc -ne 0 ] && [ "$na" -eq 0 ] && [ "$no" -eq 0 ]; then
        echo "  -- compiler failed without located errors; rerun with -v"; TOTAL_OTHER=$((TOTAL_OTHER + 1))
    fi
    rm -f "$out"
}

TRIPLES=()
for t in $TARGETS; do TRIPLES+=("$(resolve_target "$t")"); done

if [ ${#FILES[@]} -gt 0 ]; then
    sv="${SWIFT_VERSION:-6}"
    for triple in "${TRIPLES[@]}"; do check "files" "$triple" "$sv" CheckedFiles 0 "${FILES[@]}"; done
else
    CHECKOUT="$(readlink -f "$CHECKOUT")"
    [ -f "$CHECKOUT/Package.swift" ] || { echo "no Package.swift in $CHECKOUT" >&2; exit 3; }
    PACKAGE_NAME="$(basename "$CHECKOUT" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9_\n' '_')"
    if [ -z "$SWIFT_VERSION" ]; then
        if grep -qE 'swiftLanguageModes: *\[ *\.v6|swiftLanguageVersions: *\[ *\.v6' "$CHECKOUT/Package.swift"; then SWIFT_VERSION=6
        elif grep -qE 'swiftLanguageModes: *\[ *\.v5|swiftLanguageVersions: *\[ *\.v5' "$CHECKOUT/Package.swift"; then SWIFT_VERSION=5
        elif grep -qE 'swift-tools-version: *6' "$CHECKOUT/Package.swift"; then SWIFT_VERSION=6; else SWIFT_VERSION=5; fi
    fi
    grep -qE '^\s*platforms:' "$CHECKOUT/Package.swift" && echo "note: Package.swift declares platforms:; checking $TARGETS" >&2
    # clang modules of the package (system-library targets, include/ folders with a module map)
    while IFS= read -r mm; do EXTRA_INCLUDES+=("$(dirname "$mm")"); done \
        < <(find "$CHECKOUT" -name module.modulemap -not -path '*/.build*/*' -not -path '*/Tests/*' -not -path '*/Examples/*' | sort)
    # the modules under Sources/, dependencies first (from their `import` lines)
    mapfile -t ORDER < <(python3 - "$CHECKOUT/Sources" "${MODULES[@]}" <<'PY'
import sys, re, pathlib
root = pathlib.Path(sys.argv[1]); wanted = sys.argv[2:]
mods = {d.name: d for d in sorted(root.iterdir()) if d.is_dir() and any(d.rglob("*.swift"))}
imp = re.compile(r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)
deps = {m: sorted({x for f in d.rglob("*.swift") for x in imp.findall(f.read_text(errors="replace"))}) for m, d in mods.items()}
want = set(wanted) if wanted else set(mods)
def close(m, seen):
    for x in deps.get(m, []):
        if x in mods and x not in seen: seen.add(x); close(x, seen)
need = set(want)
for m in list(want): close(m, need)
order, done = [], set()
def visit(m):
    if m in done: return
    done.add(m)
    for x in deps[m]:
        if x in mods: visit(x)
    order.append(m)
for m in sorted(need): visit(m)
for m in order:
    foundation = any(x in ("Foundation", "FoundationNetworking", "FoundationEssentials") for x in deps[m])
    print(m, "wanted" if m in want else "dependency", "foundation" if foundation else "-")
PY
)
    for line in "${ORDER[@]}"; do
        read -r mod role found <<<"$line"
        if [ "$found" = foundation ]; then
            echo "=== $mod imports Foundation: not checkable here (no Apple Foundation interface); skipped"
            [ "$role" = wanted ] && TOTAL_OTHER=$((TOTAL_OTHER + 1))
            continue
        fi
        mapfile -t srcs < <(find "$CHECKOUT/Sources/$mod" -name '*.swift' | sort)
        for triple in "${TRIPLES[@]}"; do check "$mod" "$triple" "$SWIFT_VERSION" "$mod" 1 "${srcs[@]}"; done
    done
fi

echo "=== total: $TOTAL_AVAIL availability error(s), $TOTAL_OTHER other error(s)"
if [ $TOTAL_AVAIL -gt 0 ]; then exit 1; elif [ $TOTAL_OTHER -gt 0 ]; then exit 2; else exit 0; fi
