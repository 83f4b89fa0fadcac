"""Writes and reads the offline corrector's language packs (`.skpack`), the format that
docs/language-pack-format.md describes byte by byte.

The generators (generate-word-frequencies.py, generate-language-packs.py) build a `Pack` and
call `write`; the library reads the bytes in place. It ships in the wheel, and is a command:

    python3 -m storykit.pack build WORDS -o PACK --language ca [--pairs PAIRS] [--rules RULES]
    python3 -m storykit.pack dump PACK      # the pack as text keyed by word
    python3 -m storykit.pack check PACK     # validate, print a summary

`build` makes a pack from a word-count file (`word count` a line, tab or space between, as
public frequency lists are written), with optional pair counts (`first second count`) and
rules (a JSON object of rule names to lists of values); docs/language-pack-format.md shows a
pack built and loaded. `scripts/storykit_pack.py` runs this module from the repository.

`dump` prints one line per word (`word<TAB>count step<TAB>spellings`), one per word pair
(`first second<TAB>step`) and the rules, sorted, so that `git diff` of two packs shows the
words that changed: `.gitattributes` names it as the textconv of `*.skpack` (run
`git config diff.skpack.textconv "python3 scripts/storykit_pack.py dump"` once per clone).
"""

from __future__ import annotations

import math
import struct
import sys
import unicodedata
import zlib
from dataclasses import dataclass, field
from pathlib import Path

MAGIC = b"SKPACK\r\n"
VERSION = 1
HEADER = struct.Struct("<8sIIQII")  # magic, version, section count, length, crc32, reserved
DIRECTORY_ENTRY = struct.Struct("<4sIII")  # tag, reserved, offset, length
ALIGNMENT = 8
# A state: letters (bits 0-25), word (26), suggested (27), shortest (28-33), longest (34-39),
# first edge (40-63).
MAX_BELOW = 63
MAX_EDGES = 1 << 24
PAIR_BUCKET_BITS = 7
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class Pack:
    """A language's data, by word (the keys: lower-case a-z, as the corrector looks words up)."""

    language: str
    steps_per_decade: int
    # key -> count step (round(log10(count) x steps_per_decade)), 0-255
    buckets: dict[str, int]
    # key -> spellings, commonest first, for the keys written otherwise (diacritics, capitals)
    spellings: dict[str, list[str]] = field(default_factory=dict)
    # keys the corrector never offers as a reading
    never_suggested: set[str] = field(default_factory=set)
    # first key -> back-off step; back-off = step / steps_per_decade - backoff_offset
    backoffs: dict[str, int] = field(default_factory=dict)
    backoff_offset: int = 0
    # (first, second) -> step of -log10 P(second | first), below 2^PAIR_BUCKET_BITS
    pairs: dict[tuple[str, str], int] = field(default_factory=dict)
    # (first, second) -> back-off step of the pair as a context, as `backoffs`
    triple_backoffs: dict[tuple[str, str], int] = field(default_factory=dict)
    # (first, second, third) -> step of -log10 P(third | first, second), below 2^PAIR_BUCKET_BITS
    triples: dict[tuple[str, str, str], int] = field(default_factory=dict)
    # (british, american) spellings of one word
    variants: list[tuple[str, str]] = field(default_factory=list)
    # rule name -> values (see docs/language-pack-format.md, section RULE)
    rules: dict[str, list[str]] = field(default_factory=dict)


class PackError(ValueError):
    pass


def _align(data: bytearray) -> None:
    data.extend(b"\0" * (-len(data) % ALIGNMENT))


