"""What a host's transport may rely on: a call returns only after every callback it started
has returned; a time-out is reported on time and cancels the exchange; a blocked callback
never delays another call; a body cut at the size limit is an error, never a short answer."""
import base64
import json
import threading
import time

import pytest

import storykit

GEMINI_REPLY = b'{"candidates":[{"content":{"parts":[{"text":"Hi"}]},"finishReason":"STOP"}]}'


def request(**extra):
    # The transport answers by itself: the URL is never dialled.
    body = {"provider": "gemini", "model": "gemini-2.5-flash", "apiKey": "test-key",
            "baseURL": "http://127.0.0.1:9/v1beta", "prompt": "Tell a story.", "retry": {"maxAttempts": 1}}
    body.update(extra)
    return body


pytestmark = pytest.mark.usefixtures("no_provider_keys")


def test_a_call_returns_only_after_a_transport_that_failed_has_returned():
    returned = threading.Event()

    def fails_then_lingers(_request, exchange):
        exchange.fail("transport", "the connection dropped")
        time.sleep(0.5)
        with pytest.raises(storykit.StateError):  # the exchange is still valid: no crash
            exchange.fail("transport", "again")
        returned.set()

    with pytest.raises(storykit.TransportError):
        storykit.generate(request(), transport=fails_then_lingers)
    assert returned.is_set()


def test_a_call_stopped_by_on_event_waits_for_the_transport():
    returned = threading.Event()
    refused = []

    def streams_slowly(_request, exchange):
        exchange.respond(200, {"content-type": "text/event-stream"})
        for index in range(5):
            event = b'data: {"candidates":[{"content":{"parts":[{"text":"piece %d "}]}}]}\r\n\r\n' % index
            if not exchange.write(event):
                refused.append(index)
                break
            time.sleep(0.1)
        time.sleep(0.3)
        returned.set()

    with pytest.raises(storykit.CallbackError):
        storykit.generate(request(stream=True), transport=streams_slowly, on_event=lambda event: False)
    assert returned.is_set()
    assert refused, "writes went on being accepted after on_event stopped the operation"


def test_a_time_out_is_reported_on_time_and_cancels_the_exchange():
    seen = {}

    def blocks_until_cancelled(_request, exchange):
        started = time.monotonic()
        while not exchange.cancelled and time.monotonic() - started < 20:
            time.sleep(0.02)
        seen["cancelled after"] = time.monotonic() - started
        with pytest.raises(storykit.CancelledError):
            exchange.respond(200)

    started = time.monotonic()
    with pytest.raises(storykit.TransportError, match="timeout"):
        storykit.generate(request(timeoutSeconds=1), transport=blocks_until_cancelled)
    elapsed = time.monotonic() - started
    assert 0.9 <= seen["cancelled after"] < 5
    assert elapsed < 6


def test_an_answer_after_the_time_out_is_not_a_success():
    def answers_late(_request, exchange):
        time.sleep(1.5)
        exchange.respond(200, {"content-type": "application/json"})  # raises CancelledError
        exchange.write(GEMINI_REPLY)

    with pytest.raises(storykit.TransportError, match="timeout"):
        storykit.generate(request(timeoutSeconds=0.5), transport=answers_late)


def test_blocked_callbacks_do_not_delay_other_calls():
    release = threading.Event()
    blocked = 24

    def blocks(_request, exchange):
        release.wait(30)
        exchange.fail("cancelled", "released")

    def answers(_request, exchange):
        exchange.respond(200, {"content-type": "application/json"})
        exchange.write(GEMINI_REPLY)

    errors = []

    def blocked_call():
        try:
            storykit.generate(request(timeoutSeconds=60), transport=blocks)
        except storykit.StoryKitError as error:
            errors.append(error)

    threads = [threading.Thread(target=blocked_call) for _ in range(blocked)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.5)  # every blocked callback is running by now
        started = time.monotonic()
        assert storykit.generate(request(), transport=answers)["text"] == "Hi"
        assert storykit.correct({"text": "I wnat to go hmoe"})["backend"] == "offline"
        assert time.monotonic() - started < 3
    finally:
        release.set()
        for thread in threads:
            thread.join(60)
    assert len(errors) == blocked


