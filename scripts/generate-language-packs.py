#!/usr/bin/env python3
"""Generates the offline corrector's language packs other than English
(docs/language-pack-format.md): Sources/StoryKit<Language>Data/<code>.skpack for Spanish,
French, German, Italian, Portuguese and Dutch, each with its licence beside it: the words
with counts and spellings, the words never suggested, and the language's rules.

Why these sources (both MIT, from PyPI; the licence is copied beside each generated file):
- pyspellchecker's word-frequency data (counts from OpenSubtitles) is the one permissive list
  found that covers all six languages, and it is used for French, Italian, Portuguese and Dutch.
- Its Spanish list lacks some of the commonest words (`está`, `qué`, `come`, `duerme`) and its
  German list holds nouns only as rare lower-case words (`garten` 50, `Garten` absent), so
  Spanish and German come from spacy-lookups-data's lexeme probabilities instead, which keep
  capitals: German nouns are written with theirs.
- wordfreq's data is CC BY-SA and Hunspell's dictionaries are mostly GPL or LGPL; either would
  bind the library's users.
The word pairs come from public-domain books (ELTeC's novels of 1840-1920; for German also
GerDraCor's plays) and Common Voice's CC0 sentences, the modern counterweight to the books'
spelling and vocabulary (scripts/book_context.py lists each repository, commit and licence).
Only counts are kept, and only between words of the modern list above, so the books add no
old spelling. Dutch has no permissive book corpus: its pairs come from Common Voice alone.
Italian's list also takes the everyday inflected forms the subtitles lack (`giraffa`,
`raccoglieva`) from ELTeC-ita: a form used in several books is a word.

The corrector searches words by their letters without diacritics, so each word is keyed by
its letters folded to a-z (`möchte` → `mochte`, `straße` → `strasse`) and carries the
spellings that fold to it, commonest first, when any differs from the key: a dropped or
wrong diacritic then costs only a cheap slip, and a word typed with or without one that is a
word as typed is left alone.

    python3 scripts/generate-language-packs.py --sources MIRRORS   # needs PyPI

MIRRORS is a folder holding each repository of book_context.SOURCES as `<owner>+<name>/repo`
(a clone: `git clone https://github.com/COST-ELTeC/ELTeC-ita MIRRORS/COST-ELTeC+ELTeC-ita/repo`).

Counts are in eighths of a decade, as for English. The same sources give the same packs, byte
for byte.
"""

import gzip
import importlib.util
import json
import math
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import book_context  # noqa: E402
import fitting_sentences  # noqa: E402
import storykit_pack  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("english", ROOT / "scripts" / "generate-word-frequencies.py")
english = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(english)

