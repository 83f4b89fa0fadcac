#!/usr/bin/env python3
"""A model server on 127.0.0.1 for StoryKit's transport and service tests.

It answers Gemini-, Imagen- and OpenAI-shaped requests. The first path segment picks a
scenario, the second names the test (so that attempts are counted per test), and the rest is
the provider's own path:

    http://127.0.0.1:PORT/<scenario>/<test>/v1beta/models/gemini-2.5-flash:generateContent

Scenarios: ok, ratelimit-once (429 + Retry-After: 1, then ok), unavailable-once (503, then
ok), always-unavailable, drop (a stream cut off mid-body), slow (no head for 5 s), stall (one
chunk, then 5 s of silence), bad-reply-once (a correction reply with one version, then a good
one), garbage (a reply with no versions), forbidden (403 with a Google error body), story (a story
about Mia written page by page: a title, then one page a request).

Book scenarios, for Gemini image requests (a portrait, then "the scene of page N"): book (each
picture a distinct PNG, coloured by its page), book-ratelimit (page 2's first request gets 429
+ Retry-After: 1), book-blocked (page 3's prompt blocked, SAFETY; page 5's picture withheld,
IMAGE_SAFETY), book-slow (each picture after 0.7 s).

GET /requests/<test> answers the requests the test made, as JSON. The server prints
"PORT <n>" when it is ready and stops when its standard input closes, or after ten minutes.
"""
import base64
import json
import re
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_LIFETIME_SECONDS = 600
LONG_PAUSE_SECONDS = 5
CHUNK_PAUSE_SECONDS = 0.03

# A 1x1 PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)

STORY_TEXT = "Once upon a time, a small fox found a lantern in the snowy forest."
CORRECTIONS = ["I want to go home.", "So I want to go home.", "I want to go to my home."]
STORY_TITLE = "Mia and the Kite"
STORY_PAGES = [
    "Mia ran up the green hill with her red kite. The wind was strong and the kite flew high above the trees.",
    "Then the string slipped from her hand. The kite sailed away over the pond, and Mia felt sad, but she did not give up.",
    "A kind old man helped her look. They found the kite in an apple tree, and Mia laughed all the way home.",
]

BOOK_PAUSE_SECONDS = 0.7

lock = threading.Lock()
attempts = {}
recorded = {}


