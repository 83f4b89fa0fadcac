"""StoryKit against a real OpenAI-compatible server nobody here wrote (llama.cpp's, through
llama-cpp-python; see llama_server.py and conftest.py): the correction service in structured form from the CLI,
streamed generation through the Python UrllibTransport and through the Swift URLSession
transport, the server's own error for a request over its context, and a cancelled stream.

The model is random, so no test asserts what it says; they assert what the wire carried and how
StoryKit read it.
"""

import json
import os
import re
import subprocess

import pytest

import storykit
from llama_server import CONTEXT_TOKENS, REPOSITORY

CLI = os.environ.get("STORYKIT_CLI", str(REPOSITORY / "Examples" / "storykit-cli" / ".build" / "debug" / "storykit-cli"))


def request(server, **fields) -> dict:
    return {"provider": "openai", "baseURL": server.base_url, "model": "tiny", "timeoutSeconds": 60,
            "retry": {"maxAttempts": 1}, **fields}


def test_the_cli_corrects_in_structured_form_and_the_server_keeps_to_the_schema(llama_server, tmp_path):
    # StoryKit asks in OpenAI's json_schema form first; this server refuses that form and reads
    # only {"type":"json_object","schema":...}, which StoryKit then sends. The server turns the
    # schema into a grammar, so even a random model answers JSON of the right shape. Its words
    # are random: the versions' check is off, so that the plumbing is what is tested.
    log_before = llama_server.log.read_text(errors="replace")
    result = subprocess.run(
        [CLI, "correct", "I wnat to go hmoe", "--backend", "openai", "--base-url", llama_server.base_url,
         "--model", "tiny", "--json", "--no-save", "--timeout", "60", "--check", "off"],
        capture_output=True, text=True, timeout=180, cwd=tmp_path, env={**os.environ, "OPENAI_API_KEY": ""})
    llama_server.check_alive()
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert outcome["backend"] == "remote", (outcome, result.stderr)
    reply = json.loads(outcome["reply"])
    assert list(reply) == ["directCorrection", "refinedPhrasing", "alternativeInterpretation"]
    assert [variation["text"] for variation in outcome["variations"]] == [value.strip() for value in reply.values()]
    assert [variation["kind"] for variation in outcome["variations"]] == ["direct", "refined", "alternative"]
    answers = re.findall(r'"POST /v1/chat/completions HTTP/1.1" (\d+)', llama_server.log.read_text(errors="replace")[len(log_before):])
    assert answers == ["500", "200"], answers


def test_a_stream_through_the_python_transport_arrives_in_pieces(llama_server):
    deltas = []
    result = storykit.generate(request(llama_server, stream=True, prompt="Tell a story.", maxOutputTokens=24),
                               on_event=lambda event: deltas.append(event) or True)
    llama_server.check_alive()
    texts = [event["text"] for event in deltas if event["type"] == "delta"]
    assert len(texts) >= 2
    assert "".join(texts) == result["text"]
    assert result["finishReason"] in ("maxTokens", "stop"), result


def test_a_request_over_the_context_is_the_servers_error_classified(llama_server):
    too_long = "word " * (CONTEXT_TOKENS * 2)
    with pytest.raises(storykit.APIError) as raised:
        storykit.generate(request(llama_server, prompt=too_long, maxOutputTokens=16))
    assert raised.value.kind == "inputTooLong", raised.value
    assert "maximum context length" in str(raised.value)
    # Streamed, this server checks the context only after it has sent status 200, then closes
    # an empty stream: no reason is given, yet it is a failure, never an empty success.
    with pytest.raises(storykit.APIError) as raised:
        storykit.generate(request(llama_server, stream=True, prompt=too_long, maxOutputTokens=16))
    assert raised.value.kind == "emptyResponse", raised.value
    llama_server.check_alive()


def test_a_stream_stopped_by_the_host_ends_and_the_server_serves_the_next(llama_server):
    seen = []

    def stop_after_two(event):
        seen.append(event)
        return len(seen) < 2

    with pytest.raises(storykit.CallbackError):
        storykit.generate(request(llama_server, stream=True, prompt="Tell a long story.", maxOutputTokens=200),
                          on_event=stop_after_two)
    assert len(seen) == 2
    llama_server.check_alive()
    after = storykit.generate(request(llama_server, prompt="Again.", maxOutputTokens=8))
    assert after["text"]


def test_the_swift_url_session_transport_against_the_server(llama_server):
    """The Swift suite RealServerTests (streaming, structured replies, the context error and a
    cancelled stream through URLSessionTransport) runs only when given a server; here it is."""
    result = subprocess.run(
        ["swift", "test", "--filter", "RealServerTests"], cwd=REPOSITORY, capture_output=True, text=True, timeout=900,
        env={**os.environ, "STORYKIT_OPENAI_COMPATIBLE_URL": llama_server.base_url})
    llama_server.check_alive()
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    for test in ("aStreamArrivesInPiecesThatMakeTheWholeText", "aStructuredRequestGetsJSONOfTheSchemasShape",
                 "aRequestOverTheContextIsInputTooLong", "aStreamOverTheContextFailsThoughTheServerSaysNothing",
                 "cancellingAStreamEndsItAsCancelledWithTheTextSoFar"):
        assert re.search(rf"Test {test}\(\) passed", output), f"{test} did not run and pass:\n{output[-4000:]}"