PACKAGE = english.ADDED_PACKAGE
SPACY_PACKAGE = "spacy-lookups-data==1.0.5"
# The languages whose words come from spacy-lookups-data (natural-log probabilities, with case).
FROM_SPACY = {"es", "de"}
# A capitalised spelling is the written one only in a language that capitalises nouns, and
# only when it is this share of the word's uses (sentence starts capitalise every word).
CAPITALISED_SHARE = 0.8
# The corrector's folding table (LetterFolding.swift holds the same letters).
FOLDED_LETTERS = "àáâãäåçèéêëìíîïñòóôõöùúûüýÿßæœ"
# How much commoner a spelling with diacritics must be than the same letters without them
# for the latter to count as the diacritic skipped. Spanish web text (spaCy's source) drops
# accents often (`tambien` is a sixth as common as `también`, `cancion` half as common as
# `canción`), while in French, German and Portuguese the pairs between 2 and 10 times apart
# are mostly two words (`rencontre`/`rencontré`, `fuhren`/`führen`, `esta`/`está`).
SKIPPED_DIACRITIC_RATIO = {"es": 2}
DEFAULT_SKIPPED_DIACRITIC_RATIO = 10
# A spelling this much rarer than the commonest with its letters is noise (`èl` beside `el`).
RARE_SPELLING_RATIO = 100
# Counts the source has wrong, each set to a word's of the same standing: pyspellchecker's Dutch
# list gives `aan` ("on", a preposition among the forty commonest Dutch words) the floor count of
# 50, so a correctly typed `aan` was read as `gaan`; it is as common as `uit` in Dutch subtitles.
REPAIRED_COUNTS = {"nl": {"aan": "uit"}}
# pyspellchecker gives the words of its dictionaries that its subtitles lack this count: they
# are correct word forms (`binnenspelen`, `reagendadas`), all kept whatever MAX_WORDS says, so
# that a correctly typed rare form is not read as a slip. spaCy's rarest words are web noise.
PYSPELLCHECKER_DICTIONARY_COUNT = 50
# The commonest words kept per language, besides the dictionary words: more would add typos
# that the corpora hold as words (a typed slip would be taken for a word), fewer would leave
# rare words unknown.
MAX_WORDS = 150_000
# The word-pair model (book_context.pair_model): counts from modern sentences weigh this many
# times a book's, a pair seen fewer times than MIN_PAIR_COUNT is dropped, and one whose
# probability is within MIN_PAIR_DIFFERENCE decades of the back-off estimate is left to it.
# Measured on the tuning halves of the language corpora (weights 1, 3 and 10; differences
# 0.3, 0.5 and 0.8): a heavier modern weight changed more correctly typed Italian and French
# words, and 0.5 keeps what 0.3 fixes with a third fewer French pairs.
MODERN_WEIGHT = 1
PAIR_DISCOUNT = 0.75
MIN_PAIR_COUNT = 2
MIN_PAIR_DIFFERENCE = 0.5
# The word-triple model (book_context.triple_model), for the languages of TAKES_TRIPLES: a
# triple seen fewer than MIN_TRIPLE_COUNT times is dropped, one within MIN_TRIPLE_DIFFERENCE
# decades of its pair estimate is left to it, and none gains more than MAX_TRIPLE_GAIN decades
# over that estimate. Chosen on the English tremor corpus's tuning half (counts 2, 3, 5, 8;
# differences 0.3 and 0.5; gains 0.6, 1, 1.5 and none); a language takes triples when they
# improve its corpus's tuning half: French (exact 83.3 -> 86.7%, mistyped words fixed 92.6 ->
# 93.8%). Spanish, German and Italian were unchanged, Dutch too, and Portuguese got worse (one
# more correctly typed sentence changed), so they stay on pairs.
TAKES_TRIPLES = {"fr"}
MIN_TRIPLE_COUNT = 5
MIN_TRIPLE_DIFFERENCE = 0.5
MAX_TRIPLE_GAIN = 1.5
# Italian word forms taken from its books (see above): used this often, in this many books.
BOOK_FORM_MIN_COUNT = 5
BOOK_FORM_MIN_FILES = 3
LANGUAGES = {
    # code: (name, the words of one letter that are words, words left out of the list)
    "es": ("Spanish", "aeouy", set()),
    "fr": ("French", "ay", set()),
    "de": ("German", "", set()),
    "it": ("Italian", "aeio", set()),
    "pt": ("Portuguese", "aeo", set()),
    "nl": ("Dutch", "u", set()),
}
# Profanity, slurs and sexual terms, never offered as the reading of a slip (with or without
# diacritics: they are folded to the keys).
NEVER_SUGGESTED = {
    "es": ["puta", "puto", "mierda", "coño", "joder", "cabrón", "polla", "gilipollas", "culo", "verga", "chingar", "pendejo", "follar", "maricón", "zorra"],
    "fr": ["merde", "putain", "con", "conne", "connard", "salope", "bite", "enculé", "pute", "nique", "niquer", "couille", "couilles", "chier", "bordel"],
    "de": ["scheiße", "scheisse", "arsch", "fotze", "hure", "ficken", "fick", "schlampe", "wichser", "schwanz", "arschloch", "nutte", "kacke", "titten"],
    "it": ["cazzo", "merda", "puttana", "stronzo", "vaffanculo", "figa", "troia", "coglione", "culo", "minchia", "fottere", "fottuto", "bastardo"],
    "pt": ["merda", "porra", "caralho", "puta", "foda", "foder", "buceta", "cu", "cacete", "piroca", "viado", "bosta", "fodido"],
    "nl": ["kut", "lul", "hoer", "kanker", "klootzak", "shit", "godverdomme", "tering", "pik", "neuken", "sukkel", "slet", "kloten"],
}
# Italian's pronouns written onto a verb, alone and in pairs (glielo, melo).
ENCLITICS_IT = ["mi", "ti", "si", "ci", "vi", "lo", "la", "li", "le", "ne", "gli",
                *(first + second for first in ["me", "te", "se", "ce", "ve", "glie"]
                  for second in ["lo", "la", "li", "le", "ne"])]
