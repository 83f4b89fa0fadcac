#!/usr/bin/env python3
"""Fits the offline corrector's constants (CorrectorTuning) on a generated fitting set.

    python3 scripts/fit-corrector.py [--set .build/fitting-sets/en.json ...] [--seed 1]
        [--weights 4,8,16,32] [--rounds 3] [--only NAME,...] [--library LIB] [--write]

With several --set (one per language), each evaluation corrects every set's split, each in
its language, and adds their counts: the constants are shared, so one fit serves them all.
--only searches just the constants named (the rest stay as declared).

The corrector is built once with -DSTORYKIT_FITTING into .build-fitting (the library proper
cannot change its constants); each evaluation is a process reading the constants from
STORYKIT_FITTING_TUNING and correcting a split through the C library
(scripts/evaluate-fitting-set.py). The search is a seeded coordinate descent on train: the
constants in a seeded order, each tried one step up and one step down (two processes at
once), a step kept when it raises the objective by more than one word, halved when neither
direction does. Objective: mistyped words fixed minus WEIGHT times correct words damaged,
minus GUARD_PENALTY for each sentence lost on the tuning halves of the project's other sets.
Each weight's fit starts where the one before ended. No step is taken, and no fit accepted, that loses more than one sentence in a hundred (and
more than one) on the tuning halves of the project's other sets (the
tremor corpus, the real misspellings, clean sentences, names and rare words left as typed,
the six language corpora: the constants are shared);
the chosen fit is the first accepted one that keeps damage on development at most 0.15%, or
else the last accepted one. The test split is evaluated once, for the report, and never
chooses.

--write puts the chosen values into Sources/StoryKitCorrection/Correction/CorrectorTuning.swift
and prints the figures for the note; without it the script only reports.
"""

import argparse
import concurrent.futures
import hashlib
import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUNING = ROOT / "Sources" / "StoryKitCorrection" / "Correction" / "CorrectorTuning.swift"
EVALUATE = ROOT / "scripts" / "evaluate-fitting-set.py"
# The evaluator's own figures (its real-word precision), for the sweep's report; the library
# loads only when a corrector is first called, which the fitter never does in this process.
_spec = importlib.util.spec_from_file_location("evaluate_fitting_set", EVALUATE)
EVALUATOR = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(EVALUATOR)
MAX_DEV_DAMAGE = 0.0015

# The constants the generated sets exercise, with their search step (Float) or 1 (Int). The
# language-telling ones do nothing when the language is given; the mark constants do nothing
# in English: the other languages' sets (--set, one per language) fit those. nameScore,
# maxBrandLogProbability and rareSplitPartLogProbability stay hand-set: a fit moved them to
# values that rewrote names and brands (Mohammed, FedEx) and stopped splitting run-together
# words (Iwent), which the generated sets barely hold; twoWordsMergePenalty too, which joined
# two correct German words (wie viel) at no gain in English.
SEARCHED = {
    "unknownScore": 1.0, "unknownBesideReadingsScore": 1.0, "singleLetterScore": 1.0,
    "sentenceStartNameScore": 1.0, "sentenceStartNameReadingMargin": 0.5,
    "minCorrectedNameLength": 1, "minNameReadingLogProbability": 0.4, "maxShortNameLength": 1,
    "nameReadingMargin": 0.5, "nameReadingMarginPerLetter": 0.25, "commonNameLength": 1,
    "unseenLettersNameMarginCut": 0.5, "midSentenceNameReadingMarginPerLetter": 0.25,
    "minRunTogetherWordLength": 1, "minPossessiveStemLogProbability": 0.5,
    "contractionScore": 0.5, "realWordPenalty": 0.25, "inflectionPenalty": 0.25,
    "realWordMaxCost": 2, "maxReadings": 2, "minSoundAlikeLength": 1,
    "rareSplitPartPenalty": 0.25, "twoSlipSplitPenalty": 0.5, "minSlippedSplitPartLength": 1,
    "endingPenalty": 0.1, "minStutterLength": 1, "nearCost": 2, "singleSlipCost": 1,
    "maxRealWordReadings": 1, "maxMergeReadings": 1, "minAbbreviationLogProbability": 0.5,
    "unfinishedSentencePenalty": 0.5, "capitalisedRealWordPenalty": 0.25, "sentenceStartSlipCost": 2,
    # Marks: only the other languages' sets exercise these.
    "wrongAccentCost": 0.25, "wrongAccentKeptScore": 1.0, "diacriticSlipCost": 0.1, "loanwordPenalty": 0.5,
}
DECLARATION = re.compile(r'static let (\w+): (\w[\w.]*) = fitted\("\1", ([^)]+)\)')