def _automaton(keys: list[str], suggested: list[bool]) -> tuple[list[tuple], int]:
    """The minimal acyclic automaton of the sorted keys, as (is_word, is_suggested, edges)
    states, edges a tuple of (letter, state) in letter order; returns the states and the root.
    A state is shared by every prefix whose continuations (and their suggestibility) are the
    same, which is what makes inflected word lists small."""
    register: dict[tuple, int] = {}
    states: list[tuple] = []

    def freeze(is_word: bool, is_suggested: bool, edges: list[tuple[str, int]]) -> int:
        signature = (is_word, is_suggested, tuple(edges))
        state = register.get(signature)
        if state is None:
            state = len(states)
            states.append(signature)
            register[signature] = state
        return state

    # The path of the previous key, not yet frozen: [letter, is_word, is_suggested, edges].
    path: list[list] = [[None, False, False, []]]

    def freeze_below(depth: int) -> None:
        while len(path) > depth + 1:
            letter, is_word, is_suggested, edges = path.pop()
            path[-1][3].append((letter, freeze(is_word, is_suggested, edges)))

    previous = ""
    for key, is_suggested in zip(keys, suggested):
        if key <= previous and previous:
            raise PackError(f"keys not sorted or repeated at {key!r}")
        shared = 0
        while shared < min(len(key), len(previous)) and key[shared] == previous[shared]:
            shared += 1
        freeze_below(shared)
        for letter in key[shared:]:
            path.append([letter, False, False, []])
        path[-1][1] = True
        path[-1][2] = is_suggested
        previous = key
    freeze_below(0)
    root = freeze(path[0][1], path[0][2], path[0][3])
    return states, root


# Letters that fold to two (LetterFolding.swift holds the same).
SPECIAL_FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe"}
SPELLING_BLOCK = 32


def folded_letter(character: str) -> str:
    """The key letters `character` stands for (`É` -> `e`, `ß` -> `ss`)."""
    lower = character.lower()
    if lower in SPECIAL_FOLDS:
        return SPECIAL_FOLDS[lower]
    return "".join(c for c in unicodedata.normalize("NFD", lower) if not unicodedata.combining(c))


def _edits(key: str, spelling: str) -> list[tuple[int, str, int]]:
    """`spelling` as edits of `key`: (position, written, key letters it stands for)."""
    edits, position = [], 0
    for character in spelling:
        letters = folded_letter(character)
        if key[position:position + len(letters)] != letters or not letters:
            raise PackError(f"spelling {spelling!r} does not fold to its key {key!r}")
        if character != letters:
            edits.append((position, character, len(letters)))
        position += len(letters)
    if position != len(key):
        raise PackError(f"spelling {spelling!r} does not fold to its key {key!r}")
    return edits


def _spellings_section(spellings: dict[str, list[str]], keys: list[str]) -> bytes:
    """SPEL: the spellings of the words written otherwise than their key, as edits of the key
    (docs/language-pack-format.md)."""
    index = {key: position for position, key in enumerate(keys)}
    edited = {key: [_edits(key, spelling) for spelling in written] for key, written in spellings.items()}
    replacements = sorted({(character, length) for edits in edited.values() for spelling in edits
                           for _, character, length in spelling})
    if len(replacements) > 255:
        raise PackError("more than 255 distinct replacements")
    replacement_id = {replacement: number for number, replacement in enumerate(replacements)}
    table, text = bytearray(), bytearray()
    for character, length in replacements:
        encoded = character.encode("utf-8")
        table += struct.pack("<HBB", len(text), length, len(encoded))
        text += encoded
    blocks = bytearray()
    entries = bytearray()
    words = sorted(edited, key=index.__getitem__)
    cursor = 0
    for block_start in range(0, len(keys), SPELLING_BLOCK):
        bitmap, offset = 0, len(entries)
        while cursor < len(words) and index[words[cursor]] < block_start + SPELLING_BLOCK:
            key = words[cursor]
            bitmap |= 1 << (index[key] - block_start)
            if not 1 <= len(edited[key]) <= 255:
                raise PackError(f"{key!r} has {len(edited[key])} spellings")
            entries.append(len(edited[key]))
            for edits in edited[key]:
                entries.append(len(edits))
                for position, character, length in edits:
                    entries += bytes((position, replacement_id[(character, length)]))
            cursor += 1
        blocks += struct.pack("<II", bitmap, offset)
    body = struct.pack("<IIII", len(words), len(replacements), len(text), len(entries))
    body += bytes(table) + bytes(text)
    body += b"\0" * (-len(body) % 4)
    return body + bytes(blocks) + bytes(entries)


