"""The callback transport, storykit_generate, storykit_correct and storykit_illustrate against
the loopback model server (Tests/Fixtures/Transport/loopback_server.py), in the same
scenarios as the URLSession transport's Swift tests."""

import ctypes
import itertools
import json
import sys
import threading
import time
import urllib.request

import pytest

import storykit

DIRECT = storykit.UrllibTransport(proxies={})
CORRECTIONS = ["I want to go home.", "So I want to go home.", "I want to go to my home."]
_names = itertools.count()


@pytest.fixture(scope="module")
def server(fixtures):
    sys.path.insert(0, str(fixtures / "Transport"))
    import loopback
    with loopback.running() as port:
        yield port


def base_url(port, scenario, test, provider):
    return f"http://127.0.0.1:{port}/{scenario}/{test}" + ("/v1" if provider == "openai" else "/v1beta")


def recorded(port, test):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{port}/requests/{test}", timeout=5) as response:
        return json.load(response)


def unique(name):
    return f"{name}-{next(_names)}"


def story_request(port, scenario, test, provider="gemini", **extra):
    request = {"provider": provider, "model": "gemini-2.5-flash" if provider == "gemini" else "local",
               "apiKey": "test-key", "baseURL": base_url(port, scenario, test, provider),
               "prompt": "Tell a story.", "retry": {"maxAttempts": 1}}
    request.update(extra)
    return request


pytestmark = pytest.mark.usefixtures("no_provider_keys")


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_whole_reply(server, provider):
    test = unique("whole")
    result = storykit.generate(story_request(server, "ok", test, provider), transport=DIRECT)
    assert result["text"].startswith("Once upon a time")
    headers = recorded(server, test)[0]["headers"]
    assert headers["x-goog-api-key" if provider == "gemini" else "authorization"] in ("test-key", "Bearer test-key")


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_stream_arrives_in_pieces(server, provider):
    pieces = []
    result = storykit.generate(story_request(server, "ok", unique("stream"), provider, stream=True),
                               transport=DIRECT, on_event=lambda event: pieces.append(event["text"]))
    assert len(pieces) >= 3
    assert "".join(pieces) == result["text"]


def test_rate_limit_waits_for_retry_after(server):
    test = unique("ratelimit")
    start = time.monotonic()
    request = story_request(server, "ratelimit-once", test, retry={"maxAttempts": 3, "initialDelayMs": 10})
    assert storykit.generate(request, transport=DIRECT)["text"].startswith("Once")
    # The server's Retry-After of 1 s wins over a 10 ms backoff.
    assert time.monotonic() - start >= 0.9
    assert len(recorded(server, test)) == 2


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_unavailable_then_success_is_retried(server, provider):
    test = unique("unavailable")
    request = story_request(server, "unavailable-once", test, provider, stream=True, retry={"maxAttempts": 3, "initialDelayMs": 20})
    result = storykit.generate(request, transport=DIRECT)
    assert result["text"].startswith("Once")
    assert len(recorded(server, test)) == 2


def test_persistent_failure_stops_at_the_attempt_cap(server):
    test = unique("always")
    request = story_request(server, "always-unavailable", test, retry={"maxAttempts": 3, "initialDelayMs": 10})
    with pytest.raises(storykit.APIError) as caught:
        storykit.generate(request, transport=DIRECT)
    assert caught.value.kind == "unavailable"
    assert "HTTP 503" in caught.value.message
    assert len(recorded(server, test)) == 3


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_dropped_connection_is_a_transport_error_and_not_restarted(server, provider):
    test = unique("drop")
    pieces = []
    request = story_request(server, "drop", test, provider, stream=True, retry={"maxAttempts": 3, "initialDelayMs": 10})
    with pytest.raises(storykit.TransportError) as caught:
        storykit.generate(request, transport=DIRECT, on_event=lambda event: pieces.append(event["text"]))
    assert caught.value.kind == "transport"
    assert "".join(pieces).startswith("Once upon a time")
    assert len(recorded(server, test)) == 1


