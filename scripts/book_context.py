"""Word-pair context for the offline corrector's language packs, counted from public-domain
books and CC0 sentences (used by scripts/generate-language-packs.py).

Only counts leave this module: the texts are read from local mirrors of the repositories
below, each pinned to a commit, and never copied. The mirrors live in one folder, each
repository as `<owner>+<name>/repo` (a bare or ordinary git repository); see `--sources` in
generate-language-packs.py.

Extraction. TEI files give the running text of `<text>` only: the header, notes, headings,
speakers, stage directions and passages marked foreign are left out. Sentence files give one
sentence per line. Two words count as a pair only when nothing but spaces separates them, as
the corrector reads context: punctuation, an apostrophe or a block's end breaks it.

Old spellings. A word counts only when its key (lower case, letters folded to a-z) is a key of
the pack's modern word list, so the books add no word and no spelling: ELTeC-deu's `daß` is
the key `dass`, written `dass`; Italian `perchè` is `perche`, written `perché`.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

TEI = "{http://www.tei-c.org/ns/1.0}"
ELTEC_LICENCE = ("ELTeC (COST Action CA16204, Distant Reading for European Literary History): the texts are in "
                 "the public domain; the TEI markup is under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)")
ELTEC_FRA_LICENCE = ("ELTeC-fra: the texts are in the public domain; no claim to copyright is made for the "
                     "transcription and encoding (the repository's README)")
COMMON_VOICE_LICENCE = "Common Voice sentence files: CC0 1.0 (server/data/LICENSE)"
GERDRACOR_LICENCE = "GerDraCor (German Drama Corpus): CC0 (the repository's README)"
GUTENBERG_LICENCE = ("Project Gutenberg texts of 1880s children's books: public domain; the Project Gutenberg "
                     "header and footer, the only part under its trademark licence, are left out")
TATOEBA_LICENCE = "Tatoeba sentences: CC BY 2.0 FR (https://creativecommons.org/licenses/by/2.0/fr/; the repository's README)"
GSM_LICENCE = "Grade School Math 8K: MIT (the repository's LICENSE, Copyright (c) 2021 OpenAI)"


@dataclass(frozen=True)
class Source:
    """A folder of one repository at one commit."""

    repo: str
    commit: str
    folders: tuple[str, ...]
    kind: str  # "tei", "lines", "gutenberg" (plain text), "tatoeba" (JSON of example sentences) or "gsm" (JSON lines)
    licence: str
    # Modern sentences rather than old books: weighted by MODERN_WEIGHT.
    modern: bool = False
    # Paths left out (a substring of the path).
    excluded: tuple[str, ...] = ()


def _eltec(language: str, commit: str, licence: str = ELTEC_LICENCE) -> Source:
    # level1/ holds the corpus; level1/Bounced/ the files that failed its schema.
    return Source(f"COST-ELTeC/ELTeC-{language}", commit, ("level1/",), "tei", licence, excluded=("/Bounced/",))


def _common_voice(code: str, files: tuple[str, ...]) -> Source:
    return Source("skanderbenalaya/common-voice", "26249db69c2db684e9629e61ef8d5dc353df11f5",
                  tuple(f"server/data/{code}/{name}" for name in files), "lines", COMMON_VOICE_LICENCE, modern=True)


SOURCES: dict[str, list[Source]] = {
    "en": [Source("jrladd/childrensfiction", "0a239a5e38593669653f12b1349b8f96a2227022", ("texts/",), "gutenberg",
                  GUTENBERG_LICENCE),
           Source("COST-ELTeC/ELTeC-eng", "3db3b6738a836f0e1b276b6c9703e42f4297f978", ("level1/",), "tei", ELTEC_LICENCE,
                  excluded=("/Bounced/",)),
           Source("koichincom/process-tatoeba", "d033d6984e91cabacc2cccada7a6e728c18c6a7a", ("output/",), "tatoeba",
                  TATOEBA_LICENCE, modern=True),
           Source("openai/grade-school-math", "3101c7d5072418e28b9008a6636bde82a006892c",
                  ("grade_school_math/data/train.jsonl", "grade_school_math/data/test.jsonl"), "gsm", GSM_LICENCE,
                  modern=True),
           _common_voice("en", ("",))],
    "es": [_eltec("spa", "83e2a22d5ef66f96e59f47f7ef810358c4236322"),
           _common_voice("es", ("sentence-collector.txt",))],
    "fr": [_eltec("fra", "83f0a43fdb967cd1db646027a1a237307e4924a1", ELTEC_FRA_LICENCE),
           _common_voice("fr", ("",)),
           Source("common-voice/commonvoice-fr", "4b9437a5622d5d5b548438bf25968aedb621d58b",
                  tuple(f"CommonVoice-Data/data/{folder}/" for folder in
                        ("debats-assemblee-nationale", "gutenberg", "libretheatre", "wikisource")),
                  "lines", "CommonVoice-Data: CC0 sentences from public-domain and CC0 texts (CommonVoice-Data/README.md)",
                  modern=True)],
    "de": [_eltec("deu", "d1eed488bd579ee95151b1a291a0056a90c36fa4"),
           Source("dracor-org/gerdracor", "1a985284303b4338acb7a6deb51d4c81cc621d2e", ("tei/",), "tei", GERDRACOR_LICENCE),
           _common_voice("de", ("",))],
    "it": [_eltec("ita", "100a4851ed1a1092f082c0ecd109f621c8f62ed4"),
           _common_voice("it", ("frasi.txt", "sentence-collector.txt"))],
    "pt": [_eltec("por", "8886868916311001a8a8dd99aa6f18f6a2c68408"),
           _common_voice("pt", ("sentence-collector.txt",))],
    "nl": [_common_voice("nl", ("danielsjf.txt", "pcmill.txt", "sentence-collector.txt"))],
}
# Common Voice's French folder also holds street addresses, and its German one lists of place
# names: neither is running text.
_NOT_TEXT = ("addresses", "countries-and-cities", "german-cities", "singleword-benchmark", "wiki.", ".json", "LICENSE")

# Elements whose text is not the work's running text.
_SKIPPED = {f"{TEI}{name}" for name in ("teiHeader", "note", "head", "speaker", "stage", "fw", "foreign", "castList",
                                         "front", "back", "figure", "gap", "trailer", "docAuthor", "docTitle", "titlePage")}
# Elements that end a block of text: no pair spans two.
_BLOCKS = {f"{TEI}{name}" for name in ("p", "l", "lg", "ab", "div", "sp", "quote", "item", "list", "table", "cell", "row")}
_WORD = re.compile(r"[^\W\d_]+")


def mirrors_argument(description: str, languages: str) -> Path:
    """The generators' one argument, `--sources MIRRORS`: the folder holding each repository
    SOURCES lists for `languages`, as `<owner>+<name>/repo`; exits with usage when it is not one."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--sources", type=Path, required=True,
                        help=f"folder of the mirrored repositories book_context.SOURCES lists for {languages}, "
                             "as <owner>+<name>/repo")
    mirrors = parser.parse_args().sources
    if not mirrors.is_dir():
        parser.error(f"--sources: {mirrors} is not a folder")
    return mirrors


