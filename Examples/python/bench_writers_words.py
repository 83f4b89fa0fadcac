"""The writer's own words: StoryKit's offline corrector with and without a vocabulary, and two
spelling correctors from PyPI given the same words through their own APIs, on the
writer's-words set (Tests/Fixtures/Correction/writers-words.json, made by
scripts/generate-writers-words-set.py), per half: "dev" words may have set the corrector's
constants for the writer's words, "test" words never did.

    python3 Examples/python/bench_writers_words.py [rounds]   # sets up .venv-bench-correction

Reported per corrector and half:
  - slips in the writer's words fixed: the word comes back as the writer writes it (with its
    diacritics: Oisin → Oisín), and, apart, fixed but for diacritics;
  - the writer's words typed right (as a plain keyboard types them) changed to another word;
  - the other words: slips fixed, and correctly typed words damaged;
and, with no list at all (StoryKit's text's own words): a word typed the same way twice kept
in both places, and a later slip of a word typed right earlier read as it.
Then the cost of a vocabulary: median time per sentence of the tremor corpus with no
vocabulary and with 1,000 known words (interleaved, `rounds` times), the peak memory of a
process correcting one sentence with 10,000 words against none, and the median time to learn
a word in the file store.

The peers are given each writer's word as a known word (pyspellchecker's
word_frequency.load_words, symspellpy's create_dictionary_entry with a count above any
English word's) and correct every word they do not know, names included: given the names, they
need not keep capitalised words as names.
"""

import difflib
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench_environment  # noqa: E402

bench_environment.ensure(__file__, HERE / ".venv-bench-correction", ["pyspellchecker==0.9.1", "symspellpy==6.10.1"])

import bench_correction  # noqa: E402
import storykit  # noqa: E402

SET = HERE.parents[1] / "Tests" / "Fixtures" / "Correction" / "writers-words.json"
CORPUS = HERE.parents[1] / "Tests" / "Fixtures" / "Correction" / "tremor-corpus.json"
WORD = __import__("re").compile(r"[^\W\d_]+")


# The set's generator: how a plain keyboard types a writer's word (`plain`).
_spec = importlib.util.spec_from_file_location(
    "writers_words_set", HERE.parents[1] / "scripts" / "generate-writers-words-set.py")
writers_words_set = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(writers_words_set)
plain = writers_words_set.plain


def pyspellchecker_with(words: list[str]):
    from spellchecker import SpellChecker

    checker = SpellChecker()
    checker.word_frequency.load_words([word.lower() for word in words])

    def fix(match) -> str:
        word = match.group(0)
        lowered = word.lower()
        if lowered in checker:
            return word
        return bench_correction.keep_case(word, checker.correction(lowered) or word)

    return lambda text: WORD.sub(fix, text)


def symspell_with(words: list[str]):
    from symspellpy import Verbosity

    sym_spell = bench_correction.symspell_dictionary()
    for word in words:
        sym_spell.create_dictionary_entry(word.lower(), 10**11)

    def fix(match) -> str:
        word = match.group(0)
        suggestions = sym_spell.lookup(word.lower(), Verbosity.TOP, max_edit_distance=2)
        return bench_correction.keep_case(word, suggestions[0].term) if suggestions else word

    return lambda text: WORD.sub(fix, text)


def position_of(clean: str, word: str) -> int:
    return next(index for index, token in enumerate(clean.split(" ")) if word in token)


def right(clean: str, output: str) -> set[int]:
    matcher = difflib.SequenceMatcher(a=clean.split(" "), b=output.split(" "), autojunk=False)
    return {block.a + offset for block in matcher.get_matching_blocks() for offset in range(block.size)}