# Each language's rules (docs/language-pack-format.md, section RULE).
RULES = {
    "es": {"layout": ["qwerty"], "question-words": ["qué", "cómo", "dónde", "cuándo", "quién", "cuál", "por"]},
    "fr": {
        "layout": ["azerty"],
        "elisions": ["l'", "d'", "j'", "qu'", "n'", "s'", "c'", "m'", "t'", "jusqu'", "lorsqu'", "puisqu'"],
        # Avoir's forms only: être is followed by an adjective as often as by a participle
        # ("est calme", "est tombé").
        "perfect-auxiliaries": ["a", "ai", "as", "avons", "avez", "ont", "avait", "avais", "avaient", "aura", "aurait", "eu"],
        "perfect-adverbs": ["pas", "jamais", "déjà", "bien", "tout", "toujours", "encore", "rien", "plus", "vite", "enfin"],
        "question-words": ["où", "quand", "comment", "pourquoi", "qui", "quel", "quelle", "quels", "quelles", "combien", "est-ce"],
    },
    "de": {
        "layout": ["qwertz"],
        "question-words": ["wo", "wann", "wie", "warum", "wer", "was", "welche", "welcher", "welches", "wieso", "weshalb",
                           "woher", "wohin"],
        "capitalises-nouns": [],
        "compound-links": ["", "s", "n", "en", "es"],
    },
    "it": {
        "layout": ["qwerty"],
        "elisions": ["l'", "un'", "dell'", "all'", "dall'", "nell'", "sull'", "d'", "c'", "quest'", "quell'", "s'", "m'", "t'", "v'"],
        "apocopes": ["po'", "mo'", "be'", "di'", "fa'", "va'", "sta'", "da'", "to'"],
        "question-words": ["dove", "quando", "come", "perché", "chi", "cosa", "quale", "quanto", "quanti", "quanta", "quante"],
        # Pronouns written onto an infinitive (its final e dropped) or a gerund: the list lacks
        # most such forms (migliorarlo, allenarsi, studiandosi).
        "enclitics": ENCLITICS_IT,
        "enclitic-hosts": ["are ar", "ere er", "ire ir", "ndo ndo"],
    },
    "pt": {"layout": ["qwerty"],
           "question-words": ["onde", "quando", "como", "porque", "quem", "qual", "quais", "quanto", "quantos", "quanta"],
           # The list is European (pyspellchecker's): Brazil writes a circumflex where Portugal
           # writes an acute before m or n and a vowel, and at a word's end (tênis, prêmio,
           # econômico, bebê; not também).
           "regional-marks": ["éêmn", "óômn"]},
    "nl": {"layout": ["qwerty"], "question-words": ["waar", "wanneer", "hoe", "waarom", "wie", "wat", "welke", "welk", "hoeveel"],
           "compound-links": ["", "s", "en"]},
}


def fold(word: str) -> str:
    """A lower-case word's key: its letters without diacritics (storykit_pack's folding)."""
    return "".join(storykit_pack.folded_letter(character) for character in word)


def is_written_word(word: str, single_letters: str) -> bool:
    if not word or len(word) > 24 or any(not ("a" <= c <= "z" or c in FOLDED_LETTERS) for c in word):
        return False
    return len(word) > 1 or fold(word) in single_letters


def cased_counts(probabilities: dict[str, float], keeps_capitals: bool) -> dict[str, int]:
    """spaCy's natural-log probabilities as counts per billion words, case variants merged into
    the lower-case word, or into the capitalised one where it is the written form."""
    by_lower: dict[str, dict[str, float]] = {}
    for word, probability in probabilities.items():
        if len(word) > 1 and word.isupper():
            continue
        by_lower.setdefault(word.lower(), {})[word] = math.exp(probability) * 1e9
    counts = {}
    for lower, forms in by_lower.items():
        total = sum(forms.values())
        capitalised = lower[:1].upper() + lower[1:]
        written = capitalised if keeps_capitals and forms.get(capitalised, 0) >= CAPITALISED_SHARE * total else lower
        if total >= 1:
            counts[written] = round(total)
    return counts


