#!/usr/bin/env python3
"""Fits the version check's constants (VersionCheck: versionWholeMargin, versionDirectMargin,
versionRewordedMargin, versionShortWordLimit, versionWordLimit, versionLongWordLimit) on a
model's replies to the generated English fitting sets, in both prompt forms (structured and
numbered list).

    python3 scripts/fit-version-check.py [--set .build/fitting-sets/en.json]
        [--sentences TRAIN,DEV,TEST] [--base-url URL | --replay-only] [--library LIB] [--weight W]

The replies come from SmolLM2-135M-Instruct on llama.cpp's server (started here unless
--base-url names another), through a caching proxy (scripts/model_reply_cache.py): every
request is recorded once in .build/model-replies/en.jsonl and replayed from there, so a
second run needs no model (re-asks a new value causes are asked once, then kept; with
--replay-only they are not asked, and those sentences are answered offline). The
corrector is built once with -DSTORYKIT_FITTING into .build-fitting, as fit-corrector.py does;
each evaluation is a process reading the constants from STORYKIT_FITTING_TUNING.

The search is on train: first the whole-version margin alone (the rest at their defaults),
then, with the best of it, a grid of the two word margins and one scale for the three word
limits.
Objective: direct versions equal to the meant sentence minus WEIGHT (default 20) times the
versions shown that change the content (judge below, apart from the library's own check).
The five best on train are evaluated on development, which decides; the test split is
evaluated once, with the chosen values, for the report, and never chooses.

A version changes the content when it holds a word, not a function word, that is neither in
the typed sentence nor in the meant one (nor an inflection of one: the same first four
letters), or loses a word of four letters or more that the writer typed as meant.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "Examples" / "python"))
sys.path.insert(0, str(ROOT / "Tests" / "RealServer"))

from model_reply_cache import CachingProxy, ReplyCache  # noqa: E402

CACHE = ROOT / ".build" / "model-replies" / "en.jsonl"
DEFAULTS = {"versionWholeMargin": 0.5, "versionDirectMargin": 1.5, "versionRewordedMargin": 2.0,
            "versionShortWordLimit": 1.5, "versionWordLimit": 2.5, "versionLongWordLimit": 3.0}
FORMS = {"structured": True, "numbered list": False}


def cases(data_set: Path, split: str, count: int) -> list[dict]:
    return json.loads(data_set.read_text("utf-8"))["splits"][split][:count]


def changes_content(version: str, typed: str, clean: str) -> bool:
    from content_change import FUNCTION_WORDS, words
    shown, typed_words, meant = words(version), set(words(typed)), words(clean)

    def near(word: str, others) -> bool:
        return len(word) >= 4 and any(other[:4] == word[:4] for other in others if len(other) >= 4)

    for word in shown:
        if word not in typed_words and word not in meant and word not in FUNCTION_WORDS and not near(word, meant):
            return True
    shown_set = set(shown)
    return any(len(word) >= 4 and word in typed_words and word not in shown_set and not near(word, shown_set)
               for word in meant if word not in FUNCTION_WORDS)


def evaluate(data_set: Path, split: str, count: int, upstream: str | None) -> dict:
    """The counts of `split` with this process's constants: one form each."""
    import storykit
    proxy = CachingProxy(ReplyCache(CACHE), upstream)
    figures = {}
    try:
        chosen = cases(data_set, split, count)
        offline_exact = sum(storykit.correct_offline(case["typed"])["variations"][0]["text"] == case["clean"]
                            for case in chosen)
        for form, structured in FORMS.items():
            tally = {"sentences": len(chosen), "answered": 0, "exact": 0, "changed": 0, "changedByModel": 0,
                     "shown": 0, "offlineExact": offline_exact}
            for case in chosen:
                remote = {"provider": "openai", "baseURL": proxy.url, "model": "smollm2", "apiKey": "none",
                          "structured": structured, "timeoutSeconds": 300, "retry": {"maxAttempts": 1}}
                outcome = storykit.correct({"text": case["typed"], "remote": remote, "check": "faithful"})
                tally["answered"] += outcome["backend"] == "remote"
                shown = outcome["variations"]
                tally["shown"] += len(shown)
                changed = [version for version in shown
                           if changes_content(version["text"], case["typed"], case["clean"])]
                tally["changed"] += len(changed)
                tally["changedByModel"] += sum(version.get("source") != "offline" for version in changed)
                direct = next((version["text"] for version in shown if version["kind"] == "direct"), "")
                tally["exact"] += direct.strip() == case["clean"]
            figures[form] = tally
        figures["misses"] = proxy.misses
    finally:
        proxy.close()
    return figures


