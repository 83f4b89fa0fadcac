"""StoryKit against what llama-cpp-python's server answered, replayed from a recording
(Tests/Fixtures/Transport/llama-cpp-python-exchanges.json; Tests/RealServer/record_exchanges.py
made it): that server refuses OpenAI's json_schema form with HTTP 500 and reads
{"type":"json_object","schema":...}, and its model's replies stopped at the output limit."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import storykit


@pytest.fixture
def replaying_server(fixtures):
    recording = json.loads((fixtures / "Transport" / "llama-cpp-python-exchanges.json").read_text("utf-8"))
    answers = {}
    for exchange in recording["exchanges"]:
        answers.setdefault(exchange["responseFormat"], []).append(exchange)
    asked = []

    class Replay(BaseHTTPRequestHandler):
        def do_POST(self):
            request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            form = request.get("response_format", {}).get("type")
            asked.append(form)
            queue = answers[form]
            # The recording's answers to a form in turn, its last one again when they run out.
            exchange = queue[min(len([f for f in asked if f == form]), len(queue)) - 1]
            body = exchange["body"].encode("utf-8")
            self.send_response(exchange["status"])
            self.send_header("Content-Type", exchange["contentType"])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Replay)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", asked
    server.shutdown()
    server.server_close()


def test_a_refused_structured_form_is_sent_once_per_server_and_model(replaying_server, no_provider_keys):
    base_url, asked = replaying_server
    outcomes = [
        storykit.correct({"text": text, "remote": {"provider": "openai", "baseURL": base_url, "model": "tiny",
                                                   "apiKey": "none", "retry": {"maxAttempts": 1}}})
        for text in ("I wnat to go hmoe", "The dog chasde the ball")
    ]
    # One json_schema request for the process; every later request in the form the server read.
    assert asked[0] == "json_schema"
    assert asked[1:] == ["json_object"] * (len(asked) - 1)
    assert len(asked) == 5, asked
    # Every reply stopped at the output limit: never accepted, re-asked, then the offline corrector.
    for outcome in outcomes:
        assert outcome["backend"] == "offline"
        assert [attempt["problem"] for attempt in outcome["attempts"]] == ["truncated", "truncated"]
    assert outcomes[0]["variations"][0]["text"] == "I want to go home"