def folded_entries(counts: dict[str, int], single_letters: str, left_out: set[str], skipped_ratio: float,
                   dictionary_count: int | None) -> dict[str, tuple[int, list[str]]]:
    """Key → (summed count, spellings commonest first) for the MAX_WORDS commonest words, and
    every dictionary word at `dictionary_count` (see PYSPELLCHECKER_DICTIONARY_COUNT). Words of
    equal count sort alphabetically, so where a run of them straddles the limit none of the run
    is kept: a cut through it would keep `a` to `h` and drop the rest. A spelling without
    diacritics far rarer than the same letters with them (`manana` beside `mañana`, `mochte`
    beside `möchte`) is mostly the diacritic skipped, and is left out, so that typing it is
    read as the slip; where both are common (`el` and `él`) both stay. A spelling a hundred
    times rarer than the commonest (`èl`) is noise and is left out too."""
    words = [(word, count) for word, count in counts.items()
             if count >= 2 and word.lower() not in left_out and is_written_word(word.lower(), single_letters)]
    words.sort(key=lambda item: (-item[1], item[0]))
    dictionary = [item for item in words if item[1] == dictionary_count]
    words = [item for item in words if item[1] != dictionary_count]
    chosen = words[:MAX_WORDS]
    if len(words) > MAX_WORDS and words[MAX_WORDS][1] == chosen[-1][1]:
        chosen = [(word, count) for word, count in chosen if count > words[MAX_WORDS][1]]
    grouped: dict[str, list[tuple[str, int]]] = {}
    for word, count in chosen + dictionary:
        grouped.setdefault(fold(word.lower()), []).append((word, count))
    entries: dict[str, tuple[int, list[str]]] = {}
    for key, spellings in grouped.items():
        commonest, most = spellings[0]
        commonest_is_plain = fold(commonest.lower()) == commonest.lower()
        kept = [(word, count) for word, count in spellings
                if word == commonest or (most < RARE_SPELLING_RATIO * count
                                         and (word.lower() != key or commonest_is_plain or most < skipped_ratio * count))]
        entries[key] = (sum(count for _, count in kept), [word for word, _ in kept])
    return entries


def language_pack(code: str, entries: dict[str, tuple[int, list[str]]], buckets: dict[str, int],
                  context: book_context.PairModel, triples: book_context.TripleModel | None) -> storykit_pack.Pack:
    _, single_letters, _ = LANGUAGES[code]
    rules = {"folds-letters": [], "single-letter-words": list(single_letters), **RULES[code]}
    pack = storykit_pack.Pack(
        language=code, steps_per_decade=english.STEPS_PER_DECADE, buckets=buckets,
        spellings={key: spellings for key, (_, spellings) in entries.items() if spellings != [key]},
        never_suggested={fold(word.lower()) for word in NEVER_SUGGESTED[code]} & set(entries), rules=rules)
    english.add_pairs(pack, context.pairs.items(), context.backoffs)
    if triples:
        english.add_triples(pack, triples.triples.items(), triples.backoffs)
    return pack


def context_model(code: str, mirrors: Path, buckets: dict[str, int]) \
        -> tuple[book_context.PairModel, book_context.TripleModel | None, str]:
    """The language's pair model from its sources, its triple model when it takes one, and a line
    about each source for the licence file."""
    folded: dict[str, str | None] = {}

    def key_of(word: str) -> str | None:
        if word not in folded:
            key = fold(word)
            folded[word] = key if key in buckets else None
        return folded[word]

    pairs, triples, context_sources = book_context.language_counts(code, mirrors, key_of, code in TAKES_TRIPLES,
                                                                    MODERN_WEIGHT, fitting_sentences.held_out(mirrors, code))
    unigrams = english.log_unigrams(buckets)
    model = book_context.pair_model(pairs, unigrams, PAIR_DISCOUNT, MIN_PAIR_COUNT, MIN_PAIR_DIFFERENCE)
    triple_model = None
    if code in TAKES_TRIPLES:
        def pair_probability(first: str, second: str) -> float:
            listed = model.pairs.get((first, second))
            return listed if listed is not None else model.backoffs.get(first, 0) + unigrams[second]

        triple_model = book_context.triple_model(triples, pair_probability, PAIR_DISCOUNT, MIN_TRIPLE_COUNT,
                                                 MIN_TRIPLE_DIFFERENCE, MAX_TRIPLE_GAIN)
    return model, triple_model, context_sources


