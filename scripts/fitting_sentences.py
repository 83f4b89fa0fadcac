"""The sentences of the generated fitting sets (scripts/generate-fitting-sets.py) and their
splits, shared with the pack generators: a pack's word pairs leave out the sets' sentences
(`held_out`), so the corrector is fitted and measured on text no pack has seen.

A sentence is a piece of a modern source's block (Tatoeba, Grade School Math, Common Voice)
cut after `.`, `!` or `?` (book_context.sentence_pieces) that is a plain sentence of 4 to 20
words. The split is by SHA-1 of the sentence: one in six to development, one in six to test,
the rest to train; development and test keep the SPLIT_SIZE first by hash, train the
TRAIN_SIZE first.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import book_context

SPLIT_SIZE = 5000
TRAIN_SIZE = 25000
SENTENCE = re.compile(r"[A-Z][A-Za-z',;:\- ]+[.!?]")


def is_sentence(candidate: str, language: str) -> bool:
    """A plain sentence: a capital first, letters and sentence punctuation (ASCII letters in
    English), a full stop, question or exclamation mark last (or, but in English, none)."""
    if language == "en":
        return bool(SENTENCE.fullmatch(candidate))
    # Spanish opens a question or an exclamation with ¿ or ¡; Common Voice's sentences often
    # end without a full stop.
    start = candidate.lstrip("¿¡")
    return (len(start) > 2 and start[0].isupper() and (candidate[-1] in ".!?" or candidate[-1].isalpha())
            and all(c.isalpha() or c in " ',;:-¿¡" for c in start[1:-1]))


def sentences(mirrors: Path, language: str) -> list[str]:
    """Every usable sentence of `language`, modern sources first, each once."""
    seen, kept = set(), []
    # Modern sentences only: the books (ELTeC's Victorian novels, Gutenberg's 1880s children's
    # books) write dialect (`nivver`, `Ebery`) that no writer of the apps types, and a
    # corrector that keeps it would be fitted to keep slips.
    for source in (source for source in book_context.SOURCES[language] if source.modern):
        for block in book_context.blocks(mirrors, source):
            for _, candidate in book_context.sentence_pieces(block):
                if not is_sentence(candidate, language) or "  " in candidate or "--" in candidate:
                    continue
                if not 4 <= len(candidate.split()) <= 20:
                    continue
                key = candidate.casefold()
                if key not in seen:
                    seen.add(key)
                    kept.append(candidate)
    return kept


def digest(sentence: str) -> str:
    return hashlib.sha1(sentence.encode("utf-8")).hexdigest()


def splits(found: list[str]) -> dict[str, list[str]]:
    """The sentences of each split ("train", "dev", "test"), in order of their hashes."""
    chosen: dict[str, list[str]] = {"train": [], "dev": [], "test": []}
    # Each hash once; no two sentences share one, so the order is the hashes'.
    for hashed, sentence in sorted((digest(sentence), sentence) for sentence in found):
        bucket = int(hashed[:8], 16) % 6
        split = "dev" if bucket == 4 else "test" if bucket == 5 else "train"
        if len(chosen[split]) < (TRAIN_SIZE if split == "train" else SPLIT_SIZE):
            chosen[split].append(sentence)
    return chosen


def held_out(mirrors: Path, language: str) -> frozenset[str]:
    """The sentences of `language`'s fitting set that its pack must not count: development
    and test, measured on; and train, fitted on, where a pack that had seen them would fit
    constants to context no writer's text gives (English train: 83.9% of slips fixed with
    them counted, 80.5% without, as on development). Where the train split is not full, it
    holds every other sentence of the sources (German, Spanish, Italian, Portuguese, Dutch),
    and it stays counted: without it a pack keeps its books' pairs alone (Dutch, no books,
    48 pairs of 2,125; German then joins `wie viel`)."""
    chosen = splits(sentences(mirrors, language))
    held_out_splits = ("dev", "test") if len(chosen["train"]) < TRAIN_SIZE else ("train", "dev", "test")
    return frozenset(sentence for split in held_out_splits for sentence in chosen[split])
