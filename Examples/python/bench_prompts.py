"""Building a correction prompt end to end through the C ABI from Python, for a 200-character
input: the full binding call (json.dumps of the request, storykit_prompt_build, json.loads of
the result) and the bare C call on pre-encoded bytes, side by side in one run. Reports medians.

    python3 Examples/python/bench_prompts.py [rounds]
"""

import ctypes
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import storykit  # noqa: E402

TEXT = ("I wnat to go hmoe nwo pleaes, my hnads are shakign a lot todya and I cant tpye wlel. "
        "Cna you cnofirm my apointment for tomorow at 3 pm with Dr Ptael? Tahnks so mcuh!! "
        "I will brign the from and the lsit of my medicnes.")[:200]


def per_call_microseconds(function, calls: int) -> float:
    start = time.perf_counter_ns()
    for _ in range(calls):
        function()
    return (time.perf_counter_ns() - start) / calls / 1000


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    calls = 2000
    assert len(TEXT) == 200
    lib = storykit.library()
    request = {"kind": "correction", "form": "numbered", "text": TEXT}
    encoded = json.dumps(request).encode()
    out = ctypes.c_void_p()

    def bare():
        if lib.storykit_prompt_build(ctypes.byref(out), encoded) != 0:
            raise RuntimeError(lib.storykit_last_error())
        lib.storykit_string_free(out)

    def binding():
        storykit.build_prompt(request)

    structured = {"kind": "correction", "form": "structured", "text": TEXT}

    def binding_structured():
        storykit.build_prompt(structured)

    cases = {"C call (bytes in, string out)": bare, "build_prompt() numbered": binding,
             "build_prompt() structured": binding_structured}
    samples = {name: [] for name in cases}
    for function in cases.values():
        per_call_microseconds(function, 200)  # warm up
    for _ in range(rounds):
        for name, function in cases.items():  # interleaved, so a slow phase hits every case
            samples[name].append(per_call_microseconds(function, calls))
    print(f"correction prompt for a {len(TEXT)}-character input; {rounds} rounds of {calls} calls, medians")
    for name, values in samples.items():
        print(f"  {name:34s} {statistics.median(values):7.2f} µs/call   (min {min(values):.2f}, max {max(values):.2f})")


if __name__ == "__main__":
    main()