def _read_spellings(body: bytes, keys: list[str]) -> dict[str, list[str]]:
    count, replacement_count, text_size, _ = struct.unpack_from("<IIII", body)
    replacements = []
    text_start = 16 + 4 * replacement_count
    for number in range(replacement_count):
        offset, length, size = struct.unpack_from("<HBB", body, 16 + 4 * number)
        replacements.append((body[text_start + offset:text_start + offset + size].decode("utf-8"), length))
    blocks_start = text_start + text_size
    blocks_start += -blocks_start % 4
    block_count = (len(keys) + SPELLING_BLOCK - 1) // SPELLING_BLOCK
    position = blocks_start + 8 * block_count
    spellings = {}
    for block in range(block_count):
        bitmap, _ = struct.unpack_from("<II", body, blocks_start + 8 * block)
        for bit in range(SPELLING_BLOCK):
            if not bitmap >> bit & 1:
                continue
            key = keys[block * SPELLING_BLOCK + bit]
            written = []
            for _ in range(body[position]):
                position += 1
                edits = body[position]
                spelling, consumed = "", 0
                for edit in range(edits):
                    at, replacement = body[position + 1 + 2 * edit], body[position + 2 + 2 * edit]
                    character, length = replacements[replacement]
                    spelling += key[consumed:at] + character
                    consumed = at + length
                written.append(spelling + key[consumed:])
                position += 2 * edits
            position += 1
            spellings[key] = written
    if len(spellings) != count:
        raise PackError("section SPEL is malformed")
    return spellings


def _entry_width(word_count: int) -> int:
    """The bytes of a PAIR or TRIP entry: 3 while the word numbers fit above the step."""
    return 3 if word_count < 1 << (24 - PAIR_BUCKET_BITS) else 4


def _entry(word: int, step: int, width: int) -> bytes:
    """A PAIR or TRIP entry: the word's number above the step."""
    if not 0 <= step < 1 << PAIR_BUCKET_BITS:
        raise PackError(f"conditional probability step {step} out of range")
    return (word << PAIR_BUCKET_BITS | step).to_bytes(width, "little")


def _read_entry(body: bytes, start: int, width: int, entry: int) -> tuple[int, int]:
    """Entry `entry` of the entries at `start`: the word's number and the step."""
    value = int.from_bytes(body[start + width * entry:start + width * (entry + 1)], "little")
    return value >> PAIR_BUCKET_BITS, value & ((1 << PAIR_BUCKET_BITS) - 1)


def _triples_section(pack: Pack, keys: list[str], index: dict[str, int]) -> bytes:
    """TRIP: the context count, the triple count, the entry width; per context (a pair of
    words, in increasing order) its first word, its second word, the first of its entries
    (one more start closes the last) and its back-off step; then the entries, as PAIR's."""
    width = _entry_width(len(keys))
    neutral = pack.backoff_offset * pack.steps_per_decade
    contexts = sorted({(index[first], index[second]) for first, second, _ in pack.triples})
    ordered = sorted(((index[first], index[second], index[third]), step)
                     for (first, second, third), step in pack.triples.items())
    starts, entries, context = [], bytearray(), -1
    for position, ((first, second, third), step) in enumerate(ordered):
        while context < 0 or contexts[context] != (first, second):
            context += 1
            starts.append(position)
        entries += _entry(third, step, width)
    starts.append(len(ordered))
    backoffs = bytes(pack.triple_backoffs.get((keys[first], keys[second]), neutral) for first, second in contexts)
    body = struct.pack("<III", len(contexts), len(ordered), width)
    body += struct.pack(f"<{len(contexts)}I", *(first for first, _ in contexts))
    body += struct.pack(f"<{len(contexts)}I", *(second for _, second in contexts))
    body += struct.pack(f"<{len(starts)}I", *starts) + backoffs
    body += b"\0" * (-len(body) % 4) + bytes(entries) + b"\0" * (4 - width)
    return body


def _read_triples(body: bytes, keys: list[str], pack: Pack) -> None:
    contexts, count, width = struct.unpack_from("<III", body)
    firsts = struct.unpack_from(f"<{contexts}I", body, 12)
    seconds = struct.unpack_from(f"<{contexts}I", body, 12 + 4 * contexts)
    starts = struct.unpack_from(f"<{contexts + 1}I", body, 12 + 8 * contexts)
    backoff_start = 12 + 12 * contexts + 4
    entry_start = backoff_start + contexts
    entry_start += -entry_start % 4
    for context in range(contexts):
        first, second = keys[firsts[context]], keys[seconds[context]]
        pack.triple_backoffs[(first, second)] = body[backoff_start + context]
        for entry in range(starts[context], starts[context + 1]):
            third, step = _read_entry(body, entry_start, width, entry)
            pack.triples[(first, second, keys[third])] = step


