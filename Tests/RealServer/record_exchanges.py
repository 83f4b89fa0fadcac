"""Records what an OpenAI-compatible server answers to StoryKit's correction requests, as a
replay fixture (Tests/Fixtures/Transport/llama-cpp-python-exchanges.json).

    python record_exchanges.py UPSTREAM_BASE_URL MODEL OUT.json

It runs a proxy on 127.0.0.1 in front of the server, corrects two sentences through the
Python binding (structured form), and writes each request's response_format type with the
status, content type and body the server answered. The fixture in the repository was recorded
from llama-cpp-python 0.3.36's server (a tiny random model), which refuses OpenAI's
json_schema form with HTTP 500 and reads {"type":"json_object","schema":...}.
"""
import json
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from llama_server import REPOSITORY  # noqa: F401  (puts the binding on the path)

import storykit

SENTENCES = ["I wnat to go hmoe", "The dog chasde the ball"]


def main() -> None:
    upstream, model, out = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
    exchanges = []

    class Proxy(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            request = json.loads(body)
            forwarded = urllib.request.Request(upstream + self.path.removeprefix("/v1"), data=body,
                                               headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(forwarded, timeout=120) as response:
                    status, content_type, answer = response.status, response.headers["Content-Type"], response.read()
            except urllib.error.HTTPError as error:
                status, content_type, answer = error.code, error.headers["Content-Type"], error.read()
            exchanges.append({"responseFormat": request.get("response_format", {}).get("type"), "status": status,
                              "contentType": content_type, "body": answer.decode("utf-8")})
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *arguments):
            pass

    proxy = ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    base_url = f"http://127.0.0.1:{proxy.server_address[1]}/v1"
    for sentence in SENTENCES:
        storykit.correct({"text": sentence, "check": "off",
                          "remote": {"provider": "openai", "baseURL": base_url, "model": model, "apiKey": "none",
                                     "maxOutputTokens": 60, "retry": {"maxAttempts": 1}}})
    proxy.shutdown()
    with open(out, "w", encoding="utf-8") as file:
        json.dump({"recordedFrom": "llama-cpp-python 0.3.36 server, model alias " + model, "exchanges": exchanges},
                  file, indent=1)
        file.write("\n")


if __name__ == "__main__":
    main()
