"""The binding's own safety: objects used past their life, handles closed under a running
call, one stream fed from two threads, redirects, and arguments C would silently misread."""

import http.server
import json
import threading
import time

import pytest

import storykit

OPENAI_REPLY = b'{"choices":[{"index":0,"message":{"content":"Hi"},"finish_reason":"stop"}]}'

pytestmark = pytest.mark.usefixtures("no_provider_keys")


def request(base_url="http://127.0.0.1:9/v1", **extra):
    body = {"provider": "openai", "model": "local", "baseURL": base_url, "prompt": "Hi", "retry": {"maxAttempts": 1}}
    body.update(extra)
    return body


def answering(kept):
    def transport(_request, exchange):
        kept.append(exchange)
        exchange.respond(200, {"Content-Type": "application/json"})
        exchange.write(bytearray(OPENAI_REPLY[:10]))
        exchange.write(memoryview(OPENAI_REPLY)[10:])
    return transport


def test_an_exchange_kept_past_its_callback_raises_state_error():
    kept = []
    assert storykit.generate(request(), transport=answering(kept))["text"] == "Hi"
    exchange = kept[0]
    with pytest.raises(storykit.StateError):
        exchange.cancelled
    with pytest.raises(storykit.StateError):
        exchange.write(b"late")
    with pytest.raises(storykit.StateError):
        exchange.respond(200)
    with pytest.raises(storykit.StateError):
        exchange.fail("transport", None)


def test_an_exchange_used_by_a_thread_the_transport_started_never_crashes():
    stop = threading.Event()
    outcomes = []

    def transport(_request, exchange):
        def poll():
            while not stop.is_set():
                try:
                    exchange.cancelled
                    exchange.write(b"")
                except storykit.StateError:
                    outcomes.append("ended")
                    return
                except storykit.StoryKitError:
                    pass
        threading.Thread(target=poll, daemon=True).start()
        exchange.respond(200, {})
        exchange.write(OPENAI_REPLY)

    for _ in range(20):
        storykit.generate(request(), transport=transport)
    time.sleep(0.2)
    stop.set()
    assert outcomes.count("ended") == 20


def test_exchange_arguments_are_checked():
    def transport(_request, exchange):
        with pytest.raises(TypeError, match="chunk"):
            exchange.write("text")
        with pytest.raises(ValueError, match="status"):
            exchange.respond(2**32 + 200)
        exchange.fail("transport", None)

    with pytest.raises(storykit.TransportError):
        storykit.generate(request(), transport=transport)


def _close_while_used(handle, use, rounds_of_use):
    """Runs ``use`` in a loop on another thread and closes ``handle`` under it: the thread
    must see StateError and nothing else."""
    failures = []

    def user():
        try:
            for index in range(rounds_of_use):
                use(index)
        except storykit.StateError:
            pass
        except Exception as error:  # noqa: BLE001 - any other failure is the bug
            failures.append(error)

    thread = threading.Thread(target=user)
    thread.start()
    time.sleep(0.002)
    handle.close()
    thread.join()
    assert failures == []


def test_closing_a_store_waits_for_a_put_on_another_thread(tmp_path):
    for round_ in range(30):
        store = storykit.Store(str(tmp_path / f"store{round_}"))
        _close_while_used(store, lambda index: store.put("heroes", f"h{index}", {"id": f"h{index}", "name": "Mia"}), 100_000)
        with pytest.raises(storykit.StateError):
            store.put("heroes", "late", {"id": "late"})


def test_closing_a_stream_while_another_thread_feeds_it():
    for _ in range(30):
        stream = storykit.Stream("list")
        _close_while_used(stream, lambda index: stream.feed(f"{index}. item\n"), 1_000_000)


