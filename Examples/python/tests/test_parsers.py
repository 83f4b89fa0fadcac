import json
import random

import pytest

import storykit
from storykit import errors


def test_parse_list_shapes():
    result = storykit.parse_list("Here:\n1. Rest\n2. Drink water\n\nBye!")
    assert result == {
        "items": [{"text": "Rest", "number": 1}, {"text": "Drink water", "number": 2}],
        "style": "numbered", "preamble": "Here:", "postamble": "Bye!",
    }
    assert storykit.parse_list("- a\n- b")["items"] == [{"text": "a"}, {"text": "b"}]
    assert storykit.parse_list("nothing here") == {"items": [], "style": None, "preamble": "nothing here", "postamble": ""}


def test_parse_variations_options_and_issues():
    reply = "1. Go home.\n2. go home!"
    assert storykit.parse_variations(reply)["issues"] == [
        {"code": "count", "expected": 3, "found": 2},
        {"code": "duplicate", "index": 1, "of": 0},
    ]
    assert storykit.parse_variations(reply, expected=2, distinct=False)["issues"] == []
    with pytest.raises(storykit.InvalidArgumentError, match='option "expected"'):
        storykit.parse_variations(reply, expected=0)


def test_unknown_list_option_is_rejected(lib):
    import ctypes

    out = ctypes.c_void_p()
    assert lib.storykit_parse_list(ctypes.byref(out), b"1. a", 4, b'{"strict": true}') == errors.E_INVALID_ARGUMENT
    assert b'unknown option "strict"' in lib.storykit_last_error()


def test_repair_json_reports_repairs():
    result = storykit.repair_json("```json\n{'a': [1, 2,], b: True}\n```")
    assert result["value"] == {"a": [1, 2], "b": True}
    assert [r["kind"] for r in result["repairs"]] == ["codeFence", "singleQuotes", "trailingComma", "unquotedKey", "pythonLiteral"]
    assert result["repairs"][0] == {"kind": "codeFence", "line": 1, "column": 1, "count": 2}


def test_repair_json_errors_say_where():
    with pytest.raises(storykit.ParseError, match=r"line 2, column 14 \(byte 15\)"):
        storykit.repair_json('{\n  "a": [1, 2 x 3]}')


def test_stream_events_for_json():
    with storykit.Stream("json") as stream:
        events = stream.feed('{"title": "Mia and')
        events += stream.feed(' the Moon", "pages": [1, 2')
        result = stream.finish()
    assert events == [
        {"type": "partial", "path": "/title", "text": "Mia and"},
        {"type": "value", "path": "/title", "value": "Mia and the Moon"},
        {"type": "value", "path": "/pages/0", "value": 1},
    ]
    assert result["value"] == {"title": "Mia and the Moon", "pages": [1, 2]}


def test_stream_splits_utf8_and_escapes_anywhere():
    text = '{"directCorrection": "Caf\\u00e9 🐉 \\ud83d\\ude00 done."}'.encode()
    for cut in range(1, len(text)):
        with storykit.Stream("variations", expected=1) as stream:
            deltas = stream.feed(text[:cut]) + stream.feed(text[cut:])
            result = stream.finish()
        assert result["variations"] == [{"text": "Café 🐉 😀 done.", "kind": "direct"}]
        assert "".join(e["text"] for e in deltas if e["type"] == "delta") == "Café 🐉 😀 done."