def write(pack: Pack) -> bytes:
    """The pack's bytes. Deterministic: the same `Pack` gives the same bytes."""
    keys = sorted(pack.buckets)
    for key in keys:
        if not key or any(letter not in LETTERS for letter in key):
            raise PackError(f"key {key!r} is not lower-case a-z")
    index = {key: position for position, key in enumerate(keys)}
    states, root = _automaton(keys, [key not in pack.never_suggested for key in keys])

    # Number the states breadth-first from the root, each state numbered by the first that
    # leads to it: a state's children then mostly lie side by side, as in a trie, which the
    # candidate search reads faster than children spread over the table.
    order = [root]
    seen = {root}
    for state in order:
        for _, child in states[state][2]:
            if child not in seen:
                seen.add(child)
                order.append(child)
    number = {state: position for position, state in enumerate(order)}

    words_below = [0] * len(states)
    shortest = [0] * len(states)
    longest = [0] * len(states)
    # `states` lists every state after its children (they are frozen first).
    for state in range(len(states)):
        is_word, _, edges = states[state]
        words_below[state] = int(is_word) + sum(words_below[child] for _, child in edges)
        shortest[state] = 0 if is_word else min(shortest[child] + 1 for _, child in edges)
        longest[state] = max([longest[child] + 1 for _, child in edges], default=0)
        if longest[state] > MAX_BELOW:
            raise PackError(f"a key is longer than {MAX_BELOW} letters")

    # An edge: the target state (state_bits) and, above it, how many words of the source state
    # come before the target's (word_bits), in the fewest whole bytes.
    state_bits = max(1, (len(order) - 1).bit_length())
    word_bits = max(1, len(keys).bit_length())
    edge_width = (state_bits + word_bits + 7) // 8
    if edge_width > 8:
        raise PackError("too many states and words for an 8-byte edge")
    state_bytes = bytearray()
    edge_bytes = bytearray()
    edge_count = 0
    for state in order:
        is_word, is_suggested, edges = states[state]
        letters = 0
        before = int(is_word)
        for letter, child in edges:
            letters |= 1 << (ord(letter) - ord("a"))
            edge_bytes += (number[child] | before << state_bits).to_bytes(edge_width, "little")
            before += words_below[child]
        value = (letters | int(is_word) << 26 | int(is_word and is_suggested) << 27 | shortest[state] << 28
                 | longest[state] << 34 | edge_count << 40)
        state_bytes += struct.pack("<Q", value)
        edge_count += len(edges)
    if edge_count >= MAX_EDGES:
        raise PackError("too many edges")

    sections: list[tuple[bytes, bytes]] = []
    language = pack.language.encode("ascii")
    if not 2 <= len(language) <= 8:
        raise PackError("language tag must have 2 to 8 characters")
    sections.append((b"META", struct.pack("<8sIIIIII", language.ljust(8, b"\0"), len(keys), pack.steps_per_decade,
                                          len(order), edge_count, state_bits, edge_width)))
    sections.append((b"STAT", bytes(state_bytes)))
    # Readers load an edge as 8 bytes: the padding keeps the last one inside the section.
    sections.append((b"EDGE", bytes(edge_bytes) + b"\0" * (8 - edge_width)))
    buckets = bytes(pack.buckets[key] for key in keys)
    sections.append((b"FREQ", buckets))
    # How many words have each step: the total count, from which every probability follows,
    # without reading FREQ through.
    histogram = [0] * 256
    for step in buckets:
        histogram[step] += 1
    sections.append((b"HIST", struct.pack("<256I", *histogram)))

    if pack.spellings:
        sections.append((b"SPEL", _spellings_section(pack.spellings, keys)))

    if pack.pairs or pack.backoffs:
        width = _entry_width(len(keys))
        starts = [0] * (len(keys) + 1)
        ordered = sorted(((index[first], index[second]), step) for (first, second), step in pack.pairs.items())
        entries = bytearray()
        for (first, second), step in ordered:
            starts[first + 1] += 1
            entries += _entry(second, step, width)
        for position in range(len(keys)):
            starts[position + 1] += starts[position]
        neutral = pack.backoff_offset * pack.steps_per_decade
        backoffs = bytes(pack.backoffs.get(key, neutral) for key in keys)
        body = struct.pack("<III", len(ordered), width, pack.backoff_offset)
        body += struct.pack(f"<{len(starts)}I", *starts) + backoffs
        # Readers load an entry as 4 bytes: the padding keeps the last one inside the section.
        body += b"\0" * (-len(body) % 4) + bytes(entries) + b"\0" * (4 - width)
        sections.append((b"PAIR", body))

    if pack.triples:
        sections.append((b"TRIP", _triples_section(pack, keys, index)))

    if pack.variants:
        counterpart: dict[int, int] = {}
        for british, american in pack.variants:
            counterpart[index[british]] = index[american] | 1 << 31
            counterpart[index[american]] = index[british]
        body = struct.pack("<I", len(counterpart))
        for word in sorted(counterpart):
            body += struct.pack("<II", word, counterpart[word])
        sections.append((b"VARS", body))

    if pack.rules:
        body = bytearray()
        for name in sorted(pack.rules):
            values = pack.rules[name]
            body += name.encode("ascii") + b"\0" + struct.pack("<H", len(values))
            for value in values:
                if "\0" in value:
                    raise PackError(f"rule {name} has a NUL")
                body += value.encode("utf-8") + b"\0"
        sections.append((b"RULE", bytes(body)))

    data = bytearray(HEADER.size + DIRECTORY_ENTRY.size * len(sections))
    _align(data)
    directory = []
    for tag, body in sections:
        directory.append((tag, len(data), len(body)))
        data += body
        _align(data)
    for position, (tag, offset, length) in enumerate(directory):
        DIRECTORY_ENTRY.pack_into(data, HEADER.size + position * DIRECTORY_ENTRY.size, tag, 0, offset, length)
    checksum = zlib.crc32(bytes(data[HEADER.size:]))
    HEADER.pack_into(data, 0, MAGIC, VERSION, len(sections), len(data), checksum, 0)
    return bytes(data)


