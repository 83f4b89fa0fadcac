#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the project's test corpora.

Each seed starts with the choice bytes its target reads first (see Tests/Fuzz/Targets), so
that the fuzzer begins from inputs that reach deep into each parser.

    python3 Tests/Fuzz/make_seeds.py OUTPUT_DIR
"""
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "Fixtures"

PLATFORM = {"os": "iOS", "version": "18.1", "sdk": "26.0", "appleIntelligence": "enabled"}
POLICY_REQUESTS = [
    {"domain": "writingTools", "platform": PLATFORM, "field": {"id": "StoryView.text", "kind": "longText", "multiline": True}},
    {"domain": "writingTools", "profile": "proposal", "platform": {**PLATFORM, "version": "17.6"}, "field": {"id": "p", "kind": "imagePrompt"}},
    {"domain": "writingTools", "platform": PLATFORM, "field": {"id": "pw", "kind": "password", "secure": True}},
    {"domain": "capabilities", "platform": PLATFORM, "settings": {"remoteConfigured": True}},
    {"domain": "deployment", "project": {"configurations": {"Debug": "18.1", "Release": "17.0"}, "minimumOSVersion": "18.1"}},
    {"domain": "appearance", "platform": PLATFORM, "settings": {"theme": "system", "systemScheme": "dark", "increaseContrast": True}},
    {"domain": "motion", "animation": {"purpose": "transition", "repeats": True, "duration": 0.6}, "settings": {"reduceMotion": True}},
    {"domain": "controls", "platform": PLATFORM, "control": {"role": "destructive", "importance": "high"}, "settings": {"haptics": False}},
]
POLICY_PROFILES = [
    {"name": "myApp", "extends": "default", "minimumTarget": "18.1", "writingTools": [
        {"id": "notes", "when": {"field": "Notes.*", "multiline": True}, "behavior": "complete", "reason": "Notes are prose.", "before": "default.longText"}]},
    {"name": "strict", "writingTools": [
        {"id": "secure", "when": {"secure": True}, "behavior": "disabled", "reason": "Secure."},
        {"id": "rest", "when": {}, "behavior": "limited", "resultOptions": ["plainText"], "reason": "Everything else."}]},
]
# The statuses Targets/response.swift picks from with its second choice byte.
RESPONSE_STATUSES = [200, 200, 200, 400, 401, 403, 404, 408, 429, 500, 503]
PROVIDER_REQUESTS = [
    {"provider": "gemini", "model": "gemini-2.5-flash", "apiKey": "AIzaFuzzKey0123456789", "prompt": "Hello", "temperature": 0.7,
     "responseSchema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}},
    {"provider": "openai", "model": "llama3", "baseURL": "http://127.0.0.1:8080/v1", "stream": True, "instructions": "Be brief.",
     "messages": [{"role": "user", "text": "Hi"}, {"role": "assistant", "text": "Hello"}], "stopSequences": ["\n\n"], "seed": 7},
    {"provider": "imagen", "model": "imagen-4.0-generate-001", "apiKey": "AIzaFuzzKey0123456789", "prompt": "A fox", "sampleCount": 2,
     "aspectRatio": "16:9", "negativePrompt": "text"},
]


def write(directory, name, data):
    directory.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(data).hexdigest()[:16]
    (directory / f"{name}-{digest}").write_bytes(data)


def encoded(value):
    return json.dumps(value, ensure_ascii=False).encode()


def main(output):
    output = pathlib.Path(output)
    suite = FIXTURES / "JSONTestSuite" / "test_parsing"
    for path in sorted(suite.iterdir()):
        text = path.read_bytes()
        write(output / "json-strict", "suite", b"\x00" + text)
        write(output / "json-tolerant", "suite", text)

    replies = json.loads((FIXTURES / "Replies" / "corpus.json").read_text())
    for case in replies:
        text = case["input"].encode()
        write(output / "list", case["kind"], text)
        write(output / "variations", case["kind"], b"\x02\x00" + text)
        write(output / "json-tolerant", case["kind"], text)
        kind = {"list": 0, "variations": 1, "json": 2}[case["kind"]]
        write(output / "stream", case["kind"], bytes([kind, 3, 5, 1, 9]) + text)

    tremor = json.loads((FIXTURES / "Correction" / "tremor-corpus.json").read_text())
    for number, case in enumerate(tremor["cases"][:40]):
        pair = case["typed"].encode() + b"\x00" + case["clean"].encode()
        write(output / "version-check", f"tremor{number}", bytes([number % 28]) + pair)

    generation = json.loads((FIXTURES / "Generation" / "responses.json").read_text())
    providers = {"gemini": 0, "imagen": 1, "openai": 2}
    for case in generation["cases"]:
        body = case["body"].encode() if "body" in case else encoded(case["bodyJSON"])
        status = case["httpStatus"]
        choice = RESPONSE_STATUSES.index(status) if status in RESPONSE_STATUSES else (status - 100) // 2
        write(output / "response", case["provider"], bytes([providers[case["provider"]], choice]) + body)
    for case in generation["streams"]:
        kind = 3 if case["kind"] == "gemini-sse" else 4
        write(output / "stream", case["kind"], bytes([kind, 2, 40, 7]) + case["body"].encode())

    prompts = json.loads((FIXTURES / "Prompts" / "golden.json").read_text())
    for case in prompts["cases"]:
        write(output / "prompt", case["request"]["kind"], b"\x00" + encoded(case["request"]))
    for request in PROVIDER_REQUESTS:
        write(output / "prompt", request["provider"], b"\x01" + encoded(request))
    for request in POLICY_REQUESTS:
        write(output / "policy", request["domain"], b"\x00" + encoded(request))
    for profile in POLICY_PROFILES:
        write(output / "policy", "profile", b"\x01" + encoded(profile))

    corpus = json.loads((FIXTURES / "Correction" / "tremor-corpus.json").read_text())
    for case in corpus["cases"][:200]:
        write(output / "corrector", "tremor", b"\x00" + case["typed"].encode())
    # Choice 27: QWERTY, the language told from the text, and the target's writer's vocabulary.
    writers = json.loads((FIXTURES / "Correction" / "writers-words.json").read_text())
    for case in writers["cases"][::8]:
        write(output / "corrector", "writers", b"\x1b" + case["typed"].encode())


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