@pytest.mark.parametrize("kind, reply, field, open_at_end", [
    ("variations", '{"directCorrection": "I want to go home.", "refinedPhrasing": "I would like to go h', "variations", True),
    ("variations", '```json\n{"directCorrection": "I want to go home.", "refinedPhrasing": "I\'d like to go home.", '
                   '"alternativeInterpretation": "I went home. 🏠"}\n```\nThat is all!', "variations", False),
    ("list", "Here you go:\n1. Rest\n2. Drink water\n\nHope this helps!", "items", True),
    ("list", "1. a\n2. b", "items", True),
    ("list", "- Café 🐉\n- \"quoted\" item", "items", True),
])
def test_finish_with_events_completes_every_item_the_feeds_began(kind, reply, field, open_at_end):
    data = reply.encode()
    for size in (1, 2, 5, 64):
        with storykit.Stream(kind) as stream:
            events = [event for start in range(0, len(data), size) for event in stream.feed(data[start:start + size])]
            result, end = stream.finish_with_events()
        with storykit.Stream(kind) as plain:
            plain.feed(data)
            assert plain.finish() == result
        texts = [item["text"] for item in result[field]]
        assert texts, reply
        everything = events + end
        deltas, done = {}, {}
        for event in everything:
            if event["type"] == "delta":
                deltas[event["index"]] = deltas.get(event["index"], "") + event["text"]
            elif event["type"] == "done":
                assert event["index"] not in done, "an item finished twice"
                done[event["index"]] = event["text"]
        assert [done.get(index) for index in range(len(texts))] == texts, size
        assert [deltas.get(index) for index in range(len(texts))] == texts, size
        # Where the reply stops inside its last item (or may go on with it), only the end can
        # say that the item is over; a closed JSON object says so itself.
        last_done = {"type": "done", "index": len(texts) - 1, "text": texts[-1]}
        assert (end[-1:] == [last_done]) == open_at_end, (size, end)


def test_finish_with_events_reports_the_last_json_value():
    with storykit.Stream("json") as stream:
        events = stream.feed('{"title": "Mia", "pages": [1, 2')
        result, end = stream.finish_with_events()
    assert {"type": "value", "path": "/pages/0", "value": 1} in events
    assert end == [{"type": "value", "path": "/pages/1", "value": 2}]
    assert result["value"] == {"title": "Mia", "pages": [1, 2]}


def test_finish_with_events_null_outputs_leave_the_stream_open(lib):
    import ctypes

    stream = storykit.Stream("list")
    stream.feed("1. a")
    result, events = ctypes.c_void_p(), ctypes.c_void_p()
    handle = stream._handle
    assert lib.storykit_stream_finish_events(handle, ctypes.byref(result), None) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_stream_finish_events(handle, None, ctypes.byref(events)) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_stream_finish_events(None, ctypes.byref(result), ctypes.byref(events)) == errors.E_INVALID_ARGUMENT
    assert result.value is None and events.value is None
    finished, end = stream.finish_with_events()
    assert finished["items"] == [{"text": "a", "number": 1}] and end[-1]["type"] == "done"
    with pytest.raises(storykit.StateError):
        stream.finish_with_events()
    stream.close()


def test_feeding_a_finished_stream_is_a_state_error():
    stream = storykit.Stream("list")
    stream.feed("1. a")
    stream.finish()
    with pytest.raises(storykit.StateError):
        stream.feed("2. b")
    with pytest.raises(storykit.StateError):
        stream.finish()
    stream.close()
    with pytest.raises(storykit.StateError):
        stream.feed("x")


@pytest.mark.parametrize("finish", [storykit.Stream.finish, storykit.Stream.finish_with_events])
def test_failed_stream_keeps_its_error(finish):
    stream = storykit.Stream("json")
    with pytest.raises(storykit.ParseError) as first:
        stream.feed("[1, 2 x")
    with pytest.raises(storykit.ParseError) as again:
        finish(stream)
    assert first.value.message == again.value.message
    stream.close()


def test_invalid_utf8_split_across_chunks():
    with storykit.Stream("list") as stream:
        stream.feed(b"1. caf\xc3")
        with pytest.raises(storykit.ParseError, match="byte 7"):
            stream.feed(b"(")


def test_unknown_stream_kind(lib):
    with pytest.raises(storykit.InvalidArgumentError, match='unknown stream kind "yaml"'):
        storykit.Stream("yaml")