def test_slow_answer_hits_the_timeout(server):
    start = time.monotonic()
    with pytest.raises(storykit.TransportError) as caught:
        storykit.generate(story_request(server, "slow", unique("slow"), timeoutSeconds=1.5), transport=DIRECT)
    assert caught.value.kind == "timeout"
    assert time.monotonic() - start < 4.5


def test_stalled_stream_hits_the_timeout(server):
    pieces = []
    with pytest.raises(storykit.TransportError) as caught:
        storykit.generate(story_request(server, "stall", unique("stall"), "openai", stream=True, timeoutSeconds=1.5),
                          transport=DIRECT, on_event=lambda event: pieces.append(event["text"]))
    assert caught.value.kind == "timeout"
    assert pieces


def test_cancelling_from_the_event_callback_stops_the_stream(server):
    pieces = []

    def first_piece_only(event):
        pieces.append(event["text"])
        return False

    with pytest.raises(storykit.CallbackError):
        storykit.generate(story_request(server, "ok", unique("cancel"), stream=True), transport=DIRECT, on_event=first_piece_only)
    assert len(pieces) == 1


def test_exception_in_the_transport_is_raised_again(server):
    def broken(request, exchange):
        raise RuntimeError("no network here")

    with pytest.raises(RuntimeError, match="no network here"):
        storykit.generate(story_request(server, "ok", unique("broken")), transport=broken)


def test_transport_that_never_answers_is_a_transport_error(server):
    with pytest.raises(storykit.TransportError, match="without responding"):
        storykit.generate(story_request(server, "ok", unique("silent")), transport=lambda request, exchange: None)


def test_exchange_misuse_is_reported(server):
    seen = {}

    def misuse(request, exchange):
        with pytest.raises(storykit.StateError):
            exchange.write(b"body before head")
        with pytest.raises(storykit.InvalidArgumentError):
            exchange.respond(42)
        with pytest.raises(storykit.InvalidArgumentError):
            exchange.fail("gremlins", "?")
        exchange.respond(200, {"content-type": "application/json"})
        with pytest.raises(storykit.StateError):
            exchange.respond(200)
        seen["request"] = request
        exchange.write(b'{"candidates":[{"content":{"parts":[{"text":"Hi"}]},"finishReason":"STOP"}]}')

    assert storykit.generate(story_request(server, "ok", unique("misuse")), transport=misuse)["text"] == "Hi"
    assert seen["request"]["method"] == "POST"
    assert seen["request"]["timeoutSeconds"] == 60


def test_missing_key_names_both_places(server):
    request = story_request(server, "ok", unique("nokey"))
    del request["apiKey"]
    request["baseURL"] = "https://generativelanguage.googleapis.com/v1beta"
    with pytest.raises(storykit.InvalidArgumentError) as caught:
        storykit.generate(request, transport=DIRECT)
    assert "GEMINI_API_KEY" in caught.value.message and "apiKey" in caught.value.message


def test_a_configured_key_wins_and_the_environment_key_stays_with_its_provider(server, monkeypatch):
    monkeypatch.setenv("GEMINI_API_KEY", "environment-key")
    monkeypatch.setenv("OPENAI_API_KEY", "environment-key")
    test = unique("envkey")
    storykit.generate(story_request(server, "ok", test), transport=DIRECT)
    assert recorded(server, test)[0]["headers"]["x-goog-api-key"] == "test-key"
    # A server on this machine, OpenAI-compatible or Gemini-compatible, gets no key from
    # the environment.
    for provider in ("gemini", "openai"):
        test = unique("envkey-local")
        request = story_request(server, "ok", test, provider)
        del request["apiKey"]
        storykit.generate(request, transport=DIRECT)
        headers = {name.lower(): value for name, value in recorded(server, test)[0]["headers"].items()}
        assert "x-goog-api-key" not in headers and "authorization" not in headers
        assert "environment-key" not in json.dumps(headers)