def declared() -> dict:
    """The constants as CorrectorTuning.swift declares them: name → (type, value)."""
    values = {}
    for name, kind, literal in DECLARATION.findall(TUNING.read_text("utf-8")):
        values[name] = (kind, float(literal) if kind == "Float" else int(literal))
    return values


def sources_digest() -> str:
    """A digest of the package's sources: what the fitting build was last built from."""
    digest = hashlib.sha256()
    for path in sorted([ROOT / "Package.swift", *(ROOT / "Sources").rglob("*")]):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_library() -> str:
    """Builds the fitting copy of the library and returns its path. Built clean whenever the
    sources changed since the last build: an incremental build after a stored property was
    added to a type another module uses has produced libraries that abort in malloc
    (CONTRIBUTING.md), and a fit on one would be worthless."""
    scratch = ROOT / ".build-fitting"
    stamp, digest = scratch / "sources.sha256", sources_digest()
    if not stamp.exists() or stamp.read_text().strip() != digest:
        for release in scratch.glob("*/release"):
            shutil.rmtree(release)
    result = subprocess.run(
        [str(ROOT / "scripts" / "build-library.sh"), "--scratch-path", str(scratch),
         "-Xswiftc", "-DSTORYKIT_FITTING"], check=True, capture_output=True, text=True)
    stamp.write_text(digest + "\n")
    return result.stdout.strip().splitlines()[-1]


class Evaluator:
    """Runs evaluate-fitting-set.py with given constants, remembering each answer."""

    def __init__(self, library: str, data_sets: list[Path]):
        self.library, self.data_sets, self.cache = library, data_sets, {}

    def guard(self, values: dict):
        """Exact counts on the other sets' tuning halves with `values`; `None` when the
        corrector failed."""
        return self.run(values, "guard", ["--guard"])

    def __call__(self, values: dict, split: str):
        """The counts of `split` with `values`, added over the sets; `None` when the corrector
        failed on one."""
        total = None
        for data_set in self.data_sets:
            figures = self.run(values, f"{data_set}:{split}", ["--set", str(data_set), "--split", split, "--json"])
            if figures is None:
                return None
            total = figures if total is None else added(total, figures)
        return total

    def run(self, values: dict, key: str, arguments: list[str]):
        """evaluate-fitting-set.py's JSON answer to `arguments` with `values`, once per key."""
        tuning = ",".join(f"{name}={value:g}" for name, value in sorted(values.items()))
        if (tuning, key) not in self.cache:
            environment = dict(os.environ, STORYKIT_LIB=self.library, STORYKIT_FITTING_TUNING=tuning)
            result = subprocess.run([sys.executable, str(EVALUATE), *arguments], env=environment,
                                    capture_output=True, text=True)
            if result.returncode != 0:
                # Constants far from any sensible value may break the corrector's own checks:
                # such a trial is reported and never chosen.
                print(f"  evaluation failed ({tuning}): {result.stderr.strip().splitlines()[-1:]}", flush=True)
            self.cache[(tuning, key)] = json.loads(result.stdout) if result.returncode == 0 else None
        return self.cache[(tuning, key)]


def added(first: dict, second: dict) -> dict:
    """Two sets' counts as one."""
    total = {key: first[key] + second[key] for key in first if isinstance(first[key], int)}
    for key in ("slipped", "fixed"):
        total[key] = {kind: first[key].get(kind, 0) + second[key].get(kind, 0)
                      for kind in set(first[key]) | set(second[key])}
    return total


# What one sentence lost on the other sets costs in the objective, against one mistyped word
# fixed on train: a loss there is never worth a handful of words here.
GUARD_PENALTY = 200


