"""Runs the C examples built by scripts/build-c-example.sh (in STORYKIT_C_EXAMPLES, or
Examples/c/build): the streaming example, the stream cost measure (which checks
storykit_stream_feed_into against storykit_stream_feed) and the socket transport example."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# One or more build folders (separated by os.pathsep): the plain build and, from
# scripts/test.sh, the one built with AddressSanitizer and UndefinedBehaviorSanitizer.
BUILDS = [Path(folder) for folder in os.environ.get("STORYKIT_C_EXAMPLES", str(HERE / "build")).split(os.pathsep)]
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "Fixtures" / "Transport"))

import loopback  # noqa: E402


@pytest.fixture(params=BUILDS, ids=lambda folder: folder.name)
def run(request):
    """Runs an example program of one build; a sanitizer report fails the run (exit status)."""
    def run_example(name, *arguments, stdin=b""):
        program = request.param / name
        if not program.exists():
            pytest.fail(f"no {program}: build the examples with scripts/build-c-example.sh")
        result = subprocess.run([str(program), *arguments], input=stdin, capture_output=True, timeout=120)
        assert b"Sanitizer" not in result.stderr, result.stderr.decode(errors="replace")
        return result
    return run_example


@pytest.mark.parametrize("kind, reply", [
    ("variations", '{"directCorrection": "I want to go home.", "refinedPhrasing": "I would like to go h'),
    ("list", "Here you go:\n1. Rest\n2. Drink water\n\nHope this helps! " * 20),
    ("json", "```json\n{'title': 'Mia', pages: ['Once', 'The end',],}\n```"),
])
def test_stream_example_prints_events_and_matches_the_batch_result(run, kind, reply):
    result = run("stream", kind, stdin=reply.encode())
    assert result.returncode == 0, result.stderr.decode()
    lines = result.stdout.decode().splitlines()
    assert lines[-1] == "the streamed result is the batch result"
    events = [event for line in lines if line.startswith('{"events"') for event in json.loads(line)["events"]]
    assert events and all("type" in event for event in events)
    streamed = json.loads(next(line for line in lines if line.startswith("result: "))[len("result: "):])
    if kind != "json":
        # With the end's events, every item of the result was finished by a "done" event.
        texts = [item["text"] for item in streamed["items" if kind == "list" else "variations"]]
        assert [event["text"] for event in events if event["type"] == "done"] == texts


def test_stream_example_reports_bad_input(run):
    result = run("stream", "variations", stdin=b'{"directCorrection": "\xff')
    assert result.returncode == 1 and b"UTF-8" in result.stderr
    assert run("stream", "poem").returncode == 2


@pytest.mark.parametrize("kind, buffer", [("variations", "8"), ("variations", "0"), ("list", "13"), ("json", "4096")])
def test_feed_into_writes_what_feed_returns_and_keeps_what_does_not_fit(run, kind, buffer, tmp_path):
    # A reply with non-ASCII text and escapes; a small buffer makes nearly every chunk's events
    # not fit, and stream_cost then takes them with a grown buffer and checks them against feed.
    texts = ["the little dragon wanted to go home über café 星 🐉 \"quoted\"" * 3, "a second one", "and a third"]
    reply = (json.dumps({"variations": [{"text": text, "kind": "direct"} for text in texts]}, ensure_ascii=False)
             if kind != "list" else "".join(f"{n}. {text}\n" for n, text in enumerate(texts, 1)))
    path = tmp_path / "reply"
    path.write_bytes(reply.encode())
    result = run("stream_cost", str(path), kind, "7", "1", buffer)
    assert result.returncode == 0, result.stderr.decode()
    assert "feed_into verified against feed" in result.stdout.decode()


def test_stream_cost_refuses_bad_arguments(run, tmp_path):
    assert run("stream_cost").returncode == 2
    assert run("stream_cost", str(tmp_path / "missing")).returncode == 2
    (tmp_path / "reply").write_bytes(b"{}")
    assert run("stream_cost", str(tmp_path / "reply"), "variations", "0").returncode == 2


@pytest.fixture(scope="module")
def server():
    with loopback.running() as port:
        yield port


def test_transport_example_streams_from_a_local_server(run, server):
    result = run("transport", f"http://127.0.0.1:{server}/ok/c-transport/v1", "local", "I wnat to go hmoe")
    assert result.returncode == 0, result.stderr.decode()
    outcome = json.loads(result.stdout)
    assert outcome["backend"] == "remote" and len(outcome["variations"]) == 3
    assert result.stderr.decode().count("snapshot") >= 3


@pytest.mark.parametrize("scenario, error", [("always-unavailable", "serverError"), ("drop", "transport")])
def test_transport_example_falls_back_to_offline(run, server, scenario, error):
    result = run("transport", f"http://127.0.0.1:{server}/{scenario}/c-{scenario}/v1", "local", "I wnat to go hmoe")
    assert result.returncode == 0, result.stderr.decode()
    outcome = json.loads(result.stdout)
    assert outcome["backend"] == "offline" and outcome["attempts"][0]["error"]["kind"] == error


def test_transport_example_without_a_server_corrects_offline(run):
    result = run("transport")
    assert result.returncode == 0
    assert json.loads(result.stdout)["variations"][0]["text"] == "I want to go home"
