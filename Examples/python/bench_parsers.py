"""StoryKit's reply parsers against the Python peers people use today, side by side in one run.

    python3 Examples/python/bench_parsers.py            # sets up .venv-bench on first run

Peers (installed from PyPI into Examples/python/.venv-bench): langchain-core's list output
parsers, json-repair, partial-json-parser and jiter. Reports, with medians over rounds:
  1. accuracy of each parser on the project's reply corpus (Tests/Fixtures/Replies);
  2. variations JSON replies of about 2 KB, 20 KB, 200 KB and 2 MB streamed in 16-byte
     chunks: StoryKit's Python Stream (events decoded into Python objects, as a user takes
     them) against re-parsing the growing buffer on every chunk with jiter, and, up to 20 KB
     (they take minutes beyond), partial-json-parser and json-repair; and StoryKit's cost per
     chunk through the C ABI alone, measured in C by Examples/c/stream_cost.c;
  3. linear cost: StoryKit's per-byte streaming cost at 4 MB against 1 MB;
  4. batch parsing of a ~10 KB reply: StoryKit against jiter.
"""

from __future__ import annotations

import os
import json
import subprocess
import tempfile
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENV = HERE / ".venv-bench"
PEERS = ["langchain-core", "json-repair", "partial-json-parser", "jiter"]


sys.path.insert(0, str(HERE))
import bench_environment  # noqa: E402

bench_environment.ensure(__file__, VENV, PEERS)
sys.path.insert(0, str(HERE))

import jiter  # noqa: E402
import json_repair  # noqa: E402
import partial_json_parser  # noqa: E402
from langchain_core.output_parsers import MarkdownListOutputParser, NumberedListOutputParser  # noqa: E402

import storykit  # noqa: E402


