"""Store.illustrate_story and Store.draw_avatar through the C ABI against the loopback image
server (Tests/Fixtures/Transport/loopback_server.py), which answers in Gemini's shapes: the
portrait first, every page with it as a reference, resumed after a block, a 429 and a kill."""

import base64
import itertools
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import storykit

DIRECT = storykit.UrllibTransport(proxies={})
PAGES = 10
_names = itertools.count()

pytestmark = pytest.mark.usefixtures("no_provider_keys")


@pytest.fixture(scope="module")
def server(fixtures):
    sys.path.insert(0, str(fixtures / "Transport"))
    import loopback
    with loopback.running() as port:
        yield port


def unique(name):
    return f"{name}-{next(_names)}"


def base_url(port, scenario, test):
    return f"http://127.0.0.1:{port}/{scenario}/{test}/v1beta"


def recorded(port, test):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{port}/requests/{test}", timeout=5) as response:
        return json.load(response)


def page_of(request):
    text = request["body"]["contents"][0]["parts"][-1]["text"]
    marker = "scene of page "
    return int(text.split(marker, 1)[1].split(":", 1)[0]) if marker in text else 0


def book_store(path, pages=PAGES):
    store = storykit.Store(path)
    store.put("heroes", "h1", {"id": "h1", "name": "Mia", "traits": ["brave"], "appearance": "curly red hair"})
    store.put("stories", "s1", {"id": "s1", "title": "Mia and the Kite", "heroID": "h1",
                                "pages": [f"Page {n}: Mia follows her kite over the hill." for n in range(1, pages + 1)]})
    return store


def request(port, scenario, test, **extra):
    value = {"storyID": "s1", "baseURL": base_url(port, scenario, test), "apiKey": "test-key",
             "retry": {"maxAttempts": 3, "initialDelayMs": 10, "maxDelayMs": 50}}
    value.update(extra)
    return value


def test_a_ten_page_book_takes_eleven_requests_each_page_with_the_portrait(server, tmp_path):
    test = unique("book")
    events = []
    with book_store(tmp_path / "store") as store:
        outcome = store.illustrate_story(request(server, "book", test), transport=DIRECT, on_event=events.append)
        assert outcome["requests"] == 11 and outcome["complete"] is True
        assert [page["status"] for page in outcome["pages"]] == ["drawn"] * PAGES
        assert outcome["reference"]["id"] == "h1-avatar" and outcome["reference"]["status"] == "drawn"
        sent = recorded(server, test)
        assert len(sent) == 11 and page_of(sent[0]) == 0
        portrait, _ = store.get_image("h1-avatar")
        for page_request in sent[1:]:
            parts = page_request["body"]["contents"][0]["parts"]
            assert parts[0]["inlineData"] == {"mimeType": "image/png", "data": base64.b64encode(portrait).decode()}
            assert page_request["body"]["store"] is False
        assert sorted(page_of(r) for r in sent[1:]) == list(range(1, PAGES + 1))
        for number in range(1, PAGES + 1):
            data, mime = store.get_image(f"s1-page-{number}")
            assert data.startswith(b"\x89PNG") and mime == "image/png"
        assert store.get("heroes", "h1")["avatarIllustrationID"] == "h1-avatar"
        assert sorted(event["index"] for event in events if event["index"] is not None) == list(range(PAGES))
        assert all(event["type"] == "page" for event in events)

        # A drawn book is never asked again.
        again = store.illustrate_story(request(server, "book", test), transport=DIRECT)
        assert again["requests"] == 0 and again["reference"] is None
        assert [page["status"] for page in again["pages"]] == ["kept"] * PAGES
        assert len(recorded(server, test)) == 11