def correction_request(port, scenario, test, provider="gemini", **remote):
    settings = {"provider": provider, "apiKey": "test-key", "baseURL": base_url(port, scenario, test, provider),
                "retry": {"maxAttempts": 2, "initialDelayMs": 10}}
    settings.update(remote)
    return {"text": "I wnat to go hmoe", "remote": settings}


@pytest.mark.parametrize("provider,structured", [("gemini", True), ("openai", False)])
def test_correction_gives_three_distinct_variations(server, provider, structured):
    test = unique("correct")
    outcome = storykit.correct(correction_request(server, "ok", test, provider, structured=structured), transport=DIRECT)
    assert outcome["backend"] == "remote"
    assert [v["text"] for v in outcome["variations"]] == CORRECTIONS
    assert [v["kind"] for v in outcome["variations"]] == ["direct", "refined", "alternative"]
    assert outcome["retried"] is False and outcome["issues"] == []
    assert len(recorded(server, test)) == 1


def test_correction_reasks_once_on_a_bad_reply(server):
    test = unique("reask")
    outcome = storykit.correct(correction_request(server, "bad-reply-once", test), transport=DIRECT)
    assert outcome["retried"] is True
    assert [attempt["problem"] for attempt in outcome["attempts"]] == ["count"]
    assert [v["text"] for v in outcome["variations"]] == CORRECTIONS
    requests = recorded(server, test)
    assert len(requests) == 2 and "previous_reply" in json.dumps(requests[1]["body"])


def test_correction_falls_back_when_the_backend_is_unavailable(server):
    test = unique("fallback")
    outcome = storykit.correct(correction_request(server, "always-unavailable", test), transport=DIRECT)
    assert outcome["backend"] == "offline"
    assert outcome["attempts"][0]["backend"] == "remote"
    assert outcome["attempts"][0]["error"]["kind"] == "unavailable"
    assert outcome["variations"][0]["text"] == "I want to go home"
    assert len(recorded(server, test)) == 2


def test_correction_streams_snapshots(server):
    snapshots = []
    outcome = storykit.correct(correction_request(server, "ok", unique("snapshots")), transport=DIRECT, on_event=snapshots.append)
    assert len(snapshots) >= 4
    assert any(not v["complete"] and v["text"] for snapshot in snapshots for v in snapshot["variations"])
    assert snapshots[-1]["final"] is True
    assert [v["text"] for v in snapshots[-1]["variations"]] == [v["text"] for v in outcome["variations"]]


def test_correction_without_remote_needs_no_transport():
    outcome = storykit.correct({"text": "I wnat to go hmoe", "layout": "qwertz"})
    assert outcome["backend"] == "offline" and outcome["attempts"] == []
    with pytest.raises(storykit.InvalidArgumentError, match="backends"):
        storykit.correct({"text": "hello", "backends": ["cloud"]})
    with pytest.raises(storykit.InvalidArgumentError, match="empty"):
        storykit.correct({"text": "   "})


def test_illustration_saves_images_with_their_extension(server, tmp_path):
    test = unique("images")
    with storykit.Store(tmp_path / "store") as store:
        outcome = store.illustrate({
            "hero": {"name": "Mia", "traits": ["brave"], "appearance": "red coat"},
            "page": {"text": "Mia finds a lantern.", "index": 2}, "storyID": "s1", "imageCount": 2,
            "apiKey": "test-key", "baseURL": base_url(server, "ok", test, "gemini"),
        }, transport=DIRECT)
        assert [i["fileName"] for i in outcome["illustrations"]] == ["s1-page-3.png", "s1-page-3-2.png"]
        image, mime_type = store.get_image("s1-page-3")
        assert mime_type == "image/png" and image[:4] == b"\x89PNG"
    assert (tmp_path / "store" / "Illustrations" / "s1-page-3-2.png").exists()
    requests = recorded(server, test)
    assert len(requests) == 2 and requests[0]["path"].endswith(":generateContent")
    assert requests[0]["body"]["generationConfig"]["responseModalities"] == ["IMAGE"]


