"""A child process for the crash test: writes stories in a loop and prints each id once its
put has returned (acknowledged), until it is killed."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import storykit  # noqa: E402

root, prefix = sys.argv[1], sys.argv[2]
with storykit.Store(root) as store:
    n = 0
    while True:
        story_id = f"{prefix}-{n}"
        # Odd records overwrite an earlier one, so replacement is exercised too.
        target = story_id if n % 2 == 0 else f"{prefix}-{n - 1}"
        pages = [f"Page {p} of {target}, written as version {n}. " * 8 for p in range(4)]
        store.put("stories", target, {"id": target, "title": f"Story {target} v{n}", "pages": pages, "createdAt": n})
        print(f"{target} {n}", flush=True)
        n += 1
