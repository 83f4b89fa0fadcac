#!/usr/bin/env python3
"""The offline corrector on a generated fitting set (scripts/generate-fitting-sets.py), per
slip class: the share of mistyped words its direct version fixes, the share of correctly typed
words it damages, sentences exact, and clean sentences changed.

    python3 scripts/evaluate-fitting-set.py [--set .build/fitting-sets/en.json] [--split dev]
        [--limit N] [--json] [--by-list]

The library is the one the storykit binding finds ($STORYKIT_LIB first).
Words are compared after aligning the direct version with the clean sentence at spaces
(difflib), as typed: case and attached punctuation count. Never choose anything on --split test.
"""

import argparse
import difflib
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Examples" / "python"))
import storykit  # noqa: E402


def aligned_correct(clean: list[str], output: list[str]) -> set[int]:
    """Positions of clean words the output has right."""
    right = set()
    for block in difflib.SequenceMatcher(a=clean, b=output, autojunk=False).get_matching_blocks():
        right.update(range(block.a, block.a + block.size))
    return right


def evaluate(cases: list[dict], correct, relabel=None, listed=None) -> dict:
    """The figures of one run over `cases`, `correct` mapping typed text to the direct version;
    `relabel(word, kind)`, when given, names the class each slip of clean `word` is counted in;
    `listed(word)`, when given, tells the words of the pack's list, for `damagedListed`: the
    correctly typed words of the list that were changed, the real-word changes that were wrong."""
    slipped, fixed = Counter(), Counter()
    clean_words = damaged = damaged_listed = exact = clean_sentences = clean_changed = 0
    for case in cases:
        output = correct(case["typed"])
        clean = case["clean"].split(" ")
        right = aligned_correct(clean, output.split(" "))
        kinds = {position: relabel(clean[position], kind) if relabel else kind for position, kind in case["slips"]}
        for position in range(len(clean)):
            if position in kinds:
                slipped[kinds[position]] += 1
                fixed[kinds[position]] += position in right
            else:
                clean_words += 1
                damaged += position not in right
                damaged_listed += position not in right and listed is not None and listed(clean[position])
        exact += output == case["clean"]
        if not case["slips"]:
            clean_sentences += 1
            clean_changed += output != case["clean"]
    figures = {
        "sentences": len(cases), "exact": exact, "cleanWords": clean_words, "damaged": damaged,
        "cleanSentences": clean_sentences, "cleanChanged": clean_changed,
        "slipped": dict(slipped), "fixed": dict(fixed),
    }
    if listed is not None:
        figures["damagedListed"] = damaged_listed
    return figures


def report(name: str, split: str, figures: dict) -> str:
    """The figures as the lines the script prints."""
    slipped, fixed = figures["slipped"], figures["fixed"]
    lines = [f"{name} {split}: {figures['sentences']} sentences, "
             f"exact {100 * figures['exact'] / max(figures['sentences'], 1):.1f}%, "
             f"correct words damaged {100 * figures['damaged'] / max(figures['cleanWords'], 1):.2f}%, "
             f"clean sentences changed {figures['cleanChanged']} of {figures['cleanSentences']}"]
    total = sum(slipped.values())
    lines.append(f"  all slips: {100 * sum(fixed.values()) / max(total, 1):.1f}% fixed of {total}")
    for kind in sorted(slipped):
        lines.append(f"  {kind:12} {100 * fixed.get(kind, 0) / slipped[kind]:5.1f}% fixed of {slipped[kind]}")
    if "realword" in slipped and "damagedListed" in figures:
        lines.append(f"  real-word changes: {100 * real_word_precision(figures):.1f}% precise "
                     f"({fixed.get('realword', 0)} slips fixed, {figures['damagedListed']} correct words of the list changed)")
    return "\n".join(lines)


def real_word_precision(figures: dict) -> float:
    """Of the changes made to words typed as words of the list, the share that fixed a
    real-word slip: fixed / (fixed + correctly typed listed words changed). A real-word slip
    changed into another wrong word is counted in neither."""
    fixed = figures["fixed"].get("realword", 0)
    return fixed / max(fixed + figures["damagedListed"], 1)


def listed_words(language: str):
    """Whether a word (attached punctuation aside) is in the language's pack's list."""
    from storykit import pack
    data = next((ROOT / "Sources").glob(f"StoryKit*Data/{language}.skpack")).read_bytes()
    listed = pack.read(data).buckets
    return lambda word: pack.folded_key(word.strip(".,!?;:'\"").lower()) in listed


