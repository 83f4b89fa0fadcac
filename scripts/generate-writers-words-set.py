#!/usr/bin/env python3
"""Generates the writer's-words set (Tests/Fixtures/Correction/writers-words.json): story
sentences written for it around a writer's own words (names of many origins, invented
creatures, places and things), typed with the tremor corpus's slip model.

    python3 scripts/generate-writers-words-set.py [--out Tests/Fixtures/Correction/writers-words.json]

The sentences and words are the project's own. The same script gives the same file byte for
byte (fixed seed).

Each writer's word belongs to one half, chosen by the word's position in its group: "dev"
words may be used to choose the corrector's settings, "test" words never are. Cases:
  - "vocabulary": one sentence holding one writer's word, typed with one slip inside it (70%)
    or as written (30%, to measure damage); another word of the sentence slips in 30%. The
    word is typed on a plain keyboard: its diacritics are left out (Oisín → Oisin).
  - "repeated": a text holding the writer's word twice, typed the same way (as written);
    with no list, it must come back unchanged.
  - "later": a text holding the word typed as written, then a sentence where it slips; with
    no list, the later slip should read as the earlier word.
A slip in a writer's word is one the slip model makes inside a word: a neighbouring key, a
doubled, dropped or extra letter, or two letters swapped (not a space or a stray capital).
"""

import argparse
import importlib.util
import json
import random
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("tremor", HERE / "generate-correction-corpus.py")
tremor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tremor)

SEED = 20261128
TARGET = HERE.parent / "Tests" / "Fixtures" / "Correction" / "writers-words.json"

# The writer's words by origin. Names are written as their bearers write them.
WORDS = {
    "Irish": ["Oisín", "Saoirse", "Niamh", "Siobhán", "Tadhg", "Caoimhe", "Aoife", "Ciarán", "Pádraig", "Róisín"],
    "Nigerian": ["Chiamaka", "Adaeze", "Oluwaseun", "Chidi", "Ngozi", "Temitope", "Obinna", "Ifeoma", "Babajide",
                 "Yetunde"],
    "Vietnamese": ["Thảo", "Nguyệt", "Huỳnh", "Phương", "Quốc", "Tuấn", "Trâm", "Khánh", "Hoàng", "Dũng"],
    "Polish": ["Zbigniew", "Małgorzata", "Wojciech", "Grzegorz", "Agnieszka", "Krzysztof", "Jędrzej", "Szymon",
               "Bożena", "Przemek"],
    "Arabic": ["Yousef", "Khadija", "Zainab", "Tariq", "Hamza", "Samira", "Abdelrahman", "Fatimah", "Mustafa",
               "Rashida"],
    "invented": ["Zorbax", "Snorklewhump", "Fizzlewick", "Quibbletoad", "Bramblethorn", "Wobblenog", "Zephyrine",
                 "Grumplesnout", "Twinklemoss", "Murkwater"],
    "coined": ["glimmerfrost", "snozzberry", "flufflenut", "moonpuddle", "sparkleweed", "grumblebee", "twizzlewind",
               "bumbleflop", "shimmerdust", "wigglesnout"],
}

# Sentences written for the set: {W} is the writer's word.
SENTENCES = [
    "{W} flew over the hills to find the lost treasure.",
    "My grandson {W} loves stories about brave dragons.",
    "Yesterday {W} and I baked a cake for the whole family.",
    "The little boat carried {W} across the silver lake.",
    "When the storm came, {W} hid under the old wooden bridge.",
    "Everyone in the village knew that {W} could sing.",
    "We waited for {W} at the station until the train arrived.",
    "Grandma said that {W} would visit us next summer.",
    "The children followed {W} into the dark forest.",
    "At night {W} counted the stars from the garden.",
    "Please tell {W} that dinner is ready.",
    "Nobody had ever seen {W} so happy before.",
    "The teacher asked {W} to read the story aloud.",
    "On Sunday we walked with {W} along the river.",
    "A tiny bird landed on the hat of {W} this morning.",
    "The map showed the road to {W} in bright red ink.",
]
COINED_SENTENCES = [
    "The {W} sparkled on the window all morning.",
    "She filled a jar with {W} from the meadow.",
    "A cloud of {W} drifted over the sleepy town.",
    "The dragon sneezed and out came a puff of {W}.",
    "Every child wanted a taste of the {W} pie.",
    "We planted {W} next to the apple trees.",
    "The wizard kept his {W} in a golden box.",
    "Nobody knew where the {W} came from.",
]
WORD_SLIPS = ["neighbour", "double", "drop", "extra", "swap"]