def median_seconds(body, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# ------------------------------------------------------------------------------------------
# 1. Accuracy on the corpus
# ------------------------------------------------------------------------------------------

def corpus() -> list[dict]:
    return json.loads((ROOT / "Tests" / "Fixtures" / "Replies" / "corpus.json").read_text("utf-8"))


def langchain_items(text: str) -> list[str]:
    items = NumberedListOutputParser().parse(text)
    return items if items else MarkdownListOutputParser().parse(text)


def variation_texts(value) -> list[str]:
    """The variations of a JSON value, by the same shape rules StoryKit documents."""
    keys = ("directCorrection", "refinedPhrasing", "alternativeInterpretation")
    found = []

    def elements(array):
        for element in array:
            if isinstance(element, str):
                found.append(element)
            elif isinstance(element, dict) and isinstance(element.get("text"), str):
                found.append(element["text"])

    if isinstance(value, list):
        elements(value)
    elif isinstance(value, dict):
        for key, member in value.items():
            if key in keys and isinstance(member, str):
                found.append(member)
            elif key in keys and isinstance(member, dict) and isinstance(member.get("text"), str):
                found.append(member["text"])
            elif key == "variations" and isinstance(member, list):
                elements(member)
    return found


def json_peer(name: str):
    if name == "json-repair":
        def parse(text):
            value = json_repair.loads(text)
            if value == "" and text.strip():
                raise ValueError("json-repair found nothing")
            return value
        return parse
    if name == "partial-json-parser":
        return lambda text: partial_json_parser.loads(text)
    if name == "jiter":
        return lambda text: jiter.from_json(text.encode("utf-8"), partial_mode="trailing-strings")
    raise KeyError(name)


def accuracy() -> dict[str, dict[str, str]]:
    cases = corpus()
    table: dict[str, dict[str, list[bool]]] = {}

    def score(parser: str, kind: str, ok: bool) -> None:
        table.setdefault(parser, {}).setdefault(kind, []).append(ok)

    for case in cases:
        text, expect, kind = case["input"], case["expect"], case["kind"]
        if kind == "list":
            score("StoryKit", kind, [i["text"] for i in storykit.parse_list(text)["items"]] == expect["items"])
            try:
                score("langchain-core", kind, langchain_items(text) == expect["items"])
            except Exception:
                score("langchain-core", kind, False)
        elif kind == "variations":
            try:
                got = [v["text"] for v in storykit.parse_variations(text, **case.get("options", {}))["variations"]]
            except storykit.StoryKitError:
                got = None
            score("StoryKit", kind, got == expect["texts"])
            # The peers' best pipeline: JSON replies through a JSON repairer, lists through langchain.
            for peer in ("json-repair", "partial-json-parser", "jiter"):
                try:
                    peer_texts = variation_texts(json_peer(peer)(text)) if expect["source"] == "json" else langchain_items(text)
                except Exception:
                    peer_texts = None
                score(f"{peer} / langchain-core", kind, peer_texts == expect["texts"])
        else:
            try:
                got = storykit.repair_json(text)["value"]
                ok = "error" not in expect and got == expect["value"]
            except storykit.StoryKitError:
                ok = "error" in expect
            score("StoryKit", kind, ok)
            for peer in ("json-repair", "partial-json-parser", "jiter"):
                try:
                    value = json_peer(peer)(text)
                    ok = "error" not in expect and value == expect["value"]
                except Exception:
                    ok = "error" in expect
                score(peer, kind, ok)
    return {
        parser: {kind: f"{sum(r)}/{len(r)} ({100 * sum(r) / len(r):.0f}%)" for kind, r in kinds.items()}
        for parser, kinds in table.items()
    }


# ------------------------------------------------------------------------------------------
# 2-4. Speed
# ------------------------------------------------------------------------------------------

def variations_reply(target_bytes: int) -> bytes:
    """A structured variations reply of about target_bytes: long texts with escapes and
    non-ASCII, as a model writing many variations would produce. Texts grow with the reply, so
    that even the largest holds fewer than the 1000 variations a reply may have."""
    base_words = 40 + target_bytes // 4000
    words = ["the", "little", "dragon", "wanted", "to", "go", "home", "über", "café", "星",
             "\"quoted\"", "moon", "lantern", "🐉", "and", "then"]
    variations, size, n = [], 0, 0
    while size < target_bytes:
        text = " ".join(words[(n * 7 + i) % len(words)] for i in range(base_words + n % 30))
        variations.append({"text": text, "kind": ["direct", "refined", "alternative"][n % 3]})
        size += len(json.dumps(variations[-1], ensure_ascii=False).encode())
        n += 1
    return json.dumps({"variations": variations}, ensure_ascii=False, indent=1).encode("utf-8")


def chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


def storykit_stream(parts: list[bytes]) -> int:
    events = 0
    with storykit.Stream("variations", expected=1, distinct=False) as stream:
        for part in parts:
            events += len(stream.feed(part))
        stream.finish()
    return events


def c_stream_cost_program() -> Path | None:
    """Examples/c/build/stream_cost, built by scripts/build-c-example.sh when missing."""
    program = ROOT / "Examples" / "c" / "build" / "stream_cost"
    if not program.exists():
        built = subprocess.run([str(ROOT / "scripts" / "build-c-example.sh")], capture_output=True, text=True)
        if built.returncode != 0:
            print(f"  (no C measure: scripts/build-c-example.sh failed: {built.stderr.strip()[-300:]})")
            return None
    return program


def c_cost_per_chunk(program: Path, reply: bytes, rounds: int) -> str:
    """The C program's report for this reply: its median per chunk through storykit_stream_feed_into."""
    with tempfile.NamedTemporaryFile(suffix=".json") as file:
        file.write(reply)
        file.flush()
        run = subprocess.run([str(program), file.name, "variations", "16", str(rounds)], capture_output=True, text=True)
    if run.returncode != 0:
        return f"failed: {run.stderr.strip()}"
    return run.stdout.strip()


def reparse_each_chunk(parse, parts: list[bytes], as_text: bool, every: int = 1):
    """Re-parses the reply so far after each chunk (with `every`, after every so many)."""
    buffer = b""
    for position, part in enumerate(parts):
        if every == 1:
            buffer += part
        elif position % every:
            continue
        else:
            buffer = b"".join(parts[:position + 1])
        try:
            parse(buffer.decode("utf-8", "ignore") if as_text else buffer)
        except Exception:
            pass


def main() -> None:
    rounds = int(os.environ.get("ROUNDS", "5"))
    print(f"StoryKit {storykit.version()}; peers: " + ", ".join(
        f"{name} {__import__('importlib.metadata').metadata.version(name)}" for name in PEERS))

    print("\n1. Accuracy on the reply corpus (exact match of items / variations / values)")
    for parser, kinds in accuracy().items():
        print(f"  {parser:40} " + "  ".join(f"{kind}: {result}" for kind, result in sorted(kinds.items())))

    print(f"\n2. Streaming variations replies in 16-byte chunks (medians of {rounds} rounds; the peers re-parse "
          "the growing reply on every chunk; 1 round where marked)")
    stream_cost = c_stream_cost_program()
    # Microseconds per chunk, by parser and reply size, for --chart.
    per_chunk: dict[str, dict[str, float]] = {}
    for target in (2_000, 20_000, 200_000, 2_000_000):
        reply = variations_reply(target)
        parts = chunks(reply, 16)
        print(f"  {len(reply) / 1000:.0f} KB, {len(parts)} chunks:")
        results = {"StoryKit Stream (events decoded)": median_seconds(lambda: storykit_stream(parts), rounds)}
        jiter_parse = lambda b: jiter.from_json(b, partial_mode="trailing-strings")  # noqa: E731
        if target <= 200_000:
            results["jiter (re-parse each chunk)"] = median_seconds(lambda: reparse_each_chunk(jiter_parse, parts, False), rounds)
        else:
            # Every chunk would take minutes: every 100th chunk's re-parse, timed, times 100.
            results["jiter (re-parse each chunk), every 100th timed x 100"] = median_seconds(
                lambda: reparse_each_chunk(jiter_parse, parts, False, every=100), 1) * 100
        if target <= 20_000:
            results["partial-json-parser (re-parse each chunk), 1 round"] = median_seconds(
                lambda: reparse_each_chunk(partial_json_parser.loads, parts, True), 1)
            results["json-repair (re-parse each chunk), 1 round"] = median_seconds(
                lambda: reparse_each_chunk(json_repair.loads, parts, True), 1)
        base = results["StoryKit Stream (events decoded)"]
        for name, seconds in results.items():
            print(f"    {name:50} {seconds * 1000:10.2f} ms  {seconds / len(parts) * 1e6:7.2f} us/chunk"
                  f"  {seconds / base:7.2f}x StoryKit")
            per_chunk.setdefault(name.split(" (")[0], {})[f"{len(reply) / 1000:.0f} KB"] = seconds / len(parts) * 1e6
        if stream_cost:
            print(f"    {'StoryKit through C alone (stream_cost.c)':50} {c_cost_per_chunk(stream_cost, reply, rounds)}")

    print("\n3. Linear cost of StoryKit's stream (16-byte chunks)")
    per_byte = {}
    for megabytes in (1, 4):
        data = variations_reply(megabytes * 1_000_000)
        seconds = median_seconds(lambda: storykit_stream(chunks(data, 16)), max(3, rounds // 2))
        per_byte[megabytes] = seconds / len(data)
        print(f"  {megabytes} MB: {seconds * 1000:9.1f} ms, {per_byte[megabytes] * 1e9:6.1f} ns/byte")
    print(f"  4 MB / 1 MB cost per byte: {per_byte[4] / per_byte[1]:.2f}")

    small = variations_reply(10_000)
    print(f"\n4. Batch parse of a {len(small) / 1000:.1f} KB reply from Python (medians of 200 calls)")
    batch = {
        "StoryKit repair_json": median_seconds(lambda: storykit.repair_json(small), 200),
        "StoryKit parse_variations": median_seconds(lambda: storykit.parse_variations(small, expected=1, distinct=False), 200),
        "jiter from_json": median_seconds(lambda: jiter.from_json(small), 200),
        "json (stdlib) loads": median_seconds(lambda: json.loads(small), 200),
    }
    for name, seconds in batch.items():
        print(f"  {name:45} {seconds * 1e6:9.1f} us   {seconds / batch['jiter from_json']:6.2f}x jiter")

    if "--chart" in sys.argv:
        import bench_charts
        folder = Path(sys.argv[sys.argv.index("--chart") + 1])
        folder.mkdir(parents=True, exist_ok=True)
        command = f"ROUNDS={rounds} python3 Examples/python/bench_parsers.py --chart {folder}"
        sizes = list(per_chunk["StoryKit Stream"])
        bench_charts.render(folder / "parsers-streaming.png",
                            "A reply streamed in 16-byte chunks: cost per chunk (peers re-parse all so far; blank: not run)",
                            sizes, {name: [figures.get(size) for size in sizes] for name, figures in per_chunk.items()},
                            "µs per chunk, log scale", command, higher_is_better=False, logarithmic=True)
        bench_charts.render(folder / "parsers-batch.png", f"Parsing a {len(small) / 1000:.1f} KB reply from Python",
                            ["one reply"], {name: [seconds * 1e6] for name, seconds in batch.items()}, "µs", command,
                            higher_is_better=False)


if __name__ == "__main__":
    main()