def read(data: bytes) -> Pack:
    """The `Pack` that `write` made `data` from, after checking its header and checksum."""
    if len(data) < HEADER.size:
        raise PackError("shorter than a pack header")
    magic, version, count, length, checksum, _ = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise PackError("not a StoryKit language pack")
    if version != VERSION:
        raise PackError(f"pack format version {version}; this reader reads version {VERSION}")
    if length != len(data):
        raise PackError(f"pack says {length} bytes, has {len(data)}")
    if zlib.crc32(data[HEADER.size:]) != checksum:
        raise PackError("checksum mismatch: the pack is damaged")
    sections = {}
    for position in range(count):
        tag, _, offset, size = DIRECTORY_ENTRY.unpack_from(data, HEADER.size + position * DIRECTORY_ENTRY.size)
        sections[tag] = data[offset:offset + size]
    language, word_count, steps, state_count, _, state_bits, edge_width = struct.unpack_from("<8sIIIIII", sections[b"META"])
    states = [struct.unpack_from("<Q", sections[b"STAT"], 8 * state)[0] for state in range(state_count)]
    edges = sections[b"EDGE"]

    keys: list[str] = []
    never: set[str] = set()

    def walk(state: int, prefix: str) -> None:
        value = states[state]
        if value >> 26 & 1:
            keys.append(prefix)
            if not value >> 27 & 1:
                never.add(prefix)
        edge = value >> 40
        for bit in range(26):
            if value >> bit & 1:
                target = int.from_bytes(edges[edge_width * edge:edge_width * (edge + 1)], "little") & ((1 << state_bits) - 1)
                walk(target, prefix + LETTERS[bit])
                edge += 1

    walk(0, "")
    if len(keys) != word_count:
        raise PackError("word count differs from the automaton's")
    pack = Pack(language=language.rstrip(b"\0").decode("ascii"), steps_per_decade=steps,
                buckets=dict(zip(keys, sections[b"FREQ"])), never_suggested=never)
    if b"SPEL" in sections:
        pack.spellings = _read_spellings(sections[b"SPEL"], keys)
    if b"PAIR" in sections:
        body = sections[b"PAIR"]
        pair_count, width, pack.backoff_offset = struct.unpack_from("<III", body)
        starts = struct.unpack_from(f"<{word_count + 1}I", body, 12)
        backoff_start = 12 + 4 * (word_count + 1)
        neutral = pack.backoff_offset * steps
        for word, step in enumerate(body[backoff_start:backoff_start + word_count]):
            if step != neutral:
                pack.backoffs[keys[word]] = step
        entry_start = backoff_start + word_count
        entry_start += -entry_start % 4
        for first in range(word_count):
            for entry in range(starts[first], starts[first + 1]):
                second, step = _read_entry(body, entry_start, width, entry)
                pack.pairs[(keys[first], keys[second])] = step
    if b"TRIP" in sections:
        _read_triples(sections[b"TRIP"], keys, pack)
    if b"VARS" in sections:
        body = sections[b"VARS"]
        (entries,) = struct.unpack_from("<I", body)
        for entry in range(entries):
            word, other = struct.unpack_from("<II", body, 4 + 8 * entry)
            if other >> 31:
                pack.variants.append((keys[word], keys[other & 0x7FFFFFFF]))
    if b"RULE" in sections:
        body = sections[b"RULE"]
        position = 0
        while position < len(body):
            end = body.index(b"\0", position)
            name = body[position:end].decode("ascii")
            (values,) = struct.unpack_from("<H", body, end + 1)
            position = end + 3
            pack.rules[name] = []
            for _ in range(values):
                end = body.index(b"\0", position)
                pack.rules[name].append(body[position:end].decode("utf-8"))
                position = end + 1
    return pack