def test_null_stream_arguments(lib):
    import ctypes

    out = ctypes.c_void_p()
    assert lib.storykit_stream_feed(None, ctypes.byref(out), b"x", 1) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_stream_finish(None, ctypes.byref(out)) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_stream_create(None, b"list", None) == errors.E_INVALID_ARGUMENT
    handle = ctypes.c_void_p()
    assert lib.storykit_stream_create(ctypes.byref(handle), None, None) == errors.E_INVALID_ARGUMENT
    lib.storykit_stream_free(None)


def test_a_chunk_whose_events_outgrow_the_buffer_loses_none(monkeypatch):
    # The binding's buffer starts small here: the events of most chunks do not fit, are kept
    # by the library, and are taken into a grown buffer.
    reply = json.dumps({"variations": [{"text": "ü 星 \\\" " * n, "kind": "direct"} for n in (1, 40, 300)]}, ensure_ascii=False)
    chunks = [reply[i:i + 97] for i in range(0, len(reply), 97)]

    def events(initial):
        monkeypatch.setattr(storykit.Stream, "_initial_buffer", initial)
        with storykit.Stream("variations", expected=3, distinct=False) as stream:
            seen = [event for chunk in chunks for event in stream.feed(chunk)]
            result, end = stream.finish_with_events()
        return seen + end, result

    small, small_result = events(3)
    large, large_result = events(1 << 20)
    assert small == large and small_result == large_result
    assert [event["text"] for event in small if event["type"] == "done"] == [v["text"] for v in large_result["variations"]]


def test_one_chunk_with_more_than_eight_mebibytes_of_events_is_delivered():
    # 400 KB of "1," completes 200,000 values: their events pass the 8 MiB a stream keeps for
    # a buffer too small, which once ended the stream with LimitError.
    chunk = "[" + "1," * 200_000 + "1]"
    with storykit.Stream("json") as stream:
        events = stream.feed(chunk)
        stream.finish()
    assert len(events) == 200_001 and events[-1] == {"type": "value", "path": "/200000", "value": 1}


def test_feed_into_null_arguments_and_a_kept_event_survive(lib):
    import ctypes

    length = ctypes.c_size_t(99)
    assert lib.storykit_stream_feed_into(None, None, 0, ctypes.byref(length), b"x", 1) == errors.E_INVALID_ARGUMENT
    with storykit.Stream("list") as stream:
        handle = stream._handle
        assert lib.storykit_stream_feed_into(handle, None, 0, None, b"", 0) == errors.E_INVALID_ARGUMENT
        assert lib.storykit_stream_feed_into(handle, None, 8, ctypes.byref(length), b"", 0) == errors.E_INVALID_ARGUMENT
        # No room: the events are kept, the stream stays usable, and feed() returns them first.
        assert lib.storykit_stream_feed_into(handle, None, 0, ctypes.byref(length), b"1. a\n2. b", 10) == errors.E_LIMIT
        assert length.value > 2
        assert [event["type"] for event in stream.feed("\n")] == ["start", "delta", "done", "start", "delta"]


def test_random_bytes_never_crash_any_parser():
    rng = random.Random(11)
    alphabet = b'{}[]",:\'0123456789-+.eE tfnTFN\n\r\t\\u/*#`-.)(:**Option 1\xc3\xa9\xe2\x80\x9c\xe2\x80\x9d\xff'
    for _ in range(1500):
        data = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 60)))
        for function in (storykit.parse_list, storykit.parse_variations, storykit.repair_json):
            try:
                json.dumps(function(data))
            except (storykit.ParseError, storykit.LimitError):
                pass
        for kind in ("list", "variations", "json"):
            try:
                with storykit.Stream(kind) as stream:
                    for start in range(0, len(data), 5):
                        stream.feed(data[start:start + 5])
                    stream.finish()
            except (storykit.ParseError, storykit.LimitError):
                pass
