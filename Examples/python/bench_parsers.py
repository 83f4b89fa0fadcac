"""StoryKit's reply parsers against the Python peers people use today, side by side in one run.

    python3 Examples/python/bench_parsers.py            # sets up .venv-bench on first run

Peers (installed from PyPI into Examples/python/.venv-bench): langchain-core's list output
parsers, json-repair, partial-json-parser and jiter. Reports, with medians over rounds:
  1. accuracy of each parser on the project's reply corpus (Tests/Fixtures/Replies);
  2. a ~100 KB variations JSON reply streamed in 16-byte chunks: StoryKit's stream against
     re-parsing the growing buffer on every chunk with each peer;
  3. linear cost: StoryKit's per-byte streaming cost at 4 MB against 1 MB;
  4. batch parsing of a ~10 KB reply: StoryKit against jiter.
"""

from __future__ import annotations

import os
import json
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
    non-ASCII, as a model writing many variations would produce."""
    words = ["the", "little", "dragon", "wanted", "to", "go", "home", "über", "café", "星",
             "\"quoted\"", "moon", "lantern", "🐉", "and", "then"]
    variations, size, n = [], 0, 0
    while size < target_bytes:
        text = " ".join(words[(n * 7 + i) % len(words)] for i in range(40 + n % 30))
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


def reparse_each_chunk(parse, parts: list[bytes], as_text: bool):
    buffer = b""
    for part in parts:
        buffer += part
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

    reply = variations_reply(100_000)
    parts = chunks(reply, 16)
    print(f"\n2. Streaming a {len(reply) / 1000:.0f} KB variations reply in {len(parts)} chunks of 16 bytes "
          f"(medians of {rounds} rounds; re-parsing peers: 1 round where marked)")
    results = {"StoryKit stream": median_seconds(lambda: storykit_stream(parts), rounds)}
    results["jiter (re-parse each chunk)"] = median_seconds(
        lambda: reparse_each_chunk(lambda b: jiter.from_json(b, partial_mode="trailing-strings"), parts, False), rounds)
    results["partial-json-parser (re-parse each chunk)"] = median_seconds(
        lambda: reparse_each_chunk(partial_json_parser.loads, parts, True), 1)
    results["json-repair (re-parse each chunk)"] = median_seconds(
        lambda: reparse_each_chunk(json_repair.loads, parts, True), 1)
    base = results["StoryKit stream"]
    for name, seconds in results.items():
        print(f"  {name:45} {seconds * 1000:10.1f} ms   {seconds / base:8.1f}x StoryKit")

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


if __name__ == "__main__":
    main()
