#!/usr/bin/env python3
"""Compares every offline-corrector output of two builds of libstorykit on one fixed input set,
and prints the inputs whose outputs differ.

    scripts/compare-corrector.py OLD/libstorykit.so NEW/libstorykit.so [--limit N] [--json FILE] [--time ROUNDS]
        [--ignore-variation-key KEY]

The input set: the tremor corpus (typed and clean), the real misspellings, the clean
sentences, the rare words, the sentences in other languages, the six language corpora (typed
and clean) and the language word samples of Tests/Fixtures/Correction, and edge inputs
(letters of other scripts, units, combining marks, names, URLs, long texts); each under several
option sets (layouts, words, spelling, told languages). Both libraries are loaded into this
process, each with its own symbols (RTLD_LOCAL), and every answer is compared exactly, status
and error message included.

With --time, it then times both builds on the tremor corpus's typed sentences (default
options) and on each language corpus's (language told), each sentence ROUNDS times per
build, the builds interleaved and taking turns to go first, and prints the median time per
sentence of each and their ratio.

Exit status: 0 when every output is identical, 1 when some differ, 2 on a usage error. Build
the old library from another checkout, for example:

    git worktree add /tmp/storykit-old HEAD~1 && (cd /tmp/storykit-old && scripts/build-library.sh)
"""

from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "Fixtures" / "Correction"

#: Option sets every input of a group is corrected with.
ENGLISH_OPTIONS = [{}, {"words": True}, {"layout": "qwertz"}, {"layout": "azerty"}, {"spelling": "uk"},
                   {"spelling": "us", "words": True}, {"language": "en"}]
LANGUAGE_OPTIONS = [{}, {"words": True}, "told"]

EDGE_INPUTS = [
    "cбafe aβc", "İstanbul ist schön", "Ærø est une île", "Dvořák Łódź pH₇ km² µg", "lui s\u0336aid così",
    "a" + "\u0301" * 40 + " casa", "Tell DeShawn to call me.", "Mansell won the race.", "We love iPhone apps.",
    "Ask McKnight about the IDs.", "Send it to SportsLine today.", "O'Neill and Jean-Luc met at GitHub.",
    "see https://example.com/a_b?c=1 or mail me@example.org", "I paid $5.50 for 3 apples at 10:30.",
    "teh teh teh", "i wnat to go hmoe", "Ich mochte nach hasue gehen", "me gusta la musica",
    "“Quoted” — dashes… and «guillemets»", "Tab\there\nnew line\r\nand CRLF", "😀 emoji 👍🏽 text",
    "ＦＵＬＬＷＩＤＴＨ ｔｅｘｔ", "\u200bzero\u200dwidth", " leading and trailing spaces ", "x",
    ("the quick brown fox jumps over teh lazy dog. " * 200)[:9990],
]


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]


def inputs() -> list[tuple[str, str, dict]]:
    """(group, text, options) for every comparison, in a fixed order."""
    items: list[tuple[str, str, dict]] = []

    def add(group: str, texts, option_sets, language: str | None = None) -> None:
        for options in option_sets:
            chosen = {"language": language} if options == "told" else options
            for text in texts:
                items.append((group, text, chosen))

    tremor = json.loads((FIXTURES / "tremor-corpus.json").read_text(encoding="utf-8"))["cases"]
    add("tremor", [case["typed"] for case in tremor] + [case["clean"] for case in tremor], ENGLISH_OPTIONS)
    misspellings = json.loads((FIXTURES / "real-misspellings.json").read_text(encoding="utf-8"))["cases"]
    add("misspellings", [case["typed"] for case in misspellings], [{}, {"words": True}])
    add("clean", _lines(FIXTURES / "clean-sentences.txt"), ENGLISH_OPTIONS)
    add("rare-words", _lines(FIXTURES / "rare-words.txt"), [{}])
    # Lines of other-languages.txt are "language<TAB>half<TAB>sentence".
    others = [line.split("\t")[-1] for line in _lines(FIXTURES / "other-languages.txt")]
    add("other-languages", others, [{}, {"words": True}])
    corpora = json.loads((FIXTURES / "language-corpora.json").read_text(encoding="utf-8"))["languages"]
    for language, corpus in corpora.items():
        texts = [case["typed"] for case in corpus["cases"]] + [case["clean"] for case in corpus["cases"]]
        add(f"corpus-{language}", texts, LANGUAGE_OPTIONS, language)
    for sample in sorted((FIXTURES / "languages").glob("*.txt")):
        add(f"sentences-{sample.stem}", _lines(sample), LANGUAGE_OPTIONS, sample.stem)
    add("edge", EDGE_INPUTS, ENGLISH_OPTIONS + [{"language": code} for code in ("es", "fr", "de", "it", "pt", "nl", "pl")])
    return items