def test_a_429_is_retried_and_a_blocked_page_is_its_own_issue(server, tmp_path):
    with book_store(tmp_path / "store") as store:
        limited = unique("limited")
        outcome = store.illustrate_story(request(server, "book-ratelimit", limited, maxImages=4), transport=DIRECT)
        # Page 2 was asked twice (429, then drawn), within one budgeted request.
        assert outcome["requests"] == 4 and [page_of(r) for r in recorded(server, limited)].count(2) == 2
        assert [page["status"] for page in outcome["pages"][:4]] == ["drawn", "drawn", "drawn", "skipped"]
        assert outcome["pages"][9]["issue"]["kind"] == "skipped" and outcome["complete"] is False

        blocked = unique("blocked")
        outcome = store.illustrate_story(request(server, "book-blocked", blocked), transport=DIRECT)
        statuses = [page["status"] for page in outcome["pages"]]
        # Pages 1-3 are kept (page 3's blocked prompt is never sent); page 5's picture is withheld.
        assert statuses == ["kept"] * 3 + ["drawn", "failed"] + ["drawn"] * 5
        by_index = {page["index"]: page for page in outcome["pages"]}
        assert by_index[4]["issue"]["kind"] == "contentFiltered" and by_index[4]["fileName"] is None
        assert outcome["requests"] == 7 and outcome["reference"]["status"] == "kept"

    # Page 3 of a fresh book: a blocked prompt is that page's issue.
    with book_store(tmp_path / "other") as store:
        outcome = store.illustrate_story(request(server, "book-blocked", unique("blocked")), transport=DIRECT)
        failed = {page["index"]: page["issue"]["kind"] for page in outcome["pages"] if page["status"] == "failed"}
        assert failed == {2: "promptBlocked", 4: "contentFiltered"}
        # Resuming draws exactly the two missing pages.
        resume = unique("resume")
        outcome = store.illustrate_story(request(server, "book", resume), transport=DIRECT)
        assert outcome["requests"] == 2 and outcome["complete"] is True
        assert sorted(page_of(r) for r in recorded(server, resume)) == [3, 5]


def test_a_killed_book_resumes_without_losing_or_redrawing_a_page(server, tmp_path):
    root = tmp_path / "store"
    book_store(root).close()
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("book_illustrator.py")), str(root),
         base_url(server, "book-slow", unique("killed"))],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "GEMINI_API_KEY": ""})
    drawn = []
    deadline = time.monotonic() + 60
    while len(drawn) < 3 and time.monotonic() < deadline:
        event = json.loads(child.stdout.readline())
        if event["index"] is not None and event["status"] == "drawn":
            drawn.append(event["index"])
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    assert len(drawn) == 3, "the child drew fewer than 3 pages in 60 s"
    folder = root / "Illustrations"
    before = {path.name: path.read_bytes() for path in folder.iterdir() if path.name.startswith("s1-page-")}
    assert len(before) >= 3

    resume = unique("after-kill")
    with storykit.Store(root) as store:
        outcome = store.illustrate_story(request(server, "book", resume), transport=DIRECT)
        assert outcome["complete"] is True and outcome["reference"]["status"] == "kept"
        # Only the missing pages were asked for; every page saved before the kill is untouched.
        assert outcome["requests"] == PAGES - len(before) == len(recorded(server, resume))
        for name, data in before.items():
            assert (folder / name).read_bytes() == data
        assert {page["status"] for page in outcome["pages"] if f"{page['id']}.png" in before} == {"kept"}


def test_an_avatar_is_drawn_saved_as_the_heros_and_is_the_books_reference(server, tmp_path):
    with book_store(tmp_path / "store", pages=2) as store:
        test = unique("avatar")
        avatar = store.draw_avatar({"heroID": "h1", "customPrompt": "a yellow umbrella", "apiKey": "test-key",
                                    "baseURL": base_url(server, "book", test)}, transport=DIRECT)
        assert [item["fileName"] for item in avatar["illustrations"]] == ["h1-avatar.png"]
        assert "a yellow umbrella" in recorded(server, test)[0]["body"]["contents"][0]["parts"][-1]["text"]
        assert store.get("heroes", "h1")["avatarIllustrationID"] == "h1-avatar"
        book = unique("after-avatar")
        outcome = store.illustrate_story(request(server, "book", book), transport=DIRECT)
        assert outcome["reference"]["status"] == "kept" and outcome["requests"] == 2
        with pytest.raises(storykit.NotFoundError, match="heroID"):
            store.draw_avatar({"heroID": "nobody", "apiKey": "k", "baseURL": base_url(server, "book", test)},
                              transport=DIRECT)