def test_concurrent_feeds_on_one_stream_each_get_their_own_events():
    # No host lock: calls are serialised by the binding, so every event comes back once.
    stream = storykit.Stream("list")
    counts = []

    def feeder(prefix):
        mine = 0
        for index in range(3000):
            mine += sum(1 for event in stream.feed(f"- {prefix}{index}\n") if event["type"] == "start")
        counts.append(mine)

    threads = [threading.Thread(target=feeder, args=(name,)) for name in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result = stream.finish()
    # Each line starts one item; an item's start is returned exactly once.
    assert len(result["items"]) == 6000
    assert sum(counts) == 6000


class _Redirecting(http.server.BaseHTTPRequestHandler):
    target = ""
    status = 307

    def do_POST(self):  # noqa: N802 - the standard library's name
        self.send_response(self.status)
        self.send_header("Location", self.target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args):
        pass


class _Recording(http.server.BaseHTTPRequestHandler):
    seen: list = []

    def do_POST(self):  # noqa: N802
        self.seen.append(dict(self.headers))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(OPENAI_REPLY)))
        self.end_headers()
        self.wfile.write(OPENAI_REPLY)

    def do_GET(self):  # noqa: N802
        self.do_POST()

    def log_message(self, *_args):
        pass


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_never_followed_with_the_key(status):
    _Redirecting.status = status
    _Recording.seen = []
    other = http.server.HTTPServer(("127.0.0.2", 0), _Recording)
    _Redirecting.target = f"http://127.0.0.2:{other.server_port}/v1/chat/completions"
    first = http.server.HTTPServer(("127.0.0.1", 0), _Redirecting)
    for server in (first, other):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        transport = storykit.UrllibTransport(proxies={})
        with pytest.raises(storykit.TransportError) as raised:
            storykit.generate(request(f"http://127.0.0.1:{first.server_port}/v1", apiKey="sk-secret-key-0123456789"),
                              transport=transport)
        assert str(status) in str(raised.value) and "127.0.0.2" in str(raised.value)
        assert _Recording.seen == []
    finally:
        first.shutdown()
        other.shutdown()


def test_nul_bytes_and_wide_integers_are_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match="root"):
        storykit.Store(str(tmp_path / "a") + "\0b")
    assert not (tmp_path / "a").exists()
    with pytest.raises(TypeError, match="root"):
        storykit.Store(42)
    with pytest.raises(ValueError, match="provider"):
        storykit.decode_response("openai\0x", 200, b"{}")
    with pytest.raises(ValueError, match="http_status"):
        storykit.decode_response("openai", 2**32 + 200, OPENAI_REPLY)
    with pytest.raises(ValueError, match="code"):
        storykit.status_string(2**40)
    with pytest.raises(TypeError, match="code"):
        storykit.status_string("0")
    assert storykit.status_string(0) == "ok"


def test_invalid_utf8_for_the_offline_corrector_names_the_byte():
    with pytest.raises(storykit.ParseError) as raised:
        storykit.correct_offline(b"I wnat \xff to go")
    assert "byte 7" in str(raised.value) and "0xFF" in str(raised.value)


def test_the_language_told_from_mixed_scripts_is_the_same_in_every_process():
    # Swift seeds its hashing per process: a tie between two scripts must not be decided by
    # a dictionary's order.
    import subprocess
    import sys
    script = ("import storykit, json; "
              "print(json.dumps(storykit.correct_offline('cбafe aβc')['issues']))")
    answers = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       cwd=str(storykit.__file__).rsplit("/storykit/", 1)[0]).stdout
        for _ in range(8)
    }
    assert len(answers) == 1, answers


ILLUSTRATION = {
    "hero": {"name": "Mia", "traits": ["brave"], "appearance": "red coat"},
    "page": {"text": "Mia finds a lantern.", "index": 0}, "storyID": "s1", "imageCount": 1,
    "apiKey": "test-key", "baseURL": "http://127.0.0.1:9/v1beta", "retry": {"maxAttempts": 1},
}


def _finishes(body, seconds=20):
    """Runs ``body`` on a thread; whether it returned within ``seconds`` (a deadlock does not)."""
    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive()


