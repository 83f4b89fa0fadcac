#!/usr/bin/env python3
"""Generates Tests/Fixtures/Correction/real-misspellings.json: real misspellings of English
words, as people made them, for measuring the offline corrector on errors it was not built
from (the tremor corpus is simulated).

Source: codespell's dictionary.txt (codespell 2.4.3 on PyPI), which its authors derived from
Wikipedia's "Lists of common misspellings/For machines" and release under CC BY-SA 3.0; the
fixture keeps that licence and attribution beside it (real-misspellings.LICENSE). Kept: lower-
case misspellings with a single correction of 3 to 14 letters, where neither list the corrector
knows words from (symspellpy's, pyspellchecker's) has the misspelling as a word, and both have the word meant. 1,200 are
drawn by a hash of the misspelling (so the choice does not depend on the file's order), and
split by another bit of that hash into a tuning half and a held-out half: tune on the first,
report both.

    python3 scripts/generate-misspelling-set.py
"""

import gzip
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "Tests" / "Fixtures" / "Correction"
SOURCE = "codespell==2.4.3"
WORD_LISTS = {
    "symspellpy==6.10.1": "symspellpy/frequency_dictionary_en_82_765.txt",
    "pyspellchecker==0.9.1": "spellchecker/resources/en.json.gz",
}
SIZE = 1200


def wheel(package: str, folder: str) -> zipfile.ZipFile:
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", folder, package], check=True)
    return zipfile.ZipFile(next(Path(folder).glob(f"{package.split('==')[0]}-*.whl")))


def digest(word: str) -> int:
    return int.from_bytes(hashlib.sha256(word.encode()).digest()[:8], "big")


def main() -> None:
    lists: list[set[str]] = []
    with tempfile.TemporaryDirectory() as folder:
        with wheel(SOURCE, folder) as archive:
            dictionary = archive.read("codespell_lib/data/dictionary.txt").decode("utf-8")
        for package, member in WORD_LISTS.items():
            with wheel(package, folder) as archive:
                data = archive.read(member)
                if member.endswith(".gz"):
                    lists.append(set(json.loads(gzip.decompress(data))))
                else:
                    lists.append({line.split()[0] for line in data.decode("utf-8").splitlines() if line.strip()})
    known = set.union(*lists)
    everyday = set.intersection(*lists)
    pairs = []
    for line in dictionary.splitlines():
        typo, _, corrections = line.partition("->")
        corrections = corrections.rstrip(",").strip()
        if not re.fullmatch(r"[a-z]{3,14}", typo) or not re.fullmatch(r"[a-z]{3,14}", corrections):
            continue
        if typo in known or corrections not in everyday:
            continue
        pairs.append((typo, corrections))
    pairs.sort(key=lambda pair: digest(pair[0]))
    chosen = pairs[:SIZE]
    cases = [{"typed": typo, "intended": word, "heldOut": digest(typo) & 1 == 1} for typo, word in sorted(chosen)]
    fixture = {
        "description": "Real English misspellings and the words meant, from codespell's dictionary (derived from "
                       "Wikipedia's Lists of common misspellings). 'heldOut' marks the half not used for tuning. "
                       "Made by scripts/generate-misspelling-set.py.",
        "source": f"{SOURCE}, codespell_lib/data/dictionary.txt",
        "licence": "CC BY-SA 3.0 (see real-misspellings.LICENSE)",
        "cases": cases,
    }
    text = json.dumps({key: value for key, value in fixture.items() if key != "cases"}, indent=1)[:-2]
    text += ',\n "cases": [\n' + ",\n".join("  " + json.dumps(case) for case in cases) + "\n ]\n}\n"
    (TARGET / "real-misspellings.json").write_text(text, encoding="utf-8")
    (TARGET / "real-misspellings.LICENSE").write_text(
        "real-misspellings.json is a selection from codespell's dictionary.txt\n"
        "(https://github.com/codespell-project/codespell, codespell_lib/data/dictionary.txt, release 2.4.3),\n"
        "which its authors derived from English Wikipedia's \"Lists of common misspellings/For machines\"\n"
        "(https://en.wikipedia.org/wiki/Wikipedia:Lists_of_common_misspellings/For_machines).\n"
        "It is released under the Creative Commons Attribution-ShareAlike 3.0 licence:\n"
        "https://creativecommons.org/licenses/by-sa/3.0/\n"
        "Changes: entries filtered and sampled as scripts/generate-misspelling-set.py describes.\n",
        encoding="utf-8")
    print(f"{len(pairs)} usable pairs, {len(cases)} kept, {sum(case['heldOut'] for case in cases)} held out")


if __name__ == "__main__":
    main()