def dump(pack: Pack) -> str:
    lines = [f"language {pack.language}", f"steps per decade {pack.steps_per_decade}",
             f"back-off offset {pack.backoff_offset}"]
    lines += [f"rule {name}\t" + "\t".join(values) for name, values in sorted(pack.rules.items())]
    for key in sorted(pack.buckets):
        line = f"{key}\t{pack.buckets[key]}"
        if key in pack.spellings:
            line += "\t" + "|".join(pack.spellings[key])
        if key in pack.never_suggested:
            line += "\tnever suggested"
        lines.append(line)
    lines += [f"back-off {key}\t{step}" for key, step in sorted(pack.backoffs.items())]
    lines += [f"{first} {second}\t{step}" for (first, second), step in sorted(pack.pairs.items())]
    lines += [f"back-off {first} {second}\t{step}" for (first, second), step in sorted(pack.triple_backoffs.items())]
    lines += [f"{' '.join(triple)}\t{step}" for triple, step in sorted(pack.triples.items())]
    lines += [f"variant {british} {american}" for british, american in sorted(pack.variants)]
    return "\n".join(lines) + "\n"


STEPS_PER_DECADE = 8
# A pair's or triple's probability is kept down to 10^-MAX_PAIR_DECADES; a back-off weight from
# 10^-BACKOFF_OFFSET.
MAX_PAIR_DECADES = 10
BACKOFF_OFFSET = 4
# The share of each first word's pair count set aside for the pairs not listed (absolute
# discounting), when `build` estimates pair probabilities from counts.
PAIR_DISCOUNT = 0.5


def count_step(count: int) -> int:
    """A count as its step: round(log10(count) x STEPS_PER_DECADE), one byte."""
    value = round(math.log10(count) * STEPS_PER_DECADE)
    if not 0 <= value <= 255:
        raise PackError(f"a count of {count} is outside what a pack holds (1 to 10^31)")
    return value


def add_pairs(pack: Pack, pairs, backoffs: dict[str, float]) -> None:
    """Writes word pairs ((first, second), log10 P(second | first)) and back-off weights (word,
    log10 weight) into `pack` as steps: a probability kept down to MAX_PAIR_DECADES, a weight
    from 10^-BACKOFF_OFFSET. Every pack's pairs go through here."""
    pack.backoff_offset = BACKOFF_OFFSET
    for word, weight in backoffs.items():
        pack.backoffs[word] = round((max(weight, -BACKOFF_OFFSET) + BACKOFF_OFFSET) * STEPS_PER_DECADE)
    for pair, probability in pairs:
        pack.pairs[pair] = round(min(-probability, MAX_PAIR_DECADES) * STEPS_PER_DECADE)


