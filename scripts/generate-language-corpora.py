#!/usr/bin/env python3
"""Generates Tests/Fixtures/Correction/language-corpora.json: for Spanish, French, German,
Italian, Portuguese and Dutch, clean sentences written for this project
(Tests/Fixtures/Correction/languages/<code>.txt: children's stories and everyday messages, 60
per language) typed with the English corpus's simulated tremor on the language's usual touch
keyboard (QWERTZ for German, AZERTY for French, QWERTY otherwise), after the long press for a
diacritic was skipped now and then (`mañana` typed `manana`). The expected correction of each
noisy sentence is its clean sentence. The first half of each language's sentences is the
tuning half, the second half is held out.

    python3 scripts/generate-language-corpora.py
"""

import importlib.util
import json
import math
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load(name: str, file: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tremor = load("tremor", "generate-correction-corpus.py")
packs = load("packs", "generate-language-packs.py")

SEED = 20261125
# How often a word written with a diacritic is typed without it (the long press skipped).
DIACRITIC_SKIP_RATE = 0.4
FIXTURES = ROOT / "Tests" / "Fixtures" / "Correction"
TARGET = FIXTURES / "language-corpora.json"
LAYOUTS = {
    "qwerty": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
    "qwertz": ["qwertzuiop", "asdfghjkl", "yxcvbnm"],
    "azerty": ["azertyuiop", "qsdfghjklm", "wxcvbn"],
}
LANGUAGES = {"es": "qwerty", "fr": "azerty", "de": "qwertz", "it": "qwerty", "pt": "qwerty", "nl": "qwerty"}


def use_keyboard(rows: list[str]) -> None:
    """Points the tremor model's key tables at `rows` (the model reads them as module state)."""
    offsets = [0, 0.5, 1.5]
    positions = {letter: (column + offsets[row], row) for row, letters in enumerate(rows) for column, letter in enumerate(letters)}
    tremor.POSITIONS = positions
    tremor.NEIGHBOURS = {a: [b for b in positions if b != a and tremor.distance(a, b) <= 1.2] for a in positions}
    tremor.NEAR = {a: [b for b in positions if 1.2 < tremor.distance(a, b) <= 2.3] for a in positions}


def typed_word(rng: random.Random, core: str) -> str:
    """`core` as a tremor types it: the diacritics perhaps skipped, then perhaps a slip."""
    noisy = core
    if packs.fold(core.lower()) != core.lower() and rng.random() < DIACRITIC_SKIP_RATE:
        noisy = "".join(packs.fold(c) if c.islower() else packs.fold(c.lower()).upper() for c in core)
    if noisy.isascii() and rng.random() < tremor.WORD_SLIP_RATE:
        capital = noisy[0].isupper()
        noisy = tremor.slip(rng, noisy.lower())
        if capital:
            noisy = noisy[0].upper() + noisy[1:]
    return noisy


def add_noise(rng: random.Random, sentence: str) -> tuple[str, list[int]]:
    typed, mistyped = [], []
    for position, word in enumerate(sentence.split(" ")):
        core = word.rstrip(",.?!")
        tail = word[len(core):]
        # Words of two letters or more, in lower case or capitalised mid-sentence (German nouns).
        eligible = len(core) >= 2 and core.isalpha() and (core.islower() or (position > 0 and core[1:].islower()))
        noisy = typed_word(rng, core) if eligible else core
        if noisy != core:
            mistyped.append(position)
        typed.append(noisy + tail)
    return " ".join(typed), mistyped


def main() -> None:
    rng = random.Random(SEED)
    languages = {}
    for code, layout in LANGUAGES.items():
        use_keyboard(LAYOUTS[layout])
        sentences = [line for line in (FIXTURES / "languages" / f"{code}.txt").read_text(encoding="utf-8").splitlines() if line]
        assert len(sentences) == len(set(sentences)) >= 60, code
        cases = []
        for clean in sentences:
            noisy, mistyped = add_noise(rng, clean)
            cases.append({"clean": clean, "typed": noisy, "mistyped": mistyped})
        languages[code] = {"layout": layout, "cases": cases}
        slips = sum(len(case["mistyped"]) for case in cases)
        print(f"{code}: {len(cases)} sentences, {slips} mistyped words")
    document = {
        "description": "Clean sentences in six languages and the same sentences typed with a simulated tremor on "
                       "each language's usual touch keyboard, diacritics sometimes skipped "
                       "(scripts/generate-language-corpora.py). 'mistyped' lists the positions, in the clean "
                       "sentence split at spaces, of the words typed differently. The first half of each "
                       "language's cases tunes, the second half is held out.",
        "seed": SEED,
        "languages": languages,
    }
    TARGET.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
