"""JSON policy decisions through the C ABI from Python: the bare storykit_policy_evaluate call
on pre-encoded requests, the same on a loaded profile (storykit_policy_eval), and the binding's
evaluate_policy() with its json.dumps/json.loads, interleaved in one run. Reports medians in
decisions per second. (Typed decisions in process: the policy-benchmark in Examples/Benchmarks.)

    python3 Examples/python/bench_policy.py [rounds]
"""

import ctypes
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import storykit  # noqa: E402

FIELDS = [
    {"id": "StoryEditView.content", "kind": "longText", "multiline": True},
    {"id": "AvatarGenerationView.customPrompt", "kind": "imagePrompt", "multiline": True},
    {"id": "HeroCreationView.name", "kind": "name"},
    {"id": "MagicalTextField.password", "kind": "password", "secure": True},
]
PLATFORMS = [
    {"os": "iOS", "version": "18.1", "appleIntelligence": "enabled"},
    {"os": "iOS", "version": "17.6", "appleIntelligence": "notEligible"},
]
REQUESTS = [{"domain": "writingTools", "field": f, "platform": p} for f in FIELDS for p in PLATFORMS]


def rate(function, calls: int) -> float:
    start = time.perf_counter_ns()
    for index in range(calls):
        function(index)
    return calls / ((time.perf_counter_ns() - start) / 1e9)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    calls = 20000
    lib = storykit.library()
    encoded = [json.dumps(r).encode() for r in REQUESTS]
    out = ctypes.c_void_p()
    policy = storykit.Policy(storykit_profile := {"name": "app", "extends": "default", "writingTools": []})
    handle = policy._open()

    def bare(index):
        if lib.storykit_policy_evaluate(ctypes.byref(out), encoded[index & 7]) != 0:
            raise RuntimeError(lib.storykit_last_error())
        lib.storykit_string_free(out)

    def loaded(index):
        if lib.storykit_policy_eval(handle, ctypes.byref(out), encoded[index & 7]) != 0:
            raise RuntimeError(lib.storykit_last_error())
        lib.storykit_string_free(out)

    def binding(index):
        storykit.evaluate_policy(REQUESTS[index & 7])

    cases = {"storykit_policy_evaluate (bytes in)": bare, "storykit_policy_eval, loaded profile": loaded,
             "evaluate_policy() with dict conversion": binding}
    samples = {name: [] for name in cases}
    for function in cases.values():
        rate(function, 2000)
    for _ in range(rounds):
        for name, function in cases.items():
            samples[name].append(rate(function, calls))
    print(f"Writing Tools decisions as JSON through the C ABI; {rounds} rounds of {calls}, medians")
    for name, values in samples.items():
        print(f"  {name:42s} {statistics.median(values):10,.0f} per second   ({1e6 / statistics.median(values):.2f} µs each)")
    policy.close()
    del storykit_profile


if __name__ == "__main__":
    main()