def add_triples(pack: Pack, triples, backoffs: dict[tuple[str, str], float]) -> None:
    """Writes word triples ((first, second, third), log10 P(third | first, second)) and their
    contexts' back-off weights ((first, second), log10 weight) into `pack` as `add_pairs` does."""
    for context, weight in backoffs.items():
        pack.triple_backoffs[context] = round((max(weight, -BACKOFF_OFFSET) + BACKOFF_OFFSET) * STEPS_PER_DECADE)
    for triple, probability in triples:
        pack.triples[triple] = round(min(-probability, MAX_PAIR_DECADES) * STEPS_PER_DECADE)


def folded_key(word: str) -> str | None:
    """The key a word is looked up by (`Dzień` -> `dzien`), or None when it holds anything but
    letters that fold to a-z."""
    key = "".join(folded_letter(character) for character in word)
    return key if key and len(key) <= MAX_BELOW and all(letter in LETTERS for letter in key) else None


def _count_lines(path: Path, words: int):
    """The (words, count) of each line of `path` that holds `words` words and a count (tab or
    spaces between; `#` comments and blank lines skipped)."""
    shape = " ".join(["first", "second"][:words] if words == 2 else ["word"]) + " count"
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if len(fields) != words + 1 or not fields[-1].isdigit() or int(fields[-1]) < 1:
            raise PackError(f"{path}, line {number}: expected `{shape}`, got {line!r}")
        yield tuple(fields[:words]), int(fields[-1])


def read_counts(path: Path) -> dict[str, int]:
    """`word count` lines."""
    counts: dict[str, int] = {}
    for (word,), count in _count_lines(path, 1):
        counts[word] = counts.get(word, 0) + count
    return counts


def read_pair_counts(path: Path) -> dict[tuple[str, str], int]:
    """`first second count` lines."""
    counts: dict[tuple[str, str], int] = {}
    for pair, count in _count_lines(path, 2):
        counts[pair] = counts.get(pair, 0) + count
    return counts


# The rules the library reads (docs/language-pack-format.md): a builder that wrote another
# name would make a pack whose rule is silently ignored.
KNOWN_RULES = frozenset("""
abbreviated-titles apocopes capitalised-contractions capitalised-words capitalises-nouns compound-links
contracted-before contractions elisions enclitic-hosts enclitics folds-letters inflection-endings layout letters
names never-last perfect-adverbs perfect-auxiliaries question-words regional-marks single-letter-words
splits-with-slips spoken-endings surely-contracted-before swapped-endings-before written-contractions
""".split())


def checked_by_library(data: bytes) -> str | None:
    """The library's loader run on `data` (a pack this process may then use): `None` when it
    loads, else the loader's reason; a note when no library is at hand to ask."""
    try:
        from . import library, load_pack
        from .errors import StoryKitError
        library()
    except (ImportError, OSError) as error:
        return f"note: not checked by the library ({error})"
    try:
        load_pack(data)
    except StoryKitError as error:
        return str(error)
    return None


