#!/usr/bin/env python3
"""Generates Sources/StoryKitCore/Correction/EnglishWordFrequencies.swift, the offline
corrector's English word list, EnglishWordPairs.swift, its word-pair (bigram) counts, and
EnglishSpellingVariants.swift, its British and American spellings of one word.

Why these sources (both MIT, from PyPI; their licences are copied next to the generated files):
- symspellpy's frequency dictionaries are the base: Google Books Ngram counts intersected with
  the SCOWL word lists, so everyday written vocabulary with real frequencies, and the only
  permissive list here that also has word-pair counts. Books lean British: it lacks
  `favorite`, `theater`, `color`s, `mom`, `traveling`.
- pyspellchecker's English list (counts from OpenSubtitles) leans American and lacks
  `favourite`, `colour`, `behaviour`. Its words missing from symspellpy's list are added when
  seen at least MIN_ADDED_COUNT times, with counts scaled by the median ratio of the two lists'
  counts on the words they share, so that a correctly typed word in either spelling system is a
  word. A handful of its entries are misspellings or slurs and are left out (NOT_ADDED).
- wordfreq (CC BY-SA) and Wikipedia-derived lists would make the library share-alike; they
  are not used.
The spelling variants are derived, not copied: pairs of words in the final list that one of a
few regular British/American rules (-our/-or, -ise/-ize, -yse/-yze, -tre/-ter, -lled/-led,
-ence/-ense) or a short list of irregular pairs turns into each other.

    python3 scripts/generate-word-frequencies.py

Counts are quantised to eighths of a decade (one character, exact to about 33%); words are
front-coded in alphabetical order and pairs refer to words by that order, so the resources
are compact and load without a single dictionary lookup.
"""

import gzip
import json
import math
import re
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PACKAGE = "symspellpy==6.10.1"
ADDED_PACKAGE = "pyspellchecker==0.9.1"
ADDED_WORDS = "spellchecker/resources/en.json.gz"
MIN_ADDED_COUNT = 300
# Two-letter words are added only when listed: most of pyspellchecker's are syllables.
ADDED_SHORT_WORDS = {"ok", "oh"}
NOT_ADDED = {"miniscule", "programed", "descendents", "spics", "wops", "wetback", "sonofabitch", "alot"}
# Irregular British/American pairs (British first).
IRREGULAR_VARIANTS = [
    ("grey", "gray"), ("greys", "grays"), ("greyish", "grayish"), ("jewellery", "jewelry"), ("pyjamas", "pajamas"),
    ("aluminium", "aluminum"), ("mould", "mold"), ("moulds", "molds"), ("mouldy", "moldy"), ("plough", "plow"),
    ("ploughed", "plowed"), ("sceptic", "skeptic"), ("sceptical", "skeptical"), ("scepticism", "skepticism"),
    ("catalogue", "catalog"), ("catalogues", "catalogs"), ("cosy", "cozy"), ("moustache", "mustache"),
    ("artefact", "artifact"), ("artefacts", "artifacts"), ("manoeuvre", "maneuver"), ("manoeuvres", "maneuvers"),
    ("axe", "ax"), ("sulphur", "sulfur"), ("woollen", "woolen"),
    ("enrolment", "enrollment"), ("fulfil", "fulfill"), ("fulfilment", "fulfillment"), ("skilful", "skillful"),
    ("wilful", "willful"), ("instalment", "installment"),
    ("anaemia", "anemia"), ("anaesthetic", "anesthetic"), ("paediatric", "pediatric"), ("oesophagus", "esophagus"),
    ("maths", "math"), ("pretence", "pretense"), ("offence", "offense"), ("defence", "defense"),
]
# A derived pair is kept only when the rarer spelling is at least this share of the other:
# rules alone would pair "surprise" with the archaic "surprize".
MIN_VARIANT_SHARE = 0.02
# Derived pairs that are two different words: the -yses plurals of -ysis nouns are left out of
# the rules for the same reason.
NOT_VARIANTS = {("chartres", "charters")}
# Regular rules: British ending, American ending, letters the stem needs before the ending.
VARIANT_RULES = [
    (r"our", "or", 3), (r"ours", "ors", 3), (r"oured", "ored", 3), (r"ouring", "oring", 3), (r"ourful", "orful", 3),
    (r"ourite", "orite", 3), (r"ourites", "orites", 3), (r"ourable", "orable", 3), (r"ourably", "orably", 3),
    (r"ourless", "orless", 3), (r"ourer", "orer", 3), (r"ourers", "orers", 3), (r"ourhood", "orhood", 3),
    (r"ourhoods", "orhoods", 3), (r"ourly", "orly", 3),
    (r"ise", "ize", 3), (r"ised", "ized", 3), (r"ises", "izes", 3), (r"ising", "izing", 3), (r"isation", "ization", 3),
    (r"isations", "izations", 3), (r"iser", "izer", 3), (r"isers", "izers", 3),
    (r"yse", "yze", 3), (r"ysed", "yzed", 3), (r"ysing", "yzing", 3),
    (r"tre", "ter", 3), (r"tres", "ters", 3),
    (r"elled", "eled", 3), (r"elling", "eling", 3), (r"eller", "eler", 3), (r"ellers", "elers", 3),
    (r"alled", "aled", 4), (r"alling", "aling", 4), (r"ellous", "elous", 3), (r"ellously", "elously", 3),
]
WORDS = "symspellpy/frequency_dictionary_en_82_765.txt"
PAIRS = "symspellpy/frequency_bigramdictionary_en_243_342.txt"
ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "Sources" / "StoryKitCore" / "Correction"
STEPS_PER_DECADE = 8
# Word counts run from 10^4 to 10^11 (buckets 32-89), pair counts from 10^6.8 to 10^11.3
# (buckets 54-90); every character used is printable ASCII above "#", so the raw string
# literal needs no escapes.
WORD_BUCKET_BASE = 0x20
PREFIX_BASE = 0x30
PAIR_BUCKET_BASE = 0x10
INDEX_BASE = 0x3F
INDEX_DIGITS = 3