def build_library() -> str:
    """The fitting copy of the library, built as fit-corrector.py builds it."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("fit_corrector", ROOT / "scripts" / "fit-corrector.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build_library()


def start_server():
    from llama_server import start_smollm2
    return start_smollm2("fit-version-check.py")


class Evaluator:
    def __init__(self, library: str, data_set: Path, counts: dict, upstream: str | None):
        self.library, self.data_set, self.counts, self.upstream = library, data_set, counts, upstream
        self.cache = {}

    def __call__(self, values: dict, split: str) -> dict:
        tuning = ",".join(f"{name}={value:g}" for name, value in sorted(values.items()))
        if (tuning, split) not in self.cache:
            environment = dict(os.environ, STORYKIT_LIB=self.library, STORYKIT_FITTING_TUNING=tuning)
            arguments = [sys.executable, __file__, "--evaluate", split, "--set", str(self.data_set),
                         "--count", str(self.counts[split])]
            if self.upstream:
                arguments += ["--base-url", self.upstream]
            result = subprocess.run(arguments, env=environment, capture_output=True, text=True)
            if result.returncode != 0:
                raise SystemExit(f"evaluation failed ({tuning}): {result.stderr.strip()[-2000:]}")
            self.cache[(tuning, split)] = json.loads(result.stdout)
        return self.cache[(tuning, split)]


def objective(figures: dict, weight: float) -> float:
    return sum(figures[form]["exact"] - weight * figures[form]["changed"] for form in FORMS)


def line(name: str, figures: dict) -> str:
    return name + "  " + "  ".join(
        f"{form}: answered {f['answered']}/{f['sentences']}, exact {f['exact']} (offline {f['offlineExact']}), "
        f"content changed {f['changed']} of {f['shown']} ({f['changedByModel']} the model's)"
        for form, f in ((form, figures[form]) for form in FORMS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=ROOT / ".build" / "fitting-sets" / "en.json")
    parser.add_argument("--sentences", default="60,40,40", help="TRAIN,DEV,TEST sentences (the first of each)")
    parser.add_argument("--base-url", help="an OpenAI-compatible server for replies not yet recorded")
    parser.add_argument("--replay-only", action="store_true",
                        help="ask no model: a request never recorded fails, and the corrector answers offline")
    parser.add_argument("--library", help="a library built with -DSTORYKIT_FITTING (default: build one)")
    parser.add_argument("--weight", type=float, default=20)
    parser.add_argument("--evaluate", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if not arguments.set.exists():
        parser.error(f"--set: {arguments.set} does not exist (scripts/generate-fitting-sets.py writes it)")
    if arguments.evaluate:
        print(json.dumps(evaluate(arguments.set, arguments.evaluate, arguments.count, arguments.base_url)))
        return
    try:
        counts = dict(zip(("train", "dev", "test"), (int(part) for part in arguments.sentences.split(","))))
    except ValueError:
        parser.error("--sentences: three whole numbers, TRAIN,DEV,TEST")
    if len(counts) != 3 or min(counts.values()) < 1:
        parser.error("--sentences: three whole numbers of at least 1, TRAIN,DEV,TEST")
    library = arguments.library or build_library()
    if arguments.replay_only and arguments.base_url:
        parser.error("--replay-only asks no model: leave out --base-url")
    server, upstream = (None, arguments.base_url) if arguments.base_url or arguments.replay_only else start_server()
    try:
        evaluator = Evaluator(library, arguments.set, counts, upstream)
        print(line("defaults train", evaluator(DEFAULTS, "train")), flush=True)
        trials = []
        # 100 stands for no whole-version check.
        for whole in (0, 0.25, 0.5, 1, 2, 4, 100):
            values = dict(DEFAULTS, versionWholeMargin=whole)
            figures = evaluator(values, "train")
            trials.append((objective(figures, arguments.weight), values))
            print(f"train {objective(figures, arguments.weight):8.1f}  {values}", flush=True)
        whole = max(trials, key=lambda trial: trial[0])[1]["versionWholeMargin"]
        for direct, reworded, scale in itertools.product((0.75, 1.5, 3), (1.5, 3), (0.8, 1, 1.25)):
            values = {"versionWholeMargin": whole, "versionDirectMargin": direct, "versionRewordedMargin": reworded,
                      "versionShortWordLimit": 1.5 * scale, "versionWordLimit": 2.5 * scale,
                      "versionLongWordLimit": 3 * scale}
            figures = evaluator(values, "train")
            trials.append((objective(figures, arguments.weight), values))
            print(f"train {objective(figures, arguments.weight):8.1f}  {values}", flush=True)
        best = sorted(trials, key=lambda trial: -trial[0])[:5]
        decided = max(best, key=lambda trial: objective(evaluator(trial[1], "dev"), arguments.weight))[1]
        print("chosen on development:", decided)
        print(line("defaults dev  ", evaluator(DEFAULTS, "dev")))
        print(line("chosen dev    ", evaluator(decided, "dev")))
        print(line("chosen test   ", evaluator(decided, "test")), "(never chosen on)")
    finally:
        if server:
            server.stdin.close()
            server.wait()


if __name__ == "__main__":
    main()