@pytest.mark.parametrize("extra, error, words", [
    ({"storyID": "missing"}, storykit.NotFoundError, "storyID \"missing\""),
    ({"maxImages": 0}, storykit.InvalidArgumentError, "maxImages"),
    ({"maxImages": 10_000}, storykit.InvalidArgumentError, "maxImages"),
    ({"redraw": [10]}, storykit.InvalidArgumentError, "redraw"),
    ({"redraw": [-1]}, storykit.InvalidArgumentError, "redraw"),
    ({"redraw": "3"}, TypeError, "redraw"),
    ({"concurrency": 9}, storykit.InvalidArgumentError, "concurrency"),
    ({"heroID": "nobody"}, storykit.NotFoundError, "heroID \"nobody\""),
    ({"storyID": 5}, TypeError, "storyID"),
    ({"pages": 3}, storykit.InvalidArgumentError, "unknown field \"pages\""),
])
def test_bad_input_names_its_field_and_draws_nothing(server, tmp_path, extra, error, words):
    test = unique("bad")
    with book_store(tmp_path / "store") as store:
        with pytest.raises(error, match=words):
            store.illustrate_story(request(server, "book", test, **extra), transport=DIRECT)
    assert recorded(server, test) == []


def test_a_story_without_a_hero_needs_one_and_a_described_hero_is_drawn(server, tmp_path):
    with storykit.Store(tmp_path / "store") as store:
        store.put("stories", "s1", {"id": "s1", "title": "The Kite", "pages": ["A kite flew over the hill."]})
        with pytest.raises(storykit.InvalidArgumentError, match="has no hero"):
            store.illustrate_story(request(server, "book", unique("no-hero")), transport=DIRECT)
        test = unique("described")
        outcome = store.illustrate_story(
            request(server, "book", test, hero={"name": "Mia", "appearance": "a green coat"}), transport=DIRECT)
        assert outcome["reference"]["id"] == "s1-hero-avatar" and outcome["complete"] is True
        assert len(recorded(server, test)) == 2


def test_null_arguments_are_refused_across_the_c_boundary(lib, tmp_path):
    import ctypes
    from storykit import errors
    from storykit._library import EVENT_FUNCTION, TRANSPORT_FUNCTION

    out = ctypes.c_void_p()
    transport, no_transport, no_events = TRANSPORT_FUNCTION(lambda *_: errors.OK), TRANSPORT_FUNCTION(), EVENT_FUNCTION()
    request = json.dumps({"storyID": "s1"}).encode()
    assert lib.storykit_story_illustrate(ctypes.byref(out), None, request, transport, no_events, None) == \
        errors.E_INVALID_ARGUMENT
    assert "store" in lib.storykit_last_error().decode()
    with book_store(tmp_path / "store") as store:
        handle = store._handle
        assert lib.storykit_story_illustrate(ctypes.byref(out), handle, request, no_transport, no_events, None) == \
            errors.E_INVALID_ARGUMENT
        assert "transport is NULL" in lib.storykit_last_error().decode()
        assert lib.storykit_story_illustrate(None, handle, request, transport, no_events, None) == \
            errors.E_INVALID_ARGUMENT
        assert lib.storykit_story_illustrate(ctypes.byref(out), handle, None, transport, no_events, None) == \
            errors.E_INVALID_ARGUMENT
        assert lib.storykit_hero_avatar(ctypes.byref(out), handle, None, transport, None) == errors.E_INVALID_ARGUMENT
        assert lib.storykit_story_illustrate(ctypes.byref(out), handle, b"{\"storyID\": \"s1\"", transport,
                                             no_events, None) == errors.E_INVALID_ARGUMENT
    assert out.value is None