def encode_index(index: int) -> str:
    assert 0 <= index < 64 ** INDEX_DIGITS
    return "".join(chr(INDEX_BASE + (index >> (6 * shift) & 63)) for shift in reversed(range(INDEX_DIGITS)))


def bucket(count: int, base: int) -> str:
    character = chr(base + round(math.log10(count) * STEPS_PER_DECADE))
    assert "#" < character <= "~", count
    return character


def word_list(counts: dict[str, int]) -> str:
    """Alphabetical, front-coded: shared-prefix length, count bucket, rest of the word."""
    lines = []
    previous = ""
    for word in sorted(counts):
        shared = 0
        while shared < min(len(word), len(previous)) and word[shared] == previous[shared]:
            shared += 1
        lines.append(chr(PREFIX_BASE + shared) + bucket(counts[word], WORD_BUCKET_BASE) + word[shared:])
        previous = word
    return "\n".join(lines)


def pair_list(counts: dict[str, int], pairs: list[tuple[str, str, int]]) -> str:
    """One line per first word: its index, then (count bucket, second word's index) pairs."""
    index = {word: position for position, word in enumerate(sorted(counts))}
    by_first: dict[int, list[tuple[int, int]]] = {}
    for first, second, count in pairs:
        by_first.setdefault(index[first], []).append((index[second], count))
    lines = []
    for first in sorted(by_first):
        entries = sorted(by_first[first])
        lines.append(encode_index(first) + "".join(bucket(count, PAIR_BUCKET_BASE) + encode_index(second) for second, count in entries))
    return "\n".join(lines)


def swift_file(name: str, summary: str, constants: str, body: str) -> str:
    return f'''// Generated by scripts/generate-word-frequencies.py from {PACKAGE} (MIT; see
// EnglishWordFrequencies.LICENSE). Do not edit by hand.

{summary}
enum {name} {{
{constants}
    static let text = #"""
{body}
"""#
}}
'''


def downloaded(package: str, folder: str) -> zipfile.ZipFile:
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", folder, package], check=True)
    name = package.split("==")[0].replace("-", "_")
    return zipfile.ZipFile(next(Path(folder).glob(f"{name}-*.whl")))


def licence_of(archive: zipfile.ZipFile) -> str:
    return archive.read(next(name for name in archive.namelist() if name.endswith("LICENSE"))).decode("utf-8")


def added_words(counts: dict[str, int], extra: dict[str, int]) -> dict[str, int]:
    """pyspellchecker's words that symspellpy's list lacks, with counts on symspellpy's scale."""
    shared = [word for word in counts if extra.get(word, 0) > 0]
    scale = statistics.median(counts[word] / extra[word] for word in shared)
    added = {}
    for word, count in extra.items():
        if word in counts or word in NOT_ADDED or count < MIN_ADDED_COUNT or not re.fullmatch(r"[a-z]{2,24}", word):
            continue
        if len(word) == 2 and word not in ADDED_SHORT_WORDS:
            continue
        added[word] = round(count * scale)
    return added