def build(language: str, counts: dict[str, int], *, layout: str = "qwerty", rules: dict | None = None,
          pair_counts: dict[tuple[str, str], int] | None = None) -> tuple[Pack, list[str]]:
    """A pack of `language` from word counts, and the words left out (not letters that fold to
    a-z). Words that fold to one key are one word, written as its commonest spelling first;
    pair probabilities are estimated from `pair_counts` by absolute discounting."""
    if not (2 <= len(language) <= 3 and language.isascii() and language.isalpha() and language.islower()):
        raise PackError(f"language must be a two- or three-letter code in lower case, not {language!r}")
    if layout not in ("qwerty", "qwertz", "azerty"):
        raise PackError(f"layout must be qwerty, qwertz or azerty, not {layout!r}")
    unknown = sorted(set(rules or {}) - KNOWN_RULES)
    if unknown:
        raise PackError(f"rule {unknown[0]!r} is not one the library reads; known rules: {', '.join(sorted(KNOWN_RULES))}")
    totals: dict[str, int] = {}
    written: dict[str, list[tuple[int, str]]] = {}
    left_out = []
    for word, count in counts.items():
        key = folded_key(word)
        if key is None:
            left_out.append(word)
            continue
        totals[key] = totals.get(key, 0) + count
        written.setdefault(key, []).append((count, unicodedata.normalize("NFC", word)))
    if not totals:
        raise PackError("no word of the counts folds to the letters a-z")
    pack = Pack(language=language, steps_per_decade=STEPS_PER_DECADE,
                buckets={key: count_step(count) for key, count in totals.items()},
                rules={"layout": [layout], "folds-letters": [], **(rules or {})})
    for key, forms in written.items():
        spellings = [form for _, form in sorted(forms, key=lambda item: (-item[0], item[1]))]
        if spellings != [key]:
            pack.spellings[key] = list(dict.fromkeys(spellings))
    if pair_counts:
        keyed: dict[tuple[str, str], int] = {}
        for (first, second), count in pair_counts.items():
            pair = (folded_key(first), folded_key(second))
            if pair[0] in totals and pair[1] in totals:
                keyed[pair] = keyed.get(pair, 0) + count
        followers: dict[str, list[tuple[str, int]]] = {}
        for (first, second), count in keyed.items():
            followers.setdefault(first, []).append((second, count))
        probabilities, backoffs = [], {}
        for first, seconds in followers.items():
            total = max(totals[first], sum(count for _, count in seconds))
            for second, count in seconds:
                probabilities.append(((first, second), math.log10((count - PAIR_DISCOUNT) / total if count > PAIR_DISCOUNT else 0.5 / total)))
            backoffs[first] = math.log10(PAIR_DISCOUNT * len(seconds) / total + (total - sum(c for _, c in seconds)) / total)
        add_pairs(pack, probabilities, backoffs)
    return pack, left_out


def main(arguments: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m storykit.pack",
                                     description="Make, dump and check StoryKit language packs (.skpack).")
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("build", help="make a pack from a word-count file")
    making.add_argument("words", type=Path, help="`word count` lines (a public frequency list)")
    making.add_argument("-o", "--output", type=Path, required=True, help="the pack to write")
    making.add_argument("--language", required=True, help="the language's code: ca, pl, sv, ...")
    making.add_argument("--layout", default="qwerty", help="qwerty (default), qwertz or azerty")
    making.add_argument("--pairs", type=Path, help="`first second count` lines")
    making.add_argument("--rules", type=Path, help="a JSON object: rule name -> list of values")
    for name in ("dump", "check"):
        command = commands.add_parser(name, help="print the pack as text" if name == "dump" else "check a pack")
        command.add_argument("pack", type=Path)
    options = parser.parse_args(arguments)
    try:
        if options.command == "build":
            import json

            rules = json.loads(options.rules.read_text(encoding="utf-8")) if options.rules else None
            if rules is not None and not (isinstance(rules, dict) and all(
                    isinstance(values, list) and all(isinstance(value, str) for value in values)
                    for values in rules.values())):
                raise PackError(f"{options.rules}: rules must be an object of lists of strings")
            pairs = read_pair_counts(options.pairs) if options.pairs else None
            pack, left_out = build(options.language, read_counts(options.words), layout=options.layout,
                                   rules=rules, pair_counts=pairs)
            data = write(pack)
            # Every pack the builder reports is one the library loads: its loader decides.
            refusal = checked_by_library(data)
            if refusal is not None and not refusal.startswith("note:"):
                raise PackError(f"the library refuses the pack, so none was written: {refusal}")
            if refusal is not None:
                print(f"storykit.pack: {refusal}", file=sys.stderr)
            options.output.write_bytes(data)
            print(f"{options.output}: {pack.language}, {len(pack.buckets)} words, {len(pack.spellings)} respelt, "
                  f"{len(pack.pairs)} pairs; {len(left_out)} entries left out (not letters)")
            return 0
        pack = read(options.pack.read_bytes())
    except (OSError, ValueError, PackError) as error:
        print(f"storykit.pack: {error}", file=sys.stderr)
        return 1
    if options.command == "dump":
        sys.stdout.write(dump(pack))
    else:
        print(f"{options.pack}: {pack.language}, {len(pack.buckets)} words, {len(pack.spellings)} respelt, "
              f"{len(pack.pairs)} pairs, {len(pack.triples)} triples, {len(pack.variants)} variants, {len(pack.rules)} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
