"""The reply corpus (Tests/Fixtures/Replies/corpus.json) through the shared library: batch
results as expected, and streams at several chunk sizes giving the batch result."""

import json
import random

import pytest

import storykit
from conftest import REPOSITORY_ROOT

CASES = json.loads((REPOSITORY_ROOT / "Tests" / "Fixtures" / "Replies" / "corpus.json").read_text("utf-8"))
IDS = [f"{c['kind']}: {c['name']}" for c in CASES]


def batch(case):
    if case["kind"] == "list":
        return storykit.parse_list(case["input"])
    if case["kind"] == "variations":
        return storykit.parse_variations(case["input"], **case.get("options", {}))
    return storykit.repair_json(case["input"])


def test_corpus_size():
    assert len(CASES) >= 150


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_batch_result_is_expected(case):
    expect = case["expect"]
    if "error" in expect:
        error_type = storykit.LimitError if expect["error"] == "limit" else storykit.ParseError
        with pytest.raises(error_type) as raised:
            batch(case)
        assert expect.get("contains", "") in raised.value.message
        return
    result = batch(case)
    if case["kind"] == "list":
        assert [item["text"] for item in result["items"]] == expect["items"]
        if "numbers" in expect:
            assert [item.get("number") for item in result["items"]] == expect["numbers"]
        assert result["style"] == expect["style"]
        assert result["preamble"] == expect["preamble"]
        assert result["postamble"] == expect["postamble"]
    elif case["kind"] == "variations":
        assert [v["text"] for v in result["variations"]] == expect["texts"]
        if "kinds" in expect:
            assert [v["kind"] for v in result["variations"]] == expect["kinds"]
        assert result["source"] == expect["source"]
        if "repaired" in expect:
            assert result["repaired"] == expect["repaired"]
        assert result["issues"] == expect["issues"]
    else:
        assert result["value"] == expect["value"]
        if "repairs" in expect:
            assert [r["kind"] for r in result["repairs"]] == expect["repairs"]


def chunked(data: bytes, sizes):
    start, turn = 0, 0
    while start < len(data):
        end = min(len(data), start + sizes[turn % len(sizes)])
        yield data[start:end]
        start, turn = end, turn + 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_stream_gives_the_batch_result(case):
    data = case["input"].encode("utf-8")
    rng = random.Random(case["name"])
    options = {} if case["kind"] != "variations" else case.get("options", {})
    try:
        expected = ("ok", batch(case))
    except storykit.StoryKitError as error:
        expected = ("error", error.code, error.message)
    for sizes in ([1], [2], [3], [7], [64], [rng.randint(1, 9) for _ in range(32)]):
        events = []
        try:
            with storykit.Stream(case["kind"], **options) as stream:
                for chunk in chunked(data, sizes):
                    events += stream.feed(chunk)
                got = ("ok", stream.finish())
        except storykit.StoryKitError as error:
            got = ("error", error.code, error.message)
        assert got == expected, sizes
        if got[0] == "ok" and case["kind"] != "json":
            items = got[1]["items"] if case["kind"] == "list" else got[1]["variations"]
            texts = {}
            for event in events:
                if event["type"] == "start":
                    assert event["index"] not in texts
                    texts[event["index"]] = ""
                elif event["type"] == "delta":
                    texts[event["index"]] += event["text"]
            # Deltas of items finished before the end concatenate to their final text; the
            # last item may still be held or incomplete when the input ends.
            for index, text in texts.items():
                assert items[index]["text"].startswith(text), (sizes, index)