def test_a_body_cut_at_the_size_limit_is_an_error_not_a_short_answer():
    limit = 64 << 20
    outcome = {}

    def floods(_request, exchange):
        exchange.respond(200, {"content-type": "text/event-stream"})
        event = b'data: {"candidates":[{"content":{"parts":[{"text":"' + b"a" * 65000 + b'"}]}}]}\r\n\r\n'
        sent = 0
        try:
            while sent <= limit:
                if not exchange.write(event):
                    outcome["refused"] = "cancelled"
                    return
                sent += len(event)
        except storykit.LimitError:
            outcome["refused"] = "limit"

    with pytest.raises(storykit.StoryKitError, match="malformedResponse|over"):
        storykit.generate(request(stream=True), transport=floods)
    assert outcome["refused"] == "limit"


def test_a_key_the_server_echoes_never_leaves_the_library():
    key = "my-local-server-token-2024"

    def echoes_the_key(_request, exchange):
        exchange.respond(401, {"content-type": "application/json"})
        exchange.write(('{"error":{"message":"Incorrect API key provided: %s","type":"invalid_request_error",'
                        '"code":"invalid_api_key"}}' % key).encode())

    remote = {"provider": "openai", "model": "local", "apiKey": key, "baseURL": "https://u:hunter2@127.0.0.1:9/v1",
              "retry": {"maxAttempts": 1}}
    with pytest.raises(storykit.APIError) as raised:
        storykit.generate(dict(remote, prompt="Hi"), transport=echoes_the_key)
    assert key not in str(raised.value) and "hunter2" not in str(raised.value)
    outcome = storykit.correct({"text": "I wnat to go hmoe", "remote": remote}, transport=echoes_the_key)
    assert outcome["backend"] == "offline"
    text = json.dumps(outcome)
    assert key not in text and "hunter2" not in text
    built = storykit.build_request({key: value for key, value in remote.items() if key != "retry"} | {"prompt": "Hi"})
    assert "hunter2" not in built["description"]


PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e00000000049454e44ae426082")


def image_answer(*images):
    """A Gemini image model's reply holding `images` (the model may send more than asked)."""
    def answer(_request, exchange):
        exchange.respond(200, {"content-type": "application/json"})
        parts = [{"inlineData": {"mimeType": "image/png", "data": base64.b64encode(image).decode()}} for image in images]
        exchange.write(json.dumps({"candidates": [{"content": {"parts": parts}, "finishReason": "STOP"}]}).encode())
    return answer


def illustration(**extra):
    request = {"hero": {"name": "Mia", "traits": ["brave"]}, "page": {"text": "Mia finds a lantern.", "index": 0},
               "apiKey": "test-key", "baseURL": "http://127.0.0.1:9/v1beta", "retry": {"maxAttempts": 1}}
    request.update(extra)
    return request


def test_illustration_ids_are_all_checked_before_any_image_is_made(tmp_path):
    calls = []

    def counts(request, exchange):
        calls.append(request)
        image_answer(PNG, PNG)(request, exchange)

    with storykit.Store(tmp_path / "store") as store:
        with pytest.raises(storykit.InvalidArgumentError):
            store.illustrate(illustration(id="x" * 127, imageCount=2), transport=counts)
    assert calls == []
    assert not (tmp_path / "store" / "Illustrations").exists()


def test_more_images_than_asked_for_are_not_saved_and_an_empty_one_is_refused(tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        outcome = store.illustrate(illustration(id="p1", imageCount=1), transport=image_answer(PNG, PNG, PNG))
        assert [i["fileName"] for i in outcome["illustrations"]] == ["p1.png"]
        assert sorted(p.name for p in (tmp_path / "store" / "Illustrations").iterdir()) == ["p1.png"]
        with pytest.raises(storykit.APIError, match="no bytes"):
            store.illustrate(illustration(id="p2"), transport=image_answer(b""))


def test_a_reply_of_more_than_a_thousand_variations_is_refused():
    with pytest.raises(storykit.LimitError, match="more than 1000 variations"):
        storykit.parse_variations("- a\n" * 1001)
    assert len(storykit.parse_variations("- a\n" * 1000, expected=3)["variations"]) == 1000


def test_a_lone_carriage_return_ends_a_list_line():
    for newline in ("\r", "\r\n", "\n"):
        assert [item["text"] for item in storykit.parse_list(newline.join(["1. Rest", "2. Drink water"]))["items"]] == ["Rest", "Drink water"]
