#!/usr/bin/env python3
"""Checks that the figures README.md quotes from the benchmarks are the measured ones, and
that its table of language packs gives each pack file's size.

    python3 scripts/check-readme-figures.py [--readme PAGE.md]... [--charts docs/charts]

A table that quotes a benchmark follows a marker naming the figures file the benchmark wrote
beside its chart, and optionally which figures of it:

    <!-- figures: docs/charts/load-time.json -->            the chart's own series
    <!-- figures: docs/charts/load-time.json extra.rssMiB --> figures kept beside them

The table's first column names the chart's groups (one row per group quoted) and its header
names the series; every other cell is a number, which must be the figure rounded as shown, or
"—" where the figure is absent (null). The check also fails when any figures file's caption or
text holds a machine path (/tmp/, /home/, /root/, /work/, /Users/), and when a figures file a
marker names is missing. Run by scripts/test.sh.
"""

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"<!--\s*figures:\s*(\S+\.json)(?:\s+(\S+))?\s*-->")
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:tmp|home|root|work|Users|private/var)/")
NUMBER = re.compile(r"^(-?[\d,]*\.?\d+)\s*[^\d\s]*$")


def cells(line: str) -> list[str]:
    return [cell.strip().strip("`").strip() for cell in line.strip().strip("|").split("|")]


def table_after(lines: list[str], start: int) -> list[list[str]]:
    rows = []
    for line in lines[start:]:
        if not line.strip():
            if rows:
                break
            continue
        if not line.lstrip().startswith("|"):
            break
        rows.append(cells(line))
    return rows


def figures_of(data: dict, selector: str | None) -> dict:
    if selector is None:
        return data["series"]
    value = data
    for part in selector.split("."):
        if not isinstance(value, dict) or part not in value:
            raise KeyError(selector)
        value = value[part]
    return value


def agrees(shown: str, value: float | None) -> bool:
    if shown in ("—", "-"):
        return value is None
    match = NUMBER.match(shown)
    if not match or value is None:
        return False
    text = match.group(1).replace(",", "")
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(float(text) - value) <= 0.5 * 10 ** -decimals + 1e-9


def check(readme: Path, charts: Path) -> list[str]:
    problems = []
    for figures_file in sorted(charts.glob("*.json")):
        text = figures_file.read_text("utf-8")
        for match in MACHINE_PATH.finditer(text):
            problems.append(f"{figures_file.name}: holds a machine path ({text[match.start():match.start() + 40]!r})")
    lines = readme.read_text("utf-8").splitlines()
    for number, line in enumerate(lines):
        marker = MARKER.search(line)
        if not marker:
            continue
        where = f"{readme.name}:{number + 1}"
        path = charts / Path(marker.group(1)).name
        if not path.is_file():
            problems.append(f"{where}: names {marker.group(1)}, which does not exist")
            continue
        data = json.loads(path.read_text("utf-8"))
        try:
            series = figures_of(data, marker.group(2))
        except KeyError:
            problems.append(f"{where}: {path.name} has no {marker.group(2)}")
            continue
        table = table_after(lines, number + 1)
        if len(table) < 3:
            problems.append(f"{where}: no table follows the marker")
            continue
        header, rows = table[0], table[2:]
        for name in header[1:]:
            if name not in series:
                problems.append(f"{where}: column {name!r} is not a series of {path.name} ({', '.join(series)})")
        for row in rows:
            group = row[0]
            if group not in data["groups"]:
                problems.append(f"{where}: row {group!r} is not a group of {path.name} ({', '.join(data['groups'])})")
                continue
            index = data["groups"].index(group)
            for name, shown in zip(header[1:], row[1:]):
                if name not in series:
                    continue
                value = series[name][index]
                if not agrees(shown, value):
                    problems.append(f"{where}: {group} / {name} shows {shown}, {path.name} says {value}")
    return problems


PACK_ROW = re.compile(r"^\|\s*`([a-z]{2,3})`\s*\(`StoryKit\w*`")


def check_pack_sizes(readme: Path) -> list[str]:
    """The README's table of language packs: each row's bytes are its pack file's size."""
    problems = []
    for number, line in enumerate(readme.read_text("utf-8").splitlines()):
        row = PACK_ROW.match(line)
        if not row:
            continue
        packs = list((ROOT / "Sources").glob(f"StoryKit*Data/{row.group(1)}.skpack"))
        shown = cells(line)[2].replace(",", "")
        if len(packs) != 1:
            problems.append(f"{readme.name}:{number + 1}: no pack file {row.group(1)}.skpack")
        elif not shown.isdigit() or int(shown) != packs[0].stat().st_size:
            problems.append(f"{readme.name}:{number + 1}: {row.group(1)}.skpack shows {cells(line)[2]} bytes, "
                            f"the file has {packs[0].stat().st_size:,}")
    return problems


def documents() -> list[Path]:
    """The README and every page of docs/: the figures they quote are all checked."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", type=Path, action="append",
                        help="a document to check (repeatable; default README.md and docs/*.md)")
    parser.add_argument("--charts", type=Path, default=ROOT / "docs" / "charts")
    arguments = parser.parse_args()
    pages = arguments.readme or documents()
    problems, markers, packs = [], 0, 0
    for page in pages:
        problems += check(page, arguments.charts) + check_pack_sizes(page)
        lines = page.read_text("utf-8").splitlines()
        markers += sum(1 for line in lines if MARKER.search(line))
        packs += sum(1 for line in lines if PACK_ROW.match(line))
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-readme-figures: {len(problems)} figure(s) disagree with what the benchmarks measured")
        sys.exit(1)
    print(f"check-readme-figures: {markers} quoted table(s) in {len(pages)} documents agree with the figures "
          f"files, {packs} pack sizes with the pack files; no machine path in them")


if __name__ == "__main__":
    main()
