"""A child process for the book's crash test: draws a stored story's pages one at a time
from a slow image server, printing each page as it is saved, until it is killed."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import storykit  # noqa: E402

root, base_url = sys.argv[1], sys.argv[2]
transport = storykit.UrllibTransport(proxies={})
with storykit.Store(root) as store:
    store.illustrate_story(
        {"storyID": "s1", "baseURL": base_url, "apiKey": "test-key", "concurrency": 1},
        transport=transport, on_event=lambda event: print(json.dumps(event), flush=True))
