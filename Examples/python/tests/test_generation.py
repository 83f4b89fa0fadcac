"""storykit_response_decode, storykit_request_build and the "-sse" streams through the C ABI."""

import base64
import ctypes
import json
import random
import threading

import pytest

import storykit
from storykit import errors


@pytest.fixture(scope="module")
def document(fixtures):
    return json.loads((fixtures / "Generation" / "responses.json").read_text(encoding="utf-8"))


def body_of(case) -> bytes:
    if "body" in case:
        return case["body"].encode("utf-8")
    return json.dumps(case["bodyJSON"], ensure_ascii=False).encode("utf-8")


def contains(actual, expected, path=""):
    """Problems found matching ``expected`` as a subset of ``actual``."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        return [p for key, value in expected.items() for p in contains(actual.get(key), value, f"{path}/{key}")]
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {len(expected)} elements, got {actual!r}"]
        return [p for i, (a, e) in enumerate(zip(actual, expected)) for p in contains(a, e, f"{path}/{i}")]
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return [] if actual == expected and type(actual) is type(expected) else [f"{path}: expected {expected!r}, got {actual!r}"]
    return [] if actual == expected else [f"{path}: expected {expected!r}, got {actual!r}"]


def check(outcome, case):
    problems = contains(outcome, case["expect"])
    assert not problems, (case["name"], problems, outcome)
    text = json.dumps(outcome, ensure_ascii=False)
    for secret in case.get("absent", []):
        assert secret not in text, (case["name"], secret)
    assert set(outcome) in ({"result"}, {"error"})
    if "error" in outcome:
        assert outcome["error"]["message"] and isinstance(outcome["error"]["retryable"], bool)


def test_every_fixture_decodes(document):
    assert len(document["cases"]) >= 50
    for case in document["cases"]:
        check(storykit.decode_response(case["provider"], case["httpStatus"], body_of(case)), case)


def stream_through(kind, status, pieces):
    deltas = []
    with storykit.Stream(kind, http_status=status) as stream:
        for piece in pieces:
            for event in stream.feed(piece):
                assert event["type"] == "delta" and event["index"] == 0
                deltas.append(event["text"])
        return deltas, stream.finish()


def test_streams_split_at_every_byte(document):
    assert len(document["streams"]) >= 12
    for case in document["streams"]:
        body = case["body"].encode("utf-8")
        expected = "".join(case["deltas"])
        splits = [[body]] + [[body[:cut], body[cut:]] for cut in range(1, len(body))]
        splits.append([body[i:i + 1] for i in range(len(body))])
        for pieces in splits:
            deltas, outcome = stream_through(case["kind"], case["httpStatus"], pieces)
            check(outcome, case)
            # A last event without its blank line arrives with finish(), in the result only.
            assert expected.startswith("".join(deltas)), (case["name"], deltas)
            if body.endswith(b"\n\n"):
                assert "".join(deltas) == expected, (case["name"], deltas)


def test_whole_decode_and_stream_agree_on_plain_json_bodies(document):
    for case in document["cases"]:
        if case["provider"] == "imagen":
            continue
        body = body_of(case)
        if not body.lstrip().startswith((b"{", b"[")):
            continue
        kind = "gemini-sse" if case["provider"] == "gemini" else "openai-sse"
        _, streamed = stream_through(kind, case["httpStatus"], [body[:7], body[7:]])
        assert streamed == storykit.decode_response(case["provider"], case["httpStatus"], body), case["name"]


def test_only_a_success_body_that_is_not_text_is_a_parse_error():
    with pytest.raises(errors.ParseError, match="not UTF-8"):
        storykit.decode_response("gemini", 200, b"\x1f\x8b\x08\x00\xff\xfe")
    outcome = storykit.decode_response("gemini", 503, b"\x1f\x8b\x08\x00\xff\xfe")
    assert outcome["error"]["kind"] == "malformedResponse" and outcome["error"]["retryable"] is True


@pytest.mark.parametrize("provider,status", [("claude", 200), ("", 200), ("gemini", 99), ("gemini", 600), ("openai", -1)])
def test_bad_arguments(provider, status):
    with pytest.raises(errors.InvalidArgumentError):
        storykit.decode_response(provider, status, b"{}")


def test_null_arguments(lib):
    out = ctypes.c_void_p()
    assert lib.storykit_response_decode(None, b"gemini", 200, b"{}", 2) == -1
    assert lib.storykit_response_decode(ctypes.byref(out), None, 200, b"{}", 2) == -1
    assert lib.storykit_response_decode(ctypes.byref(out), b"gemini", 200, None, 5) == -1
    assert out.value is None
    assert lib.storykit_request_build(ctypes.byref(out), None) == -1
    assert lib.storykit_request_build(None, b"{}") == -1


def test_stream_kinds_reject_bad_options():
    with pytest.raises(errors.InvalidArgumentError, match="httpStatus"):
        storykit.Stream("gemini-sse", http_status=42)
    with pytest.raises(errors.InvalidArgumentError, match="unknown option"):
        storykit.Stream("openai-sse", expected=3)


def test_stream_rejects_invalid_utf8_and_use_after_finish():
    with storykit.Stream("openai-sse") as stream:
        with pytest.raises(errors.ParseError):
            stream.feed(b"data: \xff\n\n")
    with storykit.Stream("gemini-sse") as stream:
        stream.feed(b'data: {"candidates":[{"content":{"parts":[{"text":"x"}]}}]}\n\n')
        assert stream.finish()["result"]["text"] == "x"
        with pytest.raises(errors.StateError):
            stream.feed(b"more")


def test_random_bodies_never_crash():
    generator = random.Random(20261122)
    alphabet = b'{}[]":,0123456789 abcdefnulltrueERROR\n\r\\data:candidates choices error'
    for _ in range(600):
        body = bytes(generator.choice(alphabet) for _ in range(generator.randrange(0, 120)))
        provider = generator.choice(storykit.GENERATION_PROVIDERS)
        status = generator.choice([200, 400, 429, 500, 503])
        outcome = storykit.decode_response(provider, status, body)
        assert set(outcome) in ({"result"}, {"error"})
        if provider != "imagen":
            _, streamed = stream_through("gemini-sse" if provider == "gemini" else "openai-sse", status, [body])
            assert set(streamed) in ({"result"}, {"error"})


def test_large_image_round_trips():
    image = bytes(random.Random(7).randrange(256) for _ in range(1 << 20))
    body = json.dumps({"predictions": [{"bytesBase64Encoded": base64.b64encode(image).decode(), "mimeType": "image/png"}]})
    result = storykit.decode_response("imagen", 200, body)["result"]
    assert result["images"][0]["byteCount"] == len(image)
    assert base64.b64decode(result["images"][0]["base64"]) == image


def test_concurrent_decodes_agree(document):
    cases = document["cases"]
    expected = [storykit.decode_response(c["provider"], c["httpStatus"], body_of(c)) for c in cases]
    failures = []

    def work():
        for _ in range(3):
            for case, want in zip(cases, expected):
                if storykit.decode_response(case["provider"], case["httpStatus"], body_of(case)) != want:
                    failures.append(case["name"])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


KEY = "AIzaSyD-Fake0Key1ForTests2abcdefghijklm"


def test_build_gemini_request_from_a_built_prompt():
    prompt = storykit.build_prompt({"kind": "correction", "text": "i wnat to go hmoe", "form": "structured"})
    request = storykit.build_request({"provider": "gemini", "model": "gemini-2.5-flash", "prompt": prompt, "apiKey": KEY, "stream": True})
    assert request["method"] == "POST"
    assert request["url"].endswith("/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
    assert request["headers"]["x-goog-api-key"] == KEY
    assert KEY not in request["url"] and KEY not in request["description"]
    body = json.loads(request["body"])
    assert body["systemInstruction"]["parts"][0]["text"] == prompt["instructions"]
    assert body["contents"] == [{"role": "user", "parts": [{"text": prompt["prompt"]}]}]
    schema = body["generationConfig"]["responseSchema"]
    assert schema["type"] == "OBJECT" and "additionalProperties" not in schema


def test_build_openai_and_imagen_requests():
    request = storykit.build_request({"provider": "openai", "model": "llama3.2", "baseURL": "http://127.0.0.1:11434/v1",
                                      "messages": [{"role": "user", "text": "Hi"}], "seed": 3, "maxOutputTokens": 50})
    assert request["url"] == "http://127.0.0.1:11434/v1/chat/completions"
    assert "Authorization" not in request["headers"]
    assert json.loads(request["body"]) == {"model": "llama3.2", "messages": [{"role": "user", "content": "Hi"}], "max_tokens": 50, "seed": 3}
    # Imagen is kept for compatibility; Google shut its models down, so a retired name is
    # refused before any request, naming the replacement.
    image = storykit.build_request({"provider": "imagen", "model": "imagen-compatible-test", "prompt": "A fox", "aspectRatio": "1:1"})
    assert json.loads(image["body"])["parameters"] == {"aspectRatio": "1:1", "includeRaiReason": True}
    with pytest.raises(errors.InvalidArgumentError, match="shut down by Google.*use gemini-3.1-flash-image"):
        storykit.build_request({"provider": "imagen", "model": "imagen-4.0-generate-001", "prompt": "A fox"})


@pytest.mark.parametrize("request_json,fragment", [
    ({"provider": "gemini", "model": "../../x", "prompt": "p"}, "model"),
    ({"provider": "gemini", "model": "m", "prompt": "p", "apiKey": "a b"}, "API key"),
    ({"provider": "openai", "model": "m", "prompt": "p", "baseURL": "file:///etc"}, "base URL"),
    ({"provider": "gemini", "model": "m", "prompt": "p", "tempreature": 1}, 'unknown field "tempreature"'),
    ({"provider": "imagen", "model": "m", "prompt": "p", "sampleCount": 0}, "sampleCount"),
    ({"provider": "gemini", "model": "m"}, '"prompt" is missing'),
])
def test_build_request_errors_name_the_problem(request_json, fragment):
    with pytest.raises(errors.InvalidArgumentError, match=fragment):
        storykit.build_request(request_json)
