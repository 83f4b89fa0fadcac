"""A caching proxy for an OpenAI-compatible model server on 127.0.0.1: each request body is
answered from the cache when it was seen before, else forwarded to the upstream server (when
there is one) and its answer kept. The same text with the same settings makes the same
request, so a recorded run replays exactly, without the model.

The cache is a JSON Lines file under .build/ (replies to sentences of sources that may not be
redistributed are never committed): one {"key", "status", "body"} line per answer, appended as
it arrives, so a run stopped half-way keeps what it recorded.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path


class ReplyCache:
    def __init__(self, path: Path):
        self.path = path
        self.answers: dict[str, tuple[int, bytes]] = {}
        self.lock = threading.Lock()
        if path.exists():
            for line in path.read_text("utf-8").splitlines():
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut by a stopped run
                self.answers[entry["key"]] = (entry["status"], entry["body"].encode())

    @staticmethod
    def key(path: str, body: bytes) -> str:
        return hashlib.sha1(path.encode() + b"\0" + body).hexdigest()

    def get(self, key: str):
        with self.lock:
            return self.answers.get(key)

    def put(self, key: str, status: int, body: bytes) -> None:
        with self.lock:
            self.answers[key] = (status, body)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as file:
                file.write(json.dumps({"key": key, "status": status, "body": body.decode("utf-8", "replace")}) + "\n")


class CachingProxy:
    """Serves on 127.0.0.1 at `url` (…/v1) until `close()`."""

    def __init__(self, cache: ReplyCache, upstream: str | None):
        self.cache, self.upstream = cache, upstream
        self.misses = 0
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                key = ReplyCache.key(self.path, body)
                answer = proxy.cache.get(key)
                if answer is None:
                    proxy.misses += 1
                    answer = proxy.forward(self.path, body)
                    if answer[0] == 200:
                        proxy.cache.put(key, *answer)
                status, reply = answer
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def forward(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.upstream is None:
            return 503, b'{"error":{"message":"not recorded, and no model server to ask"}}'
        root = self.upstream.removesuffix("/v1")
        request = urllib.request.Request(root + path, data=body, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=300) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
