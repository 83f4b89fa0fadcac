#!/usr/bin/env python3
"""Writes test.skpack, a small language pack for the tests of the pack format: a made-up
language `zz` with a few words (some with spellings, one never suggested), word pairs and
triples, a spelling variant and rules, so that every section is present. The words are invented or
common English; nothing here is taken from a corpus.

    python3 Tests/Fixtures/Packs/make-test-pack.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "scripts"))
import storykit_pack  # noqa: E402

WORDS = {
    "a": 60, "cat": 52, "colour": 44, "color": 45, "dog": 52, "garden": 46, "home": 54, "house": 53, "little": 55,
    "mouse": 47, "red": 50, "ran": 51, "the": 70, "to": 66, "went": 52, "want": 51, "zorp": 40, "cafe": 44,
    "naive": 42, "strasse": 41,
}
pack = storykit_pack.Pack(
    language="zz", steps_per_decade=8, buckets=WORDS,
    spellings={"cafe": ["café", "cafe"], "naive": ["naïve"], "strasse": ["Straße"]},
    never_suggested={"zorp"},
    backoffs={"the": 30, "went": 28, "little": 31},
    backoff_offset=4,
    pairs={("the", "cat"): 9, ("the", "house"): 10, ("went", "to"): 3, ("little", "dog"): 11, ("little", "mouse"): 12},
    # After "to the", a typed "nouse" reads "mouse"; after "the" alone, "house".
    # Three contexts, so that the mutation tests can make one context's entries start after its end.
    triple_backoffs={("to", "the"): 30, ("the", "little"): 29, ("went", "to"): 28},
    triples={("to", "the", "mouse"): 2, ("the", "little", "dog"): 3, ("went", "to", "the"): 1},
    variants=[("colour", "color")],
    rules={"layout": ["qwertz"], "single-letter-words": ["a"], "question-words": ["what"], "folds-letters": [],
           "never-last": ["the"]},
)

if __name__ == "__main__":
    (HERE / "test.skpack").write_bytes(storykit_pack.write(pack))
    print(f"wrote {HERE / 'test.skpack'}")
