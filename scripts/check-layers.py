#!/usr/bin/env python3
"""Checks that every reference inside the library points down its layers: a file in one area
folder uses only names declared in its own folder or in folders below it in LAYERS. The
folders lie in five targets (StoryKitBase, StoryKitCorrection, StoryKitStorage,
StoryKitProviders, StoryKitCore), whose order the compiler enforces; this script checks the
order of the folders inside each. Names are the types, typealiases, global functions and
constants a folder declares at top level (not private ones, which only their file sees), and
the members its extensions add to other folders' types are not counted (an extension's file
sits with the code that needs it). Comments and string literals are ignored.

    python3 scripts/check-layers.py            # lists references that point up; exit 1 if any
    python3 scripts/check-layers.py --graph    # which folder uses which

The layers, lowest first, are those of docs/architecture.md.
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[1] / "Sources"
TARGETS = ["StoryKitBase", "StoryKitCorrection", "StoryKitStorage", "StoryKitProviders", "StoryKitCore"]
LAYERS = ["Support", "JSON", "Models", "Parsing", "Prompts", "Policy", "Correction", "Storage", "ProviderErrors",
          "Transport", "ProviderCodecs", "Generators", "Services"]
DECLARATION = re.compile(
    r"^(?:(?:public|package|internal|final|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:struct|enum|class|actor|protocol|typealias|func|let|var)\s+([A-Za-z_]\w*)", re.M)
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def strip(source: str) -> str:
    """The source without string literals and comments. Strings go first, line by line, so
    that a "//" inside one (a URL) is not taken for a comment."""
    source = re.sub(r'(#+)"""(?:.|\n)*?"""\1', '""', source)
    source = re.sub(r'"""(?:.|\n)*?"""', '""', source)
    source = re.sub(r'(#+)"[^\n]*?"\1', '""', source)
    source = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)
    source = re.sub(r"/\*(?:.|\n)*?\*/", " ", source)
    return re.sub(r"//[^\n]*", " ", source)


def main() -> int:
    files = {path: strip(path.read_text(encoding="utf-8")) for target in TARGETS
             for path in sorted((SOURCES / target).rglob("*.swift")) if len(path.relative_to(SOURCES / target).parts) > 1}
    folder_of = {path: path.relative_to(SOURCES).parts[1] for path in files}
    unknown = sorted({folder for folder in folder_of.values() if folder not in LAYERS})
    if unknown:
        print(f"folders missing from LAYERS: {', '.join(unknown)}")
        return 1
    declared: dict[str, str] = {}
    for path, source in files.items():
        # Only top-level declarations: no indentation.
        for name in DECLARATION.findall(source):
            declared.setdefault(name, folder_of[path])
    uses = defaultdict(set)
    upward = []
    for path, source in files.items():
        folder = folder_of[path]
        level = LAYERS.index(folder)
        for name in sorted(set(IDENTIFIER.findall(source))):
            owner = declared.get(name)
            if owner is None or owner == folder:
                continue
            uses[folder].add(owner)
            if LAYERS.index(owner) > level:
                upward.append(f"{path.relative_to(SOURCES)}: uses {name} from {owner}/")
    if "--graph" in sys.argv:
        for folder in LAYERS:
            print(f"{folder}: {', '.join(sorted(uses[folder], key=LAYERS.index))}")
    for line in upward:
        print(line)
    print(f"{len(upward)} references point up ({len(files)} files, {len(declared)} top-level names)")
    return 1 if upward else 0


if __name__ == "__main__":
    sys.exit(main())
