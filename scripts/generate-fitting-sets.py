#!/usr/bin/env python3
"""Generates the English sets the corrector's constants are to be fitted and measured on:
sentences from the permissive sources book_context.SOURCES pins, typed with the tremor
corpus's slip model extended to what real typing shows, split by sentence into train,
development and test with a stable hash.

    python3 scripts/generate-fitting-sets.py --sources MIRRORS [--language en] [--out FILE]

The output goes to .build/fitting-sets/<language>.json unless --out says otherwise.

MIRRORS holds each repository as <owner>+<name>/repo (the fetch layout). The output holds
source texts (Tatoeba's are CC BY 2.0 FR), so it is generated, never committed: the same
mirrors give the same file byte for byte (fixed seeds, a per-sentence seed from its hash).

Sentences: the modern sources (Tatoeba, Grade School Math, Common Voice; not the books, whose
dialect spellings no writer of the apps types); 4 to 20 words of plain ASCII letters and sentence punctuation, a
capital first, no digits; each kept once. The split is by SHA-1 of the sentence: one in six
to development, one in six to test, the rest to train; development and test keep the 5,000
first by hash, train the 25,000 first (scripts/fitting_sentences.py). The test split is never
used to choose anything, and no pack's word pairs count a development or test sentence, nor a
train sentence where the sources hold more sentences than the sets take
(fitting_sentences.held_out).

Typing (per sentence): 30% are typed with no slip, to measure damage. In the rest each word a
slip may touch slips with probability 0.16, and the slip's class is drawn from rates set from
published statistics of real typing:
  - Damerau (1964, CACM 7(3)): about 80% of misspellings are one insertion, omission,
    substitution or transposition, hence the single-slip classes dominate and a second slip
    in a long word is rare (0.12);
  - Kukich (1992, ACM Computing Surveys 24(4)) gathers studies that put real-word errors at
    25% to 40% of all errors: a slip is steered onto another listed word where one
    within a slip exists (below);
  - Palin et al. (MobileHCI 2019, 37,000 volunteers typing on phones): most uncorrected
    errors are substitutions by a neighbouring key, then omissions and insertions, and a
    missed or extra space; the shares below follow that order.
Classes: "nonword" (a neighbour key, doubled, dropped or extra letter, swap, a stray capital),
"realword" (the slip lands on a listed word: a word seen at least 20 times in the sentences),
"capitalised" (a slip in a capitalised word: a sentence start or a name), "contraction" (the
apostrophe dropped or moved, or a letter beside it slipped), "double" (a doubled letter typed
once: sorry → sory), "first" (the first letter slipped or skipped), "space" (a space missed
between two words, with a slip inside the run 30% of the time, or a space inside a word).

The other languages (es, fr, de, it, pt, nl) are typed the same way on the language's usual
touch keyboard (generate-language-corpora.py: AZERTY for French, QWERTZ for German), from
their modern sources (Common Voice, CC0), with two more classes for a word written with a
diacritic: "accent" (the long press picked the mark beside the one meant in the press's menu:
règles typed régles) and "unaccented" (the long press skipped: règles typed regles). Words
with an apostrophe (l'homme) are typed as they are. Capitalised words mid-sentence are
mostly nouns in German, names elsewhere; both are "capitalised".
The steering toward a listed word is tried for 75% of eligible slips, since a slip within
reach of a listed word is not always found; the share of real-word slips that results is
printed per split.
"""

import argparse
import importlib.util
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import book_context  # noqa: E402
import fitting_sentences  # noqa: E402

_spec = importlib.util.spec_from_file_location("language_corpora", HERE / "generate-language-corpora.py")
language_corpora = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(language_corpora)
# The tremor corpus's slip model, whose keyboard language_corpora.use_keyboard sets.
tremor = language_corpora.tremor

SEED = 20261128
CLEAN_SHARE = 0.30
WORD_SLIP_RATE = 0.16
SECOND_SLIP_RATE = 0.12
REAL_WORD_SHARE = 0.75
# How often a word written with a diacritic that slips slips there: the long press picks the
# neighbour or is skipped (half each).
ACCENT_SHARE = 0.6
# The long-press menus of the touch keyboards (iOS's order): a wrong press picks a neighbour.
LONG_PRESS = ["àáâäæãåā", "èéêëēėę", "îïíīįì", "ôöòóœøōõ", "ûüùúū", "çćč", "ñń"]
CLASS_WEIGHTS = {"nonword": 52, "capitalised": 10, "contraction": 6, "double": 6, "first": 6, "space": 8}
WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
# Any language's words: letters, diacritics included; no apostrophe (French and Italian
# elisions are typed as they are).
LETTERS = re.compile(r"[^\W\d_]+")


