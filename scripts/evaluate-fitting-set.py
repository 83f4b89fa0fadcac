#!/usr/bin/env python3
"""The offline corrector on a generated fitting set (scripts/generate-fitting-sets.py), per
slip class: the share of mistyped words its direct version fixes, the share of correctly typed
words it damages, sentences exact, and clean sentences changed.

    python3 scripts/evaluate-fitting-set.py [--set .build/fitting-sets/en.json] [--split dev]

Words are compared after aligning the direct version with the clean sentence at spaces
(difflib), as typed: case and attached punctuation count. Never choose anything on --split test.
"""

import argparse
import difflib
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Examples" / "python"))
import storykit  # noqa: E402


def aligned_correct(clean: list[str], output: list[str]) -> set[int]:
    """Positions of clean words the output has right."""
    right = set()
    for block in difflib.SequenceMatcher(a=clean, b=output, autojunk=False).get_matching_blocks():
        right.update(range(block.a, block.a + block.size))
    return right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=ROOT / ".build" / "fitting-sets" / "en.json")
    parser.add_argument("--split", default="dev", choices=["train", "dev", "test"])
    arguments = parser.parse_args()
    if not arguments.set.is_file():
        parser.error(f"--set: no file at {arguments.set} (run scripts/generate-fitting-sets.py)")
    cases = json.loads(arguments.set.read_text("utf-8"))["splits"][arguments.split]
    slipped, fixed = Counter(), Counter()
    clean_words = damaged = exact = clean_sentences = clean_changed = 0
    for case in cases:
        output = storykit.correct_offline(case["typed"], language="en")["variations"][0]["text"]
        clean = case["clean"].split(" ")
        right = aligned_correct(clean, output.split(" "))
        kinds = {position: kind for position, kind in case["slips"]}
        for position in range(len(clean)):
            if position in kinds:
                slipped[kinds[position]] += 1
                fixed[kinds[position]] += position in right
            else:
                clean_words += 1
                damaged += position not in right
        exact += output == case["clean"]
        if not case["slips"]:
            clean_sentences += 1
            clean_changed += output != case["clean"]
    print(f"{arguments.set.name} {arguments.split}: {len(cases)} sentences, exact {100 * exact / len(cases):.1f}%, "
          f"correct words damaged {100 * damaged / max(clean_words, 1):.2f}%, "
          f"clean sentences changed {clean_changed} of {clean_sentences}")
    total = sum(slipped.values())
    print(f"  all slips: {100 * sum(fixed.values()) / max(total, 1):.1f}% fixed of {total}")
    for kind in sorted(slipped):
        print(f"  {kind:12} {100 * fixed[kind] / slipped[kind]:5.1f}% fixed of {slipped[kind]}")


if __name__ == "__main__":
    main()