def coloured_png(page, width=96, height=72):
    """A real PNG a browser draws: one colour, from the page number (0 for the portrait)."""
    colour = bytes(((page * 67) % 256, (page * 131 + 80) % 256, (page * 29 + 160) % 256))
    rows = b"".join(b"\x00" + colour * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def book_page(request):
    """The page a Gemini image request draws (from 1), or 0 for the hero's portrait."""
    texts = [part.get("text", "") for content in request.get("contents", []) for part in content.get("parts", [])]
    match = re.search(r"scene of page (\d+)", " ".join(texts))
    return int(match.group(1)) if match else 0


def book_reply(handler, scenario, request, attempts_of_page):
    """A Gemini image model's answer in a book scenario, as the real service shapes it."""
    page = book_page(request)
    if scenario == "book-slow":
        time.sleep(BOOK_PAUSE_SECONDS)
    if scenario == "book-ratelimit" and page == 2 and attempts_of_page == 1:
        return handler.send_error_body(429, "gemini", "RESOURCE_EXHAUSTED", "Quota exceeded; try later.",
                                       {"Retry-After": "1"})
    if scenario == "book-blocked" and page == 3:
        return handler.send_json(200, {"promptFeedback": {"blockReason": "SAFETY"}, "modelVersion": "image"})
    if scenario == "book-blocked" and page == 5:
        return handler.send_json(200, {"candidates": [{"finishReason": "IMAGE_SAFETY", "index": 0}],
                                       "modelVersion": "image"})
    encoded = base64.b64encode(coloured_png(page)).decode()
    parts = [{"text": "Drawing the scene.", "thought": True},
             {"inlineData": {"mimeType": "image/png", "data": encoded}, "thoughtSignature": "c2lnbmF0dXJl"}]
    return handler.send_json(200, {"candidates": [{"content": {"role": "model", "parts": parts},
                                                   "finishReason": "STOP", "index": 0}], "modelVersion": "image"})


def correction_reply(request, versions):
    """The versions as the request asked: the structured object when it sent a schema."""
    text = json.dumps(request)
    structured = '"responseSchema"' in text or '"json_schema"' in text
    if structured:
        keys = ["directCorrection", "refinedPhrasing", "alternativeInterpretation"]
        return json.dumps({key: value for key, value in zip(keys, versions)})
    return "\n".join(f"{number}. {value}" for number, value in enumerate(versions, 1))


def reply_text(scenario, attempt, request):
    text = json.dumps(request)
    if scenario == "story":
        return STORY_TITLE if attempt == 1 else STORY_PAGES[(attempt - 2) % len(STORY_PAGES)]
    if "<text>" not in text:
        return STORY_TEXT
    if scenario == "garbage":
        return "I am sorry, I cannot help with that."
    if scenario == "bad-reply-once" and attempt == 1:
        return correction_reply(request, CORRECTIONS[:1])
    return correction_reply(request, CORRECTIONS)


def pieces(text, count=4):
    size = max(1, -(-len(text) // count))
    return [text[i:i + size] for i in range(0, len(text), size)]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        match = re.fullmatch(r"/requests/([\w.-]+)", self.path)
        if not match:
            return self.send_json(404, {"error": "not found"})
        with lock:
            self.send_json(200, recorded.get(match.group(1), []))

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        match = re.fullmatch(r"/([\w-]+)/([\w.-]+)(/.*)", self.path)
        if not match:
            return self.send_json(404, {"error": {"code": 404, "message": "no such scenario", "status": "NOT_FOUND"}})
        scenario, test, path = match.groups()
        try:
            request = json.loads(body or b"{}")
        except ValueError:
            return self.send_json(400, {"error": {"code": 400, "message": "body is not JSON", "status": "INVALID_ARGUMENT"}})
        with lock:
            attempt = attempts.get(test, 0) + 1
            attempts[test] = attempt
            recorded.setdefault(test, []).append({
                "path": path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": request,
            })
        provider = "imagen" if path.endswith(":predict") else ("openai" if "chat/completions" in path else "gemini")
        streaming = "alt=sse" in path or request.get("stream") is True

        if scenario.startswith("book"):
            with lock:
                key = (test, book_page(request))
                attempts[key] = attempts.get(key, 0) + 1
                attempts_of_page = attempts[key]
            return book_reply(self, scenario, request, attempts_of_page)
        if scenario == "ratelimit-once" and attempt == 1:
            return self.send_error_body(429, provider, "RESOURCE_EXHAUSTED", "Quota exceeded; try later.", {"Retry-After": "1"})
        if scenario == "unavailable-once" and attempt == 1 or scenario == "always-unavailable":
            return self.send_error_body(503, provider, "UNAVAILABLE", "The model is overloaded.")
        if scenario == "redirect":
            # To this server, as another test name: a transport that follows it is seen there.
            self.send_response(307)
            self.send_header("Location", f"http://127.0.0.1:{self.server.server_port}/ok/{test}-followed{path}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if scenario == "forbidden":
            return self.send_error_body(403, provider, "PERMISSION_DENIED", "The caller does not have permission.")
        if scenario == "slow":
            time.sleep(LONG_PAUSE_SECONDS)
        if provider == "imagen":
            count = int(request.get("parameters", {}).get("sampleCount", 1))
            encoded = base64.b64encode(PNG).decode()
            return self.send_json(200, {"predictions": [{"bytesBase64Encoded": encoded, "mimeType": "image/png"}] * count})
        if "IMAGE" in request.get("generationConfig", {}).get("responseModalities", []):
            # A Gemini image model: a thought (with its signature) and a draft picture marked as
            # thought, then the picture itself, as the image models reply.
            encoded = base64.b64encode(PNG).decode()
            parts = [{"text": "Planning the scene.", "thought": True},
                     {"inlineData": {"mimeType": "image/png", "data": encoded}, "thought": True},
                     {"inlineData": {"mimeType": "image/png", "data": encoded}, "thoughtSignature": "c2lnbmF0dXJl"}]
            return self.send_json(200, {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}],
                                        "modelVersion": path.split("/models/")[1].split(":")[0]})
        text = reply_text(scenario, attempt, request)
        if not streaming:
            return self.send_json(200, whole_reply(provider, text))
        self.send_stream(provider, pieces(text), scenario)

    def send_json(self, status, value, headers=None):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, header in (headers or {}).items():
            self.send_header(name, header)
        self.end_headers()
        self.wfile.write(data)

    def send_error_body(self, status, provider, google_status, message, headers=None):
        if provider == "openai":
            kind = "rate_limit_exceeded" if status == 429 else "server_error"
            return self.send_json(status, {"error": {"message": message, "type": kind, "code": kind}}, headers)
        return self.send_json(status, {"error": {"code": status, "message": message, "status": google_status}}, headers)

    def send_stream(self, provider, texts, scenario):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for index, text in enumerate(texts):
            last = index == len(texts) - 1
            self.write_chunk(("data: " + json.dumps(stream_event(provider, text, last)) + "\n\n").encode())
            if scenario == "drop" and index == 1:
                # Cut the connection without the chunked body's last chunk.
                self.wfile.flush()
                self.connection.shutdown(2)
                self.close_connection = True
                return
            if scenario == "stall" and index == 0:
                time.sleep(LONG_PAUSE_SECONDS)
            time.sleep(CHUNK_PAUSE_SECONDS)
        if provider == "openai":
            self.write_chunk(b"data: [DONE]\n\n")
        self.write_chunk(b"")

    def write_chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()


def whole_reply(provider, text):
    if provider == "openai":
        return {"id": "chatcmpl-1", "object": "chat.completion", "model": "local",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 12, "completion_tokens": 9, "total_tokens": 21}}
    return {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 12, "candidatesTokenCount": 9, "totalTokenCount": 21}}


def stream_event(provider, text, last):
    if provider == "openai":
        return {"id": "chatcmpl-1", "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": "stop" if last else None}]}
    candidate = {"content": {"role": "model", "parts": [{"text": text}]}, "index": 0}
    if last:
        candidate["finishReason"] = "STOP"
    return {"candidates": [candidate]}


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hangs up mid-answer (a cancelled or timed-out test) is expected.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    # Stop when the parent closes our standard input, or at the latest after the lifetime.
    stopper = threading.Thread(target=sys.stdin.read, daemon=True)
    stopper.start()
    stopper.join(MAX_LIFETIME_SECONDS)
    server.shutdown()


if __name__ == "__main__":
    main()