def unlisted_capitalised(language: str):
    """A relabelling for `evaluate`: a capitalised slip of a word the language's pack does not
    list (a name: `Caudio` for `Claudio`) is counted as "capitalised, not listed", a class no
    list-based corrector can fix on its own."""
    listed = listed_words(language)

    def relabel(word: str, kind: str) -> str:
        return "capitalised, not listed" if kind == "capitalised" and not listed(word) else kind
    return relabel


FIXTURES = ROOT / "Tests" / "Fixtures" / "Correction"
# Behaviour the Swift tests pin (NameTests, OfflineCorrectorTests), which a fit must keep.
PINNED = [
    ("It came by FedEx today.", "It came by FedEx today."), ("Mohammed is here.", "Mohammed is here."),
    ("Iwent home early.", "I went home early."), ("The parcel arrivedthismorning", "The parcel arrived this morning"),
    ("See you on Tueday at the Secutity desk.", "See you on Tuesday at the Security desk."),
    ("Ben painted a picture", "Ben painted a picture"), ("i wnat to go hmoe", "i want to go home"),
]


def guard_counts() -> dict:
    """Sentences the direct version gets exact on the tuning halves of the project's other
    sets: the tremor corpus (even-numbered sentences), the real misspellings (not held out),
    the clean sentences, names and rare words left as typed, and each language corpus
    (even-numbered): a fit must not lose there what it gains here."""
    def direct(text: str, **options) -> str:
        return storykit.correct_offline(text, **options)["variations"][0]["text"]

    tremor = json.loads((FIXTURES / "tremor-corpus.json").read_text("utf-8"))["cases"][::2]
    counts = {"tremor": sum(direct(case["typed"]) == case["clean"] for case in tremor)}
    misspellings = json.loads((FIXTURES / "real-misspellings.json").read_text("utf-8"))["cases"]
    counts["misspellings"] = sum(direct(case["typed"]) == case["intended"]
                                 for case in misspellings if not case["heldOut"])
    def lines(name: str) -> list[str]:
        return [line for line in (FIXTURES / name).read_text("utf-8").splitlines() if line and not line.startswith("#")]

    # Correctly typed text a fit must leave alone: sentences, names (the tuning half: odd
    # lines), rare words.
    counts["clean"] = sum(direct(line) == line for line in lines("clean-sentences.txt"))
    counts["names"] = sum(direct(line) == line for line in lines("names.txt")[::2])
    counts["rareWords"] = sum(direct(word) == word for word in lines("rare-words.txt"))
    counts["pinned"] = sum(direct(typed) == expected for typed, expected in PINNED)
    languages = json.loads((FIXTURES / "language-corpora.json").read_text("utf-8"))["languages"]
    for tag, corpus in sorted(languages.items()):
        counts[tag] = sum(direct(case["typed"], language=tag) == case["clean"] for case in corpus["cases"][::2])
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=ROOT / ".build" / "fitting-sets" / "en.json")
    parser.add_argument("--split", default="dev", choices=["train", "dev", "test"])
    parser.add_argument("--limit", type=int, help="only the first N sentences of the split")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument("--by-list", action="store_true",
                        help="count capitalised slips of words the pack does not list (names) apart")
    parser.add_argument("--guard", action="store_true",
                        help="instead, the exact counts on the tuning halves of the project's other sets, as JSON")
    arguments = parser.parse_args()
    if arguments.guard:
        print(json.dumps(guard_counts()))
        return
    if not arguments.set.is_file():
        parser.error(f"--set: no file at {arguments.set} (run scripts/generate-fitting-sets.py)")
    if arguments.limit is not None and arguments.limit < 1:
        parser.error("--limit: give a positive number of sentences")
    data = json.loads(arguments.set.read_text("utf-8"))
    cases = data["splits"][arguments.split][: arguments.limit]
    language = data.get("language", "en")
    figures = evaluate(cases, lambda typed: storykit.correct_offline(typed, language=language)["variations"][0]["text"],
                       unlisted_capitalised(language) if arguments.by_list else None, listed_words(language))
    print(json.dumps(figures) if arguments.json else report(arguments.set.name, arguments.split, figures))


if __name__ == "__main__":
    main()
