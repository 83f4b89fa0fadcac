"""StoryKit's offline corrector and two spelling correctors from PyPI, side by side on the
tremor corpus (Tests/Fixtures/Correction/tremor-corpus.json, made by
scripts/generate-correction-corpus.py). Each corrector gets the typed sentence and should give
back the clean one.

    python3 Examples/python/bench_correction.py [rounds] [-v]    # sets up .venv-bench-correction

Peers (installed from PyPI into Examples/python/.venv-bench-correction on first run):
pyspellchecker 0.9.1 and symspellpy 6.10.1, the latter both word by word (`lookup`) and on
whole runs of words with its bigrams (`lookup_compound`). `-v` lists StoryKit's misses.

Reported per corrector: sentence exact match; word accuracy on the words the tremor changed;
the share of correctly typed words that the corrector damaged; median time per sentence
(every sentence timed `rounds` times, correctors interleaved, so a slow moment hits all).
Words are compared after aligning the output with the clean sentence (difflib), as typed:
case and attached punctuation count. The peers correct word by word and are given the same
courtesy StoryKit gives itself: words they know are kept, and a capital first letter is kept.
"""

import difflib
import json
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench_environment  # noqa: E402

bench_environment.ensure(__file__, HERE / ".venv-bench-correction", ["pyspellchecker==0.9.1", "symspellpy==6.10.1"])

import storykit  # noqa: E402

CORPUS = HERE.parents[1] / "Tests" / "Fixtures" / "Correction" / "tremor-corpus.json"
WORD = re.compile(r"[A-Za-z]+")


def storykit_direct(text: str) -> str:
    return storykit.correct_offline(text)["variations"][0]["text"]


def keep_case(original: str, corrected: str) -> str:
    return corrected[:1].upper() + corrected[1:] if original[:1].isupper() else corrected


def pyspellchecker_corrector():
    from spellchecker import SpellChecker

    checker = SpellChecker()

    def fix(match: re.Match) -> str:
        word = match.group(0)
        lowered = word.lower()
        if lowered in checker or (word[:1].isupper() and word[1:].islower() and match.start() > 0):
            return word
        return keep_case(word, checker.correction(lowered) or word)

    return lambda text: WORD.sub(fix, text)


def symspell_dictionary():
    from importlib.resources import files
    from symspellpy import SymSpell

    sym_spell = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    sym_spell.load_dictionary(str(files("symspellpy") / "frequency_dictionary_en_82_765.txt"), 0, 1)
    sym_spell.load_bigram_dictionary(str(files("symspellpy") / "frequency_bigramdictionary_en_243_342.txt"), 0, 2)
    return sym_spell


def symspell_lookup_corrector(sym_spell):
    from symspellpy import Verbosity

    def fix(match: re.Match) -> str:
        word = match.group(0)
        if word[:1].isupper() and word[1:].islower() and match.start() > 0:
            return word
        suggestions = sym_spell.lookup(word.lower(), Verbosity.TOP, max_edit_distance=2)
        return keep_case(word, suggestions[0].term) if suggestions else word

    return lambda text: WORD.sub(fix, text)


def symspell_compound_corrector(sym_spell):
    """lookup_compound (splits and joins words, uses the bigrams) on each run of words between
    punctuation, with its own casing transfer."""
    run = re.compile(r"[A-Za-z][A-Za-z ]*[A-Za-z]|[A-Za-z]")

    def fix(match: re.Match) -> str:
        phrase = match.group(0)
        suggestions = sym_spell.lookup_compound(phrase, max_edit_distance=2, transfer_casing=True)
        return suggestions[0].term if suggestions else phrase

    return lambda text: run.sub(fix, text)


def aligned_positions(clean: str, output: str) -> set[int]:
    """Positions of clean words that come out unchanged."""
    expected, got = clean.split(), output.split()
    matcher = difflib.SequenceMatcher(a=expected, b=got, autojunk=False)
    kept = set()
    for block in matcher.get_matching_blocks():
        kept.update(range(block.a, block.a + block.size))
    return kept


def main() -> None:
    rounds = next((int(argument) for argument in sys.argv[1:] if argument.isdigit()), 3)
    cases = json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]

    start = time.perf_counter()
    storykit_direct("warm up")
    print(f"StoryKit first call (loads the library and the word list): {(time.perf_counter() - start) * 1000:.1f} ms")
    sym_spell = symspell_dictionary()
    correctors = {
        "StoryKit offline": storykit_direct,
        "pyspellchecker 0.9.1": pyspellchecker_corrector(),
        "symspellpy lookup": symspell_lookup_corrector(sym_spell),
        "symspellpy lookup_compound": symspell_compound_corrector(sym_spell),
    }

    outputs = {name: [] for name in correctors}
    times = {name: [] for name in correctors}
    for case in cases:
        for round_index in range(rounds):
            for name, correct in correctors.items():
                start = time.perf_counter_ns()
                output = correct(case["typed"])
                times[name].append((time.perf_counter_ns() - start) / 1e6)
                if round_index == 0:
                    outputs[name].append(output)

    mistyped_total = sum(len(case["mistyped"]) for case in cases)
    clean_total = sum(len(case["clean"].split()) for case in cases) - mistyped_total
    print(f"{len(cases)} sentences, {mistyped_total} mistyped words, {clean_total} correctly typed words, {rounds} rounds\n")
    print(f"{'corrector':<28} {'exact':>7} {'fixed':>7} {'damaged':>8} {'median ms':>10}")
    for name in correctors:
        exact = fixed = damaged = 0
        for case, output in zip(cases, outputs[name]):
            exact += output == case["clean"]
            kept = aligned_positions(case["clean"], output)
            mistyped = set(case["mistyped"])
            fixed += len(mistyped & kept)
            damaged += sum(1 for position in range(len(case["clean"].split())) if position not in mistyped and position not in kept)
        print(f"{name:<28} {exact / len(cases):>7.1%} {fixed / mistyped_total:>7.1%} {damaged / clean_total:>8.2%} "
              f"{statistics.median(times[name]):>10.3f}")
    if "-v" in sys.argv:
        for case, output in zip(cases, outputs["StoryKit offline"]):
            if output != case["clean"]:
                print(f"\n  typed: {case['typed']}\n  got:   {output}\n  clean: {case['clean']}")


if __name__ == "__main__":
    main()