def score_vocabulary(cases: list[dict], outputs: list[str]) -> dict:
    figures = dict.fromkeys(["slipped", "fixed", "fixedPlain", "typedRight", "changed", "otherWords", "damaged"], 0)
    for case, output in zip(cases, outputs):
        clean, word = case["clean"], case["word"]
        plain_clean = clean.replace(word, plain(word))
        position = position_of(clean, word)
        exact, loose = right(clean, output), right(plain_clean, output) | right(clean, output)
        if case["slipped"]:
            figures["slipped"] += 1
            figures["fixed"] += position in exact
            figures["fixedPlain"] += position in loose
        else:
            figures["typedRight"] += 1
            figures["changed"] += position not in loose
        typed_words = case["typed"].split(" ")
        for index, token in enumerate(clean.split(" ")):
            if index == position:
                continue
            # A word the sentence's other slip did not touch (the same token typed).
            if index < len(typed_words) and typed_words[index] == token:
                figures["otherWords"] += 1
                figures["damaged"] += index not in loose
    return figures


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def main() -> None:
    rounds = next((int(argument) for argument in sys.argv[1:] if argument.isdigit()), 3)
    data = json.loads(SET.read_text("utf-8"))
    all_words = [entry["word"] for group in data["words"].values() for entry in group]
    cases = data["cases"]
    vocabulary = {"known": all_words}
    correctors = {
        "StoryKit, vocabulary": lambda text: storykit.correct_offline(text, vocabulary=vocabulary)["variations"][0]["text"],
        "StoryKit, no list": bench_correction.storykit_direct,
        "pyspellchecker 0.9.1, words loaded": pyspellchecker_with(all_words),
        "symspellpy lookup, words added": symspell_with(all_words),
    }
    print(f"Writer's words ({SET.relative_to(HERE.parents[1])}): {len(all_words)} words, {len(cases)} cases")
    for half in ("dev", "test"):
        chosen = [case for case in cases if case["half"] == half and case["kind"] == "vocabulary"]
        print(f"\n{half} half: {len(chosen)} sentences "
              f"({sum(case['slipped'] for case in chosen)} with a slip in the writer's word)")
        print(f"  {'corrector':<38} {'fixed':>7} {'fixed*':>7} {'changed':>8} {'damaged':>8}")
        for name, correct in correctors.items():
            figures = score_vocabulary(chosen, [correct(case["typed"]) for case in chosen])
            print(f"  {name:<38} {percent(figures['fixed'], figures['slipped']):>7} "
                  f"{percent(figures['fixedPlain'], figures['slipped']):>7} "
                  f"{percent(figures['changed'], figures['typedRight']):>8} "
                  f"{percent(figures['damaged'], figures['otherWords']):>8}")
    print("  fixed: the slip reads as the writer writes the word; fixed*: but for diacritics; changed: the word"
          " typed right comes back as another; damaged: other words typed right that were changed")

    print("\nWith no list (the text's own words), all words:")
    for kind, label in (("repeated", "a word typed the same way twice, kept in both places"),
                        ("later", "a later slip of a word typed right earlier, read as it")):
        chosen = [case for case in cases if case["kind"] == kind]
        for name in ("StoryKit, no list", "pyspellchecker 0.9.1, words loaded"):
            if name != "StoryKit, no list" and kind == "repeated":
                continue
            good = 0
            for case in chosen:
                output, clean = correctors[name](case["typed"]), case["clean"]
                kept = right(clean, output)
                at = [index for index, token in enumerate(clean.split(" ")) if plain(case["word"]) in token]
                good += all(index in kept for index in (at if kind == "repeated" else at[-1:]))
            print(f"  {label}: {name} {percent(good, len(chosen))} of {len(chosen)}")
    print("  (pyspellchecker is given every writer's word; StoryKit is given none)")

    # What a vocabulary costs.
    sentences = [case["typed"] for case in json.loads(CORPUS.read_text("utf-8"))["cases"]]
    rng = random.Random(61)
    thousand = {"known": ["".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(4))
                          for _ in range(1000)]}
    timed = {"none": [], "1,000 known words": []}
    for _ in range(rounds):
        for sentence in sentences:
            for label in timed:
                start = time.perf_counter()
                if label == "none":
                    storykit.correct_offline(sentence)
                else:
                    storykit.correct_offline(sentence, vocabulary=thousand)
                timed[label].append(time.perf_counter() - start)
    medians = {label: statistics.median(values) * 1e6 for label, values in timed.items()}
    print(f"\nTime per tremor sentence ({len(sentences)} sentences x {rounds}, interleaved, median): "
          + ", ".join(f"{label} {value:.0f} µs" for label, value in medians.items())
          + f"; ratio {medians['1,000 known words'] / medians['none']:.2f}")

    probe = ("import json, resource, sys; sys.path.insert(0, %r); import storykit\n"
             "words = json.loads(sys.stdin.read())\n"
             "storykit.correct_offline('the dragon flew home', vocabulary={'known': words} if words else None)\n"
             "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)") % str(HERE)
    ten_thousand = ["".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(5))
                    for _ in range(10_000)]
    peaks = {}
    for label, words in (("none", []), ("10,000 words", ten_thousand)):
        runs = [int(subprocess.run([sys.executable, "-c", probe], input=json.dumps(words), capture_output=True,
                                   text=True, check=True).stdout) for _ in range(max(rounds, 3))]
        peaks[label] = statistics.median(runs)
    print(f"Peak memory of a process correcting one sentence (median of {max(rounds, 3)}): none {peaks['none'] / 1024:.1f} MiB, "
          f"10,000 words {peaks['10,000 words'] / 1024:.1f} MiB; "
          f"{(peaks['10,000 words'] - peaks['none']) / 1024:.2f} MiB more (the options JSON, its parse and the vocabulary)")

    with tempfile.TemporaryDirectory() as folder, storykit.Store(os.path.join(folder, "store")) as store:
        times = []
        for n in range(200):
            start = time.perf_counter()
            store.learn_word(f"Zorbax{chr(97 + n % 26)}{chr(97 + n // 26)}")
            times.append(time.perf_counter() - start)
        print(f"Learning a word in the file store (200 words, durable): median {statistics.median(times) * 1000:.2f} ms, "
              f"slowest {max(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