def spelling_variants(counts: dict[str, int]) -> list[tuple[str, str]]:
    """(British, American) pairs of words in `counts`."""
    pairs = {pair for pair in IRREGULAR_VARIANTS if pair[0] in counts and pair[1] in counts}
    for british in counts:
        for british_end, american_end, stem in VARIANT_RULES:
            if not british.endswith(british_end) or len(british) - len(british_end) < stem:
                continue
            american = british[: -len(british_end)] + american_end
            if american in counts and (british, american) not in NOT_VARIANTS and min(counts[british], counts[american]) >= MIN_VARIANT_SHARE * max(counts[british], counts[american]):
                pairs.add((british, american))
    return sorted(pairs)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        with downloaded(PACKAGE, folder) as archive:
            words_text = archive.read(WORDS).decode("utf-8")
            pairs_text = archive.read(PAIRS).decode("utf-8")
            licence_text = licence_of(archive)
        with downloaded(ADDED_PACKAGE, folder) as archive:
            extra = json.loads(gzip.decompress(archive.read(ADDED_WORDS)))
            added_licence_text = licence_of(archive)
    counts: dict[str, int] = {}
    for line in words_text.splitlines():
        parts = line.split()
        if len(parts) == 2 and re.fullmatch(r"[a-z]{1,24}", parts[0]):
            counts[parts[0]] = int(parts[1])
    pairs = []
    for line in pairs_text.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] in counts and parts[1] in counts:
            pairs.append((parts[0], parts[1], int(parts[2])))
    added = added_words(counts, extra)
    counts.update(added)
    variants = spelling_variants(counts)

    words_swift = swift_file(
        "EnglishWordFrequencies",
        f"""/// English words in alphabetical order, one per line, front-coded: a character whose code
/// minus {PREFIX_BASE} is how many leading letters the word shares with the previous one, a
/// character whose code minus {WORD_BUCKET_BASE} is the word's corpus count in steps of 1/{STEPS_PER_DECADE}
/// decade (round(log10(count) x {STEPS_PER_DECADE})), then the rest of the word. {len(counts)} words.""",
        f"    static let count = {len(counts)}\n    static let stepsPerDecade = {STEPS_PER_DECADE}\n"
        f"    static let prefixBase: UInt8 = {PREFIX_BASE}\n    static let bucketBase: UInt8 = {WORD_BUCKET_BASE}",
        word_list(counts))
    pairs_swift = swift_file(
        "EnglishWordPairs",
        f"""/// English word pairs (bigrams) with their corpus counts: one line per first word, its index
/// in `EnglishWordFrequencies` ({INDEX_DIGITS} characters, 6 bits each, code minus {INDEX_BASE}, most
/// significant first), then for each second word a count character (code minus {PAIR_BUCKET_BASE}
/// is round(log10(count) x {STEPS_PER_DECADE})) and its index. {len(pairs)} pairs.""",
        f"    static let count = {len(pairs)}\n    static let stepsPerDecade = {STEPS_PER_DECADE}\n"
        f"    static let bucketBase: UInt8 = {PAIR_BUCKET_BASE}\n    static let indexBase: UInt8 = {INDEX_BASE}\n"
        f"    static let indexDigits = {INDEX_DIGITS}",
        pair_list(counts, pairs))
    variants_swift = swift_file(
        "EnglishSpellingVariants",
        f"""/// One word's British and American spellings, one pair per line: the British spelling, a
/// space, the American one. Derived from the word list by regular rules and a short list of
/// irregular pairs; both spellings are words of `EnglishWordFrequencies`. {len(variants)} pairs.""",
        f"    static let count = {len(variants)}",
        "\n".join(f"{british} {american}" for british, american in variants))
    (TARGET / "EnglishWordFrequencies.swift").write_text(words_swift, encoding="utf-8")
    (TARGET / "EnglishWordPairs.swift").write_text(pairs_swift, encoding="utf-8")
    (TARGET / "EnglishSpellingVariants.swift").write_text(variants_swift, encoding="utf-8")
    (TARGET / "EnglishWordFrequencies.LICENSE").write_text(
        f"The English word and word-pair frequencies in EnglishWordFrequencies.swift and\n"
        f"EnglishWordPairs.swift come from {PACKAGE} (https://pypi.org/project/symspellpy/),\n"
        f"files {WORDS} and\n{PAIRS}, under this licence:\n\n" + licence_text
        + f"\n\n{len(added)} words of EnglishWordFrequencies.swift (American spellings and everyday words\n"
        f"that list lacks) and their counts come from {ADDED_PACKAGE}\n"
        f"(https://pypi.org/project/pyspellchecker/), file {ADDED_WORDS}, under this licence:\n\n" + added_licence_text,
        encoding="utf-8")
    print(f"{len(counts)} words ({len(added)} added; {len(words_swift.encode()) // 1024} KiB), {len(pairs)} pairs "
          f"({len(pairs_swift.encode()) // 1024} KiB), {len(variants)} spelling variants")

if __name__ == "__main__":
    main()
