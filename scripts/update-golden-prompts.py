#!/usr/bin/env python3
"""Rewrites the expected results in Tests/Fixtures/Prompts/golden.json from its requests.

The golden file is the reviewed record of every prompt StoryKit builds: change a builder,
run this, and review the diff of the prompts it shows. Needs a built libstorykit.so
(scripts/build-library.sh) or $STORYKIT_LIB.
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "Examples" / "python"))
import storykit  # noqa: E402

path = root / "Tests" / "Fixtures" / "Prompts" / "golden.json"
golden = json.loads(path.read_text(encoding="utf-8"))
for case in golden["cases"]:
    case["result"] = storykit.build_prompt(case["request"])
path.write_text(json.dumps(golden, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
print(f"{len(golden['cases'])} golden prompts written to {path.relative_to(root)}")