def one_slip(rng: random.Random, word: str, kind: str) -> str:
    """`word` (its letters) typed with one slip of `kind`."""
    lower = word.lower()
    if kind == "contraction":
        at = word.index("'")
        choice = rng.random()
        if choice < 0.4:
            return word.replace("'", "")
        if choice < 0.7 and at + 1 < len(word):
            return word[:at] + word[at + 1] + "'" + word[at + 2:]
        letters = list(word)
        near = at + 1 if at + 1 < len(word) else at - 1
        if letters[near].isalpha():
            letters[near] = tremor.neighbour(rng, letters[near].lower())
        return "".join(letters)
    if kind == "double":
        doubled = [i for i in range(len(word) - 1) if word[i] == word[i + 1]]
        i = rng.choice(doubled)
        return word[:i] + word[i + 1:]
    if kind == "first":
        if rng.random() < 0.5 and len(word) > 3:
            return word[1:]
        first = tremor.neighbour(rng, lower[0])
        return (first.upper() if word[0].isupper() else first) + word[1:]
    if kind == "capitalised":
        rest = tremor.slip(rng, lower[1:]) if len(word) > 3 else tremor.slip(rng, lower)
        return word[0] + rest if len(word) > 3 else rest.capitalize()
    return tremor.slip(rng, lower)


def lower_case_class(rng: random.Random, word: str, with_space: bool) -> str:
    """The class of a slip in lower-case `word`, drawn by CLASS_WEIGHTS ("double" only where a
    letter is doubled; "space" only `with_space`)."""
    kinds = [kind for kind in CLASS_WEIGHTS if kind not in ("capitalised", "contraction") and (with_space or kind != "space")]
    if not re.search(r"(.)\1", word):
        kinds.remove("double")
    return rng.choices(kinds, weights=[CLASS_WEIGHTS[kind] for kind in kinds])[0]


def record(typed: list[str], slips: list[list], position: int, word: str, noisy: str, kind: str,
           listed: set[str]) -> None:
    """Writes `word` typed as `noisy` into `typed` at `position` and notes the slip (a slip
    that happens to land on a listed word is a real-word slip); nothing when none happened."""
    if noisy == word:
        return
    if kind == "nonword" and noisy.lower() in listed:
        kind = "realword"
    typed[position] = typed[position].replace(word, noisy, 1)
    slips.append([position, kind])


def steered(rng: random.Random, word: str, noisy: str, kind: str, listed: set[str]) -> tuple[str, str]:
    """A "nonword" slip of `word` steered onto another listed word, as real typing does a
    quarter of the time, when one is found; otherwise `noisy` and `kind` as they are."""
    if kind == "nonword" and len(word) >= 3 and rng.random() < REAL_WORD_SHARE:
        for _ in range(24):
            candidate = tremor.slip(rng, word)
            if candidate != word and candidate in listed:
                return candidate, "realword"
    return noisy, kind


def accent_slip(rng: random.Random, word: str) -> tuple[str, str]:
    """`word` (with a diacritic) typed with its long press wrong: a mark beside the one meant
    in the press's menu ("accent"), or every mark skipped ("unaccented"); and the class."""
    if rng.random() < 0.5:
        return "".join(fitting_fold(c) for c in word), "unaccented"
    marked = [i for i, c in enumerate(word) if any(c.lower() in menu for menu in LONG_PRESS)]
    i = rng.choice(marked)
    menu = next(menu for menu in LONG_PRESS if word[i].lower() in menu)
    at = menu.index(word[i].lower())
    beside = [j for j in (at - 1, at + 1) if 0 <= j < len(menu)]
    wrong = menu[rng.choice(beside)]
    return word[:i] + (wrong.upper() if word[i].isupper() else wrong) + word[i + 1:], "accent"


def fitting_fold(character: str) -> str:
    """A letter without its diacritic, in its case."""
    folded = language_corpora.packs.fold(character.lower())
    return folded.upper() if character.isupper() else folded


def type_other_language(rng: random.Random, sentence: str, listed: set[str]) -> tuple[str, list[list]]:
    """The sentence as typed in a language other than English (the keyboard already set), and
    each slip as [position, class]."""
    words = sentence.split(" ")
    typed = list(words)
    slips: list[list] = []
    for position, token in enumerate(words):
        match = LETTERS.fullmatch(token.rstrip(".,!?;:"))
        if not match or rng.random() >= WORD_SLIP_RATE:
            continue
        word = match.group(0)
        if len(word) < 2 or (not word.islower() and not (word[0].isupper() and word[1:].islower())):
            continue
        if not word.isascii():
            if not any(any(c.lower() in menu for menu in LONG_PRESS) for c in word):
                continue
            if rng.random() < ACCENT_SHARE:
                noisy, kind = accent_slip(rng, word)
            else:
                # A slip elsewhere in the word, on a letter without a diacritic.
                plain = [i for i, c in enumerate(word) if c.isascii() and (i > 0 or word.islower())]
                if not plain:
                    continue
                i = rng.choice(plain)
                noisy = word[:i] + tremor.neighbour(rng, word[i].lower()) + word[i + 1:]
                kind = "capitalised" if word[0].isupper() else "nonword"
        elif word[0].isupper():
            kind = "capitalised" if rng.random() < 0.75 else "first"
            noisy = one_slip(rng, word, kind)
        else:
            kind = lower_case_class(rng, word, with_space=False)
            noisy, kind = steered(rng, word, one_slip(rng, word, kind), kind, listed)
        record(typed, slips, position, word, noisy, kind, listed)
    return " ".join(typed), sorted(slips)