class Corrector:
    """One build of the library, loaded with its own symbols beside any other build."""

    def __init__(self, path: str) -> None:
        self.lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        self.lib.storykit_correct_offline.restype = ctypes.c_int32
        self.lib.storykit_correct_offline.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_size_t,
                                                      ctypes.c_char_p]
        self.lib.storykit_last_error.restype = ctypes.c_char_p
        self.lib.storykit_string_free.argtypes = [ctypes.c_void_p]

    def answer(self, text: str, options: dict) -> str:
        """The library's answer as JSON text, or its status and error message."""
        data = text.encode("utf-8")
        result = ctypes.c_void_p()
        encoded = json.dumps(options).encode("utf-8") if options else None
        status = self.lib.storykit_correct_offline(ctypes.byref(result), data, len(data), encoded)
        if status != 0:
            return json.dumps({"status": status, "error": self.lib.storykit_last_error().decode("utf-8", "replace")})
        try:
            return ctypes.string_at(result.value).decode("utf-8")
        finally:
            self.lib.storykit_string_free(result)


def without_keys(answer: str, keys: list[str]) -> str:
    """`answer` with `keys` removed from each of its versions, written again as compact JSON."""
    value = json.loads(answer)
    for variation in value.get("variations", []):
        for key in keys:
            variation.pop(key, None)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("libraries", nargs="*", metavar="LIBRARY", help="the old and the new libstorykit.so")
    parser.add_argument("--limit", type=int, default=20, help="differences to print in full (default 20)")
    parser.add_argument("--json", metavar="FILE", help="also write every difference to FILE as JSON")
    parser.add_argument("--time", type=int, default=0, metavar="ROUNDS", help="also time both builds per sentence")
    parser.add_argument("--ignore-variation-key", action="append", default=[], metavar="KEY",
                        help="compare the versions without this member (a field one build adds: source)")
    arguments = parser.parse_args()
    if arguments.time < 0:
        parser.error("--time needs a number of rounds of at least 1")
    if len(arguments.libraries) != 2:
        parser.print_usage(sys.stderr)
        print("compare-corrector: give two libraries: the old build and the new one", file=sys.stderr)
        return 2
    for library in arguments.libraries:
        if not Path(library).is_file():
            print(f"compare-corrector: no library at {library}", file=sys.stderr)
            return 2
    old, new = (Corrector(str(Path(library).resolve())) for library in arguments.libraries)
    differences = []
    groups: dict[str, list[int]] = {}
    items = inputs()
    for group, text, options in items:
        before, after = old.answer(text, options), new.answer(text, options)
        if arguments.ignore_variation_key:
            before, after = (without_keys(answer, arguments.ignore_variation_key) for answer in (before, after))
        counts = groups.setdefault(group, [0, 0])
        counts[0] += 1
        if before != after:
            counts[1] += 1
            differences.append({"group": group, "text": text, "options": options,
                                "old": json.loads(before), "new": json.loads(after)})
    for group, (total, changed) in groups.items():
        print(f"{group:24} {total:6} outputs, {changed:5} differ")
    print(f"{'all':24} {len(items):6} outputs, {len(differences):5} differ")
    for difference in differences[:arguments.limit]:
        print(f"\n[{difference['group']}] {difference['text'][:160]!r} {json.dumps(difference['options'])}")
        for side in ("old", "new"):
            answer = difference[side]
            versions = [v.get("text") for v in answer.get("variations", [])] if "variations" in answer else answer
            print(f"  {side}: {json.dumps(versions, ensure_ascii=False)[:400]}")
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(differences, ensure_ascii=False, indent=1), encoding="utf-8")
    if arguments.time:
        typed = json.loads((FIXTURES / "tremor-corpus.json").read_text(encoding="utf-8"))["cases"]
        print(f"\ntime per sentence, {arguments.time} rounds, medians:")
        print_timing(old, new, "tremor corpus", [case["typed"] for case in typed], {}, arguments.time)
        corpora = json.loads((FIXTURES / "language-corpora.json").read_text(encoding="utf-8"))["languages"]
        for code, corpus in corpora.items():
            print_timing(old, new, f"{code} corpus", [case["typed"] for case in corpus["cases"]], {"language": code},
                         arguments.time)
    return 1 if differences else 0


def print_timing(old: Corrector, new: Corrector, label: str, texts: list[str], options: dict, rounds: int) -> None:
    """Median time per sentence of each build, interleaved, each going first in turn."""
    times: dict[str, list[float]] = {"old": [], "new": []}
    for round_number in range(rounds):
        for position, text in enumerate(texts):
            order = [("old", old), ("new", new)] if (round_number + position) % 2 else [("new", new), ("old", old)]
            for name, corrector in order:
                start = time.perf_counter()
                corrector.answer(text, options)
                times[name].append(time.perf_counter() - start)
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    print(f"  {label:<14} {len(texts):4} sentences: old {medians['old']:.3f} ms, new {medians['new']:.3f} ms, "
          f"new/old {medians['new'] / medians['old']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