def objective(figures, weight: float) -> float:
    if figures is None:
        return float("-inf")
    return sum(figures["fixed"].values()) - weight * figures["damaged"]


def losses(guard, baseline: dict) -> int:
    """Sentences `guard` loses against `baseline` over all the other sets."""
    if guard is None:
        return 10**6
    return sum(max(0, baseline[name] - guard.get(name, 0)) for name in baseline)


def too_much_lost(guard: dict, baseline: dict) -> dict:
    """The other sets on which `guard` loses more than a fit may against `baseline` (more than
    one sentence in a hundred, and more than one), with the sentences lost."""
    return {name: baseline[name] - count for name, count in guard.items()
            if baseline[name] - count > max(1, baseline[name] // 100)}


def summary(figures: dict) -> str:
    slipped, fixed = figures["slipped"], figures["fixed"]
    return (f"exact {100 * figures['exact'] / figures['sentences']:.1f}%, "
            f"fixed {100 * sum(fixed.values()) / max(sum(slipped.values()), 1):.1f}%, "
            f"damaged {100 * figures['damaged'] / max(figures['cleanWords'], 1):.3f}%, "
            f"clean changed {figures['cleanChanged']} of {figures['cleanSentences']}")


def fit(evaluate: Evaluator, start: dict, kinds: dict, weight: float, rounds: int, rng: random.Random,
        baseline: dict) -> dict:
    """Coordinate descent on train from `start`, each sentence lost on the other sets'
    tuning halves (against `baseline`) costing GUARD_PENALTY."""
    def score(trial: dict) -> float:
        guard = evaluate.guard(trial)
        # A step past what a fit may lose on the other sets is never taken: with several
        # languages' sets the objective's scale can outweigh GUARD_PENALTY.
        if guard is None or too_much_lost(guard, baseline):
            return float("-inf")
        return objective(evaluate(trial, "train"), weight) - GUARD_PENALTY * losses(guard, baseline)

    values, steps = dict(start), {name: SEARCHED[name] for name in SEARCHED if name in start}
    best = score(values)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for round_number in range(rounds):
            order = sorted(steps)
            rng.shuffle(order)
            improved = False
            for name in order:
                trials = []
                for direction in (1, -1):
                    trial = dict(values)
                    trial[name] = values[name] + direction * steps[name]
                    if kinds[name] != "Float":
                        trial[name] = int(round(trial[name]))
                        if trial[name] < 1:
                            continue
                    trials.append(trial)
                scores = list(pool.map(score, trials))
                winner = max(range(len(trials)), key=lambda index: scores[index], default=None)
                if winner is not None and scores[winner] > best + 1:
                    values, best, improved = trials[winner], scores[winner], True
                    print(f"  round {round_number + 1}: {name} = {values[name]:g} (objective {best:.0f})", flush=True)
                elif kinds[name] == "Float":
                    steps[name] /= 2
            if not improved:
                break
    return values


def sweep(evaluate: Evaluator, values: dict, name: str, settings: list) -> None:
    """Development figures with `name` at each of `settings`: real-word slips fixed (recall),
    and the precision of the changes made to words typed as real words."""
    print(f"{name}: realword fixed (recall), precision of real-word changes (against listed words changed; "
          f"against every word changed), damaged, clean changed (dev)")
    for setting in settings:
        figures = evaluate(dict(values, **{name: setting}), "dev")
        fixed, slipped = figures["fixed"].get("realword", 0), figures["slipped"].get("realword", 1)
        # Wrong changes of listed words; and of any word, the names and words the list lacks
        # included (a bound).
        bound = fixed / max(fixed + figures["damaged"], 1)
        print(f"  {setting:g}: recall {100 * fixed / slipped:.1f}%, "
              f"precision {100 * EVALUATOR.real_word_precision(figures):.1f}% ({100 * bound:.1f}%), "
              f"damaged {100 * figures['damaged'] / figures['cleanWords']:.3f}%, "
              f"clean changed {figures['cleanChanged']} of {figures['cleanSentences']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, action="append",
                        help="a generated set (default: .build/fitting-sets/en.json); repeat for several languages")
    parser.add_argument("--only", help="comma-separated constants to search (default: all of SEARCHED)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weights", default="4,8,16,32", help="damage weights to try, in order")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--library", help="a library built with -DSTORYKIT_FITTING (default: build one)")
    parser.add_argument("--start", type=json.loads, default={},
                        help="JSON object of constants to start from (a printed 'values' line)")
    parser.add_argument("--write", action="store_true", help="write the chosen values into CorrectorTuning.swift")
    parser.add_argument("--sweep", metavar="NAME=V1,V2,...",
                        help="instead of fitting, the development figures with one constant at each value")
    arguments = parser.parse_args()
    arguments.set = arguments.set or [ROOT / ".build" / "fitting-sets" / "en.json"]
    for data_set in arguments.set:
        if not data_set.is_file():
            parser.error(f"--set: no file at {data_set} (run scripts/generate-fitting-sets.py)")
    try:
        weights = [float(weight) for weight in arguments.weights.split(",")]
    except ValueError:
        parser.error(f"--weights: not a comma-separated list of numbers: {arguments.weights!r}")
    if arguments.rounds < 1:
        parser.error("--rounds: give at least 1")

    evaluate = Evaluator(arguments.library or build_library(), arguments.set)
    constants = declared()
    kinds = {name: kind for name, (kind, _) in constants.items()}
    searched = set(arguments.only.split(",")) if arguments.only else set(SEARCHED)
    if not searched <= set(SEARCHED):
        parser.error(f"--only: not searched constants: {sorted(searched - set(SEARCHED))}")
    values = {name: value for name, (_, value) in constants.items() if name in searched}
    unknown = set(arguments.start) - set(values)
    if unknown:
        parser.error(f"--start: not searched constants: {sorted(unknown)}")
    values.update(arguments.start)
    rng = random.Random(arguments.seed)
    if arguments.sweep:
        name, _, listed = arguments.sweep.partition("=")
        if name not in constants or not listed:
            parser.error(f"--sweep: give NAME=V1,V2,... with NAME one of CorrectorTuning's constants, not {name!r}")
        sweep(evaluate, values, name, [float(value) for value in listed.split(",")])
        return
    print(f"before: train {summary(evaluate(values, 'train'))}; dev {summary(evaluate(values, 'dev'))}", flush=True)

    baseline_guard = evaluate.guard(values)
    print(f"other sets, exact (tuning halves): {baseline_guard}", flush=True)
    chosen = None
    for weight in weights:
        print(f"weight {weight:g}:", flush=True)
        fitted = fit(evaluate, values, kinds, weight, arguments.rounds, rng, baseline_guard)
        dev = evaluate(fitted, "dev")
        print(f"  train {summary(evaluate(fitted, 'train'))}; dev {summary(dev)}", flush=True)
        print(f"  values: {json.dumps(fitted)}", flush=True)
        guard = evaluate.guard(fitted)
        lost = too_much_lost(guard, baseline_guard)
        print(f"  other sets, exact: {guard}" + (f"; loses {lost}: rejected" if lost else ""), flush=True)
        if lost:
            break
        values = fitted
        chosen = (weight, fitted)
        if dev["damaged"] <= MAX_DEV_DAMAGE * dev["cleanWords"]:
            break
    if chosen is None:
        print("no weight's fit keeps the other sets; nothing is chosen")
        return
    weight, values = chosen
    changed = {name: value for name, value in values.items() if value != constants[name][1]}
    print(f"chosen weight {weight:g}; changed: " + ", ".join(f"{n} {constants[n][1]:g} → {v:g}" for n, v in sorted(changed.items())))
    print(f"test (reported, never chosen on): {summary(evaluate(values, 'test'))}")
    if arguments.write:
        text = TUNING.read_text("utf-8")
        for name, value in changed.items():
            literal = f"{value:g}" if kinds[name] != "Float" else repr(round(value, 4))
            text = re.sub(rf'(static let {name}: [\w.]+ = fitted\("{name}", )[^)]+\)', rf"\g<1>{literal})", text)
        TUNING.write_text(text, "utf-8")
        print(f"wrote {len(changed)} values into {TUNING.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
