"""Durable single-record puts and gets of a 2 KB story: StoryKit's file store through the C ABI
against Python's built-in sqlite3 (WAL mode, synchronous=FULL, one transaction per put), side
by side in one run, on the same file system. Reports medians and ratios.

    python3 Examples/python/bench_store.py [records]
"""

import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import storykit  # noqa: E402


def story(n: int) -> dict:
    page = "The little dragon looked at the moon and wondered where the stars went at dawn. "
    record = {"id": f"s{n}", "title": f"Story {n}", "pages": [page * 8, page * 8, page * 8], "theme": "friendship", "createdAt": n}
    return record


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    records = [story(n) for n in range(count)]
    payloads = [json.dumps(r).encode() for r in records]
    print(f"{count} stories of {len(payloads[0])} bytes; medians per operation")

    with tempfile.TemporaryDirectory(dir=Path(__file__).resolve().parents[2] / ".build") as folder:
        store = storykit.Store(Path(folder) / "store")
        database = sqlite3.connect(Path(folder) / "bench.sqlite", isolation_level=None)
        database.execute("PRAGMA journal_mode=WAL")
        database.execute("PRAGMA synchronous=FULL")
        database.execute("CREATE TABLE stories (id TEXT PRIMARY KEY, json TEXT NOT NULL)")

        put_times = {"StoryKit": [], "sqlite3": []}
        get_times = {"StoryKit": [], "sqlite3": []}
        for record, payload in zip(records, payloads):
            # Interleaved, so that disk and machine noise fall on both alike.
            start = time.perf_counter()
            store.put_json("stories", record["id"], payload)
            put_times["StoryKit"].append(time.perf_counter() - start)
            start = time.perf_counter()
            database.execute("BEGIN")
            database.execute("INSERT OR REPLACE INTO stories VALUES (?, ?)", (record["id"], payload.decode()))
            database.execute("COMMIT")
            put_times["sqlite3"].append(time.perf_counter() - start)
        for record in records:
            start = time.perf_counter()
            value = store.get("stories", record["id"])
            get_times["StoryKit"].append(time.perf_counter() - start)
            assert value["id"] == record["id"]
            start = time.perf_counter()
            (text,) = database.execute("SELECT json FROM stories WHERE id = ?", (record["id"],)).fetchone()
            value = json.loads(text)
            get_times["sqlite3"].append(time.perf_counter() - start)
            assert value["id"] == record["id"]
        store.close()
        database.close()

    for name, times in (("put", put_times), ("get", get_times)):
        ours, theirs = statistics.median(times["StoryKit"]), statistics.median(times["sqlite3"])
        print(f"  {name}: StoryKit {ours * 1e6:9.1f} us   sqlite3 {theirs * 1e6:9.1f} us   StoryKit/sqlite3 {ours / theirs:5.2f}")


if __name__ == "__main__":
    main()