def test_concurrent_calls_do_not_mix(server):
    results, failures = {}, []

    def run(index):
        try:
            request = story_request(server, "ok", unique(f"concurrent{index}"), "openai" if index % 2 else "gemini", stream=index % 3 == 0)
            results[index] = storykit.generate(request, transport=DIRECT)["text"]
        except Exception as error:  # noqa: BLE001
            failures.append(error)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not failures
    assert len(results) == 8 and all(text.startswith("Once upon a time") for text in results.values())


def test_bad_arguments(lib):
    from storykit import errors
    from storykit._library import EVENT_FUNCTION, TRANSPORT_FUNCTION

    out = ctypes.c_void_p()
    no_transport, no_events = TRANSPORT_FUNCTION(), EVENT_FUNCTION()
    request = b'{"provider":"gemini","model":"m","prompt":"x","apiKey":"k"}'
    assert lib.storykit_generate(ctypes.byref(out), request, no_transport, no_events, None) == errors.E_INVALID_ARGUMENT
    assert "transport is NULL" in lib.storykit_last_error().decode()
    assert lib.storykit_generate(None, request, no_transport, no_events, None) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_correct(ctypes.byref(out), None, no_transport, no_events, None) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_correct(ctypes.byref(out), b'{"text":"hi","remote":{"provider":"openai"}}', no_transport, no_events, None) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_illustrate(ctypes.byref(out), None, b"{}", no_transport, None) == errors.E_INVALID_ARGUMENT
    assert out.value is None
    assert lib.storykit_exchange_respond(None, 200, None) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_exchange_write(None, b"x", 1) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_exchange_fail(None, b"timeout", None) == errors.E_INVALID_ARGUMENT


def _replying(content):
    """A transport that answers every request as an OpenAI-compatible server would, with `content`."""
    body = json.dumps({"choices": [{"index": 0, "message": {"content": content}, "finish_reason": "stop"}]}).encode()

    def transport(_request, exchange):
        exchange.respond(200, {"Content-Type": "application/json"})
        exchange.write(body)
    return transport


def test_a_models_unfaithful_versions_never_reach_the_writer():
    # A small model's reply: markup, a link and an empty version. Asked twice, then offline.
    reply = '{ "directCorrection": "<script src=","refinedPhrasing": "[https:" ,"alternativeInterpretation" : ""}'
    request = {"text": "I wnat to go hmoe", "remote": {"provider": "openai", "model": "small",
                                                        "baseURL": "http://127.0.0.1:9/v1", "structured": False}}
    outcome = storykit.correct(request, transport=_replying(reply))
    assert outcome["backend"] == "offline" and outcome["variations"][0]["text"] == "I want to go home"
    assert [attempt["problem"] for attempt in outcome["attempts"]] == ["unfaithful", "unfaithful"]
    invented = '{"directCorrection": "I want to go home.", "refinedPhrasing": "Her lunch was weird!", "alternativeInterpretation": ""}'
    shown = storykit.correct(request, transport=_replying(invented))
    assert shown["backend"] == "remote" and [v["text"] for v in shown["variations"]] == ["I want to go home."]
    reasons = {issue["reason"] for issue in shown["issues"] if issue["code"] == "unfaithful"}
    assert reasons == {"invents words", "is empty"}
    unchecked = storykit.correct({**request, "check": "off"}, transport=_replying(invented))
    assert len(unchecked["variations"]) == 3
    with pytest.raises(storykit.InvalidArgumentError, match="check"):
        storykit.correct({**request, "check": "strict"}, transport=_replying(invented))