def test_closing_a_store_inside_its_own_illustrate_transport_raises_state_error(tmp_path):
    # The transport runs on one of the library's threads, not the caller's: the binding must
    # still see that the close comes from inside a call on this store.
    seen = []
    store = storykit.Store(str(tmp_path / "store"))

    def transport(_request, exchange):
        try:
            store.close()
            seen.append("closed")
        except storykit.StateError as error:
            seen.append(str(error))
        exchange.fail("transport", "no network here")

    def illustrate():
        with pytest.raises(storykit.TransportError):
            store.illustrate(ILLUSTRATION, transport=transport)

    assert _finishes(illustrate)
    assert len(seen) == 1 and "inside a call" in seen[0]
    store.put("heroes", "h1", {"id": "h1", "name": "Mia"})  # still open
    store.close()


def test_two_stores_closing_each_other_from_their_callbacks_never_deadlock(tmp_path):
    stores = [storykit.Store(str(tmp_path / "a")), storykit.Store(str(tmp_path / "b"))]
    both_inside = threading.Barrier(2, timeout=10)

    def transport_closing(other):
        def transport(_request, exchange):
            both_inside.wait()  # both calls are in flight before either closes the other
            other.close()  # deferred: the other's call is in flight and may wait on this one
            exchange.fail("transport", "no network here")
        return transport

    def illustrate(store, other):
        with pytest.raises(storykit.TransportError):
            store.illustrate(ILLUSTRATION, transport=transport_closing(other))

    threads = [threading.Thread(target=illustrate, args=(stores[0], stores[1]), daemon=True),
               threading.Thread(target=illustrate, args=(stores[1], stores[0]), daemon=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert not any(thread.is_alive() for thread in threads), "the stores deadlocked closing each other"
    # Each close was deferred to the end of the other's call, and took effect there.
    for store in stores:
        with pytest.raises(storykit.StateError):
            store.put("heroes", "late", {"id": "late"})


def test_closing_a_stream_from_an_event_callback_never_waits_on_itself():
    # A call on no handle (correct's on_event) closing a stream that another thread is feeding.
    stream = storykit.Stream("list")
    feeding = threading.Event()

    def feed():
        try:
            while True:
                stream.feed("- item\n")
                feeding.set()
        except storykit.StateError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    feeding.wait(10)

    def on_event(_event):
        stream.close()

    assert _finishes(lambda: storykit.correct({"text": "I wnat to go hmoe"}, on_event=on_event))
    with pytest.raises(storykit.StateError):
        stream.feed("- late\n")


def _correct_in_child(text):
    return storykit.correct_offline(text)["variations"][0]["text"]


def test_multiprocessing_with_spawn_corrects_while_the_parent_corrects_on_threads():
    # The start method the README and the header name for multiprocessing: a spawned child
    # starts with none of the parent's held locks, however busy the parent's threads are.
    import multiprocessing

    stop = threading.Event()

    def busy():
        while not stop.is_set():
            storykit.correct_offline("I wnat to go hmoe")

    threads = [threading.Thread(target=busy, daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    try:
        with multiprocessing.get_context("spawn").Pool(2) as pool:
            results = pool.map(_correct_in_child, ["I wnat to go hmoe"] * 4, chunksize=1)
    finally:
        stop.set()
    assert results == ["I want to go home"] * 4


def test_correct_offline_refuses_options_of_the_wrong_type():
    with pytest.raises(TypeError, match="words"):
        storykit.correct_offline("hello", words="yes")
    with pytest.raises(TypeError, match="spelling"):
        storykit.correct_offline("hello", spelling=None)


def test_a_three_letter_code_with_a_two_letter_form_is_refused_with_it():
    with pytest.raises(storykit.InvalidArgumentError, match='"spa" is written "es"'):
        storykit.correct_offline("hola amigo", language="spa")
    with pytest.raises(storykit.InvalidArgumentError, match="BCP 47"):
        storykit.correct_offline("hola amigo", language="i-klingon")
