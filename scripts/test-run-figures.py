#!/usr/bin/env python3
"""Writes the figures of a test run, which README.md quotes in tables that
scripts/check-readme-figures.py checks: each step's minutes and tests passed, and the disk
its builds and caches take.

    python3 scripts/test-run-figures.py STEPS.tsv STARTED OUT_FOLDER

STEPS.tsv holds a line per step, as scripts/test.sh writes it: name, seconds, passed,
failed, skipped (tab-separated). STARTED is the run's start (seconds since the epoch). Writes
OUT_FOLDER/test-run.json and OUT_FOLDER/test-disk.json in the charts' figures format; after a
fresh-clone run, copy them to docs/charts/ and update the README's tables from them.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOME_CACHE = Path.home() / ".cache"
DISK = [
    (".build", ROOT / ".build"), (".build-asan", ROOT / ".build-asan"), (".build-tsan", ROOT / ".build-tsan"),
    (".build-fuzz", ROOT / ".build-fuzz"), (".build-docs", ROOT / ".build-docs"),
    ("the CLI's .build", ROOT / "Examples/storykit-cli/.build"),
    ("model server and model", HOME_CACHE / "storykit-llama"),
    ("Apple check's interfaces", HOME_CACHE / "apple-availability-check"),
]


def gigabytes(path: Path) -> float | None:
    if not path.exists():
        return None
    # du counts what the folder holds on disk; its own size in KiB.
    output = subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=False).stdout
    return round(int(output.split()[0]) / 1024 / 1024, 2) if output else None


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 64
    steps, started, out = Path(sys.argv[1]), float(sys.argv[2]), Path(sys.argv[3])
    groups, minutes, passed = [], [], []
    for line in steps.read_text("utf-8").splitlines():
        name, seconds, count, _failed, _skipped = line.split("\t")
        groups.append(name)
        minutes.append(round(int(seconds) / 60, 1))
        passed.append(int(count))
    groups.append("the whole run")
    minutes.append(round((time.time() - started) / 60, 1))
    passed.append(sum(passed))
    date = time.strftime("%Y-%m-%d", time.gmtime())
    run = {
        "title": f"scripts/test.sh, {date}, {os.cpu_count()} cores: each step's time and tests passed",
        "groups": groups, "series": {"minutes": minutes, "tests passed": passed},
    }
    disk = {
        "title": f"Disk after scripts/test.sh, {date}",
        "groups": [name for name, _ in DISK], "series": {"GB": [gigabytes(path) for _, path in DISK]},
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "test-run.json").write_text(json.dumps(run, indent=1) + "\n", "utf-8")
    (out / "test-disk.json").write_text(json.dumps(disk, indent=1) + "\n", "utf-8")
    print(f"figures: {out / 'test-run.json'}, {out / 'test-disk.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