def book_forms(code: str, mirrors: Path, known: set[str], single_letters: str) -> set[str]:
    """The word forms of the language's books used BOOK_FORM_MIN_COUNT times in
    BOOK_FORM_MIN_FILES books or more whose keys the list lacks."""
    forms = set()
    for source in book_context.SOURCES[code]:
        if source.kind != "tei":
            continue
        occurrences, files = book_context.word_forms(mirrors, source)
        forms |= {form for form, value in occurrences.items()
                  if value >= BOOK_FORM_MIN_COUNT and files[form] >= BOOK_FORM_MIN_FILES
                  and is_written_word(form, single_letters) and fold(form) not in known}
    return forms


# The languages whose lists take their books' inflected forms.
TAKES_BOOK_FORMS = {"it"}


def main() -> None:
    mirrors = book_context.mirrors_argument("Generates the language packs other than English.", "the other languages")
    sources, licences, files = {}, {}, {}
    with tempfile.TemporaryDirectory() as folder:
        with english.downloaded(PACKAGE, folder) as archive:
            licences[PACKAGE] = english.licence_of(archive)
            for code in set(LANGUAGES) - FROM_SPACY:
                files[code] = f"spellchecker/resources/{code}.json.gz"
                sources[code] = json.loads(gzip.decompress(archive.read(files[code])))
        with english.downloaded(SPACY_PACKAGE, folder) as archive:
            licences[SPACY_PACKAGE] = english.licence_of(archive)
            for code in FROM_SPACY:
                files[code] = f"spacy_lookups_data/data/{code}_lexeme_prob.json.gz"
                sources[code] = cased_counts(json.loads(gzip.decompress(archive.read(files[code]))), keeps_capitals=code == "de")
    for code, repairs in REPAIRED_COUNTS.items():
        for word, like in repairs.items():
            sources[code][word] = sources[code][like]
    for code, (name, single_letters, left_out) in LANGUAGES.items():
        package = SPACY_PACKAGE if code in FROM_SPACY else PACKAGE
        if code in TAKES_BOOK_FORMS:
            known = {fold(word.lower()) for word in sources[code]}
            for form in book_forms(code, mirrors, known, single_letters):
                sources[code][form] = PYSPELLCHECKER_DICTIONARY_COUNT
        entries = folded_entries(sources[code], single_letters, left_out,
                                 SKIPPED_DIACRITIC_RATIO.get(code, DEFAULT_SKIPPED_DIACRITIC_RATIO),
                                 None if code in FROM_SPACY else PYSPELLCHECKER_DICTIONARY_COUNT)
        target = ROOT / "Sources" / f"StoryKit{name}Data"
        target.mkdir(parents=True, exist_ok=True)
        buckets = {key: english.count_step(count) for key, (count, _) in entries.items()}
        context, triples, context_sources = context_model(code, mirrors, buckets)
        packed = storykit_pack.write(language_pack(code, entries, buckets, context, triples))
        (target / f"{code}.skpack").write_bytes(packed)
        (target / f"{name}Pack.LICENSE").write_text(
            f"The {name} word frequencies in {code}.skpack come from {package}\n"
            f"(https://pypi.org/project/{package.split('==')[0]}/), file {files[code]},\n"
            f"under this licence:\n\n" + licences[package]
            + f"\n\nThe word pairs{' and triples' if triples else ''} in {code}.skpack"
            + (", and the word forms added from its books," if code in TAKES_BOOK_FORMS else "")
            + " are counts derived from these texts (no text is copied):\n"
            + context_sources + "\n", encoding="utf-8")
        print(f"{code}: {len(entries)} keys, {len(context.pairs)} pairs, {len(triples.triples) if triples else 0} triples, "
              f"{len(packed) // 1024} KiB")

if __name__ == "__main__":
    main()
