"""Peak memory of every parser and stream on large, many-item inputs, and the cost per event
of the server-sent-event streams at 100k and 1M events (a quadratic stream shows as a ratio
far above 1). Each case runs in a child process of its own and reports the growth of its
peak resident memory as a multiple of the input's size.

    python3 Examples/python/bench_memory.py [megabytes]
"""

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import ctypes, resource, sys, time
sys.path.insert(0, sys.argv[1])
import storykit
kind, size = sys.argv[2], int(sys.argv[3])
lib = storykit.library()
if kind in ("parse_list", "parse_variations", "stream list"):
    text = b"- a\n" * (size // 4)
elif kind in ("json_repair", "stream json"):
    text = b"[" + b"1," * (size // 2) + b"]"
elif kind == "stream gemini-sse":
    event = b'data: {"candidates":[{"content":{"parts":[{"text":"a"}]}}]}\r\n\r\n'
    text = event * (size // len(event))
else:
    event = b'data: {"choices":[{"delta":{"content":"a"}}]}\n\n'
    text = event * (size // len(event))
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
out = ctypes.c_void_p()
if kind == "parse_list":
    status = lib.storykit_parse_list(ctypes.byref(out), text, len(text), None)
elif kind == "parse_variations":
    status = lib.storykit_parse_variations(ctypes.byref(out), text, len(text), None)
elif kind == "json_repair":
    status = lib.storykit_json_repair(ctypes.byref(out), text, len(text))
else:
    # The C calls alone: the events are released undecoded, as a host that skips them would.
    stream = ctypes.c_void_p()
    status = lib.storykit_stream_create(ctypes.byref(stream), kind.split()[1].encode(), None)
    for start in range(0, len(text), 1 << 16):
        chunk = text[start:start + (1 << 16)]
        status = status or lib.storykit_stream_feed(stream, ctypes.byref(out), chunk, len(chunk))
        lib.storykit_string_free(out)
    status = status or lib.storykit_stream_finish(stream, ctypes.byref(out))
    lib.storykit_string_free(out)
    lib.storykit_stream_free(stream)
elapsed = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(status, (peak - base) * 1024 / len(text), elapsed, len(text))
"""


def run(kind: str, size: int):
    result = subprocess.run([sys.executable, "-c", CHILD, str(HERE), kind, str(size)],
                            capture_output=True, text=True, timeout=600, check=True)
    status, factor, seconds, length = result.stdout.split()
    return int(status), float(factor), float(seconds), int(length)


def main() -> None:
    megabytes = int(sys.argv[1]) if len(sys.argv) > 1 else 32
    size = megabytes << 20
    print(f"Peak memory growth for {megabytes} MB inputs (target: at most 8x the input)")
    for kind in ("parse_list", "parse_variations", "json_repair", "stream list", "stream json", "stream openai-sse", "stream gemini-sse"):
        status, factor, seconds, _ = run(kind, size)
        note = "" if status == 0 else f"  (status {status}: refused, as documented)"
        print(f"  {kind:<20} {factor:5.1f}x  {seconds:6.2f} s{note}")
    event_bytes = len(b'data: {"choices":[{"delta":{"content":"a"}}]}\n\n')
    small, large = run("stream openai-sse", 100_000 * event_bytes), run("stream openai-sse", 1_000_000 * event_bytes)
    per_small, per_large = small[2] / 100_000, large[2] / 1_000_000
    print(f"openai-sse per event: {per_small * 1e6:.2f} us at 100k events, {per_large * 1e6:.2f} us at 1M; "
          f"ratio {per_large / per_small:.2f} (target at most 1.2)")


if __name__ == "__main__":
    main()