def plain(word: str) -> str:
    """The word as a plain keyboard types it: diacritics and strokes left out."""
    decomposed = unicodedata.normalize("NFD", word.replace("ł", "l").replace("Ł", "L"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def slip_inside(rng: random.Random, word: str) -> str:
    """One slip inside `word` (plain letters), its first capital kept; never the word itself."""
    lower = word.lower()
    for _ in range(50):
        kind = rng.choice(WORD_SLIPS)
        letters = list(lower)
        i = rng.randrange(len(lower))
        if kind == "neighbour":
            letters[i] = tremor.neighbour(rng, lower[i])
        elif kind == "double":
            letters[i] = lower[i] * 2
        elif kind == "drop" and len(lower) > 3:
            del letters[i]
        elif kind == "extra":
            letters.insert(i + rng.randrange(2), tremor.neighbour(rng, lower[i]))
        elif kind == "swap" and len(lower) > 3:
            i = rng.randrange(len(lower) - 1)
            letters[i], letters[i + 1] = letters[i + 1], letters[i]
        typed = "".join(letters)
        if word[0].isupper():
            typed = typed[0].upper() + typed[1:]
        if typed != word and typed.lower() != lower:
            return typed
    raise ValueError(f"no slip found for {word}")


def other_slip(rng: random.Random, sentence: str, word: str) -> str:
    """`sentence` with one slip in a lower-case word other than `word`."""
    words = sentence.split(" ")
    candidates = [i for i, w in enumerate(words) if tremor.typeable(w, i) and word not in w]
    if not candidates:
        return sentence
    i = rng.choice(candidates)
    core = words[i].rstrip(",.?!")
    words[i] = tremor.slip(rng, core) + words[i][len(core):]
    return " ".join(words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TARGET)
    arguments = parser.parse_args()
    rng = random.Random(SEED)
    halves = {}
    for group, words in WORDS.items():
        for position, word in enumerate(words):
            halves[word] = "dev" if position % 2 == 0 else "test"
    cases = []
    for group, words in WORDS.items():
        templates = COINED_SENTENCES if group == "coined" else SENTENCES
        for word in words:
            typed_word = plain(word)
            for template in rng.sample(templates, 6):
                clean = template.format(W=word)
                slipped = rng.random() < 0.7
                typed = template.format(W=slip_inside(rng, typed_word) if slipped else typed_word)
                if rng.random() < 0.3:
                    typed = other_slip(rng, typed, typed_word)
                cases.append({"kind": "vocabulary", "half": halves[word], "group": group, "word": word,
                              "slipped": slipped, "typed": typed, "clean": clean})
            first, second = rng.sample(templates, 2)
            cases.append({"kind": "repeated", "half": halves[word], "group": group, "word": word, "slipped": False,
                          "typed": first.format(W=typed_word) + " " + second.format(W=typed_word),
                          "clean": first.format(W=typed_word) + " " + second.format(W=typed_word)})
            first, second = rng.sample(templates, 2)
            cases.append({"kind": "later", "half": halves[word], "group": group, "word": word, "slipped": True,
                          "typed": first.format(W=typed_word) + " " + second.format(W=slip_inside(rng, typed_word)),
                          "clean": first.format(W=typed_word) + " " + second.format(W=typed_word)})
    data = {
        "description": "Story sentences around a writer's own words, typed with slips "
                       "(scripts/generate-writers-words-set.py). The project's own text.",
        "seed": SEED,
        "words": {group: [{"word": word, "half": halves[word]} for word in words] for group, words in WORDS.items()},
        "cases": cases,
    }
    arguments.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    counts = {kind: sum(case["kind"] == kind for case in cases) for kind in ("vocabulary", "repeated", "later")}
    print(f"wrote {len(cases)} cases to {arguments.out}: {counts}")


if __name__ == "__main__":
    main()