class MissingSource(RuntimeError):
    pass


def _repository(mirrors: Path, repo: str) -> Path:
    folder = mirrors / repo.replace("/", "+") / "repo"
    if not folder.exists():
        raise MissingSource(f"{repo} is not mirrored: expected {folder}")
    return folder


def _files(mirrors: Path, source: Source) -> Iterator[bytes]:
    """The contents of the source's files, in path order (files absent from the mirror skipped)."""
    repository = _repository(mirrors, source.repo)
    found = subprocess.run(["git", "-C", str(repository), "cat-file", "-e", f"{source.commit}^{{commit}}"])
    if found.returncode != 0:
        raise MissingSource(f"{source.repo}: commit {source.commit} is not in {repository}")
    listing = subprocess.run(["git", "-C", str(repository), "ls-tree", "-r", source.commit], check=True,
                             capture_output=True, text=True).stdout.splitlines()
    paths = []
    for line in listing:
        meta, path = line.split("\t", 1)
        if any(path.startswith(folder) for folder in source.folders) and not any(part in path for part in source.excluded):
            if source.kind == "tei" and not path.endswith(".xml"):
                continue
            if source.kind in ("lines", "gutenberg") and (not path.endswith(".txt")
                                                          or any(part in path for part in _NOT_TEXT)):
                continue
            paths.append((path, meta.split()[2]))
    with subprocess.Popen(["git", "-C", str(repository), "cat-file", "--batch"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE) as batch:
        for _, blob in sorted(paths):
            batch.stdin.write(f"{blob}\n".encode())
            batch.stdin.flush()
            header = batch.stdout.readline().split()
            if len(header) < 3 or header[1] != b"blob":
                continue  # the mirror dropped it (a large file)
            content = batch.stdout.read(int(header[2]))
            batch.stdout.read(1)
            yield content
        batch.stdin.close()


def _tei_blocks(content: bytes) -> Iterator[str]:
    """The running text of a TEI file's (first) `<text>`, block by block."""
    text = ElementTree.fromstring(content).find(f".//{TEI}text")
    if text is None:
        return
    pieces: list[str] = []

    def walk(element: ElementTree.Element) -> Iterator[str]:
        if element.tag in _SKIPPED:
            pieces.append(" | ")
        else:
            if element.text:
                pieces.append(element.text)
            for child in element:
                yield from walk(child)
            if element.tag in _BLOCKS:
                yield "".join(pieces)
                pieces.clear()
        if element.tail:
            pieces.append(element.tail)

    yield from walk(text)
    yield "".join(pieces)


_GUTENBERG_START = re.compile(r"\*\*\* ?START OF[^*]*\*\*\*")
_GUTENBERG_END = re.compile(r"\*\*\* ?END OF|End of (the )?Project Gutenberg")


def _gutenberg_blocks(text: str) -> list[str]:
    """A Project Gutenberg text without its header and footer, split where the text has a line
    break or a run of spaces (these files hold a book on one line, paragraphs two spaces apart)."""
    if start := _GUTENBERG_START.search(text):
        text = text[start.end():]
    if end := _GUTENBERG_END.search(text):
        text = text[:end.start()]
    return re.split(r"\n|  +", text)


def blocks(mirrors: Path, source: Source) -> Iterator[str]:
    """The source's running text, block by block (a paragraph, a verse line, a sentence)."""
    if source.kind == "tatoeba":
        # Each file lists example sentences per word, so a sentence recurs under its words.
        sentences = {sentence for content in _files(mirrors, source)
                     for examples in json.loads(content).values() for sentence in examples}
        yield from sorted(sentences)
        return
    for content in _files(mirrors, source):
        if source.kind == "tei":
            yield from _tei_blocks(content)
        elif source.kind == "gutenberg":
            yield from _gutenberg_blocks(content.decode("utf-8", errors="replace"))
        elif source.kind == "gsm":
            for line in content.decode("utf-8").splitlines():
                problem = json.loads(line)
                yield problem["question"]
                # The answers' calculator markup (<<48/2=24>>) is not text.
                yield from re.sub(r"<<[^>]*>>", "", problem["answer"]).splitlines()
        else:
            yield from content.decode("utf-8", errors="replace").splitlines()


def sentence_pieces(block: str) -> list[tuple[str, str]]:
    """The block's sentences, cut after `.`, `!` or `?` with its white space made single: each
    as it stands and as the fitting sets write it (outer quotation marks off, `’` as `'`)."""
    pieces = re.split(r"(?<=[.!?])\s+", " ".join(block.split()))
    return [(piece, piece.strip().strip('"').replace("’", "'")) for piece in pieces]


def without_sentences(texts: Iterator[str], held_out: frozenset[str]) -> Iterator[str]:
    """`texts` without the sentences of `held_out`: a block that holds one goes on as its
    other sentences, each a block of its own (no pair spans a sentence's end anyway)."""
    for block in texts:
        pieces = sentence_pieces(block)
        if not any(written in held_out for _, written in pieces):
            yield block
            continue
        yield from (piece for piece, written in pieces if written not in held_out)


@dataclass
class Counts:
    words: Counter
    pairs: Counter
    triples: Counter
    running_words: int = 0


def count(texts: Iterator[str], key_of: Callable[[str], str | None], triples: bool = False) -> Counts:
    """Words, adjacent pairs and (with `triples`) adjacent triples by key; `key_of` maps a
    lower-case word to its key, or None."""
    counts = Counts(Counter(), Counter(), Counter())
    for block in texts:
        earlier, previous, previous_end = None, None, -1
        for match in _WORD.finditer(block):
            key = key_of(match.group().lower())
            counts.running_words += 1
            if previous_end >= 0 and not block[previous_end:match.start()].isspace():
                earlier = previous = None
            if key is not None:
                counts.words[key] += 1
                if previous is not None:
                    counts.pairs[(previous, key)] += 1
                    if triples and earlier is not None:
                        counts.triples[(earlier, previous, key)] += 1
            earlier, previous, previous_end = (previous, key, match.end()) if key is not None else (None, None, match.end())
    return counts


def language_counts(code: str, mirrors: Path, key_of: Callable[[str], str | None], triples: bool,
                    modern_weight: float, held_out: frozenset[str]) -> tuple[Counter, Counter, str]:
    """The pairs and (with `triples`) triples of every source of `code`, a modern source's
    counts weighing `modern_weight` times a book's, and a line about each source for the
    licence file. The sentences of `held_out` (the fitting sets', scripts/fitting_sentences.py)
    are not counted."""
    pairs, triple_counts, lines = Counter(), Counter(), []
    for source in SOURCES[code]:
        texts = blocks(mirrors, source)
        counts = count(without_sentences(texts, held_out) if source.modern else texts, key_of, triples)
        weight = modern_weight if source.modern else 1
        for pair, value in counts.pairs.items():
            pairs[pair] += weight * value
        for triple, value in counts.triples.items():
            triple_counts[triple] += weight * value
        lines.append(f"- {source.repo} at {source.commit}, {', '.join(source.folders)}: "
                     f"{counts.running_words:,} running words. {source.licence}.")
    return pairs, triple_counts, "\n".join(lines)


@dataclass
class PairModel:
    """Conditional log10 probabilities of the kept pairs, and each first word's back-off weight."""

    pairs: dict[tuple[str, str], float]
    backoffs: dict[str, float]


def pair_model(pairs: Counter, log_unigram: dict[str, float], discount: float, min_count: int,
               min_difference: float) -> PairModel:
    """An absolute-discounting back-off bigram model: a pair seen `min_count` times or more has
    P(w | v) = (c(v, w) - discount) / c(v); the rest of v's mass goes to the words' own
    probabilities (the pack's), scaled by v's back-off weight. A pair is kept only when its
    probability differs from that back-off estimate by `min_difference` decades."""
    kept, backoffs = _back_off(Counter({((first,), second): value for (first, second), value in pairs.items()}),
                               lambda _, word: log_unigram[word], discount, min_count, min_difference, math.inf)
    return PairModel({(context[0], word): value for (context, word), value in kept.items()},
                     {context[0]: value for context, value in backoffs.items()})


@dataclass
class TripleModel:
    """Conditional log10 probabilities of the kept triples, and each context pair's back-off weight."""

    triples: dict[tuple[str, str, str], float]
    backoffs: dict[tuple[str, str], float]


def triple_model(triples: Counter, pair_probability: Callable[[str, str], float], discount: float, min_count: int,
                 min_difference: float, max_gain: float) -> TripleModel:
    """An absolute-discounting back-off trigram model over `pair_probability` (log10 P(w | v)),
    as `pair_model` is over single words. A kept triple's probability is capped at `max_gain`
    decades above its back-off estimate: a triple seen a few times must not outweigh the slips
    of a correctly typed word whose own triple was too rare to keep ("fed the birds" read as
    "feed the birds")."""
    kept, backoffs = _back_off(Counter({((first, second), third): value for (first, second, third), value in triples.items()}),
                               lambda context, word: pair_probability(context[-1], word), discount, min_count,
                               min_difference, max_gain)
    return TripleModel({(*context, word): value for (context, word), value in kept.items()}, backoffs)


def _back_off(counts: Counter, estimate: Callable[[tuple, str], float], discount: float, min_count: int,
              min_difference: float, max_gain: float) -> tuple[dict, dict]:
    """Absolute discounting over (context, word) counts: log10 P(word | context) of the kept
    entries, and each context's log10 back-off weight onto `estimate`."""
    totals: Counter = Counter()
    for (context, _), value in counts.items():
        totals[context] += value
    by_context: dict[tuple, list[tuple[str, float]]] = {}
    for (context, word), value in counts.items():
        if value >= min_count:
            by_context.setdefault(context, []).append((word, (value - discount) / totals[context]))
    kept_entries: dict = {}
    backoffs: dict = {}
    for context, words in by_context.items():
        estimates = {word: estimate(context, word) for word, _ in words}

        def weight_of(kept: list[tuple[str, float]]) -> float:
            mass = sum(probability for _, probability in kept)
            base = sum(10 ** estimates[word] for word, _ in kept)
            return math.log10(max(1 - mass, 1e-9) / max(1 - base, 1e-9))

        kept = words
        for _ in range(2):
            weight = weight_of(kept)
            kept = [(word, probability) for word, probability in words
                    if abs(math.log10(probability) - (weight + estimates[word])) >= min_difference]
        if not kept:
            continue
        weight = backoffs[context] = weight_of(kept)
        for word, probability in kept:
            kept_entries[(context, word)] = min(math.log10(probability), weight + estimates[word] + max_gain)
    return kept_entries, backoffs


def word_forms(mirrors: Path, source: Source) -> tuple[Counter, Counter]:
    """Every lower-case word form of a TEI source: how often it occurs, and in how many files."""
    occurrences, files = Counter(), Counter()
    for content in _files(mirrors, source):
        forms = Counter(match.group().lower() for block in _tei_blocks(content) for match in _WORD.finditer(block))
        occurrences.update(forms)
        files.update(forms.keys())
    return occurrences, files