def type_sentence(rng: random.Random, sentence: str, listed: set[str]) -> tuple[str, list[list]]:
    """The sentence as typed, and each slip as [position, class] (positions count words split at
    spaces in the clean sentence)."""
    words = sentence.split(" ")
    typed = list(words)
    slips: list[list] = []
    joined = set()
    for position, token in enumerate(words):
        match = WORD.search(token)
        if not match or match.group(0) != token.strip(".,!?;:").strip("'") or rng.random() >= WORD_SLIP_RATE:
            continue
        word = match.group(0)
        if len(word) < 2 or not word.isascii():
            continue
        if "'" in word:
            kind = "contraction"
        elif word[0].isupper() and word[1:].islower():
            kind = "capitalised" if rng.random() < 0.75 else "first"
        elif word.islower():
            kind = lower_case_class(rng, word, with_space=True)
        else:
            continue
        if kind == "space" and position + 1 < len(words) and WORD.fullmatch(words[position + 1].rstrip(".,!?;:")) \
                and token == word and rng.random() < 0.6:
            joined.add(position)
            slips.append([position, "space"])
            slips.append([position + 1, "space"])
            if rng.random() < 0.3:
                typed[position] = tremor.slip(rng, word.lower()).replace(" ", "")
            continue
        if kind == "space":
            kind = "nonword"
            noisy = tremor.slip(rng, word) if len(word) < 4 else word[:len(word) // 2] + " " + word[len(word) // 2:]
        else:
            noisy = one_slip(rng, word, kind)
        noisy, kind = steered(rng, word, noisy, kind, listed)
        if kind == "nonword" and len(word) >= 6 and rng.random() < SECOND_SLIP_RATE and " " not in noisy:
            noisy = tremor.slip(rng, noisy.lower())
        record(typed, slips, position, word, noisy, kind, listed)
    text = ""
    for position, piece in enumerate(typed):
        text += piece
        if position + 1 < len(typed):
            text += "" if position in joined else " "
    return text, sorted(slips)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", type=Path, required=True, help="the mirrors, as <owner>+<name>/repo")
    parser.add_argument("--language", default="en", choices=sorted(book_context.SOURCES),
                        help="the language of the sentences (default: en)")
    parser.add_argument("--out", type=Path, help="where to write (default: .build/fitting-sets/<language>.json)")
    arguments = parser.parse_args()
    if not arguments.sources.is_dir():
        parser.error(f"--sources: {arguments.sources} is not a folder")
    language = arguments.language
    out = arguments.out or HERE.parent / ".build" / "fitting-sets" / f"{language}.json"
    if language != "en":
        language_corpora.use_keyboard(language_corpora.LAYOUTS[language_corpora.LANGUAGES[language]])
    found = fitting_sentences.sentences(arguments.sources, language)
    pattern = WORD if language == "en" else LETTERS
    counts = Counter(word.lower() for sentence in found for word in pattern.findall(sentence))
    listed = {word for word, count in counts.items() if count >= 20}
    splits: dict[str, list] = {}
    for split, chosen in fitting_sentences.splits(found).items():
        splits[split] = []
        for sentence in chosen:
            rng = random.Random(f"{SEED}:{fitting_sentences.digest(sentence)}")
            if rng.random() < CLEAN_SHARE:
                splits[split].append({"clean": sentence, "typed": sentence, "slips": []})
                continue
            typed, slips = (type_sentence if language == "en" else type_other_language)(rng, sentence, listed)
            splits[split].append({"clean": sentence, "typed": typed, "slips": slips})
    sources = [{"repository": source.repo, "commit": source.commit, "licence": source.licence}
               for source in book_context.SOURCES[language] if source.modern]
    document = {"description": __doc__.split("\n\n")[0], "seed": SEED, "sources": sources, "splits": splits}
    if language != "en":
        document["language"] = language
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, ensure_ascii=False, indent=0) + "\n", "utf-8")
    for name, cases in splits.items():
        classes = Counter(kind for case in cases for _, kind in case["slips"])
        clean = sum(1 for case in cases if not case["slips"])
        share = classes["realword"] / max(sum(classes.values()), 1)
        print(f"{name:6} {len(cases):6} sentences, {clean} with no slip; real-word share {share:.0%}; "
              f"slips: {dict(sorted(classes.items()))}")
    print(f"written: {out}")


if __name__ == "__main__":
    main()
